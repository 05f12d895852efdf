"""Writing output whole, a slice at a time (writes.py)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from lexibench.solver import writes
from lexibench.solver.writes import WRITE_AT_MOST, write_whole


def test_a_large_buffer_is_written_whole_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[bytes] = []
    calls = iter(range(100))

    def fake_write(fd: int, data: memoryview) -> int:
        assert fd == 7
        assert len(data) <= WRITE_AT_MOST
        call = next(calls)
        if call == 1:
            raise InterruptedError  # a signal: the write goes on
        take = len(data) if call % 3 else len(data) // 2  # short writes, as a pipe makes them
        written.append(bytes(data[:take]))
        return take

    monkeypatch.setattr(os, "write", fake_write)
    data = bytes(range(256)) * (3 * WRITE_AT_MOST // 256 + 5)
    write_whole(7, data)
    assert b"".join(written) == data


def test_a_failed_write_passes_through_after_the_bytes_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[int] = []

    def fake_write(fd: int, data: memoryview) -> int:
        if written:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(len(data))
        return len(data)

    monkeypatch.setattr(os, "write", fake_write)
    with pytest.raises(OSError, match="No space left"):
        write_whole(1, b"x" * (WRITE_AT_MOST + 1))
    assert written == [WRITE_AT_MOST]


def test_a_real_file_gets_every_byte(tmp_path: Path) -> None:
    path = tmp_path / "out"
    data = os.urandom(2 * WRITE_AT_MOST + 123)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        write_whole(fd, memoryview(data))
    finally:
        os.close(fd)
    assert path.read_bytes() == data


def _advice(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int]]:
    """Record the write-behind's calls (the windows made small), instead of making them."""
    calls: list[tuple[str, int, int]] = []
    monkeypatch.setattr(writes, "WINDOW", 4096)
    monkeypatch.setattr(
        writes, "_write_out", lambda fd, offset, count: calls.append(("out", offset, count))
    )

    def fadvise(fd: int, offset: int, count: int, advice: int) -> None:
        assert advice == os.POSIX_FADV_DONTNEED
        calls.append(("drop", offset, count))

    monkeypatch.setattr(os, "posix_fadvise", fadvise, raising=False)
    return calls


def test_a_regular_file_is_handed_to_the_disk_behind_the_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each window a write completes is written out, and the window DROP_BEHIND before it
    dropped; a write within a window asks nothing; every byte is in the file."""
    calls = _advice(monkeypatch)
    path = tmp_path / "out"
    pieces = [os.urandom(n) for n in (100, 4000, 30_000, 5, 9000)]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        write_whole(fd, pieces[0])
        assert calls == []  # within the first window
        for piece in pieces[1:]:
            write_whole(fd, piece)
    finally:
        os.close(fd)
    assert path.read_bytes() == b"".join(pieces)
    size = sum(map(len, pieces))  # 43,105 bytes: windows 0-9 complete
    behind = writes.DROP_BEHIND
    assert [c for c in calls if c[0] == "out"] == [("out", w * 4096, 4096) for w in range(10)]
    assert [c for c in calls if c[0] == "drop"] == [
        ("drop", w * 4096, 4096) for w in range(10 - behind)
    ]
    assert size // 4096 == 10


def test_a_pipe_gets_no_write_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _advice(monkeypatch)
    read, write = os.pipe()
    try:
        write_whole(write, b"x" * 60_000)
        got = b""
        while len(got) < 60_000:
            got += os.read(read, 65536)
    finally:
        os.close(read)
        os.close(write)
    assert got == b"x" * 60_000
    assert calls == []


def test_the_write_behind_is_advice_whose_failure_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real calls on a real file (the kernel's own write-out, windows made small), and calls
    that fail: the bytes are all there either way."""
    monkeypatch.setattr(writes, "WINDOW", 4096)
    path = tmp_path / "out"
    data = os.urandom(40 * 4096 + 17)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        writes._write_out(fd, 0, writes.WINDOW)  # nothing dirty yet: nothing to do
        writes._write_out(-1, 0, writes.WINDOW)  # a bad descriptor: -1, ignored
        writes._behind(-1, 10)  # no such descriptor: nothing asked
        write_whole(fd, data)
    finally:
        os.close(fd)
    assert path.read_bytes() == data
