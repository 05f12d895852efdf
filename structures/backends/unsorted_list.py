"""``unsorted-list``: the naive baseline, a plain list scanned from the front."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.structures.word_checks import unique_words


class UnsortedListLexicon:
    """Words kept in a plain list, in first-seen order; every query is a linear scan.

    Cost, with n words of average length m: ``is_word`` O(n·m) (``list.__contains__``);
    ``has_prefix`` O(n·|p|), a ``startswith`` test on every word until one matches. Build O(n·m).
    This is deliberately naive: it is the baseline the other structures are measured against.

    >>> lex = UnsortedListLexicon(["tea", "ten"])
    >>> lex.has_prefix("te"), lex.is_word("te"), lex.is_word("ten")
    (True, False, True)
    """

    def __init__(self, words: Iterable[str]) -> None:
        self._words = unique_words(words, "unsorted-list")

    def __len__(self) -> int:
        return len(self._words)

    def is_word(self, s: str) -> bool:
        """Linear membership test, O(n·m)."""
        return s in self._words

    def has_prefix(self, s: str) -> bool:
        """Linear ``startswith`` scan, O(n·|s|); stops at the first match."""
        return any(word.startswith(s) for word in self._words)
