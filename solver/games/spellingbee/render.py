"""Spelling Bee answers as JSON and as text."""

from __future__ import annotations

from typing import Any

from lexibench.solver.games.spellingbee.puzzle import Answer, Hive


def answer_json(hive: Hive, answer: Answer) -> dict[str, Any]:
    """``{"count", "score", "words", "pangrams"}``, words and pangrams sorted."""
    return {
        "count": len(answer.words),
        "score": answer.score,
        "words": list(answer.words),
        "pangrams": list(answer.pangrams),
    }


def answer_text(hive: Hive, answer: Answer) -> str:
    """The letters, the count and score, the pangrams, then the words."""
    pangrams = ", ".join(answer.pangrams) or "none"
    return "\n".join(
        [
            f"letters: {hive.centre.upper()} {hive.outer} (centre first)",
            f"{len(answer.words):,} words, {answer.score:,} points; pangrams: {pangrams}",
            *answer.words,
        ]
    )
