"""Every reader of the registry of formats, fuzzed: no file, however damaged or crafted, crashes,
hangs, exhausts memory or ends in anything but a one-line refusal (see
:mod:`tests.hostile.fuzz`). Each format runs in a process of its own, so that a crash is a
failure naming the case, not the end of the test run.

The test run fuzzes a budgeted share (``LEXIBENCH_FUZZ_CASES`` cases a format, 300 by default,
with the fixed seed ``LEXIBENCH_FUZZ_SEED``); ``make fuzz`` runs many more with a new seed.
"""

from __future__ import annotations

import ast
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


#: Where the package reads a file without the gate, and why that file cannot be a user's: its
#: own data (found through the package), its own temporary files, /proc.
READ_ELSEWHERE = {
    "structures/builds.py": "the package's compiled.toml and its build's own digests",
    "structures/backends/pyahocorasick.py": "a temporary file the library just wrote",
    "solver/games/boggle/prove/partitions.py": "the package's partitions.toml",
    "solver/games/boggle/prove/known.py": "the package's known boards",
    "benchmarks/peers/magpie.py": "the package's peer harness, /proc/cpuinfo",
    "benchmarks/report/sections/whole_proof.py": "the package's published proofs",
    "benchmarks/report/sections/crossword.py": "the package's published figures",
    "benchmarks/report/articles.py": "the package's published figures",
    "benchmarks/report/html.py": "the package's report assets",
    "benchmarks/processes/startup.py": "its own temporary file",
    "benchmarks/processes/bulk.py": "its own boards and outputs, in its temporary folder",
    "benchmarks/processes/hybrid_boggle_scorer.py": "the boards file the benchmark made",
    "benchmarks/processes/memory.py": "/proc/self/statm and the word list the benchmark wrote",
    "benchmarks/run.py": "its own step logs and staging folder",
    "lexibench/__init__.py": "the package's own __init__.pyi",
}


def _reads(call: ast.Call) -> bool:
    """Whether ``call`` reads a file without the gate: ``open(...)`` (not ``os.open``),
    ``.read_bytes()``, ``.read_text()``, or a path's ``.open()`` for reading."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id == "open"
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr in ("read_bytes", "read_text"):
        return True
    if func.attr != "open" or (isinstance(func.value, ast.Name) and func.value.id in _NOT_PATHS):
        return False
    modes = [arg.value for arg in call.args if isinstance(arg, ast.Constant)]
    return not call.args or any(isinstance(mode, str) and "r" in mode for mode in modes)


_NOT_PATHS = ("os", "call", "job", "self")


def _raw_reads(source: str) -> list[int]:
    """The lines of ``source`` that read a file without the gate (:func:`_reads`)."""
    tree = ast.parse(source)
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call) and _reads(node)]


def test_files_are_read_through_the_gate() -> None:
    """Every file the package reads is read through structures/files.py (whose readers are the
    registry's), but for the package's own data and temporary files listed above: a new reader
    that opens a file itself fails here."""
    found = {}
    for folder in ("structures", "solver", "benchmarks", "lexibench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = str(path.relative_to(ROOT))
            if name == "structures/files.py":
                continue
            lines = _raw_reads(path.read_text(encoding="utf-8"))
            if lines and name not in READ_ELSEWHERE:
                found[name] = lines
    assert found == {}, "read through lexibench.structures.files instead"
    for name in READ_ELSEWHERE:
        assert _raw_reads((ROOT / name).read_text(encoding="utf-8")), f"{name}: no longer reads"
