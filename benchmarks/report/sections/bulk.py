"""``scaling.md``'s "Bulk runs" section: ``lexibench solve --boards-file`` on many boards,
timed around the whole process (:mod:`benchmarks.processes.bulk`)."""

from __future__ import annotations

import statistics

from lexibench.benchmarks.harness.records import BulkFile, BulkRun, Results
from lexibench.benchmarks.report.formatting import build_text, date_text, num, spread, table
from lexibench.benchmarks.report.sections import EMPTY, Section
from lexibench.solver.defaults import DEFAULT_STRUCTURE

#: The targets the bulk runs are held to: ``--jobs 2`` at most this share of ``--jobs 1``'s
#: wall time, and the full lines at most this share of the C++ peer's (its scores only).
JOBS_TARGET = 0.6
PEER_TARGET = 1.0


def render(results: Results) -> Section:
    bulk = results.bulk
    if bulk is None:
        return EMPTY
    single = {
        (r.lexicon, r.output, r.count, r.boards, r.form): r.seconds
        for r in bulk.runs
        if r.jobs == 1 and r.engine == "processes"
    }
    workers = {
        "processes": "--jobs {}",
        "dask": "--dask-workers {}",
        "halves": "halves",
        "peer": "C++ peer",
        "discarded": "--jobs 1, to /dev/null",
        "copied": "its file, copied",
    }
    body = [
        [
            r.lexicon,
            r.output,
            f"{r.count:,} {r.boards}",
            r.form,
            workers[r.engine].format(r.jobs),
            f"{r.seconds:.1f}",
            spread(min(r.rounds), max(r.rounds)) if r.rounds else "",
            f"{r.cpu_seconds:.1f}",
            f"{r.count / r.seconds:,.0f}",
            f"{r.count / r.cpu_seconds:,.0f}",
            f"{single[key] / r.seconds:.2f}x"
            if (key := (r.lexicon, r.output, r.count, r.boards, r.form)) in single
            and r.engine != "copied"  # a copy, not a way to solve them
            else "",
        ]
        for r in bulk.runs
    ]
    headers = ["lexicon", "output", "boards", "form", "workers", "wall s", "wall s, rounds"]
    headers += ["CPU s", "boards/s"]
    headers += ["boards per CPU-s", "speed-up"]
    peer = any(r.engine == "peer" for r in bulk.runs)
    return Section.of(
        [
            "## Bulk runs",
            "",
            "`lexibench solve --boards-file` timed around the whole process (start-up, the "
            f"lexicon from a {bulk.cache} cache, the search, the JSON lines written to a file) on "
            f"a {bulk.cpus}-core machine, {date_text(bulk.datetime)}, solver search "
            f"{build_text(bulk.solver_build)}. `full`: each board's words with scores and paths, "
            "as `solve --json` prints them; `summary`: `--summary`, the count and score only. "
            "CPU seconds include the workers'; the outputs of `--jobs 1`, `--jobs 2` and "
            "`--dask-workers 2` are identical, and so are the two lexicons' full lines.",
            "",
            *_targets(bulk),
            table(headers, body),
            "",
            "Where a case ran in alternating rounds (`--jobs 1`, `--jobs 2`, the halves and the "
            "peer in turn, so that the machine's drift falls on all alike), `wall s` and `CPU s` "
            "are the medians and `wall s, rounds` the range. `halves`: two `--jobs 1` processes "
            "started at once, each on half the boards, timed until both end: what a second core "
            "gives on this machine when nothing is shared or handed back, the ceiling for "
            "`--jobs 2`."
            + (
                " `--jobs 1, to /dev/null`: the same command with its output discarded, what the "
                "search and the lines cost without the file system's write of them (the dense "
                "boards' full lines run to gigabytes; the peer writes scores only)."
                if any(r.engine == "discarded" for r in bulk.runs)
                else ""
            )
            + (
                " `its file, copied`: a process that only copies the `--jobs 1` output's file "
                "to a new one, a MiB at a time (as `solve` writes): the file system's write of "
                "those bytes alone, with no search (its CPU seconds are the kernel's, nearly "
                "all)."
                if any(r.engine == "copied" for r in bulk.runs)
                else ""
            ),
            "",
            "`--jobs` workers share the lexicon the main process loaded (they are forked from "
            "it). `--dask-workers 2` starts a local Dask cluster of two worker processes inside "
            "the timed command; each worker loads the lexicon from the cache on its first task, "
            "and the boards travel to it and the lines back through Dask, 2,000 boards a task.",
            "",
            "Forms: `slashed`, each board as `lexibench random` writes it (`abcd/efgh/...`); "
            "`spaced`, the same boards with their cells apart (`a b c d e ...`); `peers`, a "
            "letter per cell with `q` the Qu tile, as hybrid-boggle writes boards, read with "
            "`--q-means-qu`. Every form gives the slashed form's lines byte for byte.",
            "",
            "Boards: `random`, seeded 4x4 boards of the new dice; `dense`, as many of Boggle's "
            "dense boards (the best boards known, changed as a best-board search changes them), "
            "where a search spends its time. "
            + (
                "`C++ peer`: hybrid-boggle's C++ scorer on the same boards (built by hand, "
                "opt-in: `benchmarks/peers/hybrid_boggle.py`), timed the same way; its scores "
                "equal `--summary`'s."
                if peer
                else "hybrid-boggle's C++ scorer, the opt-in peer "
                "(`benchmarks/peers/hybrid_boggle.py`), "
                "was not built for this run."
            ),
            "",
        ]
    )


