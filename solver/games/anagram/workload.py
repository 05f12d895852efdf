"""Seeded anagram racks: seven tiles drawn from a Scrabble bag (the 98 lettered tiles of the
English set), some of them blanks. The same seed gives the same racks on any machine (randomness
comes only from :meth:`random.Random.random`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from lexibench.solver.draws import below
from lexibench.solver.games.anagram.puzzle import Rack
from lexibench.solver.games.tiles import BLANK_TEXT

#: The English Scrabble set's lettered tiles: letter -> count (98 tiles; the 2 blanks apart).
BAG: Final = {
    "a": 9, "b": 2, "c": 2, "d": 4, "e": 12, "f": 2, "g": 3, "h": 2, "i": 9, "j": 1, "k": 1,
    "l": 4, "m": 2, "n": 6, "o": 8, "p": 2, "q": 1, "r": 6, "s": 4, "t": 6, "u": 4, "v": 2,
    "w": 2, "x": 1, "y": 2, "z": 1,
}  # fmt: skip
RACK_SIZE: Final = 7


def random_racks(seed: int, count: int, blanks: int) -> list[Rack]:
    """``count`` racks of :data:`RACK_SIZE` tiles: ``blanks`` blanks and the rest drawn from a
    full bag without replacement, the letters sorted (then the blanks).

    >>> [r.tiles for r in random_racks(2026, 2, 2)] == [r.tiles for r in random_racks(2026, 2, 2)]
    True
    """
    rng = random.Random(seed * 10 + blanks)
    tiles = [ch for ch, n in BAG.items() for _ in range(n)]
    racks = []
    for _ in range(count):
        bag = list(tiles)
        drawn = [bag.pop(below(rng, len(bag))) for _ in range(RACK_SIZE - blanks)]
        racks.append(Rack("".join(sorted(drawn)) + BLANK_TEXT * blanks))
    return racks


def racks_with(blanks: int) -> Callable[[int, int, Sequence[str]], list[Rack]]:
    """The workload of racks with ``blanks`` blanks: ``(seed, count, words) ->``
    :func:`random_racks` (drawn from the bag, not the word list)."""

    def generate(seed: int, count: int, _words: Sequence[str]) -> list[Rack]:
        return random_racks(seed, count, blanks)

    return generate
