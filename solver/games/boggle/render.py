"""Turning solutions into JSON objects and human-readable text."""

from __future__ import annotations

from typing import Any

from lexibench.solver.games.boggle.board import QU, Board
from lexibench.solver.games.boggle.solve import Solution
from lexibench.solver.wordlist import WordListInfo


def solution_json(
    solution: Solution, wordlist: WordListInfo, lexicon: str, all_paths: bool = False
) -> dict[str, Any]:
    """The ``lexibench solve --json`` object (0-based [row, column] paths)."""
    board = solution.board
    words = []
    for w in solution.words:
        item: dict[str, Any] = {"word": w.word, "score": w.score, "path": [list(p) for p in w.path]}
        if all_paths:
            item["paths"] = [[list(p) for p in path] for path in w.paths]
        words.append(item)
    return {
        "board": board.text(),
        "rows": board.rows,
        "cols": board.cols,
        "wordlist": wordlist.summary(),
        "lexicon": lexicon,
        "words": words,
        "count": solution.count,
        "score": solution.score,
    }


def grid_text(board: Board) -> str:
    """The board as an aligned grid, the Qu tile shown as ``Qu``."""
    return "\n".join(
        "  " + " ".join(("Qu" if tok == QU else tok.upper()).ljust(2) for tok in row).rstrip()
        for row in board.row_tokens()
    )


def _path_text(path: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{r},{c}" for r, c in path)


def solution_text(solution: Solution, wordlist: WordListInfo, lexicon: str, protocol: str) -> str:
    """The board, every word by score then alphabetically with its path(s), and totals."""
    lines = [
        f"board {solution.board.size}: {solution.board.text()}",
        grid_text(solution.board),
        "",
        f"word list {wordlist.name} ({wordlist.words:,} words), lexicon {lexicon} ({protocol})",
        "",
    ]
    width = max((len(w.word) for w in solution.words), default=4)
    lines.append(f"{'score':>5}  {'word'.ljust(width)}  path (row,column from 0)")
    for w in solution.words:
        lines.append(f"{w.score:>5}  {w.word.ljust(width)}  {_path_text(w.paths[0])}")
        lines.extend(f"{'':>5}  {'':{width}}  {_path_text(p)}" for p in w.paths[1:])
    lines.append("")
    lines.append(f"{solution.count:,} words, {solution.score:,} points")
    return "\n".join(lines)


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    """Rows under headers, in left-aligned columns two spaces apart, with a rule below the
    headers; trailing spaces trimmed.

    >>> print(text_table(["id", "ok"], [["dawg", "yes"], ["marisa", ""]]))
    id      ok
    ------  ---
    dawg    yes
    marisa
    """
    widths = [max(len(cell) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))

    out = [line(headers), line(["-" * width for width in widths])]
    out += [line(row) for row in rows]
    return "\n".join(text.rstrip() for text in out)
