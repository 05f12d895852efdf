"""Loading word lists: the packaged default, any text file, or the system list.

A source is either a name (:data:`NAMED_SOURCES`), a path to a regular file, or ``-`` for
standard input. Files are UTF-8 with or without a byte-order mark, LF or CRLF, one word per line
(no other character ends a line), within :class:`Limits` (64 MiB, lines of 256 characters by
default). Every line goes through :func:`lexibench.solver.word_rules.normalize_word` under the
game's word rules; the result records how many lines were read, how many words were kept and how
many were dropped for each reason. Problems raise :class:`InputError` with a one-line message that
names the file (and line, where there is one).

Capitalised entries (proper nouns such as "Erastus", abbreviations such as "AAA") are not Boggle
words: they are dropped from the default list, ``web2``, which has about 25,000 of them. Other
sources keep them unless asked (``capitalised="drop"``), because a hand-made list is usually
lower-case already and a capital there is deliberate.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Any, Final

from lexibench.solver.defaults import DEFAULT_WORDLIST
from lexibench.solver.errors import InputError, read_error
from lexibench.solver.word_rules import (
    DEFAULT_MIN_LENGTH,
    DEFAULT_RULES,
    Drop,
    WordRules,
    normalize_word,
)
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import input_format, printable, read_input

SYSTEM_WORDS: Final = Path("/usr/share/dict/words")
#: Names accepted in place of a path.
NAMED_SOURCES: Final = ("gcide", "system", "web2")
_PACKAGED: Final = ("gcide", "web2")

#: Bumped whenever the normalization rules change what a source yields: it is part of the key
#: of every cached lexicon (see :mod:`solver.lexicons`).
NORMALIZATION_VERSION: Final = 3


class Capitalised(StrEnum):
    """What to do with entries that start with a capital letter (``--capitalised``)."""

    KEEP = "keep"
    DROP = "drop"


def default_capitalised(source: str | Path) -> Capitalised:
    """``drop`` for the default list (web2, rich in proper nouns), ``keep`` for every other."""
    return Capitalised.DROP if str(source) == DEFAULT_WORDLIST else Capitalised.KEEP


@dataclass(frozen=True, kw_only=True)
class Normalization:
    """How a word list was normalized: the lines read, the drops, and the rules it was
    normalized under (shared by :class:`WordList` and its :class:`WordListInfo`)."""

    lines_read: int
    dropped: dict[str, int] = field(default_factory=dict)
    """Drops by reason (:class:`~lexibench.solver.word_rules.Drop` values and ``"duplicate"``)."""
    min_length: int = DEFAULT_MIN_LENGTH
    capitalised: str = Capitalised.KEEP.value
    q_needs_u: bool = True
    """Words with a ``q`` not followed by ``u`` were dropped (see :class:`WordRules`)."""

    @property
    def rules(self) -> WordRules:
        """The rules the list was normalized under."""
        return WordRules(self.min_length, self.q_needs_u)

    def normalization(self) -> dict[str, Any]:
        """These fields by name (to describe the same normalization in another record)."""
        return {f.name: getattr(self, f.name) for f in fields(Normalization)}


def words_sha256(words: Iterable[str]) -> str:
    """SHA-256 of ``words`` (sorted, distinct) written one per line with LF endings: the hash
    that names a word list whatever file or graph its words came from."""
    digest = hashlib.sha256()
    for word in words:
        digest.update(word.encode())
        digest.update(b"\n")
    return digest.hexdigest()


@dataclass(frozen=True)
class WordListInfo(Normalization):
    """What is known of a normalized word list without its words: enough for reports and output.

    A saved or cached lexicon carries this in its header, so a solve from the cache reports its
    word list without reading it again.
    """

    name: str
    """The name or path it was loaded from."""
    words: int
    """How many words were kept."""
    sha256: str
    """SHA-256 of the kept words, sorted, one per line with LF endings."""

    def summary(self) -> dict[str, object]:
        """A JSON-ready description: name, words kept, hash, lines read and drops by reason."""
        return {
            "name": self.name,
            "words": self.words,
            "sha256": self.sha256,
            "lines_read": self.lines_read,
            "dropped": dict(sorted(self.dropped.items())),
        }

    def as_dict(self) -> dict[str, object]:
        """Every field, for a saved lexicon's header (:meth:`from_dict` reads it back)."""
        return {
            **self.summary(),
            "min_length": self.min_length,
            "capitalised": self.capitalised,
            "q_needs_u": self.q_needs_u,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> WordListInfo:
        """Read :meth:`as_dict`'s output (from a file: its name is made safe to show, see
        :func:`~lexibench.structures.files.printable`); raises ``ValueError`` or ``TypeError`` if
        malformed."""
        dropped = data["dropped"]
        if not isinstance(dropped, dict):
            raise TypeError("dropped is not an object")
        reasons = {*(reason.value for reason in Drop), "duplicate"}
        if not set(dropped) <= reasons:
            raise ValueError("dropped holds a reason that is not one")
        sha256 = str(data["sha256"])
        if len(sha256) != 64 or not set(sha256) <= set("0123456789abcdef"):
            raise ValueError("sha256 is not a SHA-256")
        info = cls(
            name=printable(str(data["name"])),
            words=_int(data["words"]),
            sha256=sha256,
            lines_read=_int(data["lines_read"]),
            dropped={str(k): _int(v) for k, v in dropped.items()},
            min_length=_int(data["min_length"]),
            capitalised=Capitalised(str(data["capitalised"])).value,
            q_needs_u=_flag(data.get("q_needs_u", True)),
        )
        return info

    def report(self) -> str:
        """One line: lines read, words kept, drops by reason."""
        drops = ", ".join(f"{reason} {count:,}" for reason, count in sorted(self.dropped.items()))
        lines = f"{self.lines_read:,} line{'s' if self.lines_read != 1 else ''} read"
        kept = f"{self.words:,} word{'s' if self.words != 1 else ''} kept"
        return f"{self.name}: {lines}, {kept}" + (f"; dropped: {drops}" if drops else "")


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


@dataclass(frozen=True)
class WordList(Normalization):
    """A normalized word list and the report of how it was made."""

    name: str
    """The name or path it was loaded from."""
    words: tuple[str, ...]
    """The kept words, distinct and sorted."""

    @cached_property
    def sha256(self) -> str:
        """SHA-256 of the kept words, sorted, one per line with LF endings
        (:func:`words_sha256`).

        It identifies the effective dictionary: the same for a list saved with CRLF or LF.
        """
        return words_sha256(self.words)

    @cached_property
    def info(self) -> WordListInfo:
        """This list's :class:`WordListInfo`."""
        made = self.normalization()
        made["dropped"] = dict(self.dropped)
        return WordListInfo(self.name, len(self.words), self.sha256, **made)

    def summary(self) -> dict[str, object]:
        """See :meth:`WordListInfo.summary`."""
        return self.info.summary()

    def report(self) -> str:
        """See :meth:`WordListInfo.report`."""
        return self.info.report()


def normalize_lines(
    name: str,
    lines: Iterable[str],
    rules: WordRules = DEFAULT_RULES,
    capitalised: Capitalised = Capitalised.KEEP,
) -> WordList:
    """Normalize ``lines`` into a :class:`WordList` named ``name``.

    Raises :class:`InputError` when there are no lines, or when no line survives.
    """
    kept: set[str] = set()
    dropped: Counter[str] = Counter()
    read = 0
    drop_capitalised = capitalised is Capitalised.DROP
    for line in lines:
        read += 1
        result = normalize_word(line, rules, drop_capitalised)
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
            f"({rules.describe()}" + (", not capitalised" if drop_capitalised else "") + ")"
        )
    return WordList(
        name,
        tuple(sorted(kept)),
        lines_read=read,
        dropped=dict(dropped),
        min_length=rules.min_length,
        capitalised=capitalised.value,
        q_needs_u=rules.q_needs_u,
    )


