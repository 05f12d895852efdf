"""``lexibench hidden``: find the words hidden in a text."""

from __future__ import annotations

import argparse
import json

from lexibench.solver.cli.options import (
    add_lexicon_options,
    add_tier_option,
    check_tier,
    open_lexicon_of,
)
from lexibench.solver.cli.runtime import emit
from lexibench.solver.games.toy.game import HiddenWords
from lexibench.solver.tiers import Tier


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text")
    add_lexicon_options(parser, HiddenWords.word_rules)
    add_tier_option(parser)
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = HiddenWords()
    text = game.parse(args.text)
    check_tier(args, game.tiers)
    opened = open_lexicon_of(args)
    tier = Tier(args.tier)
    if tier is Tier.AUTO:
        tier = max(game.tiers(opened.lexicon), key=[Tier.STRING, Tier.STEP].index)
    answer = game.solver(opened.lexicon, tier)(text)
    emit(json.dumps(game.to_json(text, answer)) if args.json else game.to_text(text, answer))
    return 0
