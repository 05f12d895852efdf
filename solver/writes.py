"""Writing output to a file descriptor whole, a slice at a time, and handing a regular file's
bytes to its disk behind the writer.

Write-behind: once a window of :data:`WINDOW` bytes of a regular file is written, the kernel is
asked to start writing it to the disk (``sync_file_range``, without waiting), and the window
:data:`DROP_BEHIND` windows before it is dropped from the page cache (``posix_fadvise``
``DONTNEED``, which drops only pages already on the disk: never data). An output of gigabytes
(the full lines of 100,000 dense boards) then reuses a few windows of memory instead of filling
gigabytes of page cache with pages the kernel must first find and map, which on a virtual machine
that hands freed memory back to its host costs the writer several times the copy itself (the bulk
runs' table: results/scaling.md). The last windows of a file stay cached; an output of less
than :data:`WINDOW` times ``DROP_BEHIND + 1`` bytes is never dropped. Neither call changes what
is written, and a system without them (or a file system refusing them) writes as before.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable
from typing import Final

#: The most bytes one ``write`` hands the kernel. On the 2-core VM where lexibench is measured,
#: writing a buffer of a hundred megabytes to a file in one call cost the kernel as much per byte
#: as writing it in slices of this size at best, and many times as much at worst; the slices'
#: cost hardly varied (commit 4ec2239 gives the runs).
WRITE_AT_MOST: Final = 1 << 20
#: Bytes of a regular file handed to the disk at once, behind the writer (see the module
#: docstring).
WINDOW: Final = 32 << 20
#: Windows kept in the page cache behind the one being written: a window this far behind is
#: dropped, by then on the disk (a window whose write-out has not ended keeps its pages).
DROP_BEHIND: Final = 4


def write_whole(fd: int, data: bytes | bytearray | memoryview) -> None:
    """Write ``data`` to ``fd`` whole, in slices of at most :data:`WRITE_AT_MOST` bytes (a write
    interrupted by a signal goes on), a regular file's windows handed to its disk behind it (see
    the module docstring). ``OSError`` passes through: the bytes before it are written, none
    after."""
    view = memoryview(data)
    size = len(view)
    while view:
        try:
            written = os.write(fd, view[:WRITE_AT_MOST])
        except InterruptedError:
            continue
        view = view[written:]
    if size:
        _behind(fd, size)


def _behind(fd: int, size: int) -> None:
    """After ``size`` bytes were written to ``fd`` and end at its offset: for each window they
    complete in a regular file, start its write-out and drop the window :data:`DROP_BEHIND`
    before it. Errors are ignored (both calls are advice)."""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return
        end = os.lseek(fd, 0, os.SEEK_CUR)
    except OSError:
        return
    for window in range((end - size) // WINDOW, end // WINDOW):
        _write_out(fd, window * WINDOW, WINDOW)
        if window >= DROP_BEHIND and hasattr(os, "posix_fadvise"):
            with contextlib.suppress(OSError):
                os.posix_fadvise(
                    fd, (window - DROP_BEHIND) * WINDOW, WINDOW, os.POSIX_FADV_DONTNEED
                )


_SYNC_FILE_RANGE_WRITE: Final = 2  # start the write-out of the range's dirty pages, not waiting
_sync_file_range: list[Callable[[int, int, int, int], int] | None] = []


def _write_out(fd: int, offset: int, count: int) -> None:
    """Ask the kernel to start writing ``count`` bytes of ``fd`` from ``offset`` to the disk,
    without waiting (Linux's ``sync_file_range``, from the C library on first use; elsewhere
    nothing)."""
    if not _sync_file_range:
        _sync_file_range.append(_load_sync_file_range())
    call = _sync_file_range[0]
    if call is not None:
        call(fd, offset, count, _SYNC_FILE_RANGE_WRITE)  # -1 on failure: advice, ignored


def _load_sync_file_range() -> Callable[[int, int, int, int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        call = ctypes.CDLL(None, use_errno=True).sync_file_range
    except (AttributeError, OSError):
        return None
    call.argtypes = (ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint)
    call.restype = ctypes.c_int
    return call
