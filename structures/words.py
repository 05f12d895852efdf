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
