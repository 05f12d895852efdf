"""Crossword games (English-language Scrabble by default) as the harness sees it: the declaration
of :class:`~lexibench.solver.games.Game`.

The package is named for the family, not for one trademark: the community's own name for it is
the crossword game (CGP is a "crossword game position", Macondo's default variant is
``CrosswordGame``), and a rule set is a data file, so English Scrabble (``rulesets/english.json``),
Words With Friends or a 21x21 board are the same game with another file.

The pieces live beside this module: the rule set (``rules.py``), positions and CGP
(``position.py``), moves, their order and their renderers (``moves.py``), the generators through
the protocol (``search.py``, compiled with mypyc) and in C over a KWG (``native.pyx``, Cython),
the tiers (``movegen.py``), the brute-force reference (``reference.py``), greedy self-play
(``selfplay.py``), the seeded workloads (``workload.py``) and the commands (``moves_cmd.py``,
``selfplay_cmd.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from lexibench.solver.games.crossword.rules import WORD_RULES
from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules
from lexibench.structures import Lexicon

Position = Any  # lexibench.solver.games.crossword.position.Position, imported on use
Moves = Any  # lexibench.solver.games.crossword.moves.Moves


def _stage(stage: str) -> Any:
    def generate(seed: int, count: int, words: Sequence[str]) -> list[Position]:
        from lexibench.solver.games.crossword.workload import positions

        return positions(stage, seed, count, words)

    return generate


class Crossword:
    """Every legal move of a crossword-game position, scored (see the module docstring)."""

    name = "crossword"
    title = "Crossword game (Scrabble)"
    unit = "position"
    word_rules: WordRules = WORD_RULES
    variants = ("words", "gaddag")
    compiled = ("lexibench.solver.games.crossword.search",)

    def parse(self, text: str) -> Position:
        """A CGP line: ``<rows> <rack> [<score>/<score> <zero-score turns>] [options]``."""
        from lexibench.solver.games.crossword.position import parse_cgp

        return parse_cgp(text)

    def workloads(self) -> tuple[Workload[Position], ...]:
        """Positions of seeded greedy games, at four stages, with 0, 1 and 2 blanks in turn."""
        what = "positions of seeded greedy self-play, {}, 0/1/2 blanks on the rack"
        return (
            Workload("mid", what.format("half the bag drawn"), 5, 1, _stage("mid")),
            Workload("early", what.format("the third turn"), 5, 1, _stage("early")),
            Workload("late", what.format("the bag empty"), 5, 1, _stage("late")),
            Workload("empty", what.format("an empty board"), 5, 1, _stage("empty")),
        )

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words (``"words"``: Appel and Jacobson's DAWG algorithm), or their GADDAG strings
        (``"gaddag"``: Gordon's algorithm; see :mod:`lexibench.structures.gaddag`)."""
        if variant == "gaddag":
            from lexibench.structures.gaddag import gaddag_strings

            return gaddag_strings(words)
        return words

    def tiers(self, lexicon: Lexicon | type, variant: str = "words") -> tuple[Tier, ...]:
        """String, step where the lexicon steps, native where it is a KWG (and compiled)."""
        from lexibench.solver.games.crossword.movegen import tiers

        return tiers(lexicon)

    def solver(
        self, lexicon: Lexicon, tier: Tier, variant: str = "words"
    ) -> Solver[Position, Moves]:
        """Every legal move, scored (:class:`~.movegen.MoveGenerator`)."""
        from lexibench.solver.games.crossword.movegen import MoveGenerator

        return MoveGenerator(lexicon, tier, variant)

    def reference(self, words: Sequence[str]) -> Solver[Position, Moves]:
        """Every word of the list tried at every span of every line (no lexicon)."""
        from lexibench.solver.games.crossword.moves import Moves
        from lexibench.solver.games.crossword.reference import Words, reference_moves

        indexed = Words(words)

        def solve(position: Position) -> Moves:
            return Moves(position, reference_moves(position, indexed))

        return solve

    def baselines(self) -> dict[str, Any]:
        """None: the reference is far too slow to time with a real word list."""
        return {}

    def key(self, answer: Moves) -> Hashable:
        """Every move's coordinate, word and score, sorted (a move found twice counts twice)."""
        from lexibench.solver.games.crossword.moves import coord

        return tuple(
            sorted(
                (coord(row, col, down), word, score)
                for score, down, row, col, word, _ in answer.raw()
            )
        )

    def score(self, answer: Moves) -> int:
        """The number of legal moves: the answer's size, what a generator produces (a round's
        sum over its time is moves per second; the best move's points are in the answer)."""
        return len(answer)

    def to_json(self, puzzle: Position, answer: Moves) -> dict[str, Any]:
        """``{"count": n, "moves": [...]}``, the ten best (as ``lexibench moves --json``)."""
        from lexibench.solver.games.crossword.moves import moves_json

        return moves_json(answer)

    def to_text(self, puzzle: Position, answer: Moves) -> str:
        """The board, the rack and the ten best moves."""
        from lexibench.solver.games.crossword.moves import moves_text

        return moves_text(answer)
