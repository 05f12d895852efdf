"""The rows of the report's tables, derived once from the typed records and sorted as numbers.

Nothing here formats: the report's sections (:mod:`benchmarks.report.sections`) and
:mod:`benchmarks.report.plots` read these rows and only render them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from lexibench.benchmarks.harness.records import (
    REFERENCE_TIER,
    Bench,
    GameRecord,
    LoadRecord,
    LookupRecord,
    Record,
    Results,
    ScalingBoardRecord,
    ScalingDictionaryRecord,
    SolveInterpretedRecord,
)
from lexibench.solver.games.boggle.board import parse_size

HEADLINE_SIZE = "4x4"
BOGGLE = "boggle"
"""The game the report's Boggle sections (the headline, the tiers, memory) read."""


@dataclass(frozen=True)
class Measured:
    """A median per unit of work (ms, or ns for look-ups) with its spread over the rounds."""

    median: float
    low: float
    high: float
    rounds: int


def _measured(bench: Bench[Record], scale: float = 1.0) -> Measured:
    t = bench.timing
    per = scale / bench.record.units
    return Measured(t.median * per, t.min * per, t.max * per, t.rounds)


@dataclass(frozen=True)
class CaseRow:
    """One backend (and tier) in one table: measured, or not run with the reason."""

    backend: str
    tier: str
    value: Measured | None
    units: int
    note: str | None
    """Why the workload was capped, or why it was not run."""
    words: int | None = None
    """Words found (the interpreted suite), or the answers' score (the games suite), over the
    round."""
    variant: str = ""

    @property
    def ran(self) -> bool:
        return self.value is not None


def full_units(rows: list[CaseRow]) -> int | None:
    """The work a round of a table's full rows did: the most puzzles (boards, classes) any row
    that ran did a round. Every row of a table runs the same seeded workload, a capped one only
    its first few, so the rows of these units did the same work, and only they rank against
    each other; None when no row ran."""
    return max((r.units for r in rows if r.value is not None), default=None)


def _order(rows: list[CaseRow]) -> list[CaseRow]:
    """Fastest first; capped rows after the full ones; rows not run last."""
    return sorted(
        rows,
        key=lambda r: (
            r.value is None,
            r.note is not None,
            r.value.median if r.value else 0.0,
            r.backend,
            r.variant,
            r.tier,
        ),
    )


def games(results: Results) -> list[str]:
    """The games the raw files have rows of, in the order they ran."""
    return list(dict.fromkeys(b.record.game for b in results.of(GameRecord)))


def game_rows(results: Results, game: str) -> dict[str, list[CaseRow]]:
    """Per workload of ``game`` (in the order they ran), ms per puzzle per structure, variant
    and tier (with the game's filter and baselines), fastest first."""
    table: dict[str, list[CaseRow]] = defaultdict(list)
    for b in results.of(GameRecord):
        r = b.record
        if r.game == game:
            table[r.workload].append(
                CaseRow(r.backend, r.tier, _measured(b, 1000), r.units, r.cap, r.score, r.variant)
            )
    for case in results.not_run_of(GameRecord):
        if case.game == game:
            table[case.workload or "?"].append(
                CaseRow(
                    case.backend, case.tier or "", None, 0, case.reason, None, case.variant or ""
                )
            )
    return {workload: _order(found) for workload, found in table.items()}


def title_of(game: str) -> str:
    """How prose names ``game`` (its declared title; its id when it is no longer registered)."""
    from lexibench.solver.games.registry import GAMES
    from lexibench.solver.games.registry import game as game_of

    return game_of(game).title if game in GAMES else game


def unit_of(results: Results, game: str) -> str:
    """What one puzzle of ``game`` is called, as its records say."""
    return next(
        (b.record.unit_name for b in results.of(GameRecord) if b.record.game == game), "puzzle"
    )


def workload_order(name: str) -> tuple[tuple[int, int], str]:
    """Boggle's workloads by board size, then name: ``4x4`` before ``4x4-dense``, before
    ``5x5``."""
    return parse_size(name.split("-", 1)[0]), name


