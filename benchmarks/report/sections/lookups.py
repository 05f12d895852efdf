"""The report's "Look-ups" sections, one per operation (``is_word``, ``has_prefix``): median ns
per query for every backend and named query set."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import footnotes, notes, num, table
from lexibench.benchmarks.report.sections import Section


def render(results: Results) -> Section:
    lines: list[str] = []
    for op in ("is_word", "has_prefix"):
        sets, by_backend = rows.lookup_rows(results, op)
        if not sets:
            continue
        markers, notes_lines = notes(
            [
                (b, next((c.note for c in cells.values() if c.note), None))
                for b, cells in by_backend.items()
            ]
        )
        last = sets[-1]

        def key(
            item: tuple[str, dict[str, rows.CaseRow]], last: str = last
        ) -> tuple[bool, bool, float, str]:
            cell = item[1].get(last)
            return (
                cell is None or cell.value is None,
                bool(cell and cell.note),
                cell.value.median if cell and cell.value else 0.0,
                item[0],
            )

        body = []
        for backend, cells in sorted(by_backend.items(), key=key):
            row = [backend + markers.get(backend, "")]
            for qs in sets:
                cell = cells.get(qs)
                row.append(
                    num(cell.value.median) if cell and cell.value else ("not run" if cell else "")
                )
            body.append(row)
        lines += [
            f"## Look-ups: `{op}`",
            "",
            f"Median ns per query, sorted by the {last} set (each set has its own "
            "pytest-benchmark group).",
            "",
            table(["backend", *[f"{qs} ns" for qs in sets]], body),
            *footnotes(notes_lines),
            "",
        ]
    return Section.of(lines)
