"""JSON Lines for many boards, built straight from the search's result.

``lexibench solve --boards-file`` prints a line per board. Making
:class:`~solver.games.boggle.solve.Solution` and :class:`~solver.games.boggle.solve.FoundWord`
objects and then a dict from them cost more than the search itself, so a line is made here directly
from the ``{word: [path, ...]}`` the search returns and encoded with msgspec (chosen over orjson and
the standard ``json`` by measurement: see solver/README.md). A full line holds what ``solve --json``
prints for one board, in the same order; a summary line only ``{"board": ..., "count": n, "score":
n}``, for which the search need not keep paths at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import repeat
from operator import itemgetter
from typing import Any

import msgspec

from lexibench.solver.games.boggle.board import Board
from lexibench.solver.games.boggle.rules import scores, total
from lexibench.solver.wordlist import WordListInfo

_encode = msgspec.json.Encoder().encode

_first = itemgetter(0)


class _Word(msgspec.Struct):
    """One word of a full line, encoded as ``{"word": ..., "score": n, "path": [[r, c], ...]}``."""

    word: str
    score: int
    path: list[list[int]]


class _WordAllPaths(msgspec.Struct):
    """As :class:`_Word`, with ``"paths"``: every path of the word (``--all-paths``)."""

    word: str
    score: int
    path: list[list[int]]
    paths: list[list[list[int]]]


def _cells(position: Any, paths: list[tuple[int, ...]]) -> Iterator[list[list[int]]]:
    """Each path as a list of [row, column] pairs, made by ``map`` alone (C-level loops)."""
    return map(list, map(map, repeat(position), paths))


class LineMaker:
    """Makes the JSON line of each board for one run (one word list, lexicon and options)."""

    def __init__(self, wordlist: WordListInfo, lexicon: str, all_paths: bool) -> None:
        self._wordlist = msgspec.Raw(_encode(wordlist.summary()))
        self._lexicon = lexicon
        self._all_paths = all_paths
        self._shape = (0, 0)
        self._positions: list[list[int]] = []

    def _position_of(self, board: Board) -> Any:
        """``index -> [row, column]`` for the board's shape; the lists are shared by every path
        (the encoder writes each occurrence)."""
        shape = (board.rows, board.cols)
        if shape != self._shape:
            self._shape = shape
            self._positions = [[r, c] for r in range(board.rows) for c in range(board.cols)]
        return self._positions.__getitem__

    def full(self, board: Board, found: dict[str, list[tuple[int, ...]]]) -> bytes:
        """The line ``solve --json`` would print for ``board``, from :func:`find_words`'s
        result: words by score (highest first), then alphabetically, each with its path (and
        every path with ``all_paths``) as [row, column] pairs.

        Every per-word step is a C-level ``map`` (no Python frame per word): this is most of the
        time a line takes, more than the native search itself."""
        position = self._position_of(board)
        words = sorted(found)
        points = dict(zip(words, scores(words), strict=True))
        words.sort(key=points.__getitem__, reverse=True)  # stable: alphabetical within a score
        all_paths = list(map(found.__getitem__, words))
        first = list(map(_first, all_paths))
        items: list[Any]
        if self._all_paths:
            every = [[list(map(position, path)) for path in paths] for paths in all_paths]
            items = list(
                map(
                    _WordAllPaths,
                    words,
                    map(points.__getitem__, words),
                    _cells(position, first),
                    every,
                )
            )
        else:
            items = list(map(_Word, words, map(points.__getitem__, words), _cells(position, first)))
        return _encode(
            {
                "board": board.text(),
                "rows": board.rows,
                "cols": board.cols,
                "wordlist": self._wordlist,
                "lexicon": self._lexicon,
                "words": items,
                "count": len(items),
                "score": sum(points.values()),
            }
        )

    @staticmethod
    def summary(board: Board, words: list[str]) -> bytes:
        """``{"board": ..., "count": n, "score": n}`` for ``board`` and its distinct words."""
        return _encode({"board": board.text(), "count": len(words), "score": total(words)})
