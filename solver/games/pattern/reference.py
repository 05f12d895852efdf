"""The brute-force pattern solver, correct by construction: every word of the list matched
against the pattern as a regular expression (no lexicon, no pruning)."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.solver.games.pattern.puzzle import Answer, Pattern, answer


def reference_answer(pattern: Pattern, words: Iterable[str]) -> Answer:
    """Every word of ``words`` that the pattern's regular expression matches whole, in the
    answer's order (of at least ``pattern.min_length`` letters, sorted)."""
    match = pattern.regex().fullmatch
    return answer(pattern, [word for word in words if match(word)])
