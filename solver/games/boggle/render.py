"""Turning solutions into JSON objects and human-readable text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lexibench.solver.games.boggle.board import QU, Board
from lexibench.solver.games.boggle.solve import Solution
from lexibench.solver.wordlist import WordListInfo

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.best import SearchResult


def solution_json(
    solution: Solution,
    wordlist: WordListInfo | None = None,
    lexicon: str | None = None,
    all_paths: bool = False,
) -> dict[str, Any]:
    """The ``lexibench solve --json`` object (0-based [row, column] paths); without a word list
    and a lexicon, the same object without those two keys."""
    board = solution.board
    words = []
    for w in solution.words:
        item: dict[str, Any] = {"word": w.word, "score": w.score, "path": [list(p) for p in w.path]}
        if all_paths:
            item["paths"] = [[list(p) for p in path] for path in w.paths]
        words.append(item)
    data: dict[str, Any] = {"board": board.text(), "rows": board.rows, "cols": board.cols}
    if wordlist is not None:
        data["wordlist"] = wordlist.summary()
    if lexicon is not None:
        data["lexicon"] = lexicon
    data.update(words=words, count=solution.count, score=solution.score)
    return data


def grid_text(board: Board) -> str:
    """The board as an aligned grid, the Qu tile shown as ``Qu``."""
    return "\n".join(
        "  " + " ".join(("Qu" if tok == QU else tok.upper()).ljust(2) for tok in row).rstrip()
        for row in board.row_tokens()
    )


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless the count is one.

    >>> plural(1, "word"), plural(1_045, "word")
    ('1 word', '1,045 words')
    """
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def _path_text(path: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{r},{c}" for r, c in path)


def solution_text(
    solution: Solution,
    wordlist: WordListInfo | None = None,
    lexicon: str | None = None,
    tier: str | None = None,
) -> str:
    """The board, the word list and the lexicon (when given), every word by score then
    alphabetically with its path(s), and totals."""
    lines = [f"board {solution.board.size}: {solution.board.text()}", grid_text(solution.board), ""]
    if wordlist is not None:
        lines += [
            f"word list {wordlist.name} ({wordlist.words:,} words), lexicon {lexicon} ({tier})",
            "",
        ]
    lines += _word_lines(solution)
    return "\n".join(lines)


def _word_lines(solution: Solution) -> list[str]:
    width = max((len(w.word) for w in solution.words), default=4)
    lines = [f"{'score':>5}  {'word'.ljust(width)}  path (row,column from 0)"]
    for w in solution.words:
        lines.append(f"{w.score:>5}  {w.word.ljust(width)}  {_path_text(w.paths[0])}")
        lines.extend(f"{'':>5}  {'':{width}}  {_path_text(p)}" for p in w.paths[1:])
    lines.append("")
    lines.append(f"{plural(solution.count, 'word')}, {plural(solution.score, 'point')}")
    return lines


def best_text(result: SearchResult, lexicon: str, tier: str) -> str:
    """The best board a search found, its grid, and how the search went (``lexibench best``)."""
    board = result.board
    rise = result.trajectory()[-1][0]
    rate = result.evaluations / result.seconds if result.seconds > 0 else 0.0
    lines = [
        f"best {board.size} board: {board.text()} (canonical {board.canonical_text()}): "
        f"{result.score:,} points, {result.count:,} words",
        grid_text(board),
        f"found at evaluation {rise:,} of {result.evaluations:,} ({result.restarts} "
        f"restarts, seed {result.seed}); {result.seconds:.2f} s, {rate:,.0f} evaluations/s; "
        f"lexicon {lexicon} ({tier})",
    ]
    if result.stopped is not None:
        lines.insert(0, f"stopped early ({result.stopped}): the best board so far")
    return "\n".join(lines)
