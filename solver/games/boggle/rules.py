"""Boggle's scoring: one table of points by word length.

Words of 3-4 letters score 1, 5 letters 2, 6 letters 3, 7 letters 5, 8 or more 11; the Qu cell
counts as two letters ("queen" is 5). Each distinct word counts once per board.
"""

from __future__ import annotations

from typing import Final

from lexibench.solver.tiers import PATHS, word_tiers
from lexibench.solver.word_rules import WordRules

#: The words Boggle plays: at least 3 letters, every q followed by u (the Qu cell).
WORD_RULES: Final = WordRules(min_length=3, q_needs_u=True)
#: Its search's tiers: string, step where the lexicon steps, native where the lexicon's compiled
#: code runs the path search.
TIERS: Final = word_tiers(PATHS)
#: The most paths kept for one board with ``all_paths`` (``--max-paths``): a board of one letter
#: repeated, with a word list of that letter repeated, has more paths than memory can hold.
DEFAULT_MAX_PATHS: Final = 100_000

#: Points by word length: entry ``n`` for a word of ``n`` letters, the last entry for every
#: longer word. This is the one table: :func:`score`, the bulk output and the native search's
#: totals all read it.
POINTS_BY_LENGTH: Final = (0, 0, 0, 1, 1, 2, 3, 5, 11)


def points(length: int) -> int:
    """Points for a word of ``length`` letters.

    >>> [points(n) for n in (2, 3, 5, 8, 16)]
    [0, 1, 2, 11, 11]
    """
    return POINTS_BY_LENGTH[min(length, len(POINTS_BY_LENGTH) - 1)]


def score(word: str) -> int:
    """Points for ``word`` by its length in letters ("queen" is 5: the Qu cell counts as two).

    >>> [score(w) for w in ("cat", "cats", "quest", "quests", "queenly", "question")]
    [1, 1, 2, 3, 5, 11]
    """
    return points(len(word))


#: :func:`points` for every length up to 255, read with a C-level ``map`` in the bulk paths.
_BY_LENGTH: Final = [points(n) for n in range(256)]


def scores(words: list[str]) -> list[int]:
    """The score of each of ``words``, with no Python-level loop for words of up to 255 letters.

    >>> scores(["cat", "quest", "question"])
    [1, 2, 11]
    """
    lengths = list(map(len, words))
    if lengths and max(lengths) >= len(_BY_LENGTH):
        return list(map(points, lengths))
    return list(map(_BY_LENGTH.__getitem__, lengths))


def total(words: list[str]) -> int:
    """The total score of ``words``.

    >>> total(["cat", "quest", "question"])
    14
    """
    return sum(scores(words))
