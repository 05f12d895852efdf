"""Options and set-up shared by the commands that need a word list and a lexicon."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable

import structures
from solver.errors import InputError
from solver.rules import DEFAULT_MIN_LENGTH
from solver.wordlist import DEFAULT_WORDLIST, NAMED_SOURCES, WordList, load_wordlist
from structures import Lexicon

#: The backend with the fastest solve measured here (dict-trie, stepping: see results/).
DEFAULT_LEXICON = "dict-trie"


def int_at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} must be at least {minimum}")
        return value

    return parse


positive_int = int_at_least(1)


def add_lexicon_options(parser: argparse.ArgumentParser, min_length: bool = True) -> None:
    """``--wordlist``, ``--lexicon`` and (optionally) ``--min-length``."""
    parser.add_argument(
        "--wordlist",
        default=DEFAULT_WORDLIST,
        metavar="PATH|NAME",
        help=f"a word-list file, or one of {', '.join(NAMED_SOURCES)} (default: %(default)s)",
    )
    parser.add_argument(
        "--lexicon",
        default=DEFAULT_LEXICON,
        metavar="ID",
        help=(
            f"lexicon backend, one of: {', '.join(structures.backend_names())} "
            "(default: %(default)s, the fastest measured here; see `lexibench backends`)"
        ),
    )
    if min_length:
        parser.add_argument(
            "--min-length",
            type=positive_int,
            default=DEFAULT_MIN_LENGTH,
            metavar="N",
            help="shortest word that counts (default: %(default)s; 4 for Big Boggle play)",
        )


def check_backend(name: str) -> None:
    """Fail early, as an :class:`InputError`, for an unknown or unavailable backend id."""
    try:
        structures.backend_class(name)
    except structures.LexiconError as exc:
        raise InputError(str(exc)) from None


def load_checked_wordlist(args: argparse.Namespace, min_length: int) -> WordList:
    """Check the backend id, then load the word list (reported on stderr with ``--verbose``)."""
    check_backend(args.lexicon)
    wordlist = load_wordlist(args.wordlist, min_length)
    if getattr(args, "verbose", False):
        print(wordlist.report(), file=sys.stderr)
    return wordlist


def build_frozen(name: str, wordlist: WordList) -> Lexicon:
    """Build the lexicon and freeze it out of the garbage collector.

    The lexicon lives as long as the process: the collector need not walk it again and again.
    """
    lexicon = structures.build_lexicon(name, wordlist.words)
    gc.collect()
    gc.freeze()
    return lexicon


def load_lexicon(args: argparse.Namespace, min_length: int) -> tuple[WordList, Lexicon]:
    """Load the word list and build the lexicon."""
    wordlist = load_checked_wordlist(args, min_length)
    return wordlist, build_frozen(args.lexicon, wordlist)
