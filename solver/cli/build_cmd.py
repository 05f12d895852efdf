"""``lexibench build``: build a lexicon from a word list and save it to a file."""

from __future__ import annotations

import argparse
from pathlib import Path

from lexibench.solver.cli.options import (
    BUILTIN_IDS,
    DEFAULT_LEXICON,
    add_wordlist_options,
    limits_of,
)
from lexibench.solver.cli.runtime import say
from lexibench.solver.lexicons import build_lexicon_file
from lexibench.solver.wordlist import DEFAULT_WORDLIST, Capitalised


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    add_wordlist_options(parser)
    parser.add_argument(
        "--lexicon",
        default=DEFAULT_LEXICON,
        metavar="ID",
        help=f"lexicon backend: {BUILTIN_IDS}, or a plugin's id (default: %(default)s)",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=Path,
        required=True,
        metavar="FILE",
        help="where to write it (solve and letterboxed read it with --lexicon-file FILE)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Build, save, and say what was written."""
    capitalised = Capitalised(args.capitalised) if args.capitalised else None
    opened, size = build_lexicon_file(
        args.lexicon,
        args.wordlist or DEFAULT_WORDLIST,
        args.min_length,
        capitalised,
        args.output,
        limits_of(args),
    )
    say(
        f"wrote {args.output}: lexicon {opened.backend} over {opened.wordlist.name} "
        f"({opened.wordlist.words:,} words), {size:,} bytes",
    )
    return 0
