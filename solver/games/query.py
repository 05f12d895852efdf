"""The query games' common shape, written once: a game that puts one query kind to a structure
(anagrams, crossword patterns, Spelling Bee, Wordle) is a :class:`QueryGame`, declared in its
package's ``game.py`` with what is its own alone.

Its own: its name, title, unit and word rules, the query kind it asks (:attr:`QueryGame.kind`),
its command's summary and options and the puzzle they describe, its puzzle's parser, its
workloads, how it asks a structure that answers the kind itself (:attr:`QueryGame.by_index`: an
index, or array-trie's compiled walk) and how it walks a lexicon (:attr:`QueryGame.walk`: its
:class:`~lexibench.solver.games.walk.Walk`, the compiled loops of its ``search.py``), how the
words found make the answer, its brute-force reference, its renderers, the answer's key and its
score. The rest of :class:`~lexibench.solver.games.Game` follows here, once: the tiers
(:func:`~lexibench.solver.tiers.query_tiers` of the kind), the command (its options, then the
lexicon options, ``--tier`` and ``--json``), the search at each tier (:meth:`QueryGame.finder`).

Every piece is a typed function: the type checker holds each game to this shape and to the
protocol (``GAME: Game[Puzzle, Answer] = QueryGame(...)``), and a piece left out fails when the
game is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeAlias, TypeVar

from lexibench.solver.games.base import GameBase
from lexibench.solver.games.command import Command, Option, Options, puzzle_command
from lexibench.solver.games.protocol import NO_CONTEXT, Context, Solver, Workload
from lexibench.solver.games.walk import Walk
from lexibench.solver.tiers import Tier, TierTable, query_tiers
from lexibench.solver.word_rules import WordRules
from lexibench.structures import Lexicon, SteppingLexicon, Structure

P = TypeVar("P")
A = TypeVar("A")

Finder: TypeAlias = Callable[[P], list[str]]
"""``puzzle -> words``: every word of the structure that answers the puzzle, in no particular
order."""


def walked(structure: Structure, tier: Tier, walk: Callable[[P], Walk]) -> Finder[P]:
    """The words ``walk(puzzle)`` finds through ``structure`` as a lexicon: node by node at the
    step tier (``child`` from its ``root``), by strings at the string tier (pruned with
    ``has_prefix``)."""
    if tier is Tier.STEP:
        stepping: SteppingLexicon = structure  # type: ignore[assignment]
        root, child, is_terminal = stepping.root(), stepping.child, stepping.is_terminal
        return lambda puzzle: walk(puzzle).by_steps(root, child, is_terminal)
    lexicon: Lexicon = structure  # type: ignore[assignment]
    has_prefix, is_word = lexicon.has_prefix, lexicon.is_word
    return lambda puzzle: walk(puzzle).by_strings(has_prefix, is_word)


@dataclass(frozen=True)
class QueryGame(GameBase[P, A]):
    """A query game: what is its own (the fields), and the rest of
    :class:`~lexibench.solver.games.Game` from it (see the module docstring)."""

    name: str
    """The registry id, and its command's name."""
    title: str
    unit: str
    word_rules: WordRules
    kind: str
    """The query kind it asks (:data:`lexibench.structures.QUERY_KINDS`): its tiers follow."""
    summary: str
    """Its command's line in ``lexibench --help``."""
    options: tuple[Option, ...]
    """Its command's own options, the puzzle first."""
    puzzle: Callable[[Options], P]
    """The puzzle its command's options describe (by name, and ``min_length``)."""
    parse: Callable[[str], P]
    """A puzzle from its text form; bad text raises a one-line ``InputError``."""
    seeded: tuple[Workload[P], ...]
    """Its benchmark workloads, the headline one first."""
    by_index: Callable[[Any, P], list[str]]
    """``(structure, puzzle) -> words``: the structure's own answer to the kind (an index's
    query, or a lexicon's compiled walk), at the index and native tiers."""
    walk: Callable[[P], Walk]
    """The walk for a puzzle through a lexicon, at the step and string tiers."""
    answer: Callable[[P, Finder[P]], A]
    """``(puzzle, find) -> answer``: the answer from the words ``find`` gives (of the puzzle,
    or of another it needs: Wordle's suggestion asks for every word of the length)."""
    reference_answer: Callable[[P, Sequence[str]], A]
    """``(puzzle, words) -> answer``: the brute force over the word list (no structure)."""
    answer_json: Callable[[P, A], dict[str, Any]]
    answer_text: Callable[[P, A], str]
    key: Callable[[A], Hashable]
    """What must be equal for two answers to agree."""
    score: Callable[[A], int]
    """The answer's points (or its size)."""

    @property
    def queries(self) -> tuple[str, ...]:
        """The one kind it asks."""
        return (self.kind,)

    @cached_property
    def tiers(self) -> TierTable:
        """String, step and native on a lexicon (native where its compiled code answers the
        kind), index on an index that answers it."""
        return query_tiers(self.kind)

    @cached_property
    def commands(self) -> tuple[Command, ...]:
        """Its one command: its own options, then the lexicon options, ``--tier`` and
        ``--json``."""
        return (puzzle_command(self.name, self.summary, self.options),)

    def workloads(self) -> tuple[Workload[P], ...]:
        """Its seeded workloads (:attr:`seeded`)."""
        return self.seeded

    def finder(self, structure: Structure, tier: Tier) -> Finder[P]:
        """The words of a puzzle in ``structure`` at ``tier`` (never ``auto``): the structure's
        own answer at the index and native tiers (:attr:`by_index`), else the game's walk
        through it as a lexicon (:func:`walked`)."""
        if tier in (Tier.INDEX, Tier.NATIVE):
            by_index = self.by_index
            return lambda puzzle: by_index(structure, puzzle)
        return walked(structure, tier, self.walk)

    def bind(
        self, structure: Structure, tier: Tier, variant: str, options: Options
    ) -> Solver[P, A]:
        """The answer from the words :meth:`finder` gives."""
        find, answer = self.finder(structure, tier), self.answer
        return lambda puzzle: answer(puzzle, find)

    def reference(self, words: Sequence[str]) -> Solver[P, A]:
        """The brute force over ``words`` (:attr:`reference_answer`)."""
        answer = self.reference_answer
        return lambda puzzle: answer(puzzle, words)

    def to_json(self, puzzle: P, answer: A, context: Context = NO_CONTEXT) -> dict[str, Any]:
        """The answer as ``--json`` prints it (:attr:`answer_json`)."""
        return self.answer_json(puzzle, answer)

    def to_text(self, puzzle: P, answer: A, context: Context = NO_CONTEXT) -> str:
        """The answer as text (:attr:`answer_text`)."""
        return self.answer_text(puzzle, answer)
