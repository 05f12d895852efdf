"""``dawg``: :class:`dawg.CompletionDAWG` (the maintained ``dawg2`` distribution)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Self

import dawg

from lexibench.structures.errors import UnstorableWordError
from lexibench.structures.word_checks import unique_words


class DawgLexicon:
    """Words in a :class:`dawg.CompletionDAWG`: a minimal automaton (shared suffixes) from dawgdic.

    The word test is the library's own method, bound at build time (no Python frame of ours per
    query). The prefix test is not: dawgdic ends a key at a NUL character, so
    ``has_keys_with_prefix("c\\0")`` is True when a word starts with "c"; ``has_prefix`` checks
    for NUL first, a Python frame per query that is part of what this library costs here. A word
    holding a NUL cannot be stored.

    Cost: ``is_word`` and ``has_prefix`` (``has_keys_with_prefix``) O(|s|) transitions in C++.
    Build O(n log n) (the keys are sorted first); memory is small, close to marisa's.

    >>> lex = DawgLexicon(["cat", "cats"])
    >>> lex.has_prefix("cats"), lex.is_word("ca")
    (True, False)
    """

    is_word: Callable[[str], bool]
    """``CompletionDAWG.__contains__``: O(|s|)."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = sorted(unique_words(words, "dawg"))
        refuse_nul(unique, "dawg")
        self._bind(dawg.CompletionDAWG(unique, input_is_sorted=True), len(unique))

    def _bind(self, d: dawg.CompletionDAWG, count: int) -> None:
        self._dawg = d
        self._count = count
        self.is_word = d.__contains__
        self._has_keys_with_prefix = d.has_keys_with_prefix

    def has_prefix(self, s: str) -> bool:
        """``CompletionDAWG.has_keys_with_prefix``, unless ``s`` holds a NUL: O(|s|)."""
        return "\0" not in s and self._has_keys_with_prefix(s)

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
        if len(data) < COUNT_BYTES:
            raise ValueError("too short to hold a DAWG")
        self = cls.__new__(cls)
        d = dawg.CompletionDAWG().frombytes(data[COUNT_BYTES:])
        self._bind(d, int.from_bytes(data[:COUNT_BYTES], "little"))
        return self


#: The word count before dawgdic's bytes (dawg-python reads the same payload).
COUNT_BYTES = 8


def refuse_nul(words: list[str], backend: str) -> None:
    """Raise :class:`UnstorableWordError` for a word holding a NUL character, which dawgdic cannot
    store (it ends keys there)."""
    for word in words:
        if "\0" in word:
            raise UnstorableWordError(backend, word, "dawgdic ends a key at a NUL character")
