"""Types of the native move generator (solver/games/crossword/movegen.pyx)."""

from collections.abc import Callable, Sequence
from typing import Any

from typing_extensions import Buffer

from lexibench.solver.games.crossword.moves import Move
from lexibench.structures.backends.kwg.wordmap import WordMap

class NativeGenerator:
    generated: int
    def __init__(
        self,
        nodes: Buffer,
        rows: int,
        cols: int,
        letter_multiplier: Sequence[int],
        word_multiplier: Sequence[int],
        values: Sequence[int],
        start: int,
        rack_size: int,
        bingo: int,
        letters: int,
        both: bool = False,
        keep: bool = True,
    ) -> None: ...
    def generate(
        self, board: bytes, rack: Sequence[int], gaddag: bool, best: bool = False
    ) -> bytes: ...
    def top_equity(
        self,
        board: bytes,
        rack: Sequence[int],
        gaddag: bool,
        top: int,
        leaves: LeaveValues | None,
        exchanging: bool,
        wordmap: WordMap | None = None,
    ) -> tuple[bytes, int | None]: ...
    def best_turn(
        self,
        board: bytes,
        rack: Sequence[int],
        gaddag: bool,
        leaves: LeaveValues | None,
        exchanging: bool,
        wordmap: WordMap | None = None,
    ) -> tuple[bytes, int | None, int, int | None, bytes | None]: ...
    def every_move_by_map(self, board: bytes, rack: Sequence[int], wordmap: WordMap) -> bytes: ...
    def play(
        self,
        board: bytearray,
        racks: tuple[list[int], list[int]],
        scores: list[int],
        bag: list[int],
        zeros: int,
        player: int,
        turns: int,
        gaddag: bool,
        leaves: tuple[LeaveValues, LeaveValues],
        max_zeros: int,
        wordmap: WordMap | None = None,
        given: bytes | None = None,
    ) -> tuple[bytes, int, int, bool]: ...

class LeaveValues:
    def __init__(
        self, value: Callable[[bytes], float], linear: Any = None, thousandths: bool = False
    ) -> None: ...
    def __len__(self) -> int: ...
    def take_table(self, nodes: Buffer, counts: Buffer, millipoints: Buffer) -> None: ...
    @property
    def exact(self) -> bool: ...
    @property
    def computed(self) -> bool: ...
    def millipoints(self, tiles: bytes) -> int: ...

class PlayOuts:
    turns: int
    def __init__(
        self,
        generator: NativeGenerator,
        board: bytes,
        mine: Sequence[int],
        known: Sequence[int] | None,
        hidden: bytes,
        scores: Sequence[int],
        zeros: int,
        firsts: bytes,
        plies: int,
        gaddag: bool,
        leaves: LeaveValues,
        max_zeros: int,
        wordmap: WordMap | None = None,
    ) -> None: ...
    def iteration(
        self, deal: bytes, exchanges: bytes, live: Sequence[bool]
    ) -> list[float | None]: ...

def shuffled(number: bytes, items: bytes) -> bytes: ...
def record_move(record: Buffer, rack: Buffer, equity: float | None = None) -> Move: ...
