"""``marisa``: :class:`marisa_trie.Trie`, a succinct (LOUDS) trie in C++."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Self

import marisa_trie

from lexibench.structures.word_checks import unique_words


class MarisaLexicon:
    """Words in a static :class:`marisa_trie.Trie`.

    ``has_prefix`` takes the first key of ``iterkeys(p)``, a lazy predictive search that stops at
    the first hit: ``has_keys_with_prefix`` is deprecated (it warns on every call) and
    ``keys(p)`` would build the list of every completion.

    Cost: ``is_word`` O(|s|) in C++; ``has_prefix`` O(|s|) plus the cost of producing one key.
    Build O(n log n); memory is the smallest of the structures here.

    >>> lex = MarisaLexicon(["cat", "cats"])
    >>> lex.has_prefix("cat"), lex.has_prefix("cd"), lex.is_word("ca")
    (True, False, False)
    """

    is_word: Callable[[str], bool]
    """``Trie.__contains__``, bound at build time: O(|s|)."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        self._bind(marisa_trie.Trie(unique_words(words, "marisa")))

    def _bind(self, trie: marisa_trie.Trie) -> None:
        self._trie = trie
        self.is_word = trie.__contains__

    @classmethod
    def _wrap(cls, trie: marisa_trie.Trie) -> Self:
        self = cls.__new__(cls)
        self._bind(trie)
        return self

    def __len__(self) -> int:
        return len(self._trie)

    def has_prefix(self, s: str) -> bool:
        """First key of the predictive search ``iterkeys(s)``: O(|s|) plus one key."""
        for _ in self._trie.iterkeys(s):
            return True
        return False

    FILE_FORMAT = "marisa-trie"

    def to_bytes(self) -> bytes:
        """marisa's binary format (``Trie.tobytes``)."""
        return bytes(self._trie.tobytes())

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Read :meth:`to_bytes`'s output (``Trie.frombytes``): O(size), no rebuilding."""
        trie = marisa_trie.Trie()
        trie.frombytes(data)
        return cls._wrap(trie)
