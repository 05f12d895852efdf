"""The default word list's words, read once per test process.

Reading and normalizing the default list (web2, 210,612 words) takes a couple of seconds; many
tests take their words, or a seeded sample, from it. :func:`default_words` reads it once per
process (once per worker under ``pytest -n``) and hands every caller the same tuple.
"""

from __future__ import annotations

from functools import cache

from lexibench.solver.word_rules import DEFAULT_MIN_LENGTH
from lexibench.solver.wordlist import load_wordlist

#: The letters of the ``medium_list`` fixture's words: a list whose 3x3 proof takes a couple of
#: seconds (its best board scores 406; a few boards reach :data:`MEDIUM_TARGET`).
MEDIUM_LETTERS = "aeilnorst"
MEDIUM_TARGET = 386


@cache
def default_words(
    *, min_length: int = DEFAULT_MIN_LENGTH, q_needs_u: bool = True
) -> tuple[str, ...]:
    """The words of the default list under these word rules (the defaults are Boggle's), as
    :func:`~lexibench.solver.wordlist.load_wordlist` gives them."""
    return load_wordlist(min_length=min_length, q_needs_u=q_needs_u).words
