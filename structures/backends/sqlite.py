"""``sqlite``: the standard library's sqlite3, a real database, in memory."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Self

from lexibench.structures.errors import UnstorableWordError
from lexibench.structures.word_checks import unique_words

_MAX_CODE_POINT = 0x10FFFF


def _storable(word: str) -> str:
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        raise UnstorableWordError(
            "sqlite", word, "not encodable as UTF-8 (a lone surrogate)"
        ) from None
    if "\0" in word:
        raise UnstorableWordError("sqlite", word, "SQLite text ends at a NUL character")
    return word


def _upper_bound(prefix: str) -> str | None:
    """The smallest string greater than every string starting with ``prefix``, or None when
    there is none (the prefix is made of U+10FFFF only)."""
    stripped = prefix.rstrip(chr(_MAX_CODE_POINT))
    if not stripped:
        return None
    last = ord(stripped[-1]) + 1
    if 0xD800 <= last <= 0xDFFF:  # skip the surrogates, which UTF-8 cannot hold
        last = 0xE000
    return stripped[:-1] + chr(last)


class SqliteLexicon:
    """Words as the primary key of a ``WITHOUT ROWID`` table in an in-memory SQLite database.

    ``is_word`` looks the word up by its primary key; ``has_prefix(p)`` asks for one key in the
    range [p, p') where p' is the smallest string after every string starting with p (p with its
    last character incremented), which the key's B-tree answers with one seek. Keys compare as
    UTF-8 bytes (SQLite's BINARY collation), the same order as Python's for strings, so the range
    holds exactly the keys starting with p.

    Traps pinned down here: a query Python cannot encode (a lone surrogate) would raise, so it
    answers False; a word with one cannot be stored, nor one with a NUL character.

    Cost: ``is_word`` and ``has_prefix`` O(log n) B-tree seeks, each through one SQL statement
    (compiled once and cached by sqlite3, then bound and stepped per query: a few microseconds
    of fixed cost). Build O(n log n). Saved as the database file itself
    (``Connection.serialize``).

    >>> lex = SqliteLexicon(["cat", "cats"])
    >>> lex.has_prefix("ca"), lex.is_word("ca"), lex.has_prefix("")
    (True, False, True)
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = sorted(_storable(word) for word in unique_words(words, "sqlite"))
        db = sqlite3.connect(":memory:", check_same_thread=False)
        db.execute("CREATE TABLE words (word TEXT PRIMARY KEY) WITHOUT ROWID")
        db.executemany("INSERT INTO words VALUES (?)", ((word,) for word in unique))
        db.commit()
        self._bind(db)

    def _bind(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._count: int = db.execute("SELECT count(*) FROM words").fetchone()[0]
        self._execute = db.execute

    def __len__(self) -> int:
        return self._count

    def is_word(self, s: str) -> bool:
        """One primary-key look-up: O(log n)."""
        try:
            return self._execute("SELECT 1 FROM words WHERE word = ?", (s,)).fetchone() is not None
        except (UnicodeEncodeError, sqlite3.ProgrammingError):
            return False

    def has_prefix(self, s: str) -> bool:
        """One range seek on the primary key: O(log n)."""
        upper = _upper_bound(s)
        try:
            if upper is None:
                row = self._execute("SELECT 1 FROM words WHERE word >= ? LIMIT 1", (s,))
            else:
                row = self._execute(
                    "SELECT 1 FROM words WHERE word >= ? AND word < ? LIMIT 1", (s, upper)
                )
            return row.fetchone() is not None
        except (UnicodeEncodeError, sqlite3.ProgrammingError):
            return False

    FILE_FORMAT = "sqlite3"

    def to_bytes(self) -> bytes:
        """The database file (``Connection.serialize``): O(size)."""
        return self._db.serialize()

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Open :meth:`to_bytes`'s output in memory (``Connection.deserialize``): O(size)."""
        db = sqlite3.connect(":memory:", check_same_thread=False)
        try:
            db.deserialize(data)
            columns = [row[1] for row in db.execute("PRAGMA table_info(words)")]
        except sqlite3.DatabaseError as exc:
            raise ValueError(f"sqlite: not a database of words ({exc})") from None
        if columns != ["word"]:
            raise ValueError("sqlite: the database has no table of words")
        self = cls.__new__(cls)
        self._bind(db)
        return self
