"""``lexibench anagram``: every word a rack of tiles spells (``?`` for a blank)."""

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
from lexibench.solver.games.anagram.rack import (
    KIND,
    TITLE,
    WORD_RULES,
    parse_rack,
    solve,
    tiers,
)
from lexibench.solver.games.anagram.render import answer_json, answer_text


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("rack", help="letters a-z and ? for a blank: retain?? (may be empty)")
    add_lexicon_options(parser, WORD_RULES, (KIND,))
    add_tier_option(parser)
    parser.add_argument("--full", action="store_true", help="only the words that use every tile")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the rack, find its words, print them."""
    rack = parse_rack(args.rack, min_length=args.min_length, full=args.full)
    check_tier(args, tiers, game=TITLE)
    opened = open_lexicon_of(args)
    runtime.phase("lexicon")
    found = solve(rack, opened.structure, args.tier)
    runtime.phase("search")
    emit(json.dumps(answer_json(found)) if args.json else answer_text(rack, found))
    return 0
