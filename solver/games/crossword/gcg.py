"""Game records in the GCG format (John Chew's, the one cross-tables, Quackle, Macondo and
wolges read and write): read one, replay it, and stand at any turn (``lexibench selfplay --gcg``
writes them: :mod:`.gcg_write`).

A file is lines of pragmas (``#player1 nick Full Name``, ``#lexicon NWL20``, ``#note ...``; kept
where they say who played, the rest passed over) and events, one a line::

    >nick: RACK 8D WORD +score total        a placement (8D across, D8 down; any case)
    >nick: RACK -TILES +0 total             an exchange of TILES (or -7: seven, unnamed)
    >nick: RACK - +0 total                  a pass
    >nick: RACK -- -score total             the previous placement withdrawn (a phony)
    >nick: RACK (challenge) +score total    points for a challenge
    >nick: (RACK) +score total              the other's rack at the end
    >nick: RACK (RACK) -score total         the player's own rack lost at the end (six
                                            scoreless turns in a row; also read: (RACK) -score)
    >nick: RACK (time) -score total         a time penalty

In a placement's word, ``.`` is a tile already on the board (some files write its letter
instead: it must then be that tile's letter), a lower-case letter a blank. Replaying checks,
always, that each placement fits the board (its squares on the board; a ``.`` on a tile, a
letter on an empty square or on a tile of that letter) and that the rack holds its tiles. By
default it keeps the scores the record gives (records keep the scores the players agreed, under
their own rules); :func:`check_scores` (``moves --gcg FILE --strict``) re-scores every placement
of the record under the rule set and checks every running total. The position before a turn
(:func:`position_at`) is the board then, that turn's rack, the two totals and the scoreless turns
in a row.

A file is read as a hostile input: a regular file of at most :data:`MAX_FILE` bytes (a FIFO is
refused without waiting), its points and totals whole numbers of at most nine digits, at most two
players; whatever does not replay is an :class:`InputError` in one line naming the file and the
line. Reading and replaying are linear in the file's size.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.moves import parse_coord
from lexibench.solver.games.crossword.position import Position, tile_text
from lexibench.solver.games.crossword.rules import BLANK, RuleSet
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import input_format, read_input

_EVENT: Final = re.compile(r">([^:]+):\s*(.*)")
_COORD: Final = re.compile(r"(?:[0-9]{1,2}[A-Za-z]|[A-Za-z][0-9]{1,2})")
_POINTS: Final = re.compile(r"[+-][0-9]{1,9}")
_TOTAL: Final = re.compile(r"-?[0-9]{1,9}")
_RACK: Final = re.compile(r"[A-Za-z?]{0,7}")
WHAT: Final = "game record"
"""What a GCG file is called in messages."""
#: The largest game record read.
MAX_FILE: Final = 1 << 20


@dataclass(frozen=True)
class Turn:
    """One event of a record: who, with which rack, what, and the points it changed."""

    line: int
    player: int
    """0 for the first player, 1 for the second."""
    rack: str
    kind: str
    """``place``, ``exchange``, ``pass``, ``withdrawn``, ``challenge``, ``end`` or ``time``."""
    points: int
    total: int
    coord: str = ""
    word: str = ""
    exchanged: str = ""


@dataclass(frozen=True)
class Record:
    """A game record: the players' nicknames, in turn order, and its events."""

    players: tuple[str, str]
    turns: tuple[Turn, ...] = field(default=())


def parse_gcg(text: str, name: str = "gcg") -> Record:
    """Read a GCG file's text; :class:`InputError` naming ``name``, the line and the problem."""
    nicks: list[str] = []
    turns: list[Turn] = []
    for number, raw in enumerate(text.replace("\r", "\n").split("\n"), 1):
        line = raw.strip()
        if not line:
            continue

        bad = _problem(name, number)

        if line.startswith("#"):
            fields = line[1:].split()
            if fields and fields[0] in ("player1", "player2"):
                if len(fields) < 2:
                    raise bad(f"#{fields[0]} names no player")
                if fields[1] in nicks or len(nicks) >= 2:
                    raise bad(f"#{fields[0]} {_shown(fields[1])}: a game has two players, "
                              "each named once")  # fmt: skip
                nicks.append(fields[1])
            continue
        match = _EVENT.fullmatch(line)
        if match is None:
            raise bad(f"{_shown(line)} is neither a #pragma nor a >player: event")
        nick, rest = match.group(1).strip(), match.group(2).split()
        if nick not in nicks:
            if len(nicks) >= 2:
                raise bad(f"player {nick!r} is neither {nicks[0]!r} nor {nicks[1]!r}")
            nicks.append(nick)
        turns.append(_event(number, nicks.index(nick), rest, bad))
    if not turns:
        raise InputError(f"{name}: no moves (event lines start with '>')")
    if len(nicks) == 1:
        nicks.append("?")
    return Record((nicks[0], nicks[1]), tuple(turns))


