"""``lexibench random``: seeded random boards, one per line (a valid boards file)."""

from __future__ import annotations

import argparse

from lexibench.solver.cli.options import int_at_least, whole_number
from lexibench.solver.cli.runtime import Output
from lexibench.solver.games.boggle.board import parse_size
from lexibench.solver.games.boggle.dice import KINDS, random_boards


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("--size", default="4x4", help="RxC (default: %(default)s)")
    parser.add_argument(
        "--dice",
        choices=KINDS,
        default=None,
        help="letters from a 4x4 dice set, uniform a-z, or English letter frequency "
        "(default: new for 4x4, frequency otherwise)",
    )
    parser.add_argument(
        "--seed", type=whole_number, default=0, help="random seed (default: %(default)s)"
    )
    parser.add_argument(
        "--count", type=int_at_least(0), default=1, help="how many (default: %(default)s)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the boards."""
    rows, cols = parse_size(args.size)
    out = Output()
    for board in random_boards(rows, cols, args.dice, args.seed, args.count):
        out.line(board.text().encode())
    out.flush()
    return 0
