"""``results/scaling.md``: how cost grows with the dictionary, the board and the batch.

Tables, log-log plots and a few sentences under each, all computed from the raw files of the
scaling suite, the memory sweep and the bulk runs. Growth is summarized by the slope of a
least-squares fit of log(cost) against log(size) over every point.
"""

from __future__ import annotations

import math
from pathlib import Path

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report import plots, rows
from lexibench.benchmarks.report.formatting import PLOTS, build_text, date_text, num, table

SCALING = "scaling.md"

Files = dict[Path, bytes]


def _table(series: rows.Series, xs: list[int], label: str, notes: dict[str, str]) -> str:
    headers = ["backend", *[label.format(x=x) for x in xs], "growth", "fitted slope"]
    body = []
    for name, points in series.items():
        first, last = min(points), max(points)
        slope = rows.fit_slope(points)
        body.append(
            [
                name + (" *" if name in notes else ""),
                *[num(points.get(x)) for x in xs],
                f"{points[last] / points[first]:,.1f}x" if last != first else "",
                f"{slope:.2f}" if slope is not None else "",
            ]
        )
    return table(headers, body)


def _growth_sentences(series: rows.Series, unit: str, what: str = "ms/board") -> list[str]:
    """A summary of the extremes, then one line per backend: its measured growth."""
    slopes = {n: s for n, points in series.items() if (s := rows.fit_slope(points)) is not None}
    if not slopes:
        return []
    steepest = max(slopes, key=lambda n: slopes[n])
    flattest = min(slopes, key=lambda n: slopes[n])
    lines = [
        f"Measured: {what} of **{steepest}** grows fastest with the {unit} (fitted log-log "
        f"slope {slopes[steepest]:.2f}), that of **{flattest}** slowest ({slopes[flattest]:.2f}).",
        "",
    ]
    for name in sorted(slopes, key=lambda n: (slopes[n], n)):
        points = series[name]
        first, last = min(points), max(points)
        lines.append(
            f"- {name}: {num(points[first])} to {num(points[last])} {what} as the {unit} grows "
            f"{last / first:.1f}x ({first:,} to {last:,}): {points[last] / points[first]:.1f}x, "
            f"slope {slopes[name]:.2f} over {len(points)} points."
        )
    return lines


def _notes_lines(notes: dict[str, str]) -> list[str]:
    return [f"- \\* {name}: {note}." for name, note in sorted(notes.items())]


def _dictionary_section(results: Results, out_dir: Path, files: Files) -> list[str]:
    s = rows.scaling_series(results, "scaling-dictionary")
    if not s.ms:
        return []
    xs = sorted({x for points in s.ms.values() for x in points})
    path = out_dir / PLOTS / "scaling-dictionary.png"
    files[path] = plots.loglog_plot(
        s.ms,
        "words in the dictionary (log)",
        "ms per 4x4 board (log)",
        "ms/board against dictionary size",
    )
    lines = [
        "## Dictionary size",
        "",
        "Nested seeded subsets of the word list (each contains the previous), the same seeded 4x4 "
        "boards, each backend in its fastest mode. Median ms/board:",
        "",
        _table(s.ms, xs, "{x:,} words", s.notes),
        "",
        f"![ms/board against dictionary size](plots/{path.name})",
        "",
        "A slope near 1 means the cost grows in proportion to the dictionary; near 0, that it "
        "hardly depends on it. Two things grow together: the cost of one look-up (for a linear "
        "scan, or a binary search's log n) and the number of look-ups per board, since a bigger "
        "dictionary keeps more paths alive and the search goes deeper.",
        "",
        *_growth_sentences(s.ms, "dictionary"),
        *_notes_lines(s.notes),
        "",
    ]
    mem, build = rows.memory_sweep_series(results)
    if mem:
        mxs = sorted({x for points in mem.values() for x in points})
        path = out_dir / PLOTS / "scaling-memory.png"
        files[path] = plots.loglog_plot(
            mem,
            "words in the dictionary (log)",
            "RSS growth, MiB (log)",
            "Memory against dictionary size",
        )
        lines += [
            "### Memory and build time",
            "",
            "Resident-set growth from building, one fresh process per point (MiB):",
            "",
            _table(mem, mxs, "{x:,} words", {}),
            "",
            f"![memory against dictionary size](plots/{path.name})",
            "",
            *_growth_sentences(mem, "dictionary", "MiB"),
            "",
            "Build time in that process (ms):",
            "",
            _table(build, mxs, "{x:,} words", {}),
            "",
            *_growth_sentences(build, "dictionary", "build ms"),
            "",
        ]
    return lines


