"""The ``--lexibench-*`` workload options of the benchmark suites, as a pytest plugin.

The repository's ``conftest.py`` loads it; the runner (``python -m benchmarks.run``) passes
``-p benchmarks.options``, so the suites run the same from an installed wheel.
"""

from __future__ import annotations

import pytest

from benchmarks import workloads


def pytest_addoption(parser: pytest.Parser) -> None:
    """The ``--lexibench-*`` workload options of the benchmark suites (see benchmarks/)."""
    group = parser.getgroup("lexibench", "lexibench workloads")
    group.addoption("--lexibench-wordlist", default="web2", help="word list name or path")
    group.addoption("--lexibench-seed", type=int, default=workloads.DEFAULT_SEED)
    group.addoption("--lexibench-boards", type=int, default=workloads.DEFAULT_BOARDS)
    group.addoption("--lexibench-sizes", default=",".join(workloads.DEFAULT_SIZES))
    group.addoption("--lexibench-queries", type=int, default=workloads.DEFAULT_QUERIES)
    group.addoption("--lexibench-puzzles", type=int, default=workloads.DEFAULT_PUZZLES)
    group.addoption("--lexibench-rounds", type=int, default=workloads.DEFAULT_ROUNDS)
    group.addoption(
        "--lexibench-backends",
        default="",
        help="comma-separated ids (default: every available one)",
    )
    group.addoption(
        "--lexibench-sweep",
        default="reduced",
        choices=["smoke", "reduced", "full"],
        help="scaling sweep points (bench_scaling.py)",
    )
