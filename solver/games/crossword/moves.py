"""Moves: what the generators find, how a move is written, ordered and printed.

Every generator (each tier, each algorithm, the brute-force reference) hands back *raw* moves,
``(score, down, row, col, word, placed)``: the main word's first square and direction, the word
as letters (upper case, a blank's letter in lower case, the tiles it plays through included), and
a bit mask of which of its letters the move places (bit ``i``: the word's ``i``-th letter). The
native tier packs them in :data:`RECORD` records, unpacked here; :class:`Moves` turns either into
:class:`Move` values, sorted, when they are read.

Notation: an across move is written row then column (``8D``: row 8, from column D rightwards), a
down move column then row (``D8``). Rows count 1-15 from the top, columns A-O from the left.
Moves are sorted by score, highest first, then by coordinate and word (as strings).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple

from lexibench.solver.games.crossword.position import Position, rack_text

RawMove = tuple[int, bool, int, int, str, int]
"""``(score, down, row, col, word, placed)``: see the module docstring."""

RECORD: Final = struct.Struct("<iBBBBI24s")
"""A native record: score; down (0/1), row, column and length of the main word; the placed mask;
the word's tiles (1-26, or ``0x80 | t`` for a blank), padded to 24."""

#: A record's tiles to their letters (``bytes.translate``): 1-26 to A-Z, a blank's ``0x80 | t``
#: to a-z.
_LETTERS: Final = bytes(
    64 + b if 1 <= b <= 26 else 96 + (b & 0x7F) if 0x81 <= b <= 0x9A else b for b in range(256)
)

DEFAULT_TOP: Final = 10


class Move(NamedTuple):
    """A move as the ``moves`` command prints it."""

    score: int
    coord: str
    """``8D`` (across, row then column) or ``D8`` (down, column then row)."""
    word: str
    """The whole main word, blanks' letters in lower case."""
    leave: str
    """The rack's tiles left after the move: letters in order, then ``?`` for each blank."""
    tiles: tuple[tuple[int, int, str], ...]
    """The tiles placed: ``(row, column, letter)`` from 0 at the top left, blanks in lower case."""
    kind: str = "place"
    """``place``, or (listed by equity: :mod:`.equity`) ``exchange`` or ``pass``."""
    equity: float | None = None
    """The score plus the leave's value, where moves are listed by equity."""
    returned: str = ""
    """An exchange's tiles returned to the bag, written as a rack."""

    def as_json(self) -> dict[str, Any]:
        """``{"coord", "word", "score", "leave", "tiles": [[row, column, letter], ...]}``; by
        equity, ``"kind"`` first and ``"equity"`` last (an exchange: ``"exchange"``, the tiles
        returned, in place of the coordinate, word and tiles; the pass: neither)."""
        if self.equity is None:
            return {
                "coord": self.coord,
                "word": self.word,
                "score": self.score,
                "leave": self.leave,
                "tiles": [list(tile) for tile in self.tiles],
            }
        if self.kind == "place":
            return {
                "kind": self.kind,
                **self._replace(equity=None).as_json(),
                "equity": self.equity,
            }
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == "exchange":
            out["exchange"] = self.returned
        return {**out, "score": 0, "leave": self.leave, "equity": self.equity}

    def text(self) -> str:
        """``8D PIZZA 56``, with the tiles played through in parentheses: ``3B HI(THERMOS)T``."""
        return f"{self.coord} {self.shown()} {self.score}"

    def shown(self) -> str:
        """The word with the tiles it plays through in parentheses; an exchange as ``exchange
        AEI`` (the tiles returned), the pass as ``pass``."""
        if self.kind != "place":
            return f"exchange {self.returned}" if self.kind == "exchange" else "pass"
        placed = {(r, c) for r, c, _ in self.tiles}
        row, col, down = parse_coord(self.coord)
        out: list[str] = []
        open_ = False
        for i, letter in enumerate(self.word):
            square = (row + i, col) if down else (row, col + i)
            through = square not in placed
            if through and not open_:
                out.append("(")
            if not through and open_:
                out.append(")")
            open_ = through
            out.append(letter)
        if open_:
            out.append(")")
        return "".join(out)


