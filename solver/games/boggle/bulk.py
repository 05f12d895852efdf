"""Solving many boards: one output line per board, wherever the work runs.

Two ways, with the same output byte for byte:

- **Board by board**, any lexicon and tier: :class:`LinesJob` is a
  :class:`~lexibench.solver.execution.Job`: every process opens the lexicon once (or inherits it)
  and turns batches of boards into JSON lines (:mod:`.lines`), the full line of ``solve --json`` or
  the summary. :func:`solve_lines` runs it over boards here, in processes or on a Dask cluster, the
  lines in input order.
- **Block by block**, for array-trie's native tier where its compiled code is built: the boards
  file's bytes go, a block of lines at a time, to :class:`~.bulk_lines.BoardLines`, which parses,
  searches and writes every line in compiled code (no Python work per board);
  :class:`BlockLines` hands the lines it does not recognise to the Python parser.
  :func:`file_lines` runs it here, or in worker processes that each read their own shares of the
  file (:func:`~.boards_file.line_chunks`, sized by :class:`ShareSizes`) and write their lines
  in input order.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final

from lexibench.solver.errors import InputError
from lexibench.solver.execution import (
    HERE,
    Here,
    Processes,
    Where,
    ordered_map,
    written_in_order,
)
from lexibench.solver.games.boggle.board import MAX_CELLS, Board
from lexibench.solver.games.boggle.boards_file import (
    BoardsReader,
    board_of_line,
    line_blocks,
    line_chunks,
)
from lexibench.solver.games.boggle.rules import DEFAULT_MAX_PATHS, POINTS_BY_LENGTH
from lexibench.solver.games.boggle.solve import word_list_on, words_on
from lexibench.solver.lexicons import LexiconSpec, Opened, open_spec
from lexibench.solver.tiers import Tier
from lexibench.structures import TooManyPathsError
from lexibench.structures.files import open_regular

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.bulk_lines import BoardLines

#: Boards per batch in worker processes, and per task on Dask (a task costs a few ms).
BATCH: Final = 64
DASK_BATCH: Final = 2_000


class Lines:
    """Makes each board's output line with one lexicon and one set of options."""

    def __init__(self, job: LinesJob, opened: Opened) -> None:
        from lexibench.solver.games.boggle.lines import LineMaker  # msgspec: only for this path

        self.lexicon = opened.lexicon
        self.job = job
        self.maker = LineMaker(opened.wordlist, opened.id, job.all_paths)

    def __call__(self, board: Board) -> bytes:
        job = self.job
        if job.summary:
            words = word_list_on(board, self.lexicon, job.tier, job.min_length)
            return self.maker.summary(board, words)
        found = words_on(
            board, self.lexicon, job.tier, job.min_length, job.all_paths, job.max_paths
        )
        return self.maker.full(board, found)


@dataclass(frozen=True)
class LinesJob:
    """The lines of a boards file: the lexicon to open, the tier its search runs (the plan's)
    and what each line holds."""

    spec: LexiconSpec
    tier: Tier
    min_length: int = 3
    all_paths: bool = False
    max_paths: int = DEFAULT_MAX_PATHS
    summary: bool = False
    q_means_qu: bool = False
    """The boards are in the peers' form (see :func:`~.board.parse_board`)."""

    def open(self) -> Lines:
        """Open the lexicon (from its file or the cache) and make the line maker."""
        return Lines(self, open_spec(self.spec, freeze=True))

    def run(self, state: Lines, batch: list[Board]) -> list[bytes]:
        """The lines of a batch of boards."""
        return list(map(state, batch))


def too_many_paths(board: str, max_paths: int) -> InputError:
    """The error of a board with more paths than ``--max-paths`` allows (as :func:`find_words`
    says it)."""
    return InputError(
        f"board {board}: more than {max_paths:,} paths with --all-paths "
        "(raise the cap with --max-paths)"
    )


