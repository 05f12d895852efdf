"""The crossword suite's simulation workload: MAGPIE's simulation output read back (a sample
captured from MAGPIE's console, and a stand-in program for the process), its pinned flags, the
agreement on the best candidate, the cap of a slow tier, the records read back, and the report's
tables and headline row with and without the peer (benchmarks/report/sections/crossword_sim.py)."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import msgspec
import pytest

from lexibench.benchmarks.harness import crossword_sim as sim
from lexibench.benchmarks.harness.records import (
    Bench,
    CrosswordSimPeerRecord,
    CrosswordSimRecord,
    Record,
    Results,
    SimCandidate,
    Stats,
    WordListRef,
    agreement,
    encode,
    parse,
    separation,
)
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.peers import magpie, magpie_sim
from lexibench.benchmarks.report.sections import answer, crossword, crossword_sim
from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.position import parse_cgp
from tests.commands import ROOT

#: MAGPIE's console (``magpie set -mode sync`` with :func:`magpie_sim.command`'s settings, 5
#: candidates x 2 plies x 20 iterations) on two positions of a quick run, as it wrote them: the
#: candidates in its order (by win probability), an exchange's tiles as ``(exch ...)`` (the
#: spaces that end its lines trimmed).
SAMPLE = """\
1: (exch FGIIN)  AT   0 - 36.20 2.2271 3.14  4.2583 3.21 20 9.50 6.57 0.00 13.90 19.11 10.00
2: (exch FGIINT) A    0 - 35.56 1.7454 2.04  3.4606 2.29 20 9.50 6.57 0.00 8.05  9.20  0.00
3: (exch FGIIT)  AN   0 - 35.03 1.9964 1.03  3.8287 3.17 20 9.50 6.57 0.00 10.15 14.83 5.00
4: (exch FGII)   ANT  0 - 34.43 1.4004 0.31  2.7775 2.60 20 9.50 6.57 0.00 8.60  6.76  0.00
5: (exch FGI)    AINT 0 - 34.26 1.4596 -0.12 2.9486 1.27 20 9.50 6.57 0.00 7.95  7.80  0.00

Showing 5 of 5 plays
Showing 2 of 2 plies

Iters:     100
Time:      0.01 seconds
Opp Rack:
Infer:     0
Wp Cutoff: 0.005
Status:    Finished (max iterations reached)

Nps:       27660
1: I9 W(E)ED    HIO?  12 - 42.41 2.1247 36.24 3.8376 34.38 20 7.30  7.46 0.00 13.05 16.94 5.00
2: M8 OW(L)HEaD I     34 - 42.36 3.3604 36.75 5.9586 33.27 20 15.85 9.34 0.00 22.80 21.59 5.00
3: 12F W(R)O    DEHI? 7  - 41.86 2.4044 35.50 4.3130 32.15 20 8.20  7.49 0.00 20.40 22.49 10.00
4: M9 O(L)ID    EHW?  6  - 37.55 1.3169 27.59 2.6062 30.50 20 6.95  5.39 0.00 12.00 12.45 0.00
5: (exch DIOW)  EH?   0  - 34.81 1.3388 21.97 2.6937 27.85 20 8.85  6.93 0.00 10.35 5.72  0.00

Showing 5 of 5 plays
Showing 2 of 2 plies

Iters:     100
Time:      0.03 seconds
Opp Rack:
Infer:     0
Wp Cutoff: 0.005
Status:    Finished (max iterations reached)

