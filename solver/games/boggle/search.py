"""The depth-first search itself: the inner loops of :mod:`solver.games.boggle.solve`, compiled with
mypyc.

Installing lexibench compiles this one module to a C extension with mypyc (``setup.py``); the
source is plain typed Python and runs unchanged, interpreted, when it is not compiled (install
with ``LEXIBENCH_NO_COMPILE=1``). :func:`build` tells which of the two is running, and the
benchmark results record it.

Why compiled: on a 4x4 board the search makes about 4,000 neighbour checks and 700 calls. With
the fast backends, the interpreter's own work on those lines cost more than the lexicon's
answers, so the comparison measured mostly CPython. Compiled, the lexicon's calls (``has_prefix``,
``child``, ...) are the same Python-level calls as before, made from C: every backend is still
asked exactly the same questions, and the cost left is mostly theirs.

The search: from every cell in row-major order, extend the path to each unused neighbour in the
order of ``nbrs`` (the board's neighbour lists), prune as soon as no stored word starts with the
path's string, and record a word (its first path, or every path) when the lexicon holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, final

from lexibench.structures.errors import TooManyPathsError

Path = tuple[int, ...]
Found = dict[str, list[Path]]
Neighbours = tuple[tuple[int, ...], ...]


def build() -> str:
    """``"mypyc"`` when this module runs compiled, ``"interpreted"`` when it runs from source."""
    return "interpreted" if __file__.endswith(".py") else "mypyc"


def by_strings(
    cells: tuple[str, ...],
    nbrs: Neighbours,
    has_prefix: Callable[[str], object],
    is_word: Callable[[str], object],
    min_length: int,
    all_paths: bool,
    max_paths: int = 0,
) -> Found:
    """Every word of at least ``min_length`` letters, asking ``has_prefix``/``is_word`` of the
    whole string at each step. Returns ``{word: [path, ...]}`` in discovery order.

    With ``all_paths`` every path of each word is kept; ``max_paths`` (0: no limit) caps their
    total, raising :class:`TooManyPathsError` as soon as it is passed."""
    search = _Search(cells, nbrs, is_word, min_length, all_paths, max_paths, has_prefix, None)
    return search.run("")


def by_steps(
    cells: tuple[str, ...],
    nbrs: Neighbours,
    root: object,
    child: Callable[[Any, str], Any],
    is_terminal: Callable[[Any], object],
    min_length: int,
    all_paths: bool,
    max_paths: int = 0,
) -> Found:
    """As :func:`by_strings`, walking lexicon nodes: ``child(node, letter)`` per step (two for the
    Qu tile) and ``is_terminal(node)``; a word's string is built only when it is recorded."""
    search = _Search(cells, nbrs, is_terminal, min_length, all_paths, max_paths, None, child)
    return search.run(root)


@final
class _Search:
    """State of one search at either tier; ``dfs`` is the recursion.

    A node is what the lexicon answers for the path so far: at the string tier (``child`` None)
    the path's string itself, pruned with ``has_prefix``; at the step tier a lexicon node, from
    ``child``. ``is_terminal`` is ``is_word`` at the string tier."""

    def __init__(
        self,
        cells: tuple[str, ...],
        nbrs: Neighbours,
        is_terminal: Callable[[Any], object],
        min_length: int,
        all_paths: bool,
        max_paths: int,
        has_prefix: Callable[[str], object] | None,
        child: Callable[[Any, str], Any] | None,
    ) -> None:
        self.cells = cells
        self.nbrs = nbrs
        self.lengths = [len(token) for token in cells]
        self.firsts = [token[0] for token in cells]
        self.rests = [token[1:] for token in cells]  # "u" for the Qu tile, else ""
        self.is_terminal = is_terminal
        self.min_length = min_length
        self.all_paths = all_paths
        self.max_paths = max_paths
        self.has_prefix = has_prefix
        self.child = child
        self.kept = 0
        self.used = [False] * len(cells)
        self.path: list[int] = []
        self.found: Found = {}

    def run(self, start: Any) -> Found:
        """Search from every cell, ``start`` being the empty path's node."""
        self.extend(start, 0, tuple(range(len(self.cells))))
        return self.found

    def dfs(self, i: int, node: Any, length: int) -> None:
        """Visit cell ``i``, reached at ``node`` with ``length`` letters so far."""
        used = self.used
        path = self.path
        used[i] = True
        path.append(i)
        if length >= self.min_length and self.is_terminal(node):
            cells = self.cells
            word = node if self.child is None else "".join([cells[k] for k in path])
            if _record(self.found, word, path, self.all_paths):
                self.kept = _count(self.kept, self.max_paths)
        self.extend(node, length, self.nbrs[i])
        used[i] = False
        path.pop()

    def extend(self, node: Any, length: int, cells: tuple[int, ...]) -> None:
        """Visit each unused cell of ``cells`` whose letters extend the path at ``node`` toward
        a stored word: one query of the whole string, or a step a letter (two for Qu)."""
        used = self.used
        lengths = self.lengths
        child = self.child
        has_prefix = self.has_prefix
        tokens = self.cells
        firsts = self.firsts
        rests = self.rests
        text: str = node if child is None else ""  # the string tier: the node is the string
        nxt: Any
        for j in cells:
            if used[j]:
                continue
            if child is None:
                nxt = text + tokens[j]
                if has_prefix is None or not has_prefix(nxt):
                    continue
            else:
                nxt = child(node, firsts[j])
                if nxt is None:
                    continue
                rest = rests[j]
                if rest:
                    nxt = child(nxt, rest)
                    if nxt is None:
                        continue
            self.dfs(j, nxt, length + lengths[j])


def _record(found: Found, word: str, path: list[int], all_paths: bool) -> bool:
    """Keep ``path`` for ``word`` (the first path, or every one with ``all_paths``); return
    True when a path was kept."""
    paths = found.get(word)
    if paths is None:
        found[word] = [tuple(path)]
        return True
    if all_paths:
        paths.append(tuple(path))
        return True
    return False


def _count(kept: int, max_paths: int) -> int:
    """``kept + 1``, or :class:`TooManyPathsError` when that passes a non-zero ``max_paths``."""
    kept += 1
    if max_paths and kept > max_paths:
        raise TooManyPathsError(max_paths)
    return kept
