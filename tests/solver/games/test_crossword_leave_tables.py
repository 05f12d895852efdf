"""Leave tables (KLV2): a value per leave, found by its rank in the leaves' word graph; written
and read back; the first version's int16 values; every malformed file refused in one line."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.games.crossword.leave_tables import (
    KLV,
    LeaveFileError,
    LeaveTable,
    load,
    read_csv,
    write_csv,
)
from lexibench.solver.games.tiles import text_tiles, tiles_text
from lexibench.structures.backends.kwg.layout import ACCEPTS, IS_END

LEAVES = {"?": 25.5, "?A": 20.25, "AAB": 4.0, "?AAB": 3.0, "Q": -7.5, "QU": 0.75, "S": 8.125}


def _table() -> LeaveTable:
    return LeaveTable.of({text_tiles(k): v for k, v in LEAVES.items()})


def test_each_leave_has_its_value_in_any_order_and_others_are_worth_nothing() -> None:
    table = _table()
    for leave, value in LEAVES.items():
        assert table.value(text_tiles(leave)) == value
        assert table.value(text_tiles(leave)[::-1]) == value
    assert table.value(b"") == 0.0
    assert table.value(text_tiles("QQ")) == 0.0
    assert table.value(text_tiles("ZZZZZZ")) == 0.0


def test_prefixes_are_held_so_that_every_rank_is_a_sorted_position() -> None:
    """The leaves' ranks are their places in sorted order, prefixes included (worth 0): the
    order MAGPIE's and wolges' lookups count in."""
    table = _table()
    leaves = list(table.leaves())
    assert leaves == sorted(leaves)
    assert {tiles_text(k) for k in leaves} == {*LEAVES, "?AA", "AA", "A", "Q"}
    assert [table.rank(k) for k in leaves] == list(range(len(leaves)))
    assert table.value(text_tiles("AA")) == 0.0


def test_the_file_is_the_engines_layout() -> None:
    """Node count, nodes, leave count, float32 values, little-endian; node 0 points at the
    leaves' root."""
    table = LeaveTable.of({text_tiles("A"): 1.5, text_tiles("B"): -2.0})
    data = table.to_bytes()
    (count,) = struct.unpack_from("<I", data)
    nodes = struct.unpack_from(f"<{count}I", data, 4)
    assert struct.unpack_from("<I2f", data, 4 + 4 * count) == (2, 1.5, -2.0)
    root = nodes[0] & 0x3FFFFF
    assert [n >> 24 for n in nodes[root : root + 2]] == [1, 2]
    assert nodes[root] & ACCEPTS
    assert nodes[root + 1] & (ACCEPTS | IS_END) == ACCEPTS | IS_END
    assert LeaveTable.from_bytes(data).leaves() == table.leaves()


def test_a_hand_made_graph_is_read() -> None:
    """A graph laid out the way MAGPIE writes one (a dummy node 1, the root list at 2), the
    leaves ``?``, ``?A`` and ``A``."""
    nodes = [
        IS_END | 2,  # node 0: the root list starts at 2
        IS_END,  # node 1: MAGPIE's unused GADDAG pointer
        ACCEPTS | 4,  # "?", its children at 4
        (1 << 24) | ACCEPTS | IS_END,  # "A", the root list's last
        (1 << 24) | ACCEPTS | IS_END,  # "?A"
    ]
    data = struct.pack("<I5II3f", 5, *nodes, 3, 1.0, 2.0, 3.0)
    table = LeaveTable.from_bytes(data)
    assert {tiles_text(k): v for k, v in table.leaves().items()} == {"?": 1.0, "?A": 2.0, "A": 3.0}
    assert table.value(text_tiles("A?")) == 2.0


def test_the_first_version_holds_int16_of_a_256th() -> None:
    table = _table()
    count = len(table.nodes)
    data = struct.pack(f"<I{count}II", count, *table.nodes, len(table))
    data += struct.pack(f"<{len(table)}h", *(round(v * 256) for v in table.values))
    assert LeaveTable.from_bytes(data, version=KLV).leaves() == table.leaves()


