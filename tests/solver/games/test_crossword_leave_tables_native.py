"""Leave tables in C (issue 57): a file's loops compiled (:mod:`.klv`) and interpreted give the
same tables and the same refusals, and the native generator's lookup of a table
(:meth:`~.movegen.LeaveValues.take_table`) gives :meth:`LeaveTable.value` on every leave.

A real table is checked too where one is at hand, never required: the KLV2 files
``LEXIBENCH_KLV2`` names (separated as ``PATH`` is), or MAGPIE-DATA's ``NWL23.klv2`` in the
MAGPIE folder ``LEXIBENCH_MAGPIE`` names (at its root or in ``data/lexica``)."""

from __future__ import annotations

import os
import random
import struct
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from lexibench.solver.games.crossword import leave_tables
from lexibench.solver.games.crossword.equity import LeaveMemo
from lexibench.solver.games.crossword.leave_tables import (
    KLV,
    KLV2,
    LeaveFileError,
    LeaveTable,
    Scanner,
    value_problem,
)
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, LeaveValues
from lexibench.solver.games.tiles import tiles_text
from lexibench.structures.backends.kwg.layout import ACCEPTS, IS_END
from tests.solver.games.test_crossword_leave_tables import _corrupt

needs_native = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="not compiled")
SCANNERS = {"compiled": leave_tables.COMPILED, "interpreted": leave_tables.INTERPRETED}


def _scanners() -> list[Any]:
    return [
        pytest.param(
            name,
            marks=pytest.mark.skipif(scanner is None, reason=str(leave_tables.LOADER_UNAVAILABLE)),
        )
        for name, scanner in SCANNERS.items()
    ]


def _read(scanner: Scanner | None, data: bytes, version: str = KLV2) -> LeaveTable | str:
    """The table ``scanner``'s loops read from ``data``, or the message refusing it."""
    assert scanner is not None
    chosen, leave_tables.SCANNER = leave_tables.SCANNER, scanner
    try:
        return LeaveTable.from_bytes(data, "t", version)
    except LeaveFileError as exc:
        return str(exc)
    finally:
        leave_tables.SCANNER = chosen


def _both(data: bytes, version: str = KLV2) -> LeaveTable | str:
    """What either build reads from ``data`` (the same: checked), where both are here."""
    found = [_read(s, data, version) for s in SCANNERS.values() if s is not None]
    assert all(answer == found[0] for answer in found), found
    return found[0]


def _random_table(seed: int, size: int) -> LeaveTable:
    """``size`` random leaves of 1-7 tiles (with their prefixes), values on and beside the half
    millipoint, the bounds among them."""
    rng = random.Random(seed)
    values: dict[bytes, float] = {}
    while len(values) < size:
        leave = bytes(sorted(rng.randrange(27) for _ in range(rng.randint(1, 7))))
        values[leave] = rng.choice([rng.randint(-40_000, 40_000) / 1000 + 0.0005,
                                    rng.uniform(-100, 100), 1000.0, -1000.0])  # fmt: skip
    return LeaveTable.of(values)


def _klv(table: LeaveTable) -> bytes:
    """The table as a first-version KLV file (int16 values of 1/256 points)."""
    nodes = struct.pack(f"<I{len(table.nodes)}I", len(table.nodes), *table.nodes)
    values = [max(-32768, min(32767, round(v * 256))) for v in table.values]
    return nodes + struct.pack(f"<I{len(values)}h", len(values), *values)


@pytest.mark.parametrize("seed", range(4))
def test_both_builds_read_the_same_table(seed: int) -> None:
    table = _random_table(seed, 300)
    read = _both(table.to_bytes())
    assert isinstance(read, LeaveTable)
    assert read == table
    assert read.leaves() == table.leaves()
    first = _both(_klv(table), KLV)
    assert isinstance(first, LeaveTable)
    assert first.nodes == table.nodes
    assert first.counts == table.counts


@pytest.mark.parametrize("name", _scanners())
@pytest.mark.parametrize("case", list(_corrupt()))
def test_each_build_refuses_a_malformed_file_alike(name: str, case: str) -> None:
    data, problem = _corrupt()[case]
    found = _read(SCANNERS[name], data)
    assert isinstance(found, str)
    assert problem in found
    assert found == _read(leave_tables.INTERPRETED, data)


