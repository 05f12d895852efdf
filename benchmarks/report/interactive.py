"""Every plot of the reports as an interactive figure for the HTML report (plotly.js): read from
the very matplotlib figure the PNG is drawn from, so the two cannot disagree.

:func:`figure` walks a figure of :mod:`benchmarks.report.plots` (dot plots, line plots, step
plots, panels on shared axes) and returns plotly.js's ``{"data": [...], "layout": {...}}``: each
line or marker series a trace with its colour, marker and legend entry (each panel its own
legend, beside it), log axes kept log with each decade labelled plainly (no minor tick labels), a
dot plot's row names as its y axis, a point's label (a value, a backend's name) on the page where
the PNG has it (a leader line where the PNG has one) and in its hover text, a horizontal
reference line (a target) as a dashed shape. The output is plain data (no plotly Python objects):
the same figure gives the same JSON bytes.
"""

from __future__ import annotations

import math
from typing import Any, Final

import numpy as np
from matplotlib import colors
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.text import Annotation

from lexibench.benchmarks.report.plots import GREY, PLACED

#: matplotlib's markers as plotly.js's symbols.
SYMBOLS: Final = {
    "o": "circle",
    "s": "square",
    "^": "triangle-up",
    "D": "diamond",
    "v": "triangle-down",
    "P": "cross",
    "X": "x",
    "*": "star",
    "<": "triangle-left",
    ">": "triangle-right",
    "h": "hexagon",
    "p": "pentagon",
}
#: Pixels per inch of the matplotlib figure, for the interactive figure's height.
PIXELS_PER_INCH: Final = 90
#: The gap between panels, as a fraction of the figure's height.
PANEL_GAP: Final = 0.08
#: Pixels per typographic point (a label's offset from its point), at :data:`PIXELS_PER_INCH`.
PIXELS_PER_POINT: Final = PIXELS_PER_INCH / 72
#: matplotlib's horizontal alignments of a label as plotly.js's anchors.
ANCHORS: Final = {"left": "left", "right": "right"}
#: The most decades a log axis labels each; over more, every second (third, ...) one.
MAX_DECADES: Final = 8


def _colour(line: Any, value: Any = None) -> str:
    """``line``'s colour (or ``value``) as CSS, with the artist's alpha."""
    rgba = colors.to_rgba(value if value is not None else line.get_color(), line.get_alpha())
    r, g, b, a = rgba
    if a >= 1:
        return colors.to_hex(rgba)
    return f"rgba({round(r * 255)},{round(g * 255)},{round(b * 255)},{a:.2f})"


def _floats(values: Any) -> list[float | None]:
    out: list[float | None] = []
    for v in values:
        f = float(v)
        out.append(f if math.isfinite(f) else None)
    return out


def _categories(ax: Axes) -> dict[int, str]:
    """A dot plot's row names by their y position (empty when the y axis is numeric)."""
    ticks = ax.get_yticks()
    labels = [t.get_text() for t in ax.get_yticklabels()]
    named = {
        round(float(tick)): label
        for tick, label in zip(ticks, labels, strict=False)
        if label and not _numeric(label)
    }
    return named if len(named) == len(labels) and named else {}


def _numeric(text: str) -> bool:
    try:
        float(text.replace(",", "").replace("\N{MINUS SIGN}", "-"))
    except ValueError:
        return False
    return True


def _point_labels(ax: Axes) -> dict[tuple[float, float], str]:
    """The annotations anchored at a data point (a dot's value, a backend's name), by point."""
    found: dict[tuple[float, float], str] = {}
    for text in ax.texts:
        if isinstance(text, Annotation) and text.xycoords == "data":
            x, y = (float(v) for v in text.xy)
            found.setdefault((x, y), text.get_text())
    return found


def _trace(
    line: Line2D, ax: Axes, axis: str, labels: dict[tuple[float, float], str]
) -> dict[str, Any]:
    xs, ys = _floats(line.get_xdata()), _floats(line.get_ydata())
    marker = str(line.get_marker())
    styled = str(line.get_linestyle()) not in ("None", "", " ", "none")
    has_marker = marker not in ("None", "", " ", "none")
    trace: dict[str, Any] = {
        "type": "scatter",
        "x": xs,
        "y": ys,
        "xaxis": "x" + axis,
        "yaxis": "y" + axis,
        "mode": "+".join(m for m, on in (("lines", styled), ("markers", has_marker)) if on)
        or "markers",
    }
    label = str(line.get_label())
    if label and not label.startswith("_"):
        trace["name"] = label
        trace["legendgroup"] = label
    else:
        trace["showlegend"] = False
    if styled:
        trace["line"] = {
            "color": _colour(line),
            "width": round(float(line.get_linewidth()) * 1.3, 2),
            "dash": "dash" if line.get_linestyle() == "--" else "solid",
        }
        if str(line.get_drawstyle()).startswith("steps"):
            trace["line"]["shape"] = "hv"
    if has_marker:
        trace["marker"] = {
            "color": _colour(line, line.get_markerfacecolor()),
            "symbol": SYMBOLS.get(marker, "circle"),
            "size": round(float(line.get_markersize()) * 1.2, 2),
        }
    names = _categories(ax)
    hover = []
    for x, y in zip(xs, ys, strict=True):
        parts = []
        if y is not None and names:
            parts.append(names.get(round(y), ""))
        elif "name" in trace:
            parts.append(trace["name"])
        if x is not None and y is not None and (x, y) in labels:
            parts.append(labels[(x, y)])
        hover.append(" ".join(p for p in parts if p))
    trace["text"] = hover
    trace["hovertemplate"] = (
        "%{text}<br>%{x:.4~g}<extra></extra>"
        if names
        else "%{text}<br>%{x:.4~g}, %{y:.4~g}<extra></extra>"
    )
    return trace


