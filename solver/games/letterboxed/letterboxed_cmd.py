"""``lexibench letterboxed``: the words and the shortest solutions of a Letter Boxed puzzle."""

from __future__ import annotations

import argparse
import json

from lexibench.solver.cli.options import (
    add_lexicon_options,
    add_tier_option,
    check_tier,
    open_lexicon_of,
    positive_int,
)
from lexibench.solver.cli.runtime import emit
from lexibench.solver.games.letterboxed.puzzle import (
    DEFAULT_LIMIT,
    DEFAULT_MAX_WORDS,
    WORD_RULES,
    find_words,
    parse_box,
    solutions,
    tiers,
)


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "sides", help='four sides of three letters: "rme wcl tgk api" or RME-WCL-TGK-API'
    )
    add_lexicon_options(parser, WORD_RULES)
    add_tier_option(parser)
    parser.add_argument(
        "--max-words",
        type=positive_int,
        default=DEFAULT_MAX_WORDS,
        metavar="K",
        help="longest chain of words to look for (default: %(default)s)",
    )
    parser.add_argument(
        "--limit",
        type=positive_int,
        default=DEFAULT_LIMIT,
        metavar="N",
        help="most solutions to print, fewest words and letters first (default: %(default)s)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Find the words, then the solutions, and print them."""
    box = parse_box(args.sides)
    check_tier(args, tiers)
    opened = open_lexicon_of(args)
    words = find_words(box, opened.lexicon, min_length=args.min_length, tier=args.tier)
    found = solutions(box, words, args.max_words, args.limit)
    if args.json:
        data = {"sides": list(box.sides), "words": words, "solutions": [list(s) for s in found]}
        emit(json.dumps(data))
        return 0
    lines = [
        f"sides: {' '.join(box.sides)}",
        f"{len(words):,} valid words; {len(found):,} solutions of at most {args.max_words} words",
        *("  " + " - ".join(chain) for chain in found),
    ]
    emit("\n".join(lines))
    return 0
