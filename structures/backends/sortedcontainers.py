"""``sortedcontainers``: :class:`sortedcontainers.SortedList`."""

from __future__ import annotations

from collections.abc import Iterable

from sortedcontainers import SortedList

from lexibench.structures.word_checks import unique_words


class SortedContainersLexicon:
    """Words in a :class:`~sortedcontainers.SortedList` (a list of sorted sublists).

    ``has_prefix`` takes the first key at or after ``p`` from ``irange(p)`` (a lazy iterator, so
    only one key is produced) and tests ``startswith``.

    Cost, with n words: ``is_word`` O(log n) (``SortedList.__contains__``); ``has_prefix``
    O(log n) plus the iterator's set-up. Build O(n log n).

    >>> lex = SortedContainersLexicon(["tea", "ten"])
    >>> lex.has_prefix("ten"), lex.is_word("te")
    (True, False)
    """

    def __init__(self, words: Iterable[str]) -> None:
        self._words: SortedList = SortedList(unique_words(words, "sortedcontainers"))

    def __len__(self) -> int:
        return len(self._words)

    def is_word(self, s: str) -> bool:
        """``SortedList.__contains__``, O(log n)."""
        return s in self._words

    def has_prefix(self, s: str) -> bool:
        """First key of ``irange(s)`` tested with ``startswith``, O(log n)."""
        first = next(self._words.irange(s), None)
        return first is not None and first.startswith(s)
