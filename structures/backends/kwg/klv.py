"""Leave tables in the KLV2 format of MAGPIE and wolges: a value for each multiset of tiles.

A crossword-game engine values the tiles a move keeps (its *leave*) and adds that value to the
move's score: the move's *equity*. The engines keep those values in a KLV file: a word graph whose
"words" are the leaves, each written as its tiles sorted (the blank, tile 0, first; then the
letters, tiles 1-26), and one value per leave, in the leaves' sorted order. The layout
(little-endian throughout, no magic number, no padding)::

    u32 N           the number of word-graph nodes
    u32 node[N]     KWG nodes (see structures/README.md): node 0's arc is the leaves' root
    u32 M           the number of leaves
    f32 value[M]    KLV2: IEEE float32 (KLV, the first version: int16 of value * 256)

A leave's value is found by walking its sorted tiles from the root and counting the leaves that
sort before it (the word counts of the nodes passed): its *rank* indexes the values. The empty
leave and a leave the table does not hold are worth 0, as both engines take them.

Costs: :meth:`LeaveTable.value` walks one node list per tile (at most 26 siblings each), O(tiles
x 27), and remembers each leave it was asked for; loading counts the leaves below every node once,
O(nodes); writing builds the word graph of the leaves (:mod:`.build`), O(total tiles).
"""

from __future__ import annotations

import math
import stat
import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from lexibench.structures.backends.kwg.build import _layout, _States, _type
from lexibench.structures.backends.kwg.walk import ACCEPTS, ARC, IS_END, TILE_SHIFT

BLANK: Final = 0
"""The blank's tile; the letters A-Z are tiles 1-26."""
LETTERS: Final = 26
KLV2: Final = "klv2"
KLV: Final = "klv"
"""The two versions: float32 values, or the first version's int16 of 1/256 points."""
RESOLUTION: Final = 1000
"""Both engines round a value to thousandths of a point on load; so does this table."""


class LeaveFileError(ValueError):
    """A leave file that cannot be read: its name and what is wrong, in one line."""