def _doubling(levels: int) -> list[int]:
    """A graph whose leaves double at every level (two siblings pointing at the same next
    list): 2**(levels + 1) - 2 leaves, more than 64 bits count for 64 levels."""
    nodes = [IS_END | 1]
    for level in range(levels):
        after = 1 + 2 * (level + 1) if level + 1 < levels else 0
        nodes += [(1 << 24) | ACCEPTS | after, (2 << 24) | ACCEPTS | IS_END | after]
    return nodes


@pytest.mark.parametrize("levels", [3, 31, 32, 64, 70])
def test_a_count_past_every_integer_width_is_told_exactly(levels: int) -> None:
    """A graph counting more leaves than 32 or 64 bits hold: refused with its exact count (the
    compiled loops saturate; the message counts again in Python)."""
    nodes = _doubling(levels)
    data = struct.pack(f"<I{len(nodes)}II1f", len(nodes), *nodes, 1, 1.0)
    found = _both(data)
    assert isinstance(found, str)
    assert f"holds {2 ** (levels + 1) - 2:,} leaves but 1 values follow" in found


def test_every_problem_is_found_in_the_same_order() -> None:
    """Several problems in one file: both builds name the first the checks meet (an arc before a
    tile before the list's end before a cycle, a count before a depth before a value)."""
    good = [IS_END | 1, (1 << 24) | ACCEPTS | IS_END]
    cases = {
        "points past": [IS_END | 1, (40 << 24) | ACCEPTS | 9],
        "not English's alphabet": [IS_END | 1, (40 << 24) | ACCEPTS | 1],
        "does not end its sibling list": [IS_END | 1, (1 << 24) | ACCEPTS | 1],
        "cycle": [IS_END | 1, (1 << 24) | ACCEPTS | IS_END | 1],
    }
    for problem, nodes in cases.items():
        found = _both(struct.pack(f"<I{len(nodes)}II1f", len(nodes), *nodes, 1, 1.0))
        assert isinstance(found, str)
        assert problem in found
    chain = [IS_END | 1] + [(5 << 24) | IS_END | (i + 2) for i in range(15)]
    chain.append((5 << 24) | IS_END | ACCEPTS)
    found = _both(struct.pack(f"<I{len(chain)}II1f", len(chain), *chain, 1, float("nan")))
    assert isinstance(found, str)
    assert "at byte 8: the word graph holds leaves of 16 tiles" in found
    for value in (float("nan"), -1000.5, float("inf")):
        found = _both(struct.pack("<I2II1f", 2, *good, 1, value))
        assert found == f"t: at byte 16: leave 0: {value_problem(value)}"


def _asked(table: LeaveTable, seed: int) -> Iterator[bytes]:
    """Every leave of ``table``, and the parts of random racks (mostly leaves it does not
    hold), and the empty leave."""
    yield from table.leaves()
    yield b""
    rng = random.Random(seed)
    for _ in range(200):
        rack = bytes(sorted(rng.randrange(27) for _ in range(7)))
        for size in range(1, 8):
            for picked in combinations(rack, size):
                yield bytes(picked)


def _in_c(table: LeaveTable) -> Any:
    native = LeaveValues(table.value, None, True)
    native.take_table(table.nodes, table.counts, table.millipoints)
    assert native.computed
    assert native.exact
    return native


def _check_lookup(table: LeaveTable, asked: Iterator[bytes]) -> int:
    """C's value of each leave ``asked`` is the table's: by its rank for the tiles as they come
    (C is handed them sorted; a hostile graph may hold others), by :meth:`LeaveTable.value` for
    them sorted. Python is never asked."""
    native = _in_c(table)
    checked = 0
    for tiles in asked:
        rank = table.rank(tiles)
        assert native.millipoints(tiles) == (0 if rank is None else table.millipoints[rank])
        key = bytes(sorted(tiles))
        assert native.millipoints(key) == round(table.value(key) * 1000), list(key)
        checked += 1
    assert len(native) == 0  # nothing asked of Python
    return checked


@needs_native
@pytest.mark.parametrize("seed", range(3))
def test_the_lookup_in_c_is_the_table_s_value(seed: int) -> None:
    table = _random_table(seed, 3000)
    assert _check_lookup(table, _asked(table, seed)) > len(table)
    assert _check_lookup(LeaveTable.from_bytes(table.to_bytes()), _asked(table, seed))


