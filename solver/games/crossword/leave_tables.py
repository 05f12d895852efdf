"""Leave tables in the KLV2 format of MAGPIE and wolges: a value for each multiset of tiles.

A crossword-game engine values the tiles a move keeps (its *leave*) and adds that value to the
move's score: the move's *equity*. The engines keep those values in a KLV file: a word graph whose
"words" are the leaves, each written as its tiles sorted (the blank, tile 0, first; then the
letters, tiles 1-26), and one value per leave, in the leaves' sorted order. The layout
(little-endian throughout, no magic number, no padding)::

    u32 N           the number of word-graph nodes
    u32 node[N]     KWG nodes (the kwg backend's layout): node 0's arc is the leaves' root
    u32 M           the number of leaves
    f32 value[M]    KLV2: IEEE float32 (KLV, the first version: int16 of value * 256)

The file's name says which version it is (``.klv2``, ``.klv``; a CSV of ``leave,value`` lines is
``.csv``), never its size: a KLV2 file cut to a KLV's size would otherwise read as one, its values
wrong. Every file is checked before it is used: its size against its counts, every arc and tile,
no cycle, no tile beyond the blank and 26 letters (another alphabet's table), no leave longer
than :data:`MAX_LEAVE` tiles, every value a number of at most :data:`MAX_VALUE` points either way,
no file over :data:`MAX_FILE` bytes; a bad one is a :class:`LeaveFileError` in one line naming the
file and the byte offset (or line).

A leave's value is found by walking its sorted tiles from the root and counting the leaves that
sort before it (the word counts of the nodes passed): its *rank* indexes the values. The empty
leave and a leave the table does not hold are worth 0, as both engines take them. Values are
rounded to thousandths of a point, as both engines round them on loading. A table written here
holds every sorted prefix of every leave (worth 0 where not given), which MAGPIE's lookup counts
on.

The KWG layout and the builder of the leaves' word graph are the kwg backend's, taken through
its interface for other layers (:mod:`lexibench.structures.backends.kwg.layout`).

A table is kept as arrays of 32-bit integers, the nodes, each node's word count and the values
in millipoints, which the native move generator reads as they are: it finds a leave's value in C
by the same walk (:meth:`~.movegen.LeaveValues.take_table`). Loading runs its loops over every
node and every value in C (:mod:`.klv`, compiled on install; the same loops in Python where it is
not, with the same answers and the same messages).

Costs: :meth:`LeaveTable.value` walks one node list per tile (at most 27 siblings each), O(tiles
x 27), and remembers each leave it was asked for; loading checks every node and value and counts
the leaves below every node once, O(nodes + leaves): a full table of 914,624 English leaves
(3.7 MB, 2,209 nodes) in 3 ms here (0.15 s where the loops run in Python; 0.2 s before they
ran in C); writing builds the word graph of the leaves, O(total tiles). Reading or refusing a
file is linear in its size.
"""

from __future__ import annotations

import math
import re
import struct
import sys
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, NamedTuple

from lexibench.solver.games.tiles import LETTERS, text_tiles, tiles_text
from lexibench.structures.backends.kwg.layout import (
    ACCEPTS,
    ARC,
    IS_END,
    MAX_NODES,
    TILE_SHIFT,
    dawg_nodes,
)
from lexibench.structures.builds import compiled
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import MIB, input_format, read_input

_KLV = compiled("lexibench.solver.games.crossword.klv")
LOADER_UNAVAILABLE: str | None = _KLV.missing
"""Why the file's loops run in Python (:mod:`.klv` is not compiled), or None."""
_U32: Final = "I"
"""The array type code of the nodes and counts: unsigned 32 bits (the C side reads them so)."""
_I32: Final = "i"
"""... of the values in millipoints: signed 32 bits."""
_HELD: Final = 2**32 - 1
"""The most a node's word count is kept as (a leave count is a u32)."""

