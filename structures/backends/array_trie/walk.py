"""The interpreted core of ``array-trie``: the same queries as the compiled one, in Python.

Used when :mod:`structures.backends.array_trie.core` is not compiled (an install with
``LEXIBENCH_NO_COMPILE=1``): the answers are the same, only slower, and the native tier is then
unavailable. The layout is described in :mod:`structures.backends.array_trie.lexicon`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from lexibench.structures.class_automaton import ClassAutomaton, pattern_parts
from lexibench.structures.node_array import NodeArrayCore
from lexibench.structures.word_checks import MAX_STRING_LENGTH

TERMINAL = 0x8000_0000
"""Bit of a node's mask set when the node's string is a stored word."""
LETTERS = 0x03FF_FFFF
"""Bits 0-25 of a node's mask: which of a-z continue from the node."""
ALPHABET = 26


def check_nodes(nodes: Sequence[int], count: int) -> None:
    """Raise ``ValueError`` unless ``nodes`` is a trie of ``count`` words laid out as
    :func:`~structures.backends.array_trie.lexicon.build_nodes` lays one out: two items per node,
    no bit set but the letters' and the word's, and each node's first child the next node not
    yet given to a parent (breadth first: the children of node 0, then node 1's, ...), so that
    every node but the root is the child of exactly one earlier node (no loop, no shared node, no
    stray); every leaf a word, the root not one, ``count`` words in all, none longer than
    :data:`~structures.words.MAX_STRING_LENGTH`. O(nodes).

    The compiled core reads the array through a C pointer and its searches follow every child
    index it holds, so a file that passed its checksum (anyone can write one) but holds another
    layout must not reach it; this also bounds a search by the words the file holds.
    """
    size = len(nodes) // 2
    if size == 0 or len(nodes) % 2 or size > 0x7FFF_FFFF:
        raise ValueError("array-trie: the array must hold two items per node")
    expected = 1
    words = 0
    depth, depth_end = 0, 1
    for node in range(size):
        if node == depth_end:  # the first node of the next depth (breadth first)
            depth, depth_end = depth + 1, expected
            if depth > MAX_STRING_LENGTH:
                raise ValueError(f"array-trie: a word longer than {MAX_STRING_LENGTH} letters")
        mask = nodes[2 * node]
        if mask & ~(LETTERS | TERMINAL):
            raise ValueError(f"array-trie: node {node} has bits set that are not letters")
        if node and node >= expected:
            raise ValueError(f"array-trie: node {node} is no node's child (a loop, or a stray)")
        children = (mask & LETTERS).bit_count()
        if nodes[2 * node + 1] != expected:
            if nodes[2 * node + 1] + children > size:
                raise ValueError("array-trie: a node points outside the array")
            raise ValueError(
                f"array-trie: node {node}'s children are not where the trie's breadth-first "
                "layout puts them"
            )
        expected += children
        if expected > size:
            raise ValueError("array-trie: a node points outside the array")
        if mask & TERMINAL:
            words += 1
            if node == 0:
                raise ValueError("array-trie: the empty string is not a word")
        elif node and not children:
            raise ValueError(f"array-trie: node {node} leads to no word")
    if expected != size:
        raise ValueError(f"array-trie: {size - expected:,} nodes are no node's children")
    if words != count:
        raise ValueError(f"array-trie: it holds {words:,} words, not {count:,}")


class PythonCore(NodeArrayCore):
    """Queries and stepping over the node array, interpreted.

    Cost: ``is_word`` and ``has_prefix`` O(|s|) (a bit test and ``int.bit_count`` per letter);
    ``child`` and ``is_terminal`` O(1). No native tier.
    """

    def _attach(self, nodes: Sequence[int], count: int) -> None:
        """Use ``nodes``: per trie node its letter mask, then its first child's index."""
        check_nodes(nodes, count)
        self._keep(nodes, count)

    def _walk(self, s: str) -> int:
        nodes = self._nodes
        node = 0
        for ch in s:
            code = ord(ch) - 97
            if not 0 <= code < ALPHABET:
                return -1
            mask = nodes[2 * node]
            if not mask >> code & 1:
                return -1
            node = nodes[2 * node + 1] + (mask & ((1 << code) - 1)).bit_count()
        return node

    def is_word(self, s: str) -> bool:
        """True when ``s`` is a stored word: O(|s|)."""
        node = self._walk(s)
        return node >= 0 and bool(self._nodes[2 * node] & TERMINAL)

    def has_prefix(self, s: str) -> bool:
        """True when a stored word starts with ``s``: O(|s|)."""
        return self._walk(s) >= 0 and self._count > 0

    def root(self) -> int:
        """The node of the empty string: 0."""
        return 0

    def child(self, node: int, letter: str) -> int | None:
        """The node after ``letter`` (one character), or None: O(1)."""
        code = ord(letter) - 97 if len(letter) == 1 else -1
        if not 0 <= code < ALPHABET:
            return None
        mask = self._nodes[2 * node]
        if not mask >> code & 1:
            return None
        return self._nodes[2 * node + 1] + (mask & ((1 << code) - 1)).bit_count()

    def is_terminal(self, node: int) -> bool:
        """True when the node's string is a stored word: O(1)."""
        return bool(self._nodes[2 * node] & TERMINAL)


class _Stepping(Protocol):
    def __len__(self) -> int: ...
    def root(self) -> Any: ...
    def child(self, node: Any, letter: str) -> Any | None: ...
    def is_terminal(self, node: Any) -> bool: ...


def classes_by_steps(trie: _Stepping, parts: Sequence[str | None]) -> list[str]:
    """Every word of ``trie`` that ``parts`` (per position the letters it accepts; None a star)
    match as a whole, walking it with ``child``: the compiled walk's NFA with the state in a
    Python int, for patterns longer than its 64-bit state holds.

    >>> from lexibench.structures.backends.array_trie.lexicon import ArrayTrieLexicon
    >>> sorted(classes_by_steps(ArrayTrieLexicon(["ab", "bb", "abc"]), ["ab", "b", None]))
    ['ab', 'abc', 'bb']
    """
    automaton = ClassAutomaton(parts)
    step = automaton.step
    found: list[str] = []
    if len(trie) == 0:
        return found
    stack = [("", trie.root(), automaton.start)]
    while stack:
        prefix, node, state = stack.pop()
        if trie.is_terminal(node) and automaton.accepts(state):
            found.append(prefix)
        for letter in automaton.letters:  # a-z, in order
            after = step(state, letter)
            nxt = trie.child(node, letter) if after else None
            if nxt is not None:
                stack.append((prefix + letter, nxt, after))
    return found


def pattern_by_steps(trie: _Stepping, pattern: str) -> list[str]:
    """Every word of ``trie`` that ``pattern`` (``?`` one letter, ``*`` any letters) matches as
    a whole: :func:`classes_by_steps` of its parts (``?`` every letter, ``*`` a star), for
    patterns longer than the compiled walk's 64-bit state holds.

    >>> from lexibench.structures.backends.array_trie.lexicon import ArrayTrieLexicon
    >>> sorted(pattern_by_steps(ArrayTrieLexicon(["ab", "abc", "b"]), "a*"))
    ['ab', 'abc']
    """
    return classes_by_steps(trie, pattern_parts(pattern))
