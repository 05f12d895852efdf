"""Trivially correct references the real code is checked against."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.solver.games.boggle.board import Board
from lexibench.structures.conformance import ReferenceLexicon

Found = dict[str, list[tuple[int, ...]]]


class TabulatedReferenceLexicon(ReferenceLexicon):
    """The same answers from a table of every prefix of every word, for many queries."""

    def __init__(self, words: Iterable[str]) -> None:
        super().__init__(words)
        self.prefixes = {w[:i] for w in self.words for i in range(len(w) + 1)}

    def has_prefix(self, s: str) -> bool:
        return s in self.prefixes


def every_path(board: Board, words: Iterable[str], min_length: int = 3) -> Found:
    """Every simple path of ``board`` (no pruning) in the documented order (start cells row-major,
    neighbours in :data:`~lexibench.solver.games.boggle.board.NEIGHBOUR_OFFSETS` order), kept when
    it spells one of ``words``: every path of every word, the Boggle search's ``all_paths``.
    Exponential in the board's size: for small boards and word lists."""
    vocab = set(words)
    longest = max(map(len, vocab), default=0)
    cells = board.cells
    nbrs = board.neighbours()
    found: Found = {}

    def extend(path: list[int], word: str) -> None:
        if len(word) >= min_length and word in vocab:
            found.setdefault(word, []).append(tuple(path))
        if len(word) >= longest:
            return
        for k in nbrs[path[-1]]:
            if k not in path:
                path.append(k)
                extend(path, word + cells[k])
                path.pop()

    for start in range(len(cells)):
        extend([start], cells[start])
    return found