KLV2: Final = "klv2"
KLV: Final = "klv"
"""The two versions: float32 values, or the first version's int16 of 1/256 points."""
CSV: Final = "leave-csv"
"""A CSV of ``leave,value`` lines, as the engines' converters read and write them."""
RESOLUTION: Final = 1000
"""Both engines round a value to thousandths of a point on load; so does this table."""
MAX_LEAVE: Final = 15
"""The most tiles a leave holds: the largest rack a rule set may have (a leave is at most the
whole rack, kept by a pass). A longer one is refused, since a table adds every prefix of a leave."""
MAX_VALUE: Final = 1000.0
"""The most a leave may be worth, in points, either way (real tables stay within 100): a value
beyond, infinite or not a number is refused, so that every value read fits the equity
arithmetic downstream (millipoints in 32 bits, at most 2,147,483 points)."""
WHAT: Final = "leave table"
"""What a leave file is called in messages."""
#: The largest leave file read: a full table of English leaves (914,624 of up to six tiles) is
#: 3.7 MB as KLV2, 12.4 MB as CSV (read in 5 ms and 4 s here).
MAX_FILE: Final = 16 * MIB
#: Each accepted file name's suffix, to its format.
SUFFIXES: Final = {".klv2": KLV2, ".klv": KLV, ".csv": CSV}


class LeaveFileError(BadInputError):
    """A leave file that cannot be read: its name and what is wrong, in one line."""


class _CycleError(Exception):
    """The word graph loops back through ``node``."""

    def __init__(self, node: int) -> None:
        super().__init__(node)
        self.node = node


