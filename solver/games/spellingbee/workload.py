"""Seeded Spelling Bee puzzles drawn from the pangrams of the word list: a word with exactly seven
distinct letters gives the letters, one of them (drawn) the centre, the six others in alphabetical
order. The same seed and word list give the same puzzles on any machine."""

from __future__ import annotations

import random
from collections.abc import Sequence

from lexibench.solver.draws import below
from lexibench.solver.games.spellingbee.puzzle import LETTERS, Hive


def pangram_hives(seed: int, count: int, words: Sequence[str]) -> list[Hive]:
    """``count`` puzzles, each from a word of the list with exactly seven distinct letters
    (drawn with replacement), its centre drawn among them.

    >>> pangram_hives(1, 1, ["glamping"])
    [Hive(centre='n', outer='agilmp', min_length=4)]
    """
    rng = random.Random(seed)
    pangrams = [w for w in words if len(set(w)) == LETTERS]
    if not pangrams:
        raise ValueError("the word list has no word of exactly seven distinct letters")
    hives = []
    for _ in range(count):
        letters = sorted(set(pangrams[below(rng, len(pangrams))]))
        centre = letters.pop(below(rng, len(letters)))
        hives.append(Hive(centre, "".join(letters)))
    return hives
