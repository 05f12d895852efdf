"""What a game declares: the one seam between the games and everything that runs them.

A game is a package under ``solver/games/`` whose ``game.py`` declares an object meeting
:class:`Game` (a query game, one :class:`~lexibench.solver.games.query.QueryGame`), and one line
in :data:`lexibench.solver.games.registry.GAMES`. From that
declaration alone the command line offers the game's commands (:attr:`Game.commands`, data:
:mod:`lexibench.solver.games.command`), the benchmark harness runs its workloads on every
structure and tier it offers (and its baselines beside them), the report gives it a section, and
the tests check every tier against its brute-force reference. Nothing here knows a particular
structure: a game asks a :class:`~lexibench.structures.Lexicon` or an index through the tiers
it declares (:attr:`Game.tiers`).

Importing a game to ask one question (its commands' options, its tiers) stays cheap: Boggle and
the crossword game import their search, parser and renderers inside their methods; a query
game's pieces are small and imported with it (a millisecond).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from lexibench.solver.games.command import Command, Options
from lexibench.solver.tiers import Tier, TierTable
from lexibench.solver.word_rules import WordRules
from lexibench.structures import Structure

if TYPE_CHECKING:
    from lexibench.solver.wordlist import WordListInfo

P = TypeVar("P")
A = TypeVar("A")

#: No options: every search option at its default.
NO_OPTIONS: Final[Options] = {}


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
    tiers: TierTable | None = None
    """The tiers its puzzles offer a structure where they differ from the game's (a word
    search's workload of one condition kind, which the structures answering that kind serve):
    :func:`workload_tiers`."""


@dataclass(frozen=True)
class Context:
    """What a rendering of an answer may say besides the answer: the structure the search
    asked, its tier and variant, the word list, and the command's options (``--top``). A
    rendering without them (the harness's) leaves them out."""

    structure: str | None = None
    tier: Tier | None = None
    variant: str = "words"
    wordlist: WordListInfo | None = None
    options: Options = field(default_factory=dict)


#: No context: a rendering of the answer alone.
NO_CONTEXT: Final = Context()

Solver = Callable[[P], A]
"""A search bound to one structure and tier (or a baseline bound to a word list)."""


class Game(Protocol[P, A]):
    """A word game over the structures (see the module docstring)."""

    @property
    def name(self) -> str:
        """The registry id (``boggle``)."""
        ...

    @property
    def title(self) -> str:
        """How prose names it (``Boggle``)."""
        ...

    @property
    def unit(self) -> str:
        """What one puzzle is called in tables (``board``, ``puzzle``, ``position``)."""
        ...

    @property
    def word_rules(self) -> WordRules:
        """Which word-list entries it plays (minimum length, the Qu rule)."""
        ...

    @property
    def variants(self) -> tuple[str, ...]:
        """The lexicons its search can use, each built from the word list by
        :meth:`lexicon_words`: ``("words",)`` for most games (the words themselves); a game may
        add others (the crossword game's ``"gaddag"``: the GADDAG strings of every word). The
        harness builds every variant on every structure that can store its strings, and says
        which cannot."""
        ...

    @property
    def queries(self) -> tuple[str, ...]:
        """The query kinds its search asks (:data:`lexibench.structures.QUERY_KINDS`): the
        indexes that answer one can serve it. Empty for a game that asks words and prefixes
        alone."""
        ...

    @property
    def tiers(self) -> TierTable:
        """The tiers its search offers, each with what a structure needs for it
        (:mod:`lexibench.solver.tiers`): which a structure offers follows from its class."""
        ...

    @property
    def commands(self) -> tuple[Command, ...]:
        """Its ``lexibench`` subcommands, as data; the first answers one puzzle
        (:meth:`puzzle`)."""
        ...

    def parse(self, text: str) -> P:
        """A puzzle from its text form; bad text raises a one-line ``InputError``."""
        ...

    def puzzle(self, options: Options) -> P:
        """The puzzle its first command's options describe (``options`` holds every option of
        that command by name, and ``min_length``)."""
        ...

    def notes(self, puzzle: P) -> tuple[str, ...]:
        """What a user should be told of a puzzle that is answered all the same, one line each
        (a crossword position no game reaches); none for most."""
        ...

    def workloads(self) -> tuple[Workload[P], ...]:
        """Its benchmark workloads, the headline one first."""
        ...

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The strings a lexicon of ``variant`` (one of :attr:`variants`) holds, from the game's
        normalized word list (for ``"words"``: the words)."""
        ...

    def solver(
        self, structure: Structure, tier: Tier, variant: str = "words", options: Options = ...
    ) -> Solver[P, A]:
        """Its search bound to ``structure`` (built as ``variant``) and ``tier`` (one it offers:
        never ``auto``, the plan resolved it); ``options``: the command's, for searches that
        take some (``--all-paths``)."""
        ...

    def reference(self, words: Sequence[str]) -> Solver[P, A]:
        """A brute-force solver over ``words`` (a pass over the word list, correct by
        construction, no structure): what every tier is checked against."""
        ...

    def key(self, answer: A) -> Hashable:
        """What must be equal for two answers to agree (for example the sorted words)."""
        ...

    def score(self, answer: A) -> int:
        """The answer's points (or its size, for a game without points)."""
        ...

    def to_json(self, puzzle: P, answer: A, context: Context = ...) -> dict[str, Any]:
        """The answer as the JSON its command prints."""
        ...

    def to_text(self, puzzle: P, answer: A, context: Context = ...) -> str:
        """The answer as text for a reader."""
        ...


def workload_tiers(game: Game[Any, Any], workload: Workload[Any]) -> TierTable:
    """The tiers ``workload``'s puzzles offer a structure: its own where it declares them, else
    the game's."""
    return workload.tiers if workload.tiers is not None else game.tiers


def plural(unit: str) -> str:
    """The plural of a game's unit (:attr:`Game.unit`), for counts and rates.

    >>> plural("board"), plural("search"), plural("box")
    ('boards', 'searches', 'boxes')
    """
    return unit + ("es" if unit.endswith(("s", "sh", "ch", "x", "z")) else "s")
