"""The brute-force Wordle solver, correct by construction: every word of the list of the right
length graded against each guess, kept when it gives every feedback (no lexicon, no constraints);
the suggestion by grading every pair in Python."""

from __future__ import annotations

from collections.abc import Sequence

from lexibench.solver.games.wordle.grading import grade
from lexibench.solver.games.wordle.puzzle import Answer, Position, answer


def reference_answer(position: Position, words: Sequence[str]) -> Answer:
    """The words of ``words`` of ``position.length`` letters that give every guess its feedback,
    sorted; with ``position.suggest``, the best guess by the interpreted grader."""

    def find(asked: Position) -> list[str]:
        return [
            w
            for w in words
            if len(w) == asked.length and all(grade(g.word, w) == g.feedback for g in asked.guesses)
        ]

    return answer(position, find, compiled=False)
