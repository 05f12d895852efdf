"""``lexpy-trie``: lexpy's ``Trie``, from a pure-Python library made for word games.

:class:`LexpyAutomaton` holds what lexpy's two automata share; ``lexpy-dawg``
(:mod:`.lexpy_dawg`) is the same adapter over its ``DAWG``."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Any

from lexpy import Trie

from lexibench.structures.word_checks import unique_words


class LexpyAutomaton:
    """What lexpy's two automata share: nodes (``FSANode``) with a ``children`` dict and an
    end-of-word flag ``eow``, reached from the automaton's public ``root``.

    Traps pinned down here: ``"" in automaton`` is True and ``contains_prefix("")`` is True even
    when nothing is stored (the root counts as the empty word); ``len(automaton)`` is the number
    of nodes, not words; a repeated word raises its count instead of being ignored. The adapter
    answers the empty string itself, counts distinct words itself and adds each word once.

    Stepping uses the public node attributes: ``child`` is ``node.children.get(letter)`` and
    ``is_terminal`` reads ``node.eow`` (``operator.attrgetter``, no Python frame).
    """

    _automaton: Any
    _count: int

    def __len__(self) -> int:
        return self._count

    def is_word(self, s: str) -> bool:
        """``s in automaton`` (a node walk in Python), the empty string excepted: O(|s|)."""
        return bool(s) and s in self._automaton

    def has_prefix(self, s: str) -> bool:
        """``automaton.contains_prefix(s)`` (a node walk in Python), True for "" only when a
        word is stored: O(|s|)."""
        return self._automaton.contains_prefix(s) if s else self._count > 0

    def root(self) -> Any:
        """The automaton's root node."""
        return self._automaton.root

    @staticmethod
    def child(node: Any, letter: str) -> Any | None:
        """The node after ``letter`` (``node.children.get``): O(1)."""
        children: dict[str, Any] = node.children
        return children.get(letter)

    #: ``node.eow``: True when the node ends a stored word. O(1).
    is_terminal = staticmethod(attrgetter("eow"))


class LexpyTrieLexicon(LexpyAutomaton):
    """Words in a :class:`lexpy.Trie`: one ``FSANode`` per distinct prefix.

    Cost: ``is_word`` and ``has_prefix`` O(|s|) dict look-ups, in Python; stepping O(1) per
    letter. Build O(total characters) in Python; memory one Python object and one dict per node.

    >>> lex = LexpyTrieLexicon(["cat", "cats"])
    >>> lex.has_prefix("ca"), lex.is_word("ca"), lex.is_word(""), len(lex)
    (True, False, False, 2)
    """

    def __init__(self, words: Iterable[str] = ()) -> None:
        unique = unique_words(words, "lexpy-trie")
        trie = Trie()
        for word in unique:
            trie.add(word)
        self._automaton = trie
        self._count = len(unique)
