"""``make test``: the tests, with the lint and the wheel check beside them, every one visible.

The tests run in the foreground, their progress on the terminal as pytest prints it. The lint
(ruff and mypy) and the wheel check (an sdist built, a wheel from it, installed in a throwaway
environment and used from outside the checkout) run at the same time, in processes of their
own that take up the core the tests leave idle while they wait for the processes they start;
their output goes to ``.checks/NAME.log``, and a line says when each has ended and how. At the
end, the end of the output of a check that failed is shown, and the status is 0 only when all
three passed.

    python -m tools.checks [PYTEST-ARGUMENT ...]
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

from tools.layout import ROOT

#: The checks run beside the tests: name and command (the Makefile's own targets).
BESIDE = {
    "lint": ["make", "--no-print-directory", "lint"],
    "wheel check": ["make", "--no-print-directory", "wheel-check"],
}
LOGS = ROOT / ".checks"


def _finished(name: str, process: subprocess.Popen[bytes], began: float) -> int:
    status = process.wait()
    took = time.monotonic() - began
    verdict = "passed" if status == 0 else f"FAILED (status {status})"
    print(f"== {name}: {verdict} in {took:.0f} s (its output: {_log(name)})", flush=True)
    return status


def _log(name: str) -> Path:
    return LOGS / f"{name.replace(' ', '-')}.log"


def main(pytest_args: list[str]) -> int:
    LOGS.mkdir(exist_ok=True)
    began = time.monotonic()
    beside = {}
    for name, command in BESIDE.items():
        log = _log(name).open("wb")
        beside[name] = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        print(f"== {name}: started beside the tests (its output: {_log(name)})", flush=True)
    statuses: dict[str, int] = {}
    waiters = [
        threading.Thread(
            target=lambda n=name, p=process: statuses.__setitem__(n, _finished(n, p, began))
        )
        for name, process in beside.items()
    ]
    for waiter in waiters:  # each says when its check ends, in the tests' output
        waiter.start()
    tests = subprocess.call([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT)
    print(f"== tests: {'passed' if tests == 0 else 'FAILED'} in {time.monotonic() - began:.0f} s")
    for waiter in waiters:
        waiter.join()
    for name, status in statuses.items():
        if status:
            print(f"== {name} failed; the end of its output:", flush=True)
            lines = _log(name).read_text(errors="replace").splitlines()
            print(*lines[-40:], sep="\n", flush=True)
    return 1 if tests or any(statuses.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
