"""Running ``lexibench`` commands in the test process, for the CLI tests, and shell lines in a
process of their own, for the tests of the docs."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
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


def shell(
    line: str, cwd: Path, env: Mapping[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """``bash -c LINE`` in ``cwd`` with ``env``: its exit status and its output (stdout and
    stderr together), no input, stopped after ``timeout`` seconds."""
    return subprocess.run(
        ["bash", "-c", line],
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
        check=False,
    )
