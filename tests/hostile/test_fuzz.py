"""Every reader of the registry of formats, fuzzed: no file, however damaged or crafted, crashes,
hangs, exhausts memory or ends in anything but a one-line refusal (see
:mod:`tests.hostile.fuzz`). Each format runs in a process of its own, so that a crash is a
failure naming the case, not the end of the test run.

The test run fuzzes a budgeted share (``LEXIBENCH_FUZZ_CASES`` cases a format, 300 by default,
with the fixed seed ``LEXIBENCH_FUZZ_SEED``); ``make fuzz`` runs many more with a new seed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.fuzz import case
from tests.hostile.samples import ROOT, SAMPLES, all_formats

CASES = int(os.environ.get("LEXIBENCH_FUZZ_CASES", "300"))
SEED = int(os.environ.get("LEXIBENCH_FUZZ_SEED", "54"))
FORMATS = sorted(all_formats())


def test_every_reader_has_samples_to_fuzz() -> None:
    """A reader registered anywhere in the package (a new one too) is fuzzed: it must have good
    samples here."""
    assert sorted(SAMPLES) == FORMATS


@pytest.mark.parametrize("name", FORMATS)
def test_no_damaged_file_gets_past_its_reader(name: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.hostile.fuzz", name, str(CASES), str(SEED)],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=60 + CASES * 2,
    )
    if done.returncode == 0:
        return
    last = [line for line in done.stdout.splitlines() if line.startswith("case ")]
    index = int(last[-1].split()[1]) if last else 0
    kept = tmp_path / f"{name}-case-{index}"
    kept.write_bytes(case(name, index, SEED))
    pytest.fail(
        f"{name}: status {done.returncode} at case {index} (kept in {kept}; again: python -m "
        f"tests.hostile.fuzz {name} {index + 1} {SEED}): {done.stderr.strip()[-2000:]}"
    )