Nps:       11990
"""
EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
WORDLIST = WordListRef("list", 1000, "ab" * 32)


def test_magpies_simulation_is_read_back_ranked_by_its_mean_result() -> None:
    found, seconds = magpie_sim.parse_output(SAMPLE, 2)
    assert seconds == (0.01, 0.03)
    first, second = found
    assert [r.move for r in first] == [f"exchange {t}" for t in ("FGIIN", "FGIINT", "FGIIT")] + [
        "exchange FGII",
        "exchange FGI",
    ]
    assert (first[0].leave, first[0].equity, first[0].stderr, first[0].iterations) == (
        "AT",
        3.21,
        4.2583,
        20,
    )
    # ranked by Eq (spread plus leftover), not by MAGPIE's win probability
    assert [(r.move, r.mean) for r in second[:2]] == [("M8 OW(L)HEaD", 36.75), ("I9 W(E)ED", 36.24)]
    assert (second[-1].move, second[-1].leave, second[-1].score) == ("exchange DIOW", "EH?", 0)
    with pytest.raises(InputError, match="2 simulations in its output, for 3 positions"):
        magpie_sim.parse_output(SAMPLE, 3)
    stopped = SAMPLE.replace("max iterations reached", "time limit exceeded", 1)
    with pytest.raises(InputError, match=r"line 17: .*\(Finished \(time limit exceeded\)\)"):
        magpie_sim.parse_output(stopped, 2)
    with pytest.raises(InputError, match="not a candidate's line: '1: 8J NONFAT 12'"):
        magpie_sim.parse_output("1: 8J NONFAT 12\n" + SAMPLE.split("\n", 5)[5], 2)
    with pytest.raises(InputError, match=r"^MAGPIE's simulation: \(error 38\) cgp board"):
        magpie_sim.parse_output("(error 38) cgp board has an invalid number of rows: 2\n", 1)
    assert magpie_sim.move_text(["pass", "ABC"]) == ("pass", "ABC")
    with pytest.raises(InputError, match="not a move: '8J'"):
        magpie_sim.move_text(["8J"])


def test_the_flags_are_pinned_and_the_other_rack_left_unknown(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "magpie").write_text("")
    data = magpie.DataFolder(tmp_path, tmp_path / "data", "here:there")
    line = " ".join(magpie_sim.command(data, magpie_sim.Settings(5, 2, 200, 7), word_maps=False))
    for pinned in (
        "set -mode sync -lex NWL_lexibench -leaves NWL_lexibench -path here:there -wmp false",
        "-numplays 5 -maxnumdplays 5 -plies 2 -shplies 2",
        "-iterations 200 -minplayiterations 200 -sr rr -threshold none -tlim 86400",
        "-threads 1 -seed 7 -sinfer false -uwin 1 -uspread 0 -pfrequency 0 -hr false",
    ):
        assert pinned in line
    assert "-wmp true" in " ".join(
        magpie_sim.command(data, magpie_sim.Settings(5, 2, 200, 7), word_maps=True)
    )
    position = parse_cgp(f"{EMPTY} AB?/CDE 10/20 1")
    assert magpie_sim.script([position]) == f"cgp {EMPTY} AB?/ 10/20 1\ngsim -\n"
    assert magpie_sim.script([position], simulate=False) == f"cgp {EMPTY} AB?/ 10/20 1\n"


#: A stand-in for MAGPIE's program: the sample for two ``gsim`` lines, nothing for none, an
#: error (on its standard error, with status 0, as MAGPIE's console) when asked.
PROGRAM = r"""#!/bin/sh
test -n "${SIM_FAILS:-}" && { echo "(error 2) $SIM_FAILS" >&2; exit 0; }
if grep -q gsim; then cat "$SAMPLE"; fi
"""


def test_the_process_is_run_and_timed_from_outside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = tmp_path / "MAGPIE" / "bin" / "magpie"
    program.parent.mkdir(parents=True)
    program.write_text(PROGRAM)
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    (tmp_path / "sample.txt").write_text(SAMPLE)
    monkeypatch.setenv("SAMPLE", str(tmp_path / "sample.txt"))
    data = magpie.DataFolder(tmp_path / "MAGPIE", tmp_path, "x")
    argv = magpie_sim.command(data, magpie_sim.Settings(5, 2, 20, 1), word_maps=False)
    position = parse_cgp(f"{EMPTY} AB?/ 0/0 0")
    run = magpie_sim.run(argv, data, magpie_sim.script([position] * 2), 2)
    assert [len(p) for p in run.positions] == [5, 5]
    assert run.seconds == (0.01, 0.03)
    assert run.cpu_seconds >= 0
    assert run.wall_seconds > 0
    loading = magpie_sim.run(argv, data, magpie_sim.script([position], simulate=False), 0)
    assert loading.positions == ()
    monkeypatch.setenv("SIM_FAILS", "command 'lex' was provided more than once")
    with pytest.raises(InputError, match=r"^MAGPIE's simulation failed: \(error 2\) command 'lex"):
        magpie_sim.run(argv, data, "", 0)


def _candidate(move: str, mean: float, stderr: float, equity: float = 10.0) -> SimCandidate:
    return SimCandidate(move, equity, mean, stderr, 100)


def test_the_best_candidate_is_compared_where_both_separate_it() -> None:
    clear = (_candidate("8D AB", 30.0, 1.0), _candidate("8D BA", 20.0, 1.0))  # 7.1 SE apart
    close = (_candidate("8D AB", 30.0, 2.0), _candidate("8D BA", 25.0, 2.0))  # 1.8 SE apart
    other = (_candidate("8D BA", 31.0, 1.0), _candidate("8D AB", 21.0, 1.0))
    assert separation(clear) == pytest.approx(10 / 2**0.5)
    assert separation(clear[:1]) == 0.0
    assert separation((_candidate("a", 1, 0), _candidate("b", 0, 0))) == float("inf")
    assert agreement(clear, clear, 3.0) == "agree"
    assert agreement(clear, other, 3.0) == "differ"
    assert agreement(clear, close, 3.0) == "unseparated"


def test_the_same_candidates_up_to_ties() -> None:
    ours = [_candidate("8D AB", 0, 0, 32.955), _candidate("O5 AB", 0, 0, 32.955)]
    ours += [_candidate("1F C", 0, 0, 24.552), _candidate("exchange Q", 0, 0, 20.0)]
    theirs = [_candidate("8D AB", 0, 0, 32.95), _candidate("H8 AB", 0, 0, 32.95)]
    theirs += [_candidate("1F C", 0, 0, 24.55), _candidate("exchange Z", 0, 0, 20.0)]
    assert sim.same_candidates(ours, theirs)  # ties apart, and the last one's equity
    swapped = [*theirs[:2], _candidate("1F D", 0, 0, 24.55), theirs[3]]
    assert not sim.same_candidates(ours, swapped)
    assert not sim.same_candidates(ours, [*theirs[:3], _candidate("exchange Z", 0, 0, 19.9)])
    assert not sim.same_candidates(ours, theirs[:3])


def test_a_slow_tier_runs_the_iterations_that_fit() -> None:
    full, quick = Settings(), Settings(scale="quick")
    assert sim.cap(full, 0.01) == sim.Cap(200, None)  # 2 s for all of them
    capped = sim.cap(full, 3.0)
    assert capped.iterations == 3
    assert capped.note == (
        "3 of the 200 iterations per candidate, 1 round (all of them would take about 600 s)"
    )
    assert sim.cap(quick, 5.0).iterations == 1  # at least one


def _sim(variant: str, tier: Any, seconds: tuple[float, ...], cap: str | None = None) -> Any:
    results = ((_candidate("8D AB", 30.0, 1.0), _candidate("8D BA", 20.0, 1.0)),)
    return CrosswordSimRecord(
        "kwg", None, WORDLIST, 1000, cap=cap, variant=variant, tier=tier, positions="mid",
        blanks=(0, 1, 2), candidates=5, plies=2, iterations=200 if cap is None else 2, seed=1,
        turns=2000, cpu_seconds=seconds, results=results,
    )  # fmt: skip


def _peer(**fields: Any) -> CrosswordSimPeerRecord:
    ours = (
        (_candidate("8D AB", 30.0, 1.0), _candidate("8D BA", 20.0, 1.0)),
        (_candidate("8D CD", 30.0, 1.0), _candidate("8D DC", 29.0, 1.0)),
        (_candidate("8D EF", 30.0, 1.0), _candidate("8D FE", 25.0, 1.0)),
    )
    theirs = (ours[0], ours[1], (_candidate("8D FE", 31.0, 1.0), _candidate("8D EF", 26.0, 1.0)))
    verdicts = tuple(agreement(a, b, 3.0) for a, b in zip(ours, theirs, strict=True))
    values: dict[str, Any] = {
        "positions": "mid", "blanks": (0, 1, 2), "candidates": 5, "plies": 2,
        "iterations": 200, "seed": 1,
        "cpu_seconds": {"kwg": (0.6, 0.5, 0.55), "wmp": (0.3, 0.35, 0.3)},
        "load_cpu_seconds": {"kwg": (0.01,) * 3, "wmp": (0.1,) * 3},
        "wall_seconds": {"kwg": (0.6,) * 3, "wmp": (0.4,) * 3},
        "load_wall_seconds": {"kwg": (0.02,) * 3, "wmp": (0.12,) * 3},
        "reported_seconds": {"kwg": (0.5,) * 3, "wmp": (0.2,) * 3},
        "results": {"kwg": theirs, "wmp": theirs}, "lexibench_variant": "word-map",
        "lexibench_units": 1000, "lexibench_cpu_seconds": (0.4, 0.5, 0.45),
        "lexibench_wall_seconds": (0.5, 0.5, 0.5), "lexibench_results": ours,
        "agreement": {"kwg": verdicts, "wmp": verdicts},
    }  # fmt: skip
    return CrosswordSimPeerRecord("MAGPIE", "0123456789ab", WORDLIST, 1000, **(values | fields))


def _bench(record: Record, seconds: float) -> Bench[Record]:
    return Bench("case", Stats(seconds, seconds * 0.9, seconds * 1.2, seconds, seconds, 3), record)


def test_the_records_are_read_back_and_a_bad_one_refused() -> None:
    committed = json.loads((ROOT / "results" / "raw" / "crossword.json").read_text())
    template = committed["benchmarks"][0]
    records = [_sim("word-map", "native", (0.2, 0.25, 0.3)), _peer()]
    benches = [
        {**template, "name": f"case{i}", "extra_info": encode(r)} for i, r in enumerate(records)
    ]
    data = {**committed, "benchmarks": benches}
    decoded = parse(json.dumps(data).encode(), "crossword.json")
    assert [b.record for b in decoded.benchmarks] == records  # type: ignore[union-attr]
    bad = msgspec.to_builtins(records[0])
    bad["results"][0][0]["stderr"] = -1.0
    data["benchmarks"][0]["extra_info"] = bad
    with pytest.raises(InputError, match=r"benchmark 'case0'.*stderr"):
        parse(json.dumps(data).encode(), "bad.json")
    bad = msgspec.to_builtins(records[1])
    bad["load_cpu_seconds"] = {"dawg": [0.1]}  # no lexicon of MAGPIE's
    data["benchmarks"][0]["extra_info"] = bad
    with pytest.raises(InputError, match=r"benchmark 'case0'.*load_cpu_seconds"):
        parse(json.dumps(data).encode(), "bad.json")
    bad = msgspec.to_builtins(records[1])
    bad["lexibench_cpu_seconds"] = []  # no round
    data["benchmarks"][0]["extra_info"] = bad
    with pytest.raises(InputError, match=r"benchmark 'case0'.*lexibench_cpu_seconds"):
        parse(json.dumps(data).encode(), "bad.json")
    # a round's loading not recorded: the process's CPU seconds alone
    short = msgspec.structs.replace(records[1], load_cpu_seconds={"kwg": (0.01,)})
    assert short.sim_cpu_seconds("kwg") == pytest.approx((0.59, 0.5, 0.55))
    assert short.sim_cpu_seconds("wmp") == (0.3, 0.35, 0.3)
    # the committed file, written before these records, reads as it did
    assert parse((ROOT / "results" / "raw" / "crossword.json").read_bytes(), "crossword.json")


def _cells(text: str, start: str) -> list[str]:
    row = next(line for line in text.splitlines() if line.startswith(start))
    return [cell.strip() for cell in row.strip("|").split("|")]


def test_the_tables_and_the_headline_row_without_and_with_the_peer() -> None:
    ours = [
        _bench(_sim("word-map", "native", (0.2, 0.25, 0.3)), 0.25),  # 4,000 play-outs/s
        _bench(_sim("words", "native", (0.6,) * 3), 0.7),
        _bench(_sim("gaddag", "step", (20.0,), cap="2 of the 200 iterations"), 20.0),
    ]
    alone = "\n".join(crossword.render(Results(benches=list(ours))).lines)
    assert "### Simulation\n" in alone + "\n"
    assert "beside MAGPIE" not in alone.split("### Simulation", 1)[1]
    assert "3 seeded mid positions (1 with 0, 1 with 1, 1 with 2 blank(s)" in alone
    assert _cells(alone, "| kwg    ")[:9] == [
        "kwg", "word map", "native", "200", "0.25", "0.225-0.3", "4,000", "4,000", "1.00"
    ]  # fmt: skip
    assert _cells(alone, "| kwg [1]")[2:4] == ["step", "2"]
    assert "[1] kwg (step, gaddag): 2 of the 200 iterations." in alone
    [need] = [n for n in answer.game_needs(Results(benches=list(ours))) if n.need == "simulation"]
    assert [c.label for c in need.ranked] == ["kwg (native, word map)", "kwg (native, dawg)"]
    assert need.ranked[0].text == "4,000 play-outs/s"
    assert need.measure == "5 candidates x 2 plies, play-outs/s"
    assert answer.short_title(need.game) == "Crossword game"
    peer = _bench(_peer(), 5.0)
    [(_, row)] = crossword_sim.peer_rows(Results(benches=[*ours, peer]))
    assert row.theirs == {"kwg": pytest.approx(1000 / 0.54), "wmp": pytest.approx(1000 / 0.2)}
    assert row.faster == "wmp"
    assert row.ratio == pytest.approx(0.45 / 0.2)  # lexibench's CPU per play-out over MAGPIE's
    text = "\n".join(crossword.render(Results(benches=[*ours, peer])).lines)
    beside = text.split("### Simulation beside MAGPIE", 1)[1]
    assert _cells(beside, "| lexibench")[1:] == ["2,222", "2,000", "", "", "2.25"]
    assert _cells(beside, "| MAGPIE (word map)")[1:5] == ["5,000", "5,000", "0.1", "faster"]
    assert (
        "- MAGPIE's KWG: both separate their best candidate from the second by more than 3 "
        "standard errors on 2 of the 3 positions; they name the same one on 1; they differ on "
        "position 3: lexibench 8D EF (3.5 SE), MAGPIE 8D FE (3.5 SE)."
    ) in beside
