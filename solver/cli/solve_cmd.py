"""``lexibench solve``: one board, or a file of boards as JSON Lines (optionally in parallel)."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

import structures
from solver.board import Board, parse_board
from solver.cli.common import (
    add_lexicon_options,
    build_frozen,
    load_checked_wordlist,
    load_lexicon,
    positive_int,
)
from solver.dfs import Protocol, resolve_protocol, solve
from solver.errors import InputError
from solver.render import solution_json, solution_text
from solver.wordlist import WordList, read_lines
from structures import Lexicon

CHUNK = 64


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("board", nargs="?", help="the board: pers/late/sind, or 16 letters for 4x4")
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
    parser.add_argument("--verbose", action="store_true", help="report the word list on stderr")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve the board (or boards file) and print the result."""
    if (args.board is None) == (args.boards_file is None):
        raise InputError("solve: give either a BOARD or --boards-file FILE (not both)")
    if args.boards_file is not None:
        return _run_file(args)
    board = parse_board(args.board)
    wordlist, lexicon = load_lexicon(args, args.min_length)
    protocol = resolve_protocol(lexicon, args.protocol, args.lexicon)
    solution = solve(board, lexicon, args.min_length, protocol, args.all_paths)
    if args.json:
        print(json.dumps(solution_json(solution, wordlist, args.lexicon, args.all_paths)))
    else:
        print(solution_text(solution, wordlist, args.lexicon, protocol.value))
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


# Per-process state for --jobs: each worker builds its lexicon once.
_worker: dict[str, Any] = {}


def _init_worker(args: argparse.Namespace, wordlist: WordList) -> None:
    _worker.update(args=args, wordlist=wordlist, lexicon=build_frozen(args.lexicon, wordlist))


def _solve_line(board: Board) -> str:
    return _solve_json(board, _worker["args"], _worker["wordlist"], _worker["lexicon"])


def _solve_json(
    board: Board, args: argparse.Namespace, wordlist: WordList, lexicon: Lexicon
) -> str:
    solution = solve(board, lexicon, args.min_length, args.protocol, args.all_paths)
    return json.dumps(solution_json(solution, wordlist, args.lexicon, args.all_paths))


def _results(args: argparse.Namespace, boards: list[Board]) -> Iterator[str]:
    if args.jobs == 1 or len(boards) <= 1:
        wordlist, lexicon = load_lexicon(args, args.min_length)
        resolve_protocol(lexicon, args.protocol, args.lexicon)
        for board in boards:
            yield _solve_json(board, args, wordlist, lexicon)
        return
    # Check everything here, so a bad option is one clean error, not one per worker; the word
    # list is loaded once and handed to the workers, which build their own lexicon.
    wordlist = load_checked_wordlist(args, args.min_length)
    if args.protocol == Protocol.STEP.value and not structures.backend_info(args.lexicon).stepping:
        raise InputError(f"lexicon {args.lexicon}: does not support --protocol step")
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    with context.Pool(args.jobs, initializer=_init_worker, initargs=(args, wordlist)) as pool:
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
