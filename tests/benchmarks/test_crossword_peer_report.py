"""lexibench beside MAGPIE in the report (benchmarks/report/sections/crossword_peer.py): its
records read back (and the files written before them), every ratio divided by MAGPIE's faster
lexicon, the tables with and without the peer's rows, and the verdicts measured here in place of
the published figures."""

from __future__ import annotations

import json
from typing import Any, Literal

import msgspec
import pytest

from lexibench.benchmarks.harness.records import (
    Bench,
    CrosswordMovegenRecord,
    CrosswordPeerRecord,
    CrosswordTurnPeerRecord,
    PeerLexicon,
    PeerSelfPlay,
    Record,
    Results,
    SelfPlayRecord,
    Stats,
    WordListRef,
    default_inputs,
    encode,
    load,
    parse,
)
from lexibench.benchmarks.report.sections import crossword, crossword_peer
from lexibench.solver.errors import InputError
from tests.commands import ROOT

WORDLIST = WordListRef("list", 1000, "ab" * 32)


def _bench(record: Record, seconds: float = 9.0) -> Bench[Record]:
    return Bench("case", Stats(seconds, seconds, seconds, seconds, seconds, 1), record)


Mode = Literal["all", "best", "equity"]


def _peer(lexicon: PeerLexicon, mode: Mode, rounds: tuple[float, ...], **fields: Any) -> Any:
    return CrosswordPeerRecord(
        "MAGPIE", "0123456789ab", WORDLIST, 10, lexicon=lexicon, positions="mid", blanks=1,
        mode=mode, moves=10, round_seconds=rounds, **fields,
    )  # fmt: skip


def _native(variant: str, mode: Mode) -> CrosswordMovegenRecord:
    return CrosswordMovegenRecord(
        "kwg", None, WORDLIST, 10, variant=variant, tier="native", positions="mid", blanks=1,
        mode=mode, moves=500,
    )  # fmt: skip


def _selfplay(peer: PeerSelfPlay | None) -> SelfPlayRecord:
    return SelfPlayRecord(
        "kwg", None, WORDLIST, 100, variant="word-map", tier="native", seed=1,
        moves_played=2200, moves_generated=9000, cpu_seconds=0.5, players="equity", peer=peer,
    )  # fmt: skip


PEER_SELFPLAY = PeerSelfPlay(
    "MAGPIE", "0123456789ab", 2210,
    {"kwg": (0.4, 0.5, 0.45), "wmp": (0.25, 0.2, 0.3)},
    {"kwg": (0.6, 0.7, 0.65), "wmp": (0.4, 0.3, 0.5)},
    (1.0, 0.9, 0.8), (0.6, 0.7, 0.5),
)  # fmt: skip


def _cells(lines: list[str], start: str) -> list[str]:
    row = next(line for line in "\n".join(lines).splitlines() if line.startswith(start))
    return [cell.strip() for cell in row.strip("|").split("|")]


def _suite_file(records: list[Record]) -> bytes:
    """A crossword suite's raw file holding ``records`` (the run's record from the committed
    crossword.json)."""
    committed = json.loads((ROOT / "results" / "raw" / "crossword.json").read_text())
    template = committed["benchmarks"][0]
    benches = [
        {**template, "name": f"case{i}", "extra_info": encode(r)} for i, r in enumerate(records)
    ]
    return json.dumps({**committed, "benchmarks": benches}).encode()


def test_the_new_records_are_read_back_and_a_bad_one_refused() -> None:
    by_equity = _peer("wmp", "equity", (0.002,), paired_seconds={"word-map": (0.003,)})
    beside = _selfplay(PEER_SELFPLAY)
    alone = _selfplay(None)
    decoded = parse(_suite_file([by_equity, beside, alone]), "crossword.json")
    assert [b.record for b in decoded.benchmarks] == [by_equity, beside, alone]  # type: ignore[union-attr]
    assert "peer" in encode(alone)  # None, written; a file without the field reads the same:
    data = json.loads(_suite_file([alone]))
    del data["benchmarks"][0]["extra_info"]["peer"]
    assert parse(json.dumps(data).encode(), "old.json").benchmarks[0].record == alone  # type: ignore[union-attr]
    bad = msgspec.to_builtins(beside)
    bad["peer"]["cpu_seconds"]["dawg"] = [0.1]  # no lexicon of MAGPIE's
    data["benchmarks"][0]["extra_info"] = bad
    with pytest.raises(InputError, match=r"benchmark 'case0'.*cpu_seconds"):
        parse(json.dumps(data).encode(), "bad.json")
    bad["peer"]["cpu_seconds"] = {"kwg": [0.0]}  # a time of 0 is no measurement
    with pytest.raises(InputError, match="cpu_seconds"):
        parse(json.dumps(data).encode(), "bad.json")


