"""Two mistakes the published articles made, measured on purpose and kept apart from the real
backends (they are never registered; the tables mark their rows as pitfalls).

**Completion-list prefix test.** A trie library asked "does any word start with p?" by listing
every word under p and checking that the list is not empty, as the Scramble with Friends
article's first trie did (``find_prefix_matches``). :class:`CompletionListLexicon` does it with
pygtrie's ``keys(prefix)``: right answers, at the cost of building a list of every completion on
every step (tens of thousands of words for a one-letter prefix).

**No pruning.** The solver that never asks for a prefix: it enumerates every simple path of the
board and tests each path's string with ``is_word`` only. :func:`every_path_words` does it; the
number of paths is exponential in the board's size (:func:`simple_paths`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

import pygtrie

from lexibench.solver.games.boggle.board import neighbours


class CompletionListLexicon:
    """pygtrie's :class:`~pygtrie.CharTrie` with the prefix test of a completion list (see the
    module docstring). Cost: ``has_prefix(p)`` O(completions of p), in Python; ``is_word``
    O(|s|)."""

    def __init__(self, words: Iterable[str]) -> None:
        self._trie = pygtrie.CharTrie.fromkeys(words, True)
        self._count = len(self._trie)

    def __len__(self) -> int:
        return self._count

    def is_word(self, s: str) -> bool:
        """``s in trie``: O(|s|)."""
        return s in self._trie

    def has_prefix(self, s: str) -> bool:
        """``len(trie.keys(prefix=s)) > 0``: the mistake, O(number of words under s)."""
        try:
            return len(self._trie.keys(prefix=s)) > 0
        except KeyError:  # pygtrie's answer for a prefix no key has
            return False


class PathCapReachedError(Exception):
    """The enumeration of :func:`every_path_words` stopped at its cap."""


def every_path_words(
    cells: tuple[str, ...],
    nbrs: tuple[tuple[int, ...], ...],
    is_word: Callable[[str], object],
    min_length: int = 3,
    max_paths: int = 0,
) -> tuple[set[str], int]:
    """The words of a board found with no pruning: every simple path's string tested with
    ``is_word``. Returns (the distinct words, the paths tested); with ``max_paths`` (0: no cap)
    it stops after that many paths and returns what it found so far."""
    found: set[str] = set()
    used = [False] * len(cells)
    tested = 0

    def visit(i: int, word: str) -> None:
        nonlocal tested
        tested += 1
        if max_paths and tested > max_paths:
            raise PathCapReachedError
        if len(word) >= min_length and is_word(word):
            found.add(word)
        used[i] = True
        for j in nbrs[i]:
            if not used[j]:
                visit(j, word + cells[j])
        used[i] = False

    try:
        for i in range(len(cells)):
            visit(i, cells[i])
    except PathCapReachedError:
        tested = max_paths
    return found, tested


@cache
def simple_paths(rows: int, cols: int) -> int:
    """How many simple paths (of one cell or more) an R x C board has, counted without listing
    them: a count per (cells used, last cell), over the subsets in increasing order. For up to
    16 cells (4x4: 2**16 x 16 states)."""
    n = rows * cols
    if n > 16:
        raise ValueError(f"{rows}x{cols}: counting paths is exponential; at most 16 cells")
    table = neighbours(rows, cols)
    counts = [[0] * n for _ in range(1 << n)]
    for i in range(n):
        counts[1 << i][i] = 1
    total = 0
    for used in range(1, 1 << n):
        row = counts[used]
        for last in range(n):
            ways = row[last]
            if not ways:
                continue
            total += ways
            for j in table[last]:
                if not used >> j & 1:
                    counts[used | 1 << j][j] += ways
    return total
