"""Equity: a move's score plus the value of the tiles it keeps, and every move a player has.

Engines (Quackle, Macondo, wolges, MAGPIE) choose a move by *equity*: its score plus the value of
its *leave*, the tiles left on the rack, read from a leave table
(:class:`~.leave_tables.LeaveTable`, a KLV2 file). Besides the tiles it can place, a player may
*exchange* tiles (return some to the bag and draw as many; allowed while the bag holds at least a
rack's worth, seven tiles in English) or *pass*. :func:`by_equity` lists
them all, best first:

- a placement: ``score + value(leave)``;
- an exchange: ``value(kept tiles)`` (it scores nothing), one per distinct set of tiles returned;
- the pass: ``value(rack)``.

Equity has one unit, the millipoint (a thousandth of a point, as both MAGPIE and wolges round
a leave's value on load): a leave's value is rounded to it once (:func:`millipoints`), so that
an equity is a whole number of millipoints in Python and in C alike, and the two order turns
identically. With the bag empty the leave is worth nothing here (no tile will be drawn to go
with it: both MAGPIE and wolges leave the table out then) and no exchange is allowed; no other
adjustment is made (the engines' opening and end-game corrections are not applied). Ties are
broken by score, then placements before exchanges (fewer tiles returned first) before the pass,
then by coordinate and word as :func:`~.moves.sort_key` does.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, Protocol

from lexibench.solver.games.crossword.leave_tables import RESOLUTION, LeaveTable
from lexibench.solver.games.crossword.moves import Move, Moves
from lexibench.solver.games.crossword.position import Position, rack_text
from lexibench.solver.games.crossword.solve import record_move as native_move
from lexibench.solver.games.tiles import text_tiles

if TYPE_CHECKING:
    from lexibench.solver.games.crossword.solve import MoveGenerator


class Leaves(Protocol):
    """What a leave is worth: a leave table (:class:`~.leave_tables.LeaveTable`) or lexibench's
    own model (:class:`~.leave_model.LeaveModel`)."""

    def value(self, tiles: bytes) -> float:
        """The value of keeping ``tiles`` (tile numbers, any order), in points."""
        ...


def bag_size(position: Position) -> int:
    """The tiles in the bag: the rule set's, less the board's, the rack's and the other rack's.
    Where the position does not give the other rack (none, or empty: a rack is empty only once
    the game is over), that player holds a full rack of the unseen tiles (a rack is refilled
    while the bag has tiles), so the bag is the unseen tiles less a rack, or none: an exchange
    then needs 14 unseen tiles in English, as MAGPIE counts it, not 7."""
    on_board = len(position.board) - position.board.count(0)
    unseen = position.rules.total - on_board - len(position.rack)
    other = len(position.other_rack) if position.other_rack else position.rules.rack_size
    return max(unseen - other, 0)


def by_equity(moves: Moves, leaves: Leaves) -> list[Move]:
    """Every placement of ``moves``, every exchange the bag allows and the pass, each with its
    equity, best first (see the module docstring)."""
    position = moves.position
    bag = bag_size(position)
    value: Value = leaves.value if bag > 0 else nothing
    listed = [_valued(move, value) for move in moves.sorted()]
    listed += exchanges(position, value, bag)
    listed.append(pass_move(position, value))
    return sorted(listed, key=order)


Value = Callable[[bytes], float]
"""What a leave is worth, from its tiles."""
UNIT: Final = RESOLUTION
"""Millipoints in a point: equity's one unit (a leave table's resolution)."""


def millipoints(points: float) -> int:
    """``points`` in equity's unit, rounded as Python rounds (half to even), as C rounds them
    too."""
    return round(points * UNIT)


def equity_of(score: int, leave: float) -> float:
    """A turn's equity in points: ``score`` plus the leave's value rounded to the unit (a whole
    number of millipoints, as a float)."""
    return (score * UNIT + millipoints(leave)) / UNIT


def _valued(move: Move, value: Value) -> Move:
    """``move`` with its equity (its leave valued by ``value``)."""
    return move._replace(equity=equity_of(move.score, value(text_tiles(move.leave))))


_KINDS = {"place": 0, "exchange": 1, "pass": 2}


def nothing(tiles: bytes) -> float:
    """What a leave is worth with the bag empty."""
    return 0.0


def order(move: Move) -> tuple[float, int, int, int, str, str, str]:
    """Equity, highest first; then score; placements, exchanges (fewer tiles first), the pass;
    then coordinate and word, or the tiles returned."""
    equity = move.equity or 0.0
    kind = _KINDS[move.kind]
    return (-equity, -move.score, kind, len(move.returned), move.coord, move.word, move.returned)


def exchanges(position: Position, value: Value, bag: int) -> list[Move]:
    """One exchange per distinct set of tiles the rack can return, where the bag holds a rack's
    worth; each worth its kept tiles' value."""
    if bag < position.rules.rack_size:
        return []
    rack = bytes(sorted(position.rack))
    seen: set[bytes] = set()
    out: list[Move] = []
    for size in range(1, len(rack) + 1):
        for picked in combinations(range(len(rack)), size):
            returned = bytes(rack[i] for i in picked)
            if returned in seen:
                continue
            seen.add(returned)
            kept = bytes(rack[i] for i in range(len(rack)) if i not in picked)
            equity = equity_of(0, value(kept))
            out.append(
                Move(0, "", "", rack_text(kept), (), "exchange", equity, rack_text(returned))
            )
    return out


