"""The report's "Compiled and interpreted search" section: the solve suite's first board size
with the solver's search loops as installed and with their source run by the interpreter."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import build_text, num, table
from lexibench.benchmarks.report.sections import EMPTY, Section

HEADERS = [
    "backend",
    "tier",
    "installed ms/board",
    "interpreted ms/board",
    "interpreted boards/s",
    "interpreted / installed",
]


def render(results: Results) -> Section:
    interpreted = rows.solve_rows(results, interpreted=True)
    if not interpreted:
        return EMPTY
    size, table_rows = next(iter(interpreted.items()))
    installed = rows.solve_rows(results).get(size, [])
    compiled = {(r.backend, r.tier): r.value for r in installed}

    def installed_first(row: rows.CaseRow) -> tuple[bool, float, str, str]:
        fast = compiled.get((row.backend, row.tier))
        return (fast is None, fast.median if fast else 0.0, row.backend, row.tier)

    body = []
    for r in sorted(table_rows, key=installed_first):
        fast = compiled.get((r.backend, r.tier))
        slow = r.value
        body.append(
            [
                r.backend,
                r.tier,
                num(fast.median) if fast else "not run",
                num(slow.median) if slow else "not run",
                num(1000 / slow.median) if slow else "",
                f"{slow.median / fast.median:,.2f}" if slow and fast else "",
            ]
        )
    build = results.run.record.solver_build if results.run else None
    return Section.of(
        [
            f"## Compiled and interpreted search ({size})",
            "",
            _boards(installed, table_rows) + ", with the solver's search loops "
            "(`solver/games/boggle/search.py`) as installed for every other table here "
            f"({build_text(build)}) and with their source run by the "
            "interpreter. The lexicon is asked the same questions either way; what changes is the "
            "cost of the solver's own lines around them.",
            "",
            table(HEADERS, body),
            "",
        ]
    )


def _boards(installed: list[rows.CaseRow], interpreted: list[rows.CaseRow]) -> str:
    """What boards the two columns ran: the same, or (the solve tables' workload being shorter
    than this suite's) the first of the same seeded boards."""
    ran = rows.full_units(installed)
    here = rows.full_units(interpreted)
    if ran is None or here is None or ran == here:
        return "The same boards and backends"
    return (
        f"The same backends and seeded boards (the installed column from the solve table, on the "
        f"first {ran:,} of them; the interpreted one on {here:,}, ratios of means per board)"
    )
