"""Turns played in C: self-play's games, where both players choose by equity at the native tier
(:meth:`~.movegen.NativeGenerator.play`).

The turns are those the Python loop plays (:func:`.selfplay.play`) through
:class:`~.players.EquityPlayer`: the same choice (the best placement; the best exchange where it
is worth more; the pass where it is worth more than either), the same draws from the end of the
bag, the same end of the game. Given the game's seed (:func:`play`'s ``draws``), C plays it from
its start, exchanges too, with its copy of Python's random; otherwise C stops when it chooses
an exchange: the caller plays it (:func:`.selfplay.exchange`, whose shuffle of the bag is
Python's random, the same at every tier) and calls again. What this module adds is the state C
plays, the reading of the turns' log (:class:`Played`, whose layout :data:`PLAYED` a
simulation's candidates are handed to C in too: :class:`~.movegen.PlayOuts`), and which players
can be played in C (:func:`in_c`).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol

from lexibench.solver.games.crossword.players import EquityPlayer, Exchange

if TYPE_CHECKING:
    from lexibench.solver.games.crossword.players import Chooser
    from lexibench.solver.games.crossword.rules import RuleSet
    from lexibench.solver.games.crossword.solve import MoveGenerator

#: A turn of the log C writes: the player, the kind, the count of tiles (held before the turn;
#: an exchange's returned), the score, the value of the tiles kept in millipoints, those tiles,
#: a placement's native record (:data:`~.moves.RECORD`). ``movegen.pxd``'s ``PLAYED``.
PLAYED: Final = struct.Struct("<BBBxiq16s36s")
#: The kinds of turn.
PLACE: Final = 0
PASS: Final = 1
EXCHANGE: Final = 2
#: As many turns as a game may last (C stops at its end).
WHOLE_GAME: Final = 1 << 30


class Played(NamedTuple):
    """A turn C chose (and played, but for an exchange)."""

    player: int
    kind: int
    """:data:`PLACE`, :data:`PASS` or :data:`EXCHANGE` (chosen, not played)."""
    length: int
    score: int
    kept: int
    """The value of the tiles the player kept, in millipoints (0 for an exchange)."""
    tiles: bytes
    record: bytes
    """A placement's native record."""

    @property
    def held(self) -> bytes:
        """The player's tiles before the turn (tile order, the blank first); for an exchange,
        the tiles it returns, as a rack is written."""
        return self.tiles[: self.length]

    def exchange(self) -> Exchange:
        """An exchange's :class:`~.players.Exchange`."""
        returned = self.held
        return Exchange(tuple(returned.count(t) for t in range(27)))


class Game(Protocol):
    """What C plays: :class:`State`'s fields (the simulation's game has them too)."""

    board: bytearray
    racks: tuple[list[int], list[int]]
    scores: list[int]
    bag: list[int]
    zeros: int
    player: int
    over: bool


@dataclass
class State:
    """A game as C plays it: the board (written in place), each player's rack (27 counts),
    the scores, the bag (drawn from its end), the scoreless turns in a row, the player on turn,
    whether it is over."""

    board: bytearray
    racks: tuple[list[int], list[int]]
    scores: list[int]
    bag: list[int]
    zeros: int = 0
    player: int = 0
    over: bool = False


def in_c(first: Chooser, second: Chooser) -> tuple[MoveGenerator, tuple[Any, Any]] | None:
    """The generator and each player's leave values in C, where both players choose by equity
    through one generator that plays turns (the native tier); else None."""
    if not (isinstance(first, EquityPlayer) and isinstance(second, EquityPlayer)):
        return None
    generator = first.generator
    if second.generator is not generator or not generator.plays_turns:
        return None
    leaves = (first.memo.for_native(generator), second.memo.for_native(generator))
    return generator, leaves


def play(
    generator: MoveGenerator,
    rules: RuleSet,
    state: Game,
    leaves: tuple[Any, Any],
    turns: int,
    max_zeros: int,
    given: bytes | None = None,
    draws: bytes | None = None,
) -> list[Played]:
    """Up to ``turns`` turns of ``state`` played in C (:meth:`~.solve.MoveGenerator.play_raw`),
    the first ``given`` where it is a placement's record (:func:`.moves.pack`): the turns, an
    exchange last where one was chosen (not played). With ``draws`` (a game's seed,
    :func:`~.solve.seed_number`), the game from its start: the bag shuffled and the racks
    drawn in C, the exchanges played there too (each in the log, with the value kept).
    ``state`` is updated."""
    found = generator.play_raw(rules, state, turns, leaves, max_zeros, given, draws)
    if found is None:
        raise ValueError("play: this generator does not play turns (see in_c)")
    log, state.player, state.zeros, state.over = found
    return [Played(*fields) for fields in PLAYED.iter_unpack(log)]