def coord(row: int, col: int, down: bool) -> str:
    """The standard coordinate of a move starting at ``(row, col)`` (from 0).

    >>> coord(7, 3, False), coord(7, 3, True), coord(14, 0, False)
    ('8D', 'D8', '15A')
    """
    return f"{chr(65 + col)}{row + 1}" if down else f"{row + 1}{chr(65 + col)}"


def parse_coord(text: str) -> tuple[int, int, bool]:
    """``(row, col, down)`` from a coordinate (:func:`coord`'s inverse).

    >>> parse_coord("8D"), parse_coord("D8")
    ((7, 3, False), (7, 3, True))
    """
    if text[0].isalpha():
        return int(text[1:]) - 1, ord(text[0]) - 65, True
    return int(text[:-1]) - 1, ord(text[-1]) - 65, False


def sort_key(move: Move) -> tuple[int, str, str]:
    """Highest score first, then coordinate, then word."""
    return (-move.score, move.coord, move.word)


def to_move(raw: RawMove, rack: bytes, equity: float | None = None) -> Move:
    """The :class:`Move` of a raw move made from ``rack``, with its ``equity`` where given."""
    score, down, row, col, word, placed = raw
    tiles: list[tuple[int, int, str]] = []
    left = bytearray(rack)
    for i, letter in enumerate(word):
        if placed >> i & 1:
            tiles.append((row + i, col, letter) if down else (row, col + i, letter))
            left.remove(0 if letter.islower() else ord(letter) - 64)
    return Move(score, coord(row, col, down), word, rack_text(left), tuple(tiles), "place", equity)


def record_move(record: bytes, rack: bytes, equity: float | None = None) -> Move:
    """The :class:`Move` of the first native :data:`RECORD` of ``record`` made from ``rack``,
    with its ``equity`` where given: ``to_move(unpack(record)[0], rack, equity)`` without the
    list, for a caller that answers one move (the best turn).

    >>> record_move(pack((12, True, 7, 3, "CaT", 0b101)), bytes([0, 3, 20]), 14.5)
    Move(score=12, coord='D8', word='CaT', leave='?', tiles=((7, 3, 'C'), (9, 3, 'T')), \
kind='place', equity=14.5, returned='')
    """
    score, down, row, col, length, placed, letters = RECORD.unpack_from(record)
    word = letters[:length].translate(_LETTERS).decode("ascii")
    return to_move((score, bool(down), row, col, word, placed), rack, equity)


def unpack(data: bytes) -> list[RawMove]:
    """The raw moves of a buffer of native :data:`RECORD` records."""
    out: list[RawMove] = []
    for score, down, row, col, length, placed, letters in RECORD.iter_unpack(data):
        word = letters[:length].translate(_LETTERS).decode("ascii")
        out.append((score, bool(down), row, col, word, placed))
    return out


def pack(raw: RawMove) -> bytes:
    """A raw move as a native :data:`RECORD` (:func:`unpack`'s inverse).

    >>> unpack(pack((12, True, 7, 3, "CaT", 0b101))) == [(12, True, 7, 3, "CaT", 0b101)]
    True
    """
    score, down, row, col, word, placed = raw
    tiles = bytes(ord(ch) - 64 if ch.isupper() else 0x80 | (ord(ch) - 96) for ch in word)
    return RECORD.pack(score, down, row, col, len(word), placed, tiles)


