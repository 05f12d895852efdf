"""Every file lexibench reads or writes goes through here: what may be read (a regular file, at
most a format's size), what may be written (a regular file that is none of the command's inputs),
and the registry of every format lexibench reads.

**Regular files only.** A device, a FIFO, a socket or a directory where a file is expected is
refused in one line before anything is read or written: reading ``/dev/zero`` never ends, opening
a FIFO waits for a writer, and replacing ``/dev/null`` (run as root) would swap the system's device
for a file. The path is looked at first (a ``stat``, which never waits), then opened without
blocking and looked at again on the open descriptor, so that nothing is read, and nobody waited
for, before the check; a symbolic link is followed to what it names. Standard input (``-``, where
a command offers it) is the way to stream.

**Formats.** Each reader of a file format registers itself with :func:`input_format`: its name,
the noun its errors open with, the largest file it takes, and its parser, which turns the file's
bytes into a value or raises :class:`~lexibench.structures.errors.BadInputError` in one line
that names the file (``parse(data, name)``: ``name`` is the file's name as the user gave it).
:data:`FORMATS` lists them all, so that the hostile-files tests fuzz every reader, a new one
included (``tests/hostile``).

**Outputs.** :func:`check_outputs` refuses, before any work, an output that cannot be written (not
a regular file, its folder missing) or that is one of the command's own inputs: the same path,
another name of the same file (a hard or symbolic link), or the same file through a folder given
as input.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Final, TypeVar

from lexibench.structures.errors import BadInputError

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)

MIB: Final = 1 << 20


class NotRegularFileError(OSError):
    """A path that names something other than a regular file; ``strerror`` says what."""

    def __init__(self, path: Path | str, what: str) -> None:
        super().__init__(errno.EINVAL, f"it is {what}, not a regular file", str(path))


def _what(mode: int) -> str | None:
    return next((what for test, what in _KINDS if test(mode)), None)


def not_regular(path: Path | str) -> str | None:
    """What ``path`` is when it exists and is not a regular file (its symbolic links followed):
    ``"a FIFO"``, ``"a symbolic link to a character device"``, ...; None for a regular file, a
    path that does not exist, or one that cannot be looked at (reading or writing it says why).

    >>> not_regular("/dev/null")
    'a character device'
    """
    try:
        what = _what(os.stat(path).st_mode)
    except OSError:
        return None
    if what is not None and os.path.islink(path):
        return f"a symbolic link to {what}"
    return what


def unwritable(path: Path | str) -> str | None:
    """Why a file cannot be written at ``path``, known before anything is done: it is not a
    regular file, its folder does not exist (nothing here creates a folder a user named), or a
    parent of it is a file; None when nothing is known against it.

    >>> unwritable("/dev/null")
    'it is a character device, not a regular file'
    >>> unwritable("/nonexistent-lexibench/x.lex")
    'its folder /nonexistent-lexibench does not exist'
    """
    what = not_regular(path)
    if what is not None:
        return f"it is {what}, not a regular file"
    folder = Path(os.path.realpath(path)).parent
    for parent in (folder, *folder.parents):
        if os.path.lexists(parent):
            if not parent.is_dir():
                return f"{parent} is a file, not a folder"
            break
    if not folder.is_dir():
        return f"its folder {folder} does not exist"
    return None


def check_regular(path: Path | str) -> None:
    """Raise :class:`NotRegularFileError` when ``path`` exists and is not a regular file."""
    what = not_regular(path)
    if what is not None:
        raise NotRegularFileError(path, what)


def open_regular(path: Path | str) -> int:
    """A descriptor open for reading on the regular file at ``path``: looked at first (a stat),
    opened without waiting (a FIFO with no writer does not block) and checked again before
    anything is read.

    Raises the ``OSError`` of the open (``FileNotFoundError``, ...) or
    :class:`NotRegularFileError`."""
    check_regular(path)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        what = _what(os.fstat(fd).st_mode)
        if what is not None:
            raise NotRegularFileError(path, what)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path | str, limit: int = -1) -> bytes:
    """The bytes of the regular file at ``path``: all of them, or at most ``limit``.

    Raises as :func:`open_regular` does."""
    with open(open_regular(path), "rb", closefd=True) as handle:
        return handle.read(limit)


def _reason(exc: OSError) -> str:
    """An ``OSError`` of reading, as the end of a one-line message."""
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "it is a directory, not a file"
    if isinstance(exc, NotRegularFileError):
        return exc.strerror or "not a regular file"
    return f"cannot read it ({exc.strerror or exc})"


def open_input(path: Path | str, what: str) -> BinaryIO:
    """The regular file at ``path`` open for reading (binary, buffered), for a reader that
    streams it; :class:`BadInputError` ``"{what} {path}: ..."`` when it cannot be."""
    try:
        return open(open_regular(path), "rb", closefd=True)
    except OSError as exc:
        raise BadInputError(f"{what} {path}: {_reason(exc)}") from None


def read_input(path: Path | str, what: str, max_bytes: int, hint: str = "") -> bytes:
    """The bytes of the regular file at ``path``, refused before reading when it is larger than
    ``max_bytes`` (and when it grows past that while read). :class:`BadInputError` names
    ``what`` and the file: missing, not a regular file, unreadable or too large (``hint``: how
    to raise the limit, if it can be)."""
    where = f"{what} {path}"

    def too_large(size: int) -> BadInputError:
        limit = f"{max_bytes // MIB:,} MiB" if max_bytes >= MIB else f"{max_bytes:,} bytes"
        return BadInputError(
            f"{where}: larger than {limit} (at least {size:,} bytes){'; ' + hint if hint else ''}"
        )

    try:
        with open(open_regular(path), "rb", closefd=True) as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > max_bytes:
                raise too_large(size)
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise BadInputError(f"{where}: {_reason(exc)}") from None
    except MemoryError:
        raise BadInputError(f"{where}: too large to read into memory") from None
    if len(data) > max_bytes:
        raise too_large(len(data))
    return data


def check_input(path: Path | str, what: str) -> None:
    """Refuse ``path`` now (before any work) when it is not a regular file that exists: a
    ``stat``, nothing opened."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise BadInputError(f"{what} {path}: {_reason(exc)}") from None
    kind = _what(mode)
    if kind is not None:
        raise BadInputError(f"{what} {path}: it is {kind}, not a regular file")


