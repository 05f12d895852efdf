"""Crossword patterns: every word a pattern matches as a whole.

A pattern is letters a-z (each matching itself), ``?`` (exactly one letter) and ``*`` (zero or
more letters); a run of stars is one star (``***`` is ``*``), and ``*`` alone matches every word.
Words have at least 2 letters (so ``??`` lists the two-letter words). Answers are sorted
alphabetically.

The game, its search at each tier included, is declared in :mod:`solver.games.pattern.game`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.word_rules import char_text, lower_ascii

DEFAULT_MIN_LENGTH: Final = 2
#: The longest pattern accepted, stars apart (no word of the lists is half as long).
MAX_LENGTH: Final = 64


@dataclass(frozen=True)
class Pattern:
    """A pattern, its runs of stars made one, and the shortest word that counts."""

    text: str
    """Letters a-z, ``?`` and ``*``; never two stars in a row."""
    min_length: int = DEFAULT_MIN_LENGTH

    def regex(self) -> re.Pattern[str]:
        """The pattern as a regular expression (``?`` is ``[a-z]``, ``*`` is ``[a-z]*``)."""
        return re.compile(
            "".join("[a-z]" if ch == "?" else "[a-z]*" if ch == "*" else ch for ch in self.text)
        )


def parse_pattern(text: str, min_length: int = DEFAULT_MIN_LENGTH) -> Pattern:
    """A pattern from its text (letters in either case, ``?``, ``*``).

    >>> parse_pattern("C?T**S").text
    'c?t*s'
    """
    pattern = re.sub(r"\*+", "*", lower_ascii(text.strip()))
    if not pattern:
        raise InputError("pattern '': it is empty (use * to list every word)")
    for ch in pattern:
        if not ("a" <= ch <= "z" or ch in "?*"):
            raise InputError(
                f"pattern {text!r}: {char_text(ch)} is not a letter a-z, ? (one letter) "
                "or * (any letters)"
            )
    if len(pattern.replace("*", "")) > MAX_LENGTH:
        raise InputError(f"pattern {text!r}: longer than {MAX_LENGTH} letters")
    if min_length < 1:
        raise InputError(f"min length {min_length}: must be at least 1")
    return Pattern(pattern, min_length)


Answer = tuple[str, ...]
"""The words a pattern matches, sorted."""


def answer(pattern: Pattern, words: Iterable[str]) -> Answer:
    """The words of ``words`` (each matched by ``pattern``) of at least its ``min_length``
    letters, sorted."""
    shortest = pattern.min_length
    return tuple(sorted(word for word in words if len(word) >= shortest))
