"""Dense boards: seeded variations of the best boards known, as a best-board search meets them.

A random 4x4 board holds a few dozen words; the boards near the best hold many hundreds (the best
4x4 board known, with ENABLE2K, 1,045) and cost several times as much to solve. A best-board
search (:mod:`.best`) spends its time among them once it has climbed: its candidates are a good
board changed by a move or a few. This workload draws boards the same way: each is one of
:data:`SEEDS`, chosen at random, changed by the search's own moves (:func:`.best.move`: swap two
cells or change one letter, then another move with the schedule's probability).

The same seed gives the same boards on any machine (randomness only from
:meth:`random.Random.random`, as in :mod:`.dice`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from lexibench.solver.draws import below
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.best import Schedule, move
from lexibench.solver.games.boggle.board import Board, parse_board

#: The best boards known, by shape: for ENABLE2K the proven best, for the default list (web2) the
#: best found by hybrid-boggle's hill climbing and by ``lexibench best`` (the sources are in
#: prove/known_boards.toml; written out here, so that the workload stays the same when the
#: table changes).
SEEDS: Final[dict[tuple[int, int], tuple[str, ...]]] = {
    (3, 3): ("streaedlp", "lergatnis"),
    (3, 4): ("pers/late/sind", "blgn/eaie/rstr"),
    (4, 4): ("perslatgsineters", "catdlinemaropets", "agertnimetalsreb"),
}


def dense_boards(rows: int = 4, cols: int = 4, seed: int = 0, count: int = 1) -> Iterator[Board]:
    """Yield ``count`` boards near the best of :data:`SEEDS` for ``rows`` x ``cols``, from one
    generator seeded with ``seed`` (see the module docstring)."""
    if (rows, cols) not in SEEDS:
        shapes = ", ".join(f"{r}x{c}" for r, c in SEEDS)
        raise InputError(f"dense boards: {rows}x{cols} has no seed boards (there are: {shapes})")
    seeds = [parse_board(text).cells for text in SEEDS[rows, cols]]
    rng = random.Random(seed)
    schedule = Schedule()
    for _ in range(count):
        cells = list(seeds[below(rng, len(seeds))])
        move(rng, cells, schedule)
        yield Board(rows, cols, tuple(cells))
