"""Trivially correct references the real code is checked against."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.structures.conformance import ReferenceLexicon


class TabulatedReferenceLexicon(ReferenceLexicon):
    """The same answers from a table of every prefix of every word, for many queries."""

    def __init__(self, words: Iterable[str]) -> None:
        super().__init__(words)
        self.prefixes = {w[:i] for w in self.words for i in range(len(w) + 1)}

    def has_prefix(self, s: str) -> bool:
        return s in self.prefixes
