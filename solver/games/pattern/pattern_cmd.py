"""``lexibench pattern``: every word a crossword pattern matches (``?`` one letter, ``*`` any)."""

from __future__ import annotations

import argparse

from lexibench.solver.cli.query import add_query_options, answer
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
    add_query_options(parser, WORD_RULES, KIND)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the pattern, find its words, print them."""
    pattern = parse_pattern(args.pattern, min_length=args.min_length)
    return answer(
        args,
        pattern,
        TITLE,
        tiers,
        solve,
        answer_json,
        lambda found: answer_text(pattern, found),
    )
