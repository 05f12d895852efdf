"""Signalling a ``lexibench`` process in the tests, and checking that its whole process group
ends (Linux: read from /proc, no ps needed)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest


def group_members(pgid: int) -> list[int]:
    """Live processes of the process group ``pgid``."""
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # gone meanwhile
        state, group = fields[0], int(fields[2])
        if group == pgid and state != "Z":
            found.append(int(stat_file.parent.name))
    return found


def wait_for_handlers(proc: subprocess.Popen[bytes]) -> None:
    """Wait until ``proc`` handles SIGTERM (its handlers are installed: /proc shows the
    signals a process catches), or has ended."""
    status = Path(f"/proc/{proc.pid}/status")
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            caught = next(line for line in status.read_text().splitlines() if line[:7] == "SigCgt:")
            if int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1:
                return
        time.sleep(0.002)


def signal_and_wait(
    proc: subprocess.Popen[bytes], sig: signal.Signals, to_group: bool, timeout: float, trial: int
) -> int:
    """Send ``sig`` to ``proc``, or to its whole process group (``to_group``: a terminal's
    Ctrl-C, a service manager's stop), unless it has ended; its exit status once it ends. A
    process still running after ``timeout`` seconds fails the test, naming the trial, once its
    group is killed."""
    with contextlib.suppress(ProcessLookupError):  # it finished first
        (os.killpg if to_group else os.kill)(proc.pid, sig)
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        pytest.fail(
            f"trial {trial}: hung after {sig.name} to the {'group' if to_group else 'process'}"
        )


def assert_group_ends(pgid: int, trial: int = 0) -> None:
    """Every process of the group ``pgid`` (the workers a run started) ends within 10 s."""
    deadline = time.monotonic() + 10
    while group_members(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert group_members(pgid) == [], trial
