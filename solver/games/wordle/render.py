"""Wordle answers as JSON and as text."""

from __future__ import annotations

from typing import Any

from lexibench.solver.games.wordle.puzzle import Answer, Position


def answer_json(position: Position, answer: Answer) -> dict[str, Any]:
    """``{"count": n, "words": [...]}`` (sorted); with a suggestion asked,
    ``"suggest": {"guess": ..., "expected": ...}`` (``null`` without candidates)."""
    data: dict[str, Any] = {"count": len(answer.words), "words": list(answer.words)}
    if position.suggest:
        found = answer.suggestion
        data["suggest"] = (
            {"guess": found.guess, "expected": round(found.expected, 4)} if found else None
        )
    return data


def answer_text(position: Position, answer: Answer) -> str:
    """The guesses, the count, the suggestion when asked, then the candidates."""
    lines = [
        f"guesses: {position.text() or '(none)'}; words of {position.length} letters",
        f"{len(answer.words):,} words still possible",
    ]
    if position.suggest:
        found = answer.suggestion
        lines.append(
            f"suggested guess: {found.guess} (expected {found.expected:.2f} words left)"
            if found
            else "suggested guess: none (no word fits)"
        )
    return "\n".join([*lines, *answer.words])