@dataclass
class LeaveTable:
    """The leave values of a KLV file (see the module docstring): ``nodes`` the leaves' word
    graph, ``values`` one per leave in rank order."""

    nodes: tuple[int, ...]
    values: tuple[float, ...]
    _counts: list[int] = field(default_factory=list, repr=False)
    _memo: dict[bytes, float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._counts = _word_counts(self.nodes)

    def __len__(self) -> int:
        return len(self.values)

    def value(self, tiles: bytes) -> float:
        """The value of the leave ``tiles`` (tile numbers, any order), to 0.001 of a point; 0
        for the empty leave and a leave the table does not hold. Cost: see the module
        docstring."""
        key = bytes(sorted(tiles))
        found = self._memo.get(key)
        if found is None:
            rank = self.rank(key)
            found = 0.0 if rank is None else self.values[rank]
            self._memo[key] = found
        return found

    def rank(self, tiles: bytes) -> int | None:
        """The rank of the leave ``tiles`` (sorted) among the table's leaves, or None."""
        nodes, counts = self.nodes, self._counts
        if not tiles:
            return None
        p = nodes[0] & ARC
        rank = 0
        last = len(tiles) - 1
        for k, tile in enumerate(tiles):
            if p == 0:
                return None
            rank += counts[p]
            while nodes[p] >> TILE_SHIFT != tile:
                if nodes[p] & IS_END:
                    return None
                p += 1
            rank -= counts[p]
            if k == last:
                return rank if nodes[p] & ACCEPTS else None
            rank += 1 if nodes[p] & ACCEPTS else 0
            p = nodes[p] & ARC
        return None  # pragma: no cover - the loop returns at the last tile

    def leaves(self) -> dict[bytes, float]:
        """Every leave (its sorted tiles) and its value, in rank order."""
        out: dict[bytes, float] = {}
        values = iter(self.values)

        def walk(p: int, prefix: bytes) -> None:
            while p:
                node = self.nodes[p]
                here = prefix + bytes([node >> TILE_SHIFT])
                if node & ACCEPTS:
                    out[here] = next(values)
                walk(node & ARC, here)
                p = 0 if node & IS_END else p + 1

        walk(self.nodes[0] & ARC, b"")
        return out

    @classmethod
    def of(cls, values: Mapping[bytes, float]) -> LeaveTable:
        """The table of ``values`` (each leave's tiles, any order, to its value). Every sorted
        prefix of a leave is held too (worth 0 where not given): MAGPIE's lookup counts on it."""
        chosen: dict[bytes, float] = {}
        for tiles, value in values.items():
            key = bytes(sorted(tiles))
            if not key or any(t > LETTERS for t in key):
                raise ValueError(f"not a leave of tiles 0-{LETTERS}: {list(tiles)}")
            if key in chosen:
                raise ValueError(f"leave {leave_text(key)} given twice")
            if not math.isfinite(value):
                raise ValueError(f"leave {leave_text(key)}: value {value} is not a number")
            chosen[key] = value
        for key in list(chosen):
            for end in range(1, len(key)):
                chosen.setdefault(key[:end], 0.0)
        leaves = sorted(chosen)
        states = _States()
        root = _type(states, leaves, None)
        nodes = tuple(_layout(states, root, 0)) if leaves else (IS_END, IS_END)
        return cls(nodes, tuple(_rounded(chosen[leave]) for leave in leaves))

    def to_bytes(self) -> bytes:
        """The KLV2 file's bytes."""
        return b"".join(
            (
                struct.pack(f"<I{len(self.nodes)}I", len(self.nodes), *self.nodes),
                struct.pack(f"<I{len(self.values)}f", len(self.values), *self.values),
            )
        )

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "leave file") -> LeaveTable:
        """Read a KLV2 (or first-version KLV) file's bytes; :class:`LeaveFileError` naming
        ``name``, the offset and the problem when they are not one."""

        def bad(offset: int, problem: str) -> LeaveFileError:
            return LeaveFileError(f"{name}: at byte {offset:,}: {problem}")

        if len(data) < 4:
            raise bad(0, f"truncated ({len(data)} bytes; a KLV file starts with its node count)")
        (count,) = struct.unpack_from("<I", data)
        end = 4 + 4 * count
        if count < 1 or len(data) < end + 4:
            raise bad(4, f"truncated: {count:,} nodes need {end + 4:,} bytes, the file has "
                      f"{len(data):,}")  # fmt: skip
        nodes = struct.unpack_from(f"<{count}I", data, 4)
        (leaves,) = struct.unpack_from("<I", data, end)
        payload = len(data) - end - 4
        if payload == 4 * leaves:
            values = tuple(_rounded(v) for v in struct.unpack_from(f"<{leaves}f", data, end + 4))
        elif payload == 2 * leaves:
            raw = struct.unpack_from(f"<{leaves}h", data, end + 4)
            values = tuple(_rounded(v / 256) for v in raw)
        else:
            raise bad(end, f"{leaves:,} leaves need {4 * leaves:,} bytes of float32 values "
                      f"(KLV2) or {2 * leaves:,} of int16 (KLV); {payload:,} follow")  # fmt: skip
        for index, node in enumerate(nodes):
            if (node & ARC) >= count:
                raise bad(4 + 4 * index, f"node {index} points past the {count:,} nodes")
            if node >> TILE_SHIFT > LETTERS and index:
                raise bad(4 + 4 * index, f"node {index} holds tile {node >> TILE_SHIFT}: not "
                          f"English's alphabet (the blank and {LETTERS} letters)")  # fmt: skip
        if count > 1 and nodes[count - 1] & IS_END == 0:
            raise bad(end - 4, "the last node does not end its sibling list")
        table = cls(nodes, values)
        held = table._counts[nodes[0] & ARC] if nodes[0] & ARC else 0
        if held != leaves:
            raise bad(end, f"the word graph holds {held:,} leaves but {leaves:,} values follow")
        return table


