"""What the query games' commands (``anagram``, ``pattern``, ``spellingbee``, ``wordle``) share:
their options and their one path from a parsed puzzle to the printed answer."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TypeVar

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import (
    add_lexicon_options,
    add_tier_option,
    check_tier,
    open_lexicon_of,
)
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules
from lexibench.structures import Structure

P = TypeVar("P")
A = TypeVar("A")


def add_query_options(parser: argparse.ArgumentParser, rules: WordRules, kind: str) -> None:
    """The lexicon options (``--lexicon`` offering the indexes that answer ``kind`` too),
    ``--tier`` and ``--json``."""
    add_lexicon_options(parser, rules, (kind,))
    add_tier_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def answer(
    args: argparse.Namespace,
    puzzle: P,
    game: str,
    tiers: Callable[[type], tuple[Tier, ...]],
    solve: Callable[[P, Structure, Tier | str], A],
    as_json: Callable[[A], Any],
    as_text: Callable[[A], str],
) -> int:
    """Check the tier against the structure's class (before any word list is read), open the
    structure, search ``puzzle``, print the answer as JSON or text; the exit status."""
    check_tier(args, tiers, game=game)
    opened = open_lexicon_of(args)
    runtime.phase("lexicon")
    found = solve(puzzle, opened.structure, args.tier)
    runtime.phase("search")
    runtime.emit(json.dumps(as_json(found)) if args.json else as_text(found))
    return 0
