"""The options the crossword commands share: the lexicon (``kwg`` by default), the tier, the
algorithm and the rule set, checked before any word list is read; and opening the lexicon the
algorithm needs."""

from __future__ import annotations

import argparse
from typing import Final

from lexibench.solver.cli.options import (
    add_lexicon_options,
    add_tier_option,
    lexicon_spec,
    open_lexicon_of,
)
from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.rules import DEFAULT_RULES, WORD_RULES, ruleset_names
from lexibench.solver.lexicons import Opened
from lexibench.solver.tiers import Tier

#: The backend the crossword commands use when none is named: the one structure whose array the
#: native generator walks, holding both the DAWG and the GADDAG.
DEFAULT_LEXICON: Final = "kwg"
DEFAULT_ALGORITHM: Final = "gaddag"


def add_crossword_options(parser: argparse.ArgumentParser) -> None:
    """``--rules``, the lexicon options, ``--tier`` and ``--algorithm``."""
    parser.add_argument(
        "--rules",
        default=DEFAULT_RULES,
        metavar="NAME|FILE",
        help=f"the rule set: one of lexibench's ({', '.join(ruleset_names())}) or a JSON file "
        "(see solver/README.md; default: %(default)s)",
    )
    add_lexicon_options(
        parser,
        WORD_RULES,
        default=DEFAULT_LEXICON,
        default_help=f"{DEFAULT_LEXICON}, the word list's DAWG and GADDAG in one array, which the "
        "native move generator walks",
    )
    add_tier_option(parser)
    parser.add_argument(
        "--algorithm",
        choices=["dawg", "gaddag"],
        default=DEFAULT_ALGORITHM,
        help="Appel and Jacobson's over a lexicon of the words (dawg), or Gordon's over a "
        "lexicon of their GADDAG strings (gaddag; the default)",
    )


def prepare(args: argparse.Namespace) -> Tier:
    """Check the options before any work (the tier the backend offers; a backend that cannot
    hold the GADDAG strings); set the lexicon's variant; return the tier to run."""
    from lexibench import structures
    from lexibench.solver.games.crossword.movegen import VARIANTS, resolve

    args.lexicon_game = "crossword"
    args.lexicon_variant = VARIANTS[args.algorithm]
    name = lexicon_spec(args).backend_name()
    cls = structures.class_of(structures.backend_class(name))
    tier = resolve(cls, args.tier, name)
    if args.algorithm == "gaddag" and args.lexicon_file is None:
        from lexibench.structures.gaddag import gaddag_strings

        try:
            structures.build_lexicon(name, gaddag_strings(["ab"]))
        except structures.UnstorableWordError as exc:
            raise InputError(
                f"lexicon {name} cannot hold the GADDAG strings --algorithm gaddag searches "
                f"({exc.reason}); use --algorithm dawg, or another --lexicon"
            ) from None
    return tier


def open_crossword_lexicon(args: argparse.Namespace) -> Opened:
    """The lexicon the options name, holding what the algorithm searches."""
    return open_lexicon_of(args)
