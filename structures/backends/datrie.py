"""``datrie``: :class:`datrie.Trie`, a double-array trie (libdatrie); supports stepping."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from typing import Self

import datrie

from lexibench.structures.errors import UnstorableWordError
from lexibench.structures.word_checks import unique_words


class DatrieLexicon:
    """Words as the keys of a :class:`datrie.Trie` whose alphabet is the words' own characters.

    libdatrie needs its alphabet up front and *silently ignores* a key with a character outside
    it, so the alphabet is derived from the words and the stored count is checked after building:
    any key the library did not keep raises :class:`UnstorableWordError`.

    libdatrie treats NUL as the end of a key, so ``"cat\\0" in trie`` and
    ``has_keys_with_prefix("cat\\0")`` are True when "cat" is stored: both queries check for NUL
    first, a Python frame per query that is part of what this library costs here.

    Cost: ``is_word`` and ``has_prefix`` (``has_keys_with_prefix``) O(|s|) array transitions in C.
    Stepping walks a :class:`datrie.State`: ``child`` copies the state and walks one letter, O(1)
    plus one small allocation. Build O(total characters), slow in practice when insertions
    relocate the double array.

    >>> lex = DatrieLexicon(["cat"])
    >>> lex.has_prefix("cat"), lex.is_word("ca"), lex.has_prefix("z")
    (True, False, False)
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = sorted(unique_words(words, "datrie"))
        for word in unique:
            if "\0" in word:  # libdatrie would keep the key up to the NUL, silently
                raise UnstorableWordError("datrie", word, "libdatrie ends a key at a NUL character")
        alphabet = "".join(sorted({ch for word in unique for ch in word}))
        trie = datrie.Trie(alphabet)
        for word in unique:
            trie[word] = True
        if len(trie) != len(unique):
            missing = next(word for word in unique if word not in trie)
            raise UnstorableWordError("datrie", missing, "libdatrie did not store it")
        self._bind(trie)

    def _bind(self, trie: datrie.Trie) -> None:
        self._trie = trie
        self._contains = trie.__contains__
        self._has_keys_with_prefix = trie.has_keys_with_prefix if len(trie) else _nothing

    def is_word(self, s: str) -> bool:
        """``Trie.__contains__``: O(|s|). libdatrie ends a key at a NUL character (``"cat\\0"``
        would answer as ``"cat"``), so a query holding one is no word."""
        return "\0" not in s and self._contains(s)

    def has_prefix(self, s: str) -> bool:
        """``Trie.has_keys_with_prefix``: O(|s|). NUL is checked first, as for ``is_word``, and
        an empty lexicon answers False for everything (libdatrie answers True for "")."""
        return "\0" not in s and self._has_keys_with_prefix(s)

    @classmethod
    def _wrap(cls, trie: datrie.Trie) -> Self:
        self = cls.__new__(cls)
        self._bind(trie)
        return self

    def __len__(self) -> int:
        return len(self._trie)

    def root(self) -> datrie.State:
        """A fresh state at the root."""
        return datrie.State(self._trie)

    def child(self, node: datrie.State, letter: str) -> datrie.State | None:
        """Copy ``node`` and walk ``letter``: O(1) plus one allocation; ``node`` is untouched.
        NUL is libdatrie's key terminator, never a letter of a word."""
        if letter == "\0":
            return None
        state = datrie.State(self._trie)
        node.copy_to(state)
        return state if state.walk(letter) else None

    def is_terminal(self, node: datrie.State) -> bool:
        """``State.is_terminal``: O(1)."""
        return bool(node.is_terminal())

    FILE_FORMAT = "libdatrie"

    def to_bytes(self) -> bytes:
        """libdatrie's file format. The library writes only to real files (``Trie.write`` takes a
        file descriptor), so this goes through an anonymous temporary file: O(size)."""
        with tempfile.TemporaryFile() as handle:
            self._trie.write(handle)
            handle.flush()
            handle.seek(0)
            return handle.read()

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Read :meth:`to_bytes`'s output through an anonymous temporary file (``Trie.read``):
        O(size), no rebuilding."""
        with tempfile.TemporaryFile() as handle:
            handle.write(data)
            handle.flush()
            handle.seek(0)
            return cls._wrap(datrie.Trie.read(handle))


def _nothing(_s: str) -> bool:
    """``has_prefix`` of an empty lexicon."""
    return False
