"""Replacing a file atomically: a temporary file in the same folder, then a rename.

A reader sees the old file or the new one, never half of one; a failure at any point (a full disk,
a file-size limit, an interruption) leaves the old file as it was and removes the temporary. The
new file gets the old file's permission bits, or for a new file the usual ones (0666 less the
umask, so 0644 by default), not the 0600 of a temporary file. A symbolic link is written
through: its target is replaced and the link stays.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def _default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` (or the file a symbolic link at ``path`` points to) with ``data``."""
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = _default_mode()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".tmp-{target.name}.")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """:func:`write_bytes_atomic` for UTF-8 text."""
    write_bytes_atomic(path, text.encode())
