"""The report's "Pitfalls" section: the pitfall suite's rows (the articles' two mistakes,
:mod:`benchmarks.baselines.pitfalls`), marked as such, beside the right way on the same boards."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import PitfallRecord, Results
from lexibench.benchmarks.report.formatting import num, table
from lexibench.benchmarks.report.sections import EMPTY, Section


def render(results: Results) -> Section:
    """The pitfall suite's rows, marked as such, with what a full 4x4 board would take."""
    benches = results.of(PitfallRecord)
    if not benches:
        return EMPTY
    body = []
    for b in sorted(benches, key=lambda b: (b.record.size, b.record.backend)):
        r = b.record
        per_board = b.per_unit_ms()
        paths = r.paths
        full = r.board_paths
        projected = ""
        if r.cap and paths and full and r.backend == "no-pruning":
            projected = f"{per_board * full / paths / 1000:,.0f} s for all {full:,} paths"
        body.append(
            [
                f"{r.backend} (pitfall)" if r.pitfall else r.backend,
                r.size,
                num(per_board),
                f"{paths:,}" if paths else "",
                f"{per_board / paths * 1e6:,.3g}" if paths else "",
                r.cap or "",
                projected,
            ]
        )
    headers = ["row", "board", "ms/board", "paths tested per board", "ns per path"]
    return Section.of(
        [
            "## Pitfalls",
            "",
            "The two mistakes of the articles, measured on purpose "
            "(`benchmarks/baselines/pitfalls.py`; never registered as backends). `no-pruning` "
            "tests every simple path's string with `is_word` only; `pruned` is the solver's own "
            "search on the same boards and lexicon (prefix-set); `completion-list` asks pygtrie "
            "for the list of every word under a prefix to decide whether one exists. The solve "
            "tables give the right ways on the same 4x4 boards.",
            "",
            table([*headers, "cap", "projected"], body),
            "",
        ]
    )
