"""Hostile proof checkpoints (issue 54): ``lexibench prove --checkpoint FILE`` resumes from a file
it reads whole, and the report reads the kept ones. Every record is checked against the proof's
plan: a class out of range, one recorded twice, a field of another type or out of range, a run's
record or a header that is not one, deep nesting, NaN: each is one line naming the file and the
line, status 2, nothing on standard output, the file left as it was. Before, a class id out of
range was taken as a class done: "done 25" of 24 classes, never complete, status 0 on every
rerun."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lexibench.benchmarks.report.sections import whole_proof
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.prove import checkpoint
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import FORMATS
from tests.commands import ROOT, run

#: A 2x3 proof of the medium list: 24 canonical classes of 64, pruned, searched and with boards.
SIZE, TARGET = "2x3", "60"
CLASSES = 24
#: Where a target of 60 came from, had the table of known boards given it.
KNOWN = {"from": "known", "wordlist": "web2", "board": "ate/sin", "score": 60, "status": "proven"}
#: A change made to one record of a checkpoint, in place.
Change = Callable[[dict[str, Any]], object]


def prove(capfd: pytest.CaptureFixture[str], medium_list: str, ckpt: Path) -> tuple[int, str, str]:
    return run(
        capfd, "prove", "--size", SIZE, "--target", TARGET, "--wordlist", medium_list,
        "--checkpoint", str(ckpt),
    )  # fmt: skip


@pytest.fixture
def complete(capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path) -> Path:
    """The checkpoint of a complete proof (a header, 24 classes, a run's record)."""
    ckpt = tmp_path / "proof.ckpt"
    status, out, err = prove(capfd, medium_list, ckpt)
    assert status == 0, err
    assert f"done {CLASSES}:" in out
    lines = ckpt.read_text().splitlines()
    assert len(lines) == 1 + CLASSES + 1
    assert {json.loads(line).get("outcome") for line in lines[1:-1]} == {
        "pruned",
        "searched",
        "found",
    }
    return ckpt


def refused(capfd: pytest.CaptureFixture[str], medium_list: str, ckpt: Path, *parts: str) -> str:
    """``prove`` on ``ckpt`` (with its target given, and without: read from the file) is one
    line holding ``parts``, status 2, nothing on standard output, the file unchanged."""
    before = ckpt.read_bytes()
    for argv in (
        ("--target", TARGET),
        (),
    ):
        status, out, err = run(
            capfd, "prove", "--size", SIZE, *argv, "--wordlist", medium_list, "--checkpoint",
            str(ckpt),
        )  # fmt: skip
        assert status == 2, (status, out, err)
        assert out == ""
        [line] = err.splitlines()
        assert line.startswith(f"lexibench: error: --checkpoint {ckpt}: "), line
        for part in parts:
            assert part in line, (part, line)
        assert ckpt.read_bytes() == before
    return line


def lines_of(ckpt: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in ckpt.read_text().splitlines()]


def written(ckpt: Path, records: list[Any]) -> None:
    ckpt.write_text("".join(json.dumps(r) + "\n" for r in records))


def with_class(ckpt: Path, change: Change, index: int = 1) -> int:
    """Change the class record on line ``index + 1`` of ``ckpt``; return that line's number."""
    records = lines_of(ckpt)
    change(records[index])
    written(ckpt, records)
    return index + 1


# The defect as reported ----------------------------------------------------------------------


def test_a_class_out_of_range_is_refused_not_counted_as_done(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path
) -> None:
    with complete.open("a") as handle:
        record = dict(lines_of(complete)[1], id=99999)
        handle.write(json.dumps(record) + "\n")
    line = refused(capfd, medium_list, complete, f"line {CLASSES + 3}: class 99999 is not one")
    assert f"of the proof's {CLASSES} canonical classes" in line
    refused(capfd, medium_list, complete, "class 99999")  # on every rerun: never status 0


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (-1, "class -1 is not one of the proof's"),
        (64, "class 64 is not one of the proof's"),
        (4, "class 4 is not one of the proof's"),  # in range, not canonical: a turned class
        ("5", "class '5' is not one"),
        (5.0, "class 5.0 is not one"),
        (True, "class True is not one"),
        (10**30, f"class {10**30} is not one of the proof's"),
        ("x" * 1000, "class 'xxxxxxxxxx"),
    ],
)
def test_a_class_id_that_is_not_a_canonical_class_is_refused(
    capfd: pytest.CaptureFixture[str],
    medium_list: str,
    complete: Path,
    value: object,
    message: str,
) -> None:
    canonical = {record["id"] for record in lines_of(complete)[1:-1]}
    assert 4 not in canonical
    assert 5 in canonical
    records = lines_of(complete)
    index = next(i for i, r in enumerate(records) if r.get("id") == 5)
    records[index]["id"] = value
    written(complete, records)
    refused(capfd, medium_list, complete, f"line {index + 1}: {message}")


