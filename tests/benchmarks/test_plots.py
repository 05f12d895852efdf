"""Plots a reader reads at a glance: no label over another, no tick label over its neighbour, a
distinct colour and marker per series of a panel, no panel with more lines than a reader follows
(the rest grey), on the committed run's figures and on crowded made-up ones."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.text import Annotation, Text

from lexibench.benchmarks.harness.records import SearchRun, default_inputs, load
from lexibench.benchmarks.report import plots, rows
from lexibench.benchmarks.report.rows import CaseRow, Measured
from lexibench.benchmarks.report.sections.memory import tradeoff_points
from tests.commands import ROOT


def _extents(fig: Figure, texts: Sequence[Any]) -> list[Any]:
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    fig.draw_without_rendering()
    return [  # a label's own box, without an annotation's leader line
        Text.get_window_extent(t, renderer) for t in texts if t.get_visible() and t.get_text()
    ]


def _no_overlap(boxes: list[Any]) -> bool:
    return not any(a.overlaps(b) for a, b in itertools.combinations(boxes, 2))


def _tick_labels_apart(fig: Figure, ax: Axes) -> None:
    for labels in (ax.get_xticklabels(), ax.get_yticklabels()):
        assert _no_overlap(_extents(fig, list(labels))), [t.get_text() for t in labels]


def _measured(ms: float) -> Measured:
    return Measured(ms, ms * 0.9, ms * 1.2, 5)


def test_tick_labels_never_run_together_over_many_decades() -> None:
    table = [
        CaseRow(f"b{i}", "string", _measured(10.0 ** (i / 3 - 2)), 100, None) for i in range(22)
    ]
    fig = plots.solve_figure("4x4", table)
    _tick_labels_apart(fig, fig.axes[0])


def test_point_labels_never_overlap_when_points_crowd() -> None:
    points: list[tuple[str, float, float, float | None]] = [
        (f"backend-{i}", 2000.0 + 30 * i, 180.0 + 3 * i, 2600.0 + i) for i in range(6)
    ]
    points += [(f"far-{i}", 10.0**i, 10.0 ** (i / 2), None) for i in range(6)]
    fig = plots.tradeoff_figure(points, "4x4")
    ax = fig.axes[0]
    boxes = _extents(fig, list(ax.texts))
    assert _no_overlap(boxes)
    frame = ax.get_window_extent()
    assert all(frame.x0 <= b.x0 and b.x1 <= frame.x1 for b in boxes)
    _tick_labels_apart(fig, ax)


def test_many_series_are_split_into_panels_each_series_its_own_colour_and_marker() -> None:
    series = {f"s{i:02}": {x: float(i + 1) * x for x in (10, 100, 1000)} for i in range(17)}
    panels = plots.panels_of(series)
    assert [len(p) for p in panels] == [6, 6, 5]
    assert sorted(itertools.chain(*panels)) == sorted(series)
    fig = plots.loglog_figure(series, "x", "y", "title")
    for ax in fig.axes:
        styles = [(line.get_color(), line.get_marker()) for line in ax.get_lines()]
        assert len(styles) <= plots.MAX_SERIES
        assert len(set(styles)) == len(styles)
        _tick_labels_apart(fig, ax)


def test_a_plot_of_many_like_traces_greys_all_but_the_few_that_matter() -> None:
    runs = {
        f"b{i} (string)": SearchRun(
            0, "abcd", 10, 100, 0.1 * (i + 1), ((1, 5, 0.01), (50, 10, 0.05))
        )
        for i in range(20)
    }
    fig = plots.search_figure(
        {"panel": runs}, True, "title", highlight=("b0 (string)", "b9 (string)")
    )
    lines = fig.axes[0].get_lines()
    coloured = [line for line in lines if line.get_color() != plots.GREY]
    assert len(coloured) == 2
    legend = fig.axes[0].get_legend()
    assert legend is not None
    labels = [t.get_text() for t in legend.get_texts()]
    assert labels == ["b0 (string)", "b9 (string)", "the 18 others"]


def test_the_committed_run_plots_read() -> None:
    """The committed results' own plots: tick labels apart, point labels apart, a distinct
    style per series, at most MAX_SERIES coloured lines a panel."""
    results = load(default_inputs(ROOT / "results"))
    for size, table in rows.solve_rows(results).items():
        fig = plots.solve_figure(size, table)
        _tick_labels_apart(fig, fig.axes[0])
    size = rows.headline_size(results)
    points = tradeoff_points(results, size)
    if points:
        fig = plots.tradeoff_figure(points, size)
        assert _no_overlap(_extents(fig, list(fig.axes[0].texts)))
        _labels_name_their_points(fig, points)


def _labels_name_their_points(fig: Figure, points: list[tuple[str, float, float, Any]]) -> None:
    """Each point label names the point it touches: beside its point, no other point is as near
    its box; set apart, a leader line joins it to its own point and its box keeps clear of the
    others. (The committed plot once put array-trie's label over kwg's point, and ended
    sortedcontainers' leader line at marisa's.)"""
    ax = fig.axes[0]
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    fig.draw_without_rendering()
    marks = {name: ax.transData.transform((x, y)) for name, x, y, _ in points}
    for text in ax.texts:
        assert isinstance(text, Annotation)
        name = text.get_text().split(" (")[0]
        box = Text.get_window_extent(text, renderer)
        others = [plots.gap(box, mark) for other, mark in marks.items() if other != name]
        if text.arrow_patch is None:
            assert all(plots.gap(box, marks[name]) < gap for gap in others), name
        else:
            assert tuple(text.xy) == next((x, y) for n, x, y, _ in points if n == name), name
            assert all(gap > plots.CLEAR for gap in others), name


def test_every_colour_of_a_dot_plot_has_a_legend_entry() -> None:
    """Blue, green and red dots (a structure, no structure, a capped workload) each say so."""
    results = load(default_inputs(ROOT / "results"))
    for size, table in rows.solve_rows(results).items():
        ax = plots.solve_figure(size, table).axes[0]
        colours = {line.get_color() for line in ax.lines if line.get_marker() == "o"}
        legend = ax.get_legend()
        assert legend is not None, size
        entries = {h.get_color() for h in legend.legend_handles if isinstance(h, Line2D)}
        assert colours <= entries, (size, colours - entries)
