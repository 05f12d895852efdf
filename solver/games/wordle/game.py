"""Wordle as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the game, its feedback made constraints and its answer
(``puzzle.py``), the search at each tier (``solve.py``, its loops in ``search.py``), the grader and
the best guess (``grading.py``, its compiled kernel ``grader.pyx``), seeded games played out
(``workload.py``), the brute-force reference (``reference.py``) and renderers (``render.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from lexibench.solver import values
from lexibench.solver.games.command import Option
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame, query_command
from lexibench.solver.games.wordle.puzzle import (
    KIND,
    MAX_LENGTH,
    MIN_LENGTH,
    TIERS,
    TITLE,
    WORD_RULES,
)
from lexibench.solver.word_rules import WordRules

Position = Any  # lexibench.solver.games.wordle.puzzle.Position, imported on use
Answer = Any  # lexibench.solver.games.wordle.puzzle.Answer


def _games(seed: int, count: int, words: Sequence[str]) -> list[Position]:
    from lexibench.solver.games.wordle.workload import played_games

    return played_games(seed, count, words)


class Wordle(QueryGame):
    """The words still possible after some guesses, and the best next guess (see
    ``puzzle.py``)."""

    name = "wordle"
    title = TITLE
    unit = "position"
    package = "lexibench.solver.games.wordle"
    parser = "parse_position"
    word_rules: WordRules = WORD_RULES
    queries = (KIND,)
    tiers = TIERS
    commands = (
        query_command(
            "wordle",
            "the words a Wordle's feedback still allows, and the best next guess",
            Option(
                ("--guess",),
                "a guess and its feedback, one of g (right place), y (elsewhere), b (not in the "
                "answer) per letter: crane=bbygb; repeat it for every guess",
                repeat=True,
                metavar="WORD=FEEDBACK",
            ),
            Option(
                ("--length",),
                "word length (default: the guesses', else 5)",
                parse=values.int_at_least(MIN_LENGTH, MAX_LENGTH),
                metavar="N",
            ),
            Option(
                ("--suggest",),
                "also give the guess, among every word of that length, that leaves the fewest "
                "candidates expected",
                flag=True,
            ),
        ),
    )

    def workloads(self) -> tuple[Workload[Position], ...]:
        """Positions of games played out from seeded answers after a fixed opening."""
        return (
            Workload(
                "games",
                "positions of games played out from seeded answers, opening crane",
                100,
                10,
                _games,
            ),
        )

    def key(self, answer: Answer) -> Hashable:
        """The candidates and the suggestion."""
        return (answer.words, answer.suggestion)

    def score(self, answer: Answer) -> int:
        """The number of candidates."""
        return len(answer.words)


GAME: Game[Position, Answer] = Wordle()