class Moves:
    """A position's moves as a generator found them: a list of raw moves, or native records
    (unpacked on first read). ``len()`` is their number; :meth:`sorted` the :class:`Move`
    values in order. Reading them is left out of a timed search.

    ``ranked``, where the moves were asked for by equity (``moves --leaves``): the turns by
    equity, best first (:func:`.equity.ranking`), every one where ``complete``, else the best
    few (the raw moves then only those the bounded search kept)."""

    __slots__ = ("_raw", "_sorted", "complete", "position", "ranked")

    def __init__(
        self,
        position: Position,
        raw: Sequence[RawMove] | bytes,
        ranked: list[Move] | None = None,
        complete: bool = True,
    ) -> None:
        self.position = position
        self._raw = raw
        self._sorted: list[Move] | None = None
        self.ranked = ranked
        self.complete = complete

    def __len__(self) -> int:
        raw = self._raw
        return len(raw) // RECORD.size if isinstance(raw, bytes) else len(raw)

    def raw(self) -> list[RawMove]:
        """The raw moves, in the generator's order."""
        raw = self._raw
        return unpack(raw) if isinstance(raw, bytes) else list(raw)

    def sorted(self) -> list[Move]:
        """Every move, best first (see the module docstring)."""
        if self._sorted is None:
            rack = self.position.rack
            self._sorted = sorted((to_move(raw, rack) for raw in self.raw()), key=sort_key)
        return self._sorted

    def best(self) -> Move | None:
        """The first move in order, or None when there is none."""
        moves = self.sorted()
        return moves[0] if moves else None


def moves_json(moves: Moves, top: int | None = DEFAULT_TOP) -> dict[str, Any]:
    """``{"count": n, "moves": [...]}``: every move's count and the first ``top`` (None: all),
    by score, or by equity where the moves were ranked (:attr:`Moves.ranked`; ``"count"`` only
    where every turn was ranked)."""
    every = moves.sorted() if moves.ranked is None else moves.ranked
    listed = every if top is None else every[:top]
    shown = [move.as_json() for move in listed]
    return {"count": len(every), "moves": shown} if moves.complete else {"moves": shown}


def board_text(position: Position) -> list[str]:
    """The board, a line per row: tiles in upper case, blanks in lower case, ``.`` empty."""
    from lexibench.solver.games.crossword.position import tile_text

    rules = position.rules
    lines = ["    " + " ".join(chr(65 + c) for c in range(rules.cols))]
    for r in range(rules.rows):
        squares = position.board[r * rules.cols : (r + 1) * rules.cols]
        lines.append(f"{r + 1:>3} " + " ".join(tile_text(t) if t else "." for t in squares))
    return lines


def moves_text(moves: Moves, top: int | None = DEFAULT_TOP, heading: Iterable[str] = ()) -> str:
    """The board, the rack, then the first ``top`` moves (None: all), one per line, by score or
    by equity where the moves were ranked (:attr:`Moves.ranked`: an equity column first)."""
    position = moves.position
    ranked = moves.ranked
    every = moves.sorted() if ranked is None else ranked
    listed = every if top is None else every[:top]
    lines = [*board_text(position), "", f"rack {rack_text(position.rack) or '(empty)'}", *heading]
    count = len(every)
    if not moves.complete:
        many = len(listed) != 1
        lines += ["", f"the best {len(listed):,} turn{'s' if many else ''} by equity"]
    else:
        shown = "" if len(listed) == count else f", the best {len(listed):,}"
        by = "" if ranked is None else " by equity"
        lines += ["", f"{count:,} move{'s' if count != 1 else ''}{shown}{by}"]
    if listed:
        width = max(len(move.shown()) for move in listed)
        equity = ranked is not None
        lines.append(
            ("  equity  " if equity else "") + "score  coord  word" + " " * max(width - 4, 0)
            + "  leave"
        )  # fmt: skip
        lines += [
            (f"{move.equity:>8.3f}  " if equity else "")
            + f"{move.score:>5}  {move.coord:<5}  {move.shown():<{width}}  {move.leave}".rstrip()
            for move in listed
        ]
    return "\n".join(lines)
