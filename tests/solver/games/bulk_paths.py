"""The two ways ``solve --boards-file`` makes its lines, run on a file's bytes for the bulk tests
(test_boggle_bulk_lines, test_boggle_bulk_shares): the per-board path (the Python line maker)
and the compiled path (bulk_lines.pyx, here or in worker processes), each giving its output and
its error; and the seeded boards they are compared on. The word list file they read is the
``words_file`` fixture (conftest.py)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from lexibench.solver.execution import HERE, Processes
from lexibench.solver.games.boggle.boards_file import BoardsReader
from lexibench.solver.games.boggle.bulk import LinesJob, compiled_lines, file_lines, solve_lines
from lexibench.solver.games.boggle.dice import random_boards
from lexibench.solver.lexicons import LexiconSpec, Opened, open_spec
from lexibench.solver.tiers import Tier

#: Shapes and dice of the seeded boards compared: small and large graphs (the search's two ways
#: of extending a path), one row, one column, one cell.
SHAPES = [
    (4, 4, "new"),
    (4, 4, "classic"),
    (4, 4, "uniform"),
    (3, 3, None),
    (5, 5, None),
    (6, 6, None),
    (8, 8, None),
    (9, 9, None),
    (1, 6, None),
    (6, 1, None),
    (1, 1, None),
    (3, 7, "uniform"),
]


@cache
def opened_trie(path: str) -> Opened:
    """array-trie over the word list file ``path``, opened once."""
    return open_spec(LexiconSpec(structure="array-trie", wordlist=path))


def make_job(path: Path, tier: str = "native", **options: Any) -> LinesJob:
    """The job of ``solve --boards-file`` over array-trie of the word list file ``path``."""
    spec = LexiconSpec(structure="array-trie", wordlist=str(path))
    return LinesJob(spec, Tier(tier), **options)


def seeded_text(count: int = 40) -> bytes:
    """Boards of every shape in SHAPES, one per line, as ``lexibench random`` writes them."""
    lines = []
    for rows, cols, kind in SHAPES:
        lines += [b.text() for b in random_boards(rows, cols, kind, rows * 100 + cols, count)]
    return ("\n".join(lines) + "\n").encode()


def by_board(
    job: LinesJob, data: bytes, tmp_path: Path, blanks: list[int] | None = None
) -> tuple[bytes, str | None]:
    """The output and error of the per-board path (the Python line maker) on ``data``; the blank
    lines it skipped are added to ``blanks``."""
    path = tmp_path / "by-board.txt"
    path.write_bytes(data)
    reader = BoardsReader(str(path), job.q_means_qu)
    opened = opened_trie(str(job.spec.wordlist))
    out = b"".join(line + b"\n" for line in solve_lines(job, reader, HERE, opened))
    if blanks is not None:
        blanks.append(reader.blanks)
    return out, None if reader.error is None else str(reader.error)


def compiled_run(
    job: LinesJob,
    data: bytes,
    tmp_path: Path,
    where: Processes | None = None,
    blanks: list[int] | None = None,
) -> tuple[bytes, str | None]:
    """The output and error of the compiled path on ``data`` (here, or in workers); the blank
    lines it skipped are added to ``blanks``."""
    path = tmp_path / "by-board.txt"  # the same name: the errors name the file
    path.write_bytes(data)
    reader = BoardsReader(str(path), job.q_means_qu)
    maker = compiled_lines(job, opened_trie(str(job.spec.wordlist)))
    assert maker is not None
    out = bytearray()
    if where is not None:  # the workers write to file descriptor 1: catch it
        saved = os.dup(1)
        capture = tmp_path / "workers.out"
        with capture.open("wb") as sink:
            os.dup2(sink.fileno(), 1)
            try:
                for piece, _ in file_lines(job, reader, maker, where):
                    out += piece
            finally:
                os.dup2(saved, 1)
                os.close(saved)
        out += capture.read_bytes()
    else:
        for piece, _ in file_lines(job, reader, maker, HERE):
            out += piece
    if blanks is not None:
        blanks.append(reader.blanks)
    return bytes(out), None if reader.error is None else str(reader.error)
