"""Repository-level pytest set-up: which folders a run collects.

``pytest`` alone runs the tests (``testpaths``); ``pytest --benchmark-only`` runs the benchmark
suites in ``benchmarks/`` instead, and naming ``benchmarks`` runs them explicitly (the test
suite's smoke pass does that with ``--benchmark-disable``).
"""

from __future__ import annotations

import pytest

from benchmarks import workloads

#: Compiled by mypyc on install, so ``--doctest-modules`` cannot import it as a file (pytest sees
#: the extension module where it expects the source). It holds no doctests; tests/test_search.py
#: checks both the compiled module and its source.
collect_ignore = ["solver/search.py"]


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("benchmark_only", default=False) and (
        config.args_source is pytest.Config.ArgsSource.TESTPATHS
    ):
        config.args = ["benchmarks"]


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