def pass_move(position: Position, value: Value) -> Move:
    """The pass: the whole rack kept."""
    rack = position.rack
    return Move(0, "", "", rack_text(rack), (), "pass", equity_of(0, value(rack)))


class LeaveMemo:
    """The values of a :class:`Leaves`, each leave asked once (kept by its sorted tiles) and
    rounded to equity's unit (:func:`millipoints`): in a dict for Python, and in C for the
    native best-first search (:meth:`~.solve.MoveGenerator.leave_values`), for a caller that
    asks turn after turn. Its values being whole millipoints, the native search chooses the
    turn itself (:meth:`~.solve.MoveGenerator.best_turn_raw`)."""

    def __init__(self, leaves: Leaves) -> None:
        self.leaves = leaves
        self.known: dict[bytes, float] = {}
        self.native: Any = None
        self._ask: Value = leaves.value

    def value(self, tiles: bytes) -> float:
        """What keeping ``tiles`` is worth (:meth:`Leaves.value`)."""
        key = bytes(sorted(tiles))
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = millipoints(self._ask(key)) / UNIT
        return found

    def for_native(self, generator: MoveGenerator) -> Any:
        """The values kept in C for ``generator`` (None at a tier that is not native), whole
        millipoints as this memo's (:attr:`~.movegen.LeaveValues.exact`). Where C finds the
        values itself (:attr:`~.movegen.LeaveValues.computed`: a linear model's, summed there,
        or a :class:`~.leave_tables.LeaveTable`'s, looked up there in its arrays), the new
        leaves are valued there from then on (the same numbers), not in Python."""
        if self.native is None:
            linear = getattr(self.leaves, "linear_form", None)  # a model C can sum itself
            self.native = generator.leave_values(
                self.value, linear() if linear else None, thousandths=True
            )
            if self.native is not None and isinstance(self.leaves, LeaveTable):
                table = self.leaves
                self.native.take_table(table.nodes, table.counts, table.millipoints)
            if self.native is not None and self.native.computed:
                in_c = self.native.millipoints
                self._ask = lambda key: in_c(key) / UNIT
        return self.native


def exchange_may_reach(found: tuple[bytes, int | None] | None, line: float | None) -> bool:
    """Whether an exchange may reach the top, so that the exchanges must be made: ``found``
    the native search's answer (None: every move was made, no bound), ``line`` the lowest
    equity among the top placements (None: fewer placements than asked for)."""
    if found is None or line is None:
        return True
    best = found[1]
    return best is not None and best >= millipoints(line)


