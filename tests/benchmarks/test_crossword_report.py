"""The report's crossword tables fed by records made here: MAGPIE beside lexibench's native
generation, and each algorithm's dictionary work beside its time."""

from __future__ import annotations

import msgspec

from lexibench.benchmarks.harness.records import (
    Bench,
    CrosswordMovegenRecord,
    CrosswordNodesRecord,
    CrosswordPeerRecord,
    Results,
    Stats,
    WordListRef,
)
from lexibench.benchmarks.report.sections import crossword


def _bench(
    record: CrosswordMovegenRecord | CrosswordPeerRecord, seconds: float
) -> Bench[CrosswordMovegenRecord | CrosswordPeerRecord]:
    return Bench("case", Stats(seconds, seconds, seconds, seconds, seconds, 1), record)


def test_the_report_sets_magpie_beside_lexibenchs_native_generation() -> None:
    wordlist = WordListRef("list", 1000, "ab" * 32)
    ours = [
        CrosswordMovegenRecord(
            "kwg",
            None,
            wordlist,
            10,
            variant=variant,
            tier="native",
            positions="mid",
            blanks=1,
            mode="all",
            moves=500,
        )
        for variant in ("words", "gaddag", "word-map")
    ]
    theirs = [
        CrosswordPeerRecord(
            "MAGPIE", "0123456789ab", wordlist, 10, lexicon="kwg", positions="mid", blanks=1,
            mode="all", moves=520, round_seconds=(0.004, 0.005, 0.100),
            prepare_seconds=(0.001, 0.001, 0.001),
        ),
        CrosswordPeerRecord(
            "MAGPIE", "0123456789ab", wordlist, 10, lexicon="wmp", positions="mid", blanks=1,
            mode="all", moves=520, round_seconds=(0.003,),
        ),
    ]  # fmt: skip
    results = Results(benches=[_bench(ours[0], 0.01), _bench(ours[1], 0.02)])
    spelled = _bench(ours[2], 0.005)
    assert crossword._peer_table(results) == []  # MAGPIE did not run
    results.benches += [_bench(r, 9.0) for r in theirs]  # its process's time is not used
    text = "\n".join(crossword._peer_table(results))
    assert "### Beside MAGPIE" in text
    assert "MAGPIE (jvc56/MAGPIE, C; 0123456789ab)" in text
    # lexibench's fastest (the DAWG, 1 ms a position) over MAGPIE's median round, preparation
    # included (0.6 ms, 0.1 of it preparing; its word map's round prepared nothing: 0.3 ms)
    row = next(line for line in text.splitlines() if line.startswith("| mid"))
    assert [cell.strip() for cell in row.strip("|").split("|")] == [
        "mid", "1", "all", "1", "2", "", "0.6", "0.1", "0.3", "", "1.67"
    ]  # fmt: skip
    results.benches.append(spelled)  # the word map's 0.5 ms is now the fastest of the three
    text = "\n".join(crossword._peer_table(results))
    row = next(line for line in text.splitlines() if line.startswith("| mid"))
    assert [cell.strip() for cell in row.strip("|").split("|")] == [
        "mid", "1", "all", "1", "2", "0.5", "0.6", "0.1", "0.3", "", "0.83"
    ]  # fmt: skip
    # timed in step with MAGPIE: the ratio is of those rounds (the GADDAG's median, 0.3 ms a
    # position, the fastest), whatever the native cases measured
    theirs[0] = msgspec.structs.replace(
        theirs[0], paired_seconds={"words": (0.02, 0.01, 0.01), "gaddag": (0.003, 0.003, 0.5)}
    )
    results.benches[-3] = _bench(theirs[0], 9.0)
    text = "\n".join(crossword._peer_table(results))
    assert "in step with MAGPIE" in text
    row = next(line for line in text.splitlines() if line.startswith("| mid"))
    assert [cell.strip() for cell in row.strip("|").split("|")] == [
        "mid", "1", "all", "1", "2", "0.5", "0.6", "0.1", "0.3", "0.3 (GADDAG)", "0.50"
    ]  # fmt: skip


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