@dataclass(repr=False)
class LeaveTable:
    """The leave values of a KLV file (see the module docstring), as arrays of 32-bit integers
    (what C reads too: :meth:`~.movegen.LeaveValues.take_table`)."""

    nodes: array[int]
    """The leaves' word graph: KWG nodes (unsigned)."""
    millipoints: array[int]
    """Each leave's value in thousandths of a point (signed), in rank order."""
    counts: array[int]
    """Each node's word count: the leaves that end at or below it and its later siblings (at
    most 2**32 - 1: a larger count is only at a node no leave passes through)."""
    _memo: dict[bytes, float] = field(default_factory=dict, compare=False)

    def __repr__(self) -> str:
        return f"LeaveTable({len(self):,} leaves, {len(self.nodes):,} nodes)"

    @property
    def values(self) -> tuple[float, ...]:
        """Each leave's value in points (to 0.001), in rank order; made on each call, O(leaves)."""
        return tuple(m / RESOLUTION for m in self.millipoints)

    def __len__(self) -> int:
        return len(self.millipoints)

    def value(self, tiles: bytes) -> float:
        """The value of the leave ``tiles`` (tile numbers, any order), to 0.001 of a point; 0
        for the empty leave and a leave the table does not hold. Cost: see the module
        docstring."""
        key = bytes(sorted(tiles))
        found = self._memo.get(key)
        if found is None:
            rank = self.rank(key)
            found = 0.0 if rank is None else self.millipoints[rank] / RESOLUTION
            self._memo[key] = found
        return found

    def rank(self, tiles: bytes) -> int | None:
        """The rank of the leave ``tiles`` (sorted) among the table's leaves, or None."""
        nodes, counts = self.nodes, self.counts
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
            if len(tiles) > MAX_LEAVE:
                raise ValueError(f"a leave of {len(tiles):,} tiles; {_AT_MOST}")
            key = bytes(sorted(tiles))
            if not key or key[-1] > LETTERS:
                raise ValueError(f"not a leave of tiles 0-{LETTERS}: {list(tiles)}")
            if key in chosen:
                raise ValueError(f"leave {tiles_text(key)} given twice")
            if not -MAX_VALUE <= value <= MAX_VALUE:  # (nan too)
                raise ValueError(f"leave {tiles_text(key)}: {value_problem(value)}")
            chosen[key] = value
        for key in list(chosen):
            # its prefixes: those of one already held were added with it
            end = len(key) - 1
            while end and key[:end] not in chosen:
                chosen[key[:end]] = 0.0
                end -= 1
        leaves = sorted(chosen)
        nodes = array(_U32, dawg_nodes(leaves))
        counts = array(_U32, bytes(4 * len(nodes)))
        problem = SCANNER.nodes(nodes, counts, LETTERS)[0]
        assert not problem, problem  # the builder's graph is a good one
        scaled = [round(chosen[k] * RESOLUTION) for k in leaves]
        return cls(nodes, array(_I32, scaled), counts)

    def to_bytes(self) -> bytes:
        """The KLV2 file's bytes."""
        nodes = array(_U32, self.nodes)
        values = array("f", self.values)  # (each rounded to float32 as struct's "f" rounds)
        if sys.byteorder == "big":
            nodes.byteswap()  # pragma: no cover - written little-endian
            values.byteswap()  # pragma: no cover
        return b"".join(
            (
                struct.pack("<I", len(nodes)),
                nodes.tobytes(),
                struct.pack("<I", len(values)),
                values.tobytes(),
            )
        )

    @classmethod
    def from_bytes(cls, data: bytes, where: str = WHAT, version: str = KLV2) -> LeaveTable:
        """Read a KLV2 file's bytes (``version`` :data:`KLV`: the first version's, int16
        values); :class:`LeaveFileError` ``"{where}: at byte N: problem"`` when they are not one
        (see the module docstring). Linear in the file's size."""

        def bad(offset: int, problem: str) -> LeaveFileError:
            return LeaveFileError(f"{where}: at byte {offset:,}: {problem}")

        name, width = ("KLV2", 4) if version == KLV2 else ("KLV", 2)
        if len(data) < 4:
            raise bad(0, f"truncated ({len(data)} bytes; a {name} file starts with its node "
                      "count)")  # fmt: skip
        (count,) = struct.unpack_from("<I", data)
        if not 1 <= count <= MAX_NODES:
            raise bad(0, f"{count:,} nodes: a {name} file has from 1 to {MAX_NODES:,}")
        end = 4 + 4 * count
        if len(data) < end + 4:
            raise bad(4, f"truncated: {count:,} nodes need {end + 4:,} bytes, the file has "
                      f"{len(data):,}")  # fmt: skip
        nodes = array(_U32, data[4:end])
        if sys.byteorder == "big":
            nodes.byteswap()  # pragma: no cover - read little-endian
        (leaves,) = struct.unpack_from("<I", data, end)
        payload = len(data) - end - 4
        if payload != width * leaves:
            other_width, other_name = (2, "KLV") if version == KLV2 else (4, "KLV2")
            other = (
                f" (a {other_name} file's size: a {other_name} file is named .{other_name.lower()})"
                if payload == other_width * leaves
                else ""
            )
            kind = "float32" if version == KLV2 else "int16"
            raise bad(end, f"{leaves:,} leaves need {width * leaves:,} bytes of {kind} values "
                      f"({name}); {payload:,} follow{other}")  # fmt: skip
        counts = array(_U32, bytes(4 * count))
        problem, at, detail = SCANNER.nodes(nodes, counts, LETTERS)
        if problem == "arc":
            raise bad(4 + 4 * at, f"node {at} points past the {count:,} nodes")
        if problem == "tile":
            raise bad(4 + 4 * at, f"node {at} holds tile {detail}: not English's alphabet (the "
                      f"blank and {LETTERS} letters)")  # fmt: skip
        if problem == "last":
            raise bad(end - 4, "the last node does not end its sibling list")
        if problem == "cycle":
            raise bad(4 + 4 * at, f"the word graph has a cycle (through node {at})")
        root = nodes[0] & ARC
        held, depth = (_word_counts(nodes)[0][root] if at < 0 else at), detail
        if held != leaves:
            raise bad(end, f"the word graph holds {held:,} leaves but {leaves:,} values follow")
        if root and depth > MAX_LEAVE:
            raise bad(4 + 4 * root, f"the word graph holds leaves of {depth:,} tiles; "
                      f"{_AT_MOST}")  # fmt: skip
        millipoints = array(_I32, bytes(4 * leaves))
        wrong = SCANNER.values(data, end + 4, version == KLV2, MAX_VALUE, RESOLUTION, millipoints)
        if wrong is not None:
            index, value = wrong
            raise bad(end + 4 + 4 * index, f"leave {index:,}: {value_problem(value)}")
        return cls(nodes, millipoints, counts)


def _word_counts(nodes: Sequence[int]) -> tuple[list[int], list[int]]:
    """For every node, the leaves that end at or below it and its later siblings, and the most
    nodes on a path down from it or its later siblings (a node's arc may point backwards:
    computed depth-first with an explicit stack; a cycle is a :class:`_CycleError`)."""
    count = len(nodes)
    counts = [0] * count
    depths = [0] * count
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
                        raise _CycleError(q)
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
            depths[p] = max(1 + (depths[arc] if arc else 0), depths[following] if following else 0)
            state[p] = 2
    return counts, depths


Problem = tuple[str, int, int]
"""What :attr:`Scanner.nodes` found: ``(problem, at, detail)`` (see :func:`.klv.scan_nodes`)."""


