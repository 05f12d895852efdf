"""What the query games share: a game that puts one query kind to a structure (anagrams,
crossword patterns, Spelling Bee, Wordle).

Each is a package of the same shape: ``puzzle.py`` (the puzzle, its parser, ``from_options``
and its answer), ``solve.py`` (:data:`TIERS` and ``solver(structure, tier)``, the search at
each tier), ``reference.py`` (``reference_answer(puzzle, words)``, the brute force),
``render.py`` (``answer_json(puzzle, answer)``, ``answer_text(puzzle, answer)``),
``workload.py`` and ``search.py`` (the loops, compiled). :class:`QueryGame` declares the rest of
:class:`~lexibench.solver.games.Game` from those modules, imported on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, TypeVar

from lexibench.solver.games.base import GameBase
from lexibench.solver.games.command import Command, LexiconOptions, Option, Options, TierOption
from lexibench.solver.games.protocol import NO_CONTEXT, Context, Solver
from lexibench.solver.games.walk import Walk
from lexibench.solver.tiers import Tier
from lexibench.structures import Lexicon, SteppingLexicon, Structure

P = TypeVar("P")

#: ``--json``, as every query command has it.
JSON = Option(("--json",), "print one JSON object", flag=True)


def query_command(name: str, summary: str, *options: Option) -> Command:
    """A query game's one command: its own ``options`` (the puzzle first), then the lexicon
    options, ``--tier`` and ``--json``."""
    return Command(name, summary, (*options, LexiconOptions(), TierOption(), JSON))


def word_finder(
    structure: Structure,
    tier: Tier,
    by_index: Callable[[P], list[str]],
    walk: Callable[[P], Walk],
) -> Callable[[P], list[str]]:
    """``puzzle -> words`` at ``tier`` (never ``auto``): ``by_index`` (the structure's own query)
    at the index and native tiers, else the game's search loops (``walk``: its
    :class:`~lexibench.solver.games.walk.Walk` for the puzzle) through ``structure`` as a
    lexicon, by steps or by strings."""
    if tier in (Tier.INDEX, Tier.NATIVE):
        return by_index
    if tier is Tier.STEP:
        stepping: SteppingLexicon = structure  # type: ignore[assignment]
        root, child, is_terminal = stepping.root(), stepping.child, stepping.is_terminal
        return lambda puzzle: walk(puzzle).by_steps(root, child, is_terminal)
    lexicon: Lexicon = structure  # type: ignore[assignment]
    has_prefix, is_word = lexicon.has_prefix, lexicon.is_word
    return lambda puzzle: walk(puzzle).by_strings(has_prefix, is_word)


class QueryGame(GameBase[Any, Any]):
    """The part of :class:`~lexibench.solver.games.Game` every query game declares alike."""

    package: str
    """Its package (``lexibench.solver.games.anagram``)."""
    parser: str
    """The function of its ``puzzle.py`` that reads a puzzle's text form (``parse_rack``)."""

    def _module(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    def parse(self, text: str) -> Any:
        """The puzzle written ``text`` (:attr:`parser`); bad text is one ``InputError`` line."""
        return getattr(self._module("puzzle"), self.parser)(text)

    def puzzle(self, options: Options) -> Any:
        """The puzzle of its command's ``options`` (``puzzle.from_options``)."""
        return self._module("puzzle").from_options(options)

    def bind(
        self, structure: Structure, tier: Tier, variant: str, options: Options
    ) -> Solver[Any, Any]:
        """The search through ``structure`` at ``tier``."""
        solver: Callable[[Structure, Tier], Solver[Any, Any]] = self._module("solve").solver
        return solver(structure, tier)

    def reference(self, words: Sequence[str]) -> Solver[Any, Any]:
        """Every word of the list tested against the puzzle (no structure)."""
        answer: Callable[[Any, Sequence[str]], Any] = self._module("reference").reference_answer

        def run(puzzle: Any) -> Any:
            return answer(puzzle, words)

        return run

    def to_json(self, puzzle: Any, answer: Any, context: Context = NO_CONTEXT) -> dict[str, Any]:
        """The answer as ``--json`` prints it."""
        render: Callable[[Any, Any], dict[str, Any]] = self._module("render").answer_json
        return render(puzzle, answer)

    def to_text(self, puzzle: Any, answer: Any, context: Context = NO_CONTEXT) -> str:
        """The answer as text."""
        render: Callable[[Any, Any], str] = self._module("render").answer_text
        return render(puzzle, answer)
