"""``lexibench spellingbee``: every word of a Spelling Bee, its pangrams and its score."""

from __future__ import annotations

import argparse

from lexibench.solver.cli.query import add_query_options, answer
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
    add_query_options(parser, WORD_RULES, KIND)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the letters, find the words, print them with the score."""
    hive = parse_hive(args.letters, min_length=args.min_length)
    return answer(
        args,
        hive,
        TITLE,
        tiers,
        solve,
        answer_json,
        lambda found: answer_text(hive, found),
    )