class Scanner(NamedTuple):
    """The loops of :meth:`LeaveTable.from_bytes` over every node and every value: compiled
    (:mod:`.klv`) or their interpreted twins, with the same answers (see
    :func:`.klv.scan_nodes` and :func:`.klv.scan_values`)."""

    nodes: Callable[[array[int], array[int], int], Problem]
    values: Callable[[bytes, int, bool, float, float, array[int]], tuple[int, float] | None]


def _scan_nodes_interpreted(nodes: array[int], counts: array[int], letters: int) -> Problem:
    """:func:`.klv.scan_nodes` in Python (``held`` never -1: Python's integers hold any count)."""
    count = len(nodes)
    for index, node in enumerate(nodes):
        if (node & ARC) >= count:
            return ("arc", index, 0)
        if node >> TILE_SHIFT > letters and index:
            return ("tile", index, node >> TILE_SHIFT)
    if count > 1 and nodes[count - 1] & IS_END == 0:
        return ("last", count - 1, 0)
    try:
        found, depths = _word_counts(nodes)
    except _CycleError as exc:
        return ("cycle", exc.node, 0)
    counts[:] = array(_U32, (min(held, _HELD) for held in found))
    root = nodes[0] & ARC if count else 0
    return ("", found[root], depths[root]) if root else ("", 0, 0)


def _scan_values_interpreted(
    data: bytes, offset: int, klv2: bool, bound: float, resolution: float, out: array[int]
) -> tuple[int, float] | None:
    """:func:`.klv.scan_values` in Python."""
    raw = struct.unpack_from(f"<{len(out)}{'f' if klv2 else 'h'}", data, offset)
    for index, value in enumerate(raw):
        if not klv2:
            out[index] = round(value / 256 * resolution)
        elif -bound <= value <= bound:
            out[index] = round(value * resolution)
        else:
            return index, value
    return None


INTERPRETED: Final = Scanner(_scan_nodes_interpreted, _scan_values_interpreted)
"""The loops in Python, where :mod:`.klv` is not compiled (``LEXIBENCH_NO_COMPILE=1``)."""
COMPILED: Final = (
    Scanner(_KLV.get("scan_nodes"), _KLV.get("scan_values")) if _KLV.missing is None else None
)
"""The loops in C (:mod:`.klv`), or None where it is not compiled."""
SCANNER: Scanner = COMPILED or INTERPRETED
"""The loops :meth:`LeaveTable.from_bytes` runs: compiled where they are."""


def value_problem(value: float) -> str:
    """What is wrong with ``value`` as a leave's value (see :data:`MAX_VALUE`), or ``""``.

    >>> value_problem(12.5), value_problem(float("nan")), value_problem(-1e306)
    ('', 'value nan is not a number', 'value -1e+306 is beyond 1,000 points either way')
    """
    if math.isnan(value):
        return f"value {value} is not a number"
    if not -MAX_VALUE <= value <= MAX_VALUE:
        return f"value {value:g} is beyond {MAX_VALUE:,.0f} points either way"
    return ""


_AT_MOST: Final = f"a leave holds at most {MAX_LEAVE} tiles"


_NUMBER: Final = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?")
_HEADER: Final = re.compile(r"[A-Za-z][A-Za-z0-9_ -]{1,31}")
#: Names ``float`` reads as numbers: never a header.
_NOT_HEADERS: Final = frozenset({"nan", "inf", "infinity"})
#: The longest value read as a number (a value of more characters is refused unread).
_LONGEST: Final = 40


@input_format(CSV, WHAT, MAX_FILE, suffixes=(".csv",))
def parse_csv(data: bytes, name: str) -> LeaveTable:
    """A table from a CSV of ``leave,value`` lines (``?`` a blank; UTF-8, a byte-order mark
    and CRLF line ends accepted, blank lines passed over), as wolges' and MAGPIE's converters
    read it; a first line whose value is a name, not a number (``leave,value``), is a header,
    passed over. :class:`LeaveFileError` ``"leave table NAME: line N: problem"`` for the first
    bad line: not two fields, a leave of other characters or of more than :data:`MAX_LEAVE`
    tiles, a leave given twice (in any order), a value that is not a decimal number or is beyond
    :data:`MAX_VALUE`. Linear in the file's size."""
    where = f"{WHAT} {name}"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        at = data.count(b"\n", 0, exc.start) + 1
        raise LeaveFileError(f"{where}: line {at}: not UTF-8 text") from None
    values: dict[bytes, float] = {}
    first = True
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        header, first = first, False
        fields = line.split(",")
        if len(fields) != 2:
            raise LeaveFileError(
                f"{where}: line {number}: expected leave,value, not {len(fields):,} "
                f"{'field' if len(fields) == 1 else 'fields'}"
            )
        leave, value = fields[0].strip(), fields[1].strip()
        if header and _HEADER.fullmatch(value) and value.lower() not in _NOT_HEADERS:
            continue  # a name where a number goes: the columns' names
        try:
            values_line(values, leave, value)
        except ValueError as exc:
            raise LeaveFileError(f"{where}: line {number}: {exc}") from None
    if not values:
        raise LeaveFileError(f"{where}: no leave,value lines")
    try:
        return LeaveTable.of(values)
    except ValueError as exc:  # pragma: no cover - each line was checked
        raise LeaveFileError(f"{where}: {exc}") from None


