"""Repository-level pytest set-up: which folders a run collects.

``pytest`` alone runs the tests (``testpaths``); ``pytest --benchmark-only`` runs the benchmark
suites in ``lexibench/benchmarks/suites/`` instead, and naming that folder runs them explicitly (the
test suite's smoke pass does that with ``--benchmark-disable``).
"""

from __future__ import annotations

import pytest

#: Compiled by mypyc on install, so ``--doctest-modules`` cannot import them as files (pytest sees
#: the extension module where it expects the source). They hold no doctests;
#: tests/solver/games/test_boggle_compiled.py checks both the compiled modules and their source.
collect_ignore = [
    f"lexibench/solver/games/{game}/search.py"
    for game in (
        "anagram",
        "boggle",
        "crossword",
        "letterboxed",
        "pattern",
        "spellingbee",
        "wordle",
    )
]

#: The ``--lexibench-*`` options, known before the benchmark suites are collected.
pytest_plugins = ("lexibench.benchmarks.harness.options",)


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("benchmark_only", default=False) and (
        config.args_source is pytest.Config.ArgsSource.TESTPATHS
    ):
        config.args = ["lexibench/benchmarks/suites"]
