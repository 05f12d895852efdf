"""The brute-force Wordle solver, correct by construction: every word of the list of the right
length graded against each guess, kept when it gives every feedback (no lexicon, no constraints);
the suggestion by grading every pair in Python."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.solver.games.wordle.grading import grade
from lexibench.solver.games.wordle.puzzle import Answer, Position, suggest


def reference_answer(position: Position, words: Iterable[str]) -> Answer:
    """The words of ``words`` of ``position.length`` letters that give every guess its feedback,
    sorted; with ``position.suggest``, the best guess by the interpreted grader."""
    pool = sorted(w for w in words if len(w) == position.length)
    candidates = tuple(
        w for w in pool if all(grade(g.word, w) == g.feedback for g in position.guesses)
    )
    if not position.suggest:
        return Answer(candidates)
    return Answer(candidates, suggest(pool, candidates, compiled=False))
