"""Hostile results files (issue 54): every file ``lexibench tables`` and ``lexibench compare``
read (raw JSON, gzipped raw files of a kept run, a kept run's manifest, the README whose block is
refreshed) and every path they are given, run as a user runs them. A bad one is refused in one
line on standard error naming the file (and the field), with status 2 and nothing on standard
output: never a traceback, an internal error (status 1), a hang, a silently wrong table or a
half-written output folder."""

from __future__ import annotations

import errno
import gzip
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from lexibench.benchmarks.harness import records
from lexibench.benchmarks.report.build import README_END, README_START
from lexibench.structures.files import FORMATS
from tests.commands import ROOT, run

FIXTURE = ROOT / "tests" / "fixtures" / "results"
#: The quickest raw file to render a report from (one suite, no plot of its own).
LOOKUP = FIXTURE / "raw" / "lookup.json"


def lexibench(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m lexibench ARGV``, as a user runs it (a hang fails the test, it does not
    hold it up)."""
    return subprocess.run(
        [sys.executable, "-m", "lexibench", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
    )


def refused(status: int, out: str, err: str, *parts: str) -> str:
    """The one line of a refusal (status 2, nothing on standard output), holding ``parts``."""
    assert status == 2, (status, err)
    assert out == ""
    [line] = err.splitlines()
    assert line.startswith("lexibench: error: "), line
    for part in parts:
        assert part in line, (part, line)
    return line


def refused_run(done: subprocess.CompletedProcess[str], *parts: str) -> str:
    return refused(done.returncode, done.stdout, done.stderr, *parts)


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder``, folders included (None), with each file's bytes."""
    return {
        str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes()
        for p in sorted(folder.rglob("*"))
    }


def changed(tmp_path: Path, name: str, change: Callable[[Any], object]) -> Path:
    """A copy of the fixture's raw file ``name`` with ``change`` applied to its JSON (written
    by json.dumps, which writes NaN and Infinity as Python does)."""
    source = FIXTURE / name if name == "memory.json" else FIXTURE / "raw" / name
    data = json.loads(source.read_text())
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


@pytest.fixture(params=["FIFO", "socket", "character device", "directory"])
def not_a_file(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """Something that is not a regular file where a raw file is expected, and what it is; the
    device is /dev/zero itself (only ever looked at: reading it would never end)."""
    path = tmp_path / "raw.json"
    if request.param == "FIFO":
        os.mkfifo(path)
        yield path, "a FIFO"
    elif request.param == "socket":
        with socket.socket(socket.AF_UNIX) as bound:
            bound.bind(str(path))
            yield path, "a socket"
    elif request.param == "character device":
        yield Path("/dev/zero"), "a character device"
    else:
        path.mkdir()
        yield path, "a directory"


# 1. Not a regular file: refused at once, never waited on -----------------------------------------


def test_a_fifo_given_to_compare_or_tables_is_refused_at_once(
    not_a_file: tuple[Path, str], tmp_path: Path
) -> None:
    path, what = not_a_file
    if what != "a directory":  # a folder is a run to compare (here, one without raw files)
        refused_run(lexibench("compare", str(path), str(path)), str(path), what)
    refused_run(lexibench("tables", str(path), "--out", str(tmp_path / "out")), str(path), what)
    assert not (tmp_path / "out").exists()


def test_a_fifo_inside_a_results_folder_is_refused(
    not_a_file: tuple[Path, str], tmp_path: Path
) -> None:
    """A FIFO (a device, a socket, a folder) where a results folder holds a raw file or its
    memory file: ``compare`` given the folder, ``tables`` reading ``results/`` by default."""
    source, what = not_a_file
    results = tmp_path / "results"
    (results / "raw").mkdir(parents=True)
    shutil.copy(LOOKUP, results / "raw")
    for odd in (results / "raw" / "games.json", results / "memory.json"):
        if source.parent == tmp_path:
            source.rename(odd)
        else:
            odd.symlink_to(source)
        shown = odd.relative_to(tmp_path)
        before = sorted(results.rglob("*"))
        if odd.name != "memory.json":  # which compare does not read
            compared = lexibench("compare", "results", "results", cwd=tmp_path)
            refused_run(compared, str(shown), what)
        refused_run(lexibench("tables", cwd=tmp_path), f"results file {shown}: ", what)
        assert sorted(results.rglob("*")) == before
        odd.rename(source) if source.parent == tmp_path else odd.unlink()


def test_a_fifo_as_a_kept_runs_file_is_refused(tmp_path: Path) -> None:
    """The history of the output folder is read for the HTML report, and a kept run is a run to
    compare: a FIFO as its manifest or as one of its gzipped raw files is refused."""
    out = tmp_path / "out"
    kept = out / "history" / "20261206T074415-f817039c257b"
    (kept / "raw").mkdir(parents=True)
    os.mkfifo(kept / "run.json")
    refused_run(
        lexibench("tables", str(LOOKUP), "--out", str(out)),
        f"kept run's manifest {kept / 'run.json'}: it is a FIFO, not a regular file",
    )
    assert sorted(p.name for p in out.iterdir()) == ["history"]
    os.mkfifo(kept / "raw" / "lookup.json.gz")
    refused_run(
        lexibench("compare", str(kept), str(LOOKUP)),
        f"results file {kept / 'raw' / 'lookup.json.gz'}: it is a FIFO, not a regular file",
    )


def test_a_fifo_as_the_readme_is_refused(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    os.mkfifo(readme)
    out = tmp_path / "out"
    refused_run(
        lexibench("tables", str(LOOKUP), "--out", str(out), "--readme", str(readme)),
        f"--readme {readme}: it is a FIFO, not a regular file",
    )
    assert not out.exists()
    refused_run(
        lexibench("tables", str(LOOKUP), "--out", str(readme)),
        f"--out {readme}: it is a FIFO, not a folder",
    )


# 2. NaN, Infinity and deep nesting: one line, the file and the field named ------------------------


@pytest.mark.parametrize("constant", ["nan", "inf", "-inf"])
@pytest.mark.parametrize(
    ("name", "change", "field"),
    [
        (
            "bulk.json",
            lambda d, x: d["runs"][1].update(seconds=x),
            "runs[1], field 'seconds'",
        ),
        (
            "lookup.json",
            lambda d, x: d["benchmarks"][2]["stats"].update(median=x),
            "stats, field 'median'",
        ),
        (
            "startup.json",
            lambda d, x: next(iter(d["backends"].values()))["phases_cached"].update(search=x),
            "backends['array-trie'].phases_cached, field 'search'",
        ),
        ("memory.json", lambda d, x: d.update(datetime=x), "field 'datetime'"),
    ],
)
def test_nan_or_infinity_in_a_results_file_is_refused_naming_the_field(
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    constant: str,
    name: str,
    change: Callable[[Any, float], object],
    field: str,
) -> None:
    bad = changed(tmp_path, name, lambda d: change(d, float(constant)))
    text = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}[constant]
    assert text in bad.read_text()
    line = refused(
        *run(capfd, "tables", str(bad), "--out", str(tmp_path / "out")),
        f"results file {bad}: ",
        field,
        f"{text} is not a number",
    )
    if name == "lookup.json":
        assert "benchmark 'test_lookup[" in line  # the entry, by its benchmark's name
    refused(*run(capfd, "compare", str(bad), str(bad)), f"results file {bad}: ", field)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "[" * 100_000 + "]" * 100_000,
        '{"schema": "lexibench-bulk/4", "runs": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"benchmarks": ' + "{" * 50_000 + "}" * 50_000 + "}",
        "1" * 10_000,  # more digits than Python converts
        '{"datetime": "' + "9" * 10_000 + '"}',
    ],
)
def test_deep_nesting_and_huge_numbers_are_one_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], text: str
) -> None:
    bad = tmp_path / "raw.json"
    bad.write_text(text)
    refused(*run(capfd, "tables", str(bad), "--out", str(tmp_path / "out")), f"results file {bad}")
    refused(*run(capfd, "compare", str(bad), str(LOOKUP)), f"results file {bad}")
    kept = tmp_path / "raw.json.gz"
    kept.write_bytes(gzip.compress(text.encode()))
    refused(*run(capfd, "compare", str(kept), str(LOOKUP)), f"results file {kept}")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["runs"][0].update({"odd\nkey" * 50: 1}), "field 'odd\\nkeyodd"),
        (lambda d: d.update({"odd\nkey": {"x": float("nan")}}), "odd\\nkey, field 'x': NaN"),
        (lambda d: d["runs"][0].pop("jobs") and d["runs"][0].update({"a\rb": 1}), "'a\\rb'"),
    ],
)
def test_a_key_with_a_line_break_is_named_on_one_line(
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    change: Callable[[Any], object],
    message: str,
) -> None:
    bad = changed(tmp_path, "bulk.json", change)
    refused(*run(capfd, "compare", str(bad), str(bad)), f"results file {bad}: ", message)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not gzip at all", "not a whole gzip file"),
        (gzip.compress(LOOKUP.read_bytes(), mtime=0)[:-20], "not a whole gzip file"),
        (gzip.compress(b"\xff\xfe not UTF-8", mtime=0), "not UTF-8 text"),
        (gzip.compress(b" " * (2 << 20), mtime=0), "larger than 1 MiB once decompressed"),
    ],
    ids=["not gzip", "cut short", "not UTF-8", "a bomb"],
)
def test_a_bad_gzipped_raw_file_is_one_line(
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    data: bytes,
    message: str,
) -> None:
    """A kept run's raw file that is no gzip file, is cut short, or decompresses past the
    limit (here lowered to 1 MiB: a small file may hold gigabytes) is refused."""
    monkeypatch.setattr(records, "MAX_BYTES", 1 << 20)
    kept = tmp_path / "lookup.json.gz"
    kept.write_bytes(data)
    refused(*run(capfd, "compare", str(kept), str(LOOKUP)), f"results file {kept}: {message}")


