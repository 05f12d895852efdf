"""``lexibench anagram``: every word a rack of tiles spells (``?`` for a blank)."""

from __future__ import annotations

import argparse

from lexibench.solver.cli.query import add_query_options, answer
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
    parser.add_argument("--full", action="store_true", help="only the words that use every tile")
    add_query_options(parser, WORD_RULES, KIND)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the rack, find its words, print them."""
    rack = parse_rack(args.rack, min_length=args.min_length, full=args.full)
    return answer(
        args,
        rack,
        TITLE,
        tiers,
        solve,
        answer_json,
        lambda found: answer_text(rack, found),
    )
