"""Writing output whole, a slice at a time (writes.py)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

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
