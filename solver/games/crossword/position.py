"""A position (the board, the rack on turn, the scores) and its text form, CGP.

CGP ("crossword game position") is the one-line form Macondo, MAGPIE and wolges' users exchange::

    <rows> <racks> [<score>/<score> <zero-score turns>] [options]

- ``rows``: the board's rows, top first, separated by ``/``; in a row a run of digits is that
  many empty squares, an upper-case letter a tile, a lower-case letter a blank standing for that
  letter (``15`` an empty row, ``7FRAWZEYS`` seven empty squares then a word).
- ``racks``: the rack on turn, upper case, ``?`` for a blank; optionally ``/`` and the other
  player's rack (either may be empty: ``ABC/``, ``/``).
- ``score/score`` and the number of consecutive scoreless turns: optional, together.
- ``options``: the rest of the line, ``;``-separated opcodes with a value (``lex NWL20;``, or
  MAGPIE's ``-lex NWL20;``); kept and written back, not used (the lexicon is the command's
  ``--wordlist``).

A malformed position is one line naming the field: a row that is not as wide as the board, more
or fewer rows than the board has, a rack of more tiles than the rule set's rack, a character
outside the format, more tiles of a letter than the set holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.rules import BLANK, RuleSet, load_rules
from lexibench.structures.files import input_format

_SCORES = re.compile(r"-?[0-9]{1,9}/-?[0-9]{1,9}")
_ZEROS = re.compile(r"[0-9]{1,4}")


@dataclass(frozen=True)
class Position:
    """A board, the rack on turn, and the rest of a CGP line. Tiles as in :mod:`.rules`."""

    rules: RuleSet = field(repr=False)
    board: bytes
    """Per square, row by row: 0 empty, 1-26 a letter, ``0x80 | t`` a blank standing for ``t``."""
    rack: bytes
    """The rack on turn, sorted: 1-26 letters, then 0 for each blank."""
    other_rack: bytes | None = None
    """The other player's rack when the CGP line gives it."""
    scores: tuple[int, int] | None = None
    """The player on turn's score, then the other's."""
    zeros: int = 0
    """Consecutive scoreless turns."""
    options: tuple[tuple[str, str], ...] = ()
    """The options' opcodes and values, in order (``("lex", "NWL20")``)."""

    def rack_counts(self) -> list[int]:
        """The rack as counts per tile (index 0: blanks)."""
        counts = [0] * 27
        for tile in self.rack:
            counts[tile] += 1
        return counts

    def is_empty(self) -> bool:
        """True when no tile is on the board."""
        return not any(self.board)

    def to_cgp(self) -> str:
        """The CGP line (see the module docstring); :func:`parse_cgp` reads it back."""
        return to_cgp(self)


def tile_text(tile: int) -> str:
    """A tile as CGP writes it on the board: ``A``, or ``a`` for a blank standing for A.

    >>> tile_text(1), tile_text(0x80 | 26)
    ('A', 'z')
    """
    letter = chr(64 + (tile & 0x7F))
    return letter.lower() if tile & BLANK else letter


def rack_text(rack: bytes | bytearray) -> str:
    """A rack as CGP writes it: letters in order, then ``?`` for each blank.

    >>> rack_text(bytes([0, 5, 1]))
    'AE?'
    """
    ordered = bytes(sorted(rack))
    blanks = ordered.count(0)
    return ordered[blanks:].translate(_RACK_LETTERS).decode("latin-1") + "?" * blanks


