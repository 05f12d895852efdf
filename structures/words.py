"""Validation shared by every backend's constructor."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.structures.errors import UnstorableWordError


def unique_words(words: Iterable[str], backend: str) -> list[str]:
    """Return the distinct words of ``words`` in first-seen order, checking each one.

    Consumes the iterable once, so a one-shot generator works. Raises
    :class:`UnstorableWordError` for an element that is not a ``str`` or is empty: the contract
    says every stored word is a non-empty string. Cost: O(total characters).
    """
    seen: dict[str, None] = {}
    for word in words:
        if not isinstance(word, str):
            raise UnstorableWordError(backend, word, f"not a string ({type(word).__name__})")
        if not word:
            raise UnstorableWordError(backend, word, "the empty string is not a word")
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