def _event(number: int, player: int, fields: list[str], bad: Callable[[str], InputError]) -> Turn:
    """One event line's fields after ``>nick:``."""
    if len(fields) < 3 or not _POINTS.fullmatch(fields[-2]):
        raise bad("expected '>nick: RACK <move> +score total' (a score of at most 9 digits)")
    if not _TOTAL.fullmatch(fields[-1]):
        raise bad(f"total {_shown(fields[-1])}: a whole number of at most 9 digits")
    points, total = int(fields[-2]), int(fields[-1])
    head = fields[:-2]
    if head[0].startswith("(") and head[0].endswith(")") and len(head) == 1:
        if not _RACK.fullmatch(head[0][1:-1]):
            raise bad(f"end rack {_shown(head[0])}: letters and ? only, at most 7")
        return Turn(number, player, head[0][1:-1], "end", points, total)
    rack, what = head[0], head[1:]
    if not _RACK.fullmatch(rack):
        raise bad(f"rack {_shown(rack)}: letters and ? only, at most 7")
    if what == ["-"]:
        return Turn(number, player, rack, "pass", points, total)
    if what == ["--"]:
        return Turn(number, player, rack, "withdrawn", points, total)
    if what in (["(challenge)"], ["(time)"]):
        return Turn(number, player, rack, what[0][1:-1], points, total)
    if len(what) == 1 and what[0].startswith("(") and what[0].endswith(")"):
        if what[0][1:-1].upper() != rack.upper():
            raise bad(f"end rack {_shown(what[0])}: not the player's own rack, {rack}")
        return Turn(number, player, rack, "end", points, total)
    if len(what) == 1 and what[0].startswith("-"):
        tiles = what[0][1:]
        if not re.fullmatch(r"[A-Za-z?]{1,7}|[1-7]", tiles):
            raise bad(f"exchange {_shown(what[0])}: the tiles returned, or their number")
        return Turn(number, player, rack, "exchange", points, total, exchanged=tiles)
    if len(what) != 2 or not _COORD.fullmatch(what[0]):
        raise bad(f"move {_shown(' '.join(what))}: expected a coordinate (8D, D8) and a word")
    if not re.fullmatch(r"[A-Za-z.]+", what[1]):
        raise bad(f"word {_shown(what[1])}: letters, and . for a tile on the board")
    return Turn(number, player, rack, "place", points, total, what[0].upper(), what[1])


def _problem(name: str, number: int) -> Callable[[str], InputError]:
    """The error of line ``number`` of the file ``name``."""

    def bad(problem: str) -> InputError:
        return InputError(f"{name}: line {number}: {problem}")

    return bad


def _shown(text: str, limit: int = 30) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


def position_at(record: Record, rules: RuleSet, turn: int, name: str = "gcg") -> Position:
    """The position before the ``turn``-th event (from 1) of ``record``: the board after the
    earlier events, that event's rack, the totals (the player on turn's first) and the
    scoreless turns in a row. :class:`InputError` naming the line where a placement does not fit
    or the rack lacks its tiles, or a turn past the last."""
    if not 1 <= turn <= len(record.turns):
        raise InputError(f"{name}: turn {turn}: the record has turns 1 to {len(record.turns)}")
    board = bytes(rules.squares)
    totals = [0, 0]
    zeros = 0
    for event, _, after in _replayed(record, rules, turn - 1, name):
        board = bytes(after)
        if event.kind in ("place", "exchange", "pass", "withdrawn"):
            zeros = 0 if event.kind == "place" and event.points else zeros + 1
        totals[event.player] = event.total
    on_turn = record.turns[turn - 1]
    rack = _tiles(on_turn.rack)
    if len(rack) > rules.rack_size:
        raise InputError(
            f"{name}: line {on_turn.line}: rack {on_turn.rack}: {len(rack)} tiles, the "
            f"{rules.name} rules' rack holds {rules.rack_size}"
        )
    me = on_turn.player
    return Position(rules, board, rack, None, (totals[me], totals[1 - me]), zeros)


