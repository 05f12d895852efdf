"""Boards: parsing, canonical text, and a shape's geometry (neighbour lists and symmetries).

A board is an R x C grid (R, C >= 1) of cells. A cell holds one letter a-z, or the Qu tile, which
puts the two letters "qu" into a word and counts as two letters toward length and score.

Text form: letters row-major, case-insensitive. Rows may be separated by ``/`` and must be when the
board is not square (``pers/late/sind``); without ``/`` the cell count must be a perfect square.
A board of one row is written with a trailing ``/`` (``abc/``). Spaces separate cells and are
otherwise ignored. The Qu tile is written ``q`` or ``qu``; a ``q``
followed by any other letter (``qx``) is an error, so a Q tile next to a U cell is written with a
space (``q u``) — which is also how the canonical form prints it when needed.

The peers' form (hybrid-boggle's, and other solvers'), read with ``q_means_qu``: a letter per cell,
``q`` the Qu tile wherever it stands (``qaei...``; ``qu`` is the tile, then a U cell).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from lexibench.solver.errors import InputError
from lexibench.solver.word_rules import char_text

QU = "qu"

#: The order neighbours are visited in, as (row, column) offsets: row-major around the cell.
#: Together with starting cells in row-major order it fixes which path the solver reports first.
NEIGHBOUR_OFFSETS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

_TOKEN = re.compile(r"qu|q(?![a-z])|[a-pr-z]")
#: What a board's text may hold: ASCII letters (any case), row separators and blanks. Checked
#: before lower-casing, which would turn the Kelvin sign (U+212A) into "k".
_BOARD_TEXT = re.compile(r"[A-Za-z/ \t]*")

#: The largest board accepted, in cells (a 100x100 board): larger ones are refused before any
#: work, so a typo such as 100000x100000 is an error, not minutes of work and exhausted memory.
MAX_CELLS = 10_000
#: The option of the commands that read boards for the peers' form (:func:`parse_board`'s
#: ``q_means_qu``), named where a lone ``q`` before a letter is refused.
Q_MEANS_QU = "--q-means-qu"


@dataclass(frozen=True)
class Board:
    """An R x C grid; ``cells`` holds the row-major tokens (``"a"``..``"z"`` or ``"qu"``)."""

    rows: int
    cols: int
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1 or len(self.cells) != self.rows * self.cols:
            raise InputError(f"board: {len(self.cells)} cells do not make {self.rows}x{self.cols}")
        check_cells(self.rows, self.cols)

    @property
    def size(self) -> str:
        """``"RxC"``."""
        return f"{self.rows}x{self.cols}"

    def row_tokens(self) -> list[list[str]]:
        """The cells, row by row."""
        c = self.cols
        return [list(self.cells[r * c : (r + 1) * c]) for r in range(self.rows)]

    def text(self) -> str:
        """Canonical text: rows joined by ``/``; a Qu tile is ``qu``; reparses to this board.

        >>> parse_board("PERS LATG SINE TERS").text()
        'pers/latg/sine/ters'
        """
        if QU not in self.cells and (self.rows > 1 or self.cols == 1):
            letters = "".join(self.cells)  # one letter per cell: rows are slices
            c = self.cols
            return "/".join([letters[i : i + c] for i in range(0, len(letters), c)])
        out = []
        for row in self.row_tokens():
            s = ""
            for tok in row:
                s += (" " if s.endswith("qu") and tok == "u" else "") + tok
            out.append(s)
        if self.rows == 1 and self.cols > 1:
            return out[0] + "/"  # a trailing "/" marks one row of a non-square board
        return "/".join(out)

    def position(self, index: int) -> tuple[int, int]:
        """(row, column) of a cell index, both 0-based."""
        return divmod(index, self.cols)

    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the indices of its (up to 8) neighbours in :data:`NEIGHBOUR_OFFSETS` order."""
        return neighbours(self.rows, self.cols)

    def images(self) -> list[tuple[str, ...]]:
        """The board's cells under every rotation and reflection that keeps its shape (itself
        first): 8 for a square board, 4 otherwise."""
        cells = self.cells
        return [tuple(cells[k] for k in image) for image in symmetries(self.rows, self.cols)]

    def canonical_text(self) -> str:
        """The smallest text of the board's symmetric images: one name for boards that score
        alike because they are the same board turned or mirrored (without ``/`` when square).

        >>> parse_board("sret/enis/gtal/srep").canonical_text()
        'perslatgsineters'
        """
        texts = (Board(self.rows, self.cols, cells).text() for cells in self.images())
        if self.rows == self.cols:
            return min(text.replace("/", "") for text in texts)
        return min(texts)


def check_cells(rows: int, cols: int) -> None:
    """Raise :class:`InputError` for a shape of more than :data:`MAX_CELLS` cells."""
    if rows * cols > MAX_CELLS:
        raise InputError(
            f"board: {rows}x{cols} is {rows * cols:,} cells; the most accepted is {MAX_CELLS:,}"
        )


@cache
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Neighbour lists of every cell of an R x C shape, computed once per shape."""
    table = []
    for r in range(rows):
        for c in range(cols):
            table.append(
                tuple(
                    (r + dr) * cols + (c + dc)
                    for dr, dc in NEIGHBOUR_OFFSETS
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                )
            )
    return tuple(table)


@cache
def symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Every rotation and reflection of an R x C shape that keeps the shape, as cell maps: the
    image of cells ``c`` under map ``m`` is ``[c[k] for k in m]``. The identity comes first; a
    square has 8 (its dihedral group), any other rectangle 4.

    >>> [len(symmetries(4, 4)), len(symmetries(3, 4))]
    [8, 4]
    """
    grid = [list(range(r * cols, (r + 1) * cols)) for r in range(rows)]
    shapes = [grid, [row[::-1] for row in grid], grid[::-1], [row[::-1] for row in grid[::-1]]]
    if rows == cols:
        transposed = [[grid[r][c] for r in range(rows)] for c in range(cols)]
        shapes += [
            transposed,
            [row[::-1] for row in transposed],
            transposed[::-1],
            [row[::-1] for row in transposed[::-1]],
        ]
    return tuple(tuple(k for row in shape for k in row) for shape in shapes)


