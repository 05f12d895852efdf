"""A word search as a puzzle (the conditions, the shortest word, the order and how many to list)
and its answer (the words in that order, their count, and each word's hooks where asked).

Orders (``--sort``): ``alpha`` (the default), ``probability`` (the number of ways to draw the
word's letters from the bag of the crossword game's tiles without blanks, :data:`TILES`: the
product over its letters of C(tiles of the letter, copies in the word), highest first), ``length``
(longest first); ties alphabetically. Points are the sum of the tiles' values.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.search.conditions import Anagram, Condition, Not
from lexibench.solver.games.search.grammar import parse_conditions
from lexibench.solver.games.tiles import ENGLISH

#: The tiles the words are scored and drawn by: the crossword game's default rule set's.
TILES: Final = ENGLISH
#: Each letter a-z's value.
VALUES: Final = TILES.values[1:]
#: Each letter a-z's tiles in the bag.
BAG: Final = TILES.counts[1:]
ORDERS: Final = ("alpha", "probability", "length")
#: No bound beyond the word list's own: its rules (the crossword game's, ``--min-length``) set
#: the shortest word it holds.
DEFAULT_MIN_LENGTH: Final = 1


@dataclass(frozen=True)
class Query:
    """A word search: every word of at least ``min_length`` letters (1: every word the list
    holds) that meets every condition, in ``order``, the first ``limit`` of them (None: all)."""

    conditions: tuple[Condition, ...]
    min_length: int = DEFAULT_MIN_LENGTH
    order: str = "alpha"
    limit: int | None = None

    @property
    def text(self) -> str:
        """The conditions as they read, normalized."""
        return " ".join(condition.text for condition in self.conditions)

    @property
    def anagrams(self) -> tuple[Anagram, ...]:
        """Its anagram and subanagram conditions (not negated), whose blanks each word reports."""
        return tuple(c for c in self.conditions if isinstance(c, Anagram))


def parse_query(
    texts: Sequence[str] | str,
    min_length: int = DEFAULT_MIN_LENGTH,
    order: str = "alpha",
    limit: int | None = None,
) -> Query:
    """A search from its conditions' arguments (or one string of them, separated by spaces).

    >>> parse_query("pattern:c?t* length:4").text
    'pattern:c?t* length:4'
    """
    if isinstance(texts, str):
        texts = texts.split()
    if order not in ORDERS:
        raise InputError(f"sort {order!r}: one of {', '.join(ORDERS)}")
    if limit is not None and limit < 0:
        raise InputError(f"limit {limit}: must be at least 0")
    if min_length < 1:
        raise InputError(f"min length {min_length}: must be at least 1")
    return Query(parse_conditions(texts, VALUES), min_length, order, limit)


def points(word: str) -> int:
    """The word's points: its tiles' values added.

    >>> points("quiz")
    22
    """
    return sum(VALUES[ord(ch) - 97] for ch in word)


def draws(word: str) -> int:
    """The ways to draw the word's letters from the bag without blanks.

    >>> draws("ee"), draws("zz")
    (66, 0)
    """
    ways = 1
    for ch, n in Counter(word).items():
        ways *= comb(BAG[ord(ch) - 97], n)
    return ways


def _by_draws(word: str) -> tuple[int, str]:
    return (-draws(word), word)


def _by_length(word: str) -> tuple[int, str]:
    return (-len(word), word)


def ordered(words: Iterable[str], order: str, limit: int | None = None) -> list[str]:
    """``words`` in ``order`` (see the module docstring), ties alphabetically; the first
    ``limit`` of them (None: all), picked without sorting the rest."""
    key = {"probability": _by_draws, "length": _by_length}.get(order)
    if limit is not None:
        return heapq.nsmallest(limit, words, key=key) if limit else []
    return sorted(words, key=key)


@dataclass(frozen=True)
class Answer:
    """The words found, in the query's order, at most its limit; ``count`` counts them all.
    ``hooks``: each listed word's front and back hook letters, where the search was asked for
    them (``--json``), else None."""

    words: tuple[str, ...]
    count: int
    hooks: tuple[tuple[str, str], ...] | None = None


def answer(query: Query, found: Iterable[str], alphabetical: bool = False) -> tuple[str, ...]:
    """``found`` (distinct words meeting the conditions, none shorter than the query's shortest
    length) in the query's order, at most its limit; ``alphabetical``: ``found`` is a list in
    alphabetical order already, which the default order keeps as it is."""
    if alphabetical and query.order == "alpha" and isinstance(found, list):
        return tuple(found if query.limit is None else found[: query.limit])
    return tuple(ordered(found, query.order, query.limit))


def negated(condition: Condition) -> tuple[bool, Condition]:
    """``(negated, inner)``: the condition without its ``not:`` prefixes, and whether an odd
    number of them negate it."""
    flip = False
    while isinstance(condition, Not):
        flip = not flip
        condition = condition.inner
    return flip, condition
