"""Word-search answers as text (one word a line, or the count alone) and as JSON (each word with
its length, points, front and back hooks, and the letters the blanks of each anagram or
subanagram condition stand for)."""

from __future__ import annotations

from typing import Any

from lexibench.solver.games.search.puzzle import Answer, Query, points


def answer_json(query: Query, found: Answer, count_only: bool = False) -> dict[str, Any]:
    """``{"count": n, "words": [{"word", "length", "points", "front_hooks", "back_hooks"}, ...]}``
    (``"blanks"`` too, a string per anagram or subanagram condition, where the query has one;
    the hooks where the search listed them); ``{"count": n}`` alone for ``--count``."""
    if count_only:
        return {"count": found.count}
    anagrams = query.anagrams
    words = []
    for k, word in enumerate(found.words):
        entry: dict[str, Any] = {"word": word, "length": len(word), "points": points(word)}
        if found.hooks is not None:
            entry["front_hooks"], entry["back_hooks"] = found.hooks[k]
        if anagrams:
            entry["blanks"] = [condition.blank_letters(word) or "" for condition in anagrams]
        words.append(entry)
    return {"count": found.count, "words": words}


def answer_text(query: Query, found: Answer, count_only: bool = False) -> str:
    """One word a line, in the query's order (nothing for no word); the count alone for
    ``--count``."""
    if count_only:
        return str(found.count)
    return "\n".join(found.words)