def _axis(ax: Axes, which: str) -> dict[str, Any]:
    scale = ax.get_xscale() if which == "x" else ax.get_yscale()
    label = ax.get_xlabel() if which == "x" else ax.get_ylabel()
    axis: dict[str, Any] = {
        "type": "log" if scale == "log" else "linear",
        "title": {"text": label, "font": {"size": 11}},
        "showgrid": True,
        "gridcolor": "#e5e5e5",
        "zeroline": False,
        "showline": True,
        "linecolor": "#888888",
        "mirror": True,
    }
    if scale == "log":
        low, high = sorted(ax.get_xlim() if which == "x" else ax.get_ylim())
        if low > 0 and math.isfinite(high):
            values = log_ticks(low, high)
            # (to 12 digits: the limits matplotlib sets move by a last bit from one numpy
            # release to another, and the page must not)
            axis["range"] = [round(math.log10(low), 12), round(math.log10(high), 12)]
            axis["tickmode"] = "array"
            axis["tickvals"] = values
            axis["ticktext"] = [f"{v:,.10g}" for v in values]
    if which == "y":
        names = _categories(ax)
        if names:
            axis["tickvals"] = sorted(names)
            axis["ticktext"] = [names[k] for k in sorted(names)]
            axis["automargin"] = True
            axis["range"] = [max(names) + 0.5, min(names) - 0.5]  # first row on top
    return axis


def log_ticks(low: float, high: float) -> list[float]:
    """The labelled ticks of a log axis from ``low`` to ``high``: each power of ten (every
    second, third, ... over more than :data:`MAX_DECADES`), or, where fewer than two fall in the
    range, 1, 2 and 5 times each (so some label is always there); never a minor tick's label."""
    first = math.ceil(math.log10(low) - 1e-9)
    last = math.floor(math.log10(high) + 1e-9)
    if last - first + 1 >= 2:
        step = math.ceil((last - first + 1) / MAX_DECADES)
        return [float(f"{10.0**k:.1g}") for k in range(first, last + 1, step)]
    return [
        float(f"{m * 10.0**k:.1g}")
        for k in range(first - 1, last + 1)
        for m in (1, 2, 5)
        if low <= float(f"{m * 10.0**k:.1g}") <= high
    ]


def _at(ax: Axes, which: str, value: float) -> float:
    """``value`` in plotly's coordinates of an axis (a log axis' are log10 of the data)."""
    scale = ax.get_xscale() if which == "x" else ax.get_yscale()
    return math.log10(value) if scale == "log" and value > 0 else value


def _point_annotations(ax: Axes, axis: str) -> list[dict[str, Any]]:
    """The labels the PNG draws beside its points, as plotly.js's annotations: at the same offset
    from the point (a leader line where the PNG has one)."""
    found = []
    for text in ax.texts:
        if not (isinstance(text, Annotation) and text.xycoords == "data"):
            continue
        x, y = (float(v) for v in text.xy)
        if not (math.isfinite(x) and math.isfinite(y)) or not text.get_text():
            continue
        dx, dy = (float(v) * PIXELS_PER_POINT for v in text.xyann)
        note: dict[str, Any] = {
            "text": text.get_text(),
            "xref": "x" + axis,
            "yref": "y" + axis,
            "x": _at(ax, "x", x),
            "y": _at(ax, "y", y),
            "xanchor": ANCHORS.get(str(text.get_horizontalalignment()), "center"),
            "font": {"size": 10},
        }
        if text.arrow_patch is not None:
            note |= {
                "showarrow": True,
                "ax": round(dx, 2),
                "ay": round(-dy, 2),
                "arrowhead": 0,
                "arrowwidth": 0.8,
                "arrowcolor": GREY,
                "standoff": 3,
            }
        else:
            va = str(text.get_verticalalignment())
            note |= {
                "showarrow": False,
                "xshift": round(dx, 2),
                "yshift": round(dy, 2),
                "yanchor": {"top": "top", "bottom": "bottom", "baseline": "bottom"}.get(
                    va, "middle"
                ),
            }
        found.append(note)
    return found


