"""Regular files only: what lexibench reads as a saved lexicon, a cache entry or a checkpoint, and
every file it replaces, is a regular file (a symbolic link is followed to one).

A device, a FIFO, a socket or a directory in such a place is refused: reading ``/dev/zero`` never
ends, opening a FIFO waits for a writer, and replacing ``/dev/null`` (run as root) would swap the
system's device for a file. Files are opened without blocking and checked on the open descriptor,
so nothing is read, and nobody waited for, before the check.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


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
    """A descriptor open for reading on the regular file at ``path``, opened without waiting
    (a FIFO with no writer does not block) and checked before anything is read.

    Raises the ``OSError`` of the open (``FileNotFoundError``, ...) or
    :class:`NotRegularFileError`."""
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
