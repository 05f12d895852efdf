"""``prefix-set``: a hash set of words plus a hash set of every prefix of every word."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lexibench.structures.word_checks import unique_words


class PrefixSetLexicon:
    """Two frozen sets: the words, and all their prefixes (the words and "" included).

    Both queries are the sets' own ``__contains__`` (C functions, no Python frame per query).

    Cost: ``is_word`` and ``has_prefix`` one hash look-up each, O(|s|) to hash the query. Build
    O(sum of squared word lengths): every prefix of every word is a new string, which makes it the
    most memory-hungry structure with the dict trie.

    >>> lex = PrefixSetLexicon(["tea"])
    >>> lex.has_prefix(""), lex.has_prefix("te"), lex.is_word("te")
    (True, True, False)
    """

    is_word: Callable[[str], bool]
    """One hash look-up in the word set, O(|s|)."""
    has_prefix: Callable[[str], bool]
    """One hash look-up in the prefix set, O(|s|)."""

    def __init__(self, words: Iterable[str]) -> None:
        unique = unique_words(words, "prefix-set")
        self._words = frozenset(unique)
        self._prefixes = frozenset(word[:i] for word in unique for i in range(len(word) + 1))
        self.is_word = self._words.__contains__
        self.has_prefix = self._prefixes.__contains__

    def __len__(self) -> int:
        return len(self._words)
