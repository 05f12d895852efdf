"""The report's "Build, load and memory" section: per backend, building from the word list,
loading the saved file, the resident memory of the built structure (fresh processes,
:mod:`benchmarks.processes.memory`) and the saved file; with the build/load plot and the
speed-against-memory plot."""

from __future__ import annotations

from matplotlib.figure import Figure

from lexibench.benchmarks.harness.records import BuildRecord, LoadRecord, Results
from lexibench.benchmarks.report import plots, rows
from lexibench.benchmarks.report.formatting import num, spread, table
from lexibench.benchmarks.report.sections import EMPTY, Section

HEADERS = [
    "backend",
    "build ms",
    "min-max",
    "load ms",
    "RSS MiB",
    "min-max",
    "tracemalloc MiB",
    "file MiB",
    "file format",
]
BUILD_LOAD = "build-load.png"
TRADEOFF = "tradeoff.png"


def render(results: Results) -> Section:
    build = rows.per_backend(results, BuildRecord)
    load = rows.per_backend(results, LoadRecord)
    memory = rows.memory_rows(results)
    if not (build or memory):
        return EMPTY
    names = list(memory) + sorted(set(build) - set(memory))
    body = [
        [
            n,
            num(build[n].median) if n in build else "",
            spread(build[n].low, build[n].high) if n in build else "",
            num(load[n].median) if n in load else "",
            num(memory[n].rss_mib) if n in memory else "",
            spread(memory[n].rss_low, memory[n].rss_high) if n in memory else "",
            num(memory[n].tracemalloc_mib) if n in memory else "",
            num(memory[n].file_mib) if n in memory else "",
            (results.backends[n].file_format or "words") if n in results.backends else "",
        ]
        for n in names
    ]
    lines = [
        "## Build, load and memory",
        "",
        "Build: from the normalized words. Load: the saved file (`lexibench build`, what the "
        "cache holds): the library's own format where it has one, else the sorted words, built "
        "again. RSS: resident-set growth from building, median (and range) of fresh processes, "
        "C and C++ allocations included; tracemalloc: what Python's allocator alone sees.",
        "",
        table(HEADERS, body),
        "",
    ]
    images: dict[str, Figure] = {}
    if build:
        images[BUILD_LOAD] = plots.build_load_figure(build, load)
        lines += [f"![build and load times](plots/{BUILD_LOAD})", ""]
    size = rows.headline_size(results)
    points = tradeoff_points(results, size)
    if points:
        style = plots.styles(rows.structure_names(results))
        images[TRADEOFF] = plots.tradeoff_figure(points, size, style)
        lines += [f"![speed against memory, with the time to first answer](plots/{TRADEOFF})", ""]
    return Section.of(lines, images)


def tradeoff_points(results: Results, size: str) -> list[tuple[str, float, float, float | None]]:
    """The speed-against-memory plot's points: (backend, ``size`` boards/s at its fastest tier,
    RSS MiB, cold first answer ms or None)."""
    memory = rows.memory_rows(results)
    best = rows.best_solve(results, size)
    first = {r.backend: r.cached_cpu_ms for r in rows.first_answer_rows(results)}
    return [
        (n, 1000 / r.value.median, memory[n].rss_mib, first.get(n))
        for n, r in sorted(best.items())
        if r.value and n in memory
    ]