def solve_rows(results: Results, interpreted: bool = False) -> dict[str, list[CaseRow]]:
    """Per Boggle workload (by board size, smallest first: :func:`workload_order`), ms/board per
    backend and tier, with the reference rows (``interpreted``: the search's source run by the
    interpreter)."""
    if not interpreted:
        table = game_rows(results, BOGGLE)
        return {size: table[size] for size in sorted(table, key=workload_order)}
    found: dict[str, list[CaseRow]] = defaultdict(list)
    for b in results.of(SolveInterpretedRecord):
        r = b.record
        found[r.size].append(
            CaseRow(r.backend, r.tier, _measured(b, 1000), r.units, r.cap, r.words)
        )
    for case in results.not_run_of(SolveInterpretedRecord):
        found[case.size or "?"].append(CaseRow(case.backend, case.tier or "", None, 0, case.reason))
    return {size: _order(found[size]) for size in sorted(found, key=workload_order)}


def headline_size(results: Results) -> str:
    """The board size of the headline table and the answer: 4x4 when run (or when no size was),
    else the smallest."""
    sizes = list(solve_rows(results))
    return HEADLINE_SIZE if HEADLINE_SIZE in sizes or not sizes else sizes[0]


def best_solve(results: Results, size: str) -> dict[str, CaseRow]:
    """Per backend, its fastest uncapped tier on ``size`` boards."""
    best: dict[str, CaseRow] = {}
    for row in solve_rows(results).get(size, []):
        if row.tier == REFERENCE_TIER:
            continue
        if row.value is not None and row.note is None and row.backend not in best:
            best[row.backend] = row
    return best


def per_backend(results: Results, suite: type[Record]) -> dict[str, Measured]:
    """ms per unit of a single-case suite (:class:`BuildRecord`, :class:`LoadRecord`) per
    backend."""
    return {b.record.backend: _measured(b, 1000) for b in results.of(suite)}


def serialized_bytes(results: Results) -> dict[str, int]:
    """Saved-file size per backend (from the load suite, else the memory file)."""
    sizes = {
        b.record.backend: b.record.serialized_bytes
        for b in results.of(LoadRecord)
        if b.record.serialized_bytes
    }
    if results.memory:
        for name, m in results.memory.backends.items():
            sizes.setdefault(name, m.serialized_bytes)
    return sizes


def lookup_rows(results: Results, op: str) -> tuple[list[str], dict[str, dict[str, CaseRow]]]:
    """The query sets (in run order) and per backend, query set -> ns per query."""
    sets: list[str] = []
    table: dict[str, dict[str, CaseRow]] = defaultdict(dict)
    for b in results.of(LookupRecord):
        r = b.record
        if r.op != op:
            continue
        if r.query_set not in sets:
            sets.append(r.query_set)
        table[r.backend][r.query_set] = CaseRow(r.backend, "", _measured(b, 1e9), r.units, r.cap)
    for case in results.not_run_of(LookupRecord):
        if case.op == op:
            table[case.backend][case.query_set or "?"] = CaseRow(
                case.backend, "", None, 0, case.reason
            )
    return sets, dict(table)


@dataclass(frozen=True)
class MemoryRow:
    """What a built structure takes: resident memory (median and range over fresh processes),
    tracemalloc's view, and its saved file."""

    backend: str
    rss_mib: float
    rss_low: float
    rss_high: float
    tracemalloc_mib: float
    file_mib: float | None


def memory_rows(results: Results) -> dict[str, MemoryRow]:
    """Per backend, sorted by resident memory."""
    if results.memory is None:
        return {}
    sizes = serialized_bytes(results)
    rows = []
    for name, m in results.memory.backends.items():
        size = sizes.get(name)
        rows.append(
            MemoryRow(
                name,
                m.rss_bytes_median / 2**20,
                min(m.rss_bytes_runs) / 2**20,
                max(m.rss_bytes_runs) / 2**20,
                m.tracemalloc_bytes / 2**20,
                size / 2**20 if size else None,
            )
        )
    return {r.backend: r for r in sorted(rows, key=lambda r: (r.rss_mib, r.backend))}


