"""``lexibench sim --positions FILE``: a JSON line per position, in the file's order, each the
object ``sim --json`` prints with its line number; the same numbers in one process, in two and on
Dask; a bad file refused in one line before any work; Ctrl-C keeps the lines written, whole, and
leaves no worker behind."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_crossword_cli import EMPTY, MID, WORDS
from tests.commands import run

POSITIONS = [
    f"{EMPTY} AEINRST 0/0 0",
    MID,
    f"{EMPTY} ADEIST? 0/0 0",
    MID.replace("AEINST?", "AADEIST"),
]
#: Few candidates and iterations: a position in a few milliseconds on the small list.
QUICK = ["--candidates", "3", "--iterations", "12", "--seed", "7"]


@pytest.fixture
def wordlist(tmp_path: Path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS.split()) + "\n")
    return str(path)


@pytest.fixture
def positions(tmp_path: Path) -> str:
    """The positions, a blank line after the first (the others keep their numbers: 1, 3, 4, 5)."""
    path = tmp_path / "positions.txt"
    path.write_text(f"{POSITIONS[0]}\n\n" + "".join(f"{p}\n" for p in POSITIONS[1:]))
    return str(path)


def _timeless(out: str) -> str:
    """The output without its one measurement (each line's ``seconds``)."""
    return re.sub(r'"seconds": [0-9.e-]+', '"seconds": 0', out)


def _sim(capfd: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capfd, "sim", *argv)
    assert (status, err) == (0, ""), err
    return out


def test_each_line_is_what_sim_json_prints_with_its_line_number(
    capfd: pytest.CaptureFixture[str], wordlist: str, positions: str
) -> None:
    out = _sim(capfd, "--positions", positions, "--wordlist", wordlist, *QUICK)
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["line"] for line in lines] == [1, 3, 4, 5]
    for line, position in zip(lines, POSITIONS, strict=True):
        assert next(iter(line)) == "line"
        alone = json.loads(_sim(capfd, position, "--wordlist", wordlist, *QUICK, "--json"))
        assert {**line, "seconds": 0} == {"line": line["line"], **alone, "seconds": 0}
        assert line["iterations"] == 12
        assert len(line["candidates"]) == 3


def test_two_processes_give_the_same_bytes_as_one(
    capfd: pytest.CaptureFixture[str], wordlist: str, positions: str
) -> None:
    common = ["--positions", positions, "--wordlist", wordlist, *QUICK]
    alone = _sim(capfd, *common)
    assert _timeless(_sim(capfd, *common, "--jobs", "2")) == _timeless(alone)
    assert _timeless(_sim(capfd, *common, "--jobs", "1")) == _timeless(alone)
    other = _sim(capfd, *common[:-1], "8")
    assert _timeless(other) != _timeless(alone)  # the seed decides the numbers


