"""Anagram answers as JSON and as text."""

from __future__ import annotations

import textwrap
from collections import Counter
from itertools import groupby
from typing import Any, Final

from lexibench.solver.games.anagram.puzzle import Answer, Rack


def answer_json(rack: Rack, answer: Answer) -> dict[str, Any]:
    """``{"count": n, "words": [{"word": ..., "blanks": ...}, ...]}``, longest first, then
    alphabetically; ``blanks``: the letters the blanks stand for, in order of position."""
    return {
        "count": len(answer),
        "words": [{"word": found.word, "blanks": found.blanks} for found in answer.found],
    }


def marked(rack: Rack, word: str) -> str:
    """``word`` with the letters its blanks stand for in capitals.

    >>> from lexibench.solver.games.anagram.puzzle import parse_rack
    >>> marked(parse_rack("ab??"), "abab")
    'abAB'
    """
    left = Counter(rack.letters)
    out = []
    for ch in word:
        if left[ch]:
            left[ch] -= 1
            out.append(ch)
        else:
            out.append(ch.upper())
    return "".join(out)


#: The width of the text output: each word length's list is wrapped to it.
WIDTH: Final = 100


def answer_text(rack: Rack, answer: Answer) -> str:
    """The rack and the count, then the words of each length, longest first, wrapped to
    :data:`WIDTH` columns under their length."""
    blanks = " (a blank's letter in capitals)" if rack.blanks and answer else ""
    lines = [f"rack: {rack.tiles or '(empty)'}", f"{len(answer):,} words{blanks}"]
    for length, group in groupby(answer.words, key=len):
        words = " ".join(marked(rack, word) for word in group)
        lines += textwrap.wrap(
            words, WIDTH, initial_indent=f"{length:>2}: ", subsequent_indent="    "
        )
    return "\n".join(lines)