def _targets(bulk: BulkFile) -> list[str]:
    """The targets' table: at the largest count, the default lexicon's ``--jobs 2`` against
    ``--jobs 1`` for every boards, form and output (the ratio of the round-by-round pairs: median
    and range, beside the halves' ratio, the machine's ceiling), and the full lines against the
    peer."""
    count = max(r.count for r in bulk.runs)
    runs = {
        (r.boards, r.form, r.output, r.engine, r.jobs): r
        for r in bulk.runs
        if r.count == count and (r.lexicon == DEFAULT_STRUCTURE or r.engine == "peer")
    }
    body = []
    for (boards, form, output, engine, jobs), one in runs.items():
        if (engine, jobs) != ("processes", 1) or (boards, form, output, "processes", 2) not in runs:
            continue
        two = runs[(boards, form, output, "processes", 2)]
        halves = runs.get((boards, form, output, "halves", 2))
        ratios = _paired(two, one)
        ceiling = f"{halves.seconds / one.seconds:.2f}x" if halves else ""
        row = [f"`--jobs 2` / `--jobs 1`, {output}", f"{boards}, {form}", f"{num(one.seconds)} s"]
        row += [f"{num(two.seconds)} s", f"{ratios[0]:.2f}x", _range(ratios), ceiling]
        body.append([*row, f"<= {JOBS_TARGET}x", _met(ratios[0] <= JOBS_TARGET)])
    for boards in ("random", "dense"):
        peer = runs.get((boards, "slashed", "summary", "peer", 1))
        if peer is None:
            continue
        for engine, jobs, what in (
            ("processes", 1, "full lines"),
            ("processes", 2, "full lines, `--jobs 2` (two cores, the peer one)"),
            ("discarded", 1, "full lines to `/dev/null` (the search and the lines, no file)"),
        ):
            full = runs.get((boards, "slashed", "full", engine, jobs))
            if full is None:
                continue
            ratios = _paired(full, peer)
            row = [
                f"{what} / the C++ peer's scores",
                f"{boards}, slashed",
                f"{num(peer.seconds)} s",
            ]
            row += [f"{num(full.seconds)} s", f"{ratios[0]:.2f}x", _range(ratios), ""]
            body.append([*row, f"<= {PEER_TARGET}x", _met(ratios[0] <= PEER_TARGET)])
    if not body:
        return []
    headers = ["target", "boards", "baseline", "measured", "ratio", "ratio, rounds"]
    headers += ["ceiling (halves)", "target", "met"]
    return [
        f"The targets, on {count:,} boards (whole processes; a ratio is the median of the "
        "round-by-round ratios, with their range; the baseline is `--jobs 1`, or the peer):",
        "",
        table(headers, body),
        "",
    ]


def _paired(a: BulkRun, b: BulkRun) -> tuple[float, ...]:
    """``a``'s wall over ``b``'s: the median of the round-by-round ratios, then each round's (the
    ratio of the two times where either ran once)."""
    if len(a.rounds) == len(b.rounds) > 1:
        each = tuple(x / y for x, y in zip(a.rounds, b.rounds, strict=True))
        return (statistics.median(each), *each)
    return (a.seconds / b.seconds,)


def _range(ratios: tuple[float, ...]) -> str:
    each = ratios[1:]
    return f"{min(each):.2f}-{max(each):.2f}x" if each else ""


def _met(yes: bool) -> str:
    return "yes" if yes else "**no**"
