"""Where work runs (solver.execution): the same results here, in processes and on Dask, and a
Dask worker killed in the middle of a job."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from lexibench.solver.execution import Here, Processes, Stop, batches, ordered_map
from tests.commands import TINY


@dataclass(frozen=True)
class Square:
    """A job: every process opens the offset once; a batch squares its items."""

    offset: int

    def open(self) -> int:
        return self.offset

    def run(self, state: int, batch: list[int]) -> list[int]:
        return [x * x + state for x in batch]


@dataclass(frozen=True)
class Echo:
    """A job whose results are its items."""

    def open(self) -> None:
        return None

    def run(self, state: None, batch: list[Any]) -> list[Any]:
        return batch


@dataclass(frozen=True)
class Counting(Echo):
    """A stoppable job: each item counts up to it, unless asked to stop first."""

    def run_until(self, state: None, batch: list[int], stop: object) -> list[int]:
        done = []
        for item in batch:
            if stop():  # type: ignore[operator]
                break
            done.append(item)
        return done


def test_here_and_in_processes_give_the_same_results_in_order() -> None:
    items = list(range(1000))
    expected = [x * x + 7 for x in items]
    assert list(ordered_map(Square(7), items)) == expected
    assert list(ordered_map(Square(7), items, Here(), batch=3)) == expected
    assert list(ordered_map(Square(7), items, Processes(2), batch=17)) == expected
    assert list(ordered_map(Square(7), iter(items), Processes(2), state=7)) == expected
    assert list(batches([], 5)) == []


@dataclass(frozen=True)
class Faulty:
    """A job whose batch holding ``bad`` raises, and whose batch holding ``dies`` kills its
    worker (as the kernel's out-of-memory killer or a signal from outside would)."""

    bad: int = -1
    dies: int = -1

    def open(self) -> None:
        return None

    def run(self, state: None, batch: list[int]) -> list[int]:
        if self.bad in batch:
            raise ValueError(f"bad item {self.bad}")
        if self.dies in batch:
            os.kill(os.getpid(), signal.SIGKILL)
        return batch


def _children() -> list[int]:
    """The live child processes of this process (from /proc)."""
    me = str(os.getpid())
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if fields[1] == me and fields[0] != "Z":
            found.append(int(stat_file.parent.name))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_worker_faults_are_raised_here_and_leave_no_worker() -> None:
    """A task's exception is raised in this process; a worker that dies is one error naming
    how; stopping early (the consumer leaves) stops the workers; none is left behind."""
    from lexibench.solver.pool import WorkerDiedError

    before = set(_children())  # such as an earlier test's helper processes
    with pytest.raises(ValueError, match="bad item 500"):
        list(ordered_map(Faulty(bad=500), range(1000), Processes(2), batch=10))
    assert set(_children()) <= before
    with pytest.raises(WorkerDiedError, match="killed by SIGKILL"):
        list(ordered_map(Faulty(dies=500), range(1000), Processes(2), batch=10))
    assert set(_children()) <= before
    run = ordered_map(Faulty(), range(10**6), Processes(2), batch=10)
    assert [next(run) for _ in range(5)] == list(range(5))
    assert isinstance(run, Generator)
    run.close()
    assert set(_children()) <= before


def test_large_batches_and_results_flow_both_ways_at_once() -> None:
    """Batches and results far larger than a socket's buffer, many in flight: no deadlock."""
    items = [bytes([i % 256]) * 300_000 for i in range(40)]
    assert list(ordered_map(Echo(), items, Processes(2), batch=2)) == items


def test_a_stop_set_before_the_run_starts_nothing() -> None:
    stop = Stop()
    stop.set()
    assert list(ordered_map(Counting(), range(10), stop=stop)) == []
    assert list(ordered_map(Counting(), range(10), Processes(2), stop=stop, batch=2)) == []
    assert list(ordered_map(Counting(), range(4), stop=Stop())) == [0, 1, 2, 3]


@dataclass(frozen=True)
class Slow:
    """A job whose every item takes a while."""

    seconds: float

    def open(self) -> None:
        return None

    def run(self, state: None, batch: list[int]) -> list[int]:
        time.sleep(self.seconds)
        return batch


def test_a_stop_ends_a_dask_run_without_waiting_for_its_tasks() -> None:
    """Once the stop is set, a Dask run yields what is back, in order, and returns at once."""
    pytest.importorskip("distributed")
    from lexibench.solver.execution import Dask

    stop = Stop()
    results = ordered_map(Slow(0.5), range(40), Dask(workers=2), batch=1, stop=stop)
    first = next(results)
    stop.set()
    asked = time.monotonic()
    rest = list(results)
    assert time.monotonic() - asked < 2
    assert [first, *rest] == list(range(1 + len(rest)))
    assert len(rest) < 39


def _workers_of(pid: int) -> list[int]:
    """The Dask worker processes below ``pid`` (started by multiprocessing's spawn)."""
    import psutil

    found = []
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if "spawn_main" in " ".join(child.cmdline()):
                found.append(child.pid)
        except psutil.NoSuchProcess:
            continue
    return found


@pytest.mark.parametrize("when", ["start", "stop"])
def test_a_failing_dask_cluster_is_one_line_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], when: str
) -> None:
    """A cluster that fails, starting or stopping (a local cluster's nanny that cannot start a
    worker again after one was killed: seen once in CI), is one line and status 1, never an
    internal error."""
    distributed = pytest.importorskip("distributed")
    from lexibench.solver.cli import main

    real = distributed.LocalCluster

    class Failing(real):  # type: ignore[misc,valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            if when == "start":
                raise RuntimeError("Nanny failed to start.")
            super().__init__(*args, **kwargs)

        def __exit__(self, *exc: object) -> None:
            super().__exit__(*exc)
            raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(distributed, "LocalCluster", Failing)
    argv = ["best", "--size", "3x3", "--wordlist", TINY, "--evaluations", "2000"]
    status = main([*argv, "--seed", "3", "--dask-workers", "2", "--json"])
    out, err = capsys.readouterr()
    assert status == 1
    assert out == ""
    failed = "the Dask cluster failed: RuntimeError: Nanny failed to start."
    assert err == f"lexibench: error: {failed}\n"