def values_line(values: dict[bytes, float], leave: str, value: str) -> None:
    """Add one CSV line's leave and value to ``values``; ``ValueError`` saying what is wrong."""
    if len(leave) > MAX_LEAVE:
        raise ValueError(f"a leave of {len(leave):,} characters; {_AT_MOST}")
    tiles = text_tiles(leave)
    if not tiles:
        raise ValueError("an empty leave (expected leave,value)")
    key = bytes(sorted(tiles))
    if key in values:
        raise ValueError(f"leave {tiles_text(key)} given twice")
    if len(value) > _LONGEST or not _NUMBER.fullmatch(value):
        raise ValueError(f"value {_shown(value)} is not a decimal number (expected leave,value)")
    number = float(value)
    problem = value_problem(number)
    if problem:
        raise ValueError(f"leave {tiles_text(key)}: {problem}")
    values[key] = number


def _shown(text: str, limit: int = 20) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


@input_format(KLV2, WHAT, MAX_FILE, suffixes=(".klv2",))
def parse_klv2(data: bytes, name: str) -> LeaveTable:
    """A KLV2 file's table (float32 values); :class:`LeaveFileError` naming it (see
    :meth:`LeaveTable.from_bytes`)."""
    return LeaveTable.from_bytes(data, f"{WHAT} {name}", KLV2)


@input_format(KLV, WHAT, MAX_FILE, suffixes=(".klv",))
def parse_klv(data: bytes, name: str) -> LeaveTable:
    """A first-version KLV file's table (int16 values of 1/256 points); :class:`LeaveFileError`
    naming it (see :meth:`LeaveTable.from_bytes`)."""
    return LeaveTable.from_bytes(data, f"{WHAT} {name}", KLV)


_PARSERS: Final = {KLV2: parse_klv2, KLV: parse_klv, CSV: parse_csv}


def read_csv(path: Path) -> LeaveTable:
    """The table in the CSV file at ``path`` (see :func:`parse_csv`)."""
    return _read(str(path), CSV)


def write_csv(table: LeaveTable) -> str:
    """The table as ``leave,value`` lines, in rank order."""
    return "".join(f"{tiles_text(k)},{v:.3f}\n" for k, v in table.leaves().items())


def format_of(text: str) -> str:
    """The format a leave file's name gives it (see :data:`SUFFIXES`); :class:`LeaveFileError`
    when its name ends otherwise."""
    suffix = Path(text).suffix.lower()
    found = SUFFIXES.get(suffix)
    if found is None:
        ending = f"ends in {suffix!r}" if suffix else "has no extension"
        raise LeaveFileError(
            f"{WHAT} {text}: its name {ending}; a leave table is named .klv2 (KLV2, float32 "
            "values), .klv (KLV, int16) or .csv (leave,value lines)"
        )
    return found


def load(text: str) -> LeaveTable:
    """The leave table in the file ``text`` names, in the format its name gives it
    (:func:`format_of`): ``.klv2`` a KLV2 file, ``.klv`` a KLV file, ``.csv`` a CSV of
    ``leave,value`` lines; any other name is refused. Only a regular file is read (a FIFO is
    refused without waiting), at most :data:`MAX_FILE` bytes; :class:`LeaveFileError` names the
    file and the problem, in one line."""
    return _read(text, format_of(text))


def _read(text: str, version: str) -> LeaveTable:
    try:
        data = read_input(text, WHAT, MAX_FILE)
    except LeaveFileError:
        raise
    except BadInputError as exc:
        raise LeaveFileError(str(exc)) from None
    return _PARSERS[version](data, text)
