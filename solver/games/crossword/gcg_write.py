"""Game records written: ``lexibench selfplay --gcg DIR`` keeps each game it plays as a GCG file
(the format :mod:`.gcg` reads and documents) in DIR, named ``game-0001.gcg`` and on (the number
zero-padded to the width of the count of games asked, at least four digits).

A record names its two players (``#player1 nick Name``: the nickname is the player's kind,
``greedy`` or ``equity``, numbered by seat when both are of one kind; the name is what the
summary calls it, ``equity (english leaves)``), the word list (``#lexicon``), and in
``#description`` lexibench's version, the seed, the game's number and the rule set. Then every
turn: a placement (``>nick: RACK 8D WO.D +score total``: ``.`` for a tile already on the board, a
blank's letter in lower case), an exchange (``RACK -TILES +0``) and a pass (``RACK - +0``); then
the end: the player who went out adds twice the other's rack (``>nick: (RACK) +points total``),
or, after six scoreless turns, each player loses their own rack's value (``>nick: RACK (RACK)
-points total``, the form Macondo and MAGPIE read). Every placement's score is the rule set's,
so ``lexibench moves --gcg FILE --strict`` replays the record and re-scores it, and the last
totals are the game's final scores.

DIR is new (its parent folder must exist) or an empty folder, refused in one line otherwise
(:func:`check_folder`) before any game is played. A file is written whole or not at all: staged
under a temporary name in DIR, flushed, then linked to its own name (which is never written
over: a file that appeared there meanwhile is an error) and the temporary removed. A run that
is stopped keeps the records of the games it finished.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from lexibench.solver.errors import Fault, InputError
from lexibench.solver.games.crossword.players import Action, Exchange, Player
from lexibench.solver.games.crossword.position import rack_text
from lexibench.solver.games.crossword.rules import RuleSet
from lexibench.structures.atomic import stage_beside
from lexibench.structures.files import not_regular, printable

#: The most tiles a GCG rack holds.
GCG_RACK: Final = 7
#: The most columns a GCG coordinate names (A to Z).
GCG_COLUMNS: Final = 26
#: The option, in messages.
OPTION: Final = "--gcg"


@dataclass(frozen=True)
class Event:
    """What a game record says of one turn, or of a rack's points at the end: kept by
    :func:`~.selfplay.play` with ``record=True``."""

    player: int
    """0 for the player who moved first."""
    kind: str
    """``place``, ``exchange``, ``pass``; at the end, ``out`` (the player went out and adds
    twice the value of ``rack``, the other's) or ``stuck`` (six scoreless turns: the player
    loses the value of ``rack``, its own)."""
    rack: bytes
    """The player's tiles before the turn (tile numbers, 0 a blank); at the end, the rack
    counted."""
    points: int
    """What the event adds to the player's score (negative for ``stuck``)."""
    action: Action = None
    """The placement (a raw move) or the :class:`~.players.Exchange`."""


def check_folder(path: str, rules: RuleSet) -> None:
    """Refuse, in one line (:class:`InputError`), a ``--gcg`` folder that is neither new (in a
    folder that exists) nor empty, or that cannot be written; or ``rules`` a record cannot
    hold (a rack of more than seven tiles, more than 26 columns)."""
    where = f"{OPTION} {printable(path)}"
    if rules.rack_size > GCG_RACK or rules.cols > GCG_COLUMNS:
        raise InputError(
            f"{where}: the {rules.name} rules' racks hold {rules.rack_size} tiles on "
            f"{rules.cols} columns; a game record's hold at most {GCG_RACK} on {GCG_COLUMNS}"
        )
    if not path:
        raise InputError(f"{OPTION}: give a folder to write the games in")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.lexists(path):
            raise InputError(f"{where}: it is a broken symbolic link, not a folder") from None
        parent = Path(os.path.abspath(path)).parent
        if not parent.is_dir():
            raise InputError(f"{where}: its folder {parent} does not exist") from None
        if not os.access(parent, os.W_OK | os.X_OK):
            raise InputError(f"{where}: cannot be made in {parent} (permission denied)") from None
        return
    except OSError as exc:
        raise InputError(f"{where}: cannot look at it ({exc.strerror or exc})") from None
    if not stat.S_ISDIR(mode):
        what = not_regular(path) or "a file"
        raise InputError(f"{where}: it is {what}, not a folder (give a new or empty folder)")
    try:
        with os.scandir(path) as entries:
            held = next(entries, None)
    except OSError as exc:
        raise InputError(f"{where}: cannot read it ({exc.strerror or exc})") from None
    if held is not None:
        raise InputError(
            f"{where}: the folder is not empty (it holds {printable(held.name, 60)}); give a "
            "new or empty folder"
        )
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"{where}: the folder cannot be written (permission denied)")


