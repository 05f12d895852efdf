"""The self-play players: how each picks its turn, and what a summary calls it.

- :func:`greedy`: the first move in the moves' order (highest score), a pass when there is none.
- :class:`EquityPlayer`: the turn of highest equity (:mod:`.equity`), placements, exchanges and
  the pass alike.
- :class:`Player`: which of the two, with which leave values (:class:`NamedLeaves`), as
  ``lexibench selfplay``'s summary names it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING, Literal

from lexibench.solver.games.crossword.equity import (
    UNIT,
    LeaveMemo,
    Leaves,
    Value,
    equity_of,
    exchange_may_reach,
    exchanges,
    nothing,
    order,
)
from lexibench.solver.games.crossword.moves import Move, RawMove, coord, unpack
from lexibench.solver.games.crossword.position import Position, rack_text
from lexibench.solver.games.crossword.rules import RuleSet
from lexibench.solver.games.tiles import text_tiles

if TYPE_CHECKING:
    from lexibench.solver.games.crossword.solve import MoveGenerator


@dataclass(frozen=True)
class NamedLeaves:
    """Leave values (``--leaves``) and the name a summary gives them: ``english`` for
    lexibench's own model, else the file's name (as :func:`leaves_name` shows it)."""

    name: str
    values: Leaves


def leaves_name(text: str, model: str) -> str:
    """What a summary calls the leave values ``--leaves text`` names: ``model`` itself (lexibench's
    own, ``english``), else the file's name without its folder, safe to show on a terminal.

    >>> leaves_name("english", "english"), leaves_name("/tmp/magpie/english.klv2", "english")
    ('english', 'english.klv2')
    """
    if text == model:
        return model
    from lexibench.structures.files import printable

    return printable(PurePath(text).name or text, 60)


@dataclass(frozen=True)
class Player:
    """A self-play player as a summary names it: ``greedy`` (the highest score) or ``equity``
    with its leave values' name (:attr:`NamedLeaves.name`)."""

    kind: Literal["greedy", "equity"]
    leaves: str | None = None
    """The leave values' name for the equity player; None for the greedy one."""

    @property
    def name(self) -> str:
        """``greedy``, or ``equity (english leaves)``."""
        return self.kind if self.leaves is None else f"{self.kind} ({self.leaves} leaves)"

    @classmethod
    def of(cls, leaves: NamedLeaves | None) -> Player:
        """The equity player of ``leaves``, or the greedy one for None."""
        return cls("greedy") if leaves is None else cls("equity", leaves.name)


@dataclass(frozen=True)
class Exchange:
    """An exchange: the tiles returned to the bag (counts per tile, 0 the blank)."""

    returned: tuple[int, ...]


Action = RawMove | Exchange | None
"""A turn: a placement, an exchange, or None for a pass."""
Chooser = Callable[[RuleSet, bytes, list[int], int], Action]
"""``(rules, board, rack counts, tiles in the bag) -> the turn to play``."""


def greedy(generator: MoveGenerator) -> Chooser:
    """The greedy player (see the module docstring)."""

    def choose(rules: RuleSet, board: bytes, rack: list[int], bag: int) -> Action:
        return generator.best_raw(rules, board, rack)

    return choose


class EquityPlayer:
    """A self-play chooser (:data:`Chooser`): the turn :func:`.equity.by_equity` lists first.
    At the native tier the placements come best-first from the bounded search
    (:meth:`~.solve.MoveGenerator.top_raw`), not every move; each leave is valued once (kept
    by its tiles, turn after turn)."""

    def __init__(self, generator: MoveGenerator, leaves: Leaves) -> None:
        self.generator = generator
        self.leaves = leaves
        self.memo = LeaveMemo(leaves)

    def __call__(self, rules: RuleSet, board: bytes, rack: list[int], bag: int) -> Action:
        """The turn of highest equity on ``board`` with ``rack`` (counts per tile)."""
        value: Value = self.memo.value if bag > 0 else nothing
        native = self.memo.for_native(self.generator) if bag > 0 else None
        exchanging = bag >= rules.rack_size
        best: _Best | None = None
        chosen = self.generator.best_turn_raw(rules, board, rack, native, exchanging)
        if chosen is not None:  # the choice made in C (see equity.best_turn)
            record, equity, pass_equity, exchange, returned = chosen
            if record:
                assert equity is not None  # a placement has its equity
                best = _placement(equity / UNIT, unpack(record)[0])
            passing = -pass_equity / UNIT
            if exchange is not None and returned is not None:
                swap = Move(0, "", "", "", (), "exchange", exchange / UNIT, rack_text(returned))
                if best is None or order(swap) < best[0]:
                    best = (order(swap), Exchange(tuple(returned.count(t) for t in range(27))))
        else:
            tiles = _tiles(rack)
            bounded = self.generator.top_raw(rules, board, rack, 1, native, exchanging)
            found = self.generator.raw(rules, board, rack) if bounded is None else bounded[0]
            for raw in unpack(found) if isinstance(found, bytes) else found:
                score, _, _, _, word, placed = raw
                left = bytearray(tiles)
                for i, letter in enumerate(word):
                    if placed >> i & 1:
                        left.remove(0 if letter.islower() else ord(letter) - 64)
                turn = _placement(equity_of(score, value(bytes(left))), raw)
                if best is None or turn[0] < best[0]:
                    best = turn
            passing = -equity_of(0, value(tiles))
            if exchange_may_reach(bounded, None if best is None else -best[0][0]):
                for move in exchanges(Position(rules, board, _tiles(rack)), value, bag):
                    key = order(move)
                    if best is None or key < best[0]:
                        back = text_tiles(move.returned)
                        best = (key, Exchange(tuple(back.count(t) for t in range(27))))
        pass_key = (passing, 0, 2, 0, "", "", "")  # order() of the pass
        return None if best is None or pass_key < best[0] else best[1]


_Best = tuple[tuple[float, int, int, int, str, str, str], Action]
"""A turn and its :func:`~.equity.order` key."""


def _placement(equity: float, raw: RawMove) -> _Best:
    """The placement ``raw`` worth ``equity``, with its :func:`~.equity.order` key."""
    score, down, row, col, word, _ = raw
    return (-equity, -score, 0, 0, coord(row, col, down), word, ""), raw


def _tiles(rack: list[int]) -> bytes:
    """The rack's tiles (counts per tile) as bytes, in tile order."""
    return b"".join([_TILE[t] * n for t, n in enumerate(rack) if n])


#: Each tile number as one byte.
_TILE = [bytes([t]) for t in range(27)]
