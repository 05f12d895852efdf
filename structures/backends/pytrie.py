"""``pytrie``: :class:`pytrie.StringTrie` from the pure-Python PyTrie package."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytrie

from lexibench.structures.word_checks import unique_words


class PyTrieLexicon:
    """Words as the keys of a :class:`pytrie.StringTrie` (nodes with a ``children`` dict).

    ``is_word`` is the trie's ``__contains__``. PyTrie has no prefix test: ``has_prefix`` asks
    for the first key of the lazy ``iterkeys(prefix)`` (a walk to the prefix's node, then down to
    its first key) instead of ``keys(prefix)``, which would list every completion. No stepping:
    the trie's root is private (``_root``).

    Cost: ``is_word`` O(|s|) dict look-ups in Python; ``has_prefix`` O(|s| + the depth to the
    nearest key), in Python generators. Build O(total characters) in Python.

    >>> lex = PyTrieLexicon(["cat", "cats"])
    >>> lex.has_prefix("ca"), lex.is_word("ca"), lex.has_prefix("")
    (True, False, True)
    """

    is_word: Callable[[str], bool]
    """``StringTrie.__contains__``: O(|s|)."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = unique_words(words, "pytrie")
        trie = pytrie.StringTrie()
        for word in unique:
            trie[word] = True
        self._trie = trie
        self._count = len(unique)
        self.is_word = trie.__contains__

    def __len__(self) -> int:
        return self._count

    def has_prefix(self, s: str) -> bool:
        """The first key of ``iterkeys(s)``, if any: O(|s| + depth to the nearest key)."""
        return next(self._trie.iterkeys(s), None) is not None
