"""The report's "Tiers" section: per board size, every tier of the backends with a native one,
beside the plain-Python reference: what the protocol boundary costs next to what the structure
costs."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import REFERENCE_TIER, Results
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import num, table
from lexibench.benchmarks.report.sections import EMPTY, Section

HEADERS = ["backend", "tier", "ms/board", "boards/s", "speed vs plain Python", "time / native"]


def render(results: Results) -> Section:
    tables: list[str] = []
    for size, table_rows in rows.solve_rows(results).items():
        native = {r.backend for r in table_rows if r.tier == "native" and r.value}
        if not native:
            continue
        full = rows.full_units(table_rows)  # a capped row (the filter) ran fewer boards
        reference = next(
            (
                r.value
                for r in table_rows
                if r.tier == REFERENCE_TIER and r.value and r.units == full
            ),
            None,
        )
        fastest_native = min(
            (r.value.median for r in table_rows if r.tier == "native" and r.value),
            default=None,
        )
        body = [
            [
                r.backend,
                r.tier,
                num(r.value.median),
                num(1000 / r.value.median),
                f"{reference.median / r.value.median:,.1f}x"
                if reference and r.units == full
                else "",
                f"{r.value.median / fastest_native:,.1f}"
                if fastest_native and r.units == full
                else "",
            ]
            for r in table_rows
            if r.value and (r.backend in native or r.tier == REFERENCE_TIER)
        ]
        tables += [f"### {size}", "", table(HEADERS, body), ""]
    if not tables:
        return EMPTY
    return Section.of(
        [
            "## Tiers",
            "",
            "One structure asked three ways on the same boards: `string` (the search builds each "
            "path's string and asks `has_prefix`/`is_word`), `step` (it walks the structure's "
            "nodes through `child`/`is_terminal`, one Python call per letter) and `native` (the "
            "backend runs the whole search in its own compiled code). The gap between the tiers "
            "is the cost of the Python protocol boundary; the native row is the structure's own "
            "cost. `plain-python` is the 30-line dict-of-dicts solver of the published articles "
            "(`benchmarks/baselines/reference_solver.py`), interpreted, on the same boards.",
            "",
            *tables,
        ]
    )
