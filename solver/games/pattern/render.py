"""Crossword-pattern answers as JSON and as text."""

from __future__ import annotations

from typing import Any

from lexibench.solver.games.pattern.puzzle import Answer, Pattern


def answer_json(pattern: Pattern, answer: Answer) -> dict[str, Any]:
    """``{"count": n, "words": [...]}``, sorted alphabetically."""
    return {"count": len(answer), "words": list(answer)}


def answer_text(pattern: Pattern, answer: Answer) -> str:
    """The pattern and the count, then one word per line."""
    return "\n".join([f"pattern: {pattern.text}", f"{len(answer):,} words", *answer])