def test_a_class_recorded_twice_is_refused(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path
) -> None:
    records = lines_of(complete)
    written(complete, [*records[:-1], records[3], records[-1]])
    refused(
        capfd,
        medium_list,
        complete,
        f"line {CLASSES + 2}: class {records[3]['id']} is recorded twice (line 4)",
    )


# Each field of a class's record ----------------------------------------------------------------


def _found(records: list[dict[str, Any]]) -> int:
    return next(i for i, r in enumerate(records) if r.get("outcome") == "found")


#: A class record's changes, each with what its refusal says.
CLASS_CHANGES: list[tuple[Change, str]] = [
    (lambda r: r.update(bound=-1), "bound -1 is not a count"),
    (lambda r: r.update(paths="many"), "paths 'many' is not a count"),
    (lambda r: r.update(steps=1.5), "steps 1.5 is not a count"),
    (lambda r: r.update(nodes=None), "nodes None is not a count"),
    (lambda r: r.update(candidates=2**64), "is not a count"),
    (lambda r: r.update(seconds=-0.5), "seconds -0.5 is not a time"),
    (lambda r: r.update(seconds="fast"), "seconds 'fast' is not a time"),
    (lambda r: r.update(seconds=float("nan")), "NaN is not a number"),
    (lambda r: r.update(seconds=float("inf")), "Infinity is not a number"),
    (lambda r: r.update(outcome="pruned"), "outcome 'pruned' where its steps and boards say"),
    (lambda r: r.update(outcome="won"), "outcome 'won'"),
    (lambda r: r.pop("distinct"), "not a class's record (no 'distinct')"),
    (lambda r: r.update(colour="red"), "not a class's record ('colour')"),
    (lambda r: r.update(boards="all"), "its boards are not a list"),
    (lambda r: r.update(candidates=0), "its boards are not a list of its candidates"),
    (lambda r: r["boards"].append(["rat/ees", 59, 3]), "a board is not [text, score >= 60"),
    (lambda r: r["boards"].append(["rat/ees", 82]), "a board is not [text"),
    (lambda r: r["boards"].append(["rat/ees", 82, 0]), "words >= 1"),
    (lambda r: r["boards"].append(["rates/e", 82, 64]), "'rates/e' is not a 2x3 board"),
    (lambda r: r["boards"].append(["ra1/ees", 82, 64]), "is not a 2x3 board"),
    (lambda r: r["boards"].append([7, 82, 64]), "a board is not [text"),
]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "nested too deeply to be a record"),
        ('{"id": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ("1" * 10_000, "not JSON"),
        ("not json", "not JSON"),
        ("", "not JSON"),
        ("[1, 2]", "not a class's record"),
        ("\xff", "not JSON"),
    ],
)
def test_a_line_that_is_no_record_is_refused(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path, text: str, message: str
) -> None:
    data = complete.read_bytes().splitlines(keepends=True)
    complete.write_bytes(b"".join([*data[:5], text.encode() + b"\n", *data[5:]]))
    refused(capfd, medium_list, complete, f"line 6: {message}")


def test_bytes_that_are_not_utf8_are_refused(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path
) -> None:
    data = complete.read_bytes().splitlines(keepends=True)
    complete.write_bytes(b"".join([*data[:3], b'{"id": "\xff"}\n', *data[3:]]))
    refused(capfd, medium_list, complete, "line 4: not UTF-8 text")


def test_a_record_cut_short_is_still_dropped_whatever_it_holds(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path
) -> None:
    """A last line without its newline is a crash's half-written record, dropped as before
    (whatever its bytes: it was never a record), and the class proven again."""
    records = lines_of(complete)
    written(complete, records[:-2])  # a class and the run's record gone
    with complete.open("ab") as handle:
        handle.write(b"[" * 100_000)
    status, out, err = prove(capfd, medium_list, complete)
    assert status == 0, err
    assert "dropped a record cut short" in err
    assert f"done {CLASSES}:" in out
    assert len(lines_of(complete)) == 1 + CLASSES + 1