def solve_lines(
    job: LinesJob, boards: Iterable[Board], where: Where = HERE, opened: Opened | None = None
) -> Iterator[bytes]:
    """Every board's line, in input order, made wherever ``where`` says. ``opened``: the lexicon
    this process has already opened for ``job`` (used here, inherited by forked workers)."""
    state = Lines(job, opened) if opened is not None else None
    return ordered_map(job, boards, where, state=state, batch=BATCH, dask_batch=DASK_BATCH)


#: Bytes of output the compiled maker makes before handing them back (a piece is written whole).
PIECE: Final = 1 << 20
#: The most bytes of input per task when worker processes share the file (about 3,800 4x4
#: boards: a task of summary lines).
CHUNK: Final = 1 << 16
#: Bytes of lines a task should make at most: its lines wait in its worker's memory for their
#: turn, and a dense board's full line is a hundred times its summary (40 KB for one of the
#: dense workload's 4x4 boards), so a task of full lines on dense boards is sized by its lines,
#: not by its boards (which also leaves the two workers enough tasks to end together).
SHARE_LINES: Final = 1 << 25
#: Bytes of input of the first tasks, before the lines per byte of input are known.
FIRST_SHARE: Final = 1 << 12


@dataclass
class ShareSizes:
    """The bytes of input of each next share of a boards file: as many as make about
    :data:`SHARE_LINES` bytes of lines, by the lines per byte of input of the shares done so far
    (``first`` bytes until one is done; at most ``most``); where the file's size is known
    (``left``, its bytes), no more than an eighth of what is left for two workers (a share a
    worker's quarter), down to ``first``, so that the workers end together."""

    first: int
    most: int
    left: int | None = None
    workers: int = 2
    read: int = 0
    made: int = 0

    def __call__(self) -> int:
        """The next share's bytes of input."""
        if not self.made:
            size = self.first if not self.read else self.most
        else:
            size = max(1, min(self.most, SHARE_LINES * self.read // self.made))
        if self.left is not None:
            size = min(size, max(self.first, self.left // (4 * self.workers)))
            self.left = max(0, self.left - size)
        return size

    def done(self, read: int, made: int) -> None:
        """A share of ``read`` bytes of input made ``made`` bytes of lines."""
        self.read += read
        self.made += made


def compiled_lines(job: LinesJob, opened: Opened) -> BoardLines | None:
    """The compiled line maker for ``job`` on the lexicon ``opened``, or None where it does not
    apply: another tier than native, another lexicon than a compiled array-trie, or an install
    without compiled code (``LEXIBENCH_NO_COMPILE=1``)."""
    if job.tier is not Tier.NATIVE:
        return None
    try:
        from lexibench.solver.games.boggle.bulk_lines import BoardLines
        from lexibench.structures.backends.array_trie.core import NativeCore
    except ImportError:
        return None
    if not isinstance(opened.lexicon, NativeCore):
        return None
    return BoardLines(
        opened.lexicon,
        summary=job.summary,
        all_paths=job.all_paths,
        min_length=job.min_length,
        max_paths=job.max_paths,
        points=POINTS_BY_LENGTH,
        max_cells=MAX_CELLS,
        wordlist_json=_json(opened.wordlist.summary()),
        lexicon_json=_json(opened.id),
        q_means_qu=job.q_means_qu,
    )


def _json(value: object) -> bytes:
    """``value`` as compact JSON, the bytes :mod:`.lines`' msgspec encoder makes of it (strings,
    numbers, dicts of them): the standard library's encoder, since importing msgspec would cost
    the compiled path a fifth of a one-board command's start (about 20 ms)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


@dataclass(frozen=True)
class Stopped:
    """Where the lines stopped: at line ``line`` (counted from the first line given), which is
    not a board (``about_line``: the error names the line) or has too many paths."""

    line: int
    message: str
    about_line: bool = True

    def error(self, reader: BoardsReader, first_line: int = 1) -> InputError:
        """The error to report, for lines counted from ``first_line`` of ``reader``'s file."""
        if not self.about_line:
            return InputError(self.message)
        return InputError(
            f"boards file {reader.name}, line {self.line + first_line - 1}: {self.message}"
        )


@dataclass
class BlockLines:
    """The lines of blocks of a boards file, made by the compiled maker; a line it does not
    recognise goes through the Python parser (:func:`board_of_line`), which accepts it or names
    what is wrong. Blank lines are skipped and counted (:attr:`blanks`). The first bad line (or
    board with too many paths) ends the lines: :attr:`stop` says where."""

    maker: BoardLines
    max_paths: int
    stop: Stopped | None = field(default=None, init=False)
    blanks: int = field(default=0, init=False)

    def pieces(
        self, blocks: Iterable[tuple[bytes, int]], keep: bool = False
    ) -> Iterator[tuple[bytes, int]]:
        """``(lines, boards)`` for ``blocks`` (each with its first line's number), in order: the
        lines (each ending with LF, about :data:`PIECE` bytes at a time) and how many. With
        ``keep`` the lines are kept by the maker instead (its ``kept()``; the pieces are empty)."""
        for block, number in blocks:
            final = not block.endswith(b"\n")  # only the last block may lack it
            pos, size = 0, len(block)
            while pos < size:
                out, pos, boards, blanks, stopped = self.maker.lines(block, pos, final, PIECE, keep)
                number += boards + blanks
                self.blanks += blanks
                if out:
                    yield out, boards
                if not stopped:
                    continue
                end = block.find(b"\n", pos)
                raw = block[pos:] if end < 0 else block[pos:end]
                try:
                    board = board_of_line(raw, end >= 0, self.maker.q_means_qu)
                except InputError as exc:
                    self.stop = Stopped(number, str(exc))
                    return
                if board is None:  # a blank line left to it (longer than a board, or unended)
                    self.blanks += 1
                else:
                    try:
                        line = self.maker.board_line(board.cells, board.rows, board.cols, keep)
                    except TooManyPathsError:
                        error = too_many_paths(board.text(), self.max_paths)
                        self.stop = Stopped(number, str(error), about_line=False)
                        return
                    yield (b"" if keep else line + b"\n"), 1
                number += 1
                pos = size if end < 0 else end + 1


@dataclass(frozen=True)
class Chunk:
    """What one task made of its share of a boards file: its lines, how many boards and lines
    of the file the share held, and where it stopped, if it did."""

    output: memoryview | bytes
    boards: int
    lines: int
    stop: Stopped | None
    read: int = 0
    """Bytes of input of the share."""
    made: int = 0
    """Bytes of its lines."""
    blanks: int = 0
    """Blank lines skipped."""


@dataclass(frozen=True)
class ChunksJob:
    """The lines of shares of a boards file, in worker processes: a share is a byte range of the
    file at ``path`` (read by the worker) or, from a stream, the bytes of a block."""

    lines: LinesJob
    path: str | None = None

    def open(self) -> BoardLines:
        """The compiled line maker (the lexicon opened from its file or the cache)."""
        maker = compiled_lines(self.lines, open_spec(self.lines.spec, freeze=True))
        if maker is None:  # pragma: no cover - the parent checked it can be made
            raise InputError("the compiled lines are not available in this process")
        return maker

    def run(self, state: BoardLines, batch: list[bytes | tuple[int, int]]) -> list[Chunk]:
        """The lines of each share of ``batch``, kept by the maker (one buffer per worker,
        reused from batch to batch: no memory is mapped afresh for each share's lines): each
        chunk's output is a view of its part of them, valid until the next batch."""
        state.clear()
        made = []
        for share in batch:
            start = len(state.kept())
            made.append((start, *self._chunk(state, share)))
        kept = state.kept()
        ends = [start for start, *_ in made[1:]] + [len(kept)]
        return [
            Chunk(kept[start:end], boards, lines, stop, _share_size(share), end - start, blanks)
            for (start, boards, lines, stop, blanks), end, share in zip(
                made, ends, batch, strict=True
            )
        ]

    def output(self, result: Chunk) -> tuple[Chunk, list[memoryview | bytes], bool]:
        """A share's result without its lines, its lines, and whether they end the output (the
        share ends at a bad line)."""
        return replace(result, output=b""), [result.output], result.stop is not None

    def _chunk(
        self, maker: BoardLines, share: bytes | tuple[int, int]
    ) -> tuple[int, int, Stopped | None, int]:
        """Make and keep the lines of one share: its boards, its lines, where it stopped, its
        blank lines."""
        if isinstance(share, bytes):
            blocks: Iterable[bytes] = [share] if share else []
        else:
            start, size = share
            assert self.path is not None
            fd = open_regular(self.path)  # checked again: it may have been replaced meanwhile
            try:
                data = os.pread(fd, size, start)
            finally:
                os.close(fd)
            blocks = line_blocks(io.BytesIO(data).read, len(data) + 1, at_start=start == 0)
        lines = BlockLines(maker, self.lines.max_paths)
        count = 0
        numbered = []
        for block in blocks:
            numbered.append((block, count + 1))
            count += block.count(b"\n") + (not block.endswith(b"\n"))
        boards = sum(made for _, made in lines.pieces(numbered, keep=True))
        return boards, count, lines.stop, lines.blanks


def _share_size(share: bytes | tuple[int, int]) -> int:
    """Bytes of input of a share."""
    return len(share) if isinstance(share, bytes) else share[1]


def file_lines(
    job: LinesJob, reader: BoardsReader, maker: BoardLines, where: Here | Processes
) -> Iterator[tuple[bytes, int]]:
    """Every line of ``reader``'s boards, ``(lines, boards)`` a piece at a time in input order,
    made by the compiled ``maker``: here, or in ``where.jobs`` worker processes (forked from this
    one, they share its lexicon), which write the lines themselves, in turn (the pieces are then
    empty: only the boards are counted here). Blank lines are skipped, counted in
    ``reader.blanks``. The first bad line ends them, its error kept in ``reader.error`` as
    :class:`BoardsReader` keeps it.

    Raises :class:`~lexibench.solver.execution.WorkerOutputError` when a worker cannot write."""
    if isinstance(where, Processes) and where.jobs > 1:
        yield from _in_workers(job, reader, maker, where)
        return
    lines = BlockLines(maker, job.max_paths)
    yield from lines.pieces(reader.blocks())
    reader.blanks += lines.blanks
    if lines.stop is not None:
        reader.error = lines.stop.error(reader)


def _file_path(reader: BoardsReader) -> str | None:
    """The path of the boards file where it is a regular file (workers read their shares of
    it), else None (a stream: its blocks are read here and handed out)."""
    if reader.name == "<stdin>" or not os.path.isfile(reader.name):
        return None
    return reader.name


def one_share(reader: BoardsReader) -> bool:
    """True when the boards are a file of one share at most (:data:`CHUNK` bytes, about 3,800
    4x4 boards, a tenth of a second of work): a second process would not pay for its start."""
    return _file_path(reader) is not None and os.fstat(reader.stream.fileno()).st_size <= CHUNK


def _in_workers(
    job: LinesJob, reader: BoardsReader, maker: BoardLines, where: Processes
) -> Iterator[tuple[bytes, int]]:
    path = _file_path(reader)
    fd = reader.stream.fileno() if path is not None else None  # a stream may have none
    left = os.fstat(fd).st_size if fd is not None else None
    sizes = ShareSizes(min(FIRST_SHARE, CHUNK), CHUNK, left, where.jobs)
    shares: Iterable[bytes | tuple[int, int]]
    if fd is not None:
        shares = line_chunks(fd, sizes)
    else:
        shares = (block for block, _ in reader.blocks(sizes))
    first_line = 1
    try:
        for chunk in written_in_order(ChunksJob(job, path), shares, where.jobs, state=maker):
            sizes.done(chunk.read, chunk.made)
            reader.blanks += chunk.blanks
            yield b"", chunk.boards  # the worker has written them
            if chunk.stop is not None:
                reader.error = chunk.stop.error(reader, first_line)
                return
            first_line += chunk.lines
    finally:
        reader.close()
