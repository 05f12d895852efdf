"""``lexibench solve``: one board, or a file of boards as JSON Lines (optionally in parallel)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from solver.board import Board, parse_board
from solver.cli.common import add_lexicon_options, open_from_args, positive_int
from solver.dfs import Protocol, resolve_protocol, solve
from solver.errors import InputError
from solver.lexicons import Opened
from solver.render import solution_json, solution_text
from solver.wordlist import read_lines

CHUNK = 64


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
    parser.add_argument(
        "--protocol",
        choices=[p.value for p in Protocol],
        default=Protocol.AUTO.value,
        help="query whole strings, step node by node, or step when the lexicon can (default)",
    )
    parser.add_argument("--all-paths", action="store_true", help="report every path of each word")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        metavar="N",
        help="with --boards-file: solve in N processes (input order is kept)",
    )
    parser.set_defaults(run=run)


def _stdin_board() -> str:
    lines = [line for line in sys.stdin.read().splitlines() if line.strip()]
    if len(lines) != 1:
        raise InputError(
            f"board from standard input: expected one line, got {len(lines)} "
            "(use --boards-file - for several boards)"
        )
    return lines[0]


def run(args: argparse.Namespace) -> int:
    """Solve the board (or boards file) and print the result."""
    if (args.board is None) == (args.boards_file is None):
        raise InputError("solve: give either a BOARD or --boards-file FILE (not both)")
    if args.boards_file is not None:
        return _run_file(args)
    board = parse_board(_stdin_board() if args.board == "-" else args.board)
    opened = open_from_args(args)
    protocol = resolve_protocol(opened.lexicon, args.protocol, opened.backend)
    solution = solve(board, opened.lexicon, args.min_length, protocol, args.all_paths)
    if args.json:
        print(json.dumps(solution_json(solution, opened.wordlist, opened.backend, args.all_paths)))
    else:
        print(solution_text(solution, opened.wordlist, opened.backend, protocol.value))
    return 0


def _read_boards(source: str) -> tuple[list[Board], InputError | None]:
    """Parse boards up to the first bad line; return them and that line's error, if any."""
    name = "<stdin>" if source == "-" else source
    lines = (
        sys.stdin.read().splitlines() if source == "-" else read_lines(Path(source), "boards file")
    )
    boards: list[Board] = []
    for number, line in enumerate(lines, start=1):
        try:
            boards.append(parse_board(line))
        except InputError as exc:
            return boards, InputError(f"boards file {name}, line {number}: {exc}")
    return boards, None


# Per-process state for --jobs: the lexicon opened once, by the parent before it forks (the
# workers share it) or by each worker (where processes are spawned, not forked).
_worker: dict[str, object] = {}


def _init_worker(args: argparse.Namespace, boards: int) -> None:
    if "opened" not in _worker:
        _worker.update(args=args, opened=open_from_args(args, boards))


def _solve_line(board: Board) -> str:
    args = _worker["args"]
    opened = _worker["opened"]
    assert isinstance(args, argparse.Namespace)
    assert isinstance(opened, Opened)
    return _solve_json(board, args, opened)


def _solve_json(board: Board, args: argparse.Namespace, opened: Opened) -> str:
    solution = solve(board, opened.lexicon, args.min_length, args.protocol, args.all_paths)
    return json.dumps(solution_json(solution, opened.wordlist, opened.backend, args.all_paths))


def _results(args: argparse.Namespace, boards: list[Board]) -> Iterator[str]:
    # Open (and check) everything here, so a bad option is one clean error, not one per worker.
    opened = open_from_args(args, len(boards))
    resolve_protocol(opened.lexicon, args.protocol, opened.backend)
    if args.jobs == 1 or len(boards) <= 1:
        for board in boards:
            yield _solve_json(board, args, opened)
        return
    import multiprocessing

    fork = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if fork else "spawn")
    if fork:
        _worker.update(args=args, opened=opened)
    with context.Pool(args.jobs, initializer=_init_worker, initargs=(args, len(boards))) as pool:
        yield from pool.imap(_solve_line, boards, chunksize=CHUNK)


def _progress(lines: Iterable[str], total: int, stream: TextIO) -> Iterable[str]:
    if not stream.isatty():
        return lines
    from tqdm import tqdm

    return tqdm(lines, total=total, unit="board", file=stream)


def _run_file(args: argparse.Namespace) -> int:
    boards, error = _read_boards(args.boards_file)
    for line in _progress(_results(args, boards), len(boards), sys.stderr):
        sys.stdout.write(line + "\n")
    sys.stdout.flush()
    if error is not None:
        raise error
    return 0
