"""The conformance suite (structures.conformance) over every built-in backend of the registry,
and over a plugin's backend the way a plugin's author runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexibench import structures
from lexibench.structures.conformance import LexiconConformance
from tests.commands import ROOT
from tests.plugin import install_plugin


class TestBuiltinBackends(LexiconConformance):
    """Every built-in backend: the registry's table, whatever it holds."""

    @pytest.fixture(name="backend", params=structures.registry.offered_builtins())
    def _backend(self, request: pytest.FixtureRequest) -> str:
        name: str = request.param
        info = structures.backend_info(name)
        if not info.available:
            pytest.fail(f"built-in backend {name} is unavailable: {info.error}")
        return name


def test_a_plugin_runs_the_suite_on_its_own_backend(tmp_path: Path) -> None:
    plugin = install_plugin(tmp_path / "plugin")
    tests = tmp_path / "plugin_tests"
    tests.mkdir()
    (tests / "test_tuple_scan.py").write_text(
        "from lexibench.structures.conformance import LexiconConformance\n\n\n"
        "class TestTupleScan(LexiconConformance):\n"
        '    backend = "tuple-scan"\n'
    )
    env = {**os.environ, "PYTHONPATH": f"{plugin}{os.pathsep}{ROOT}"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout
