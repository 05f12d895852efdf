"""``scaling.md``'s "Bulk runs" section: ``lexibench solve --boards-file`` on many boards,
timed around the whole process (:mod:`benchmarks.processes.bulk`)."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report.formatting import build_text, date_text, table
from lexibench.benchmarks.report.sections import EMPTY, Section


def render(results: Results) -> Section:
    bulk = results.bulk
    if bulk is None:
        return EMPTY
    single = {
        (r.lexicon, r.output, r.count, r.boards, r.form): r.seconds
        for r in bulk.runs
        if r.jobs == 1 and r.engine != "peer"
    }
    workers = {"processes": "--jobs {}", "dask": "--dask-workers {}", "peer": "C++ peer"}
    body = [
        [
            r.lexicon,
            r.output,
            f"{r.count:,} {r.boards}",
            r.form,
            workers[r.engine].format(r.jobs),
            f"{r.seconds:.1f}",
            f"{r.cpu_seconds:.1f}",
            f"{r.count / r.seconds:,.0f}",
            f"{r.count / r.cpu_seconds:,.0f}",
            f"{single[key] / r.seconds:.2f}x"
            if (key := (r.lexicon, r.output, r.count, r.boards, r.form)) in single
            else "",
        ]
        for r in bulk.runs
    ]
    headers = ["lexicon", "output", "boards", "form", "workers", "wall s", "CPU s", "boards/s"]
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
            table(headers, body),
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
                "opt-in: `solver/games/boggle/peer.py`), timed the same way; its scores equal "
                "`--summary`'s."
                if peer
                else "hybrid-boggle's C++ scorer, the opt-in peer (`solver/games/boggle/peer.py`), "
                "was not built for this run."
            ),
            "",
        ]
    )
