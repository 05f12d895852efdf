"""How each condition of a word search is put to a structure: the query kind that answers it
(:mod:`lexibench.structures.queries`) and that kind's arguments, and, where the structure cannot
count its answer, the planner's own estimate of it.

A condition without its ``not:`` asks one kind, or either of two:

============================== ============================================================
``pattern:P`` of letters, ?, * ``pattern`` (P itself), else ``classes``
``pattern:P`` with a class     ``classes``, else ``pattern`` with every class made ``?``, the
                               candidates then matched against P (a structure answering the
                               older kind alone, a plugin's, keeps serving)
``prefix:S``, ``suffix:S``     ``pattern`` (``S*``, ``*S``), else ``classes``
``anagram:R``, ``subanagram:R`` ``anagram`` (every tile used, or at least one letter)
``length``                     ``length``
``contains``                   ``contains``
``fronthooks``, ``backhooks``  ``hooks``
``anagrams``                   ``family``
``points``                     ``weight`` (the tiles' values, per letter)
============================== ============================================================

A negated range condition (``not:length:3-5``) asks its kind for the ranges outside it
(:meth:`~.conditions.Span.complement`); any other negated condition is a filter only.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import erf, sqrt
from typing import Any, Final

from lexibench.solver.games.search.conditions import (
    Affix,
    Anagram,
    Condition,
    Contains,
    Family,
    Hooks,
    Length,
    Pattern,
    Points,
    Span,
)
from lexibench.structures.queries import ALPHABET, UNBOUNDED

#: Every kind a search may ask.
SEARCH_KINDS: Final = ("pattern", "classes", "anagram", "length", "contains", "hooks", "family",
                       "weight")  # fmt: skip


def choices(inner: Condition) -> tuple[str, ...]:
    """The kinds that answer ``inner`` (a condition without ``not:``), the better first."""
    if isinstance(inner, Pattern):
        return ("pattern", "classes") if inner.plain is not None else ("classes", "pattern")
    if isinstance(inner, Affix):
        return ("pattern", "classes")
    kind = {Anagram: "anagram", Length: "length", Contains: "contains", Hooks: "hooks",
            Family: "family", Points: "weight"}[type(inner)]  # fmt: skip
    return (kind,)


def ranged(inner: Condition) -> Span | None:
    """The range of a range condition (length, hooks, anagrams, points), else None."""
    return getattr(inner, "span", None)


@dataclass(frozen=True)
class Question:
    """A query of one kind: its method's arguments; ``exact`` when its answer is the
    condition's words, False when a superset of them (to be matched against the condition)."""

    kind: str
    arguments: tuple[Any, ...]
    exact: bool = True


def question(inner: Condition, kind: str, span: Span | None = None) -> Question:
    """``inner`` (or, for a range condition, its kind over ``span`` instead) as a query of
    ``kind`` (one of :func:`choices`)."""
    if isinstance(inner, Pattern):
        if kind == "pattern":
            return Question(kind, (inner.plain or inner.loose,), inner.plain is not None)
        return Question(kind, (list(inner.parts),))
    if isinstance(inner, Affix):
        if kind == "pattern":
            return Question(kind, (inner.pattern,))
        letters: list[str | None] = list(inner.letters)
        return Question(kind, ([*letters, None] if inner.front else [None, *letters],))
    if isinstance(inner, Anagram):
        return Question(kind, (inner.letters, inner.blanks, inner.tiles if inner.full else 1))
    if isinstance(inner, Contains):
        return Question(kind, (dict(inner.counts),))
    low, high = (span or inner.span).bounds(UNBOUNDED)  # type: ignore[attr-defined]
    if isinstance(inner, Hooks):
        return Question(kind, (inner.front, low, high))
    if isinstance(inner, Points):
        return Question(kind, (dict(zip(ALPHABET, inner.values, strict=True)), low, high))
    return Question(kind, (low, high))  # length, family


# ---- the planner's own estimates ---------------------------------------------------------------