def test_a_results_file_over_the_limit_is_refused_before_it_is_read(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(records, "MAX_BYTES", 100_000)
    refused(
        *run(capfd, "tables", str(LOOKUP), "--out", str(tmp_path / "out")),
        f"results file {LOOKUP}: larger than 100,000 bytes",
    )


# 3, 4. A time of 0 is no measurement: refused, never divided by or compared ----------------------


@pytest.mark.parametrize(
    ("name", "change", "field"),
    [
        ("bulk.json", lambda d: d["runs"][0].update(seconds=0), "runs[0], field 'seconds'"),
        ("bulk.json", lambda d: d["runs"][0].update(seconds=-1.5), "runs[0], field 'seconds'"),
        ("bulk.json", lambda d: d["runs"][2].update(cpu_seconds=0.0), "field 'cpu_seconds'"),
        (
            "bulk.json",
            lambda d: d["runs"][0].update(rounds=[0.1, 0.0, 0.2]),
            "runs[0], field 'rounds[1]'",
        ),
        (
            "lookup.json",
            lambda d: [
                b["stats"].update(median=0.0, min=0.0, max=0.0, q1=0.0, q3=0.0, data=[0.0])
                for b in d["benchmarks"]
            ],
            "stats, field ",
        ),
        (
            "startup.json",
            lambda d: next(iter(d["cases"].values())).update(cpu_s=[0.0]),
            "field 'cpu_s[0]'",
        ),
    ],
)
def test_a_time_of_zero_is_refused_naming_the_field(
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    name: str,
    change: Callable[[Any], object],
    field: str,
) -> None:
    """``tables`` divided by a bulk run's 0 seconds, and ``compare`` printed a case of zero
    timings as "0 ns nanx no change": a time of 0 (or less) is no measurement."""
    bad = changed(tmp_path, name, change)
    refused(
        *run(capfd, "tables", str(bad), "--out", str(tmp_path / "out")),
        f"results file {bad}: ",
        field,
        "expected a number from 1e-09 to 1e+09",
    )
    refused(*run(capfd, "compare", str(bad), str(bad)), f"results file {bad}: ", field)
    assert not (tmp_path / "out").exists()


def test_the_fixture_and_committed_results_hold_no_time_of_zero(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The refusal above does not refuse a real run: the raw files of the fixture and of the
    committed results, their kept runs included, are read (each was refused, held it a time of
    zero); the fixture and the results compare with themselves (a second each: the kept runs,
    one more every whole run, are read alone)."""
    for folder in [FIXTURE, ROOT / "results", *sorted((ROOT / "results" / "history").iterdir())]:
        assert records.load(records.default_inputs(folder)).benches, folder
    for folder in (FIXTURE, ROOT / "results"):
        status, out, err = run(capfd, "compare", str(folder), str(folder))
        assert (status, err) == (0, ""), err
        assert "nan" not in out


# 5. A failed publication leaves nothing behind, not even a folder ---------------------------------


@pytest.mark.parametrize("existing", [False, True])
def test_a_full_disk_leaves_no_folder_behind(
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    existing: bool,
) -> None:
    """``tables --out DIR`` on a full disk said "nothing was changed" and left an empty
    ``plots/`` (and a new DIR): the disk's failure is injected where a full disk reports it
    (flushing a staged file)."""
    out = tmp_path / "out"
    if existing:
        out.mkdir()
        (out / "notes.txt").write_text("mine\n")
    before = tree(tmp_path)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", full)
        status, out_text, err = run(capfd, "tables", str(LOOKUP), "--out", str(out))
    assert status == 1
    assert out_text == ""
    [line] = err.splitlines()
    assert "No space left on device" in line
    assert "nothing was changed" in line
    assert tree(tmp_path) == before
    status, _, _ = run(capfd, "tables", str(LOOKUP), "--out", str(out))  # then it can be done
    assert status == 0
    assert (out / "report.md").exists()


# 7. An output that is one of the inputs is refused up front --------------------------------------


def test_an_output_that_is_an_input_is_refused_up_front(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    raw = tmp_path / "lookup.json"
    shutil.copy(LOOKUP, raw)
    alias = tmp_path / "alias.json"
    os.link(raw, alias)
    before = tree(tmp_path)
    refused(
        *run(capfd, "tables", str(raw), "--out", str(alias)),
        f"--out {alias}: it is the input {raw}, which would be written over",
    )
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n{README_START}\nold\n{README_END}\n")
    before = tree(tmp_path)
    refused(
        *run(capfd, "tables", str(raw), "--out", str(tmp_path / "out"), "--readme", str(alias)),
        f"--readme {alias}: it is the input {raw}",
    )
    out = tmp_path / "out"
    (out / "plots").mkdir(parents=True)
    held = out / "plots" / "lookup.json"
    shutil.copy(LOOKUP, held)
    refused(
        *run(capfd, "tables", str(held), "--out", str(out)),
        f"output {out / 'plots'}: it holds the input {held}",
    )
    refused(
        *run(capfd, "tables", str(out / "report.md"), "--out", str(out)),
        f"results file {out / 'report.md'}: no such file",
    )
    assert tree(tmp_path) == {
        **before,
        "out": None,
        "out/plots": None,
        "out/plots/lookup.json": LOOKUP.read_bytes(),
    }
    report = out / "report.md"
    refused(
        *run(capfd, "tables", str(raw), "--out", str(out), "--readme", str(report)),
        f"--readme {report}",
    )


def test_the_results_folder_and_readme_are_regenerated_in_place(tmp_path: Path) -> None:
    """What ``make tables`` does: the raw files read from ``results/raw``, the report written
    beside them in ``results/``, the README's block refreshed: allowed, and the same bytes
    again on a second run."""
    results = tmp_path / "results"
    (results / "raw").mkdir(parents=True)
    for path in records.default_inputs(FIXTURE):
        shutil.copy(path, results / path.relative_to(FIXTURE))
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n{README_START}\nold\n{README_END}\ntail\n")
    done = lexibench("tables", "--readme", "README.md", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "### Which structure should I use?" in readme.read_text()
    first = tree(tmp_path)
    done = lexibench("tables", "--readme", "README.md", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert tree(tmp_path) == first


# The README and the kept runs' manifests ---------------------------------------------------------


def test_a_readme_of_markers_only_is_refused_in_linear_time(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Many start markers and no end marker: every start was searched to the end (quadratic)."""
    readme = tmp_path / "README.md"
    readme.write_text(README_START * 150_000)  # 10 MB
    started = time.perf_counter()
    refused(
        *run(capfd, "tables", str(LOOKUP), "--out", str(tmp_path / "out"), "--readme", str(readme)),
        f"readme {readme}: has no headline markers",
    )
    assert time.perf_counter() - started < 10
    readme.write_bytes(b"\xff" + README_START.encode() + README_END.encode())
    refused(
        *run(capfd, "tables", str(LOOKUP), "--out", str(tmp_path / "out"), "--readme", str(readme)),
        f"readme {readme}: not UTF-8 text",
    )


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"schema": "lexibench-history/1"}', "missing required field"),
        ("[" * 100_000, "kept run's manifest"),
        (
            '{"schema": "lexibench-history/1", "commit": "c", "dirty": false, "datetime": "d", '
            '"steps": {"suite games": NaN}, "seconds": 1}',
            "not valid JSON",
        ),
        (
            '{"schema": "lexibench-history/1", "commit": "c", "dirty": false, "datetime": "d", '
            '"steps": {}, "seconds": -5}',
            "expected `float` >= 0.0",
        ),
    ],
)
def test_a_bad_manifest_in_the_history_is_refused(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], manifest: str, message: str
) -> None:
    out = tmp_path / "out"
    kept = out / "history" / "20261206T074415-f817039c257b"
    kept.mkdir(parents=True)
    (kept / "run.json").write_text(manifest)
    before = tree(tmp_path)
    refused(
        *run(capfd, "tables", str(LOOKUP), "--out", str(out)),
        f"kept run's manifest {kept / 'run.json'}: ",
        message,
    )
    assert tree(tmp_path) == before