def best_turn(
    generator: MoveGenerator,
    position: Position,
    memo: LeaveMemo,
    bag: int,
) -> Move | None:
    """The turn of highest equity (:func:`by_equity`'s first), chosen in C where the tier is
    native (:meth:`~.solve.MoveGenerator.best_turn_raw`): the best placement, the best
    exchange and the pass, each with its equity, the first of them in :func:`order`. None at a
    tier that cannot choose in C."""
    rules = position.rules
    chosen = generator.best_turn_raw(
        rules,
        position.board,
        position.rack,
        memo.for_native(generator) if bag > 0 else None,
        bag >= rules.rack_size,
    )
    if chosen is None:
        return None
    record, equity, passing, exchange, returned = chosen
    # the first in order(): the highest equity; on a tie a placement (its score is at least the
    # others' 0, and placements come first), then an exchange before the pass
    others = passing if exchange is None else max(passing, exchange)
    if record and equity is not None and equity >= others:
        return native_move(record, position.rack, equity / UNIT)
    if exchange is not None and returned is not None and exchange >= passing:
        kept = bytearray(sorted(position.rack))
        for tile in returned:
            kept.remove(tile)
        return Move(
            0, "", "", rack_text(bytes(kept)), (), "exchange", exchange / UNIT, rack_text(returned)
        )
    return Move(0, "", "", rack_text(position.rack), (), "pass", passing / UNIT)


def ranking(
    generator: MoveGenerator, leaves: Leaves, top: int | None
) -> Callable[[Position], Moves]:
    """What ``moves --leaves`` answers: a position's turns by equity, the ``top`` best
    (:func:`top_by_equity`: at the native tier found best-first, the best one chosen in C), or
    every one (None: :func:`by_equity` over every move), as :attr:`.moves.Moves.ranked`."""
    memo = LeaveMemo(leaves)

    def solve(position: Position) -> Moves:
        if top is None:
            moves = generator(position)
            return Moves(position, moves.raw(), by_equity(moves, memo))
        turns = top_by_equity(generator, position, leaves, top, memo)
        return Moves(position, b"", turns, complete=False)

    return solve


def top_by_score(generator: MoveGenerator, position: Position, top: int) -> list[Move]:
    """The ``top`` placements of highest score, in the moves' order
    (``generator(position).sorted()[:top]``): at the native tier the recorder of the top by
    equity with every leave worth nothing and no exchange (:meth:`~.solve.MoveGenerator.top_raw`:
    best-first, without making every move), elsewhere from every move."""
    if top < 1:
        raise ValueError("top is at least 1")
    rack = position.rack_counts()
    found = generator.top_raw(position.rules, position.board, rack, top, None, False)
    moves = Moves(position, found[0]) if found is not None else generator(position)
    return moves.sorted()[:top]


def top_by_equity(
    generator: MoveGenerator,
    position: Position,
    leaves: Leaves,
    top: int,
    memo: LeaveMemo | None = None,
    bag: int | None = None,
) -> list[Move]:
    """The ``top`` turns of highest equity, in :func:`by_equity`'s order and with its answer
    (``by_equity(generator(position), leaves)[:top]``): at the native tier found best-first
    without making every move (:meth:`~.solve.MoveGenerator.top_raw`), elsewhere from every
    move. ``memo`` keeps the values of ``leaves``, for a caller that asks again (a player, turn
    after turn); ``bag`` the tiles in the bag where the caller knows them (a game in play), in
    place of :func:`bag_size`'s count from the position (by_equity's)."""
    if top < 1:
        raise ValueError("top is at least 1")
    bag = bag_size(position) if bag is None else bag
    kept = memo if memo is not None and memo.leaves is leaves else LeaveMemo(leaves)
    if top == 1:
        first = best_turn(generator, position, kept, bag)
        if first is not None:
            return [first]
    value: Value = kept.value if bag > 0 else nothing
    exchanging = bag >= position.rules.rack_size
    native = kept.for_native(generator) if bag > 0 else None
    rack = position.rack_counts()
    found = generator.top_raw(position.rules, position.board, rack, top, native, exchanging)
    moves = Moves(position, found[0]) if found is not None else generator(position)
    listed = [_valued(move, value) for move in moves.sorted()]
    line = sorted((m.equity or 0.0 for m in listed), reverse=True)[top - 1 : top]
    if exchange_may_reach(found, line[0] if line else None):
        listed += exchanges(position, value, bag)
    listed.append(pass_move(position, value))
    return sorted(listed, key=order)[:top]
