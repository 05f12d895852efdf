"""Wordle as the harness sees it: the declaration of :class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the game, its feedback made constraints and the search at
each tier (``puzzle.py``, its loops in ``search.py``), the grader and the best guess
(``grading.py``, its compiled kernel ``grader.pyx``), seeded games played out (``workload.py``),
the brute-force reference (``reference.py``), renderers (``render.py``) and the command
(``wordle_cmd.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.games.wordle.puzzle import KIND, TITLE, WORD_RULES
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules

Position = Any  # lexibench.solver.games.wordle.puzzle.Position, imported on use
Answer = Any  # lexibench.solver.games.wordle.puzzle.Answer


def _games(seed: int, count: int, words: Sequence[str]) -> list[Position]:
    from lexibench.solver.games.wordle.workload import played_games

    return played_games(seed, count, words)


class Wordle:
    """The words still possible after some guesses, and the best next guess (see
    ``puzzle.py``)."""

    name = "wordle"
    title = TITLE
    unit = "position"
    word_rules: WordRules = WORD_RULES
    variants = ("words",)
    compiled = ("lexibench.solver.games.wordle.search",)
    kind = KIND
    """The query kind it asks (:data:`lexibench.structures.QUERY_KINDS`)."""

    def parse(self, text: str) -> Position:
        """Guesses ``WORD=FEEDBACK`` separated by spaces (``crane=bbygb speed=bbyby``)."""
        from lexibench.solver.games.wordle.puzzle import parse_position

        return parse_position(text)

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

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves (the one variant)."""
        return words

    def tiers(self, lexicon: object, variant: str = "words") -> tuple[Tier, ...]:
        """String and step on a lexicon, native where its compiled code answers position
        constraints; index on the position bit sets; none on another index."""
        from lexibench.solver.games.wordle.puzzle import tiers

        return tiers(lexicon)

    def solver(self, lexicon: Any, tier: Tier, variant: str = "words") -> Solver[Position, Answer]:
        """The candidates (and the suggestion, when the position asks), through ``lexicon`` at
        ``tier``."""
        from lexibench.solver.games.wordle.puzzle import solve

        def run(position: Position) -> Answer:
            return solve(position, lexicon, tier)

        return run

    def reference(self, words: Sequence[str]) -> Solver[Position, Answer]:
        """Every word of the length graded against each guess."""
        from lexibench.solver.games.wordle.reference import filter_words

        def run(position: Position) -> Answer:
            return filter_words(position, words)

        return run

    def baselines(self) -> Mapping[str, Any]:
        """The plain filter over the word list, timed beside the structures."""
        return {"filter": self.reference}

    def key(self, answer: Answer) -> Hashable:
        """The candidates and the suggestion."""
        return (answer.words, answer.suggestion)

    def score(self, answer: Answer) -> int:
        """The number of candidates."""
        return len(answer.words)

    def to_json(self, puzzle: Position, answer: Answer) -> dict[str, Any]:
        """``{"count", "words"}`` (and ``"suggest"`` when asked)."""
        from lexibench.solver.games.wordle.render import answer_json

        return answer_json(answer, puzzle)

    def to_text(self, puzzle: Position, answer: Answer) -> str:
        """The guesses, the count, the suggestion, then the candidates."""
        from lexibench.solver.games.wordle.render import answer_text

        return answer_text(answer, puzzle)