def test_csv_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "leaves.csv"
    path.write_text("".join(f"{k.lower()},{v}\n" for k, v in LEAVES.items()))
    table = read_csv(path)
    assert table.leaves() == _table().leaves()
    path.write_text(write_csv(table))
    assert read_csv(path).leaves() == table.leaves()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("A,1\nA1,2\n", "line 2: '1' is not a tile"),
        ("A,1\nA,2\n", "line 2: leave A given twice"),
        ("BA,1\nAB,2\n", "line 2: leave AB given twice"),
        ("A,1\nB,x\n", "line 2: value 'x' is not a decimal number"),
        (",1\n", "line 1: an empty leave"),
        ("A;1\n", "line 1: expected leave,value, not 1 field"),
        ("A,nan\n", "line 1: value 'nan' is not a decimal number"),
    ],
)
def test_bad_csv_lines_are_named(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(LeaveFileError, match=problem) as caught:
        load(str(path))
    assert "\n" not in str(caught.value)
    assert str(path) in str(caught.value)


def _corrupt() -> dict[str, tuple[bytes, str]]:
    good = _table().to_bytes()
    count = struct.unpack_from("<I", good)[0]
    end = 4 + 4 * count
    past = bytearray(good)
    struct.pack_into("<I", past, 8, count + 5)
    alphabet = bytearray(good)
    struct.pack_into("<I", alphabet, 12, struct.unpack_from("<I", good, 12)[0] | 40 << 24)
    miscount = bytearray(good)
    struct.pack_into("<I", miscount, end, len(_table()) - 1)
    return {
        "empty": (b"", "truncated"),
        "nodes cut": (good[:20], "truncated"),
        "values cut": (good[:-3], "need"),
        "arc past the nodes": (bytes(past), "points past"),
        "another alphabet": (bytes(alphabet), "not English's alphabet"),
        "values for fewer leaves": (bytes(miscount[:-4]), "holds 10 leaves but 9 values"),
        "a cycle": (struct.pack("<I3II1f", 3, IS_END | 1, (1 << 24) | ACCEPTS | IS_END | 2,
                                (2 << 24) | ACCEPTS | IS_END | 1, 1, 0.0), "cycle"),
    }  # fmt: skip


@pytest.mark.parametrize("case", list(_corrupt()))
def test_a_malformed_file_is_refused_in_one_line(tmp_path: Path, case: str) -> None:
    data, problem = _corrupt()[case]
    path = tmp_path / "bad.klv2"
    path.write_bytes(data)
    with pytest.raises(LeaveFileError, match=problem) as caught:
        load(str(path))
    assert "\n" not in str(caught.value)


def test_only_a_regular_file_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "folder.klv2"
    folder.mkdir()
    with pytest.raises(LeaveFileError, match="it is a directory, not a regular file"):
        load(str(folder))
    fifo = tmp_path / "fifo.klv2"
    os.mkfifo(fifo)
    with pytest.raises(LeaveFileError, match="it is a FIFO, not a regular file"):  # no hang
        load(str(fifo))
    with pytest.raises(LeaveFileError, match="no such file"):
        load(str(tmp_path / "missing.klv2"))


leave_strategy = st.lists(st.integers(0, 26), min_size=1, max_size=7).map(
    lambda t: bytes(sorted(t))
)


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        leave_strategy, st.integers(-40_000, 40_000).map(lambda v: v / 1000), max_size=60
    )
)
def test_any_table_reads_back_every_value(values: dict[bytes, float]) -> None:
    table = LeaveTable.from_bytes(LeaveTable.of(values).to_bytes())
    for leave, value in values.items():
        assert table.value(leave[::-1]) == pytest.approx(value, abs=5e-4)
    ranks = [table.rank(k) for k in table.leaves()]
    assert ranks == list(range(len(table)))
