"""Seeded positions for the benchmarks, from greedy self-play.

Game ``j`` of seed ``s`` is a greedy game (:mod:`solver.games.crossword.selfplay`) over the run's
word list, its bag shuffled by ``random.Random(f"crossword:{s}:{j}")`` and holding no blanks.
Each workload samples one position of each game at its stage:

``empty``
    the first turn (an empty board);
``early``
    the third turn (two moves or passes made);
``mid``
    the first turn with at most half of the bag left (after the first racks were drawn);
``late``
    the first turn with the bag empty (the last turn when a game ends before).

Then position ``j`` gets ``j % 3`` blanks on its rack (0, 1 or 2, at most what the rule set has):
tiles drawn at random from the rack are turned into blanks. The blanks were left out of the game's
bag, so every position holds no more tiles of a kind than the rule set has. The same seed, count
and word list give the same positions on any machine (every generator gives the same moves, and
the randomness is ``random.Random``'s alone).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from lexibench.solver.games.crossword.players import greedy
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import DEFAULT_RULES, RuleSet, load_rules
from lexibench.solver.games.crossword.selfplay import GameResult, Turn, play, position_of

STAGES: Final = ("empty", "early", "mid", "late")


def _stage_turn(result: GameResult, stage: str, rules: RuleSet) -> Turn:
    turns = result.turns
    if stage == "empty":
        return turns[0]
    if stage == "early":
        return turns[min(2, len(turns) - 1)]
    start = turns[0].bag
    limit = start // 2 if stage == "mid" else 0
    return next((turn for turn in turns if turn.bag <= limit), turns[-1])


@lru_cache(maxsize=4)
def _games(seed: int, count: int, words: tuple[str, ...], rules: RuleSet) -> list[GameResult]:
    from lexibench.solver.defaults import default_structure
    from lexibench.solver.games.crossword.solve import move_generator
    from lexibench.structures import build_lexicon

    generator = move_generator(build_lexicon(default_structure("crossword"), words))
    return [
        play(
            rules,
            greedy(generator),
            random.Random(f"crossword:{seed}:{j}"),
            blanks=False,
            keep_turns=True,
        )
        for j in range(count)
    ]


def with_blanks(rules: RuleSet, rack: list[int], blanks: int, rng: random.Random) -> list[int]:
    """``rack`` (counts per tile) with ``blanks`` of its tiles, drawn by ``rng``, turned into
    blanks (and blanks added when the rack holds fewer tiles, up to a full rack)."""
    tiles = [t for t in range(1, 27) for _ in range(rack[t])]
    out = list(rack)
    for t in rng.sample(tiles, min(blanks, len(tiles))):
        out[t] -= 1
        out[0] += 1
    while out[0] < blanks and sum(out) < rules.rack_size:
        out[0] += 1
    return out


def positions(
    stage: str, seed: int, count: int, words: Sequence[str], rules: RuleSet | None = None
) -> list[Position]:
    """``count`` positions of ``stage`` (see the module docstring)."""
    rules = rules or load_rules(DEFAULT_RULES)
    found: list[Position] = []
    for j, result in enumerate(_games(seed, count, tuple(words), rules)):
        turn = _stage_turn(result, stage, rules)
        blanks = min(j % 3, rules.counts[0])
        rng = random.Random(f"crossword:{seed}:{j}:{stage}")
        found.append(position_of(rules, turn, with_blanks(rules, turn.racks[0], blanks, rng)))
    return found
