"""``dawg``: :class:`dawg.CompletionDAWG` (the maintained ``dawg2`` distribution)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Self

import dawg

from structures.words import unique_words


class DawgLexicon:
    """Words in a :class:`dawg.CompletionDAWG`: a minimal automaton (shared suffixes) from dawgdic.

    The library's semantics match the contract, so both queries are its own methods, bound at
    build time (no Python frame of ours per query).

    Cost: ``is_word`` and ``has_prefix`` (``has_keys_with_prefix``) O(|s|) transitions in C++.
    Build O(n log n) (the keys are sorted first); memory is small, close to marisa's.

    >>> lex = DawgLexicon(["cat", "cats"])
    >>> lex.has_prefix("cats"), lex.is_word("ca")
    (True, False)
    """

    is_word: Callable[[str], bool]
    """``CompletionDAWG.__contains__``: O(|s|)."""
    has_prefix: Callable[[str], bool]
    """``CompletionDAWG.has_keys_with_prefix``: O(|s|)."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = sorted(unique_words(words, "dawg"))
        self._bind(dawg.CompletionDAWG(unique, input_is_sorted=True), len(unique))

    def _bind(self, d: dawg.CompletionDAWG, count: int) -> None:
        self._dawg = d
        self._count = count
        self.is_word = d.__contains__
        self.has_prefix = d.has_keys_with_prefix

    @classmethod
    def _wrap(cls, d: dawg.CompletionDAWG) -> Self:
        self = cls.__new__(cls)
        self._bind(d, sum(1 for _ in d.iterkeys("")))
        return self

    def __len__(self) -> int:
        return self._count

    def save(self, path: Path) -> None:
        """Write dawgdic's binary format."""
        self._dawg.save(str(path))

    @classmethod
    def load(cls, path: Path) -> Self:
        """Read a file written by :meth:`save` (O(n) once, to count the words)."""
        return cls._wrap(dawg.CompletionDAWG().load(str(path)))
