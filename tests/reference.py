"""Trivially correct references the real code is checked against."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.structures.conformance import ReferenceLexicon


class TabulatedReferenceLexicon(ReferenceLexicon):
    """The same answers from a table of every prefix of every word, for many queries."""

    def __init__(self, words: Iterable[str]) -> None:
        super().__init__(words)
        self.prefixes = {w[:i] for w in self.words for i in range(len(w) + 1)}

    def has_prefix(self, s: str) -> bool:
        return s in self.prefixes


def brute_force_words(
    rows: int, cols: int, cells: tuple[str, ...], words: Iterable[str], min_length: int = 3
) -> dict[str, list[tuple[int, ...]]]:
    """Enumerate every simple path (no pruning) in the solver's documented order, keep words.

    Paths grow from each cell in row-major order to neighbours in row-major offset order; every
    path of at most as many cells as the longest word is tried against a plain ``set``.
    """
    vocab = set(words)
    longest = max(map(len, vocab), default=0)
    offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
    found: dict[str, list[tuple[int, ...]]] = {}

    def extend(path: list[int]) -> None:
        word = "".join(cells[k] for k in path)
        if len(word) >= min_length and word in vocab:
            found.setdefault(word, []).append(tuple(path))
        if len(path) >= longest:
            return
        r, c = divmod(path[-1], cols)
        for dr, dc in offsets:
            rr, cc = r + dr, c + dc
            k = rr * cols + cc
            if 0 <= rr < rows and 0 <= cc < cols and k not in path:
                path.append(k)
                extend(path)
                path.pop()

    for start in range(rows * cols):
        extend([start])
    return found