# A run's record --------------------------------------------------------------------------------


#: The run record's changes, each with what its refusal says.
RUN_CHANGES: list[tuple[Change, str]] = [
    (lambda r: r["run"].update(seconds="long"), "a run's seconds 'long' is not of its type"),
    (lambda r: r["run"].update(seconds=-3.0), "a run's seconds -3.0 is not a time"),
    (lambda r: r["run"].update(classes=-1), "a run's classes -1 is not a count"),
    (lambda r: r["run"].update(classes=2.5), "a run's classes 2.5 is not of its type"),
    (lambda r: r["run"].update(machine=["x"]), "a run's machine ['x'] is not of its type"),
    (lambda r: r["run"].pop("seconds"), "not a run's record"),
    (lambda r: r["run"].update(colour="red"), "not a run's record"),
    (lambda r: r.update(extra=1), "not a run's record"),
    (lambda r: r.update(run=[]), "not a run's record"),
    (lambda r: r["run"].update(cpu_seconds=float("inf")), "Infinity is not a number"),
]


# The header: the plan, matching the run ---------------------------------------------------------


#: The header's changes, each with what its refusal says.
HEADER_CHANGES: list[tuple[Change, str]] = [
    (lambda h: h["plan"].update(target="60"), "target and min_length are not whole numbers"),
    (lambda h: h["plan"].update(target=0), "target and min_length are not whole numbers"),
    (lambda h: h["plan"].update(order=[1, 4, 0, 2, 3, 3]), "order is not an order of the 6"),
    (lambda h: h["plan"].update(order="all"), "order is not an order"),
    (lambda h: h["plan"].update(size="9999x9999"), "the plan: board: 9999x9999 is"),
    (lambda h: h["plan"].update(size="10x10"), "classes, more than a proof takes"),
    (lambda h: h["plan"].update(partition="no such"), "the plan: partition"),
    (lambda h: h["plan"].update(weights=[]), "weights are not points"),
    (lambda h: h["plan"].update(wordlist_sha256="abc"), "wordlist_sha256 is not a SHA-256"),
    (lambda h: h["plan"].pop("algorithm"), "the header's plan is not a proof's"),
    (lambda h: h.update(plan=[]), "the header's plan is not a proof's"),
    (lambda h: h.update(colour="red"), "the header has a field 'colour'"),
    (
        lambda h: h.update(target_from={"from": "best", "evaluations": "many"}),
        "target_from is not a search's",
    ),
    (lambda h: h.update(target_from="best"), "target_from is not where a target came from"),
    (lambda h: h.update(target_from={"from": "guess"}), "target_from is not where a target"),
    (lambda h: h.update(target_from=dict(KNOWN, status="maybe")), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, score=61)), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, score=True)), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, wordlist="\x1b[2J")), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, wordlist="w" * 101)), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, colour="red")), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, board=["ate"])), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, board="a" * 10**6)), "not a known board's"),
    (lambda h: h.update(target_from=dict(KNOWN, board="atesin")), "not a 2x3 board"),
    (lambda h: h.update(target_from=dict(KNOWN, board="at1/sin")), "not a 2x3 board"),
]

#: Where each record stands among a complete checkpoint's lines.
RECORDS: dict[str, Callable[[list[dict[str, Any]]], int]] = {
    "class": _found,
    "run": lambda records: CLASSES + 1,
    "header": lambda records: 0,
}


@pytest.mark.parametrize(
    ("record", "change", "message"),
    [
        *(("class", change, message) for change, message in CLASS_CHANGES),
        *(("run", change, message) for change, message in RUN_CHANGES),
        *(("header", change, message) for change, message in HEADER_CHANGES),
    ],
)
def test_a_bad_record_is_refused(
    capfd: pytest.CaptureFixture[str],
    medium_list: str,
    complete: Path,
    record: str,
    change: Change,
    message: str,
) -> None:
    """A class's record, the run's or the header with a field of another type, out of range,
    missing or extra is refused, naming its line."""
    records = lines_of(complete)
    index = RECORDS[record](records)
    change(records[index])
    written(complete, records)
    refused(capfd, medium_list, complete, f"line {index + 1}: ", message)


