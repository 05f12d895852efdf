"""The bulk section's targets table: paired ratios, the halves' ceiling, the peer."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from lexibench.benchmarks.harness.records import BulkFile, BulkRun, Results, WordListRef
from lexibench.benchmarks.processes import bulk
from lexibench.benchmarks.report.sections.bulk import _targets, render


def _run(engine: str, jobs: int, rounds: tuple[float, ...], **kw: object) -> BulkRun:
    output = kw.pop("output", "summary")
    lexicon = kw.pop("lexicon", "array-trie")
    seconds = statistics.median(rounds)
    return BulkRun(lexicon, output, 100_000, jobs, engine, seconds, seconds, rounds=rounds, **kw)  # type: ignore[arg-type]


def _file(*runs: BulkRun) -> BulkFile:
    return BulkFile(
        "2026-11-26T00:00:00+00:00",
        "3.11",
        2,
        "warm",
        "mypyc",
        WordListRef("web2", 1, "0" * 64),
        1,
        runs,
    )


def _rows(bulk: BulkFile) -> list[list[str]]:
    text = "\n".join(_targets(bulk))
    lines = [line for line in text.splitlines() if line.startswith("|")][2:]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]


def test_the_ratio_is_the_median_of_the_paired_rounds() -> None:
    """Round i of --jobs 2 over round i of --jobs 1 (the rounds alternate), not the medians'
    ratio; the halves' ratio is the ceiling, and the target is judged on the median."""
    one = _run("processes", 1, (1.0, 2.0, 1.0))
    two = _run("processes", 2, (0.5, 1.3, 0.55))  # paired: 0.5, 0.65, 0.55
    halves = _run("halves", 2, (0.6, 1.2, 0.6))
    [row] = _rows(_file(one, two, halves))
    assert row[:2] == ["`--jobs 2` / `--jobs 1`, summary", "random, slashed"]
    assert row[4:] == ["0.55x", "0.50-0.65x", "0.60x", "<= 0.6x", "yes"]


def test_a_missed_target_is_marked_and_other_lexicons_are_left_out() -> None:
    one = _run("processes", 1, (1.0,))
    two = _run("processes", 2, (0.7,))
    other = _run("processes", 2, (0.1,), lexicon="dict-trie")
    [row] = _rows(_file(one, two, other))
    assert row[4:] == ["0.70x", "", "", "<= 0.6x", "**no**"]


def test_the_full_lines_against_the_peer() -> None:
    full = _run("processes", 1, (12.0, 10.0), output="full", boards="dense")
    peer = _run("peer", 1, (10.0, 10.0), lexicon="hybrid-boggle", boards="dense")
    rows = _rows(_file(full, peer))
    assert rows == [
        ["full lines / the C++ peer's scores", "dense, slashed", "10 s", "11 s", "1.10x",
         "1.00-1.20x", "", "<= 1.0x", "**no**"]
    ]  # fmt: skip


def test_nothing_to_judge_gives_no_table() -> None:
    assert _targets(_file(_run("dask", 2, (1.0,)))) == []


def test_the_lines_without_the_write_against_the_peer() -> None:
    """The dense full lines sent to /dev/null are a row of their own beside the peer, and never
    the baseline of the --jobs ratios or of the speed-up column."""
    full = _run("processes", 1, (12.0, 10.0), output="full", boards="dense")
    discarded = _run("discarded", 1, (8.0, 9.0), output="full", boards="dense")
    peer = _run("peer", 1, (10.0, 10.0), lexicon="hybrid-boggle", boards="dense")
    rows = _rows(_file(full, discarded, peer))
    assert [row[0] for row in rows] == [
        "full lines / the C++ peer's scores",
        "full lines to `/dev/null` (the search and the lines, no file) / the C++ peer's scores",
    ]
    assert rows[1][4:] == ["0.85x", "0.80-0.90x", "", "<= 1.0x", "yes"]


def test_the_write_alone_is_a_row_of_the_table_not_a_target() -> None:
    """The copy of --jobs 1's file (the file system's write of the lines, with no search) is
    shown beside the runs and explained, and judged against nothing."""
    full = _run("processes", 1, (12.0, 10.0), output="full", boards="dense")
    copied = _run("copied", 1, (5.0, 6.0), output="full", boards="dense")
    peer = _run("peer", 1, (10.0, 10.0), lexicon="hybrid-boggle", boards="dense")
    bulk = _file(full, copied, peer)
    assert [row[0] for row in _rows(bulk)] == ["full lines / the C++ peer's scores"]
    text = "\n".join(render(Results(bulk=bulk)).lines)
    [row] = [line for line in text.splitlines() if line.startswith("|") and "copied" in line]
    assert "| 5.5 " in row
    assert "a process that only copies the `--jobs 1` output's file" in text


def test_alternating_rounds_run_a_way_once_where_asked(tmp_path: Path) -> None:
    """A way run ``once`` (the copy of a file) runs in the first round only and keeps no rounds;
    the others run every round, in turn; every way's output is checked against the first's."""
    order: list[str] = []

    def way(name: str, once: bool = False) -> bulk.Timed:
        out = tmp_path / f"{name}.txt"

        def run() -> tuple[float, float]:
            order.append(name)
            out.write_text("the same lines\n")
            return 1.0 + len(order), 0.5

        def make(seconds: float, cpu: float, rounds: tuple[float, ...]) -> BulkRun:
            return _run("processes", 1, rounds or (seconds,))

        return bulk.Timed(run, (out,), make, once=once)

    ways = [way("one"), way("two"), way("copy", once=True)]
    made, digest = bulk._alternate(ways, 3, None, "a test")
    assert order == ["one", "two", "copy", "one", "two", "one", "two"]
    assert [len(w.times) for w in ways] == [3, 3, 1]
    assert [len(run.rounds) for run in made] == [3, 3, 1]
    assert digest == bulk._digest(tmp_path / "one.txt")
    (tmp_path / "copy.txt").write_text("other lines\n")
    differs = [way("one"), way("copy", once=True)]
    differs[1].run = lambda: (1.0, 1.0)  # its file left as it is: not the first's output
    with pytest.raises(RuntimeError, match="the outputs differ for a test"):
        bulk._alternate(differs, 1, None, "a test")
