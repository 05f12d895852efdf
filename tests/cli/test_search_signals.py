"""The long searches with workers (``best --jobs``, ``prove --jobs``) keep what they found when a
signal stops them, sent to ``lexibench`` alone or to its whole process group (a terminal's
Ctrl-C, a service manager's or a batch system's stop): the best so far, or the classes done, on
standard output, one line on standard error, status 130 or 143, no process left.

Before the workers took SIGTERM as a request to stop (:func:`lexibench.solver.execution.
worker_signals`), SIGTERM to the group killed them before the main process could ask them for
what they had: status 1, "a worker process ended before its work was done", nothing printed.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.test_errors import LEXIBENCH
from tests.signals import assert_group_ends, group_members, signal_and_wait

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="process groups and /proc of Linux"
)

#: Trials of each case, each at a random moment once the workers run.
TRIALS = 3

SEARCHES = {
    "best": ["best", "--size", "4x4", "--evaluations", "5000000", "--json"],
    "prove": ["prove", "--size", "3x3", "--target", "40", "--json"],
}


def _started(proc: subprocess.Popen[bytes]) -> bool:
    """True once the main process has started its two workers (or has ended)."""
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if len(group_members(proc.pid)) >= 3:
            return True
        time.sleep(0.02)
    return False


@pytest.mark.parametrize("to_group", [True, False], ids=["group", "process"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("search", sorted(SEARCHES))
def test_a_search_with_workers_keeps_its_result_on_any_signal(
    tmp_path: Path, sample_wordlist: Path, search: str, sig: signal.Signals, to_group: bool
) -> None:
    argv = [*LEXIBENCH, *SEARCHES[search], "--jobs", "2", "--wordlist", str(sample_wordlist)]
    subprocess.run([*argv[:3], "ea/st", "--wordlist", str(sample_wordlist)], check=False)
    rng = random.Random(f"{search}:{sig}:{to_group}")
    for trial in range(TRIALS):
        out, err = tmp_path / "out.json", tmp_path / "err.txt"
        with out.open("wb") as stdout, err.open("wb") as stderr:
            proc = subprocess.Popen(argv, stdout=stdout, stderr=stderr, start_new_session=True)
        assert _started(proc), (trial, err.read_text())
        time.sleep(rng.uniform(0.0, 0.6))
        status = signal_and_wait(proc, sig, to_group, 60, trial)
        assert status == 128 + sig, (trial, status, err.read_text())
        word = "interrupted" if sig == signal.SIGINT else "terminated"
        assert err.read_text() == (
            f"lexibench: {word} ({sig.name}): what was found so far is above\n"
        ), trial
        found = json.loads(out.read_bytes())
        assert found["stopped"] == sig.name, (trial, found)
        assert_group_ends(proc.pid, trial)