def check_input_folder(path: Path | str, what: str) -> None:
    """Refuse ``path`` now when it is not a folder that exists (a ``stat``)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        reason = "no such folder" if isinstance(exc, FileNotFoundError) else _reason(exc)
        raise BadInputError(f"{what} {path}: {reason}") from None
    if not stat.S_ISDIR(mode):
        raise BadInputError(f"{what} {path}: it is {_what(mode) or 'a file'}, not a folder")


def printable(text: str, limit: int = 200) -> str:
    r"""``text`` from a file, safe to show on a terminal: each control or format character (an
    escape sequence's ESC, a newline, a bidirectional override) written as its escape, and cut
    to ``limit`` characters.

    >>> printable("web2\x1b[2J\nx")
    'web2\\x1b[2J\\nx'
    """
    import unicodedata

    shown = "".join(
        ch.encode("unicode_escape").decode("ascii")
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
        else ch
        for ch in text[: limit + 1]
    )
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


# Outputs ----------------------------------------------------------------------------------------


def _identity(path: Path | str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _inside(path: Path | str, folder: Path | str) -> bool:
    """True when ``path`` (as it resolves) lies in ``folder`` (as it resolves), at any depth."""
    real, root = Path(os.path.realpath(path)), Path(os.path.realpath(folder))
    return real == root or root in real.parents


@dataclass(frozen=True)
class Output:
    """A file (or folder) a command writes: its ``path``, what it is in messages (``--out``),
    and whether it is a ``folder``. (A file the command exists to update in place, a proof's
    checkpoint, is an output that is left out of the inputs it is checked against.)"""

    path: Path | str
    what: str
    folder: bool = False


def check_outputs(outputs: Iterable[Output], inputs: Iterable[Path | str]) -> None:
    """Refuse, before any work, each output that cannot be written or is one of ``inputs`` (the
    same file by any name, a hard or symbolic link included; or, for an output folder, one that
    holds an input). :class:`BadInputError`, one line naming the output and the input."""
    sources = [source for source in inputs if source not in ("-", "")]
    for output in outputs:
        where = f"{output.what} {output.path}"
        if not output.folder:
            why = unwritable(output.path)
            if why is not None:
                raise BadInputError(f"{where}: {why}")
        mine = _identity(output.path)
        for source in sources:
            same = (mine is not None and mine == _identity(source)) or (
                os.path.realpath(output.path) == os.path.realpath(source)
            )
            held = output.folder and _inside(source, output.path)
            if same or held:
                how = "holds" if held and not same else "is"
                raise BadInputError(
                    f"{where}: it {how} the input {source}, which would be written over "
                    "(give another path)"
                )


# The registry of formats ------------------------------------------------------------------------

Parse = TypeVar("Parse", bound=Callable[..., Any])


@dataclass(frozen=True)
class InputFormat:
    """A format lexibench reads (see the module docstring)."""

    name: str
    """Its id: ``"klv2"``, ``"saved-lexicon"``."""
    what: str
    """What a file of it is called in messages: ``"leave table"``."""
    max_bytes: int
    """The largest file read (some may be raised by an option: see ``limit``)."""
    parse: Callable[[bytes, str], Any]
    """The file's bytes and its name (as the user gave it, for errors) to the value; raises
    BadInputError, one line naming the file."""
    suffixes: tuple[str, ...] = ()
    """The file names that select it, where a name decides (``.klv2``)."""
    limit: str = ""
    """The option that raises ``max_bytes``, if one does."""

    def read(self, path: Path | str) -> bytes:
        """The file's bytes (:func:`read_input` with this format's noun and size)."""
        hint = f"raise the limit with {self.limit}" if self.limit else ""
        return read_input(path, self.what, self.max_bytes, hint)

    def load(self, path: Path | str) -> Any:
        """The file read and parsed; errors name the file."""
        return self.parse(self.read(path), str(path))


FORMATS: dict[str, InputFormat] = {}
"""Every format lexibench reads, by name: filled as the modules defining them are imported."""


def input_format(
    name: str, what: str, max_bytes: int, suffixes: tuple[str, ...] = (), limit: str = ""
) -> Callable[[Parse], Parse]:
    """Register the decorated parser (``parse(data, name)``) as the reader of format ``name``
    (see :class:`InputFormat`); the function is returned as it is."""

    def register(parse: Parse) -> Parse:
        known = FORMATS.get(name)
        if known is not None and known.parse is not parse:
            qualified = getattr(known.parse, "__qualname__", known.parse)
            raise RuntimeError(f"input format {name!r} registered twice ({qualified})")
        FORMATS[name] = InputFormat(name, what, max_bytes, parse, suffixes, limit)
        return parse

    return register