def test_the_time_limit_is_each_positions(
    capfd: pytest.CaptureFixture[str], wordlist: str, positions: str
) -> None:
    out = _sim(
        capfd, "--positions", positions, "--wordlist", wordlist, "--iterations", "10000000",
        "--candidates", "2", "--time-limit", "0.05",
    )  # fmt: skip
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4
    for line in lines:
        assert line["stopped"] == "time limit"
        assert 0 < line["iterations"] < 10_000_000


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (f"{MID}\n\n15/15 AB\n", "positions file {path}, line 3: board: 2 rows"),
        (f"{MID}\n{EMPTY} AB?&\n", "positions file {path}, line 2: "),
        ("\n\n", "positions file {path}: no position in it"),
    ],
)
def test_a_bad_line_is_refused_before_any_work(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    """Refused whole, before the word list is read (it does not exist) and before the first
    position, which is good, is simulated."""
    path = tmp_path / "positions.txt"
    path.write_text(content)
    missing = str(tmp_path / "no-such-words.txt")
    status, out, err = run(capfd, "sim", "--positions", str(path), "--wordlist", missing)
    assert (status, out) == (2, "")
    assert err.startswith(f"lexibench: error: {message.format(path=path)}")
    assert err.count("\n") == 1


def test_a_fifo_a_folder_and_a_missing_file_are_refused(tmp_path: Path, wordlist: str) -> None:
    """The FIFO in a process of its own: refused without waiting for a writer."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, why in (
        (fifo, "it is a FIFO, not a regular file"),
        (tmp_path, "it is a directory, not a regular file"),
        (tmp_path / "missing.txt", "no such file"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "lexibench", "sim", "--positions", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == f"lexibench: error: positions file {path}: {why}\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([MID], "give a CGP position or --positions FILE, not both"),
        (["--gcg", "game.gcg"], "give --gcg or --positions FILE, not both"),
        (["--known-rack"], "line 1: --known-rack: the position gives no other rack"),
        (["--jobs", "2", "--dask-workers", "2"], "give --jobs or --dask-workers, not both"),
    ],
)
def test_bad_options_with_positions_are_one_line(
    capfd: pytest.CaptureFixture[str], positions: str, argv: list[str], message: str
) -> None:
    status, out, err = run(capfd, "sim", "--positions", positions, *argv)
    assert (status, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("where", [["--jobs", "2"], ["--dask-workers", "2"]])
def test_one_position_runs_in_one_process(
    capfd: pytest.CaptureFixture[str], where: list[str]
) -> None:
    status, out, err = run(capfd, "sim", MID, *where)
    assert (status, out) == (2, "")
    assert "go with --positions FILE" in err
    assert err.count("\n") == 1


def _interrupted(
    tmp_path: Path, wordlist: str, argv: list[str], signum: int
) -> tuple[int, bytes, bytes]:
    """A run of many positions, sent ``signum`` (as a terminal sends Ctrl-C: to its whole
    process group) once its first line is out: its status, its output and its standard error;
    no process of the group is left once it has exited."""
    path = tmp_path / "many.txt"
    path.write_text("".join(f"{p}\n" for p in POSITIONS) * 25)  # 100: seconds of work
    process = subprocess.Popen(
        [sys.executable, "-m", "lexibench", "sim", "--positions", str(path), "--wordlist",
         wordlist, "--candidates", "3", "--iterations", "150", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline()
    os.killpg(process.pid, signum)
    rest, err = process.communicate(timeout=60)
    deadline = time.monotonic() + 5
    while True:  # the workers are stopped before it exits: none is left for long
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "a process of the run outlived it"
        time.sleep(0.05)
    return process.returncode, first + rest, err


@pytest.mark.parametrize(
    ("where", "signum"),
    [([], signal.SIGINT), (["--jobs", "2"], signal.SIGINT), (["--jobs", "2"], signal.SIGTERM)],
)
def test_an_interrupt_keeps_the_positions_finished(
    tmp_path: Path, wordlist: str, where: list[str], signum: int
) -> None:
    status, out, err = _interrupted(tmp_path, wordlist, where, signum)
    word = "interrupted" if signum == signal.SIGINT else "terminated"
    assert (status, err.decode()) == (
        128 + signum,
        f"lexibench: {word} ({signal.Signals(signum).name})\n",
    )
    assert out.endswith(b"\n")  # no half line
    lines: list[dict[str, Any]] = [json.loads(line) for line in out.splitlines()]
    assert 1 <= len(lines) < 100
    assert [line["line"] for line in lines] == list(range(1, len(lines) + 1))  # in order
    assert all(line["iterations"] == 150 and "stopped" not in line for line in lines)


def test_a_dask_cluster_gives_the_same_numbers(
    capfd: pytest.CaptureFixture[str], wordlist: str, positions: str
) -> None:
    """On a cluster (--scheduler; its worker in this process), byte for byte what one process
    prints, less the seconds."""
    distributed = pytest.importorskip("distributed")
    common = ["--positions", positions, "--wordlist", wordlist, *QUICK]
    alone = _sim(capfd, *common)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        clustered = _sim(capfd, *common, "--scheduler", cluster.scheduler_address)
    assert _timeless(clustered) == _timeless(alone)
