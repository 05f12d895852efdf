"""Validation shared by every backend's constructor."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from lexibench.structures.errors import UnstorableWordError

MAX_STRING_LENGTH: Final = 300
"""The longest string any structure stores: the searches walk a string letter by letter (some by
recursion, in C or compiled Python, whose stack a string of 200,000 letters overflows), so a
longer one is refused when building and in a saved file. Word lists keep words of at most 256
letters (``solver.words.MAX_WORD_LENGTH``); their GADDAG strings are one longer."""


def unique_words(words: Iterable[str], backend: str) -> list[str]:
    """Return the distinct words of ``words`` in first-seen order, checking each one.

    Consumes the iterable once, so a one-shot generator works. Raises
    :class:`UnstorableWordError` for an element that is not a ``str``, is empty or is longer
    than :data:`MAX_STRING_LENGTH`: the contract says every stored word is a non-empty string of
    at most that many characters. Cost: O(total characters).
    """
    seen: dict[str, None] = {}
    for word in words:
        if not isinstance(word, str):
            raise UnstorableWordError(backend, word, f"not a string ({type(word).__name__})")
        if not word:
            raise UnstorableWordError(backend, word, "the empty string is not a word")
        if len(word) > MAX_STRING_LENGTH:
            raise UnstorableWordError(
                backend,
                f"{word[:20]}...",
                f"{len(word):,} characters; the longest stored is {MAX_STRING_LENGTH}",
            )
        seen[word] = None
    return list(seen)


#: Why a structure of the letters a-z alone (its class says ``LETTERS_ONLY = True``) refuses a
#: string.
LETTERS_ONLY = "only the letters a-z can be stored"


def letters_only(word: str, backend: str) -> str:
    """``word``, checked to be made of the letters a-z alone (for a structure whose class says
    ``LETTERS_ONLY``); else :class:`UnstorableWordError`."""
    if not (word.isascii() and word.isalpha() and word.islower()):
        raise UnstorableWordError(backend, word, LETTERS_ONLY)
    return word


def unstorable(structure: type, text: str) -> str | None:
    """Why ``structure`` (a class) cannot store ``text``, known from the class alone, or None.

    >>> from lexibench.structures import structure_class
    >>> unstorable(structure_class("array-trie"), "c@are")
    'only the letters a-z can be stored'
    >>> unstorable(structure_class("kwg"), "c@are") is None
    True
    """
    if getattr(structure, "LETTERS_ONLY", False) and text:
        try:
            letters_only(text, "")
        except UnstorableWordError:
            return LETTERS_ONLY
    return None
