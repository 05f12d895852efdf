"""``prefix-set``: a hash set of words plus a hash set of every prefix of every word."""

from __future__ import annotations

from collections.abc import Iterable

from structures.words import unique_words


class PrefixSetLexicon:
    """Two Python ``set`` objects: the words, and all their prefixes (the words included).

    Cost: ``is_word`` and ``has_prefix`` one hash look-up each, O(|s|) to hash. Build
    O(total characters²/n): every prefix of every word is a new string, which also makes it the
    most memory-hungry structure after the dict trie.

    >>> lex = PrefixSetLexicon(["tea"])
    >>> lex.has_prefix(""), lex.has_prefix("te"), lex.is_word("te")
    (True, True, False)
    """

    def __init__(self, words: Iterable[str]) -> None:
        unique = unique_words(words, "prefix-set")
        self._words = frozenset(unique)
        self._prefixes = frozenset(word[:i] for word in unique for i in range(len(word) + 1))

    def __len__(self) -> int:
        return len(self._words)

    def is_word(self, s: str) -> bool:
        """One hash look-up in the word set, O(|s|)."""
        return s in self._words

    def has_prefix(self, s: str) -> bool:
        """One hash look-up in the prefix set, O(|s|)."""
        return s in self._prefixes