def _replayed(
    record: Record, rules: RuleSet, events: int, name: str
) -> Iterator[tuple[Turn, bytes, bytearray]]:
    """The first ``events`` events of ``record`` replayed in turn: each with the board before
    it and the board after it (a placement put on, a withdrawn one taken off again); the board
    after is the same object every time, changed as the replay goes on."""
    board = bytearray(rules.squares)
    last: list[int] = []
    for event in record.turns[:events]:
        before = bytes(board)
        if event.kind == "place":
            last = _place(board, rules, event, name)
        elif event.kind == "withdrawn":
            for square in last:
                board[square] = 0
            last = []
        yield event, before, board


def check_scores(record: Record, rules: RuleSet, name: str = "gcg") -> None:
    """Replay the whole of ``record``: :class:`InputError` naming the line of the first
    placement whose score under ``rules`` is not the record's, or the first event whose total is
    not its player's last total plus its points (besides what :func:`position_at` refuses)."""
    from lexibench.solver.games.crossword.reference import score_placement

    totals = [0, 0]
    for event, before, after in _replayed(record, rules, len(record.turns), name):
        expected = totals[event.player] + event.points
        if event.total != expected:
            raise InputError(
                f"{name}: line {event.line}: the total {event.total} is not the player's "
                f"{totals[event.player]} {event.points:+d} ({expected})"
            )
        totals[event.player] = event.total
        if event.kind != "place":
            continue
        placed = {sq: tile for sq, tile in enumerate(after) if tile and not before[sq]}
        score = score_placement(rules, before, placed, parse_coord(event.coord)[2])
        if score != event.points:
            raise InputError(
                f"{name}: line {event.line}: {event.coord} {event.word} scores {score} "
                f"under the {rules.name} rules, the record says {event.points:+d}"
            )


def _tiles(rack: str) -> bytes:
    """A rack's tiles, sorted (letters, then blanks)."""
    letters = sorted(ord(ch) - 64 for ch in rack.upper() if ch != "?")
    return bytes(letters + [0] * rack.count("?"))


def _place(board: bytearray, rules: RuleSet, event: Turn, name: str) -> list[int]:
    """Put a placement's tiles on ``board``; the squares it filled."""
    row, col, down = parse_coord(event.coord)
    where = f"{name}: line {event.line}: {event.coord} {event.word}"
    rack = list(event.rack.upper())
    filled = []
    for i, letter in enumerate(event.word):
        r, c = (row + i, col) if down else (row, col + i)
        if not (0 <= r < rules.rows and 0 <= c < rules.cols):
            raise InputError(f"{where}: runs off the board")
        square = r * rules.cols + c
        if board[square]:
            if letter != "." and board[square] & ~BLANK != ord(letter.upper()) - 64:
                raise InputError(
                    f"{where}: square {chr(65 + c)}{r + 1} holds {tile_text(board[square])}, "
                    f"not {letter}"
                )
            continue
        if letter == ".":
            raise InputError(f"{where}: '.' at an empty square {chr(65 + c)}{r + 1}")
        tile = (ord(letter.upper()) - 64) | (BLANK if letter.islower() else 0)
        needed = "?" if letter.islower() else letter
        if needed not in rack:
            raise InputError(f"{where}: the rack {event.rack} has no {needed!r} for it")
        rack.remove(needed)
        board[square] = tile
        filled.append(square)
    if not filled:
        raise InputError(f"{where}: places no tile")
    return filled


@input_format("gcg", WHAT, MAX_FILE, suffixes=(".gcg",))
def parse_gcg_file(data: bytes, name: str) -> Record:
    """A record from its file's bytes: UTF-8, or else ISO 8859-1 (the format's own encoding);
    :class:`InputError` ``"game record NAME: line N: problem"``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_gcg(text, f"{WHAT} {name}")


def read_gcg(
    path: str, rules: RuleSet, turn: int | None = None, *, strict: bool = False
) -> Position:
    """The position before ``turn`` (default: the last event) of the record in the file at
    ``path``; only a regular file is read (a FIFO is refused without waiting), at most
    :data:`MAX_FILE` bytes, and :class:`InputError` names it and the problem. ``strict``: the
    record's scores and totals are checked first (:func:`check_scores`)."""
    try:
        data = read_input(path, WHAT, MAX_FILE)
    except BadInputError as exc:
        raise InputError(str(exc)) from None
    record = parse_gcg_file(data, path)
    name = f"{WHAT} {path}"
    if strict:
        check_scores(record, rules, name)
    return position_at(record, rules, len(record.turns) if turn is None else turn, name)
