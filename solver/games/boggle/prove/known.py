"""The best Boggle boards known for a word list, by size: ``known_boards.toml`` beside this
module, the one table of them.

``lexibench prove`` takes its default target from it (:func:`best_known`), and the benchmarks
read it (the best-board search counts runs against it, the proof suite and the report's proof
section name its boards). A word list is named by the SHA-256 lexibench records for it (of its
kept words after normalization): an entry applies only to exactly that list, under the rules it
was normalized under.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from lexibench.solver.games.boggle.board import Board, parse_board, parse_size

TABLE: Final = "known_boards.toml"
#: A board's status: no board scores more (an exhaustive search showed it), or the best any
#: search has found (a higher one may exist).
PROVEN: Final = "proven"
BEST_KNOWN: Final = "best known"
STATUSES: Final = (PROVEN, BEST_KNOWN)


@dataclass(frozen=True)
class KnownBoard:
    """The best board known for one word list and size."""

    wordlist: str
    """The table's name of the word list."""
    size: str
    """``RxC``."""
    letters: str
    """The board as the table writes it: a letter per cell, row by row (``q`` the Qu tile)."""
    score: int
    status: str
    """:data:`PROVEN` or :data:`BEST_KNOWN`."""
    source: str
    """Who found it (and proved it), when, with what."""
    targets: tuple[int, ...] = ()
    """Scores the report gives the time to reach (none: its default)."""

    @property
    def proven(self) -> bool:
        """True when no board of its size scores more under its word list."""
        return self.status == PROVEN

    def board(self) -> Board:
        """The board itself.

        >>> known_boards(WEB2)[1]["3x4"].board().text()
        'blgn/eaie/rstr'
        """
        rows, cols = parse_size(self.size)
        lines = [self.letters[r * cols : (r + 1) * cols] for r in range(rows)]
        return parse_board("/".join(lines) + ("/" if rows == 1 else ""), q_means_qu=True)


#: web2's SHA-256 as lexibench records it, the default list (for the doctests).
WEB2: Final = "88fa50480b4aac7ad01092380f48e429130d50d76f3f6e2391f2f0437e71d61c"


@cache
def _table() -> dict[str, tuple[str, dict[str, KnownBoard]]]:
    """The table, by SHA-256: the word list's name and its boards by size."""
    text = resources.files("lexibench.solver.games.boggle.prove").joinpath(TABLE)
    data: dict[str, Any] = tomllib.loads(text.read_text(encoding="utf-8"))
    table = {}
    for entry in data["wordlist"]:
        name = str(entry["name"])
        boards = {}
        for board in entry.get("board", []):
            known = KnownBoard(
                name,
                str(board["size"]),
                str(board["board"]),
                int(board["score"]),
                str(board["status"]),
                str(board["source"]),
                tuple(int(score) for score in board.get("targets", ())),
            )
            if known.status not in STATUSES:
                raise ValueError(f"{TABLE}: {name} {known.size}: status {known.status!r}")
            boards[known.size] = known
        table[str(entry["sha256"])] = (name, boards)
    return table


def known_boards(sha256: str | None) -> tuple[str | None, dict[str, KnownBoard]]:
    """The name and the best known boards by size (``"3x4"``) of the word list with this
    SHA-256, or ``(None, {})`` when the table lists no such word list.

    >>> name, boards = known_boards(WEB2)
    >>> name, boards["3x3"].letters, boards["3x3"].score, boards["3x3"].status
    ('web2', 'lergatnis', 511, 'proven')
    """
    name, boards = _table().get(sha256 or "", (None, {}))
    return name, dict(boards)


def best_known(sha256: str, rows: int, cols: int) -> KnownBoard | None:
    """The best board known of ``rows`` x ``cols`` for the word list with this SHA-256, or None
    when the table has none."""
    return known_boards(sha256)[1].get(f"{rows}x{cols}")
