"""``scaling.md``'s "Board size" section: ms/board on square letter-frequency boards from 3x3
up, each backend going on while it stays within the budget, and the words per board."""

from __future__ import annotations

import math

from lexibench.benchmarks.harness.records import Results, ScalingBoardRecord
from lexibench.benchmarks.report import plots, rows
from lexibench.benchmarks.report.formatting import table
from lexibench.benchmarks.report.growth import growth_sentences, growth_table, notes_lines
from lexibench.benchmarks.report.sections import EMPTY, Section

PLOT = "scaling-board.png"


def render(results: Results) -> Section:
    s = rows.scaling_series(results, ScalingBoardRecord)
    if not s.ms:
        return EMPTY
    xs = sorted({x for points in s.ms.values() for x in points} | set(s.words))
    image = plots.loglog_figure(
        s.ms,
        "cells on the board (log)",
        "ms per board (log)",
        "ms/board against board size",
        plots.styles(rows.structure_names(results)),
    )
    size_of = {x: f"{math.isqrt(x)}x{math.isqrt(x)}" for x in xs}
    word_table = table(
        ["", *[size_of[x] for x in xs]],
        [["words per board", *[f"{s.words[x]:,}" if x in s.words else "" for x in xs]]],
    )
    sentences = growth_sentences(s.ms, "board")
    if len(s.words) >= 2:
        lo, hi = min(s.words), max(s.words)
        sentences += [
            "",
            f"Words per board grow from {s.words[lo]:,} ({size_of[lo]}) to {s.words[hi]:,} "
            f"({size_of[hi]}): {s.words[hi] / max(s.words[lo], 1):.1f}x for {hi / lo:.1f}x the "
            "cells. The search visits every path that stays a prefix of some word, so its cost "
            "follows those paths, which multiply faster than the cells.",
        ]
    budgets = sorted({b.record.budget_ms for b in results.of(ScalingBoardRecord)})
    budget = ", ".join(f"{ms:,} ms" for ms in budgets) or "not recorded"
    return Section.of(
        [
            "## Board size",
            "",
            "Square letter-frequency boards; a backend goes on to the next size only while its "
            f"ms/board stays within the budget ({budget}). Median ms/board (cells: "
            + ", ".join(f"{x} = {size_of[x]}" for x in xs)
            + "):",
            "",
            growth_table(s.ms, xs, "{x} cells", s.notes),
            "",
            word_table,
            "",
            f"![ms/board against board size](plots/{PLOT})",
            "",
            *sentences,
            *notes_lines(s.notes),
            "",
        ],
        {PLOT: image},
    )
