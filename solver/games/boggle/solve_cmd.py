"""``lexibench solve``: one board, or a file of boards as JSON Lines (optionally in parallel)."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import (
    MANY_BOARDS,
    add_cluster_options,
    add_jobs_option,
    add_lexicon_options,
    add_protocol_option,
    check_cluster_args,
    default_depends_on_count,
    int_at_least,
    open_from_args,
    start_pool,
    wants_cluster,
    worker_args,
)
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import Board, parse_board
from lexibench.solver.games.boggle.boards_file import BoardsReader
from lexibench.solver.games.boggle.render import solution_json, solution_text
from lexibench.solver.games.boggle.solve import (
    DEFAULT_MAX_PATHS,
    find_word_list,
    find_words,
    resolve_protocol,
    solve,
)
from lexibench.solver.lexicons import Opened

CHUNK = 64
#: Boards per Dask task: large enough that a task's overhead (a few ms) is small beside it.
DASK_CHUNK = 2_000


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "board",
        nargs="?",
        help="the board: pers/late/sind, or 16 letters for 4x4; - reads it from standard input",
    )
    parser.add_argument(
        "--boards-file",
        metavar="FILE",
        help="solve every board in FILE (one per line, - for stdin); prints JSON Lines",
    )
    add_lexicon_options(parser)
    add_protocol_option(parser)
    parser.add_argument("--all-paths", action="store_true", help="report every path of each word")
    parser.add_argument(
        "--max-paths",
        type=int_at_least(1),
        default=DEFAULT_MAX_PATHS,
        metavar="N",
        help="with --all-paths: refuse a board with more than N paths (default: %(default)s)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--summary",
        action="store_true",
        help='with --boards-file: print only {"board": ..., "count": n, "score": n} per line',
    )
    add_jobs_option(parser, "with --boards-file: solve in N processes (input order is kept)")
    add_cluster_options(parser, "--boards-file")
    parser.set_defaults(run=run)


def _stdin_board() -> str:
    if sys.stdin is None:
        raise InputError("board from standard input: standard input is closed")
    lines = [line for line in sys.stdin.read().split("\n") if line.strip()]
    if len(lines) != 1:
        raise InputError(
            f"board from standard input: expected one line, got {len(lines)} "
            "(use --boards-file - for several boards)"
        )
    return lines[0].removesuffix("\r").removeprefix("\ufeff")


def _check_stdin(args: argparse.Namespace) -> None:
    readers = [
        name
        for name, uses in (
            ("the board", args.board == "-"),
            ("--boards-file", args.boards_file == "-"),
            ("--wordlist", args.wordlist == "-"),
        )
        if uses
    ]
    if len(readers) > 1:
        raise InputError(f"standard input can feed only one of {' and '.join(readers)}")


def run(args: argparse.Namespace) -> int:
    """Solve the board (or boards file) and print the result."""
    if (args.board is None) == (args.boards_file is None):
        raise InputError("solve: give either a BOARD or --boards-file FILE (not both)")
    _check_stdin(args)
    if args.boards_file is not None:
        return _run_file(args)
    if args.summary:
        raise InputError("--summary goes with --boards-file (one board: use --json)")
    if wants_cluster(args):
        raise InputError("--scheduler and --dask-workers go with --boards-file")
    board = parse_board(_stdin_board() if args.board == "-" else args.board)
    opened = open_from_args(args)
    runtime.phase("lexicon")
    protocol = resolve_protocol(opened.lexicon, args.protocol, opened.backend)
    solution = solve(
        board, opened.lexicon, args.min_length, protocol, args.all_paths, args.max_paths
    )
    runtime.phase("search")
    if args.json:
        data = solution_json(solution, opened.wordlist, opened.backend, args.all_paths)
        runtime.emit(json.dumps(data))
    else:
        runtime.emit(solution_text(solution, opened.wordlist, opened.backend, protocol.value))
    return 0


class _Lines:
    """Makes each board's output line for one run: the full JSON of ``solve --json``, or the
    summary, straight from the search's result (:mod:`solver.games.boggle.lines`)."""

    def __init__(self, args: argparse.Namespace, opened: Opened) -> None:
        from lexibench.solver.games.boggle.lines import LineMaker

        self.lexicon = opened.lexicon
        self.min_length: int = args.min_length
        self.protocol = resolve_protocol(opened.lexicon, args.protocol, opened.backend)
        self.all_paths: bool = args.all_paths
        self.max_paths: int = args.max_paths
        self.summary: bool = args.summary
        self.maker = LineMaker(opened.wordlist, opened.backend, args.all_paths)

    def __call__(self, board: Board) -> bytes:
        if self.summary:
            words = find_word_list(board, self.lexicon, self.min_length, self.protocol)
            return self.maker.summary(board, words)
        found = find_words(
            board,
            self.lexicon,
            self.min_length,
            self.protocol,
            self.all_paths,
            max_paths=self.max_paths,
        )
        return self.maker.full(board, found)


