"""The plain-Python reference: the dict-of-dicts Boggle solver of the published articles.

Written here in the form those articles use (a trie of nested dicts with an end marker, and a
recursive search that carries the node and the word so far), run by the interpreter as it is:
no compiled code, no protocol, nothing of lexibench's. The solve suite times it on the same
boards as every backend (``test_solve_reference``), so each run measures lexibench against the
plain solver a reader would write first.
"""

from __future__ import annotations

from typing import Any

END = "$"
"""The key that marks a word's last node."""

Trie = dict[str, Any]


def build_trie(words: list[str] | tuple[str, ...]) -> Trie:
    """The trie of ``words``: a dict per node, ``END`` in the node of each word."""
    root: Trie = {}
    for word in words:
        node = root
        for letter in word:
            node = node.setdefault(letter, {})
        node[END] = True
    return root


def solve(
    cells: tuple[str, ...], nbrs: tuple[tuple[int, ...], ...], trie: Trie, min_length: int = 3
) -> set[str]:
    """Every word of at least ``min_length`` letters on the board (cells may hold "qu")."""
    found: set[str] = set()
    used = [False] * len(cells)

    def visit(i: int, node: Trie, word: str) -> None:
        for letter in cells[i]:
            node = node.get(letter)  # type: ignore[assignment]
            if node is None:
                return
        word += cells[i]
        if END in node and len(word) >= min_length:
            found.add(word)
        used[i] = True
        for j in nbrs[i]:
            if not used[j]:
                visit(j, node, word)
        used[i] = False

    for i in range(len(cells)):
        visit(i, trie, "")
    return found
