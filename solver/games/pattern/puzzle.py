"""Crossword patterns: every word a pattern matches as a whole.

A pattern is letters a-z (each matching itself), ``?`` (exactly one letter) and ``*`` (zero or
more letters); a run of stars is one star (``***`` is ``*``), and ``*`` alone matches every word.
Words have at least 2 letters (so ``??`` lists the two-letter words). Answers are sorted
alphabetically.

The search at each tier is :mod:`solver.games.pattern.solve`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.tiers import query_tiers
from lexibench.solver.word_rules import WordRules, char_text, lower_ascii

#: The words it plays (a q needs no u).
WORD_RULES: Final = WordRules(min_length=2, q_needs_u=False)
TITLE: Final = "Crossword patterns"
#: The query kind the search asks (:data:`lexibench.structures.QUERY_KINDS`), and the tiers it
#: offers for it (what a structure needs for each).
KIND: Final = "pattern"
TIERS: Final = query_tiers(KIND)
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


def from_options(options: Mapping[str, Any]) -> Pattern:
    """The puzzle of ``lexibench pattern``'s pattern (``options``: the command's
    options by name, and ``min_length``)."""
    return parse_pattern(options["pattern"], options["min_length"])
