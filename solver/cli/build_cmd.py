"""``lexibench build``: build a lexicon from a word list and save it to a file."""

from __future__ import annotations

import argparse
from pathlib import Path

from lexibench.solver import defaults
from lexibench.solver.cli.options import add_wordlist_options
from lexibench.solver.cli.runtime import say
from lexibench.solver.games.registry import game, game_names
from lexibench.solver.lexicons import build_lexicon_file, describe_variant, structure_of
from lexibench.solver.plan import Request, check_storable, lexicon_of
from lexibench.solver.wordlist import Capitalised, Limits
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
        default=defaults.WORDS,
        metavar="NAME",
        help="what the lexicon holds: the words (the default), or another of the game's "
        "variants (crossword: gaddag, the GADDAG strings of its words)",
    )
    add_wordlist_options(parser, None)
    parser.add_argument(
        "--lexicon",
        default=None,
        metavar="ID",
        help=f"lexicon backend: {', '.join(offered_builtins())}, or a plugin's id; or an index "
        f"for a query game: {', '.join(offered_indexes())} (default: the game's commands' own: "
        f"{_defaults()})",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=Path,
        required=True,
        metavar="FILE",
        help="where to write it (the game commands read it with --lexicon-file FILE)",
    )
    parser.set_defaults(run=run)


def _defaults() -> str:
    games = ", ".join(f"{s} for {g}" for g, s in sorted(defaults.GAME_STRUCTURES.items()))
    return f"{defaults.DEFAULT_STRUCTURE}; {games}"


def run(args: argparse.Namespace) -> int:
    """Build, save, and say what was written: the structure, word list, word rules and variant
    as a command's plan chooses them (:func:`~lexibench.solver.plan.lexicon_of`)."""
    played = game(args.game)
    request = Request(
        structure=args.lexicon,
        variant=args.variant,
        wordlist=args.wordlist,
        min_length=args.min_length,
        capitalised=Capitalised(args.capitalised) if args.capitalised else None,
        limits=Limits(max_bytes=args.max_wordlist_mib * 2**20, max_line=args.max_word_length),
    )
    structure, spec = lexicon_of(played, request)
    check_storable(
        played, structure, structure_of(structure), spec.variant, f"--variant {defaults.WORDS}"
    )
    opened, size = build_lexicon_file(
        structure,
        spec.wordlist or defaults.DEFAULT_WORDLIST,
        args.output,
        rules=spec.rules,
        capitalised=spec.capitalised,
        limits=spec.limits,
        game=args.game,
        variant=spec.variant,
    )
    held = (
        "" if spec.variant == defaults.WORDS else f" ({describe_variant(args.game, spec.variant)})"
    )
    say(
        f"wrote {args.output}: lexicon {opened.id}{held} over {opened.wordlist.name} "
        f"({opened.wordlist.words:,} words), {size:,} bytes",
    )
    return 0
