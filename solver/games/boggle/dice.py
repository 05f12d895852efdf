"""Seeded, reproducible random boards: Boggle dice, uniform letters, or English frequencies.

Randomness comes only from :meth:`random.Random.random` (whose sequence for a given integer seed
Python guarantees across versions and machines), through the helpers below, so the same
seed gives the same boards everywhere. The Qu tile is the ``q`` face of a die or a drawn ``q``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from lexibench.solver.draws import LETTERS, below, shuffled, weighted_letter
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import QU, Board

#: Boggle's 4x4 dice, 1976-1986.
CLASSIC_DICE: Final = (
    "aaciot", "abilty", "abjmoq", "acdemp", "acelrs", "adenvz", "ahmors", "biforx",
    "denosw", "dknotu", "eefhiy", "egkluy", "egintv", "ehinps", "elpstu", "gilruw",
)  # fmt: skip
#: Boggle's 4x4 dice from 1987 on; the ``q`` face of ``himnqu`` is the Qu tile.
NEW_DICE: Final = (
    "aaeegn", "abbjoo", "achops", "affkps", "aoottw", "cimotu", "deilrx", "delrvy",
    "distty", "eeghnw", "eeinsu", "ehrtvw", "eiosst", "elrtty", "himnqu", "hlnnrz",
)  # fmt: skip

DICE_SETS: Final = {"classic": CLASSIC_DICE, "new": NEW_DICE}
#: ``--dice`` choices: the two dice sets (4x4 only), uniform a-z, English letter frequency.
DICE: Final = ("classic", "new", "uniform", "frequency")


def cell_of(letter: str) -> str:
    """The cell a drawn letter makes: ``q`` is the Qu tile."""
    return QU if letter == "q" else letter


def frequency_cells(rng: random.Random, n: int) -> list[str]:
    """``n`` cells drawn by English letter frequency."""
    return [cell_of(weighted_letter(rng)) for _ in range(n)]


def default_dice(rows: int, cols: int) -> str:
    """The new dice for 4x4, English letter frequency otherwise."""
    return "new" if (rows, cols) == (4, 4) else "frequency"


def random_boards(
    rows: int = 4, cols: int = 4, dice: str | None = None, seed: int = 0, count: int = 1
) -> Iterator[Board]:
    """Yield ``count`` boards from one generator seeded with ``seed``.

    ``dice``: ``classic`` or ``new`` (shuffle the 16 dice over the cells, roll each; 4x4 only),
    ``uniform`` (every cell a-z with equal odds) or ``frequency`` (English letter frequency,
    :data:`~lexibench.solver.draws.LETTER_FREQUENCIES`).
    """
    dice = dice or default_dice(rows, cols)
    if dice not in DICE:
        raise InputError(f"dice {dice!r}: choose one of {', '.join(DICE)}")
    if dice in DICE_SETS and (rows, cols) != (4, 4):
        raise InputError(f"dice {dice!r}: is a 4x4 set; use uniform or frequency for {rows}x{cols}")
    if count < 0:
        raise InputError(f"count {count}: must be at least 0")
    rng = random.Random(seed)
    n = rows * cols
    for _ in range(count):
        if dice in DICE_SETS:
            rolled = shuffled(rng, DICE_SETS[dice])
            cells = tuple(cell_of(die[below(rng, len(die))]) for die in rolled)
        elif dice == "uniform":
            cells = tuple(cell_of(LETTERS[below(rng, 26)]) for _ in range(n))
        else:
            cells = tuple(frequency_cells(rng, n))
        yield Board(rows, cols, cells)
