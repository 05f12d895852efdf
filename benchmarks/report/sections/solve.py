"""The report's "Solve RxC" sections, one per board size: every backend and tier beside the
plain-Python reference, with the build, load, memory and first-answer figures of each backend,
and a plot. The README's headline table is :func:`table` of the headline size."""

from __future__ import annotations

from matplotlib.figure import Figure

from lexibench.benchmarks.harness.records import BuildRecord, LoadRecord, Results
from lexibench.benchmarks.report import plots, rows
from lexibench.benchmarks.report.formatting import footnotes, notes, num, spread
from lexibench.benchmarks.report.formatting import table as markdown_table
from lexibench.benchmarks.report.sections import Section

HEADERS = [
    "backend",
    "tier",
    "ms/board",
    "min-max",
    "boards/s",
    "vs fastest",
    "first answer ms",
    "build ms",
    "load ms",
    "RSS MiB",
    "file MiB",
]


def table(results: Results, size: str) -> tuple[str, list[str]]:
    """The Markdown table of one board size and its footnotes."""
    table_rows = rows.solve_rows(results)[size]
    build = rows.per_backend(results, BuildRecord)
    load = rows.per_backend(results, LoadRecord)
    memory = rows.memory_rows(results)
    files = rows.serialized_bytes(results)
    first = {r.backend: r.cached_cpu_ms for r in rows.first_answer_rows(results)}
    full = rows.full_units(table_rows)  # a capped row ran fewer boards: not ranked
    fastest = min((r.value.median for r in table_rows if r.value and r.units == full), default=None)
    markers, lines = notes([(r.backend, r.note) for r in table_rows])
    body = []
    for r in table_rows:
        v = r.value
        mem = memory.get(r.backend)
        body.append(
            [
                r.backend + markers.get(r.backend, ""),
                r.tier,
                num(v.median) if v else "not run",
                spread(v.low, v.high) if v else "",
                num(1000 / v.median) if v else "",
                f"{v.median / fastest:,.2f}" if v and fastest and r.units == full else "",
                num(first.get(r.backend)),
                num(build[r.backend].median) if r.backend in build else "",
                num(load[r.backend].median) if r.backend in load else "",
                num(mem.rss_mib) if mem else "",
                num(files[r.backend] / 2**20) if r.backend in files else "",
            ]
        )
    return markdown_table(HEADERS, body), lines


def render(results: Results) -> Section:
    """A table and a plot per board size, smallest first."""
    lines: list[str] = []
    images: dict[str, Figure] = {}
    for size, table_rows in rows.solve_rows(results).items():
        solve, notes_lines = table(results, size)
        name = f"solve-{size}.png"
        images[name] = plots.solve_figure(size, table_rows)
        lines += [
            f"## Solve {size}",
            "",
            solve,
            *footnotes(notes_lines),
            "",
            f"![ms per {size} board](plots/{name})",
            "",
        ]
    return Section.of(lines, images)