@dataclass(frozen=True)
class Limits:
    """Caps on what a word list may be, so a wrong file fails at once instead of exhausting
    memory (``--max-wordlist-mib``, ``--max-word-length``)."""

    max_bytes: int = 64 * 2**20
    """The largest file read (web2 is 2.4 MiB, ENABLE2K 1.9 MiB)."""
    max_line: int = 256
    """The longest line, in characters (the longest English words have about 45 letters)."""


DEFAULT_LIMITS: Final = Limits()


def _too_large(what: str, size: int, limits: Limits) -> InputError:
    return InputError(
        f"{what}: larger than {limits.max_bytes // 2**20:,} MiB (at least {size:,} bytes; "
        "raise the limit with --max-wordlist-mib)"
    )


def read_bytes(path: Path, what: str = "word list", limits: Limits = DEFAULT_LIMITS) -> bytes:
    """Read the regular file ``path`` whole, at most ``limits.max_bytes``.

    Raises :class:`InputError` naming ``what`` and the file when it is missing, not a regular
    file (a folder, a device such as /dev/zero, a FIFO: looked at before it is opened, so nothing
    waits), unreadable or too large; the size is checked before reading.
    """
    try:
        return read_input(path, what, limits.max_bytes, "raise the limit with --max-wordlist-mib")
    except BadInputError as exc:
        raise InputError(str(exc)) from None


def read_stdin(what: str = "word list", limits: Limits = DEFAULT_LIMITS) -> bytes:
    """Standard input's bytes, at most ``limits.max_bytes``."""
    stream = sys.stdin.buffer if sys.stdin is not None else None
    if stream is None:
        raise InputError(f"{what} <stdin>: standard input is closed")
    try:
        data = stream.read(limits.max_bytes + 1)
    except OSError as exc:
        raise read_error(f"{what} <stdin>", exc) from None
    if len(data) > limits.max_bytes:
        raise _too_large(f"{what} <stdin>", len(data), limits)
    return data


