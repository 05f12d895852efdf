"""How cost grows, in words: the tables and sentences of ``scaling.md``'s sections
(:mod:`.sections.dictionary`, :mod:`.sections.board_size`). Growth is summarized by the slope of
a least-squares fit of log(cost) against log(size) over every point
(:func:`benchmarks.report.rows.fit_slope`)."""

from __future__ import annotations

from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import num, table


def growth_table(series: rows.Series, xs: list[int], label: str, notes: dict[str, str]) -> str:
    headers = ["backend", *[label.format(x=x) for x in xs], "growth", "fitted slope"]
    body = []
    for name, points in series.items():
        first, last = min(points), max(points)
        slope = rows.fit_slope(points)
        body.append(
            [
                name + (" *" if name in notes else ""),
                *[num(points.get(x)) for x in xs],
                f"{points[last] / points[first]:,.1f}x"
                if last != first and points[first] > 0
                else "",
                f"{slope:.2f}" if slope is not None else "",
            ]
        )
    return table(headers, body)


def growth_sentences(series: rows.Series, unit: str, what: str = "ms/board") -> list[str]:
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
        points = {x: y for x, y in series[name].items() if x > 0 and y > 0}  # those fitted
        first, last = min(points), max(points)
        lines.append(
            f"- {name}: {num(points[first])} to {num(points[last])} {what} as the {unit} grows "
            f"{last / first:.1f}x ({first:,} to {last:,}): {points[last] / points[first]:.1f}x, "
            f"slope {slopes[name]:.2f} over {len(points)} points."
        )
    return lines


def notes_lines(notes: dict[str, str]) -> list[str]:
    return [f"- \\* {name}: {note}." for name, note in sorted(notes.items())]
