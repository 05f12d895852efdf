"""``dict-trie``: a trie of nested Python dicts, written here; supports stepping."""

from __future__ import annotations

from collections.abc import Iterable
from operator import methodcaller
from typing import Any, Final

from structures.words import unique_words

#: Key marking a node whose string is a stored word. No letter is the empty string, so it can
#: never collide with a child.
END: Final = ""

DictNode = dict[str, Any]


class DictTrieLexicon:
    """A character trie: each node is a ``dict`` from one character to the child node.

    A node whose string is a word also holds the key :data:`END` (mapped to the word itself).

    Cost: ``is_word`` and ``has_prefix`` O(|s|) dict look-ups. Stepping: ``child`` is O(1) (it is
    ``dict.get`` itself, no Python frame), ``is_terminal`` O(1). Build O(total characters);
    memory is one dict per distinct prefix, the largest of the structures here.

    >>> lex = DictTrieLexicon(["hello"])
    >>> lex.is_word("h"), lex.has_prefix("h"), lex.has_prefix("hello")
    (False, True, True)
    >>> node = lex.child(lex.child(lex.root(), "h"), "e")
    >>> lex.is_terminal(node), lex.child(node, "x") is None
    (False, True)
    """

    def __init__(self, words: Iterable[str]) -> None:
        root: DictNode = {}
        count = 0
        for word in unique_words(words, "dict-trie"):
            node = root
            for ch in word:
                node = node.setdefault(ch, {})
            node[END] = word
            count += 1
        self._root = root
        self._count = count

    def __len__(self) -> int:
        return self._count

    def _walk(self, s: str) -> DictNode | None:
        node: DictNode | None = self._root
        for ch in s:
            node = node.get(ch)  # type: ignore[union-attr]
            if node is None:
                return None
        return node

    def is_word(self, s: str) -> bool:
        """Walk ``s`` from the root, then test the end marker: O(|s|)."""
        node = self._walk(s)
        return node is not None and END in node

    def has_prefix(self, s: str) -> bool:
        """Walk ``s`` from the root: O(|s|). The root is non-empty exactly when a word is stored."""
        node = self._walk(s)
        return node is not None and bool(node)

    def root(self) -> DictNode:
        """The node of the empty string."""
        return self._root

    #: ``child(node, letter)``: the next node or None, O(1). It is ``dict.get`` unwrapped, so a
    #: solver that binds it once pays no Python call per step. A letter can never be END ("").
    child = staticmethod(dict.get)

    #: ``is_terminal(node)``: True when the node's string is a stored word, O(1).
    is_terminal = staticmethod(methodcaller("__contains__", END))
