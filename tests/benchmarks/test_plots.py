"""Plots a reader reads at a glance: every point labelled, each label beside its own point (a
leader line where it is set apart), no label over another, no tick label over its neighbour, a
distinct colour and marker per structure (the same in every plot), no panel with more lines than
a reader follows (the rest grey), on the committed run's figures and on crowded made-up ones."""

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
    _labels_name_their_points(fig, points)


def test_many_series_are_split_into_panels_each_series_its_own_colour_and_marker() -> None:
    series = {f"s{i:02}": {x: float(i + 1) * x for x in (10, 100, 1000)} for i in range(17)}
    panels = plots.panels_of(series)
    assert [len(p) for p in panels] == [6, 6, 5]
    assert sorted(itertools.chain(*panels)) == sorted(series)
    fig = plots.loglog_figure(series, "x", "y", "title")
    styles = {}
    for ax in fig.axes:
        assert len(ax.get_lines()) <= plots.MAX_SERIES
        assert ax.get_legend() is not None  # each panel its own legend
        for line in ax.get_lines():
            styles[line.get_label()] = (line.get_color(), line.get_marker())
        _tick_labels_apart(fig, ax)
    assert len(styles) == 17
    assert len(set(styles.values())) == 17  # unique across the panels, not only within one


def test_every_style_is_distinct_and_neighbours_differ_in_both() -> None:
    names = [f"s{i:03}" for i in range(len(plots.COLOURS) * len(plots.MARKERS))]
    styles = plots.styles(names)
    assert len(set(styles.values())) == len(names)
    ordered = [styles[n] for n in sorted(names)]
    for (c1, m1), (c2, m2) in itertools.pairwise(ordered):
        assert c1 != c2
        assert m1 != m2
    assert plots.GREY not in plots.COLOURS  # grey is for the series not picked out


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
    assert points
    fig = plots.tradeoff_figure(points, size, plots.styles(rows.structure_names(results)))
    assert _no_overlap(_extents(fig, list(fig.axes[0].texts)))
    _labels_name_their_points(fig, points)


def test_a_structure_has_one_style_in_every_plot() -> None:
    """The committed run's speed-against-memory plot and its log-log plots give each structure
    the same colour and marker (array-trie, prefix-set and pygtrie were all blue circles)."""
    from lexibench.benchmarks.report.sections import board_size, dictionary, memory

    results = load(default_inputs(ROOT / "results"))
    seen: dict[str, set[tuple[str, str]]] = {}
    figures = [
        *dictionary.render(results).plots.values(),
        *board_size.render(results).plots.values(),
        memory.render(results).plots[memory.TRADEOFF],
    ]
    assert len(figures) == 4
    for fig in figures:
        for ax in fig.axes:
            for line in ax.get_lines():
                name = str(line.get_label()).lstrip("_")
                if line.get_marker() not in ("None", "", None):
                    seen.setdefault(name, set()).add(
                        (str(line.get_color()), str(line.get_marker()))
                    )
    assert len(seen) >= 15
    assert all(len(styles) == 1 for styles in seen.values()), seen
    every = [next(iter(styles)) for styles in seen.values()]
    assert len(set(every)) == len(every)


#: The farthest (pixels) a label beside its point may be from it, and one set apart.
BESIDE_PX = 12.0
APART_PX = 80.0


def _labels_name_their_points(fig: Figure, points: list[tuple[str, float, float, Any]]) -> None:
    """Every point has its label, and each names the point it is next to: beside its point
    (within BESIDE_PX), every other point APART times further from its box, so no other dot is
    the one a reader sees beside it; set apart (at most APART_PX), a leader line joins it to its
    own point and its box keeps twice CLEAR from the others. (The committed plot once put
    array-trie's label over kwg's point, ended sortedcontainers' leader line at marisa's, put
    lexpy-trie's label under pytrie's dot, and sqlite's far from its own.)"""
    ax = fig.axes[0]
    renderer = FigureCanvasAgg(fig).get_renderer()  # type: ignore[no-untyped-call]
    fig.draw_without_rendering()
    drawn = [p for p in points if p[1] > 0 and p[2] > 0]
    marks = {name: ax.transData.transform((x, y)) for name, x, y, _ in drawn}
    named = [str(text.get_text()).split(", ")[0] for text in ax.texts]
    assert sorted(named) == sorted(marks)  # every point labelled, once
    for text, name in zip(ax.texts, named, strict=True):
        assert isinstance(text, Annotation)
        box = Text.get_window_extent(text, renderer)
        mine = plots.gap(box, marks[name])
        others = [plots.gap(box, mark) for other, mark in marks.items() if other != name]
        assert tuple(text.xy) == next((x, y) for n, x, y, _ in drawn if n == name), name
        if text.arrow_patch is None:
            assert mine <= BESIDE_PX, (name, mine)
            assert all(gap > max(plots.CLEAR, plots.APART * mine) for gap in others), name
        else:
            assert mine <= APART_PX, (name, mine)
            assert all(gap > 2 * plots.CLEAR for gap in others), name


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
