"""``lexpy-dawg``: lexpy's ``DAWG`` (a trie whose identical suffixes are merged), through the same
adapter as ``lexpy-trie`` (:class:`~.lexpy_trie.LexpyAutomaton`)."""

from __future__ import annotations

from collections.abc import Iterable

from lexpy import DAWG

from lexibench.structures.backends.lexpy_trie import LexpyAutomaton
from lexibench.structures.word_checks import unique_words


class LexpyDawgLexicon(LexpyAutomaton):
    """Words in a :class:`lexpy.DAWG`: a trie whose identical suffix subtrees are merged.

    lexpy builds it incrementally and refuses words out of alphabetical order, so the words are
    sorted first; ``reduce()`` then minimizes the last branch.

    Cost: ``is_word`` and ``has_prefix`` O(|s|) dict look-ups, in Python; stepping O(1) per
    letter. Build O(total characters) plus the hashing of each finished node, in Python; fewer
    nodes than the trie.

    >>> lex = LexpyDawgLexicon(["cats", "cat"])
    >>> lex.has_prefix("ca"), lex.is_word("cats"), lex.has_prefix(""), len(lex)
    (True, True, True, 2)
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = sorted(unique_words(words, "lexpy-dawg"))
        dawg = DAWG()
        for word in unique:
            dawg.add(word)
        dawg.reduce()
        self._automaton = dawg
        self._count = len(unique)
