"""``lexibench pattern``: every word a crossword pattern matches (``?`` one letter, ``*`` any)."""

from __future__ import annotations

import argparse
import json

from lexibench.solver.cli.options import (
    add_lexicon_options,
    add_tier_option,
    check_tier,
    open_lexicon_of,
)
from lexibench.solver.cli.runtime import emit
from lexibench.solver.games.pattern.game import CrosswordPattern
from lexibench.solver.games.pattern.puzzle import parse_pattern, solve


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "pattern", help="letters a-z, ? for one letter, * for any letters: 'c?t*' (quote it)"
    )
    add_lexicon_options(parser, CrosswordPattern.word_rules, (CrosswordPattern.kind,))
    add_tier_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the pattern, find its words, print them."""
    pattern = parse_pattern(args.pattern, min_length=args.min_length)
    check_tier(args, CrosswordPattern.name)
    opened = open_lexicon_of(args)
    found = solve(pattern, opened.structure, args.tier)
    played = CrosswordPattern()
    emit(
        json.dumps(played.to_json(pattern, found)) if args.json else played.to_text(pattern, found)
    )
    return 0
