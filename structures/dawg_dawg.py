"""``dawg``: :class:`dawg.CompletionDAWG` (the maintained ``dawg2`` distribution)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Self

import dawg

from structures.words import unique_words


class DawgLexicon:
    """Words in a :class:`dawg.CompletionDAWG`: a minimal automaton (shared suffixes) from dawgdic.

    Cost: ``is_word`` and ``has_prefix`` (``has_keys_with_prefix``) O(|s|) transitions in C++.
    Build O(n log n) (the keys are sorted first); memory is small, close to marisa's.

    >>> lex = DawgLexicon(["cat", "cats"])
    >>> lex.has_prefix("cats"), lex.is_word("ca")
    (True, False)
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        self._count = 0
        unique = sorted(unique_words(words, "dawg"))
        self._dawg = dawg.CompletionDAWG(unique, input_is_sorted=True)
        self._count = len(unique)

    @classmethod
    def _wrap(cls, d: dawg.CompletionDAWG) -> Self:
        self = cls.__new__(cls)
        self._dawg = d
        self._count = sum(1 for _ in d.iterkeys(""))
        return self

    def __len__(self) -> int:
        return self._count

    def is_word(self, s: str) -> bool:
        """``key in dawg``: O(|s|)."""
        return s in self._dawg

    def has_prefix(self, s: str) -> bool:
        """``has_keys_with_prefix``: O(|s|)."""
        return bool(self._dawg.has_keys_with_prefix(s))

    def save(self, path: Path) -> None:
        """Write dawgdic's binary format."""
        self._dawg.save(str(path))

    @classmethod
    def load(cls, path: Path) -> Self:
        """Read a file written by :meth:`save` (O(n) once, to count the words)."""
        return cls._wrap(dawg.CompletionDAWG().load(str(path)))