def test_every_reader_here_is_a_registered_format() -> None:
    """The hostile-files fuzz suite iterates the registry: the readers of this layer are in it,
    each refusing bad bytes with BadInputError alone."""
    import lexibench.benchmarks.report.build
    import lexibench.benchmarks.report.history  # noqa: F401

    for name in ("results", "results-gz", "history-manifest", "readme"):
        assert name in FORMATS, name


def test_a_memory_growth_of_zero_is_shown_not_divided_by(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Resident-set growth is measured as a difference, and 0 is a measurement: the growth
    table leaves its ratio out (it divided by it), the log-scaled plots leave the point out
    (matplotlib warned, or failed on a plot of zeros alone)."""

    def no_growth(data: dict[str, Any]) -> None:
        rows = list(data["points"].values())
        for row in rows:  # one backend with none at any size, another at its first
            row["backends"]["array-trie"]["rss_bytes"] = 0
        rows[0]["backends"]["dict-trie"]["rss_bytes"] = 0

    sweep = changed(tmp_path, "scaling-memory.json", no_growth)
    memory = changed(
        tmp_path, "memory.json", lambda d: d["backends"]["array-trie"].update(rss_bytes_median=0)
    )
    out = tmp_path / "out"
    status, text, err = run(
        capfd, "tables", str(FIXTURE / "raw" / "games.json"), str(FIXTURE / "raw" / "scaling.json"),
        str(sweep), str(memory), "--out", str(out),
    )  # fmt: skip
    assert (status, text) == (0, ""), err
    assert "Warning" not in err
    scaling = (out / "scaling.md").read_text()
    table = scaling[scaling.index("Resident-set growth") :]
    row = next(line for line in table.splitlines() if line.startswith("| array-trie"))
    assert "| 0 " in row


def test_a_count_of_zero_is_shown_not_divided_by(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A count the crossword report divides by (the DAWG's nodes entered and letters tried) of
    0: the ratio is left out, where it was an internal error."""
    data = json.loads((ROOT / "results" / "raw" / "crossword.json").read_text())
    counted = [
        b["extra_info"]
        for b in data["benchmarks"]
        if b["extra_info"]["schema"] == "lexibench-crossword-nodes/1"
        and b["extra_info"]["variant"] == "words"
    ]
    assert counted
    for record in counted:
        record.update(entered=0, steps=0)
    bad = tmp_path / "crossword.json"
    bad.write_text(json.dumps(data))
    status, out, err = run(capfd, "tables", str(bad), "--out", str(tmp_path / "out"))
    assert (status, out) == (0, ""), err
    assert "GADDAG/DAWG nodes" in (tmp_path / "out" / "report.md").read_text()