@needs_native
def test_the_lookup_in_c_walks_any_graph_as_the_table_does() -> None:
    """Graphs no writer makes but a file may hold: MAGPIE's layout (a dummy node 1), siblings out
    of order and a tile twice in one list (the first found counts, as in LeaveTable.rank), a
    list shared by two parents."""
    shared = [
        IS_END | 2,
        IS_END,
        (3 << 24) | ACCEPTS | 5,  # C, its children at 5
        (1 << 24) | ACCEPTS | 5,  # A, the same children
        (3 << 24) | ACCEPTS | IS_END,  # C again: never reached
        (4 << 24) | ACCEPTS,  # CD and AD
        (2 << 24) | ACCEPTS | IS_END,  # CB (out of order) and AB
    ]
    data = struct.pack(f"<I{len(shared)}II7f", len(shared), *shared, 7, *range(1, 8))
    table = LeaveTable.from_bytes(data)
    asked = [bytes([a, b]) for a in range(6) for b in range(6)] + [bytes([t]) for t in range(6)]
    _check_lookup(table, iter(asked))
    held = {bytes(sorted(tiles)) for tiles in asked if table.value(tiles)}
    values = {tiles_text(tiles): table.value(tiles) for tiles in held}
    assert values == {"C": 1.0, "CD": 2.0, "A": 4.0, "AD": 5.0, "AB": 6.0}


@needs_native
def test_a_table_that_does_not_hold_together_is_refused_by_c() -> None:
    table = _random_table(0, 50)
    native = LeaveValues(table.value, None, True)
    with pytest.raises(ValueError, match="one for each of its nodes"):
        native.take_table(table.nodes, table.counts[:-1], table.millipoints)
    past = table.nodes[:]
    past[1] = past[1] | (len(past) + 3)
    with pytest.raises(ValueError, match="points past its"):
        native.take_table(past, table.counts, table.millipoints)
    open_end = table.nodes[:]
    open_end[-1] &= ~IS_END
    with pytest.raises(ValueError, match="does not end its sibling list"):
        native.take_table(open_end, table.counts, table.millipoints)
    assert not native.computed
    native.take_table(table.nodes, table.counts, table.millipoints[:1])  # values cut short
    last = max(table.leaves())
    with pytest.raises(ValueError, match="ranked past the table's values"):
        native.millipoints(last)


@needs_native
def test_a_memo_of_a_table_finds_its_values_in_c() -> None:
    """LeaveMemo hands a LeaveTable to C: the search and the memo's own values come from the
    lookup there, none from the table in Python."""
    from lexibench import structures
    from lexibench.solver.games.crossword.equity import by_equity, top_by_equity
    from lexibench.solver.games.crossword.solve import MoveGenerator
    from lexibench.solver.games.crossword.workload import positions
    from lexibench.solver.tiers import Tier
    from tests.solver.games.test_crossword_moves import sample_words

    table = _random_table(5, 2000)
    words = sample_words()
    generator = MoveGenerator(structures.build_lexicon("kwg", words), Tier.NATIVE, "words")

    class Watched(LeaveTable):
        asked = 0

        def value(self, tiles: bytes) -> float:
            Watched.asked += 1
            return super().value(tiles)

    watched = Watched(table.nodes, table.millipoints, table.counts)
    memo = LeaveMemo(watched)
    native = memo.for_native(generator)
    assert native.computed
    for position in positions("mid", 3, 8, words):
        found = top_by_equity(generator, position, watched, 3, memo)
        assert found == by_equity(generator(position), table)[:3]  # valued in Python
    assert Watched.asked == 0
    leave = max(table.leaves())
    assert memo.value(leave) == table.value(leave)
    assert Watched.asked == 0


def _real_tables() -> list[Path]:
    named = [Path(p) for p in os.environ.get("LEXIBENCH_KLV2", "").split(os.pathsep) if p]
    magpie = os.environ.get("LEXIBENCH_MAGPIE")
    if magpie:
        named += [Path(magpie) / "NWL23.klv2", Path(magpie) / "data" / "lexica" / "NWL23.klv2"]
    return [path for path in named if path.is_file()]


@needs_native
def test_a_real_table_is_read_and_looked_up_alike() -> None:
    """MAGPIE-DATA's NWL23.klv2 (914,624 leaves) where one is at hand: both builds read the same
    table, and C finds every leave's value as the table does."""
    found = _real_tables()
    if not found:
        pytest.skip("no real KLV2 table here (set LEXIBENCH_KLV2 or LEXIBENCH_MAGPIE)")
    for path in found:
        table = _both(path.read_bytes())
        assert isinstance(table, LeaveTable)
        assert _check_lookup(table, _asked(table, 1)) > len(table)
