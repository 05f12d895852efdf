"""Options, fixtures and run metadata shared by the benchmark suites.

Run them with ``pytest --benchmark-only`` at the repository root (or ``make bench``). The
``--lexibench-*`` options below size the workloads; every benchmark records them, with the word
list's name, size and hash, in its ``extra_info``, and the run's package versions go into the
JSON's ``machine_info``.
"""

from __future__ import annotations

import gc
import importlib.metadata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import structures
from benchmarks import workloads
from solver import search
from solver.board import Board
from solver.dfs import SearchLoops, search_build
from solver.errors import InputError
from solver.wordlist import WordList, load_wordlist
from structures import Lexicon

PACKAGES = (
    "datrie",
    "dawg2",
    "marisa-trie",
    "pygtrie",
    "sortedcontainers",
    "pytest-benchmark",
    "english-words",
)


@dataclass(frozen=True)
class Settings:
    """The workload options of this run."""

    wordlist: str
    seed: int
    boards: int
    sizes: tuple[str, ...]
    queries: int
    puzzles: int
    rounds: int
    backends: tuple[str, ...]


def settings_from(config: pytest.Config) -> Settings:
    """Read the ``--lexibench-*`` options."""
    chosen = [b for b in str(config.getoption("lexibench_backends")).split(",") if b]
    return Settings(
        wordlist=config.getoption("lexibench_wordlist"),
        seed=config.getoption("lexibench_seed"),
        boards=config.getoption("lexibench_boards"),
        sizes=tuple(s for s in str(config.getoption("lexibench_sizes")).split(",") if s),
        queries=config.getoption("lexibench_queries"),
        puzzles=config.getoption("lexibench_puzzles"),
        rounds=config.getoption("lexibench_rounds"),
        backends=tuple(chosen or structures.available_backend_names()),
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize over the chosen backends (and board sizes) from the options."""
    settings = settings_from(metafunc.config)
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", settings.backends, ids=lambda b: f"backend={b}")
    if "size" in metafunc.fixturenames:
        metafunc.parametrize("size", settings.sizes, ids=lambda s: f"size={s}")


@pytest.fixture(scope="session")
def settings(request: pytest.FixtureRequest) -> Settings:
    return settings_from(request.config)


@pytest.fixture(scope="session")
def wordlist(settings: Settings) -> WordList:
    return load_wordlist(settings.wordlist)


class LexiconCache:
    """Builds a backend once per word list and keeps only the most recent build (the structures
    are large).

    A fresh build is frozen out of the garbage collector so collections during timing do not
    walk it.
    """

    def __init__(self, words: tuple[str, ...]) -> None:
        self._words = words
        self._key: tuple[str, int] | None = None
        self._lexicon: Lexicon | None = None

    def get(self, name: str, words: tuple[str, ...] | None = None) -> Lexicon:
        """Backend ``name`` built from ``words`` (default: the run's word list)."""
        words = self._words if words is None else words
        key = (name, len(words))  # the word lists of a run differ in length (nested subsets)
        if self._key != key or self._lexicon is None:
            self.clear()
            info = structures.backend_info(name)
            if not info.available:
                pytest.fail(f"backend {name} is unavailable: {info.error}; {info.install_hint}")
            self._lexicon = structures.build_lexicon(name, words)
            self._key = key
            gc.collect()
            gc.freeze()
        return self._lexicon

    def clear(self) -> None:
        self._lexicon = None
        self._key = None
        gc.unfreeze()
        gc.collect()


@pytest.fixture(scope="session")
def lexicons(wordlist: WordList) -> Iterator[LexiconCache]:
    cache = LexiconCache(wordlist.words)
    yield cache
    cache.clear()


def time_solving(
    benchmark: Any,
    boards: list[Board],
    lexicon: Lexicon,
    rounds: int,
    once: bool = False,
    mode: str = "auto",
    loops: SearchLoops = search,
) -> list[int]:
    """Time :func:`workloads.count_words` on ``boards``: ``rounds`` rounds after one warm-up, or
    one round without a warm-up when ``once`` (a capped baseline). Records the words found in
    ``extra_info``; returns the word count of each board for the caller's answer check."""
    counts: list[int] = benchmark.pedantic(
        workloads.count_words,
        args=(boards, lexicon, mode, loops),
        rounds=1 if once else rounds,
        warmup_rounds=0 if once else 1,
        iterations=1,
    )
    benchmark.extra_info["words"] = sum(counts)
    return counts


def base_info(suite: str, backend: str, settings: Settings, wordlist: WordList) -> dict[str, Any]:
    """The ``extra_info`` every benchmark carries."""
    info = structures.backend_info(backend)
    return {
        "schema": workloads.SCHEMA,
        "suite": suite,
        "backend": backend,
        "library_version": info.version,
        "wordlist": wordlist.name,
        "wordlist_words": len(wordlist.words),
        "wordlist_sha256": wordlist.sha256,
        "seed": settings.seed,
    }


@pytest.fixture(autouse=True)
def _collect_garbage() -> None:
    """Start every benchmark from a collected heap."""
    gc.collect()


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to time a compiled search that is older than its source (see ``search_build``)."""
    try:
        search_build()
    except InputError as err:
        raise pytest.UsageError(str(err)) from None


def pytest_benchmark_update_machine_info(
    config: pytest.Config, machine_info: dict[str, Any]
) -> None:
    """Record package versions and the workload beside the machine description."""
    versions: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    settings = settings_from(config)
    unavailable = {
        info.id: f"{info.error}; {info.install_hint}"
        for info in structures.all_backend_info()
        if not info.available
    }
    machine_info["lexibench"] = {
        "schema": workloads.SCHEMA,
        "packages": versions,
        "unavailable": unavailable,
        "solver_build": search_build(),
        "settings": {
            "wordlist": settings.wordlist,
            "seed": settings.seed,
            "boards": settings.boards,
            "sizes": list(settings.sizes),
            "queries": settings.queries,
            "puzzles": settings.puzzles,
            "rounds": settings.rounds,
            "sweep": config.getoption("lexibench_sweep"),
        },
    }
