"""Boggle as the harness sees it: the declaration of :class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the board and its geometry (``board.py``), seeded boards
(``dice.py``), the search at each tier (``solve.py``, its loops in ``search.py``), the brute-force
reference (``reference.py``), scoring (``rules.py``), renderers (``render.py``, ``lines.py``), the
best-board search (``best.py``), the proof of the best board (``prove/``) and the commands
(``*_cmd.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from lexibench.solver.games.boggle.rules import WORD_RULES
from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules
from lexibench.structures import Lexicon

Board = Any  # lexibench.solver.games.boggle.board.Board, imported on use
Found = dict[str, list[tuple[int, ...]]]


def _boards(rows: int, cols: int) -> Any:
    def generate(seed: int, count: int, _words: Sequence[str]) -> list[Board]:
        from lexibench.solver.games.boggle.dice import default_kind, random_boards

        return list(random_boards(rows, cols, default_kind(rows, cols), seed, count))

    return generate


def _dense(rows: int, cols: int) -> Any:
    def generate(seed: int, count: int, _words: Sequence[str]) -> list[Board]:
        from lexibench.solver.games.boggle.dense import dense_boards

        return list(dense_boards(rows, cols, seed, count))

    return generate


class Boggle:
    """Find every word a path of adjacent cells spells on an R x C board (see ``board.py``)."""

    name = "boggle"
    title = "Boggle"
    unit = "board"
    word_rules: WordRules = WORD_RULES
    variants = ("words",)
    compiled = ("lexibench.solver.games.boggle.search",)

    def parse(self, text: str) -> Board:
        """A board: ``pers/late/sind``, or 16 letters for 4x4."""
        from lexibench.solver.games.boggle.board import parse_board

        return parse_board(text)

    def workloads(self) -> tuple[Workload[Board], ...]:
        """Seeded random boards: 4x4 of the 1987 dice; 5x5 and 6x6 by English letter frequency;
        and dense 4x4 boards, the best boards known changed as a best-board search changes them
        (``dense.py``), where a search spends its time."""
        return (
            Workload("4x4", "seeded random 4x4 boards (1987 dice)", 100, 10, _boards(4, 4)),
            Workload("5x5", "seeded random 5x5 boards (letter frequency)", 100, 10, _boards(5, 5)),
            Workload("6x6", "seeded random 6x6 boards (letter frequency)", 100, 10, _boards(6, 6)),
            Workload(
                "4x4-dense",
                "dense 4x4 boards: the best boards known, changed by a best-board search's moves",
                100,
                10,
                _dense(4, 4),
            ),
        )

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves (the one variant)."""
        return words

    def tiers(self, lexicon: Lexicon | type, variant: str = "words") -> tuple[Tier, ...]:
        """String, step where the lexicon steps, native where it runs the path search."""
        from lexibench.solver.games.boggle.solve import tiers

        return tiers(lexicon)

    def solver(self, lexicon: Lexicon, tier: Tier, variant: str = "words") -> Solver[Board, Found]:
        """Every word on a board with its first path (:func:`find_words`)."""
        from lexibench.solver.games.boggle.solve import find_words, resolve

        chosen = resolve(lexicon, tier)
        min_length = self.word_rules.min_length

        def solve(board: Board) -> Found:
            return find_words(board, lexicon, min_length=min_length, tier=chosen)

        return solve

    def reference(self, words: Sequence[str]) -> Solver[Board, Found]:
        """Every word of the list traced on the board, cell by cell (no lexicon)."""
        from lexibench.solver.games.boggle.reference import filter_words

        min_length = self.word_rules.min_length

        def solve(board: Board) -> Found:
            return filter_words(board, words, min_length)

        return solve

    def key(self, answer: Found) -> Hashable:
        """The words and each one's first path, in any order."""
        return frozenset((word, paths[0]) for word, paths in answer.items())

    def score(self, answer: Found) -> int:
        """The board's total: each distinct word once."""
        from lexibench.solver.games.boggle.rules import total

        return total(list(answer))

    def to_json(self, puzzle: Board, answer: Found) -> dict[str, Any]:
        """``{"board", "rows", "cols", "words": [{"word", "score", "path"}], "count", "score"}``."""
        from lexibench.solver.games.boggle.render import found_json

        return found_json(puzzle, answer)

    def to_text(self, puzzle: Board, answer: Found) -> str:
        """The grid, then every word by score with its path, then the totals."""
        from lexibench.solver.games.boggle.render import found_text

        return found_text(puzzle, answer)
