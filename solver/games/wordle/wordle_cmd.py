"""``lexibench wordle``: the words a Wordle's feedback still allows, and the best next guess."""

from __future__ import annotations

import argparse
import json

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import (
    add_lexicon_options,
    add_tier_option,
    check_tier,
    int_at_least,
    open_lexicon_of,
)
from lexibench.solver.cli.runtime import emit
from lexibench.solver.games.wordle.puzzle import (
    KIND,
    MAX_LENGTH,
    MIN_LENGTH,
    TITLE,
    WORD_RULES,
    make_position,
    solve,
    tiers,
)
from lexibench.solver.games.wordle.render import answer_json, answer_text


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "--guess",
        action="append",
        default=[],
        metavar="WORD=FEEDBACK",
        help="a guess and its feedback, one of g (right place), y (elsewhere), b (not in the "
        "answer) per letter: crane=bbygb; repeat it for every guess",
    )
    parser.add_argument(
        "--length",
        type=int_at_least(MIN_LENGTH, MAX_LENGTH),
        default=None,
        metavar="N",
        help="word length (default: the guesses', else 5)",
    )
    parser.add_argument(
        "--suggest",
        action="store_true",
        help="also give the guess, among every word of that length, that leaves the fewest "
        "candidates expected",
    )
    add_lexicon_options(parser, WORD_RULES, (KIND,))
    add_tier_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the guesses, find the candidates (and the suggestion), print them."""
    position = make_position(args.guess, args.length, args.suggest)
    check_tier(args, tiers, game=TITLE)
    opened = open_lexicon_of(args)
    runtime.phase("lexicon")
    found = solve(position, opened.structure, args.tier)
    runtime.phase("search")
    emit(json.dumps(answer_json(found, position)) if args.json else answer_text(found, position))
    return 0