def _tokenize(row: str, where: str, q_means_qu: bool = False) -> list[str]:
    """The cells of one row of a board's lower-cased text (blanks between them), the Qu tile as
    ``qu``; ``q_means_qu``: a letter per cell, ``q`` the Qu tile."""
    tokens: list[str] = []
    for chunk in row.replace("\t", " ").split(" "):
        if q_means_qu:
            tokens += [QU if ch == "q" else ch for ch in chunk]
            continue
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            if m is None:
                ch = chunk[pos]
                if ch == "q":
                    after = chunk[pos + 1]
                    raise InputError(
                        f"board{where}: 'q{after}' is not a cell: the Qu tile is written q or "
                        f"qu, followed by a blank, '/' or the end (write 'q {after}' for the Qu "
                        f"tile then {after!r}; {Q_MEANS_QU} reads every q as the Qu tile, a "
                        "letter per cell, as hybrid-boggle writes boards)"
                    )
                raise InputError(f"board{where}: {ch!r} is not a letter a-z")
            tokens.append(QU if m.group() in ("q", "qu") else m.group())
            pos = m.end()
    return tokens


def _cells_of(marked: str) -> tuple[str, ...]:
    """The cells of a board's letters in which "Q" marks the Qu tile."""
    if "Q" not in marked:
        return tuple(marked)
    return tuple(QU if ch == "Q" else ch for ch in marked)


def parse_board(text: str, q_means_qu: bool = False) -> Board:
    """Parse a board from its text form (see the module docstring); ``q_means_qu``: the peers'
    form, a letter per cell with ``q`` the Qu tile (``qu`` is the tile, then a U).

    >>> b = parse_board("l qu r e / s l u s / a t i c / n r e n")
    >>> b.size, b.cells[1], b.text()
    ('4x4', 'qu', 'lqure/slus/atic/nren')
    >>> parse_board("qaeiqustinbrdlpe", q_means_qu=True).text()
    'quaei/qu ust/inbr/dlpe'
    """
    if text.isascii() and len(text) <= MAX_CELLS:
        # The common cases, as `lexibench random` writes them: rows of plain letters joined by
        # "/" (the Qu tile as "qu"), or a square without separators. Anything else (blanks, a
        # lone "q", a bad character) takes the general path below.
        lowered = text.lower()
        # one character per cell, "Q" for the Qu tile
        marked = lowered.replace("q", "Q") if q_means_qu else lowered.replace("qu", "Q")
        if "q" not in marked:
            plain_rows = marked.split("/")
            width = len(plain_rows[0])
            if len(plain_rows) == 1:
                side = math.isqrt(width)
                if side * side == width and marked.isalpha():
                    return Board(side, side, _cells_of(marked))
            elif width and all(len(row) == width and row.isalpha() for row in plain_rows):
                return Board(len(plain_rows), width, _cells_of(marked.replace("/", "")))
    return parse_board_slowly(text, q_means_qu)


def parse_board_slowly(text: str, q_means_qu: bool = False) -> Board:
    """:func:`parse_board` without its fast path for plain rows: every case, checked fully.

    >>> parse_board_slowly("pers/late/sind") == parse_board("pers/late/sind")
    True
    """
    bad = _BOARD_TEXT.match(text)
    if bad is not None and bad.end() < len(text):
        raise InputError(f"board: {char_text(text[bad.end()])} is not a letter a-z")
    if len(text) > 4 * MAX_CELLS:
        raise InputError(f"board: {len(text):,} characters is longer than any board accepted")
    lowered = text.strip(" \t").lower()
    if not lowered.replace("/", "").strip(" \t"):
        raise InputError("board: it is empty")
    if "/" in lowered:
        if lowered.endswith("/") and lowered.count("/") == 1:
            lowered = lowered[:-1]  # one row: "abc/"
        rows = [
            _tokenize(row, f" row {i + 1}", q_means_qu) for i, row in enumerate(lowered.split("/"))
        ]
        lengths = [len(row) for row in rows]
        if 0 in lengths:
            raise InputError(f"board: row {lengths.index(0) + 1} is empty")
        if len(set(lengths)) != 1:
            raise InputError(f"board: rows of unequal length ({', '.join(map(str, lengths))})")
        return Board(len(rows), lengths[0], tuple(tok for row in rows for tok in row))
    cells = _tokenize(lowered, "", q_means_qu)
    side = math.isqrt(len(cells))
    if side * side != len(cells):
        raise InputError(
            f"board: {len(cells)} cells is not a square; "
            "separate the rows with '/' (pers/late/sind)"
        )
    return Board(side, side, tuple(cells))


def parse_size(text: str) -> tuple[int, int]:
    """Parse ``"RxC"`` into (rows, columns), both >= 1. A bare number is refused: ``4`` could
    be a typo for ``4x4`` as well as for ``4x5``, and a search's cost grows fast with the size.

    >>> parse_size("3x4")
    (3, 4)
    """
    m = re.fullmatch(r" *([0-9]{1,9}) *[xX] *([0-9]{1,9}) *", text)
    if m is None or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise InputError(f"size {text!r}: expected RxC with R, C >= 1, such as 4x4 or 3x5")
    rows, cols = int(m.group(1)), int(m.group(2))
    check_cells(rows, cols)
    return rows, cols
