"""``lexibench moves``: every legal move of a crossword-game position (CGP), best first."""

from __future__ import annotations

import argparse
import json
import sys

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import positive_int
from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.moves import DEFAULT_TOP, moves_json, moves_text
from lexibench.solver.games.crossword.options import (
    add_crossword_options,
    open_crossword_lexicon,
    prepare,
)


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "position",
        help='the position as one CGP line, quoted: "<rows> <rack> [<score>/<score> '
        '<zero-score turns>] [options]"; - reads it from standard input',
    )
    add_crossword_options(parser)
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--top",
        type=positive_int,
        default=DEFAULT_TOP,
        metavar="N",
        help="print the N best moves (default: %(default)s)",
    )
    shown.add_argument("--all", action="store_true", help="print every move")
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"count": n, "moves": [{"coord", "word", "score", "leave", "tiles"}, ...]}',
    )
    parser.set_defaults(run=run)


def _stdin_position() -> str:
    if sys.stdin is None:
        raise InputError("position from standard input: standard input is closed")
    lines = [line for line in sys.stdin.read().split("\n") if line.strip()]
    if len(lines) != 1:
        raise InputError(f"position from standard input: expected one CGP line, got {len(lines)}")
    return lines[0].removesuffix("\r").removeprefix("\ufeff")


def run(args: argparse.Namespace) -> int:
    """Read the position, generate its moves and print them."""
    from lexibench.solver.games.crossword.movegen import MoveGenerator
    from lexibench.solver.games.crossword.position import parse_cgp
    from lexibench.solver.games.crossword.rules import load_rules

    if args.position == "-" and args.wordlist == "-":
        raise InputError("standard input can feed only one of the position and --wordlist")
    rules = load_rules(args.rules)
    position = parse_cgp(_stdin_position() if args.position == "-" else args.position, rules)
    tier = prepare(args)
    opened = open_crossword_lexicon(args)
    runtime.phase("lexicon")
    generator = MoveGenerator(opened.lexicon, tier, args.lexicon_variant)
    moves = generator(position)
    runtime.phase("search")
    top = None if args.all else args.top
    if args.json:
        runtime.emit(json.dumps(moves_json(moves, top)))
        return 0
    info = opened.wordlist
    heading = [
        f"word list {info.name} ({info.words:,} words), lexicon {opened.backend} "
        f"({generator.tier.value}, {generator.algorithm})"
    ]
    runtime.emit(moves_text(moves, top, heading))
    return 0
