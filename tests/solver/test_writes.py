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
    dropped; a write within a window asks nothing; every byte is in the file (where uncached
    writes are not taken)."""
    calls = _advice(monkeypatch)
    monkeypatch.setattr(writes, "_uncached_writes", [False])
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


def _uncached(monkeypatch: pytest.MonkeyPatch, refuse: int | None) -> list[tuple[int, int]]:
    """Record each ``pwritev`` (its offset and flags), which writes as the kernel would, or
    refuses with errno ``refuse``; windows made small, uncached writes to be tried."""
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(writes, "WINDOW", 4096)
    monkeypatch.setattr(writes, "_uncached_writes", [True])

    def pwritev(fd: int, buffers: list[memoryview], offset: int, flags: int) -> int:
        calls.append((offset, flags))
        if refuse is not None:
            raise OSError(refuse, os.strerror(refuse))
        return os.write(fd, buffers[0])

    monkeypatch.setattr(os, "pwritev", pwritev, raising=False)
    return calls


def test_a_file_past_its_first_windows_is_written_uncached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writes that start past DROP_BEHIND windows go through pwritev2 at the file's offset with
    RWF_DONTCACHE, and ask no write-behind; those before, as before; every byte is in the file."""
    calls = _uncached(monkeypatch, None)
    advice = _advice(monkeypatch)
    path = tmp_path / "out"
    head = writes.DROP_BEHIND * 4096
    pieces = [os.urandom(n) for n in (head - 10, 20, 3 * WRITE_AT_MOST // 2, 7)]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        for piece in pieces:
            write_whole(fd, piece)
    finally:
        os.close(fd)
    assert path.read_bytes() == b"".join(pieces)
    assert calls == [(-1, writes.RWF_DONTCACHE)] * 3  # the long piece in two slices, the last
    assert advice == [("out", w * 4096, 4096) for w in range(writes.DROP_BEHIND)]


@pytest.mark.parametrize("refusal", [errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS])
def test_a_refused_uncached_write_is_written_as_before_and_not_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refusal: int
) -> None:
    calls = _uncached(monkeypatch, refusal)
    path = tmp_path / "out"
    data = [os.urandom(writes.DROP_BEHIND * 4096), os.urandom(5000), os.urandom(300)]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        for piece in data:
            write_whole(fd, piece)
    finally:
        os.close(fd)
    assert path.read_bytes() == b"".join(data)
    assert calls == [(-1, writes.RWF_DONTCACHE)]
    assert writes._uncached_writes == [False]


def test_another_failure_of_an_uncached_write_passes_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _uncached(monkeypatch, errno.ENOSPC)
    fd = os.open(tmp_path / "out", os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        write_whole(fd, b"x" * (writes.DROP_BEHIND * 4096))
        with pytest.raises(OSError, match="No space left"):
            write_whole(fd, b"y")
    finally:
        os.close(fd)
    assert writes._uncached_writes == [True]


def test_the_kernels_own_uncached_writes_keep_every_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real pwritev2 (taken or refused by this machine's kernel): the bytes are all there."""
    monkeypatch.setattr(writes, "WINDOW", 4096)
    path = tmp_path / "out"
    data = os.urandom(writes.DROP_BEHIND * 4096 + 3 * WRITE_AT_MOST + 11)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        write_whole(fd, data[: writes.DROP_BEHIND * 4096])
        write_whole(fd, data[writes.DROP_BEHIND * 4096 :])
    finally:
        os.close(fd)
    assert path.read_bytes() == data
