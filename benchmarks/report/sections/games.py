"""The report's section of every game but Boggle (whose tables are :mod:`.solve`'s): per workload,
every structure, variant and tier beside the game's brute-force filter and baselines, and a plot.

It is generated from the games suite's records alone, so a game added to the registry gets its
section without any code here: the table's rows are what the records hold.
"""

from __future__ import annotations

import re

from matplotlib.figure import Figure

from lexibench.benchmarks.harness.records import REFERENCE_TIER, Results
from lexibench.benchmarks.report import plots, rows
from lexibench.benchmarks.report.formatting import footnotes, notes, num, spread, table
from lexibench.benchmarks.report.sections import EMPTY, Section
from lexibench.solver.games.protocol import plural

#: Games whose tables another section renders (Boggle's, :mod:`.solve`; the crossword game's,
#: :mod:`.crossword`, with its moves per second).
ELSEWHERE = frozenset({rows.BOGGLE, "crossword"})


def kind(row: rows.CaseRow) -> str:
    """The row's tier, with its variant when it is not the plain words."""
    return row.tier + ("" if row.variant in ("", "words") else f" ({row.variant})")


def _label(row: rows.CaseRow) -> str:
    """The row as a footnote names it: its structure and tier."""
    return f"{row.backend} ({kind(row)})"


def _slug(name: str) -> str:
    """``name`` as a file name's part: runs of anything but a-z and 0-9 made one ``-`` (a plot's
    link holds no space).

    >>> _slug("pattern with classes")
    'pattern-with-classes'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def workload_table(unit: str, table_rows: list[rows.CaseRow]) -> tuple[str, list[str]]:
    """One workload's Markdown table and its footnotes. ``vs fastest`` ranks only the rows that
    ran every puzzle (a capped row ran its first few: not ranked); where the filter ran fewer
    puzzles than the rows, a line under the table says its ratio compares different puzzles."""
    full = rows.full_units(table_rows)
    candidates = [r for r in table_rows if r.value and r.units == full and r.tier != REFERENCE_TIER]
    fastest = min((r.value.median for r in candidates if r.value), default=None)
    filter_row = next((r for r in table_rows if r.backend == "filter" and r.value), None)
    filtered = filter_row.value.median if filter_row and filter_row.value else None
    # a structure may have a capped row and full ones (its tiers): each row its own note
    markers, lines = notes([(_label(r), r.note) for r in table_rows])
    headers = ["structure", "tier", f"ms/{unit}", "min-max", f"{plural(unit)}/s", "vs fastest"]
    headers += ["x the filter's speed", "score"]
    body = []
    for r in table_rows:
        v = r.value
        body.append(
            [
                r.backend + markers.get(_label(r), ""),
                kind(r),
                num(v.median) if v else "not run",
                spread(v.low, v.high) if v else "",
                num(1000 / v.median) if v else "",
                f"{v.median / fastest:,.2f}" if v and fastest and r.units == full else "",
                f"{filtered / v.median:,.1f}" if v and filtered else "",
                "" if r.words is None else f"{r.words:,}",
            ]
        )
    if filter_row is not None and full is not None and filter_row.units != full:
        lines += [""] if lines else []
        lines.append(
            f"x the filter's speed: the filter was timed on its first {filter_row.units} "
            f"{plural(unit)}, the rows on all {full} (a capped row on its first few): a ratio of "
            f"means over different {plural(unit)}, to read for its order of magnitude."
        )
    return table(headers, body), lines


def render(results: Results) -> Section:
    """A section per game (but those rendered elsewhere), a table and a plot per workload."""
    lines: list[str] = []
    images: dict[str, Figure] = {}
    for game in rows.games(results):
        if game in ELSEWHERE:
            continue
        unit = rows.unit_of(results, game)
        title = rows.title_of(game)
        lines += [f"## {title}", ""]
        lines += [
            f"Every structure and tier the game offers on its seeded {plural(unit)}, beside its "
            "brute-force filter over the word list (the reference every answer is checked "
            "against) and its baselines. `vs fastest`: the time over the fastest structure's, "
            f"among the rows that ran every {unit} (a capped row ran its first few: not "
            "ranked); `x the filter's speed`: how many times faster than the filter; `score`: "
            "the answers' points summed over the round.",
            "",
        ]
        for workload, table_rows in rows.game_rows(results, game).items():
            body, notes_lines = workload_table(unit, table_rows)
            name = f"game-{game}-{_slug(workload)}.png"
            images[name] = plots.game_figure(f"{title}: {workload}", unit, table_rows)
            lines += [
                f"### {title}: {workload}",
                "",
                body,
                *footnotes(notes_lines),
                "",
                f"![ms per {unit}, {title} {workload}](plots/{name})",
                "",
            ]
    return Section.of(lines, images) if lines else EMPTY
