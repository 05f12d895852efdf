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


def test_the_leave_model_against_an_engine_s_table_has_its_own_table() -> None:
    """An equity record against a leave table (the strength case) is shown apart from those
    against the greedy player, with its pairs, standard error and whether it meets -5."""
    from lexibench.benchmarks.harness.records import EquityRecord

    wordlist = WordListRef("list", 1000, "ab" * 32)
    greedy = EquityRecord("kwg", None, wordlist, 20, variant="word map", tier="native", seed=1,
                          leaves="english", wins=14, draws=0, win_rate=0.7, mean_spread=40.0,
                          exchanges=3, cpu_seconds=1.0)  # fmt: skip
    rival = EquityRecord("kwg", None, wordlist, 10_000, variant="word map", tier="native", seed=1,
                         leaves="english", wins=5100, draws=50, win_rate=0.5125,
                         mean_spread=-6.5, exchanges=900, cpu_seconds=20.0,
                         against="NWL23.klv2", against_sha256="37dea945c29c" + "0" * 52,
                         pairs=5000, spread_stderr=0.85)  # fmt: skip
    results = Results(benches=[Bench("case", Stats(1, 1, 1, 1, 1, 1), r) for r in (greedy, rival)])
    text = "\n".join(crossword._equity_table(results))
    assert "### Equity against greedy" in text
    assert "### Leave model against an engine's table" in text
    rows = [line for line in text.splitlines() if line.startswith("| english")]
    assert len(rows) == 2
    cells = [cell.strip() for cell in rows[1].strip("|").split("|")]
    assert cells == [
        "english", "NWL23.klv2 (37dea945c29c)", "10,000", "5,000", "51.2%", "-6.50", "0.85",
        "not met",
    ]  # fmt: skip
