"""The report's crossword tables fed by records made here: each algorithm's dictionary work
beside its time (MAGPIE beside lexibench: tests/benchmarks/test_crossword_peer_report.py)."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import (
    Bench,
    CrosswordMovegenRecord,
    CrosswordNodesRecord,
    Results,
    Stats,
    WordListRef,
)
from lexibench.benchmarks.report.sections import crossword


def _bench(record: CrosswordMovegenRecord, seconds: float) -> Bench[CrosswordMovegenRecord]:
    return Bench("case", Stats(seconds, seconds, seconds, seconds, seconds, 1), record)


def test_the_report_sets_each_algorithms_nodes_beside_its_time() -> None:
    wordlist = WordListRef("list", 1000, "ab" * 32)
    times = [
        CrosswordMovegenRecord(
            "kwg", None, wordlist, 10, variant=variant, tier="native", positions="mid",
            blanks=2, mode="all", moves=500,
        )
        for variant in ("words", "gaddag")
    ]  # fmt: skip
    nodes = [
        CrosswordNodesRecord(
            "kwg", None, wordlist, 10, variant=variant, positions="mid", blanks=2,
            steps=steps, entered=entered, moves=500,
        )
        for variant, steps, entered in (("words", 4000, 1000), ("gaddag", 5000, 1500))
    ]  # fmt: skip
    results = Results(
        benches=[_bench(times[0], 0.01), _bench(times[1], 0.02)]
        + [Bench("case", Stats(1.0, 1.0, 1.0, 1.0, 1.0, 1), r) for r in nodes]
    )
    text = "\n".join(crossword._nodes_table(results))
    row = next(line for line in text.splitlines() if line.startswith("| mid"))
    assert [cell.strip() for cell in row.strip("|").split("|")] == [
        "mid", "2", "100", "150", "1.50", "1.25", "2.00"
    ]  # fmt: skip
