"""``dawg``: :class:`dawg.CompletionDAWG` (the maintained ``dawg2`` distribution)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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

    def __len__(self) -> int:
        return self._count

    FILE_FORMAT = "dawgdic"

    def to_bytes(self) -> bytes:
        """The word count (8 bytes, little-endian), then dawgdic's binary format (``tobytes``).

        The DAWG does not store its size; keeping it here spares :meth:`from_bytes` a walk over
        every key.
        """
        return self._count.to_bytes(8, "little") + bytes(self._dawg.tobytes())

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Read :meth:`to_bytes`'s output: O(size), no rebuilding."""
        if len(data) < _COUNT_BYTES:
            raise ValueError("too short to hold a DAWG")
        self = cls.__new__(cls)
        d = dawg.CompletionDAWG().frombytes(data[_COUNT_BYTES:])
        self._bind(d, int.from_bytes(data[:_COUNT_BYTES], "little"))
        return self


_COUNT_BYTES = 8