def split_lines(text: str) -> list[str]:
    """Lines split on LF alone, a CR before it removed: no other character ends a line.

    >>> split_lines("a\\r\\nb\\vc\\n")
    ['a', 'b\\x0bc']
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def decode_lines(data: bytes, where: str, limits: Limits = DEFAULT_LIMITS) -> list[str]:
    """Decode UTF-8 text (BOM optional, LF or CRLF) into lines without their endings.

    Raises :class:`InputError` naming ``where`` and the line of the first undecodable byte, or of
    the first line longer than ``limits.max_line`` characters.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"{where}, line {line}: not UTF-8 (byte 0x{data[exc.start]:02x})"
        ) from None
    lines = split_lines(text)
    longest = max(lines, key=len, default="")
    if len(longest) > limits.max_line:
        number = lines.index(longest) + 1
        raise InputError(
            f"{where}, line {number}: {len(longest):,} characters; the longest line accepted is "
            f"{limits.max_line:,} (raise it with --max-word-length)"
        )
    return lines


@input_format("wordlist", "word list", DEFAULT_LIMITS.max_bytes, limit="--max-wordlist-mib")
def parse_wordlist(data: bytes, name: str) -> list[str]:
    """A word-list file's lines (:func:`decode_lines`), for the registry of formats."""
    return decode_lines(data, f"word list {name}")


@dataclass(frozen=True)
class Source:
    """Where a word list comes from: a packaged list, the system list, a file or stdin (``-``)."""

    name: str
    """What the user named: ``web2``, ``system``, ``<stdin>`` or the path as given."""
    path: Path | None
    """The file that is read (for a packaged list, the package's own data file); None for stdin."""
    packaged: bool
    limits: Limits = DEFAULT_LIMITS

    @cached_property
    def data(self) -> bytes:
        """The source's bytes, read once."""
        if self.path is None:
            return read_stdin("word list", self.limits)
        return read_bytes(self.path, "word list", self.limits)

    @cached_property
    def fingerprint(self) -> str:
        """SHA-256 of the source's bytes: what a cached lexicon is keyed by.

        Cheap next to normalizing (a few milliseconds for web2), so a cache hit never needs the
        words themselves.
        """
        return hashlib.sha256(self.data).hexdigest()

    def lines(self) -> list[str]:
        """The raw lines (entries) of the source."""
        if self.packaged:
            from english_words import get_english_words_set

            return sorted(get_english_words_set([self.name]))
        return decode_lines(self.data, f"word list {self.name}", self.limits)


def _packaged_file(name: str) -> Path:
    """The data file of a list in the ``english-words`` package, found without importing it."""
    spec = importlib.util.find_spec("english_words")
    if spec is None or not spec.submodule_search_locations:
        raise InputError(
            f"word list {name}: the english-words package is not installed "
            "(pip install english-words)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "data" / f"{name}.pickle"


def resolve_source(source: str | Path, limits: Limits = DEFAULT_LIMITS) -> Source:
    """The :class:`Source` of a name (``web2``, ``gcide``, ``system``), a path or ``-``."""
    if isinstance(source, str) and source in _PACKAGED:
        return Source(source, _packaged_file(source), packaged=True)
    if source == "system":
        if not SYSTEM_WORDS.is_file():
            raise InputError(f"word list system: {SYSTEM_WORDS} does not exist on this machine")
        return Source(str(SYSTEM_WORDS), SYSTEM_WORDS, packaged=False, limits=limits)
    if source == "-":
        return Source("<stdin>", None, packaged=False, limits=limits)
    return Source(str(source), Path(source), packaged=False, limits=limits)


def load_wordlist(
    source: str | Path | Source = DEFAULT_WORDLIST,
    *,
    min_length: int = DEFAULT_MIN_LENGTH,
    q_needs_u: bool = True,
    capitalised: Capitalised | str | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> WordList:
    """Load and normalize a word list by name (``web2``, ``gcide``, ``system``), path, or ``-``.

    ``min_length`` and ``q_needs_u`` are the game's :class:`~lexibench.solver.word_rules.WordRules`
    (the defaults are Boggle's). ``capitalised``: ``"drop"`` or ``"keep"`` entries that start with
    a capital letter; the default (None) drops them from ``web2`` only (see the module docstring).

    >>> load_wordlist().words[:3]
    ('aal', 'aalii', 'aam')
    """
    resolved = source if isinstance(source, Source) else resolve_source(source, limits)
    policy = default_capitalised(resolved.name) if capitalised is None else Capitalised(capitalised)
    rules = WordRules(min_length, q_needs_u)
    return normalize_lines(resolved.name, resolved.lines(), rules, policy)
