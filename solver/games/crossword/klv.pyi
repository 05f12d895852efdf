"""Types of a KLV file's loops in C (solver/games/crossword/klv.pyx)."""

from array import array

from typing_extensions import Buffer

def scan_nodes(nodes: array[int], counts: array[int], letters: int) -> tuple[str, int, int]: ...
def scan_values(
    data: Buffer, offset: int, klv2: bool, bound: float, resolution: float, out: array[int]
) -> tuple[int, float] | None: ...
