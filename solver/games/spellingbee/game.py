"""Spelling Bee as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the puzzle, its rules, scoring and its answer
(``puzzle.py``), the search at each tier (``solve.py``, its loops in ``search.py``), seeded puzzles
(``workload.py``), the brute-force reference (``reference.py``) and renderers (``render.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from lexibench.solver.games.command import Option
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame, query_command
from lexibench.solver.games.spellingbee.puzzle import KIND, TIERS, TITLE, WORD_RULES
from lexibench.solver.word_rules import WordRules

Hive = Any  # lexibench.solver.games.spellingbee.puzzle.Hive, imported on use
Answer = Any  # lexibench.solver.games.spellingbee.puzzle.Answer


def _hives(seed: int, count: int, words: Sequence[str]) -> list[Hive]:
    from lexibench.solver.games.spellingbee.workload import pangram_hives

    return pangram_hives(seed, count, words)


class SpellingBee(QueryGame):
    """The words of seven letters that use the centre one (see ``puzzle.py``)."""

    name = "spellingbee"
    title = TITLE
    unit = "puzzle"
    package = "lexibench.solver.games.spellingbee"
    parser = "parse_hive"
    word_rules: WordRules = WORD_RULES
    queries = (KIND,)
    tiers = TIERS
    commands = (
        query_command(
            "spellingbee",
            "every word of a Spelling Bee, its pangrams and its score",
            Option(("letters",), "seven distinct letters, the centre first: g aplmno"),
        ),
    )

    def workloads(self) -> tuple[Workload[Hive], ...]:
        """Puzzles drawn from the pangrams of the list."""
        return (
            Workload(
                "pangrams", "the letters of a pangram of the list, a centre drawn", 100, 10, _hives
            ),
        )

    def key(self, answer: Answer) -> Hashable:
        """The words, the pangrams and the score."""
        return (answer.words, answer.pangrams, answer.score)

    def score(self, answer: Answer) -> int:
        """The puzzle's points."""
        return int(answer.score)


GAME: Game[Hive, Answer] = SpellingBee()
