"""``lexibench pattern``: every word a crossword pattern matches (``?`` one letter, ``*`` any)."""

from __future__ import annotations

import argparse
import json

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import (
    add_lexicon_options,
    add_tier_option,
    check_tier,
    open_lexicon_of,
)
from lexibench.solver.cli.runtime import emit
from lexibench.solver.games.pattern.puzzle import (
    KIND,
    TITLE,
    WORD_RULES,
    parse_pattern,
    solve,
    tiers,
)
from lexibench.solver.games.pattern.render import answer_json, answer_text


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "pattern", help="letters a-z, ? for one letter, * for any letters: 'c?t*' (quote it)"
    )
    add_lexicon_options(parser, WORD_RULES, (KIND,))
    add_tier_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the pattern, find its words, print them."""
    pattern = parse_pattern(args.pattern, min_length=args.min_length)
    check_tier(args, tiers, game=TITLE)
    opened = open_lexicon_of(args)
    runtime.phase("lexicon")
    found = solve(pattern, opened.structure, args.tier)
    runtime.phase("search")
    emit(json.dumps(answer_json(found)) if args.json else answer_text(pattern, found))
    return 0
