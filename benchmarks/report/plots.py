"""Every plot of the reports (matplotlib, no pyplot state): same rows in, same PNG bytes out.

Dot plots on log axes with plain tick labels (1, 10, 100, not powers of ten; 1-2-5 steps on short
ranges, decades on long ones, so labels never run together), the spread over the rounds as a line
through each dot, legends outside the data. Every point of a scatter is labelled, beside its own
point (no other point near the label) or, where the points crowd, set apart with a leader line;
a plot never draws more series than :data:`MAX_SERIES` in one panel, and a plot of many like
traces shows the few that matter in colour and the rest in grey. Each structure has one colour
and marker (:func:`styles`), unique among the structures and the same in every plot of a report.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal

from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.text import Text

from lexibench.benchmarks.harness.records import SearchRun
from lexibench.benchmarks.report.formatting import num
from lexibench.benchmarks.report.rows import CaseRow, Measured, Series

_METADATA = {"Software": None}  # no version string: the bytes depend only on the data
FULL = "#4c72b0"
CAPPED = "#c44e52"
OTHER = "#55a868"
GREY = "#b0b0b0"
#: The most series one panel draws: more are split into panels.
MAX_SERIES = 8
#: The colours and markers of series (no grey: :data:`GREY` is for the series not picked out).
COLOURS = (
    "#4c72b0",
    "#dd8452",
    "#55a868",
    "#c44e52",
    "#8172b3",
    "#937860",
    "#da8bc3",
    "#2f2f2f",
    "#ccb974",
    "#64b5cd",
)
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
Style = tuple[str, str]
"""A series' colour and marker."""


