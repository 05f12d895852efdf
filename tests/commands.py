"""Running ``lexibench`` commands in the test process, for the CLI tests."""

from __future__ import annotations

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
