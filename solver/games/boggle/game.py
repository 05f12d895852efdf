"""Boggle as the harness sees it: the declaration of :class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the board and its geometry (``board.py``), seeded boards
(``dice.py``), the search at each tier (``solve.py``, its loops in ``search.py``), the brute-force
reference (``reference.py``), scoring (``rules.py``), renderers (``render.py``, ``lines.py``), the
best-board search (``best.py``), the proof of the best board (``prove/``) and the commands
(declared in ``commands.py``, run by ``command_runs.py`` and ``prove/proving.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

from lexibench.solver.games.base import GameBase
from lexibench.solver.games.boggle.commands import BEST, PROVE, RANDOM, SOLVE
from lexibench.solver.games.boggle.rules import DEFAULT_MAX_PATHS, TIERS, WORD_RULES
from lexibench.solver.games.command import Options
from lexibench.solver.games.protocol import NO_CONTEXT, Context, Game, Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.word_rules import WordRules
from lexibench.structures import Lexicon, Structure

Board = Any  # lexibench.solver.games.boggle.board.Board, imported on use
Found = dict[str, list[tuple[int, ...]]]


def _boards(rows: int, cols: int) -> Any:
    def generate(seed: int, count: int, _words: Sequence[str]) -> list[Board]:
        from lexibench.solver.games.boggle.dice import default_dice, random_boards

        return list(random_boards(rows, cols, default_dice(rows, cols), seed, count))

    return generate


def _dense(rows: int, cols: int) -> Any:
    def generate(seed: int, count: int, _words: Sequence[str]) -> list[Board]:
        from lexibench.solver.games.boggle.dense import dense_boards

        return list(dense_boards(rows, cols, seed, count))

    return generate


class Boggle(GameBase[Board, Found]):
    """Find every word a path of adjacent cells spells on an R x C board (see ``board.py``)."""

    name = "boggle"
    title = "Boggle"
    unit = "board"
    word_rules: WordRules = WORD_RULES
    tiers = TIERS
    commands = (SOLVE, BEST, PROVE, RANDOM)

    def parse(self, text: str) -> Board:
        """A board: ``pers/late/sind``, or 16 letters for 4x4."""
        from lexibench.solver.games.boggle.board import parse_board

        return parse_board(text)

    def puzzle(self, options: Options) -> Board:
        """The board of ``lexibench solve`` (in the peers' form with ``--q-means-qu``)."""
        from lexibench.solver.games.boggle.board import parse_board

        return parse_board(options["board"], options["q_means_qu"])

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

    def bind(
        self, structure: Structure, tier: Tier, variant: str, options: Options
    ) -> Solver[Board, Found]:
        """Every word on a board with its first path (every path with ``all_paths``, at most
        ``max_paths``), of at least ``min_length`` letters (:func:`~.solve.words_on`)."""
        from lexibench.solver.games.boggle.solve import words_on

        lexicon = cast(Lexicon, structure)  # the tiers it offers are a lexicon's alone
        min_length = options.get("min_length", self.word_rules.min_length)
        all_paths = options.get("all_paths", False)
        max_paths = options.get("max_paths", DEFAULT_MAX_PATHS)

        def solve(board: Board) -> Found:
            return words_on(board, lexicon, tier, min_length, all_paths, max_paths)

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

    def to_json(
        self, puzzle: Board, answer: Found, context: Context = NO_CONTEXT
    ) -> dict[str, Any]:
        """``{"board", "rows", "cols", "wordlist", "lexicon", "words": [{"word", "score",
        "path"}], "count", "score"}`` (the word list and the lexicon where the context has
        them; every path with ``all_paths``)."""
        from lexibench.solver.games.boggle.render import solution_json
        from lexibench.solver.games.boggle.solve import Solution

        all_paths = bool(context.options.get("all_paths", False))
        solution = Solution.of(puzzle, answer)
        return solution_json(solution, context.wordlist, context.structure, all_paths)

    def to_text(self, puzzle: Board, answer: Found, context: Context = NO_CONTEXT) -> str:
        """The grid, the word list and the lexicon (where the context has them), then every
        word by score with its path(s), then the totals."""
        from lexibench.solver.games.boggle.render import solution_text
        from lexibench.solver.games.boggle.solve import Solution

        tier = context.tier.value if context.tier is not None else None
        solution = Solution.of(puzzle, answer)
        return solution_text(solution, context.wordlist, context.structure, tier)


GAME: Game[Board, Found] = Boggle()