def styles(names: Iterable[str]) -> dict[str, Style]:
    """A colour and a marker for each of ``names`` (in sorted order): every pair distinct for up
    to ``len(COLOURS) * len(MARKERS)`` names, neighbours in the order differing in both. Given
    every name of a report, a structure keeps its style in every plot."""
    found = {}
    for i, name in enumerate(sorted(set(names))):
        found[name] = (
            COLOURS[i % len(COLOURS)],
            MARKERS[(i // len(COLOURS) + i) % len(MARKERS)],
        )
    return found


def png(fig: Figure) -> bytes:
    """Render ``fig`` to PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata=_METADATA, bbox_inches="tight")
    return buffer.getvalue()


def _plain() -> ticker.Formatter:
    return ticker.FuncFormatter(lambda v, _pos: f"{v:,.10g}")


def _log_axis(axis: Any, low: float, high: float) -> None:
    """Ticks written plainly: at 1, 2 and 5 times each power of ten over at most 3 decades,
    at each power of ten over at most 7, at every other power beyond (so they never crowd)."""
    decades = math.log10(max(high, 1e-300) / max(low, 1e-300))
    if decades <= 3:
        major = ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0))
    elif decades <= 7:
        major = ticker.LogLocator(base=10, subs=(1.0,))
    else:
        major = ticker.LogLocator(base=100, subs=(1.0,))
    axis.set_major_locator(major)
    axis.set_major_formatter(_plain())
    axis.set_minor_locator(ticker.LogLocator(base=10, subs="all"))
    axis.set_minor_formatter(ticker.NullFormatter())


def _drawn(ax: Axes, axis: str) -> bool:
    """Whether the data drawn on ``ax`` reaches above 0 along ``axis`` (``"x"`` or ``"y"``): a
    log scale needs it (none is drawn where the raw files hold only zeros)."""
    high = ax.dataLim.x1 if axis == "x" else ax.dataLim.y1
    return math.isfinite(high) and high > 0


def _log(ax: Axes, axis: Literal["x", "y"]) -> None:
    """A log ``axis`` (``"x"`` or ``"y"``) gridded at every tick, its ticks chosen for the range
    of the data already drawn (left linear when nothing above 0 is drawn)."""
    if not _drawn(ax, axis):
        return
    ax.set(**{f"{axis}scale": "log"})
    part = ax.xaxis if axis == "x" else ax.yaxis
    low, high = part.get_view_interval()
    _log_axis(part, float(low), float(high))
    ax.grid(axis=axis, which="both", alpha=0.3)


def _offsets() -> list[tuple[int, int]]:
    """Where a label may go around its point (offset points), nearest first: beside it (the
    first :data:`NEAR` offsets), then on rings further out (joined to it by a leader line)."""
    near = [(6, 0), (-6, 0), (0, 6), (0, -6), (6, 6), (6, -6), (-6, 6), (-6, -6)]
    rings = []
    for radius in range(18, 18 + 12 * 16, 12):
        for step in range(16):
            angle = math.tau * step / 16
            rings.append((round(radius * math.cos(angle)), round(radius * math.sin(angle))))
    return near + rings


#: The ``gid`` of axes whose point labels :func:`_place_labels` placed (the interactive twin
#: keeps the figure's width, so the places hold).
PLACED: Final = "placed-labels"
#: How many of :func:`_offsets` put a label beside its point (no leader line).
NEAR: Final = 8
#: Pixels a label keeps from every point but its own (twice as many, one set apart: its
#: leader line names its point, but a point beside its text would be read as the one).
CLEAR: Final = 12.0
#: Beside its point (no leader line), a label is this many times further from any other point
#: than from its own, so a reader cannot take it for another's.
APART: Final = 3.0


def gap(box: Any, point: Any) -> float:
    """The distance from ``point`` to the nearest edge of ``box`` (0 inside), in pixels."""
    dx = max(box.x0 - point[0], 0.0, point[0] - box.x1)
    dy = max(box.y0 - point[1], 0.0, point[1] - box.y1)
    return math.hypot(dx, dy)


def _segment_gap(a: Any, b: Any, point: Any) -> float:
    """The distance from ``point`` to the segment from ``a`` to ``b``, in pixels."""
    ax_, ay_, bx, by = float(a[0]), float(a[1]), float(b[0]), float(b[1])
    length = (bx - ax_) ** 2 + (by - ay_) ** 2
    t = 0.0 if length == 0 else ((point[0] - ax_) * (bx - ax_) + (point[1] - ay_) * (by - ay_))
    t = min(1.0, max(0.0, t / length)) if length else 0.0
    return math.hypot(point[0] - (ax_ + t * (bx - ax_)), point[1] - (ay_ + t * (by - ay_)))


def _crosses(a: Any, b: Any, box: Any) -> bool:
    """Whether the segment from ``a`` to ``b`` passes through ``box`` (sampled finely)."""
    steps = 24
    for i in range(1, steps):
        x = a[0] + (b[0] - a[0]) * i / steps
        y = a[1] + (b[1] - a[1]) * i / steps
        if box.contains(x, y):
            return True
    return False


def _nearest_on(box: Any, point: Any) -> tuple[float, float]:
    """The point of ``box`` nearest ``point`` (where a leader line meets the label)."""
    return min(max(point[0], box.x0), box.x1), min(max(point[1], box.y0), box.y1)


def _fits(
    rule: int,
    own: Any,
    box: Any,
    k: int,
    marks: list[Any],
    placed: list[Any],
    frame: Any,
    leader: bool,
) -> bool:
    """Whether a label whose own box is ``own`` (``box``: with a margin) may go there for the
    point ``k`` of ``marks``, by the strictest rules first (``rule`` 0), fewer after: beside its
    point, every other point :data:`APART` times further (0), or merely further (1); set apart
    (a leader line), every other point twice :data:`CLEAR` from it and :data:`CLEAR` / 2 from the
    line (but those within :data:`CLEAR` of its point, which any line passes), which crosses no
    label (0), or only :data:`CLEAR` from the label (2); always inside the axes, over no label
    placed and no point."""
    inside = frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0
    if not (inside and box.y1 <= frame.y1):
        return False
    if any(box.overlaps(other) for other in placed) or any(box.contains(*m) for m in marks):
        return False
    others = [m for j, m in enumerate(marks) if j != k]
    if not leader:
        mine = gap(own, marks[k])
        if rule == 0:
            return all(gap(own, m) > max(CLEAR, APART * mine) for m in others)
        return rule == 1 and all(gap(own, m) > mine for m in others)
    if not all(gap(own, m) > (CLEAR if rule == 2 else 2 * CLEAR) for m in others):
        return False
    if rule == 2:
        return True
    end = _nearest_on(own, marks[k])
    apart = [m for m in others if math.dist(m, marks[k]) > CLEAR]  # a line passes any nearer
    return all(_segment_gap(marks[k], end, m) > CLEAR / 2 for m in apart) and not any(
        _crosses(marks[k], end, other) for other in placed
    )


def _place_labels(
    fig: Figure, ax: Axes, points: list[tuple[float, float]], labels: list[str]
) -> None:
    """Label every point: each beside its point, where no other point is near the label, else
    set apart on the nearest free ring with a thin leader line to it (:func:`_fits`'s rules,
    the strictest that any place meets); the most crowded points first, so they get the places
    beside them."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    fig.draw_without_rendering()
    ax.set_gid(PLACED)
    marks = [ax.transData.transform(p) for p in points]
    frame = ax.get_window_extent(renderer)
    placed: list[Any] = []
    candidates = _offsets()
    crowd = [sum(1 for m in marks if 0 < math.dist(m, mark) < 80) for mark in marks]
    order = sorted(range(len(points)), key=lambda k: (-crowd[k], k))
    for k in order:
        (x, y), label = points[k], labels[k]
        chosen = None
        for rule in range(3):
            for i, (dx, dy) in enumerate(candidates):
                leader = i >= NEAR
                if (rule == 1 and leader) or (rule == 2 and not leader):
                    continue
                align = "left" if dx > 0 else "right" if dx < 0 else "center"
                text = ax.annotate(
                    label, (x, y), textcoords="offset points", xytext=(dx, dy), fontsize=8,
                    ha=align, va="center" if leader or dx else "bottom" if dy > 0 else "top",
                    arrowprops={"arrowstyle": "-", "color": GREY, "linewidth": 0.6}
                    if leader else None,
                )  # fmt: skip
                # the label's own box (an annotation's extent would include its leader line),
                # once its offset from the point is applied
                text.update_positions(renderer)
                own = Text.get_window_extent(text, renderer)
                box = own.expanded(1.04, 1.3)
                if _fits(rule, own, box, k, marks, placed, frame, leader):
                    chosen = box
                    break
                text.remove()
            if chosen is not None:
                break
        if chosen is None:  # nowhere fits: beside the point, over whatever is there
            text = ax.annotate(label, (x, y), textcoords="offset points", xytext=(6, 0),
                               fontsize=8, ha="left", va="center")  # fmt: skip
            text.update_positions(renderer)
            chosen = Text.get_window_extent(text, renderer)
        placed.append(chosen)


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


#: What each dot colour of a dot plot means, for its legend.
COLOUR_MEANING: Final = {
    FULL: "a structure",
    OTHER: "no structure (a baseline, the reference)",
    CAPPED: "capped workload (*)",
}


def _colour_legend(ax: Axes, colours: list[str]) -> None:
    """A legend entry, outside the data, for each colour the plot's dots use."""
    from matplotlib.lines import Line2D

    used = [c for c in COLOUR_MEANING if c in colours]
    handles = [Line2D([], [], marker="o", linestyle="", color=c) for c in used]
    ax.legend(
        handles, [COLOUR_MEANING[c] for c in used], loc="upper left", bbox_to_anchor=(1.01, 1.0),
        fontsize=8,
    )  # fmt: skip


def _colour(row: CaseRow) -> str:
    """Capped rows red, reference rows (no structure: a baseline, the filter) green."""
    if row.note:
        return CAPPED
    return OTHER if row.tier == "reference" else FULL


def solve_figure(size: str, rows: list[CaseRow]) -> Figure:
    """ms/board per backend and tier: median dot, min-max line; capped rows in red."""
    return _case_figure(f"Solving random {size} boards", "board", rows)


def game_figure(title: str, unit: str, rows: list[CaseRow]) -> Figure:
    """ms per puzzle per structure, variant and tier: median dot, min-max line; capped rows in
    red (one game workload)."""
    return _case_figure(title, unit, rows)


def _case_figure(title: str, unit: str, rows: list[CaseRow]) -> Figure:
    """ms per ``unit`` of each row that ran (structure, tier and a variant other than the
    words): a dot plot with its colours' legend."""
    ran = [r for r in rows if r.value is not None]
    fig = Figure(figsize=(8, 0.36 * len(ran) + 1.4))
    ax = fig.subplots()
    colours = [_colour(r) for r in ran]
    _dots(
        ax,
        [
            f"{r.backend} ({r.tier}{'' if r.variant in ('', 'words') else ', ' + r.variant})"
            + (" *" if r.note else "")
            for r in ran
        ],
        [r.value for r in ran if r.value is not None],
        colours,
    )
    _colour_legend(ax, colours)
    _log(ax, "x")
    ax.set_xlabel(f"ms per {unit} (median; line: min to max over the rounds; log scale)")
    ax.set_title(title + (" (* capped workload)" if any(r.note for r in ran) else ""))
    return fig


def build_load_figure(build: dict[str, Measured], load: dict[str, Measured]) -> Figure:
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
    _log(ax, "x")
    ax.set_xlabel("ms (median; line: min to max; log scale)")
    ax.set_title("Building from the word list, and loading the saved file")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)
    return fig


def tradeoff_figure(
    points: list[tuple[str, float, float, float | None]],
    size: str,
    style: Mapping[str, Style] | None = None,
) -> Figure:
    """boards/s (x) against memory (y), both log; each point labelled with its backend and its
    cold first answer (ms), in the backend's style (``style``: by name; else from these names).

    ``points``: (backend, boards/s, RSS MiB, first answer ms or None); a point at 0 (no memory
    growth measured) has no place on a log axis and is left out (its table gives it).
    """
    points = [point for point in points if point[1] > 0 and point[2] > 0]
    chosen = style or styles(name for name, *_ in points)
    fig = Figure(figsize=(9, 6))
    ax = fig.subplots()
    for name, speed, mib, _first in points:
        colour, marker = chosen.get(name, (FULL, "o"))
        ax.plot([speed], [mib], marker, color=colour, label=f"_{name}")
    ax.margins(x=0.15, y=0.12)
    _log(ax, "x")
    _log(ax, "y")
    labels = [
        f"{name}, {first:,.0f} ms" if first is not None else name
        for name, _speed, _mib, first in points
    ]
    _place_labels(fig, ax, [(speed, mib) for _n, speed, mib, _f in points], labels)
    ax.grid(which="both", alpha=0.3)
    ax.set_xlabel(f"{size} boards per second, fastest tier (log; right is better)")
    ax.set_ylabel("resident memory of the built structure, MiB (log; lower is better)")
    ax.set_title(
        "Speed against memory (lower right is better; each label: the structure, and its first "
        "answer from a cold start)",
        fontsize=10,
    )
    return fig


def panels_of(series: Series) -> list[list[str]]:
    """The series split into panels of at most :data:`MAX_SERIES`, ordered by their last value
    (the fastest together), as evenly as the count allows."""
    order = sorted(series, key=lambda n: (series[n][max(series[n])] if series[n] else 0.0, n))
    count = max(1, math.ceil(len(order) / MAX_SERIES))
    size = math.ceil(len(order) / count) if order else 0
    return [order[i : i + size] for i in range(0, len(order), size)] or [[]]


def loglog_figure(
    series: Series,
    xlabel: str,
    ylabel: str,
    title: str,
    style: Mapping[str, Style] | None = None,
) -> Figure:
    """One line per backend, both axes log, a legend outside each panel; at most
    :data:`MAX_SERIES` lines a panel, panels of like values, on shared axes. Each backend in
    its style (``style``: by name, the report's; else from the series' names), distinct from
    every other's."""
    groups = panels_of(series)
    chosen = style or styles(series)
    fig = Figure(figsize=(8.5, 3.4 * len(groups) + 0.6), layout="constrained")
    axes = fig.subplots(len(groups), 1, squeeze=False, sharex=True)[:, 0]
    for ax, group in zip(axes, groups, strict=True):
        for name in group:
            points = series[name]
            xs = sorted(x for x in points if x > 0 and points[x] > 0)  # a log axis holds no 0
            colour, marker = chosen.get(name) or styles(series)[name]
            ax.plot(xs, [points[x] for x in xs], marker=marker, color=colour, label=name)
        ax.grid(which="both", alpha=0.3)
        ax.set_ylabel(ylabel)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    for ax in axes:
        _log(ax, "x")
        _log(ax, "y")
    axes[-1].set_xlabel(xlabel)
    if len(groups) > 1:
        fig.suptitle(f"{title} (panels: the series in order of their last value)")
    else:
        axes[0].set_title(title)
    return fig


def search_figure(
    panels: dict[str, dict[str, SearchRun]],
    by_seconds: bool,
    title: str,
    targets: dict[str, int] | None = None,
    highlight: tuple[str, ...] | None = None,
) -> Figure:
    """Best score (y) against evaluations or seconds (x, log, decades) for each labelled run, one
    panel per key of ``panels``: a step line through the run's rises to its last evaluation, and
    the panel's target (``targets``) as a dashed line. ``highlight``: the runs drawn in colour
    (at most :data:`MAX_SERIES`); the others are thin grey lines under one legend entry."""
    fig = Figure(figsize=(8.5, 3.4 * len(panels) + 0.4))
    axes = fig.subplots(len(panels), 1, squeeze=False)[:, 0]
    for ax, (name, runs) in zip(axes, panels.items(), strict=True):
        shown = list(highlight) if highlight is not None else list(runs)[:MAX_SERIES]
        greyed = False
        for label, run in runs.items():
            xs = [t if by_seconds else float(e) for e, _, t in run.trajectory]
            ys = [float(s) for _, s, _ in run.trajectory]
            xs.append(max(run.seconds if by_seconds else float(run.evaluations), xs[-1]))
            ys.append(ys[-1])
            xs = [max(x, 1e-5) for x in xs]  # no zero on a log axis
            if label in shown:
                i = shown.index(label)
                ax.step(xs, ys, where="post", label=label, linewidth=1.4, color=COLOURS[i],
                        marker=MARKERS[i], markevery=[len(xs) - 1])  # fmt: skip
            else:
                others = f"the {len(runs) - len(shown)} others" if not greyed else None
                ax.step(xs, ys, where="post", label=others, linewidth=0.7, color=GREY, zorder=0)
                greyed = True
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
        handles, labels = ax.get_legend_handles_labels()  # the coloured runs first, then grey
        order = sorted(range(len(labels)), key=lambda i: labels[i].startswith("the "))
        ax.legend([handles[i] for i in order], [labels[i] for i in order], loc="upper left",
                  bbox_to_anchor=(1.01, 1.0), fontsize=7)  # fmt: skip
    axes[-1].set_xlabel("seconds (log scale)" if by_seconds else "evaluations (log scale)")
    fig.suptitle(title)
    return fig
