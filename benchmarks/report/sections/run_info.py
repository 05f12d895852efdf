"""The report's "The run" section: date, machine, Python, packages, word list, workload, the raw
files, and the backends not measured (unavailable here)."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report.formatting import build_text, date_text, table
from lexibench.benchmarks.report.rows import title_of
from lexibench.benchmarks.report.sections import EMPTY, Section


def render(results: Results) -> Section:
    run = results.run
    if run is None:
        return EMPTY
    s = run.record.settings
    words = run.record.wordlist
    span = results.span()
    one_run = results.one_run
    if one_run or span is None:
        date = f"- Date: {date_text(run.datetime)}"
    else:
        date = (
            f"- Dates: from {date_text(span[0])} to {date_text(span[1])}: not one run (some "
            "raw files were measured again later; each file's date is under Raw files)"
        )
    files = ", ".join(
        f"`{name}`" + (f" ({date_text(results.measured[name])})" if not one_run else "")
        for name in results.sources
    )
    lines = [
        "## The run",
        "",
        date,
        f"- Machine: {run.machine}, {run.cpus} logical cores; {run.system}",
        f"- Python: {run.python}; solver search {build_text(run.record.solver_build)}",
        _packages(run.record.packages),
        f"- Word list: {words.name}, {words.words:,} words, sha256 `{words.sha256}`",
        f"- Workload: seed {s.seed}; each game's workloads at the {s.scale} scale"
        + (f" ({s.puzzles} puzzles each)" if s.puzzles else "")
        + f"; {s.boards} boards per size in the Boggle suites; {s.queries} queries "
        f"per set, scaling sweep {s.sweep}; rounds as "
        "pytest-benchmark calibrated them (each table gives the spread)",
        f"- Raw files: {files}",
    ]
    lines += [
        f"- Not measured, unavailable here: {n} ({why})"
        for n, why in sorted(run.record.unavailable.items())
    ]
    return Section.of([*lines, "", *_cost(results)])


def _packages(packages: dict[str, str | None]) -> str:
    """The packages line: each installed one with its version, then those the run looked for
    and did not find (recorded without a version)."""
    installed = [f"{name} {version}" for name, version in sorted(packages.items()) if version]
    missing = [name for name, version in sorted(packages.items()) if not version]
    line = "- Packages: " + (", ".join(installed) or "none found")
    return line + (f"; not installed: {', '.join(missing)}" if missing else "")


def _cost(results: Results) -> list[str]:
    """What each suite of the run cost in wall time, and the games suite game by game (from the
    runs that recorded it)."""
    timed = [r for r in results.runs if r.record.seconds is not None]
    if not timed:
        return []
    suites = sorted(
        ((r.source.removesuffix(".json"), r.record.seconds or 0.0) for r in timed),
        key=lambda x: -x[1],
    )
    lines = [
        "### What the run cost",
        "",
        "Wall time of each suite's pytest session (the fresh-process measurements, memory, "
        "start-up and bulk runs, come after them):",
        "",
        table(["suite", "minutes"], [[name, f"{seconds / 60:.1f}"] for name, seconds in suites]),
        "",
    ]
    by_game = {g: t for r in timed for g, t in r.record.seconds_by_game.items()}
    if by_game:
        rows = [[title_of(g), f"{t / 60:.1f}"] for g, t in sorted(by_game.items())]
        lines += [
            "The games suite by game (each case's set-up, rounds and checks):",
            "",
            table(["game", "minutes"], rows),
            "",
        ]
    return lines
