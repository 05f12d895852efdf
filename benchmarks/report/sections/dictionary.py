"""``scaling.md``'s "Dictionary size" section: ms/board on the same 4x4 boards against nested
subsets of the word list (the scaling suite), and the memory and build time of each backend per
size (the memory sweep, :func:`benchmarks.processes.memory.measure_sweep`)."""

from __future__ import annotations

from matplotlib.figure import Figure

from lexibench.benchmarks.harness.records import Results, ScalingDictionaryRecord
from lexibench.benchmarks.report import plots, rows
from lexibench.benchmarks.report.growth import growth_sentences, growth_table, notes_lines
from lexibench.benchmarks.report.sections import EMPTY, Section

PLOT = "scaling-dictionary.png"
PLOT_MEMORY = "scaling-memory.png"


def render(results: Results) -> Section:
    s = rows.scaling_series(results, ScalingDictionaryRecord)
    if not s.ms:
        return EMPTY
    xs = sorted({x for points in s.ms.values() for x in points})
    images: dict[str, Figure] = {}
    images[PLOT] = plots.loglog_figure(
        s.ms,
        "words in the dictionary (log)",
        "ms per 4x4 board (log)",
        "ms/board against dictionary size",
        plots.styles(rows.structure_names(results)),
    )
    lines = [
        "## Dictionary size",
        "",
        "Nested seeded subsets of the word list (each contains the previous), the same seeded 4x4 "
        "boards, each backend in its fastest tier. Median ms/board:",
        "",
        growth_table(s.ms, xs, "{x:,} words", s.notes),
        "",
        f"![ms/board against dictionary size](plots/{PLOT})",
        "",
        "A slope near 1 means the cost grows in proportion to the dictionary; near 0, that it "
        "hardly depends on it. Two things grow together: the cost of one look-up (for a linear "
        "scan, or a binary search's log n) and the number of look-ups per board, since a bigger "
        "dictionary keeps more paths alive and the search goes deeper.",
        "",
        *growth_sentences(s.ms, "dictionary"),
        *notes_lines(s.notes),
        "",
    ]
    mem, build = rows.memory_sweep_series(results)
    if mem:
        mxs = sorted({x for points in mem.values() for x in points})
        images[PLOT_MEMORY] = plots.loglog_figure(
            mem,
            "words in the dictionary (log)",
            "RSS growth, MiB (log)",
            "Memory against dictionary size",
            plots.styles(rows.structure_names(results)),
        )
        lines += [
            "### Memory and build time",
            "",
            "Resident-set growth from building, one fresh process per point (MiB):",
            "",
            growth_table(mem, mxs, "{x:,} words", {}),
            "",
            f"![memory against dictionary size](plots/{PLOT_MEMORY})",
            "",
            *growth_sentences(mem, "dictionary", "MiB"),
            "",
            "Build time in that process (ms):",
            "",
            growth_table(build, mxs, "{x:,} words", {}),
            "",
            *growth_sentences(build, "dictionary", "build ms"),
            "",
        ]
    return Section.of(lines, images)
