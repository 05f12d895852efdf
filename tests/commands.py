"""Running ``lexibench`` commands in the test process, for the CLI tests, and shell lines in a
process of their own, for the tests of the docs."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from lexibench.solver.cli import main

#: The repository's top folder.
ROOT = Path(__file__).resolve().parent.parent
#: The small hand-written word list of the repository.
TINY = str(ROOT / "wordlists" / "tiny.txt")


def run(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``lexibench ARGV``: its exit status and what it wrote to stdout and stderr."""
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argparse's own exits (--help, bad options)
        status = int(exc.code or 0)
    out, err = capfd.readouterr()
    return status, out, err


def process(
    argv: Sequence[str],
    *,
    timeout: float,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str | None = None,
    merged: bool = False,
) -> subprocess.CompletedProcess[str]:
    """``argv`` in a process of its own, stopped after ``timeout`` seconds: its exit status and
    its output as text (stderr into stdout when ``merged``), ``stdin`` its input (None: this
    process's)."""
    err = subprocess.STDOUT if merged else subprocess.PIPE
    environment = None if env is None else dict(env)
    return subprocess.run(argv, input=stdin, stdout=subprocess.PIPE, stderr=err, text=True,
                          timeout=timeout, cwd=cwd, env=environment, check=False)  # fmt: skip


def shell(
    line: str, cwd: Path, env: Mapping[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """``bash -c LINE`` in ``cwd`` with ``env``: its exit status and its output (stdout and
    stderr together), no input, stopped after ``timeout`` seconds."""
    return process(["bash", "-c", line], timeout=timeout, cwd=cwd, env=env, stdin="", merged=True)