def test_every_ratio_divides_by_magpies_faster_lexicon() -> None:
    # MAGPIE: 0.5 ms a position from its KWG, 0.2 ms from its word map (medians, preparation
    # included); lexibench's fastest in step with each: 0.8 ms (GADDAG) and 0.3 ms (word map)
    kwg = _peer(
        "kwg",
        "equity",
        (0.004, 0.005, 0.1),
        prepare_seconds=(0.0, 0.0, 0.0001),
        paired_seconds={"gaddag": (0.008, 0.008, 0.009), "words": (0.02, 0.02, 0.02)},
    )
    wmp = _peer(
        "wmp",
        "equity",
        (0.002, 0.002, 0.001),
        paired_seconds={"word-map": (0.003, 0.004, 0.003), "gaddag": (0.009,) * 3},
    )
    results = Results(benches=[_bench(kwg), _bench(wmp)])
    [row] = crossword_peer.generation_rows(results)
    assert row.faster == "wmp"
    assert row.ours_ms == pytest.approx(0.3)
    assert (row.ours_generator, row.ours_timed) == ("word-map", "faster")
    assert row.ratio == pytest.approx(1.5)
    lines = crossword_peer.render_lines(results)
    assert _cells(lines, "| mid") == [
        "mid", "1", "equity", "0.5", "0", "0.2", "0", "word map", "0.3 (word map)", "1.50"
    ]  # fmt: skip
    # MAGPIE's word map slower now: the divisor is its KWG, lexibench's rounds in step with it
    slow = msgspec.structs.replace(wmp, round_seconds=(0.009, 0.009, 0.009))
    [row] = crossword_peer.generation_rows(Results(benches=[_bench(kwg), _bench(slow)]))
    assert (row.faster, row.ours_generator) == ("kwg", "gaddag")
    assert row.ratio == pytest.approx(0.8 / 0.5)


def test_a_file_written_before_every_case_ran_in_step_falls_back() -> None:
    kwg = _peer("kwg", "all", (0.005,), paired_seconds={"gaddag": (0.006,)})
    wmp = _peer("wmp", "all", (0.002,))  # no rounds in step: as files before this one
    [row] = crossword_peer.generation_rows(Results(benches=[_bench(kwg), _bench(wmp)]))
    assert (row.faster, row.ours_timed) == ("wmp", "kwg")
    assert row.ours_ms == pytest.approx(0.6)
    lines = crossword_peer.render_lines(Results(benches=[_bench(kwg), _bench(wmp)]))
    cells = _cells(lines, "| mid")
    assert cells[-2:] == ["0.6 (GADDAG; in step with MAGPIE's KWG)", "3.00"]
    alone = _peer("kwg", "all", (0.005,))  # nothing in step: the native cases' fastest
    natives = [_bench(_native("words", "all"), 0.01), _bench(_native("word-map", "all"), 0.004)]
    [row] = crossword_peer.generation_rows(Results(benches=[_bench(alone), *natives]))
    assert (row.ours_timed, row.ours_generator) == ("native", "word-map")
    assert row.ratio == pytest.approx(0.8)  # 0.4 ms a position over MAGPIE's 0.5


def test_self_play_beside_magpie_divides_by_its_faster_lexicon() -> None:
    [row] = crossword_peer.selfplay_rows(Results(benches=[_bench(_selfplay(PEER_SELFPLAY))]))
    assert row.ours == pytest.approx(100 / 0.9)  # the median round's CPU seconds
    assert row.theirs == {"kwg": pytest.approx(100 / 0.45), "wmp": pytest.approx(100 / 0.25)}
    assert row.ratio == pytest.approx(0.9 / 0.25)
    assert row.ours_games_alone == pytest.approx(100 / 0.6)
    assert (row.ours_turns, row.theirs_turns) == (22.0, 22.1)
    lines = crossword_peer.render_lines(Results(benches=[_bench(_selfplay(PEER_SELFPLAY))]))
    assert "### Self-play beside MAGPIE" in lines
    assert _cells(lines, "| 100") == ["100", "111", "167", "22", "222", "400", "22.1", "3.60"]


