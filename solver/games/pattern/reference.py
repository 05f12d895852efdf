"""The brute-force pattern solver, correct by construction: every word of the list matched
against the pattern as a regular expression (no lexicon, no pruning)."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.solver.games.pattern.puzzle import Answer, Pattern


def reference_answer(pattern: Pattern, words: Iterable[str]) -> Answer:
    """Every word of ``words`` of at least ``pattern.min_length`` letters that the pattern's
    regular expression matches whole, sorted."""
    match = pattern.regex().fullmatch
    return tuple(sorted(w for w in words if len(w) >= pattern.min_length and match(w)))
