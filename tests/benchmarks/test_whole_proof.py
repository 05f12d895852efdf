"""The report's account of the whole proofs kept as checkpoints: classes, CPU and wall time from
the checkpoint's records, and the boards set against a published proof's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lexibench.benchmarks.report.formatting import num
from lexibench.benchmarks.report.sections import whole_proof
from lexibench.solver.games.boggle.board import parse_board
from lexibench.solver.games.boggle.prove.tree import build_text
from tests.commands import run
from tests.words import MEDIUM_TARGET

TARGET = MEDIUM_TARGET


def _prove(capfd: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capfd, "prove", "--json", *argv)
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def _entry(header: dict[str, Any], boards: list[list[Any]]) -> dict[str, Any]:
    plan = header["plan"]
    return {
        "tool": "a peer",
        "size": plan["size"],
        "wordlist": "small",
        "wordlist_sha256": plan["wordlist_sha256"],
        "partition": plan["partition"],
        "target": plan["target"],
        "cpu_seconds": 100.0,
        "cpu_measure": "user seconds",
        "machine": "its machine",
        "source": "a test",
        "boards": boards,
    }


def test_a_kept_proof_is_reported_beside_the_published_one(
    capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path
) -> None:
    """Stopped part way then finished: the table counts every class once, adds the runs' wall
    time, and the boards are matched by their canonical name whatever their orientation."""
    ckpt = tmp_path / "small.checkpoint"
    common = ("--wordlist", medium_list, "--target", str(TARGET), "--checkpoint", str(ckpt))
    first = _prove(capfd, *common, "--time-limit", "0.3")
    assert not first["complete"]
    lines = "\n".join(whole_proof.render_lines(tmp_path, []))
    assert f"| {first['classes']['done']} of 102 " in lines
    projected = whole_proof.kept_proofs(tmp_path)[0].projected()
    assert projected is not None
    estimate, low, high = projected
    assert low <= estimate <= high
    assert f"≈{num(estimate / 3600)} (" in lines
    header = json.loads(ckpt.read_text().splitlines()[0])
    early = "\n".join(whole_proof.render_lines(tmp_path, [_entry(header, [])]))
    assert f"only {first['classes']['done']}, so the rare slowest classes" in early
    whole = _prove(capfd, *common)
    assert whole["complete"]
    found = [(b["board"], b["score"]) for b in whole["boards"]]
    assert found
    # The peer writes a board's letters column by column: the same board turned.
    turned = parse_board(found[0][0]).canonical_text()[::-1]
    listed = [[turned, found[0][1]], *([b.replace("/", ""), s] for b, s in found[1:])]
    text = "\n".join(whole_proof.render_lines(tmp_path, [_entry(header, listed)]))
    assert f"{len(found)} of the {len(found)} it lists are found with its score (all of them)" in (
        text
    )
    assert "none found that it does not list" in text
    row = next(line for line in text.splitlines() if line.startswith("| 3x3"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == "102 of 102 (complete)"
    assert cells[6] == "2"  # two runs, their wall time added up
    shown = {"cython, profile-guided": "profile-guided", "cython": "plain"}
    assert cells[7] == shown.get(build_text(), "interpreted")  # the build both runs used
    assert float(cells[5]) > 0
    assert cells[4] == cells[3]  # complete: the whole proof's CPU is the classes' own
    missing = _entry(header, [*listed[1:], ["aaaaaaaaa", TARGET]])
    text = "\n".join(whole_proof.render_lines(tmp_path, [missing]))
    assert f"{len(found) - 1} of the {len(found)} it lists" in text
    assert "found and not listed: " in text


def test_the_build_column_names_each_build_its_runs_used() -> None:
    """A run recorded before runs named their build ran the plain one; the step tier is
    interpreted; builds are listed once each."""
    runs = [
        {"tier": "native"},
        {"tier": "native", "build": "cython, profile-guided"},
        {"tier": "native", "build": "cython, profile-guided"},
        {"tier": "step"},
    ]
    proof = whole_proof.WholeProof("x", {}, {}, runs)
    assert whole_proof.builds(proof) == "interpreted, plain, profile-guided"
    assert whole_proof.builds(whole_proof.WholeProof("x", {}, {}, runs[1:3])) == "profile-guided"


def test_too_few_classes_project_nothing(tmp_path: Path) -> None:
    """A proof with one class done has no interval: no projection, nothing set beside it."""
    from lexibench.solver.games.boggle.prove.proof import projected_cpu

    assert projected_cpu([], 10) is None
    assert projected_cpu([3.0], 10) is None
    assert projected_cpu([9.0, 1.0, 1.0], 4)[1] >= 11.0  # type: ignore[index]  # spent: 11 s


def test_no_kept_proof_no_lines(tmp_path: Path) -> None:
    assert whole_proof.render_lines(tmp_path, []) == []
    assert whole_proof.render_lines(tmp_path / "absent", []) == []


def _bench(backend: str, seconds: tuple[float, ...], bounds: tuple[int, ...]) -> Any:
    from lexibench.benchmarks.harness.records import Bench, ProveRecord, Stats, WordListRef

    total = sum(seconds)
    record = ProveRecord(
        backend,
        "1.0" if backend != "array-trie" else None,
        WordListRef("list", 1000, "ab" * 32),
        len(seconds),
        tier="native",
        size="3x4",
        partition="mixed",
        target=1500,
        classes=27135,
        outcomes={},
        bounds=bounds,
        class_seconds=seconds,
    )
    return Bench("case", Stats(total, total, total, total, total, 1), record)


def test_the_peer_side_by_side_pairs_the_classes() -> None:
    from lexibench.benchmarks.report.sections.prove import _side_by_side

    ours = _bench("array-trie", (1.0, 3.0), (2000, 4000))
    theirs = _bench("hybrid-boggle", (2.0, 4.0), ())
    text = "\n".join(_side_by_side(ours, theirs))
    assert "3x4, side by side with hybrid-boggle's prover at 1.0" in text
    assert _side_by_side(ours) == []  # no peer ran
    assert "| 2       | 4,000" in text
    assert "lexibench took 4 s of CPU against 6 s: 0.67x its time (the median class 0.62x)" in text
    assert _side_by_side(ours, _bench("hybrid-boggle", (2.0,), ())) == []  # not the same classes


def test_a_published_3x4_board_is_read_as_its_tool_writes_it() -> None:
    """hybrid-boggle writes a 3x4 board as its three columns of four: lexibench's three rows."""
    entry = {"boards": [["dnisetalsrep", 1651]]}
    proof = whole_proof.WholeProof(
        "x", {"size": "3x4", "wordlist_sha256": "ab" * 32, "partition": "mixed", "target": 1500},
        {}, [],
    )  # fmt: skip
    # the same board as its best-known form, "perslatesind" cut into rows: turned
    assert whole_proof.published_boards(proof, entry) == {
        parse_board("pers/late/sind").canonical_text(): 1651
    }