def test_a_target_from_a_known_board_is_read_and_shown(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path
) -> None:
    """A header whose target came from the best known board (``prove`` without ``--target``,
    where the table knows one) resumes, and the output says which board it was."""
    with_class(complete, lambda h: h.update(target_from=KNOWN), index=0)
    status, out, err = run(
        capfd, "prove", "--size", SIZE, "--wordlist", medium_list, "--checkpoint", str(complete)
    )
    assert (status, err) == (0, "")
    assert "target 60: the best known 2x3 board for web2, ate/sin (proven best)" in out


@pytest.mark.parametrize(
    "first",
    ["[" * 100_000, '{"format": "lexibench-prove-checkpoint/2"}', "NaN", '"text"'],
)
def test_a_first_line_that_is_no_header_is_refused(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path, first: str
) -> None:
    lines = complete.read_text().splitlines(keepends=True)
    complete.write_text("".join([first + "\n", *lines[1:]]))
    refused(capfd, medium_list, complete, "not a checkpoint of lexibench prove")


def test_a_header_of_another_run_is_refused(
    capfd: pytest.CaptureFixture[str], medium_list: str, complete: Path
) -> None:
    """A well-formed header of another plan: a run with other options is refused (as before);
    the plan's own classes are what the records are checked against."""
    status, out, err = run(
        capfd, "prove", "--size", SIZE, "--target", "70", "--wordlist", medium_list,
        "--checkpoint", str(complete),
    )  # fmt: skip
    assert (status, out) == (2, "")
    assert "made by a proof with other options (target 60 there, 70 here)" in err


def test_a_checkpoint_over_the_limit_is_refused(
    capfd: pytest.CaptureFixture[str],
    medium_list: str,
    complete: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(checkpoint, "MAX_BYTES", 1000)
    refused(capfd, medium_list, complete, "larger than 1,000 bytes")


def test_a_fifo_as_the_checkpoint_is_refused(
    capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path
) -> None:
    fifo = tmp_path / "proof.ckpt"
    os.mkfifo(fifo)
    status, out, err = prove(capfd, medium_list, fifo)
    assert (status, out) == (2, "")
    assert f"--checkpoint {fifo}: it is a FIFO, not a regular file" in err


# The writer never writes what the reader refuses; the kept proofs keep loading -----------------


def test_a_class_finished_twice_is_recorded_once(complete: Path) -> None:
    contents = checkpoint.read(complete)
    assert contents is not None
    fingerprint = contents.header["plan"]
    with checkpoint.Checkpoint(complete, fingerprint, {}) as opened:
        opened.add(next(iter(contents.outcomes.values())))
    assert complete.read_bytes().count(b"\n") == 1 + CLASSES + 1


def test_the_committed_checkpoints_keep_loading() -> None:
    proofs = whole_proof.kept_proofs()
    assert len(proofs) >= 4
    for proof in proofs:
        assert 0 < proof.done <= proof.canonical
        assert proof.runs
    assert sum(proof.complete for proof in proofs) >= 3


def test_a_bad_kept_proof_is_refused_by_the_report(tmp_path: Path, complete: Path) -> None:
    kept = tmp_path / "proofs"
    kept.mkdir()
    bad = kept / "2x3.checkpoint"
    with_class(complete, lambda r: r.update(id=99999))
    bad.write_bytes(complete.read_bytes())
    with pytest.raises(InputError, match=r"^kept proof .*2x3\.checkpoint: line 2: class 99999"):
        whole_proof.render_lines(kept, [])


def test_the_checkpoint_is_a_registered_format() -> None:
    """The hostile-files fuzz suite iterates the registry: the checkpoint's reader is in it and
    refuses bad bytes with BadInputError alone (here, a few)."""
    reader = FORMATS["prove-checkpoint"]
    assert reader.max_bytes == checkpoint.MAX_BYTES
    header = json.dumps({"format": checkpoint.FORMAT}).encode()
    for data in (b"", b"\n", b"[" * 10_000 + b"\n", header + b"\n", header + b"\n{}\n"):
        with pytest.raises(BadInputError):
            reader.parse(data, "x.ckpt")
    committed = ROOT / "benchmarks" / "data" / "proofs" / "4x4-enable2k-mixed-3500.checkpoint"
    contents = reader.parse(committed.read_bytes(), str(committed))
    assert contents.plan.size == "4x4"
    assert len(contents.outcomes) >= 240