#: Tile numbers 1-26 to the letters A-Z (a byte per tile).
_RACK_LETTERS: Final = bytes.maketrans(bytes(range(1, 27)), b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _row_text(tiles: bytes) -> str:
    out: list[str] = []
    run = 0
    for tile in tiles:
        if tile:
            if run:
                out.append(str(run))
                run = 0
            out.append(tile_text(tile))
        else:
            run += 1
    if run:
        out.append(str(run))
    return "".join(out)


def to_cgp(position: Position) -> str:
    """The CGP line of ``position``."""
    rules = position.rules
    rows = "/".join(
        _row_text(position.board[r * rules.cols : (r + 1) * rules.cols]) for r in range(rules.rows)
    )
    racks = rack_text(position.rack)
    if position.other_rack is not None:
        racks += "/" + rack_text(position.other_rack)
    parts = [rows, racks]
    if position.scores is not None:
        parts += [f"{position.scores[0]}/{position.scores[1]}", str(position.zeros)]
    line = " ".join(parts)
    if position.options:
        line += " " + " ".join(f"{name} {value};" for name, value in position.options)
    return line


def _show(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _parse_row(text: str, number: int, cols: int) -> bytes:
    where = f"position: board row {number} {_show(text)}"
    out = bytearray()
    for token in re.finditer(r"[0-9]+|[A-Za-z]|.", text):
        piece = token.group()
        if "0" <= piece[0] <= "9":  # a run of empty squares: a long one is not converted
            run = int(piece) if len(piece) <= 3 else cols + 1
            out.extend(bytes(min(run, cols + 1)))
        elif piece.isascii() and piece.isalpha():
            tile = ord(piece.upper()) - 64
            out.append(tile | BLANK if piece.islower() else tile)
        else:
            raise InputError(
                f"{where}: {piece!r} is not a square (digits for empty squares, A-Z for tiles, "
                "a-z for blanks)"
            )
        if len(out) > cols:
            break
    if len(out) > cols:
        raise InputError(f"{where}: more than {cols} squares wide (the board is {cols})")
    if len(out) < cols:
        raise InputError(f"{where}: {len(out)} squares wide, the board is {cols}")
    return bytes(out)


def _parse_rack(text: str, which: str, rules: RuleSet) -> bytes:
    tiles: list[int] = []
    for ch in text:
        if ch == "?":
            tiles.append(0)
        elif "A" <= ch <= "Z":
            tiles.append(ord(ch) - 64)
        else:
            raise InputError(
                f"position: {which} {_show(text)}: {ch!r} is not a tile (A-Z, ? for a blank)"
            )
    if len(tiles) > rules.rack_size:
        raise InputError(
            f"position: {which} {_show(text)}: {len(tiles)} tiles, a rack holds at most "
            f"{rules.rack_size}"
        )
    return bytes(sorted(t for t in tiles if t)) + bytes(tiles.count(0))


def _parse_options(text: str) -> tuple[tuple[str, str], ...]:
    options: list[tuple[str, str]] = []
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        name, _, value = part.partition(" ")
        if not re.fullmatch(r"-?[A-Za-z][A-Za-z0-9_]*", name):
            raise InputError(
                f"position: options {_show(text)}: {_show(part)} is not an opcode and its value "
                "(lex NWL20;)"
            )
        options.append((name.removeprefix("-"), value.strip()))
    return tuple(options)


def excess(position: Position) -> str | None:
    """What the board and the racks hold beyond the rule set's tile counts, or None: ``3 blank
    tiles on the board and the racks; the rule set english has 2`` (the first tile over)."""
    rules = position.rules
    used = [0] * 27
    for tile in position.board:
        if tile:
            used[0 if tile & BLANK else tile] += 1
    for rack in (position.rack, position.other_rack or b""):
        for tile in rack:
            used[tile] += 1
    for tile, count in enumerate(used):
        if count > rules.counts[tile]:
            name = "blank" if tile == 0 else chr(64 + tile)
            return (
                f"{count} {name} tiles on the board and the racks; the rule set {rules.name} "
                f"has {rules.counts[tile]}"
            )
    return None


def unreachable(position: Position) -> str | None:
    """Why no game reaches ``position``, or None: on a board with tiles, the start square is
    covered and every tile joins it through tiles beside each other (a word laid touches what
    is on the board). The tile counts are checked by :func:`parse_cgp`.

    >>> unreachable(parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/AB13 Z"))
    'the start square H8 is empty'
    """
    rules, board = position.rules, position.board
    if not any(board):
        return None
    if not board[rules.start]:
        return f"the start square {_square(rules, rules.start)} is empty"
    reached = {rules.start}
    todo = [rules.start]
    while todo:
        square = todo.pop()
        row, col = divmod(square, rules.cols)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            near = r * rules.cols + c
            if 0 <= r < rules.rows and 0 <= c < rules.cols and board[near] and near not in reached:
                reached.add(near)
                todo.append(near)
    apart = next((i for i, tile in enumerate(board) if tile and i not in reached), None)
    if apart is None:
        return None
    return f"the tile at {_square(rules, apart)} is not joined to the start square by tiles"


def _square(rules: RuleSet, square: int) -> str:
    """A square's name, column letter then row number (H8), as a down move's coordinate."""
    row, col = divmod(square, rules.cols)
    return f"{chr(65 + col)}{row + 1}"


def parse_cgp(text: str, rules: RuleSet | None = None, *, strict: bool = True) -> Position:
    """Read a CGP line (see the module docstring) under ``rules`` (default: English). With
    ``strict``, tiles beyond the rule set's counts (:func:`excess`) are an :class:`InputError`;
    without, the position is read all the same (analysis positions, and some of the engines' test
    positions, hold more blanks than a bag).

    >>> position = parse_cgp("15/15/15/15/15/15/15/3CAT9/15/15/15/15/15/15/15 ADE?/ 10/0 0")
    >>> position.board[7 * 15 + 3 : 7 * 15 + 6], position.rack, position.scores
    (b'\\x03\\x01\\x14', b'\\x01\\x04\\x05\\x00', (10, 0))
    """
    rules = rules or load_rules()
    if not text.isascii():
        bad = next(ch for ch in text if not ch.isascii())
        raise InputError(f"position: {bad!r} (U+{ord(bad):04X}) is not part of the CGP format")
    fields = text.split()
    if len(fields) < 2:
        raise InputError(
            "position: expected the board's rows and the rack on turn "
            "(<rows> <rack> [<score>/<score> <zero-score turns>] [options])"
        )
    rows = fields[0].split("/")
    if len(rows) != rules.rows:
        raise InputError(
            f"position: board: {len(rows)} rows separated by '/', the board has {rules.rows}"
        )
    board = b"".join(_parse_row(row, r + 1, rules.cols) for r, row in enumerate(rows))
    racks = fields[1].split("/")
    if len(racks) > 2:
        raise InputError(f"position: racks {_show(fields[1])}: at most two racks, one '/'")
    rack = _parse_rack(racks[0], "rack", rules)
    other = _parse_rack(racks[1], "other rack", rules) if len(racks) == 2 else None
    scores: tuple[int, int] | None = None
    zeros = 0
    rest = fields[2:]
    if rest and _SCORES.fullmatch(rest[0]):
        first, second = rest[0].split("/")
        scores = (int(first), int(second))
        if len(rest) < 2 or not _ZEROS.fullmatch(rest[1]):
            raise InputError(
                f"position: zero-score turns {_show(rest[1] if len(rest) > 1 else '')}: a "
                "whole number must follow the scores"
            )
        zeros = int(rest[1])
        rest = rest[2:]
    elif rest and re.fullmatch(r"[-0-9/]+", rest[0]):
        raise InputError(f"position: scores {_show(rest[0])}: expected <score>/<score> (330/297)")
    options = _parse_options(" ".join(rest))
    position = Position(rules, board, rack, other, scores, zeros, options)
    over = excess(position) if strict else None
    if over is not None:
        raise InputError(f"position: {over}")
    return position


@input_format("cgp", "position", 1 << 16)
def parse_cgp_text(data: bytes, name: str) -> Position:
    """A position written as a CGP line (given on the command line or on standard input), from
    its bytes: the registry's reader of the format. ``name`` is where it came from."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"position {name}: not UTF-8 (byte {exc.start:,})") from None
    return parse_cgp(text.strip())
