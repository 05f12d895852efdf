"""``lexibench build``: build a lexicon from a word list and save it to a file."""

from __future__ import annotations

import argparse
from pathlib import Path

from lexibench.solver.cli.options import add_wordlist_options, lexicon_spec
from lexibench.solver.cli.runtime import say
from lexibench.solver.errors import InputError
from lexibench.solver.games.registry import game, game_names
from lexibench.solver.lexicons import DEFAULT_LEXICON, WORDS, build_lexicon_file
from lexibench.solver.wordlist import DEFAULT_WORDLIST
from lexibench.structures.registry import offered_builtins, offered_indexes


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "--game",
        choices=game_names(),
        default="boggle",
        help="the game whose word rules the list is normalized under (minimum length, the Qu "
        "rule; default: %(default)s)",
    )
    parser.add_argument(
        "--variant",
        default=WORDS,
        metavar="NAME",
        help="what the lexicon holds: the words (the default), or another of the game's "
        "variants (crossword: gaddag, the GADDAG strings of its words)",
    )
    add_wordlist_options(parser, None)
    parser.add_argument(
        "--lexicon",
        default=DEFAULT_LEXICON,
        metavar="ID",
        help=f"lexicon backend: {', '.join(offered_builtins())}, or a plugin's id; or an index "
        f"for a query game: {', '.join(offered_indexes())} (default: %(default)s)",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=Path,
        required=True,
        metavar="FILE",
        help="where to write it (the game commands read it with --lexicon-file FILE)",
    )
    parser.set_defaults(run=run, lexicon_file=None, no_cache=False)


def run(args: argparse.Namespace) -> int:
    """Build, save, and say what was written."""
    played = game(args.game)
    if args.variant not in played.variants:
        raise InputError(
            f"--variant {args.variant}: game {args.game} has {', '.join(played.variants)}"
        )
    args.word_rules = played.word_rules
    if args.min_length is None:
        args.min_length = args.word_rules.min_length
    spec = lexicon_spec(args)
    opened, size = build_lexicon_file(
        args.lexicon,
        args.wordlist or DEFAULT_WORDLIST,
        args.output,
        rules=spec.rules,
        capitalised=spec.capitalised,
        limits=spec.limits,
        game=args.game,
        variant=args.variant,
    )
    held = "" if args.variant == WORDS else f" ({args.game}'s {args.variant} strings)"
    say(
        f"wrote {args.output}: lexicon {opened.backend}{held} over {opened.wordlist.name} "
        f"({opened.wordlist.words:,} words), {size:,} bytes",
    )
    return 0
