"""``results/scaling.md``: how cost grows with the dictionary, the board and the batch.

Tables, log-log plots and a few sentences under each, all computed from the raw files of the
scaling suite (``scaling.json``), the memory sweep and the bulk runs.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from tabulate import tabulate

from benchmarks.atomic import write_text_atomic
from benchmarks.formatting import PLOTS, build_text, date_text, num
from benchmarks.plots import save_png
from benchmarks.results_io import Results
from solver.board import parse_size

SCALING = "scaling.md"

Series = dict[str, dict[int, float]]
"""backend -> x -> y."""


def _points(
    results: Results, suite: str, x_key: str
) -> tuple[Series, dict[int, int], dict[str, str]]:
    """ms/board per backend and x; words per board by x; cap notes per backend."""
    ms: Series = defaultdict(dict)
    words: dict[int, int] = {}
    notes: dict[str, str] = {}
    for bench in results.benchmarks:
        info = bench["extra_info"]
        if info["suite"] != suite:
            continue
        x = _x(info, x_key)
        cap = info.get("cap")
        if cap and cap not in notes.get(info["backend"], ""):
            previous = notes.get(info["backend"])
            notes[info["backend"]] = f"{previous}; then {cap}" if previous else cap
        if info.get("not_run") or not info.get("boards"):
            continue
        ms[info["backend"]][x] = float(bench["stats"]["median"]) * 1000 / info["boards"]
        if "words" in info and not info.get("cap"):
            words[x] = round(info["words"] / info["boards"])
    return dict(sorted(ms.items())), words, notes


def _x(info: dict[str, Any], key: str) -> int:
    if key == "cells":
        rows, cols = parse_size(str(info["size"]))
        return rows * cols
    return int(info[key])


def _slope(series: dict[int, float]) -> float | None:
    """Log-log slope between the first and the last point."""
    xs = sorted(series)
    if len(xs) < 2 or series[xs[0]] <= 0:
        return None
    return math.log(series[xs[-1]] / series[xs[0]]) / math.log(xs[-1] / xs[0])


def _loglog(series: Series, xlabel: str, ylabel: str, title: str, path: Path) -> None:
    fig = Figure(figsize=(7.5, 5))
    ax = fig.subplots()
    for name, points in series.items():
        xs = sorted(points)
        ax.plot(xs, [points[x] for x in xs], marker="o", label=name)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    save_png(fig, path)


def _table(series: Series, xs: list[int], label: str, notes: dict[str, str]) -> str:
    headers = ["backend", *[label.format(x=x) for x in xs], "growth", "log-log slope"]
    body = []
    for name, points in series.items():
        first, last = min(points), max(points)
        slope = _slope(points)
        body.append(
            [
                name + (" *" if name in notes else ""),
                *[num(points.get(x)) for x in xs],
                f"{points[last] / points[first]:,.1f}x" if last != first else "",
                f"{slope:.2f}" if slope is not None else "",
            ]
        )
    return tabulate(body, headers=headers, tablefmt="github", disable_numparse=True)


def _growth_sentences(series: Series, unit: str, what: str = "ms/board") -> list[str]:
    """A summary of the extremes, then one line per backend: its measured growth."""
    slopes = {name: s for name, points in series.items() if (s := _slope(points)) is not None}
    if not slopes:
        return []
    steepest = max(slopes, key=lambda n: slopes[n])
    flattest = min(slopes, key=lambda n: slopes[n])
    lines = [
        f"Measured: {what} of **{steepest}** grows fastest with the {unit} (log-log slope "
        f"{slopes[steepest]:.2f}), that of **{flattest}** slowest ({slopes[flattest]:.2f}).",
        "",
    ]
    for name in sorted(slopes, key=lambda n: slopes[n]):
        points = series[name]
        first, last = min(points), max(points)
        lines.append(
            f"- {name}: {num(points[first])} to {num(points[last])} {what} as the {unit} grows "
            f"{last / first:.1f}x ({first:,} to {last:,}): {points[last] / points[first]:.1f}x, "
            f"slope {slopes[name]:.2f}."
        )
    return lines


def _dictionary_section(results: Results, out_dir: Path, written: list[Path]) -> list[str]:
    ms, _, notes = _points(results, "scaling-dictionary", "subset_words")
    if not ms:
        return []
    xs = sorted({x for s in ms.values() for x in s})
    plot = out_dir / PLOTS / "scaling-dictionary.png"
    _loglog(
        ms,
        "words in the dictionary (log)",
        "ms per 4x4 board (log)",
        "ms/board against dictionary size",
        plot,
    )
    written.append(plot)
    lines = [
        "## Dictionary size",
        "",
        "Nested seeded subsets of the word list (each contains the previous), the same seeded 4x4 "
        "boards, each backend in its fastest mode. Median ms/board:",
        "",
        _table(ms, xs, "{x:,} words", notes),
        "",
        f"![ms/board against dictionary size](plots/{plot.name})",
        "",
        "A slope near 1 means the cost grows in proportion to the dictionary; near 0, that it "
        "hardly depends on it. Two things grow together: the cost of one look-up (for a linear "
        "scan, or a binary search's log n) and the number of look-ups per board, since a bigger "
        "dictionary keeps more paths alive and the search goes deeper.",
        "",
        *_growth_sentences(ms, "dictionary"),
        *[f"- \\* {name}: {note}." for name, note in sorted(notes.items())],
        "",
    ]
    if results.memory_sweep:
        mem: Series = defaultdict(dict)
        build: Series = defaultdict(dict)
        for words, row in results.memory_sweep["points"].items():
            for name, m in row.items():
                mem[name][int(words)] = m["rss_bytes"] / 2**20
                build[name][int(words)] = m["build_seconds"] * 1000
        mem, build = dict(sorted(mem.items())), dict(sorted(build.items()))
        mxs = sorted({x for s in mem.values() for x in s})
        plot = out_dir / PLOTS / "scaling-memory.png"
        _loglog(
            mem,
            "words in the dictionary (log)",
            "RSS growth, MiB (log)",
            "Memory against dictionary size",
            plot,
        )
        written.append(plot)
        lines += [
            "### Memory and build time",
            "",
            "Resident-set growth from building, one fresh process per point (MiB):",
            "",
            _table(mem, mxs, "{x:,} words", {}),
            "",
            f"![memory against dictionary size](plots/{plot.name})",
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


def _board_section(results: Results, out_dir: Path, written: list[Path]) -> list[str]:
    ms, words, notes = _points(results, "scaling-board", "cells")
    if not ms:
        return []
    xs = sorted({x for s in ms.values() for x in s} | set(words))
    plot = out_dir / PLOTS / "scaling-board.png"
    _loglog(
        ms, "cells on the board (log)", "ms per board (log)", "ms/board against board size", plot
    )
    written.append(plot)
    size_of = {x: f"{math.isqrt(x)}x{math.isqrt(x)}" for x in xs}
    word_table = tabulate(
        [["words per board", *[f"{words[x]:,}" if x in words else "" for x in xs]]],
        headers=["", *[size_of[x] for x in xs]],
        tablefmt="github",
        disable_numparse=True,
    )
    sentences = _growth_sentences(ms, "board")
    if len(words) >= 2:
        lo, hi = min(words), max(words)
        sentences += [
            "",
            f"Words per board grow from {words[lo]:,} ({size_of[lo]}) to {words[hi]:,} "
            f"({size_of[hi]}): {words[hi] / max(words[lo], 1):.1f}x for {hi / lo:.1f}x the "
            "cells. The search visits every path that stays a prefix of some word, so its cost "
            "follows those paths, which multiply faster than the cells.",
        ]
    return [
        "## Board size",
        "",
        "Square letter-frequency boards; a backend goes on to the next size only while its "
        f"ms/board stays within the budget ({_budget(results)}). Median ms/board (cells: "
        + ", ".join(f"{x} = {size_of[x]}" for x in xs)
        + "):",
        "",
        _table(ms, xs, "{x} cells", notes),
        "",
        word_table,
        "",
        f"![ms/board against board size](plots/{plot.name})",
        "",
        *sentences,
        *[f"- \\* {name}: {note}." for name, note in sorted(notes.items())],
        "",
    ]


def _budget(results: Results) -> str:
    budgets = {
        b["extra_info"].get("budget_ms")
        for b in results.benchmarks
        if b["extra_info"]["suite"] == "scaling-board"
    }
    budgets.discard(None)
    return ", ".join(f"{ms:,} ms" for ms in sorted(budgets)) or "not recorded"


def _bulk_section(results: Results) -> list[str]:
    if not results.bulk:
        return []
    runs = results.bulk["runs"]
    single = {r["boards"]: r["seconds"] for r in runs if r["jobs"] == 1}
    body = []
    for r in runs:
        base = single.get(r["boards"])
        body.append(
            [
                f"{r['boards']:,}",
                r["jobs"],
                f"{r['seconds']:.1f}",
                f"{r['boards_per_s']:,.0f}",
                f"{base / r['seconds']:.2f}x" if base else "",
            ]
        )
    headers = ["boards", "--jobs", "seconds (whole process)", "boards/s", "speed-up"]
    speedups = [
        f"{r['boards']:,} boards: {single[r['boards']] / r['seconds']:.2f}x"
        for r in runs
        if r["jobs"] == 2 and r["boards"] in single
    ]
    return [
        "## Bulk runs",
        "",
        f"`lexibench solve --boards-file` with the default lexicon ({results.bulk['lexicon']}), "
        f"timed around the whole process (start-up, word list, building, JSON output) on a "
        f"{results.bulk['cpus']}-core machine, {date_text(results.bulk['datetime'])}, solver "
        f"search {build_text(results.bulk.get('solver_build'))}:",
        "",
        tabulate(body, headers=headers, tablefmt="github", disable_numparse=True),
        "",
        f"Measured speed-up from `--jobs 2`: {'; '.join(speedups)}. Each worker loads the word "
        "list and builds its own lexicon once, a fixed cost that a longer batch amortizes.",
        "",
    ]


def has_scaling(results: Results) -> bool:
    """True when the raw files include any scaling data."""
    return bool(
        results.bulk
        or results.memory_sweep
        or any(b["extra_info"]["suite"].startswith("scaling-") for b in results.benchmarks)
    )


def write_scaling(results: Results, out_dir: Path, sweep_note: str) -> tuple[Path, list[Path]]:
    """Write ``scaling.md`` and its plots; return the report and the plots written."""
    written: list[Path] = []
    lines = [
        "# How cost grows",
        "",
        "Generated by `lexibench tables` from the raw files of one run; do not edit by hand. "
        f"{sweep_note}",
        "",
        *_dictionary_section(results, out_dir, written),
        *_board_section(results, out_dir, written),
        *_bulk_section(results),
    ]
    path = out_dir / SCALING
    write_text_atomic(path, "\n".join(lines).rstrip() + "\n")
    return path, written
