"""``lexibench solve``: one board, or a file of boards as JSON Lines (optionally in parallel)."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import (
    add_cluster_options,
    add_jobs_option,
    add_lexicon_options,
    add_tier_option,
    check_tier,
    int_at_least,
    lexicon_spec,
    open_lexicon_of,
    wants_cluster,
    where_of,
)
from lexibench.solver.errors import InputError
from lexibench.solver.execution import Here, Processes
from lexibench.solver.games.boggle.board import parse_board
from lexibench.solver.games.boggle.boards_file import BoardsReader
from lexibench.solver.games.boggle.render import solution_json, solution_text
from lexibench.solver.games.boggle.rules import WORD_RULES
from lexibench.solver.games.boggle.solve import DEFAULT_MAX_PATHS, resolve, solve, tiers
from lexibench.solver.lexicons import MANY_UNITS


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
    add_lexicon_options(parser, WORD_RULES)
    add_tier_option(parser)
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
    if args.board is None and args.boards_file is None:
        raise InputError("solve: give a BOARD, or --boards-file FILE for many boards")
    if args.board is not None and args.boards_file is not None:
        raise InputError("solve: give a BOARD or --boards-file FILE, not both")
    _check_stdin(args)
    if args.boards_file is not None:
        return _run_file(args)
    if args.summary:
        raise InputError("--summary goes with --boards-file (one board: use --json)")
    if wants_cluster(args):
        raise InputError("--scheduler and --dask-workers go with --boards-file")
    if args.jobs != 1:
        raise InputError("--jobs goes with --boards-file (one board is solved in one process)")
    check_tier(args, tiers)
    board = parse_board(_stdin_board() if args.board == "-" else args.board)
    opened = open_lexicon_of(args)
    runtime.phase("lexicon")
    tier = resolve(opened.lexicon, args.tier, opened.backend)
    solution = solve(
        board,
        opened.lexicon,
        min_length=args.min_length,
        tier=tier,
        all_paths=args.all_paths,
        max_paths=args.max_paths,
    )
    runtime.phase("search")
    if args.json:
        data = solution_json(solution, opened.wordlist, opened.backend, args.all_paths)
        runtime.emit(json.dumps(data))
    else:
        runtime.emit(solution_text(solution, opened.wordlist, opened.backend, tier.value))
    return 0


def _progress(lines: Iterable[bytes], stream: TextIO | None) -> Iterable[bytes]:
    if stream is None or not stream.isatty():
        return lines
    from tqdm import tqdm

    return tqdm(lines, unit="board", file=stream)


def _run_file(args: argparse.Namespace) -> int:
    from lexibench.solver.games.boggle.bulk import LinesJob, solve_lines

    where = where_of(args)
    spec = lexicon_spec(args)
    reader = BoardsReader(args.boards_file)
    boards = iter(reader)
    # Boards read ahead: as many as decide the default lexicon when their number does, else two
    # (one board needs no workers).
    ahead = list(itertools.islice(boards, MANY_UNITS if spec.depends_on_units() else 2))
    check_tier(args, tiers, len(ahead))
    # Opened (and checked) here, so a bad option is one clean error, not one per worker.
    opened = open_lexicon_of(args, len(ahead))
    resolve(opened.lexicon, args.tier, opened.backend)
    job = LinesJob(
        spec.for_workers(opened),
        args.tier,
        args.min_length,
        args.all_paths,
        args.max_paths,
        args.summary,
    )
    if isinstance(where, Processes) and len(ahead) <= 1:
        where = Here()  # one board needs no workers
    out = runtime.Output()
    lines = solve_lines(job, itertools.chain(ahead, boards), where, opened)
    for line in _progress(lines, sys.stderr):
        out.line(line)
    out.flush()
    if reader.error is not None:
        raise reader.error
    return 0
