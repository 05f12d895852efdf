"""Writing output to a file descriptor whole, a slice at a time."""

from __future__ import annotations

import os
from typing import Final

#: The most bytes one ``write`` hands the kernel. On the 2-core VM where lexibench is measured,
#: writing a buffer of a hundred megabytes to a file in one call cost the kernel as much per byte
#: as writing it in slices of this size at best, and many times as much at worst; the slices'
#: cost hardly varied (commit 4ec2239 gives the runs).
WRITE_AT_MOST: Final = 1 << 20


def write_whole(fd: int, data: bytes | bytearray | memoryview) -> None:
    """Write ``data`` to ``fd`` whole, in slices of at most :data:`WRITE_AT_MOST` bytes (a write
    interrupted by a signal goes on). ``OSError`` passes through: the bytes before it are
    written, none after."""
    view = memoryview(data)
    while view:
        try:
            written = os.write(fd, view[:WRITE_AT_MOST])
        except InterruptedError:
            continue
        view = view[written:]
