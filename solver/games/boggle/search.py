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
    search = _StringSearch(cells, nbrs, has_prefix, is_word, min_length, all_paths, max_paths)
    for i in range(len(cells)):
        if has_prefix(cells[i]):
            search.dfs(i, cells[i])
    return search.found


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
    search = _StepSearch(cells, nbrs, child, is_terminal, min_length, all_paths, max_paths)
    firsts = search.firsts
    rests = search.rests
    for i in range(len(cells)):
        node = child(root, firsts[i])
        if node is not None and rests[i]:
            node = child(node, rests[i])
        if node is not None:
            search.dfs(i, node, len(cells[i]))
    return search.found


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


@final
class _StringSearch:
    """State of one whole-string search; ``dfs`` is the recursion."""

    def __init__(
        self,
        cells: tuple[str, ...],
        nbrs: Neighbours,
        has_prefix: Callable[[str], object],
        is_word: Callable[[str], object],
        min_length: int,
        all_paths: bool,
        max_paths: int,
    ) -> None:
        self.cells = cells
        self.nbrs = nbrs
        self.has_prefix = has_prefix
        self.is_word = is_word
        self.min_length = min_length
        self.all_paths = all_paths
        self.max_paths = max_paths
        self.kept = 0
        self.used = [False] * len(cells)
        self.path: list[int] = []
        self.found: Found = {}

    def dfs(self, i: int, prefix: str) -> None:
        """Visit cell ``i``, which ends the path spelling ``prefix`` (a stored prefix)."""
        used = self.used
        path = self.path
        used[i] = True
        path.append(i)
        if (
            len(prefix) >= self.min_length
            and self.is_word(prefix)
            and _record(self.found, prefix, path, self.all_paths)
        ):
            self.kept = _count(self.kept, self.max_paths)
        cells = self.cells
        has_prefix = self.has_prefix
        for j in self.nbrs[i]:
            if used[j]:
                continue
            extended = prefix + cells[j]
            if has_prefix(extended):
                self.dfs(j, extended)
        used[i] = False
        path.pop()


@final
class _StepSearch:
    """State of one stepping search; ``dfs`` is the recursion."""

    def __init__(
        self,
        cells: tuple[str, ...],
        nbrs: Neighbours,
        child: Callable[[Any, str], Any],
        is_terminal: Callable[[Any], object],
        min_length: int,
        all_paths: bool,
        max_paths: int,
    ) -> None:
        self.cells = cells
        self.nbrs = nbrs
        self.firsts = [token[0] for token in cells]
        self.rests = [token[1:] for token in cells]  # "u" for the Qu tile, else ""
        self.child = child
        self.is_terminal = is_terminal
        self.min_length = min_length
        self.all_paths = all_paths
        self.max_paths = max_paths
        self.kept = 0
        self.used = [False] * len(cells)
        self.path: list[int] = []
        self.found: Found = {}

    def dfs(self, i: int, node: Any, length: int) -> None:
        """Visit cell ``i``, reached at lexicon ``node`` with ``length`` letters so far."""
        used = self.used
        path = self.path
        used[i] = True
        path.append(i)
        if length >= self.min_length and self.is_terminal(node):
            cells = self.cells
            word = "".join([cells[k] for k in path])
            if _record(self.found, word, path, self.all_paths):
                self.kept = _count(self.kept, self.max_paths)
        child = self.child
        firsts = self.firsts
        rests = self.rests
        for j in self.nbrs[i]:
            if used[j]:
                continue
            nxt = child(node, firsts[j])
            if nxt is None:
                continue
            rest = rests[j]
            if rest:
                nxt = child(nxt, rest)
                if nxt is not None:
                    self.dfs(j, nxt, length + 2)
            else:
                self.dfs(j, nxt, length + 1)
        used[i] = False
        path.pop()
