"""Anagrams as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the rack, its rules and its answer (``puzzle.py``), the search
at each tier (``solve.py``, its loops in ``search.py``), seeded racks (``workload.py``), the
brute-force reference (``reference.py``) and renderers (``render.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from lexibench.solver.games.anagram.puzzle import KIND, TIERS, TITLE, WORD_RULES
from lexibench.solver.games.command import Option
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame, query_command
from lexibench.solver.word_rules import WordRules

Rack = Any  # lexibench.solver.games.anagram.puzzle.Rack, imported on use
Answer = Any  # lexibench.solver.games.anagram.puzzle.Answer


def _racks(blanks: int) -> Any:
    def generate(seed: int, count: int, _words: Sequence[str]) -> list[Rack]:
        from lexibench.solver.games.anagram.workload import random_racks

        return random_racks(seed, count, blanks)

    return generate


class Anagram(QueryGame):
    """Every word a rack of tiles spells, blanks included (see ``puzzle.py``)."""

    name = "anagram"
    title = TITLE
    unit = "rack"
    package = "lexibench.solver.games.anagram"
    parser = "parse_rack"
    word_rules: WordRules = WORD_RULES
    queries = (KIND,)
    tiers = TIERS
    commands = (
        query_command(
            "anagram",
            "every word a rack of tiles spells (``?`` for a blank)",
            Option(("rack",), "letters a-z and ? for a blank: retain?? (may be empty)"),
            Option(("--full",), "only the words that use every tile", flag=True),
        ),
    )

    def workloads(self) -> tuple[Workload[Rack], ...]:
        """Seeded racks of seven tiles from a Scrabble bag, with two blanks, one and none."""
        return (
            Workload("2-blanks", "seeded racks of 7 tiles, 2 of them blanks", 50, 10, _racks(2)),
            Workload("1-blank", "seeded racks of 7 tiles, 1 of them a blank", 50, 10, _racks(1)),
            Workload("0-blanks", "seeded racks of 7 tiles, no blank", 100, 10, _racks(0)),
        )

    def key(self, answer: Answer) -> Hashable:
        """The words with their blanks, in the answer's order."""
        return tuple((found.word, found.blanks) for found in answer.found)

    def score(self, answer: Answer) -> int:
        """The number of words (anagrams have no points here)."""
        return len(answer)


GAME: Game[Rack, Answer] = Anagram()
