"""The report's "Start-up and time to first answer" section: whole ``lexibench`` processes timed
from outside (:mod:`benchmarks.processes.startup`), and per backend one board from a cold
process, with the command's phases."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.processes.startup import ONCE_CPU_S, SUGGEST
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import num, spread, table
from lexibench.benchmarks.report.sections import EMPTY, Section

PHASES = ["start-up", "imports", "lexicon", "search", "output"]


def render(results: Results) -> Section:
    data = results.startup
    if data is None:
        return EMPTY
    cases = table(
        ["command", "CPU ms", "min-max", "wall ms"],
        [
            [
                f"`lexibench {args}`",
                num(p.cpu_median * 1000),
                spread(min(p.cpu_s) * 1000, max(p.cpu_s) * 1000),
                num(p.wall_median * 1000),
            ]
            for name, args in (
                ("version", "--version"),
                ("random", "random --count 1"),
                *((name, " ".join(args)) for name, args in SUGGEST.items()),
            )
            if (p := data.cases.get(name)) is not None
        ],
    )
    body = []
    for r in rows.first_answer_rows(results):
        body.append(
            [
                r.backend,
                num(r.cached_cpu_ms),
                spread(r.cached_low, r.cached_high),
                num(r.cached_wall_ms),
                *[num(r.phases.get(p)) for p in PHASES],
                num(r.built_cpu_ms),
            ]
        )
    body += [
        [name, "not run", "", "", *[""] * len(PHASES), why]
        for name, why in sorted(data.not_run.items())
    ]
    per_backend = table(
        [
            "backend",
            "CPU ms",
            "min-max",
            "wall ms",
            *[f"{p} ms" for p in PHASES],
            "--no-cache CPU ms",
        ],
        body,
    )
    processes = [*data.cases.values()]
    processes += [p for first in data.backends.values() for p in (first.cached, first.built)]
    once = (
        f" (one, where the first took over {ONCE_CPU_S:g} s of CPU)"
        if any(len(p.cpu_s) < data.runs for p in processes)
        else ""
    )
    return Section.of(
        [
            "## Start-up and time to first answer",
            "",
            f"Whole `{data.command}` processes, timed from outside (CPU: user + system), median "
            f"of {data.runs} fresh processes each{once}, output discarded."
            + (
                f" The `wordle --suggest` rows run with {data.wordlist.name} and the default "
                "lexicon from the cache: before any guess every word of five letters is graded "
                "against every other (the target: at most 30 s), after one guess against the "
                "candidates left (at most 2 s)."
                if SUGGEST.keys() & data.cases.keys()
                else ""
            ),
            "",
            cases,
            "",
            f"One board (`{data.board}`) with {data.wordlist.name} ({data.wordlist.words:,} "
            "words) from a cold process, the lexicon loaded from the cache (the usual case after "
            "the first command). The phases are the command's own CPU time: start-up (the "
            "interpreter and the CLI's imports), imports (the command's modules), lexicon "
            "(finding, checking and loading the cached structure), search, output. The last "
            "column builds from the word list instead (`--no-cache`).",
            "",
            per_backend,
            "",
        ]
    )