def _legend_entries(ax: Axes, shown: set[str]) -> list[dict[str, Any]]:
    """Entries of a legend drawn from handles that are not lines of the plot (a dot plot's
    colours), as empty traces that only show in the legend."""
    legend = ax.get_legend()
    if legend is None:
        return []
    entries = []
    for handle, text in zip(legend.legend_handles, legend.get_texts(), strict=False):
        name = text.get_text()
        if name in shown or not isinstance(handle, Line2D):
            continue
        entries.append(
            {
                "type": "scatter",
                "x": [None],
                "y": [None],
                "mode": "markers",
                "name": name,
                "marker": {
                    "color": _colour(handle, handle.get_markerfacecolor()),
                    "symbol": SYMBOLS.get(str(handle.get_marker()), "circle"),
                },
                "hoverinfo": "skip",
            }
        )
    return entries


def figure(fig: Figure) -> dict[str, Any]:
    """The interactive twin of ``fig``: plotly.js's data and layout."""
    axes = [ax for ax in fig.axes if ax.get_visible()]
    rows = len(axes)
    height = max(320, round(fig.get_figheight() * PIXELS_PER_INCH))
    span = (1 - PANEL_GAP * (rows - 1)) / rows if rows else 1
    data: list[dict[str, Any]] = []
    shapes: list[dict[str, Any]] = []
    annotations: list[dict[str, Any]] = []
    layout: dict[str, Any] = {
        "height": height,
        "hovermode": "closest",
        "paper_bgcolor": "white",
        "plot_bgcolor": "white",
        "margin": {"l": 60, "r": 20, "t": 60, "b": 50},
        "font": {"family": "sans-serif", "size": 12},
    }
    suptitle = fig.get_suptitle()
    titles = [ax.get_title() for ax in axes]
    if suptitle:
        layout["title"] = {"text": suptitle, "font": {"size": 14}}
    elif rows == 1 and titles[0]:
        layout["title"] = {"text": titles[0], "font": {"size": 14}}
        titles = [""]
    for index, ax in enumerate(axes):
        axis = "" if index == 0 else str(index + 1)
        top = 1 - index * (span + PANEL_GAP)
        legend = "legend" + axis  # each panel its own legend, beside it
        if ax.get_legend() is not None:
            layout[legend] = {
                "font": {"size": 10},
                "x": 1.02,
                "xanchor": "left",
                "y": round(top, 4),
                "yanchor": "top",
            }
        legend_names: set[str] = set()
        labels = _point_labels(ax)
        for line in ax.get_lines():
            if line.get_transform() is not ax.transData:  # a horizontal reference line
                y = float(np.asarray(line.get_ydata(), dtype=float)[0])
                shapes.append(
                    {
                        "type": "line",
                        "xref": f"x{axis} domain",
                        "x0": 0,
                        "x1": 1,
                        "yref": f"y{axis}",
                        "y0": y,
                        "y1": y,
                        "line": {"color": "#333333", "width": 1, "dash": "dash"},
                    }
                )
                continue
            trace = _trace(line, ax, axis, labels)
            if "name" in trace:
                trace["legend"] = legend
                trace["legendgroup"] = f"{legend}:{trace['name']}"
                if trace["name"] in legend_names or legend not in layout:
                    trace["showlegend"] = False
                legend_names.add(trace["name"])
            data.append(trace)
        annotations += _point_annotations(ax, axis)
        if ax.get_gid() == PLACED:  # labels placed for this width: kept
            layout["width"] = round(fig.get_figwidth() * PIXELS_PER_INCH)
        for text in ax.texts:  # text placed on the axes, not at a point: kept as it is
            if isinstance(text, Annotation) and text.xycoords == ("axes fraction", "data"):
                annotations.append(
                    {
                        "text": text.get_text(),
                        "xref": f"x{axis} domain",
                        "yref": f"y{axis}",
                        "x": float(text.xy[0]),
                        "y": float(text.xy[1]),
                        "showarrow": False,
                        "xanchor": "left",
                        "yanchor": "bottom",
                        "font": {"size": 10},
                    }
                )
        entries = _legend_entries(ax, legend_names)
        for entry in entries:
            entry["legend"] = legend
        data += entries
        x_axis = _axis(ax, "x")
        x_axis["anchor"] = "y" + axis
        if index:
            x_axis["matches"] = "x" if ax.get_shared_x_axes().joined(ax, axes[0]) else None
            if x_axis["matches"] is None:
                del x_axis["matches"]
        y_axis = _axis(ax, "y")
        y_axis["anchor"] = "x" + axis
        y_axis["domain"] = [round(max(0.0, top - span), 4), round(top, 4)]
        layout["xaxis" + axis] = x_axis
        layout["yaxis" + axis] = y_axis
        if titles[index]:
            annotations.append(
                {
                    "text": titles[index],
                    "xref": "paper",
                    "yref": "paper",
                    "x": 0.5,
                    "y": top,
                    "xanchor": "center",
                    "yanchor": "bottom",
                    "showarrow": False,
                    "font": {"size": 12},
                }
            )
    if shapes:
        layout["shapes"] = shapes
    if annotations:
        layout["annotations"] = annotations
    return {"data": data, "layout": layout}
