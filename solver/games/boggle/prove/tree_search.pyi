"""Types of the compiled bound (solver/games/boggle/prove/tree_search.pyx)."""

from collections.abc import Callable, Sequence

from typing_extensions import Buffer

PROFILE_GUIDED: bool

class TreeProver:
    def __init__(self, nodes: Buffer, weights: Sequence[int], min_length: int) -> None: ...
    def release(self) -> None: ...
    def run(
        self,
        cells: tuple[bytes, ...],
        nbrs: tuple[tuple[int, ...], ...],
        order: tuple[int, ...],
        target: int,
        max_candidates: int = 1_000_000,
        stop: Callable[[], bool] | None = None,
        switchover: int = -1,
        force_limit: int = 0,
        radix_keys: bool = False,
        flush: Callable[[bytes, int], object] | None = None,
    ) -> tuple[int, int, int, int, int, int, list[tuple[int, bytes]], int] | None: ...