# Per-process state for --jobs: the line maker (and its lexicon), made once, by the main process
# before it starts the workers (they share it) or by each worker (where processes are spawned).
_worker: dict[str, _Lines] = {}


def _init_worker(args: argparse.Namespace, boards: int) -> None:
    runtime.worker_signals()
    if "lines" not in _worker:
        _worker["lines"] = _Lines(args, open_from_args(args, boards))


def _solve_line(board: Board) -> bytes:
    return _worker["lines"](board)


def _results(args: argparse.Namespace, boards: Iterator[Board]) -> Iterator[bytes]:
    # Boards read ahead: MANY_BOARDS when their count picks the default lexicon, else two (one
    # board needs no workers).
    ahead = list(itertools.islice(boards, MANY_BOARDS if default_depends_on_count(args) else 2))
    everything = itertools.chain(ahead, boards)
    # Open (and check) everything here, so a bad option is one clean error, not one per worker.
    opened = open_from_args(args, len(ahead))
    lines = _Lines(args, opened)
    if wants_cluster(args):
        yield from _on_cluster(args, opened, everything)
        return
    if args.jobs == 1 or len(ahead) <= 1:
        yield from map(lines, everything)
        return

    def inherit() -> None:
        _worker["lines"] = lines

    pool = start_pool(args.jobs, _init_worker, (args, len(ahead)), inherit)
    with pool:  # leaving it, normally or not, stops every worker
        yield from pool.imap(_solve_line, everything, chunksize=CHUNK)


def _on_cluster(
    args: argparse.Namespace, opened: Opened, boards: Iterator[Board]
) -> Iterator[bytes]:
    """The lines, made by the Dask cluster's workers, :data:`DASK_CHUNK` boards per task."""
    from lexibench.solver.cluster import run_on_cluster

    chunks = iter(lambda: list(itertools.islice(boards, DASK_CHUNK)), [])
    for lines in run_on_cluster(args, _dask_lines, chunks, worker_args(args, opened)):
        yield from lines


def _dask_lines(boards: list[Board], args: argparse.Namespace) -> list[bytes]:
    """A Dask task: the output lines of ``boards``, with this worker's lexicon."""
    from lexibench.solver.cluster import kept_for_job

    with kept_for_job("lines", args, lambda: _Lines(args, open_from_args(args))) as lines:
        return list(map(lines, boards))


def _progress(lines: Iterable[bytes], stream: TextIO | None) -> Iterable[bytes]:
    if stream is None or not stream.isatty():
        return lines
    from tqdm import tqdm

    return tqdm(lines, unit="board", file=stream)


def _run_file(args: argparse.Namespace) -> int:
    check_cluster_args(args)
    reader = BoardsReader(args.boards_file)
    out = runtime.Output()
    for line in _progress(_results(args, iter(reader)), sys.stderr):
        out.line(line)
    out.flush()
    if reader.error is not None:
        raise reader.error
    return 0
