"""The brute-force Boggle solver, correct by construction, that the real search is checked against.

:func:`filter_words` tries every word of the list on the board (no trie, no pruning by prefix):
a word is on the board when some simple path spells it. Tracing a word cell by cell in the
documented order (start cells row-major, neighbours in :data:`NEIGHBOUR_OFFSETS` order) meets its
paths in the same order as the search, so the first path found is the one the search reports.
"""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.solver.games.boggle.board import Board

Found = dict[str, list[tuple[int, ...]]]


def _trace(board: Board, nbrs: tuple[tuple[int, ...], ...], word: str) -> tuple[int, ...] | None:
    """The first simple path spelling ``word`` in the documented order, or None."""
    cells = board.cells
    path: list[int] = []
    used = [False] * len(cells)

    def extend(i: int, at: int) -> bool:
        token = cells[i]
        if not word.startswith(token, at):
            return False
        used[i] = True
        path.append(i)
        at += len(token)
        if at == len(word) or any(not used[j] and extend(j, at) for j in nbrs[i]):
            return True
        used[i] = False
        path.pop()
        return False

    for start in range(len(cells)):
        if extend(start, 0):
            return tuple(path)
    return None


def filter_words(board: Board, words: Iterable[str], min_length: int = 3) -> Found:
    """Every word of ``words`` (at least ``min_length`` letters) that a simple path on ``board``
    spells, with its first path, in the order of ``words``."""
    nbrs = board.neighbours()
    letters = set("".join(board.cells))
    found: Found = {}
    for word in words:
        if len(word) >= min_length and letters.issuperset(word):
            path = _trace(board, nbrs, word)
            if path is not None:
                found[word] = [path]
    return found
