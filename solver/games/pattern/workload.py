"""Seeded crossword patterns made from real words of the list: some letters hidden behind ``?``,
and for the ``*`` workload a run of letters replaced by one ``*``. The same seed and word list
give the same patterns on any machine (randomness comes only from :meth:`random.Random.random`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from lexibench.solver.draws import below
from lexibench.solver.games.pattern.puzzle import Pattern


def _words_of(words: Sequence[str], shortest: int) -> list[str]:
    found = [w for w in words if len(w) >= shortest]
    if not found:
        raise ValueError(f"the word list has no word of {shortest} letters or more")
    return found


def hidden_patterns(seed: int, count: int, words: Sequence[str]) -> list[Pattern]:
    """``count`` patterns, each a word of at least 4 letters with 1 to 4 of its letters (never
    all of them) hidden behind ``?``."""
    rng = random.Random(seed)
    pool = _words_of(words, 4)
    found = []
    for _ in range(count):
        word = list(pool[below(rng, len(pool))])
        hidden = 1 + below(rng, min(4, len(word) - 1))
        spots = list(range(len(word)))
        for _ in range(hidden):
            word[spots.pop(below(rng, len(spots)))] = "?"
        found.append(Pattern("".join(word)))
    return found


def star_patterns(seed: int, count: int, words: Sequence[str]) -> list[Pattern]:
    """``count`` patterns with one ``*`` and two ``?``: a word of at least 5 letters, a run of 1
    to 3 of its letters (anywhere, so the star may lead) made a ``*``, then two of the letters
    left hidden behind ``?``."""
    rng = random.Random(seed)
    pool = _words_of(words, 5)
    found = []
    for _ in range(count):
        word = pool[below(rng, len(pool))]
        run = 1 + below(rng, min(3, len(word) - 3))
        start = below(rng, len(word) - run + 1)
        kept = [*word[:start], "*", *word[start + run :]]
        spots = [i for i, ch in enumerate(kept) if ch != "*"]
        for _ in range(2):
            kept[spots.pop(below(rng, len(spots)))] = "?"
        found.append(Pattern("".join(kept)))
    return found
