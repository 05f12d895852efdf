"""The recursive depth-first Boggle solver over the :class:`~structures.Lexicon` protocol.

From every cell in row-major order, the search extends the path to unused neighbours in
:data:`~solver.board.NEIGHBOUR_OFFSETS` order, prunes as soon as no stored word starts with the
path's string, and records a word when the lexicon holds it. Each distinct word is reported once,
with the first path this order reaches (or every path, with ``all_paths``).

Two ways to ask the lexicon, with identical results:

``string``
    Works with every backend: each extension builds the path's string and calls
    ``has_prefix`` (and ``is_word`` when it holds).
``step``
    For backends with the stepping extension: the search carries a lexicon node and calls
    ``child(node, letter)``; the word's string is built only when a node is terminal.

Neighbour lists are computed once per board shape; the path is one list pushed and popped, and
nothing on the hot path raises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from solver.board import Board
from solver.errors import InputError
from solver.rules import DEFAULT_MIN_LENGTH, score
from structures import Lexicon, SteppingLexicon, can_step

Path = tuple[int, ...]


class Protocol(StrEnum):
    """How the solver queries the lexicon (``--protocol``)."""

    STRING = "string"
    STEP = "step"
    AUTO = "auto"


def resolve_protocol(lexicon: Lexicon, protocol: Protocol | str, name: str = "") -> Protocol:
    """``auto`` becomes ``step`` when the lexicon can step, else ``string``; ``step`` on a
    lexicon that cannot is an :class:`InputError`."""
    chosen = Protocol(protocol)
    stepping = can_step(lexicon)
    if chosen is Protocol.AUTO:
        return Protocol.STEP if stepping else Protocol.STRING
    if chosen is Protocol.STEP and not stepping:
        raise InputError(
            f"lexicon {name or type(lexicon).__name__}: does not support --protocol step"
        )
    return chosen


def find_words(
    board: Board,
    lexicon: Lexicon,
    min_length: int = DEFAULT_MIN_LENGTH,
    protocol: Protocol | str = Protocol.AUTO,
    all_paths: bool = False,
) -> dict[str, list[Path]]:
    """Every word of at least ``min_length`` letters on ``board``, with its path(s).

    Returns ``{word: [path, ...]}`` in discovery order; a path is a tuple of cell indices. Without
    ``all_paths`` each list holds only the first path found.
    """
    mode = resolve_protocol(lexicon, protocol)
    if mode is Protocol.STEP:
        # STEP is chosen only for a SteppingLexicon (can_step in resolve_protocol)
        return _find_stepping(board, lexicon, min_length, all_paths)  # type: ignore[arg-type]
    return _find_string(board, lexicon, min_length, all_paths)


def _recorder(found: dict[str, list[Path]], all_paths: bool) -> Callable[[str, list[int]], None]:
    if all_paths:

        def record_every(word: str, path: list[int]) -> None:
            found.setdefault(word, []).append(tuple(path))

        return record_every

    def record_first(word: str, path: list[int]) -> None:
        if word not in found:
            found[word] = [tuple(path)]

    return record_first


def _find_string(
    board: Board, lexicon: Lexicon, min_length: int, all_paths: bool
) -> dict[str, list[Path]]:
    cells = board.cells
    nbrs = board.neighbours()
    has_prefix = lexicon.has_prefix
    is_word = lexicon.is_word
    found: dict[str, list[Path]] = {}
    record = _recorder(found, all_paths)
    used = [False] * len(cells)
    path: list[int] = []

    def dfs(i: int, prefix: str) -> None:
        used[i] = True
        path.append(i)
        if len(prefix) >= min_length and is_word(prefix):
            record(prefix, path)
        for j in nbrs[i]:
            if used[j]:
                continue
            extended = prefix + cells[j]
            if has_prefix(extended):
                dfs(j, extended)
        used[i] = False
        path.pop()

    for i, token in enumerate(cells):
        if has_prefix(token):
            dfs(i, token)
    return found


def _find_stepping(
    board: Board, lexicon: SteppingLexicon, min_length: int, all_paths: bool
) -> dict[str, list[Path]]:
    cells = board.cells
    nbrs = board.neighbours()
    firsts = [token[0] for token in cells]
    rests = [token[1:] for token in cells]  # "u" for the Qu tile, else ""
    child: Callable[[Any, str], Any] = lexicon.child  # bound once: may be a C function
    is_terminal = lexicon.is_terminal
    found: dict[str, list[Path]] = {}
    record = _recorder(found, all_paths)
    used = [False] * len(cells)
    path: list[int] = []

    def dfs(i: int, node: Any, length: int) -> None:
        used[i] = True
        path.append(i)
        if length >= min_length and is_terminal(node):
            record("".join([cells[k] for k in path]), path)
        for j in nbrs[i]:
            if used[j]:
                continue
            nxt = child(node, firsts[j])
            if nxt is None:
                continue
            rest = rests[j]
            if rest:
                nxt = child(nxt, rest)
                if nxt is not None:
                    dfs(j, nxt, length + 2)
            else:
                dfs(j, nxt, length + 1)
        used[i] = False
        path.pop()

    root = lexicon.root()
    for i in range(len(cells)):
        node = child(root, firsts[i])
        if node is not None and rests[i]:
            node = child(node, rests[i])
        if node is not None:
            dfs(i, node, len(cells[i]))
    return found


@dataclass(frozen=True)
class FoundWord:
    """A word on the board, its score and its path(s) as (row, column) pairs."""

    word: str
    score: int
    paths: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        """The first path (the one the documented search order reaches first)."""
        return self.paths[0]


@dataclass(frozen=True)
class Solution:
    """All words on a board, ordered by score (highest first) then alphabetically."""

    board: Board
    words: tuple[FoundWord, ...]

    @property
    def count(self) -> int:
        """Number of distinct words."""
        return len(self.words)

    @property
    def score(self) -> int:
        """Total score of the distinct words."""
        return sum(w.score for w in self.words)


def solve(
    board: Board,
    lexicon: Lexicon,
    min_length: int = DEFAULT_MIN_LENGTH,
    protocol: Protocol | str = Protocol.AUTO,
    all_paths: bool = False,
) -> Solution:
    """Solve ``board``: :func:`find_words`, scored and ordered."""
    found = find_words(board, lexicon, min_length, protocol, all_paths)
    position = board.position
    words = [
        FoundWord(word, score(word), tuple(tuple(position(k) for k in p) for p in paths))
        for word, paths in found.items()
    ]
    words.sort(key=lambda w: (-w.score, w.word))
    return Solution(board, tuple(words))
