"""A peer to measure against: hybrid-boggle's C++ Boggle scorer, where the user has built it.

`danvk/hybrid-boggle <https://github.com/danvk/hybrid-boggle>`_ holds the strongest Boggle
solver published: a C++ depth-first search over a trie of 26 pointers per node, built for the
machine it runs on (``-march=native``), reached from Python through its ``cpp_boggle`` extension.
lexibench neither ships nor builds it. To compare with it, build that extension as its README says
and either install it where ``import cpp_boggle`` finds it or set :data:`ENV` to the folder that
holds it; then

    python -m lexibench.benchmarks.processes.hybrid_boggle_scorer \
        --boards-file boards.txt --wordlist enable2k.txt

prints ``{"board": ..., "score": n}`` (compact; the board as its line gives it) for each board,
scored by its ``Boggler`` classes (the shapes it compiles: 2x2, 2x3, 3x3, 3x4, 4x4, 4x5, 5x5). A
word list given as a file is read by hybrid-boggle itself (its rules are lexibench's: words of 3+
letters a-z, every q followed by u); a named list (``web2``) is loaded by lexibench and handed
over. Whole-process timings of this command beside ``lexibench solve --boards-file --summary`` on
the same boards measure the two solvers end to end; the scores must agree.

Its prover too (:func:`breaker`: the ``HybridTreeBreaker`` of its Python package, over the same
extension): the proof suite runs it on the same sampled board classes as ``lexibench prove``,
class by class, and their boards must agree.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from math import isqrt
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from lexibench.benchmarks.peers import why_not
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import QU, parse_board

#: The environment variable naming the folder of hybrid-boggle's built extension.
ENV: Final = "LEXIBENCH_HYBRID_BOGGLE"
#: The peer's name in the benchmarks' records.
NAME: Final = "hybrid-boggle"
#: The board shapes its scorer is compiled for.
SHAPES: Final = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5))


def load() -> ModuleType:
    """hybrid-boggle's ``cpp_boggle`` extension: from the folder :data:`ENV` names, else where
    Python finds it. Raises :class:`InputError` saying how to get it."""
    folder = os.environ.get(ENV)
    if folder:
        if not Path(folder).is_dir():
            raise InputError(f"{ENV}={folder}: not a folder")
        sys.path.insert(0, folder)
    try:
        return importlib.import_module("cpp_boggle")
    except ImportError as exc:
        where = f"in {ENV}={folder}" if folder else f"(set {ENV} to the folder that holds it)"
        raise InputError(
            f"hybrid-boggle's cpp_boggle extension cannot be imported {where}: {exc}; build it "
            "as github.com/danvk/hybrid-boggle's README says"
        ) from None
    finally:
        if folder:
            sys.path.remove(folder)


def unavailable() -> str | None:
    """Why the peer cannot run here, or None when it can."""
    return why_not(load)


def _trie(module: ModuleType, wordlist: str | Sequence[str]) -> Any:
    """hybrid-boggle's trie of ``wordlist``: a file, read by hybrid-boggle; a list lexibench
    names, loaded by lexibench; or the words themselves (lexibench's, normalized)."""
    if isinstance(wordlist, str) and Path(wordlist).is_file():
        return module.Trie.create_from_file(wordlist)
    if isinstance(wordlist, str):
        from lexibench.solver.wordlist import load_wordlist

        wordlist = load_wordlist(wordlist).words
    return module.Trie.create_from_wordlist([word.replace(QU, "q") for word in wordlist])


def scorer(module: ModuleType, wordlist: str) -> Callable[[int, int, str], int]:
    """A function scoring a board, ``(rows, cols, letters)`` with ``q`` for the Qu tile, with
    hybrid-boggle's ``Boggler`` over ``wordlist`` (a file, read by hybrid-boggle; or a list
    lexibench names, loaded by lexibench)."""
    trie = _trie(module, wordlist)
    bogglers: dict[tuple[int, int], Any] = {}

    def score(rows: int, cols: int, letters: str) -> int:
        boggler = bogglers.get((rows, cols))
        if boggler is None:
            if (rows, cols) not in SHAPES:
                raise InputError(f"hybrid-boggle scores no {rows}x{cols} board")
            boggler = bogglers[rows, cols] = getattr(module, f"Boggler{rows}{cols}")(trie)
        result: int = boggler.score(letters)
        return result

    score.trie = trie  # type: ignore[attr-defined]  # kept alive with the scorer
    return score


def board_letters(text: str) -> tuple[int, int, str]:
    """``(rows, cols, letters)`` of a board's text, ``q`` for the Qu tile: straight from the text
    for rows of plain letters (as ``lexibench random`` writes boards), else through the board
    parser."""
    rows = text.split("/")
    if len(rows) == 2 and not rows[1]:  # one row: "abc/"
        rows.pop()
    cells = [row.replace("qu", "q") for row in rows]
    width = len(cells[0])
    if "q" not in text.replace("qu", "") and all(
        len(row) == width and row.isascii() and row.isalpha() and row.islower() for row in cells
    ):
        side = isqrt(width)
        if "/" in text and width:
            return len(cells), width, "".join(cells)
        if "/" not in text and width and side * side == width:
            return side, side, cells[0]
    board = parse_board(text)
    return board.rows, board.cols, "".join("q" if cell == QU else cell for cell in board.cells)


#: The switchover of hybrid-boggle's ``break_all`` (its default): a class's tree whose bound is
#: above this multiple of the target is forced by merging, else searched.
BREAK_ALL_SWITCHOVER: Final = 1.7


def breaker(
    module: ModuleType, wordlist: str | Sequence[str], rows: int, cols: int, target: int
) -> Callable[[tuple[str, ...]], list[tuple[str, int]]]:
    """hybrid-boggle's prover on one board class at a time, as its ``break_all`` runs one: a
    ``HybridTreeBreaker`` over its orderly tree builder and ``Boggler`` for R x C, with
    ``break_all``'s defaults (switchover :data:`BREAK_ALL_SWITCHOVER` x ``target``, the last
    four cells searched). The function takes a class as lexibench writes it (letters per cell,
    row by row; ``q`` the Qu tile: hybrid-boggle numbers the cells in the same order) and
    returns its boards at or above ``target``: ``(lexibench's board text, score)``, best first.
    Its tree is built again for every class, as in ``break_all``. Needs hybrid-boggle's Python
    package (``boggle``) beside its extension, in the folder :data:`ENV` names."""
    import contextlib
    import io

    from lexibench.solver.games.boggle.board import Board

    trie = _trie(module, wordlist)
    if (rows, cols) not in SHAPES:
        raise InputError(f"hybrid-boggle proves no {rows}x{cols} board")
    folder = os.environ.get(ENV)
    if folder:
        sys.path.insert(0, folder)
    try:
        hybrid = importlib.import_module("boggle.breaker")
    except (ImportError, SyntaxError) as exc:
        raise InputError(
            f"hybrid-boggle's prover (its Python package boggle.breaker) cannot be imported: "
            f"{exc}; set {ENV} to its source folder, with its extension built there"
        ) from None
    finally:
        if folder:
            sys.path.remove(folder)
    boggler = getattr(module, f"Boggler{rows}{cols}")(trie)
    builder = getattr(module, f"OrderlyTreeBuilder{rows}{cols}")(trie)
    run = hybrid.HybridTreeBreaker(
        builder,
        boggler,
        (rows, cols),
        target,
        switchover_score=BREAK_ALL_SWITCHOVER * target,
        log_breaker_progress=False,
    )

    def prove_class(cells: tuple[str, ...]) -> list[tuple[str, int]]:
        letters = " ".join(cells)  # a cell's letters, "q" the Qu tile in both
        with contextlib.redirect_stdout(io.StringIO()):  # it prints each board it finds
            if not run.SetBoard(letters):
                raise InputError(f"hybrid-boggle refuses the class {letters!r}")
            details = run.Break()
        found = [
            (Board(rows, cols, tuple(QU if c == "q" else c for c in board)).text(),
             int(boggler.score(board)))
            for board in details.failures
        ]  # fmt: skip
        return sorted(found, key=lambda board: (-board[1], board[0]))

    prove_class.keep = (trie, boggler, builder, run)  # type: ignore[attr-defined]
    return prove_class
