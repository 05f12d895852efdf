"""Seeded word searches made from real words of the list, of the kinds every structure serving
the search's benchmark answers (:data:`WORKLOAD_KINDS`: patterns with and without classes,
prefixes and suffixes, lengths, letters contained, points; each may be negated): one condition a
search, and two to four together. The same seed and word list give the same searches on any
machine (randomness comes only from :meth:`random.Random.random`). Hooks, anagram counts and
anagrams are left out: the structures answering those kinds are checked on them by the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from lexibench.solver.draws import below
from lexibench.solver.games.search.conditions import CONSONANTS, VOWELS
from lexibench.solver.games.search.puzzle import Query, parse_query, points

#: The kinds the workloads ask (each of their conditions asks one of these, or a filter).
WORKLOAD_KINDS: Final = ("pattern", "classes", "length", "contains", "weight")


def _pool(words: Sequence[str]) -> list[str]:
    found = [w for w in words if len(w) >= 4]
    if not found:
        raise ValueError("the word list has no word of 4 letters or more")
    return found


def _class(ch: str) -> str:
    return "@" if ch in VOWELS else "#" if ch in CONSONANTS else "?"


def _pattern(rng: random.Random, word: str) -> str:
    """The word with some letters hidden: behind ?, its class (@ or #), or a class [..] holding
    it; the tail past a point made a star, one time in two."""
    out = []
    for ch in word:
        roll = below(rng, 6)
        if roll == 0:
            out.append("?")
        elif roll in (1, 2):
            out.append(_class(ch))
        elif roll == 3:
            other = "aeiou"[below(rng, 5)] if ch in CONSONANTS else "rst"[below(rng, 3)]
            out.append("[" + "".join(sorted({ch, other})) + "]")
        else:
            out.append(ch)
    if below(rng, 2):
        out = [*out[: 2 + below(rng, len(out) - 2)], "*"]
    return "".join(out)


def _condition(rng: random.Random, word: str) -> str:
    """One condition the word meets (negated conditions: one it fails, with ``not:``)."""
    n = len(word)
    kind = below(rng, 8)
    if kind == 0:
        return "pattern:" + _pattern(rng, word)
    if kind == 1:
        return f"prefix:{word[: 1 + below(rng, 2)]}"
    if kind == 2:
        return f"suffix:{word[n - 1 - below(rng, 2) :]}"
    if kind == 3:
        return f"length:{max(2, n - below(rng, 2))}-{n + below(rng, 2)}"
    if kind == 4:
        return "contains:" + "".join(word[below(rng, n)] for _ in range(1 + below(rng, 2)))
    if kind == 5:
        score = points(word)
        return f"points:{score - below(rng, 3)}-{score + below(rng, 3)}"
    if kind == 6:
        return f"not:length:{n + 1}-"
    return "not:contains:" + "qjxz"[below(rng, 4)]


def _searches(
    make: Callable[[random.Random, str], list[str]],
) -> Callable[[int, int, Sequence[str]], list[Query]]:
    def generate(seed: int, count: int, words: Sequence[str]) -> list[Query]:
        rng = random.Random(f"search:{seed}")
        pool = _pool(words)
        return [parse_query(make(rng, pool[below(rng, len(pool))])) for _ in range(count)]

    return generate


single = _searches(lambda rng, word: [_condition(rng, word)])
"""One condition a search, each met by a word of the list."""

combined = _searches(lambda rng, word: [_condition(rng, word) for _ in range(2 + below(rng, 3))])
"""Two to four conditions a search, all met by one word of the list."""
