"""The report's "The run" section: date, machine, Python, packages, word list, workload, the raw
files, and the backends not measured (unavailable here)."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report.formatting import build_text, date_text
from lexibench.benchmarks.report.sections import EMPTY, Section


def render(results: Results) -> Section:
    run = results.run
    if run is None:
        return EMPTY
    s = run.settings
    words = run.wordlist
    lines = [
        "## The run",
        "",
        f"- Date: {date_text(run.datetime)}",
        f"- Machine: {run.machine}, {run.cpus} logical cores; {run.system}",
        f"- Python: {run.python}; solver search {build_text(run.solver_build)}",
        "- Packages: " + ", ".join(f"{k} {v}" for k, v in sorted(run.packages.items())),
        f"- Word list: {words.name}, {words.words:,} words, sha256 `{words.sha256}`",
        f"- Workload: seed {s.seed}; each game's workloads at the {s.scale} scale"
        + (f" ({s.puzzles} puzzles each)" if s.puzzles else "")
        + f"; {s.boards} boards per size in the Boggle suites; {s.queries} queries "
        f"per set, scaling sweep {s.sweep}; rounds as "
        "pytest-benchmark calibrated them (each table gives the spread)",
        f"- Raw files: {', '.join(f'`{name}`' for name in results.sources)}",
    ]
    lines += [
        f"- Not measured, unavailable here: {n} ({why})"
        for n, why in sorted(run.unavailable.items())
    ]
    return Section.of([*lines, ""])