def _board_section(results: Results, out_dir: Path, files: Files) -> list[str]:
    s = rows.scaling_series(results, "scaling-board")
    if not s.ms:
        return []
    xs = sorted({x for points in s.ms.values() for x in points} | set(s.words))
    path = out_dir / PLOTS / "scaling-board.png"
    files[path] = plots.loglog_plot(
        s.ms, "cells on the board (log)", "ms per board (log)", "ms/board against board size"
    )
    size_of = {x: f"{math.isqrt(x)}x{math.isqrt(x)}" for x in xs}
    word_table = table(
        ["", *[size_of[x] for x in xs]],
        [["words per board", *[f"{s.words[x]:,}" if x in s.words else "" for x in xs]]],
    )
    sentences = _growth_sentences(s.ms, "board")
    if len(s.words) >= 2:
        lo, hi = min(s.words), max(s.words)
        sentences += [
            "",
            f"Words per board grow from {s.words[lo]:,} ({size_of[lo]}) to {s.words[hi]:,} "
            f"({size_of[hi]}): {s.words[hi] / max(s.words[lo], 1):.1f}x for {hi / lo:.1f}x the "
            "cells. The search visits every path that stays a prefix of some word, so its cost "
            "follows those paths, which multiply faster than the cells.",
        ]
    budgets = sorted({b.budget_ms for b in results.suite("scaling-board") if b.budget_ms})
    budget = ", ".join(f"{ms:,} ms" for ms in budgets) or "not recorded"
    return [
        "## Board size",
        "",
        "Square letter-frequency boards; a backend goes on to the next size only while its "
        f"ms/board stays within the budget ({budget}). Median ms/board (cells: "
        + ", ".join(f"{x} = {size_of[x]}" for x in xs)
        + "):",
        "",
        _table(s.ms, xs, "{x} cells", s.notes),
        "",
        word_table,
        "",
        f"![ms/board against board size](plots/{path.name})",
        "",
        *sentences,
        *_notes_lines(s.notes),
        "",
    ]


def _bulk_section(results: Results) -> list[str]:
    bulk = results.bulk
    if bulk is None:
        return []
    single = {(r.lexicon, r.output, r.boards): r.seconds for r in bulk.runs if r.jobs == 1}
    body = [
        [
            r.lexicon,
            r.output,
            f"{r.boards:,}",
            f"--jobs {r.jobs}" if r.engine == "processes" else f"--dask-workers {r.jobs}",
            f"{r.seconds:.1f}",
            f"{r.cpu_seconds:.1f}",
            f"{r.boards / r.seconds:,.0f}",
            f"{r.boards / r.cpu_seconds:,.0f}",
            f"{single[r.lexicon, r.output, r.boards] / r.seconds:.2f}x"
            if (r.lexicon, r.output, r.boards) in single
            else "",
        ]
        for r in bulk.runs
    ]
    headers = ["lexicon", "output", "boards", "workers", "wall s", "CPU s", "boards/s"]
    headers += ["boards per CPU-s", "speed-up"]
    return [
        "## Bulk runs",
        "",
        "`lexibench solve --boards-file` timed around the whole process (start-up, the lexicon "
        f"from a {bulk.cache} cache, the search, the JSON lines written to a file) on a "
        f"{bulk.cpus}-core machine, {date_text(bulk.datetime)}, solver search "
        f"{build_text(bulk.solver_build)}. `full`: each board's words with scores and paths, as "
        "`solve --json` prints them; `summary`: `--summary`, the count and score only. "
        "CPU seconds include the workers'; the outputs of `--jobs 1`, `--jobs 2` and "
        "`--dask-workers 2` are identical, and so are the two lexicons' full lines.",
        "",
        table(headers, body),
        "",
        "`--jobs` workers share the lexicon the main process loaded (they are forked from it). "
        "`--dask-workers 2` starts a local Dask cluster of two worker processes inside the timed "
        "command; each worker loads the lexicon from the cache on its first task, and the boards "
        "travel to it and the lines back through Dask, 2,000 boards a task.",
        "",
    ]


def has_scaling(results: Results) -> bool:
    """True when the raw files include any scaling data."""
    return bool(
        results.bulk
        or results.memory_sweep
        or any(b.suite.startswith("scaling-") for b in results.benches)
    )


def render_scaling(results: Results, out_dir: Path) -> Files:
    """``scaling.md`` and its plots."""
    files: Files = {}
    sweep = results.run.settings.get("sweep", "reduced") if results.run else "reduced"
    other = (
        "the full sweep: `make bench BENCH_ARGS=--lexibench-sweep=full`"
        if sweep != "full"
        else "the default `make bench` runs the reduced one"
    )
    lines = [
        "# How cost grows",
        "",
        "Generated by `lexibench tables` from the raw files of one run; do not edit by hand. "
        f"These figures come from the {sweep} sweep ({other}).",
        "",
        *_dictionary_section(results, out_dir, files),
        *_board_section(results, out_dir, files),
        *_bulk_section(results),
    ]
    files[out_dir / SCALING] = ("\n".join(lines).rstrip() + "\n").encode()
    return files
