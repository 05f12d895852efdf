"""``lexibench spellingbee``: every word of a Spelling Bee, its pangrams and its score."""

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
from lexibench.solver.games.spellingbee.puzzle import (
    KIND,
    TITLE,
    WORD_RULES,
    parse_hive,
    solve,
    tiers,
)
from lexibench.solver.games.spellingbee.render import answer_json, answer_text


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("letters", help="seven distinct letters, the centre first: g aplmno")
    add_lexicon_options(parser, WORD_RULES, (KIND,))
    add_tier_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the letters, find the words, print them with the score."""
    hive = parse_hive(args.letters, min_length=args.min_length)
    check_tier(args, tiers, game=TITLE)
    opened = open_lexicon_of(args)
    runtime.phase("lexicon")
    found = solve(hive, opened.structure, args.tier)
    runtime.phase("search")
    emit(json.dumps(answer_json(found)) if args.json else answer_text(hive, found))
    return 0
