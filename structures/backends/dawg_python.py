"""``dawg-python``: the pure-Python reader of the ``dawg`` backend's file (``dawg2-python``)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Self

import dawg
import dawg_python

from lexibench.structures.backends.dawg import COUNT_BYTES, refuse_nul
from lexibench.structures.word_checks import unique_words


class DawgPythonLexicon:
    """The same dawgdic structure as ``dawg``, read by :mod:`dawg_python` in pure Python.

    One structure, two implementations: the words are built into a DAWG by the C++ library (as
    the ``dawg`` backend does), its bytes are loaded by dawg-python, and every query runs in
    Python over the same double array. The saved payload is byte for byte the ``dawg``
    backend's, so a file written for one reads as the other.

    dawg-python has no prefix test of its own (``iterkeys(prefix)`` starts a completion):
    ``has_prefix`` follows the prefix's bytes with its public ``Dictionary.follow_bytes``, which
    reaches a unit only when some key continues that way. Stepping follows one character
    (``Dictionary.follow_char``; its UTF-8 bytes for a non-ASCII letter) and ``has_value`` tells
    a word's end. Traps pinned down here: a query Python cannot encode as UTF-8 would raise, so
    it answers False; an empty DAWG's units follow some labels all the same (``follow_bytes(b"a")``
    reaches a unit), so an empty lexicon answers False without asking.

    Cost: ``is_word`` and ``has_prefix`` O(|s|) array transitions, in Python. Load O(size).

    >>> lex = DawgPythonLexicon(["cat", "cats"])
    >>> lex.has_prefix("ca"), lex.is_word("ca"), lex.is_word("cats")
    (True, False, True)
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = sorted(unique_words(words, "dawg-python"))
        refuse_nul(unique, "dawg-python")
        built = dawg.CompletionDAWG(unique, input_is_sorted=True)
        self._bind(bytes(built.tobytes()), len(unique))

    def _bind(self, payload: bytes, count: int) -> None:
        """Load dawgdic's ``payload`` with dawg-python (through a temporary file: its loader
        reads only files)."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "dawg"
            path.write_bytes(payload)
            reader = dawg_python.CompletionDAWG().load(path)
        if reader.dct is None:  # pragma: no cover - load always sets it
            raise ValueError("dawg-python loaded no dictionary")
        self._bytes = payload
        self._dct = reader.dct
        self._count = count

    def __len__(self) -> int:
        return self._count

    def is_word(self, s: str) -> bool:
        """``Dictionary.contains`` of the UTF-8 bytes: O(|s|)."""
        try:
            return bool(self._dct.contains(s.encode("utf-8")))
        except UnicodeEncodeError:
            return False

    def has_prefix(self, s: str) -> bool:
        """``Dictionary.follow_bytes`` from the root: O(|s|)."""
        if not self._count:  # an empty DAWG's units can follow some labels all the same
            return False
        if not s:
            return True
        try:
            return self._dct.follow_bytes(s.encode("utf-8"), self._dct.ROOT) is not None
        except UnicodeEncodeError:
            return False

    def root(self) -> int:
        """The root unit's index."""
        root: int = self._dct.ROOT
        return root

    def child(self, node: int, letter: str) -> int | None:
        """The unit after ``letter``: one ``follow_char`` for an ASCII letter, O(1)."""
        if not self._count:
            return None
        code = ord(letter)
        if code < 0x80:
            result: int | None = self._dct.follow_char(code, node)
            return result
        try:
            found: int | None = self._dct.follow_bytes(letter.encode("utf-8"), node)
        except UnicodeEncodeError:
            return None
        return found

    def is_terminal(self, node: int) -> bool:
        """``Dictionary.has_value``: O(1)."""
        return bool(self._dct.has_value(node))

    FILE_FORMAT = "dawgdic"

    def to_bytes(self) -> bytes:
        """The ``dawg`` backend's payload: the word count (8 bytes), then dawgdic's format."""
        return self._count.to_bytes(COUNT_BYTES, "little") + self._bytes

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Read a ``dawg`` payload with dawg-python: O(size)."""
        if len(data) < COUNT_BYTES:
            raise ValueError("too short to hold a DAWG")
        self = cls.__new__(cls)
        self._bind(data[COUNT_BYTES:], int.from_bytes(data[:COUNT_BYTES], "little"))
        return self
