"""The report's "Letter Boxed" section: ms per puzzle for every backend (words and two-word
solutions of the seeded puzzles)."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import footnotes, notes, num, spread, table
from lexibench.benchmarks.report.sections import EMPTY, Section

HEADERS = ["backend", "ms/puzzle", "min-max", "vs fastest", "puzzles", "words found"]


def render(results: Results) -> Section:
    table_rows = rows.letterboxed_rows(results)
    if not table_rows:
        return EMPTY
    fastest = min((r.value.median for r in table_rows if r.value and not r.note), default=None)
    markers, notes_lines = notes([(r.backend, r.note) for r in table_rows])
    body = [
        [
            r.backend + markers.get(r.backend, ""),
            num(r.value.median) if r.value else "not run",
            spread(r.value.low, r.value.high) if r.value else "",
            f"{r.value.median / fastest:,.2f}" if r.value and fastest else "",
            str(r.units) if r.value else "",
            "" if r.words is None else f"{r.words:,}",
        ]
        for r in table_rows
    ]
    return Section.of(
        [
            "## Letter Boxed",
            "",
            "Finding every valid word and all two-word solutions per puzzle (the search is "
            "interpreted Python for every backend alike).",
            "",
            table(HEADERS, body),
            *footnotes(notes_lines),
            "",
        ]
    )
