"""``lexibench selfplay``: greedy crossword games played to the end, and how fast."""

from __future__ import annotations

import argparse
import json
import random
import time

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import int_at_least, whole_number
from lexibench.solver.games.crossword.options import (
    add_crossword_options,
    open_crossword_lexicon,
    prepare,
)


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument(
        "--games",
        type=int_at_least(1, 1_000_000),
        default=10,
        metavar="N",
        help="games to play (default: %(default)s)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        default=1,
        metavar="S",
        help="game j's bag is shuffled by random.Random(f'selfplay:{S}:{j}') (default: "
        "%(default)s)",
    )
    add_crossword_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play the games, timing them (not the lexicon's loading), and report."""
    from lexibench.solver.games.crossword.movegen import MoveGenerator
    from lexibench.solver.games.crossword.rules import load_rules
    from lexibench.solver.games.crossword.selfplay import play

    rules = load_rules(args.rules)
    tier = prepare(args)
    opened = open_crossword_lexicon(args)
    runtime.phase("lexicon")
    generator = MoveGenerator(opened.lexicon, tier, args.lexicon_variant)

    def generated() -> int:
        return generator.generated

    played = found = 0
    totals = [0, 0]
    started = time.perf_counter()
    for j in range(args.games):
        result = play(
            rules, generator.best_raw, random.Random(f"selfplay:{args.seed}:{j}"), counter=generated
        )
        played += result.played
        found += result.generated
        totals[0] += result.scores[0]
        totals[1] += result.scores[1]
    seconds = time.perf_counter() - started
    runtime.phase("search")
    data = {
        "games": args.games,
        "seed": args.seed,
        "seconds": round(seconds, 6),
        "games_per_second": round(args.games / seconds, 3),
        "moves_played": played,
        "moves_per_second": round(played / seconds, 3),
        "moves_generated": found,
        "generated_per_second": round(found / seconds, 3),
        "mean_scores": [round(t / args.games, 2) for t in totals],
        "lexicon": opened.backend,
        "tier": generator.tier.value,
        "algorithm": generator.algorithm,
        "wordlist": opened.wordlist.name,
    }
    if args.json:
        runtime.emit(json.dumps(data))
        return 0
    runtime.emit(
        "\n".join(
            [
                f"{args.games:,} greedy game{'s' if args.games != 1 else ''} (seed {args.seed}) "
                f"in {seconds:.3f} s: {args.games / seconds:,.1f} games/s",
                f"{played:,} moves played: {played / seconds:,.0f} moves/s "
                f"({found:,} moves generated, {found / seconds:,.0f}/s)",
                f"mean final scores {data['mean_scores'][0]:g} and {data['mean_scores'][1]:g}",
                f"word list {opened.wordlist.name}, lexicon {opened.backend} "
                f"({generator.tier.value}, {generator.algorithm})",
            ]
        )
    )
    return 0
