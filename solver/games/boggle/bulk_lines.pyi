"""Types of the compiled lines (bulk_lines.pyx)."""

from lexibench.structures.backends.array_trie.core import NativeCore

class BoardLines:
    q_means_qu: bool
    """The boards are in the peers' form: a letter per cell, ``q`` the Qu tile."""
    def __init__(
        self,
        core: NativeCore,
        *,
        summary: bool,
        all_paths: bool,
        min_length: int,
        max_paths: int,
        points: tuple[int, ...],
        max_cells: int,
        wordlist_json: bytes,
        lexicon_json: bytes,
        q_means_qu: bool = False,
    ) -> None: ...
    def lines(
        self, data: bytes, start: int, final: bool, limit: int, keep: bool = False
    ) -> tuple[bytes, int, int, int, bool]: ...
    def board_line(
        self, cells: tuple[str, ...], rows: int, cols: int, keep: bool = False
    ) -> bytes: ...
    def kept(self) -> memoryview: ...
    def clear(self) -> None: ...
    def __buffer__(self, flags: int) -> memoryview: ...
