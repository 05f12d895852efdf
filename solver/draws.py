"""Seeded draws shared by the games' workloads: uniform integers, shuffles and letters weighted by
English frequency.

Randomness comes only from :meth:`random.Random.random`, whose sequence for a given seed Python
guarantees across versions and machines, so the same seed gives the same draws everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import accumulate
from typing import Final

#: English letter frequencies in percent (Lewand, *Cryptological Mathematics*, 2000, the table
#: reproduced in most references on letter frequency). Used for boards other than 4x4.
LETTER_FREQUENCIES: Final = {
    "a": 8.167, "b": 1.492, "c": 2.782, "d": 4.253, "e": 12.702, "f": 2.228, "g": 2.015,
    "h": 6.094, "i": 6.966, "j": 0.153, "k": 0.772, "l": 4.025, "m": 2.406, "n": 6.749,
    "o": 7.507, "p": 1.929, "q": 0.095, "r": 5.987, "s": 6.327, "t": 9.056, "u": 2.758,
    "v": 0.978, "w": 2.360, "x": 0.150, "y": 1.974, "z": 0.074,
}  # fmt: skip

LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
_CUMULATIVE: Final = tuple(accumulate(LETTER_FREQUENCIES[ch] for ch in LETTERS))


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n) from ``rng.random()`` alone."""
    return min(int(rng.random() * n), n - 1)


def shuffled(rng: random.Random, items: Sequence[str]) -> list[str]:
    """Fisher-Yates over a copy, driven by ``rng.random()`` alone."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def weighted_letter(rng: random.Random) -> str:
    """A letter a-z drawn by :data:`LETTER_FREQUENCIES` (one ``rng.random()``)."""
    x = rng.random() * _CUMULATIVE[-1]
    for ch, edge in zip(LETTERS, _CUMULATIVE, strict=True):
        if x < edge:
            return ch
    return LETTERS[-1]
