"""Seeded word searches made from real words of the list: one condition a search (mixed kinds),
two to four together, and a workload per condition kind (:data:`KIND_WORKLOADS`: patterns with
classes and plain ones, prefixes and suffixes, anagrams with blanks, subanagrams of 15 tiles,
lengths, letters contained, hooks, anagram counts, points, negated conditions), each asking that
kind's structures (:func:`kind_tiers`). The same seed and word list give the same searches on
any machine (randomness comes only from :meth:`random.Random.random`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from lexibench.solver.draws import below
from lexibench.solver.games.protocol import Workload
from lexibench.solver.games.search.conditions import CONSONANTS, VOWELS
from lexibench.solver.games.search.puzzle import Query, parse_query, points
from lexibench.solver.games.search.reference import WordList
from lexibench.solver.tiers import TierTable

#: The kinds the mixed workloads ask (each of their conditions asks one of these, or a filter).
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


# ---- a workload per condition kind ---------------------------------------------------------


def _hidden(rng: random.Random, word: str, hide: Callable[[str], str]) -> str:
    """``word`` with one to three of its letters hidden by ``hide``."""
    out = list(word)
    for _ in range(1 + below(rng, 3)):
        at = below(rng, len(out))
        out[at] = hide(out[at])
    return "".join(out)


def _with_classes(rng: random.Random, word: str, source: _Source) -> list[str]:
    """A pattern of the word with a class (@, #, or [..]) in it, its tail a star one time in
    two."""
    text = _pattern(rng, word)
    if not any(ch in text for ch in "@#["):
        text = _class(text[0]) + text[1:]
    return ["pattern:" + text]


def _plain_pattern(rng: random.Random, word: str, source: _Source) -> list[str]:
    """The word with letters behind ``?``, its tail a star one time in two."""
    text = _hidden(rng, word, lambda ch: "?")
    if below(rng, 2):
        text = text[: 2 + below(rng, len(text) - 2)] + "*"
    return ["pattern:" + text]


def _affix(rng: random.Random, word: str, source: _Source) -> list[str]:
    """The word's first, or last, two or three letters."""
    n = 2 + below(rng, 2)
    return [f"prefix:{word[:n]}" if below(rng, 2) else f"suffix:{word[-n:]}"]


def _anagram(rng: random.Random, word: str, source: _Source) -> list[str]:
    """The tiles of a word of 7 letters or fewer, two of them made blanks."""
    tiles = list(word[:7])
    for at in sorted({below(rng, len(tiles)) for _ in range(2)}):
        tiles[at] = "?"
    while tiles.count("?") < 2:
        tiles.append("?")
    return ["anagram:" + "".join(sorted(tiles))]


def _subanagram(rng: random.Random, word: str, source: _Source) -> list[str]:
    """Fifteen tiles: the word's letters (13 at most), letters of other words to 13, two
    blanks."""
    tiles = list(word[:13])
    words = source.words
    while len(tiles) < 13:
        other = words[below(rng, len(words))]
        tiles.append(other[below(rng, len(other))])
    return ["subanagram:" + "".join(sorted(tiles)) + "??"]


def _length(rng: random.Random, word: str, source: _Source) -> list[str]:
    """A range of lengths holding the word's: closed, or open at one end."""
    n, roll = len(word), below(rng, 3)
    if roll == 0:
        return [f"length:{n}-"]
    if roll == 1:
        return [f"length:-{n}"]
    return [f"length:{max(2, n - below(rng, 2))}-{n + below(rng, 2)}"]


def _contains(rng: random.Random, word: str, source: _Source) -> list[str]:
    """One to three of the word's letters."""
    return ["contains:" + "".join(word[below(rng, len(word))] for _ in range(1 + below(rng, 3)))]


def _hooks(rng: random.Random, word: str, source: _Source) -> list[str]:
    """A range of front (or back) hook counts holding the word's."""
    front = below(rng, 2) == 1
    count = len(source.listed.hooks(word)[0 if front else 1])
    side = "fronthooks" if front else "backhooks"
    return [f"{side}:{max(0, count - below(rng, 2))}-{count + below(rng, 2)}"]


def _family(rng: random.Random, word: str, source: _Source) -> list[str]:
    """A range of anagram counts holding the word's (the words of its letters, itself
    included)."""
    count = source.listed.families["".join(sorted(word))]
    return [f"anagrams:{max(1, count - below(rng, 2))}-{count + below(rng, 2)}"]


def _points(rng: random.Random, word: str, source: _Source) -> list[str]:
    """A range of points holding the word's."""
    score = points(word)
    return [f"points:{max(0, score - below(rng, 3))}-{score + below(rng, 3)}"]


def _negated(rng: random.Random, word: str, source: _Source) -> list[str]:
    """A negated condition: a broad answer, the words outside another condition's (the word's
    own last letter as a suffix, a rare letter, the lengths above the word's, a first or last
    letter)."""
    roll, letter = below(rng, 4), "qjxzvkw"[below(rng, 7)]
    if roll == 0:
        return [f"not:pattern:*{word[-1]}"]
    if roll == 1:
        return [f"not:contains:{letter}" if letter not in word else f"not:length:{len(word) + 1}-"]
    if roll == 2:
        return [f"not:length:{len(word) + 1}-"]
    return [f"not:prefix:{letter}" if not word.startswith(letter) else f"not:suffix:{letter}"]


class _Source:
    """The word list a workload draws from, and the reference's view of it (its set, for hooks,
    and its families, for anagram counts), made on first use, once per :func:`_of_kind` call."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = words

    @cached_property
    def listed(self) -> WordList:
        return WordList(self.words)


def _of_kind(
    make: Callable[[random.Random, str, _Source], list[str]],
) -> Callable[[int, int, Sequence[str]], list[Query]]:
    def generate(seed: int, count: int, words: Sequence[str]) -> list[Query]:
        rng = random.Random(f"search:{make.__name__}:{seed}")
        pool, source = _pool(words), _Source(words)
        return [parse_query(make(rng, pool[below(rng, len(pool))], source)) for _ in range(count)]

    return generate


@dataclass(frozen=True)
class KindWorkload:
    """A workload of one condition kind: its name (the report's row), what its searches are,
    the kinds that answer them (each entry a kind, or kinds either of which answers) and how to
    draw one."""

    name: str
    description: str
    kinds: tuple[str | tuple[str, ...], ...]
    make: Callable[[random.Random, str, _Source], list[str]]


_PATTERN = ("pattern", "classes")
_CLASSES = ("classes", "pattern")

#: A workload per condition kind, in the report's order.
KIND_WORKLOADS: Final = (
    KindWorkload(
        "pattern with classes", "a pattern of a word with @, # or [..] (a star one time in two)",
        (_CLASSES,), _with_classes,
    ),
    KindWorkload(
        "plain pattern", "a word with 1-3 letters behind ? (a star one time in two)",
        (_PATTERN,), _plain_pattern,
    ),
    KindWorkload("prefix or suffix", "a word's first or last 2-3 letters", (_PATTERN,), _affix),
    KindWorkload(
        "anagram with blanks", "the tiles of a word of up to 7 letters, 2 of them blanks",
        ("anagram",), _anagram,
    ),
    KindWorkload(
        "subanagram of 15 tiles", "13 letters (a word's, then others') and 2 blanks",
        ("anagram",), _subanagram,
    ),
    KindWorkload(
        "length", "a range holding a word's length, one time in three open above (7-), one "
        "below", ("length",), _length,
    ),
    KindWorkload("contains", "1-3 letters of a word", ("contains",), _contains),
    KindWorkload("hooks", "a range of front or back hooks holding a word's", ("hooks",), _hooks),
    KindWorkload(
        "anagram count", "a range of anagram counts holding a word's", ("family",), _family
    ),
    KindWorkload("points", "a range of points holding a word's", ("weight",), _points),
    KindWorkload(
        "negated", "not: a suffix, a rare letter, a length range or a first or last letter",
        (_PATTERN, "length", "contains"), _negated,
    ),
)  # fmt: skip


def kind_workloads(
    tiers: Callable[[Sequence[str | tuple[str, ...]]], TierTable],
) -> list[Workload[Query]]:
    """:data:`KIND_WORKLOADS` as workloads (20 searches a round at the full scale, so that a
    broad kind's round fits the games suite's budget on its fastest structures; 5 at the quick
    one), each offered on the tiers ``tiers`` gives its kinds."""
    return [
        Workload(w.name, w.description, 20, 5, _of_kind(w.make), tiers(w.kinds))
        for w in KIND_WORKLOADS
    ]
