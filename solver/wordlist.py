"""Loading word lists: the packaged default, any text file, or the system list.

A source is either a name (:data:`NAMED_SOURCES`) or a path. Files are UTF-8 with or without a
byte-order mark, LF or CRLF, one word per line. Every line goes through
:func:`solver.rules.normalize_word`; the result records how many lines were read, how many words
were kept and how many were dropped for each reason. Problems raise :class:`InputError` with a
one-line message that names the file (and line, where there is one).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Final

from solver.errors import InputError
from solver.rules import DEFAULT_MIN_LENGTH, Drop, normalize_word

DEFAULT_WORDLIST: Final = "web2"
SYSTEM_WORDS: Final = Path("/usr/share/dict/words")
#: Names accepted in place of a path.
NAMED_SOURCES: Final = ("gcide", "system", "web2")
_PACKAGED: Final = {"web2", "gcide"}


@dataclass(frozen=True)
class WordList:
    """A normalized word list and the report of how it was made."""

    name: str
    """The name or path it was loaded from."""
    words: tuple[str, ...]
    """The kept words, distinct and sorted."""
    lines_read: int
    dropped: dict[str, int] = field(default_factory=dict)
    """Drops by reason (:class:`~solver.rules.Drop` values and ``"duplicate"``)."""
    min_length: int = DEFAULT_MIN_LENGTH

    @cached_property
    def sha256(self) -> str:
        """SHA-256 of the kept words, sorted, one per line with LF endings.

        It identifies the effective dictionary: the same for a list saved with CRLF or LF.
        """
        digest = hashlib.sha256()
        for word in self.words:
            digest.update(word.encode())
            digest.update(b"\n")
        return digest.hexdigest()

    def summary(self) -> dict[str, object]:
        """A JSON-ready description: name, word count and hash."""
        return {"name": self.name, "words": len(self.words), "sha256": self.sha256}

    def report(self) -> str:
        """One line: lines read, words kept, drops by reason."""
        drops = ", ".join(f"{reason} {count:,}" for reason, count in sorted(self.dropped.items()))
        return f"{self.name}: {self.lines_read:,} lines read, {len(self.words):,} words kept" + (
            f"; dropped: {drops}" if drops else ""
        )


def normalize_lines(
    name: str, lines: Iterable[str], min_length: int = DEFAULT_MIN_LENGTH
) -> WordList:
    """Normalize ``lines`` into a :class:`WordList` named ``name``.

    Raises :class:`InputError` when there are no lines, or when no line survives.
    """
    kept: set[str] = set()
    dropped: Counter[str] = Counter()
    read = 0
    for line in lines:
        read += 1
        result = normalize_word(line, min_length)
        if isinstance(result, Drop):
            dropped[result.value] += 1
        elif result in kept:
            dropped["duplicate"] += 1
        else:
            kept.add(result)
    if read == 0 or read == dropped[Drop.BLANK.value]:
        raise InputError(f"word list {name}: it is empty")
    if not kept:
        raise InputError(
            f"word list {name}: none of its {read:,} lines is a playable word "
            f"(letters a-z only, at least {min_length} long, every q followed by u)"
        )
    return WordList(name, tuple(sorted(kept)), read, dict(dropped), min_length)


def read_lines(path: Path, what: str = "word list") -> list[str]:
    """Read a UTF-8 text file (BOM optional, LF or CRLF) as lines without their endings.

    Raises :class:`InputError` naming ``what`` and the file (and the line for undecodable bytes).
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{what} {path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{what} {path}: is a directory, not a file") from None
    except OSError as exc:
        raise InputError(f"{what} {path}: cannot read it ({exc.strerror})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"{what} {path}, line {line}: not UTF-8 (byte 0x{data[exc.start]:02x})"
        ) from None
    return text.splitlines()


def _packaged_words(name: str) -> list[str]:
    from english_words import get_english_words_set

    return sorted(get_english_words_set([name]))


def load_wordlist(
    source: str | Path = DEFAULT_WORDLIST, min_length: int = DEFAULT_MIN_LENGTH
) -> WordList:
    """Load and normalize a word list by name (``web2``, ``gcide``, ``system``) or path."""
    if isinstance(source, str) and source in _PACKAGED:
        return normalize_lines(source, _packaged_words(source), min_length)
    if source == "system":
        if not SYSTEM_WORDS.is_file():
            raise InputError(f"word list system: {SYSTEM_WORDS} does not exist on this machine")
        return normalize_lines(str(SYSTEM_WORDS), read_lines(SYSTEM_WORDS), min_length)
    path = Path(source)
    return normalize_lines(str(path), read_lines(path), min_length)
