"""Game records in the GCG format (John Chew's, the one cross-tables, Quackle, Macondo and
wolges read and write): read one, replay it, and stand at any turn.

A file is lines of pragmas (``#player1 nick Full Name``, ``#lexicon NWL20``, ``#note ...``; kept
where they say who played, the rest passed over) and events, one a line::

    >nick: RACK 8D WORD +score total        a placement (8D across, D8 down; any case)
    >nick: RACK -TILES +0 total             an exchange of TILES (or -7: seven, unnamed)
    >nick: RACK - +0 total                  a pass
    >nick: RACK -- -score total             the previous placement withdrawn (a phony)
    >nick: RACK (challenge) +score total    points for a challenge
    >nick: (RACK) +score total              the other's rack at the end
    >nick: RACK (time) -score total         a time penalty

In a placement's word, ``.`` is a tile already on the board (some files write its letter
instead), a lower-case letter a blank. Replaying checks that each placement fits the board (its
squares on the board, the played-through ones taken, the others empty) and that the rack holds
its tiles. By default it keeps the scores the record gives (records keep the scores the players
agreed, under their own rules); :func:`check_scores` (``moves --gcg FILE --strict``) re-scores
every placement of the record under the rule set and checks every running total. The position
before a turn (:func:`position_at`) is the board then, that turn's rack, the two totals and the
scoreless turns in a row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.moves import parse_coord
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import BLANK, RuleSet

_EVENT: Final = re.compile(r">([^:]+):\s*(.*)")
_COORD: Final = re.compile(r"(?:[0-9]{1,2}[A-Za-z]|[A-Za-z][0-9]{1,2})")
_POINTS: Final = re.compile(r"[+-][0-9]+")


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
    if len(fields) < 3 or not _POINTS.fullmatch(fields[-2]) or not fields[-1].lstrip("-").isdigit():
        raise bad("expected '>nick: RACK <move> +score total'")
    points, total = int(fields[-2]), int(fields[-1])
    head = fields[:-2]
    if head[0].startswith("(") and head[0].endswith(")") and len(head) == 1:
        return Turn(number, player, head[0][1:-1], "end", points, total)
    rack, what = head[0], head[1:]
    if not re.fullmatch(r"[A-Za-z?]{0,7}", rack):
        raise bad(f"rack {_shown(rack)}: letters and ? only, at most 7")
    if what == ["-"]:
        return Turn(number, player, rack, "pass", points, total)
    if what == ["--"]:
        return Turn(number, player, rack, "withdrawn", points, total)
    if what in (["(challenge)"], ["(time)"]):
        return Turn(number, player, rack, what[0][1:-1], points, total)
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
        if letter == "." or board[square]:
            if not board[square]:
                raise InputError(f"{where}: '.' at an empty square")
            continue
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


#: The largest game record read.
MAX_FILE: Final = 1 << 20


def read_gcg(
    path: str, rules: RuleSet, turn: int | None = None, *, strict: bool = False
) -> Position:
    """The position before ``turn`` (default: the last event) of the record in the file at
    ``path``; only a regular file is read, and :class:`InputError` names it and the problem.
    ``strict``: the record's scores and totals are checked first (:func:`check_scores`)."""
    import os
    import stat

    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"--gcg {path}: not a regular file")
        if info.st_size > MAX_FILE:
            raise InputError(f"--gcg {path}: {info.st_size:,} bytes, more than a game record")
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except OSError as exc:
        raise InputError(f"--gcg {path}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # the format's own encoding, ISO 8859-1
    record = parse_gcg(text, path)
    if strict:
        check_scores(record, rules, path)
    return position_at(record, rules, len(record.turns) if turn is None else turn, path)
