"""Seeded Letter Boxed puzzles: twelve distinct letters drawn by English frequency, dealt to four
sides. The same seed gives the same puzzles on any machine (randomness comes only from
:meth:`random.Random.random`)."""

from __future__ import annotations

import random
from itertools import accumulate

from lexibench.solver.draws import LETTER_FREQUENCIES, shuffled
from lexibench.solver.games.letterboxed.puzzle import Box


def random_boxes(seed: int, count: int) -> list[Box]:
    """``count`` puzzles of twelve distinct letters drawn by English frequency (no q: it would
    need a u beside it on another side), shuffled and dealt to the sides.

    >>> [box.sides for box in random_boxes(2026, 2)] == [b.sides for b in random_boxes(2026, 2)]
    True
    """
    rng = random.Random(seed)
    pool = dict(LETTER_FREQUENCIES)
    del pool["q"]
    puzzles = []
    for _ in range(count):
        weights = dict(pool)
        chosen: list[str] = []
        while len(chosen) < 12:
            letters = sorted(weights)
            edges = list(accumulate(weights[ch] for ch in letters))
            x = rng.random() * edges[-1]
            pick = next(
                (ch for ch, edge in zip(letters, edges, strict=True) if x < edge), letters[-1]
            )
            chosen.append(pick)
            del weights[pick]
        chosen = shuffled(rng, chosen)
        sides = (
            "".join(chosen[0:3]),
            "".join(chosen[3:6]),
            "".join(chosen[6:9]),
            "".join(chosen[9:12]),
        )
        puzzles.append(Box(sides))
    return puzzles