def _cpu_percent(pid: int) -> float:
    """The share of a CPU that process ``pid`` takes over a fifth of a second (0 if it ends
    meanwhile: a worker that Dask replaced, or the run that finished)."""
    import psutil

    try:
        return float(psutil.Process(pid).cpu_percent(interval=0.2))
    except psutil.NoSuchProcess:
        return 0.0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process tree of Linux")
def test_a_dask_worker_killed_mid_job_is_recovered_from() -> None:
    """A worker process killed while it runs a chain: the scheduler runs the chain again on a
    live worker and the result is byte for byte what one process gives (or, if Dask cannot
    recover, one line and a non-zero status: never a partial or wrong result)."""
    pytest.importorskip("distributed")
    pytest.importorskip("psutil")
    common = [sys.executable, "-m", "lexibench", "best", "--size", "3x3", "--wordlist", TINY,
              "--evaluations", "1200000", "--restarts", "4", "--seed", "3", "--json"]  # fmt: skip
    alone = subprocess.run(common, capture_output=True, text=True, check=True).stdout
    process = subprocess.Popen(
        [*common, "--dask-workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 60
    killed = None
    while killed is None and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.5)
        # Busy: a tenth of a CPU or more (an idle worker takes next to none; the machine may be
        # shared with other tests, so a busy one need not get half a CPU).
        busy = [pid for pid in _workers_of(process.pid) if _cpu_percent(pid) > 10]
        if busy:
            killed = busy[0]
            os.kill(killed, signal.SIGKILL)
    out, err = process.communicate(timeout=120)
    assert killed is not None, "no busy worker was seen"
    if process.returncode == 0:
        alone_result, clustered = json.loads(alone), json.loads(out)
        for field in ("seconds",):
            alone_result.pop(field)
            clustered.pop(field)
        assert clustered == alone_result
    else:
        assert out == ""
        assert err.count("\n") == 1
        assert err.startswith("lexibench: error: ")


def test_bulk_lines_on_dask_name_the_word_list_as_given(tmp_path: Path) -> None:
    """Dask workers open the list by its absolute path; every line still names it as the user
    gave it, so the output is byte for byte that of one process."""
    pytest.importorskip("distributed")
    words = tmp_path / "words.txt"
    words.write_text("eat\nsat\nseat\ntea\nteas\n")
    boards = tmp_path / "boards.txt"
    boards.write_text("ea/st\nse/at\ntt/ee\n")
    common = [sys.executable, "-m", "lexibench", "solve", "--boards-file", "boards.txt",
              "--wordlist", "words.txt"]  # fmt: skip
    alone = subprocess.run(common, capture_output=True, text=True, check=True, cwd=tmp_path)
    dask = subprocess.run(
        [*common, "--dask-workers", "1"], capture_output=True, text=True, check=True, cwd=tmp_path
    )
    assert '"name":"words.txt"' in alone.stdout
    assert dask.stdout == alone.stdout


def test_two_local_clusters_at_once_start_without_a_warning() -> None:
    """Two runs on local clusters at once: the second finds no port taken (warnings are errors
    here), as the first's HTTP server listens on a free port, not Dask's 8787."""
    pytest.importorskip("distributed")
    from lexibench.solver.cluster import client_for
    from lexibench.solver.execution import Dask

    with client_for(Dask(workers=1)) as first, client_for(Dask(workers=1)) as second:
        assert first.submit(abs, -1).result() == second.submit(abs, -2).result() - 1