#: The share of an English word list's words by length (web2, the crossword game's rules).
LENGTHS: Final = {2: 0.0006, 3: 0.0054, 4: 0.0207, 5: 0.0404, 6: 0.0715, 7: 0.0976, 8: 0.1255,
                  9: 0.1368, 10: 0.1325, 11: 0.1128, 12: 0.0894, 13: 0.0659, 14: 0.0434,
                  15: 0.0265, 16: 0.0153, 17: 0.0083, 18: 0.0039, 19: 0.002,
                  20: 0.0009}  # fmt: skip
#: The share of the letters of its words that is each letter a-z.
LETTERS: Final = (0.0827, 0.0181, 0.0457, 0.03, 0.1056, 0.0113, 0.0212, 0.0276, 0.0878, 0.0012,
                  0.007, 0.0586, 0.0308, 0.0705, 0.0764, 0.035, 0.0017, 0.0723, 0.0621, 0.0691,
                  0.0393, 0.0093, 0.0064, 0.0031, 0.0234, 0.0036)  # fmt: skip
#: The share of its words taking 0, 1, 2, 3 or more front hooks, and back hooks; of its words
#: with 1, 2, 3 or more anagrams (themselves included); its words' points (mean, deviation).
FRONT_HOOKS: Final = (0.966, 0.026, 0.004, 0.004)
BACK_HOOKS: Final = (0.945, 0.045, 0.007, 0.003)
FAMILIES: Final = (0.0, 0.872, 0.092, 0.036)
POINTS: Final = (16.0, 5.6)


def _share(low: int, high: int, table: tuple[float, ...]) -> float:
    """The share of the numbers from ``low`` to ``high`` by ``table`` (its last entry: that
    number or more, spread evenly over the next ten)."""
    top = len(table) - 1
    total = 0.0
    for n in range(max(low, 0), min(high, top + 10) + 1):
        total += table[n] if n < top else table[top] / 10
    return total


def _lengths(low: int, high: int) -> float:
    return sum(share for n, share in LENGTHS.items() if low <= n <= high) or 0.0001


def _normal(x: float, mean: float, deviation: float) -> float:
    return 0.5 * (1 + erf((x - mean) / (deviation * sqrt(2))))


def _part(part: str | None) -> float:
    return 1.0 if part is None else sum(LETTERS[ord(ch) - 97] for ch in part if "a" <= ch <= "z")


def modelled(count: int, asked: Question) -> int:
    """About how many of ``count`` English words the query ``asked`` answers, by the shares of
    an English list (:data:`LENGTHS`, :data:`LETTERS`, ...): the planner's estimate where the
    structure gives none (:class:`~lexibench.structures.Estimating`)."""
    kind, arguments = asked.kind, asked.arguments
    share: float
    if kind in ("pattern", "classes"):
        parts: list[str | None] = (
            [None if c == "*" else ALPHABET if c == "?" else c for c in arguments[0]]
            if kind == "pattern"
            else list(arguments[0])
        )
        fixed = sum(part is not None for part in parts)
        share = _lengths(fixed, UNBOUNDED if None in parts else fixed)
        for part in parts:
            share *= min(1.0, _part(part) * 2.5)  # a letter is seen more often at some position
    elif kind == "anagram":
        letters, blanks, shortest = arguments
        tiles = len(letters) + blanks
        found = 2.0 ** min(tiles, 30) * 27.0**blanks / 50 if shortest <= 1 else 3.0 * 27.0**blanks
        return int(min(count, found)) + 1
    elif kind == "length":
        share = _lengths(*arguments)
    elif kind == "contains":
        share = 1.0
        for letter, n in arguments[0].items():
            seen = min(1.0, 9 * LETTERS[ord(letter) - 97]) if "a" <= letter <= "z" else 0.0
            share *= seen**n
    elif kind == "hooks":
        front, low, high = arguments
        share = _share(low, high, FRONT_HOOKS if front else BACK_HOOKS)
    elif kind == "family":
        share = _share(arguments[0], arguments[1], FAMILIES)
    elif kind == "weight":
        mean, deviation = POINTS
        low, high = arguments[1], min(arguments[2], 10_000)
        share = _normal(high + 0.5, mean, deviation) - _normal(low - 0.5, mean, deviation)
    else:
        share = 1.0
    return int(count * max(min(share, 1.0), 0.0)) + 1
