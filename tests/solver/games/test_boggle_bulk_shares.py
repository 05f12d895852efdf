"""Shares of a boards file in worker processes (bulk.py's block path): the lines of one process,
in input order, from a file or a stream; shares sized by the lines they make and smaller towards
the end of a file, each whole lines; blocks of whole lines from short reads."""

from __future__ import annotations

import io
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexibench.solver.execution import Processes
from lexibench.solver.games.boggle import bulk
from lexibench.solver.games.boggle.boards_file import MAX_LINE, line_blocks, line_chunks
from tests.solver.games.bulk_paths import compiled_run, make_job, seeded_text

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("LEXIBENCH_NO_COMPILE")), reason="the compiled lines are not built"
)


@pytest.mark.parametrize("summary", [False, True])
@pytest.mark.parametrize("source", ["file", "stream"])
def test_workers_write_the_lines_of_one_process_in_order(
    monkeypatch: pytest.MonkeyPatch,
    words_file: Path,
    tmp_path: Path,
    summary: bool,
    source: str,
) -> None:
    monkeypatch.setattr(bulk, "CHUNK", 500)  # many shares
    data = seeded_text(15)
    job = make_job(words_file, summary=summary)
    expected = compiled_run(job, data, tmp_path)
    if source == "stream":  # a stream's blocks, read by the parent and handed out
        monkeypatch.setattr(bulk, "_file_path", lambda reader: None)
    assert compiled_run(job, data, tmp_path, Processes(2)) == expected


def test_shares_are_sized_by_their_lines(
    monkeypatch: pytest.MonkeyPatch, words_file: Path, tmp_path: Path
) -> None:
    # Full lines a hundred times their boards: the shares after the first are sized so that
    # their lines come to SHARE_LINES; the output is still one process's, in order.
    monkeypatch.setattr(bulk, "SHARE_LINES", 2_000)
    monkeypatch.setattr(bulk, "FIRST_SHARE", 300)
    seen: list[int] = []
    sizes_of = bulk.ShareSizes.__call__

    def recorded(self: bulk.ShareSizes) -> int:
        size = sizes_of(self)
        seen.append(size)
        return size

    monkeypatch.setattr(bulk.ShareSizes, "__call__", recorded)
    data = seeded_text(15)
    job = make_job(words_file)
    expected = compiled_run(job, data, tmp_path)
    assert compiled_run(job, data, tmp_path, Processes(2)) == expected
    assert seen[0] == 300
    per_byte = len(expected[0]) / len(data)
    later = seen[len(seen) // 2 :]
    assert later
    assert all(abs(size * per_byte - 2_000) < 1_000 for size in later)


def test_share_sizes_follow_the_lines_per_byte_within_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bulk, "SHARE_LINES", 1 << 20)
    sizes = bulk.ShareSizes(first=4_096, most=65_536)
    assert sizes() == 4_096  # nothing known yet
    sizes.done(4_096, 4_096 * 2_000)  # dense boards' full lines: 2,000 bytes a byte of boards
    assert sizes() == (1 << 20) * 4_096 // (4_096 * 2_000)
    sizes.done(4_096, 4_096 * 2_000)
    assert sizes() == 524
    summaries = bulk.ShareSizes(first=4_096, most=65_536)
    summaries.done(4_096, 10_000)  # summary lines: a few bytes a byte of boards
    assert summaries() == 65_536
    nothing = bulk.ShareSizes(first=4_096, most=65_536)
    nothing.done(4_096, 0)  # no lines (a bad first line): the most, never a division by 0
    assert nothing() == 65_536
    huge = bulk.ShareSizes(first=4_096, most=65_536)
    huge.done(1, 1 << 40)
    assert huge() == 1  # at least a byte: every share holds a line


def test_shares_get_smaller_towards_the_end_of_a_file() -> None:
    """With the file's size known, a share is at most an eighth of what is left (two workers),
    down to the first shares' size: the two workers end within a small share of each other."""
    sizes = bulk.ShareSizes(first=4_096, most=65_536, left=2_000_000, workers=2)
    sizes.done(4_096, 10_000)  # summary lines: the most, where enough is left
    given = [sizes() for _ in range(60)]
    assert given[0] == 65_536
    assert given == sorted(given, reverse=True)
    assert given[-1] == 4_096
    assert sum(given[:-1]) < 2_000_000 + 4_096 * 60
    assert max(size for size in given if size < 65_536) <= 2_000_000 // 8


def test_shares_of_a_file_are_whole_lines(tmp_path: Path) -> None:
    lines = [b"x" * random.Random(k).randrange(1, 40) + b"\n" for k in range(300)]
    data = b"".join(lines) + b"last line without LF"
    path = tmp_path / "f.txt"
    path.write_bytes(data)
    with path.open("rb") as handle:
        shares = list(line_chunks(handle.fileno(), 100))
    assert sum(size for _, size in shares) == len(data)
    position = 0
    for start, size in shares:
        assert start == position
        position += size
        piece = data[start : start + size]
        assert piece.endswith(b"\n") or start + size == len(data)
    long_line = b"a\n" + b"y" * (MAX_LINE + 10) + b"\nb\n"
    path.write_bytes(long_line)
    with path.open("rb") as handle:
        starts = [start for start, _ in line_chunks(handle.fileno(), 1)]
    assert starts[:2] == [0, 2]  # the long line starts a share, which ends inside it
    assert starts[2] == 2 + MAX_LINE + 3


def _chunked(data: bytes, size: int) -> Iterator[bytes]:
    """A reader that hands out ``size`` bytes at a time (a slow pipe)."""
    stream = io.BytesIO(data)
    return iter(lambda: stream.read(size), b"")


@pytest.mark.parametrize("size", [1, 2, 3, 7, 1 << 20])
def test_blocks_of_whole_lines_from_short_reads(size: int) -> None:
    data = b"\xef\xbb\xbfab/cd\r\nef/gh\nij"
    pieces = _chunked(data, size)
    blocks = list(line_blocks(lambda n: next(pieces, b""), size))
    assert b"".join(blocks) == data[3:]
    assert all(block.endswith(b"\n") for block in blocks[:-1])
    assert blocks[-1].endswith(b"ij")
