"""Running ``lexibench`` as a user runs it, for the hostile-files tests: a process of its own
(a crash or a hang is then a failure of the test, not the end of the test run), and what a
refusal must look like."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.commands import process


def lexibench(
    *argv: str, stdin: str | None = None, timeout: float = 60, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m lexibench ARGV``, as a user runs it."""
    return process(
        [sys.executable, "-m", "lexibench", *argv], timeout=timeout, cwd=cwd, stdin=stdin
    )


def refused(done: subprocess.CompletedProcess[str], *parts: str) -> str:
    """The one line of a refusal (status 2, nothing on standard output), holding ``parts``."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("lexibench: error: "), line
    for part in parts:
        assert part in line, (part, line)
    return line


def answered(done: subprocess.CompletedProcess[str]) -> str:
    """The standard output of a command that succeeded."""
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return done.stdout