def nicknames(players: tuple[Player, Player]) -> tuple[str, str]:
    """The players' nicknames in a record, the first to move first: each one's kind, numbered
    by seat when they are of one kind.

    >>> nicknames((Player("greedy"), Player("equity", "english")))
    ('greedy', 'equity')
    >>> nicknames((Player("greedy"), Player("greedy")))
    ('greedy1', 'greedy2')
    """
    first, second = players[0].kind, players[1].kind
    return (first, second) if first != second else (f"{first}1", f"{second}2")


def _word(move: tuple[int, bool, int, int, str, int]) -> str:
    """A placement's main word, ``.`` for each tile it plays through."""
    word, placed = move[4], move[5]
    return "".join(letter if placed >> i & 1 else "." for i, letter in enumerate(word))


def _move_text(event: Event) -> str:
    """An event's line after ``>nick:`` and before the total."""
    rack = rack_text(event.rack)
    if event.kind == "place":
        from lexibench.solver.games.crossword.moves import coord

        move = event.action
        assert move is not None
        assert not isinstance(move, Exchange)
        return f"{rack} {coord(move[2], move[3], move[1])} {_word(move)} +{event.points}"
    if event.kind == "exchange":
        assert isinstance(event.action, Exchange)
        returned = bytes(t for t, n in enumerate(event.action.returned) for _ in range(n))
        return f"{rack} -{rack_text(returned)} +0"
    if event.kind == "pass":
        return f"{rack} - +0"
    if event.kind == "out":
        return f"({rack}) +{event.points}"
    if event.kind == "stuck":
        return f"{rack} ({rack}) -{-event.points}"
    raise ValueError(f"an event of kind {event.kind!r}")


def record_text(
    events: Sequence[Event], players: tuple[Player, Player], lexicon: str, description: str
) -> str:
    """A game's record: its pragmas (the players, the first to move first; the ``lexicon``;
    the ``description``) and a line for each of its ``events``, with each player's running
    total."""
    nicks = nicknames(players)
    lines = [
        "#character-encoding UTF-8",
        *(f"#player{k + 1} {nicks[k]} {players[k].name}" for k in (0, 1)),
        f"#lexicon {_one_line(lexicon)}",
        f"#description {_one_line(description)}",
    ]
    totals = [0, 0]
    for event in events:
        totals[event.player] += event.points
        lines.append(f">{nicks[event.player]}: {_move_text(event)} {totals[event.player]}")
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    """``text`` safe in a pragma: one line of printable characters."""
    return printable(" ".join(text.split()), 300) or "-"


class RecordFolder:
    """The folder ``--gcg DIR`` names, made when missing (:meth:`open`), and the records
    written in it."""

    def __init__(self, path: str, count: int) -> None:
        self.path = path
        self.width = max(4, len(str(count)))
        """The digits of a file's number: the count of games', at least four."""
        self.written = 0

    def create(self) -> RecordFolder:
        """Make the folder (checked by :func:`check_folder`) if it does not exist yet."""
        try:
            os.mkdir(self.path)
        except FileExistsError:
            pass  # an empty folder, as checked
        except OSError as exc:
            raise InputError(
                f"{OPTION} {printable(self.path)}: cannot make it ({exc.strerror or exc})"
            ) from None
        return self

    def name(self, number: int) -> str:
        """The file name of game ``number`` (from 1)."""
        return f"game-{number:0{self.width}d}.gcg"

    def write(self, number: int, text: str) -> Path:
        """Write game ``number``'s record whole, under a name no file has (see the module
        docstring); its path."""
        target = Path(self.path, self.name(number))
        where = f"{OPTION} {printable(self.path)}: {target.name}"
        try:
            staged = stage_beside(target, text.encode())
        except OSError as exc:
            raise Fault(f"{where}: cannot write it ({exc.strerror or exc})") from None
        try:
            _publish(staged, target)
        except FileExistsError:
            raise Fault(f"{where}: a file of that name appeared; not written over") from None
        except OSError as exc:
            raise Fault(f"{where}: cannot write it ({exc.strerror or exc})") from None
        finally:
            staged.unlink(missing_ok=True)
        self.written += 1
        return target


#: The errors of a file system that has no hard links.
_NO_LINKS: Final = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK})


def _publish(staged: Path, target: Path) -> None:
    """Give the staged file ``target``'s name, never over a file (FileExistsError): a hard link
    (atomic, and refused where the name exists), or where the file system has none, a rename
    once the name is seen free."""
    try:
        os.link(staged, target)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "exists", str(target)) from None
        os.replace(staged, target)