@dataclass(frozen=True)
class FirstAnswerRow:
    """One backend's whole process for one board, from cold."""

    backend: str
    cached_cpu_ms: float
    cached_low: float
    cached_high: float
    cached_wall_ms: float
    built_cpu_ms: float
    phases: dict[str, float]
    """CPU ms of each phase of the cached case."""


def first_answer_rows(results: Results) -> list[FirstAnswerRow]:
    """Fastest cached first answer first."""
    if results.startup is None:
        return []
    rows = [
        FirstAnswerRow(
            name,
            f.cached.cpu_median * 1000,
            min(f.cached.cpu_s) * 1000,
            max(f.cached.cpu_s) * 1000,
            f.cached.wall_median * 1000,
            f.built.cpu_median * 1000,
            {k: v * 1000 for k, v in f.phases_cached.items()},
        )
        for name, f in results.startup.backends.items()
    ]
    return sorted(rows, key=lambda r: (r.cached_cpu_ms, r.backend))


# --- scaling ----------------------------------------------------------------------------------

Series = dict[str, dict[int, float]]
"""backend -> x -> y."""


@dataclass(frozen=True)
class ScalingSeries:
    """ms/board per backend against x; words per board by x; cap notes per backend."""

    ms: Series
    words: dict[int, int]
    notes: dict[str, str]


def scaling_series(
    results: Results, suite: type[ScalingDictionaryRecord] | type[ScalingBoardRecord]
) -> ScalingSeries:
    """The dictionary-size (x: words) or board-size (x: cells) sweep."""
    ms: Series = defaultdict(dict)
    words: dict[int, int] = {}
    notes: dict[str, list[str]] = defaultdict(list)
    for b in results.of(suite):
        r = b.record
        x = r.subset_words if isinstance(r, ScalingDictionaryRecord) else _cells(r.size)
        ms[r.backend][x] = b.per_unit_ms()
        if r.cap:
            if r.cap not in notes[r.backend]:
                notes[r.backend].append(r.cap)
        else:
            words[x] = round(r.words / r.units)
    for case in results.not_run_of(suite):
        if case.reason not in notes[case.backend]:
            notes[case.backend].append(case.reason)
    return ScalingSeries(
        dict(sorted(ms.items())),
        dict(sorted(words.items())),
        {k: "; then ".join(v) for k, v in sorted(notes.items()) if v},
    )


def _cells(size: str) -> int:
    rows, cols = parse_size(size)
    return rows * cols


def fit_slope(points: dict[int, float]) -> float | None:
    """Least-squares slope of log(y) against log(x) over every point (None for fewer than two
    distinct x or a non-positive value)."""
    pairs = [(math.log(x), math.log(y)) for x, y in points.items() if x > 0 and y > 0]
    if len({x for x, _ in pairs}) < 2:
        return None
    mx = sum(x for x, _ in pairs) / len(pairs)
    my = sum(y for _, y in pairs) / len(pairs)
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    return sum((x - mx) * (y - my) for x, y in pairs) / sxx


def memory_sweep_series(results: Results) -> tuple[Series, Series]:
    """(RSS MiB, build ms) per backend against words."""
    mem: Series = defaultdict(dict)
    build: Series = defaultdict(dict)
    if results.memory_sweep:
        for words, row in results.memory_sweep.points.items():
            for name, point in row.backends.items():
                mem[name][words] = point.rss_bytes / 2**20
                build[name][words] = point.build_seconds * 1000
    return dict(sorted(mem.items())), dict(sorted(build.items()))


def structure_names(results: Results) -> list[str]:
    """Every structure the raw files name as one (the runs' backends, the memory files', the
    scaling suite's rows), sorted: the names the report's plots each give one style
    (:func:`benchmarks.report.plots.styles`), the same in every plot."""
    names = set(results.backends)
    if results.memory is not None:
        names |= set(results.memory.backends)
    if results.memory_sweep is not None:
        names |= {n for row in results.memory_sweep.points.values() for n in row.backends}
    for suite in (ScalingDictionaryRecord, ScalingBoardRecord):
        names |= {b.record.backend for b in results.of(suite)}
    return sorted(names)
