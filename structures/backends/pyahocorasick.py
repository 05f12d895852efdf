"""``pyahocorasick``: the trie of :class:`ahocorasick.Automaton` (C), queried as a trie."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Self

import ahocorasick

from lexibench.structures.word_checks import unique_words


def _no_values(_: object) -> object:
    """The (de)serializer ``load`` requires: the automaton stores lengths, never objects."""
    raise ValueError("pyahocorasick: this automaton stores key lengths, no objects")


class AhoCorasickLexicon:
    """Words in a :class:`ahocorasick.Automaton` storing each key's length (``STORE_LENGTH``).

    The automaton is never finalized with ``make_automaton``: its trie alone answers both
    queries, through the library's own methods, bound at build time. ``exists(s)`` is the word
    test; ``match(s)`` is True when ``s`` is a stored key or a prefix of one, which is the
    contract's prefix test (including ``match("")``: True exactly when a word is stored).

    Traps pinned down here: ``add_word("")`` returns False and stores nothing (the contract
    refuses the empty word anyway, first); ``save`` takes one argument for this store type while
    ``load`` requires a deserializer, never called.

    Cost: ``is_word`` (``exists``) and ``has_prefix`` (``match``) O(|s|) node walks in C. Build
    O(total characters). Saved as the library's own binary file (``save``/``load``).

    >>> lex = AhoCorasickLexicon(["cat", "cats"])
    >>> lex.has_prefix("ca"), lex.is_word("ca"), lex.is_word("cats")
    (True, False, True)
    """

    is_word: Callable[[str], bool]
    """``Automaton.exists``: O(|s|)."""
    has_prefix: Callable[[str], bool]
    """``Automaton.match``: O(|s|)."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        automaton = ahocorasick.Automaton(ahocorasick.STORE_LENGTH)
        for word in unique_words(words, "pyahocorasick"):
            automaton.add_word(word)
        self._bind(automaton)

    def _bind(self, automaton: ahocorasick.Automaton) -> None:
        self._automaton = automaton
        self.is_word = automaton.exists
        self.has_prefix = automaton.match

    def __len__(self) -> int:
        return len(self._automaton)

    FILE_FORMAT = "pyahocorasick"

    def to_bytes(self) -> bytes:
        """The library's file (``Automaton.save``), through a temporary file: O(size)."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "automaton"
            self._automaton.save(str(path))
            return path.read_bytes()

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Read :meth:`to_bytes`'s output (``ahocorasick.load``): O(size), no rebuilding."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "automaton"
            path.write_bytes(data)
            automaton = ahocorasick.load(os.fspath(path), _no_values)
        if automaton.kind == ahocorasick.EMPTY and len(automaton):
            raise ValueError("pyahocorasick: inconsistent automaton")
        self = cls.__new__(cls)
        self._bind(automaton)
        return self
