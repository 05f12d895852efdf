"""``sorted-list``: a sorted Python list searched with :mod:`bisect`."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

from lexibench.structures.word_checks import unique_words


class SortedListLexicon:
    """Words in one sorted list; both queries are a binary search.

    Every word starting with ``p`` sorts at or after ``p``, and the first of them is exactly where
    ``bisect_left`` lands, so one search answers both questions.

    Cost, with n words: ``is_word`` and ``has_prefix`` O(log n) string comparisons, each
    O(|s|). Build O(n log n).

    >>> lex = SortedListLexicon(["tea", "ten"])
    >>> lex.has_prefix("te"), lex.is_word("te"), lex.has_prefix("tex")
    (True, False, False)
    """

    def __init__(self, words: Iterable[str]) -> None:
        self._words = sorted(unique_words(words, "sorted-list"))

    def __len__(self) -> int:
        return len(self._words)

    def is_word(self, s: str) -> bool:
        """``bisect_left`` then one equality test, O(log n · |s|)."""
        words = self._words
        i = bisect_left(words, s)
        return i < len(words) and words[i] == s

    def has_prefix(self, s: str) -> bool:
        """``bisect_left`` then one ``startswith`` test, O(log n · |s|)."""
        words = self._words
        i = bisect_left(words, s)
        return i < len(words) and words[i].startswith(s)
