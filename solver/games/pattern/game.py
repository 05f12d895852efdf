"""Crossword patterns as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the pattern, its rules and its answer (``puzzle.py``), the
search at each tier (``solve.py``, its loops in ``search.py``), seeded patterns (``workload.py``),
the brute-force reference (``reference.py``) and renderers (``render.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from lexibench.solver.games.command import Option
from lexibench.solver.games.pattern.puzzle import KIND, TIERS, TITLE, WORD_RULES
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame, query_command
from lexibench.solver.word_rules import WordRules

Pattern = Any  # lexibench.solver.games.pattern.puzzle.Pattern, imported on use
Answer = tuple[str, ...]


def _stars(seed: int, count: int, words: Sequence[str]) -> list[Pattern]:
    from lexibench.solver.games.pattern.workload import star_patterns

    return star_patterns(seed, count, words)


def _hidden(seed: int, count: int, words: Sequence[str]) -> list[Pattern]:
    from lexibench.solver.games.pattern.workload import hidden_patterns

    return hidden_patterns(seed, count, words)


class CrosswordPattern(QueryGame):
    """Every word a pattern of letters, ``?`` and ``*`` matches (see ``puzzle.py``)."""

    name = "pattern"
    title = TITLE
    unit = "pattern"
    package = "lexibench.solver.games.pattern"
    parser = "parse_pattern"
    word_rules: WordRules = WORD_RULES
    queries = (KIND,)
    tiers = TIERS
    commands = (
        query_command(
            "pattern",
            "every word a crossword pattern matches (``?`` one letter, ``*`` any)",
            Option(
                ("pattern",),
                "letters a-z, ? for one letter, * for any letters: 'c?t*' (quote it)",
            ),
        ),
    )

    def workloads(self) -> tuple[Workload[Pattern], ...]:
        """Patterns from real words of the list: one ``*`` and two ``?``; 1-4 letters hidden."""
        return (
            Workload("star", "real words, a run made * and two letters ?", 50, 10, _stars),
            Workload("hidden", "real words with 1-4 letters hidden behind ?", 100, 10, _hidden),
        )

    def key(self, answer: Answer) -> Hashable:
        """The words, sorted."""
        return answer

    def score(self, answer: Answer) -> int:
        """The number of words."""
        return len(answer)


GAME: Game[Pattern, Answer] = CrosswordPattern()
