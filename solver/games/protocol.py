"""What a game declares: the one seam between the games and everything that runs them.

A game is a package under ``solver/games/`` whose ``game.py`` holds a class meeting
:class:`Game`, its commands (modules ``<command>_cmd.py`` beside it), and one line in
:data:`lexibench.solver.games.registry.GAMES` (the class and the command names). From that
declaration alone the command line offers the game's commands, the benchmark harness runs its
workloads on every backend and tier it offers (and its baselines beside them), the report gives it
a section, and the tests check every tier against its brute-force reference. Nothing here knows a
particular backend: a game asks a :class:`~lexibench.structures.Lexicon` through its tiers.

A game's module imports its search, parser and renderers inside its methods, so importing it to
ask one question stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules
from lexibench.structures import Lexicon

P = TypeVar("P")
A = TypeVar("A")


@dataclass(frozen=True)
class Workload(Generic[P]):
    """A named, seeded workload: the puzzles one benchmark round solves."""

    name: str
    """Short and unique within the game (``4x4``, ``puzzles``): the benchmark id's value."""
    description: str
    """What the puzzles are, for the report (``seeded random 4x4 boards, 1987 dice``)."""
    count: int
    """Puzzles per round in a full run."""
    quick: int
    """Puzzles per round in a quick run."""
    generate: Callable[[int, int, Sequence[str]], list[P]]
    """``(seed, count, words) -> puzzles``: the same arguments give the same puzzles anywhere
    (``words``: the run's normalized word list, for workloads drawn from it)."""


Solver = Callable[[P], A]
"""A search bound to one lexicon and tier (or a baseline bound to a word list)."""


class Game(Protocol[P, A]):
    """A word game over the ``Lexicon`` protocol (see the module docstring)."""

    name: str
    """The registry id (``boggle``)."""
    title: str
    """How prose names it (``Boggle``)."""
    unit: str
    """What one puzzle is called in tables (``board``, ``puzzle``, ``position``)."""
    word_rules: WordRules
    """Which word-list entries it plays (minimum length, the Qu rule)."""
    compiled: tuple[str, ...]
    """Modules of its own that the install compiles (their build is checked before timing)."""
    variants: tuple[str, ...]
    """The lexicons its search can use, each built from the word list by :meth:`lexicon_words`:
    ``("words",)`` for most games (the words themselves); a game may add others (Scrabble's
    ``"gaddag"``: the GADDAG strings of every word). The harness builds every variant on every
    backend that can store its strings, and says which cannot."""

    def parse(self, text: str) -> P:
        """A puzzle from its text form; bad text raises a one-line ``InputError``."""
        ...

    def workloads(self) -> tuple[Workload[P], ...]:
        """Its benchmark workloads, the headline one first."""
        ...

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The strings a lexicon of ``variant`` (one of :attr:`variants`) holds, from the game's
        normalized word list (for ``"words"``: the words)."""
        ...

    def tiers(self, lexicon: Lexicon | type, variant: str = "words") -> tuple[Tier, ...]:
        """The tiers its search offers on ``lexicon`` (built as ``variant``; an instance, or a
        backend's class, so options are checked before anything is built); empty when the
        structure cannot serve this game at all."""
        ...

    def solver(self, lexicon: Lexicon, tier: Tier, variant: str = "words") -> Solver[P, A]:
        """Its search bound to ``lexicon`` (built as ``variant``) and ``tier`` (one of
        :meth:`tiers`)."""
        ...

    def reference(self, words: Sequence[str]) -> Solver[P, A]:
        """A brute-force solver over ``words`` (a filter over the word list, correct by
        construction, no lexicon): what every tier is checked against."""
        ...

    def baselines(self) -> Mapping[str, Callable[[Sequence[str]], Solver[P, A]]]:
        """Solvers timed beside the backends in its benchmarks (such as a plain-Python solver
        of the published articles), by row name; each is built from the word list."""
        ...

    def key(self, answer: A) -> Hashable:
        """What must be equal for two answers to agree (for example the sorted words)."""
        ...

    def score(self, answer: A) -> int:
        """The answer's points (or its size, for a game without points)."""
        ...

    def to_json(self, puzzle: P, answer: A) -> dict[str, Any]:
        """The answer as the JSON its command prints."""
        ...

    def to_text(self, puzzle: P, answer: A) -> str:
        """The answer as text for a reader."""
        ...
