"""Trivially correct references the real code is checked against."""

from __future__ import annotations

from collections.abc import Iterable


class ReferenceLexicon:
    """``set(words)`` for ``is_word`` and a brute-force scan for ``has_prefix``."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = set(words)

    def __len__(self) -> int:
        return len(self.words)

    def is_word(self, s: str) -> bool:
        return s in self.words

    def has_prefix(self, s: str) -> bool:
        return any(w.startswith(s) for w in self.words)
