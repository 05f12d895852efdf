"""``dict-trie``: a trie of nested Python dicts, written here; supports stepping."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lexibench.structures.word_checks import unique_words


class WordNode(dict[str, Any]):
    """A trie node whose string is a stored word: a ``dict`` of children like any other node.

    Marking words by the node's type rather than by a key costs no memory (a leaf is an empty
    dict) and makes the terminal test ``WordNode.__instancecheck__``, a C function of one
    argument.
    """

    __slots__ = ()


class DictTrieLexicon:
    """A character trie: each node is a ``dict`` from one character to the child node.

    The node of a stored word is a :class:`WordNode`; every other node a plain ``dict``. Every
    node but the root lies on the way to a word, so a walk that does not fall off is a prefix.

    Cost: ``is_word`` and ``has_prefix`` O(|s|) dict look-ups. Stepping: ``child`` is O(1) (it is
    ``dict.get`` itself, no Python frame), ``is_terminal`` O(1) (a type check, also no Python
    frame). Build O(total characters); memory is one dict per distinct prefix, the largest of the
    structures here.

    >>> lex = DictTrieLexicon(["hello", "he"])
    >>> lex.is_word("h"), lex.is_word("he"), lex.has_prefix("h"), lex.has_prefix("hello")
    (False, True, True, True)
    >>> node = lex.child(lex.child(lex.root(), "h"), "e")
    >>> lex.is_terminal(node), lex.child(node, "x") is None
    (True, True)
    """

    def __init__(self, words: Iterable[str]) -> None:
        root: dict[str, Any] = {}
        count = 0
        for word in unique_words(words, "dict-trie"):
            parent = root
            for ch in word[:-1]:
                parent = parent.setdefault(ch, {})
            last = word[-1]
            node = parent.get(last)
            if type(node) is not WordNode:  # new, or the prefix of a word stored before
                parent[last] = WordNode(node or ())
            count += 1
        self._root = root
        self._count = count

    def __len__(self) -> int:
        return self._count

    def _walk(self, s: str) -> dict[str, Any] | None:
        node: dict[str, Any] | None = self._root
        for ch in s:
            node = node.get(ch)  # type: ignore[union-attr]
            if node is None:
                return None
        return node

    def is_word(self, s: str) -> bool:
        """Walk ``s`` from the root, then test the node's type: O(|s|)."""
        return type(self._walk(s)) is WordNode

    def has_prefix(self, s: str) -> bool:
        """Walk ``s`` from the root: O(|s|). Only the empty string on an empty trie reaches a node
        that starts no word (the root)."""
        return self._count > 0 and self._walk(s) is not None

    def root(self) -> dict[str, Any]:
        """The node of the empty string."""
        return self._root

    #: ``child(node, letter)``: the next node or None, O(1). It is ``dict.get`` unwrapped, so a
    #: solver that binds it once pays no Python call per step.
    child = staticmethod(dict.get)

    #: ``is_terminal(node)``: True when the node's string is a stored word, O(1). A bound C method
    #: of one argument; ``operator.methodcaller`` would build a bound method on every call.
    is_terminal = staticmethod(WordNode.__instancecheck__)
