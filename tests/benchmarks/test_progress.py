"""The runner's steps: run in lanes, the longest first, and a step that fills the machine alone."""

from __future__ import annotations

import functools
import re
import threading
import time
from collections.abc import Callable

import pytest

from lexibench.benchmarks.run import Progress


def test_a_step_that_fills_the_machine_runs_alone(capsys: pytest.CaptureFixture[str]) -> None:
    running: set[str] = set()
    beside: dict[str, set[str]] = {}
    lock = threading.Lock()

    def step(name: str) -> None:
        with lock:
            beside.setdefault(name, set()).update(running)
            for other in running:
                beside.setdefault(other, set()).add(name)
            running.add(name)
        time.sleep(0.05)
        with lock:
            running.discard(name)

    names = ["a", "b", "bulk", "c", "d"]
    progress = Progress([*names, "tables"], {"a": 9.0, "b": 1.0, "c": 5.0, "d": 2.0})
    steps: dict[str, Callable[[], None]] = {n: functools.partial(step, n) for n in names}
    progress.run(steps, 2, frozenset({"bulk"}))
    assert set(progress.seconds) == set(names)
    assert beside["bulk"] == set()
    assert any(beside[n] for n in "abcd")  # the others did share the lanes
    out = capsys.readouterr().out
    announced = sorted(names, key=lambda n: re.search(rf"\] {n}[ \n]", out).start())  # type: ignore[union-attr]
    assert set(announced[:2]) == {"a", "c"}  # the longest first, one a lane
    assert announced[-1] == "bulk"
