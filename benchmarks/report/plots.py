"""Every plot of the reports (matplotlib, no pyplot state): same rows in, same PNG bytes out.

Dot plots on log axes with plain tick labels (1, 10, 100, not powers of ten), the spread over the
rounds as a line through each dot, legends outside the data.
"""

from __future__ import annotations

import io
from typing import Any

import matplotlib
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from lexibench.benchmarks.harness.records import SearchRun
from lexibench.benchmarks.report.formatting import num
from lexibench.benchmarks.report.rows import CaseRow, Measured, Series

_METADATA = {"Software": None}  # no version string: the bytes depend only on the data
FULL = "#4c72b0"
CAPPED = "#c44e52"
OTHER = "#55a868"


def png(fig: Figure) -> bytes:
    """Render ``fig`` to PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata=_METADATA, bbox_inches="tight")
    return buffer.getvalue()


def _plain() -> ticker.Formatter:
    return ticker.FuncFormatter(lambda v, _pos: f"{v:,.10g}")


def _log_axis(axis: Any) -> None:
    """Ticks at 1, 2 and 5 times each power of ten, written plainly."""
    axis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    axis.set_major_formatter(_plain())
    axis.set_minor_locator(ticker.LogLocator(base=10, subs="all"))
    axis.set_minor_formatter(ticker.NullFormatter())


def _log_x(ax: Axes) -> None:
    ax.set_xscale("log")
    _log_axis(ax.xaxis)
    ax.grid(axis="x", which="both", alpha=0.3)


def _log_y(ax: Axes) -> None:
    ax.set_yscale("log")
    _log_axis(ax.yaxis)


def _dots(ax: Axes, labels: list[str], values: list[Measured], colors: list[str]) -> None:
    ys = range(len(values))
    for y, m, color in zip(ys, values, colors, strict=True):
        ax.plot([m.low, m.high], [y, y], color=color, alpha=0.5, linewidth=2)
        ax.plot([m.median], [y], "o", color=color)
        ax.annotate(
            num(m.median), (m.median, y), textcoords="offset points", xytext=(6, 4), fontsize=8
        )
    ax.set_yticks(list(ys), labels)
    ax.invert_yaxis()
    ax.set_ylim(len(values) - 0.5, -0.5)


def solve_plot(size: str, rows: list[CaseRow]) -> bytes:
    """ms/board per backend and tier: median dot, min-max line; capped rows in red."""
    ran = [r for r in rows if r.value is not None]
    fig = Figure(figsize=(8, 0.36 * len(ran) + 1.4))
    ax = fig.subplots()
    _dots(
        ax,
        [f"{r.backend} ({r.tier})" + (" *" if r.note else "") for r in ran],
        [r.value for r in ran if r.value is not None],
        [CAPPED if r.note else FULL for r in ran],
    )
    _log_x(ax)
    ax.set_xlabel("ms per board (median; line: min to max over the rounds; log scale)")
    ax.set_title(
        f"Solving random {size} boards"
        + (" (* capped workload)" if any(r.note for r in ran) else "")
    )
    return png(fig)


def build_load_plot(build: dict[str, Measured], load: dict[str, Measured]) -> bytes:
    """Build and load ms per backend, one row each, two markers."""
    names = sorted(set(build) | set(load), key=lambda n: build[n].median if n in build else 0.0)
    fig = Figure(figsize=(8, 0.36 * len(names) + 1.4))
    ax = fig.subplots()
    for y, name in enumerate(names):
        for series, color, label in ((build, FULL, "build"), (load, OTHER, "load (saved file)")):
            if name in series:
                m = series[name]
                ax.plot([m.low, m.high], [y, y], color=color, alpha=0.5, linewidth=2)
                ax.plot([m.median], [y], "o", color=color, label=label if y == 0 else None)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    _log_x(ax)
    ax.set_xlabel("ms (median; line: min to max; log scale)")
    ax.set_title("Building from the word list, and loading the saved file")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)
    return png(fig)


def tradeoff_plot(points: list[tuple[str, float, float, float | None]], size: str) -> bytes:
    """boards/s (x) against memory (y), both log; the label gives the cold first answer.

    ``points``: (backend, boards/s, RSS MiB, first answer ms or None).
    """
    fig = Figure(figsize=(8, 5.5))
    ax = fig.subplots()
    for name, speed, mib, first in points:
        ax.plot([speed], [mib], "o", color=FULL)
        label = f"{name}\n{first:,.0f} ms to first answer" if first is not None else name
        ax.annotate(label, (speed, mib), textcoords="offset points", xytext=(6, 4), fontsize=8)
    _log_x(ax)
    _log_y(ax)
    ax.grid(which="both", alpha=0.3)
    ax.set_xlabel(f"{size} boards per second, fastest tier (log; right is better)")
    ax.set_ylabel("resident memory of the built structure, MiB (log; lower is better)")
    ax.set_title("Speed against memory (lower right is better)")
    return png(fig)


def loglog_plot(series: Series, xlabel: str, ylabel: str, title: str) -> bytes:
    """One line per backend, both axes log, legend outside."""
    fig = Figure(figsize=(8.5, 5))
    ax = fig.subplots()
    for name, points in series.items():
        xs = sorted(points)
        ax.plot(xs, [points[x] for x in xs], marker="o", label=name)
    _log_x(ax)
    _log_y(ax)
    ax.grid(which="both", alpha=0.3)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return png(fig)


def search_plot(
    panels: dict[str, dict[str, SearchRun]],
    by_seconds: bool,
    title: str,
    targets: dict[str, int] | None = None,
) -> bytes:
    """Best score (y) against evaluations or seconds (x, log, decades) for each labelled run, one
    panel per key of ``panels``: a step line through the run's rises to its last evaluation, and
    the panel's target (``targets``) as a dashed line."""
    fig = Figure(figsize=(8.5, 3.4 * len(panels) + 0.4))
    axes = fig.subplots(len(panels), 1, squeeze=False)[:, 0]
    colours = matplotlib.colormaps["tab10"]
    styles = ("-", "--", ":", "-.")
    for ax, (name, runs) in zip(axes, panels.items(), strict=True):
        for i, (label, run) in enumerate(runs.items()):
            xs = [t if by_seconds else float(e) for e, _, t in run.trajectory]
            ys = [float(s) for _, s, _ in run.trajectory]
            xs.append(max(run.seconds if by_seconds else float(run.evaluations), xs[-1]))
            ys.append(ys[-1])
            xs = [max(x, 1e-5) for x in xs]  # no zero on a log axis
            ax.step(
                xs,
                ys,
                where="post",
                label=label,
                linewidth=1.2,
                color=colours(i % 10),
                linestyle=styles[(i // 10) % len(styles)],
            )
        target = (targets or {}).get(name)
        if target is not None:
            ax.axhline(target, color="black", linestyle="--", linewidth=0.8, alpha=0.6)
            ax.annotate(f"target {target:,}", (0.01, target), xycoords=("axes fraction", "data"),
                        textcoords="offset points", xytext=(0, 3), fontsize=8)  # fmt: skip
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(ticker.LogLocator(base=10))
        ax.xaxis.set_major_formatter(_plain())
        ax.xaxis.set_minor_formatter(ticker.NullFormatter())
        ax.grid(which="major", alpha=0.3)
        ax.set_ylabel("best score so far")
        ax.set_title(name, fontsize=10)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
    axes[-1].set_xlabel("seconds (log scale)" if by_seconds else "evaluations (log scale)")
    fig.suptitle(title)
    return png(fig)
