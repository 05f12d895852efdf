"""Fixtures of the benchmark suites: the settings, the word list, built lexicons, the reference
answers, a clean heap."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from functools import cache
from typing import cast

import pytest

from lexibench import structures
from lexibench.benchmarks.harness.options import settings_from
from lexibench.benchmarks.harness.references import References
from lexibench.benchmarks.harness.settings import Settings
from lexibench.solver.wordlist import WordList, load_wordlist
from lexibench.structures import Lexicon, Structure


@cache
def wordlist_named(name: str) -> WordList:
    """The word list ``name``, loaded once per process."""
    return load_wordlist(name)


@pytest.fixture(scope="session")
def settings(request: pytest.FixtureRequest) -> Settings:
    """The ``--lexibench-*`` options of this run."""
    return settings_from(request.config)


@pytest.fixture(scope="session")
def wordlist(settings: Settings) -> WordList:
    """The run's word list."""
    return wordlist_named(settings.wordlist)


#: Objects frozen with a build that may outlive it (what its case keeps, a library's module
#: imported by the build) before it is taken to hold cycles and the run is collected whole.
LEFT_FROZEN = 1_000
#: The run is collected whole at least once every this many builds: what was frozen alive and
#: then died in cycles (a case's own objects) is freed too.
WHOLE_EVERY = 32


class LexiconCache:
    """Builds a backend once per word list and keeps only the most recent build (the structures
    are large).

    A fresh build is frozen out of the garbage collector so collections during timing do not
    walk it.
    """

    def __init__(self, words: tuple[str, ...]) -> None:
        self._words = words
        self._key: tuple[object, ...] | None = None
        self._lexicon: Structure | None = None
        self._frozen_before = 0
        """The collector's frozen objects before the current build (the run's own)."""
        self._builds = 0
        self.seconds: dict[tuple[object, ...], float] = {}
        """How long each build took (seconds), by ``(name, *key)``."""

    def get(self, name: str, words: tuple[str, ...] | None = None) -> Lexicon:
        """Lexicon backend ``name`` built from ``words`` (default: the run's word list), as
        :meth:`structure`; an index is a :class:`~lexibench.structures.NotALexiconError`."""
        structures.backend_class(name)  # a lexicon backend, or the error
        return cast(Lexicon, self.structure(name, words))

    def structure(
        self,
        name: str,
        words: tuple[str, ...] | None = None,
        key: tuple[object, ...] = (),
    ) -> Structure:
        """Structure ``name`` (a lexicon backend or an index) built from ``words`` (default: the
        run's word list), kept until another is asked for; ``key`` tells apart lists of one
        length (a game's variants), besides their length."""
        words = self._words if words is None else words
        full_key = (name, len(words), *key)  # a run's lists differ in length (nested subsets)
        if self._key != full_key or self._lexicon is None:
            self.clear()  # (the run's objects frozen: the build's are counted apart)
            self._frozen_before = gc.get_freeze_count()
            start = time.perf_counter()
            self._lexicon = structures.build_structure(name, words)
            self.seconds[(name, *key)] = time.perf_counter() - start
            self._key = full_key
            self._builds += 1
            gc.collect()
            gc.freeze()
        return self._lexicon

    def clear(self) -> None:
        """Drop the build, and leave the run's objects collected and frozen. A build its
        references alone held is freed at once, and only what is not frozen is collected; one
        that leaves more than :data:`LEFT_FROZEN` of its objects behind (cycles, which only the
        collector frees) is collected with everything else, as is the run every
        :data:`WHOLE_EVERY` builds: unfrozen first, so the collection walks every object the
        run holds (seconds over a suite's hundreds of builds, were it done for every one)."""
        built = self._lexicon is not None
        self._lexicon = None
        self._key = None
        left = gc.get_freeze_count() - self._frozen_before
        if built and (left > LEFT_FROZEN or self._builds % WHOLE_EVERY == 0):
            gc.unfreeze()
        gc.collect()
        gc.freeze()


@pytest.fixture(scope="session")
def lexicons(wordlist: WordList) -> Iterator[LexiconCache]:
    """Built lexicons, one at a time."""
    cache = LexiconCache(wordlist.words)
    yield cache
    cache.clear()


@pytest.fixture(scope="session")
def references(wordlist: WordList) -> References:
    """The reference answers every case is checked against, whichever cases run."""
    return References(wordlist.words)


@pytest.fixture(autouse=True)
def _collect_garbage() -> None:
    """Start every benchmark from a collected heap."""
    gc.collect()