def _turn(blanks: int, ours: tuple[float, ...]) -> CrosswordTurnPeerRecord:
    return CrosswordTurnPeerRecord(
        "MAGPIE", "0123456789ab", WORDLIST, 1, blanks=blanks,
        cpu_seconds={"kwg": (0.03, 0.02, 0.025), "wmp": (0.2, 0.15, 0.1)},
        wall_seconds={"kwg": (0.04,) * 3, "wmp": (0.3,) * 3},
        lexibench_cpu_seconds=ours, lexibench_wall_seconds=ours,
        interpreter_cpu_seconds=(0.02, 0.01, 0.015),
    )  # fmt: skip


def test_one_position_beside_magpie_divides_by_its_faster_lexicon() -> None:
    records: list[Record] = [_turn(2, (0.3, 0.2, 0.1)), _turn(0, (0.1, 0.2, 0.15))]
    decoded = parse(_suite_file(records), "crossword.json")  # read back as written
    assert [b.record for b in decoded.benchmarks] == records  # type: ignore[union-attr]
    results = Results(benches=[_bench(r) for r in records])
    rows = crossword_peer.turn_rows(results)
    assert [row.blanks for row in rows] == [0, 2]  # by blanks
    assert rows[0].theirs_ms == {"kwg": pytest.approx(25.0), "wmp": pytest.approx(150.0)}
    assert rows[0].ratio == pytest.approx(150 / 25)  # the median rounds, by MAGPIE's faster
    assert rows[1].ratio == pytest.approx(200 / 25)
    lines = crossword_peer.render_lines(results)
    assert "### One position from the command line, beside MAGPIE" in lines
    assert _cells(lines, "| 0") == ["0", "150", "15", "25", "150", "6.00"]
    assert crossword_peer.render_lines(Results(benches=[])) == []


def test_the_section_with_and_without_the_peers_rows() -> None:
    ours = [_bench(_native(v, "equity"), 0.002) for v in ("words", "gaddag", "word-map")]
    alone = _bench(_selfplay(None), 2.0)
    without = crossword.render(Results(benches=[*ours, alone]))
    text = "\n".join(without.lines)
    assert "MAGPIE" not in text.replace("as MAGPIE's engine does", "")  # no peer row, no verdict
    verdict = next(line for line in text.splitlines() if "| macondo-selfplay" in line)
    assert "other hardware: 0.71x the published figure" in verdict  # 50 games/s beside 70
    assert "### Self-play\n" in text + "\n"
    peer = [
        _bench(_peer("kwg", "equity", (0.004,), paired_seconds={"word-map": (0.002,)})),
        _bench(_peer("wmp", "equity", (0.001,), paired_seconds={"word-map": (0.003,)})),
        _bench(_selfplay(PEER_SELFPLAY), 2.5),
    ]
    with_peer = "\n".join(crossword.render(Results(benches=[*ours, alone, *peer])).lines)
    assert "### Beside MAGPIE" in with_peer
    assert "### Self-play beside MAGPIE" in with_peer
    verdict = next(line for line in with_peer.splitlines() if "| macondo-selfplay" in line)
    assert "measured beside MAGPIE here instead: MAGPIE 400 games/CPU-s, lexibench 111" in verdict
    assert "other hardware" not in verdict
    # lexibench's own self-play table keeps its own row, not the one beside MAGPIE
    own = with_peer.split("### Self-play\n", 1)[1].split("###", 1)[0]
    assert own.count("| equity") == 1


def test_the_committed_results_still_render_beside_magpie() -> None:
    """The committed run's records (written before the cases by equity and the word map's
    rounds in step) are read and shown, each ratio by MAGPIE's faster lexicon."""
    results = load(default_inputs(ROOT / "results"))
    if not results.of(CrosswordPeerRecord):
        pytest.skip("the committed run has no MAGPIE rows")
    found = crossword_peer.generation_rows(results)
    assert found
    assert all(row.ratio is not None for row in found)
    assert "### Beside MAGPIE" in crossword_peer.render_lines(results)
