"""``pygtrie``: :class:`pygtrie.CharTrie`, a pure-Python trie."""

from __future__ import annotations

from collections.abc import Iterable

import pygtrie

from lexibench.structures.word_checks import unique_words


class PygtrieLexicon:
    """Words as the keys of a :class:`pygtrie.CharTrie`.

    ``has_prefix`` uses ``has_node`` (non-zero when the node exists, with a value, children or
    both). ``has_subtrie`` would be wrong here: it is False for a word with no extensions.

    Cost: ``is_word`` and ``has_prefix`` O(|s|) node look-ups in Python. Build O(total
    characters).

    >>> lex = PygtrieLexicon(["cat"])
    >>> lex.has_prefix("cat"), lex.has_prefix("ca"), lex.is_word("ca")
    (True, True, False)
    """

    def __init__(self, words: Iterable[str]) -> None:
        trie = pygtrie.CharTrie()
        for word in unique_words(words, "pygtrie"):
            trie[word] = True
        self._trie = trie

    def __len__(self) -> int:
        return len(self._trie)

    def is_word(self, s: str) -> bool:
        """``CharTrie.has_key``: O(|s|)."""
        return bool(self._trie.has_key(s))

    def has_prefix(self, s: str) -> bool:
        """``CharTrie.has_node`` non-zero: O(|s|). The empty root counts only when words exist."""
        return bool(self._trie.has_node(s)) if s else len(self._trie) > 0
