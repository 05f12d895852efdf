"""The rows of the report's tables, derived once from the typed records and sorted as numbers.

Nothing here formats: :mod:`benchmarks.report.build`, :mod:`benchmarks.report.scaling`,
:mod:`benchmarks.report.answer` and :mod:`benchmarks.report.plots` read these rows and only render
them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from lexibench.benchmarks.harness.records import Bench, Results
from lexibench.solver.games.boggle.board import parse_size

REFERENCE = "plain-python"
"""The solve tables' row of the plain-Python reference solver
(benchmarks.baselines.reference_solver)."""
REFERENCE_MODE = "reference"
"""Its mode: it is no backend, and never a candidate answer."""


@dataclass(frozen=True)
class Measured:
    """A median per unit of work (ms, or ns for look-ups) with its spread over the rounds."""

    median: float
    low: float
    high: float
    rounds: int


def _measured(bench: Bench, scale: float = 1.0) -> Measured:
    t = bench.timing
    per = scale / bench.units
    return Measured(t.median * per, t.min * per, t.max * per, t.rounds)


@dataclass(frozen=True)
class CaseRow:
    """One backend (and mode) in one table: measured, or not run with the reason."""

    backend: str
    mode: str
    value: Measured | None
    units: int
    note: str | None
    """Why the workload was capped, or why it was not run."""
    words: int | None = None

    @property
    def ran(self) -> bool:
        return self.value is not None


def _order(rows: list[CaseRow]) -> list[CaseRow]:
    """Fastest first; capped rows after the full ones; rows not run last."""
    return sorted(
        rows,
        key=lambda r: (
            r.value is None,
            r.note is not None,
            r.value.median if r.value else 0.0,
            r.backend,
            r.mode,
        ),
    )


def solve_rows(results: Results, suite: str = "solve") -> dict[str, list[CaseRow]]:
    """Per board size (smallest first), ms/board per backend and mode."""
    table: dict[str, list[CaseRow]] = defaultdict(list)
    for b in results.suite(suite):
        table[b.size or "?"].append(
            CaseRow(b.backend, b.mode or "", _measured(b, 1000), b.units, b.cap, b.words)
        )
    for case in results.not_run:
        if case.suite == suite:
            table[case.size or "?"].append(
                CaseRow(case.backend, case.mode or "", None, 0, case.reason)
            )
    return {size: _order(table[size]) for size in sorted(table, key=parse_size)}


def best_solve(results: Results, size: str) -> dict[str, CaseRow]:
    """Per backend, its fastest uncapped mode on ``size`` boards."""
    best: dict[str, CaseRow] = {}
    for row in solve_rows(results).get(size, []):
        if row.mode == REFERENCE_MODE:
            continue
        if row.value is not None and row.note is None and row.backend not in best:
            best[row.backend] = row
    return best


def per_backend(results: Results, suite: str) -> dict[str, Measured]:
    """ms per unit of a single-case suite (``build``, ``load``) per backend."""
    return {b.backend: _measured(b, 1000) for b in results.suite(suite)}


def serialized_bytes(results: Results) -> dict[str, int]:
    """Saved-file size per backend (from the load suite, else the memory file)."""
    sizes = {b.backend: b.serialized_bytes for b in results.suite("load") if b.serialized_bytes}
    if results.memory:
        for name, m in results.memory.backends.items():
            sizes.setdefault(name, m.serialized_bytes)
    return sizes


def lookup_rows(results: Results, op: str) -> tuple[list[str], dict[str, dict[str, CaseRow]]]:
    """The query sets (in run order) and per backend, query set -> ns per query."""
    sets: list[str] = []
    table: dict[str, dict[str, CaseRow]] = defaultdict(dict)
    for b in results.suite("lookup"):
        if b.op != op:
            continue
        qs = b.query_set or "?"
        if qs not in sets:
            sets.append(qs)
        table[b.backend][qs] = CaseRow(b.backend, "", _measured(b, 1e9), b.units, b.cap)
    for case in results.not_run:
        if case.suite == "lookup" and case.op == op:
            table[case.backend][case.query_set or "?"] = CaseRow(
                case.backend, "", None, 0, case.reason
            )
    return sets, dict(table)


def letterboxed_rows(results: Results) -> list[CaseRow]:
    """ms per puzzle per backend."""
    rows = [
        CaseRow(b.backend, "", _measured(b, 1000), b.units, b.cap, b.words)
        for b in results.suite("letterboxed")
    ]
    rows += [
        CaseRow(c.backend, "", None, 0, c.reason)
        for c in results.not_run
        if c.suite == "letterboxed"
    ]
    return _order(rows)


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


def scaling_series(results: Results, suite: str) -> ScalingSeries:
    """The dictionary-size (x: words) or board-size (x: cells) sweep."""
    ms: Series = defaultdict(dict)
    words: dict[int, int] = {}
    notes: dict[str, list[str]] = defaultdict(list)
    for b in results.suite(suite):
        x = (b.subset_words or 0) if suite == "scaling-dictionary" else _cells(b.size)
        ms[b.backend][x] = b.per_unit_ms()
        if b.cap:
            if b.cap not in notes[b.backend]:
                notes[b.backend].append(b.cap)
        elif b.words is not None:
            words[x] = round(b.words / b.units)
    for case in results.not_run:
        if case.suite == suite and case.reason not in notes[case.backend]:
            notes[case.backend].append(case.reason)
    return ScalingSeries(
        dict(sorted(ms.items())),
        dict(sorted(words.items())),
        {k: "; then ".join(v) for k, v in sorted(notes.items()) if v},
    )


def _cells(size: str | None) -> int:
    rows, cols = parse_size(size or "1x1")
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
            for name, point in row.items():
                mem[name][words] = point.rss_bytes / 2**20
                build[name][words] = point.build_seconds * 1000
    return dict(sorted(mem.items())), dict(sorted(build.items()))