def _word_counts(nodes: tuple[int, ...]) -> list[int]:
    """For every node, the leaves that end at or below it and its later siblings (a node's arc
    may point backwards: computed depth-first with an explicit stack; a cycle is an error)."""
    count = len(nodes)
    counts = [0] * count
    state = bytearray(count)  # 0 not seen, 1 its successors pending, 2 counted
    for start in range(count):
        if state[start]:
            continue
        stack = [start]
        while stack:
            p = stack[-1]
            node = nodes[p]
            arc = node & ARC
            following = p + 1 if not node & IS_END and p + 1 < count else 0
            if state[p] == 0:
                state[p] = 1
                for q in (arc, following):
                    if q and state[q] == 1:
                        raise LeaveFileError("the word graph has a cycle")
                    if q and state[q] == 0:
                        stack.append(q)
                continue
            stack.pop()
            if state[p] == 2:
                continue
            counts[p] = (
                (1 if node & ACCEPTS else 0)
                + (counts[arc] if arc else 0)
                + (counts[following] if following else 0)
            )
            state[p] = 2
    return counts


def _rounded(value: float) -> float:
    return round(value * RESOLUTION) / RESOLUTION


def leave_text(tiles: Iterable[int]) -> str:
    """A leave as the engines write it: letters in upper case, ``?`` for a blank.

    >>> leave_text([1, 5, 17, 0])
    'AEQ?'
    """
    return "".join("?" if t == BLANK else chr(64 + t) for t in tiles)


def leave_tiles(text: str) -> bytes:
    """The tiles of a leave written as the engines write it (``?`` a blank; any case)."""
    out = bytearray()
    for ch in text.strip():
        if ch == "?":
            out.append(BLANK)
        elif ch.isascii() and ch.isalpha():
            out.append(ord(ch.upper()) - 64)
        else:
            raise ValueError(f"{ch!r} is not a tile (A-Z, or ? for a blank)")
    return bytes(out)


def read_csv(path: Path) -> LeaveTable:
    """A table from a CSV of ``leave,value`` lines (``?`` a blank), as wolges' and MAGPIE's
    converters read it; :class:`LeaveFileError` naming the line and the problem."""
    values: dict[bytes, float] = {}
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                leave, value = line.split(",")
                tiles = leave_tiles(leave)
                if not tiles:
                    raise ValueError("an empty leave")
                key = bytes(sorted(tiles))
                if key in values:
                    raise ValueError(f"leave {leave_text(key)} given twice")
                values[key] = float(value)
            except ValueError as exc:
                raise LeaveFileError(f"{path}: line {number}: {exc}") from None
    try:
        return LeaveTable.of(values)
    except ValueError as exc:
        raise LeaveFileError(f"{path}: {exc}") from None


def write_csv(table: LeaveTable) -> str:
    """The table as ``leave,value`` lines, in rank order."""
    return "".join(f"{leave_text(k)},{v:.3f}\n" for k, v in table.leaves().items())


#: The largest leave file read (a full table of English leaves is under 4 MB).
MAX_FILE: Final = 64 << 20


def load(text: str) -> LeaveTable:
    """The leave table in the file ``text`` names: a CSV of ``leave,value`` lines where its name
    ends in ``.csv``, else a KLV2 (or KLV) file. Only a regular file is read;
    :class:`LeaveFileError` names the file and the problem, in one line."""
    path = Path(text)
    try:
        info = path.stat()
    except OSError as exc:
        raise LeaveFileError(f"{text}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise LeaveFileError(f"{text}: not a regular file")
    if info.st_size > MAX_FILE:
        raise LeaveFileError(f"{text}: {info.st_size:,} bytes, more than a leave file holds")
    try:
        if path.suffix.lower() == ".csv":
            return read_csv(path)
        return LeaveTable.from_bytes(path.read_bytes(), text)
    except UnicodeDecodeError as exc:
        raise LeaveFileError(f"{text}: not UTF-8 text (byte {exc.start:,})") from None
    except OSError as exc:
        raise LeaveFileError(f"{text}: {exc.strerror or exc}") from None
