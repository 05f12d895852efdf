"""``lexibench wordle``: the words a Wordle's feedback still allows, and the best next guess."""

from __future__ import annotations

import argparse

from lexibench.solver.cli.options import int_at_least
from lexibench.solver.cli.query import add_query_options, answer
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
    add_query_options(parser, WORD_RULES, KIND)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Parse the guesses, find the candidates (and the suggestion), print them."""
    position = make_position(args.guess, args.length, args.suggest)
    return answer(
        args,
        position,
        TITLE,
        tiers,
        solve,
        lambda found: answer_json(found, position),
        lambda found: answer_text(found, position),
    )
