"""Replacing a file atomically: a temporary file in the same folder, then a rename.

A reader sees the old file or the new one, never half of one; a failure at any point (a full disk,
a file-size limit, an interruption) leaves the old file as it was and removes the temporary. The
new file gets the old file's permission bits, or for a new file the usual ones (0666 less the
umask, so 0644 by default), not the 0600 of a temporary file. A symbolic link is written
through: its target is replaced and the link stays. Only a regular file is ever replaced
(:mod:`lexibench.structures.files`): a device, a FIFO, a socket or a directory at the path is
refused with :class:`~lexibench.structures.files.NotRegularFileError` before anything is
written.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from lexibench.structures.files import check_regular


def default_mode() -> int:
    """The permission bits of a new file: 0666 less the umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def stage_beside(target: Path, data: bytes) -> Path:
    """Write ``data`` to a new temporary file in ``target``'s folder, flushed to disk, with the
    permission bits ``target`` has (or :func:`default_mode`); return its path. The caller renames
    it over ``target`` or removes it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = default_mode()
    import tempfile  # (here: reading files, as most commands only do, never needs it)

    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".tmp-{target.name}.")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(name, mode)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` (or the file a symbolic link at ``path`` points to) with ``data``; a
    path that is not a regular file is refused (:class:`NotRegularFileError`)."""
    check_regular(path)
    target = Path(os.path.realpath(path))
    staged = stage_beside(target, data)
    try:
        check_regular(target)  # again: it may have changed while the data was written
        os.replace(staged, target)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """:func:`write_bytes_atomic` for UTF-8 text."""
    write_bytes_atomic(path, text.encode())
