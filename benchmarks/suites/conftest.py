"""pytest set-up of the benchmark suites: parametrization, fixtures and the run's record.

Run them with ``pytest --benchmark-only`` at the repository root (or ``make bench``). The
``--lexibench-*`` options (:mod:`benchmarks.harness.options`) size the workloads. Every case is a
separate parameter (``backend``, ``tier``, ``size``, ``op``, ``query_set``), so any
``--benchmark-group-by=param:NAME`` works; a case that is not run is a pytest skip with its reason,
recorded for the tables (:mod:`benchmarks.harness.recording`).
"""

from __future__ import annotations

from typing import Any

import pytest

from lexibench import structures
from lexibench.benchmarks.harness import recording
from lexibench.benchmarks.harness.fixtures import (
    LexiconCache,
    _collect_garbage,
    lexicons,
    references,
    settings,
    wordlist,
)
from lexibench.benchmarks.harness.options import settings_from
from lexibench.benchmarks.harness.records import REFERENCE, REFERENCE_TIER
from lexibench.solver.errors import InputError
from lexibench.solver.games.compiled import search_build
from lexibench.structures.backends.array_trie.lexicon import native_build
from lexibench.structures.errors import StaleBuildError

__all__ = ["LexiconCache", "_collect_garbage", "lexicons", "references", "settings", "wordlist"]

TIERS = ("string", "step", "native")


def _backends(config: pytest.Config) -> list[str]:
    chosen = settings_from(config).backend_list()
    if chosen:
        unknown = sorted(set(chosen) - set(structures.backend_names()))
        if unknown:
            raise pytest.UsageError(
                f"--lexibench-backends: unknown backend(s) {', '.join(unknown)}"
            )
        return list(chosen)
    return structures.available_backend_names()


def _offers(backend: str, tier: str) -> bool:
    info = structures.backend_info(backend)
    return {"string": True, "step": info.stepping, "native": info.native}[tier]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize over the chosen backends (with their tiers) and board sizes."""
    backends = _backends(metafunc.config)
    names = metafunc.fixturenames
    if metafunc.definition.get_closest_marker("reference_row"):
        # the plain-Python reference: one row, with the same parameters as the backends' rows
        metafunc.parametrize(
            ("backend", "tier"),
            [(REFERENCE, REFERENCE_TIER)],
            ids=[f"backend={REFERENCE}-tier={REFERENCE_TIER}"],
        )
    elif "backend" in names and "tier" in names:
        cases = [(b, t) for b in backends for t in TIERS if _offers(b, t)]
        metafunc.parametrize(
            ("backend", "tier"), cases, ids=[f"backend={b}-tier={t}" for b, t in cases]
        )
    elif "backend" in names:
        metafunc.parametrize("backend", backends, ids=[f"backend={b}" for b in backends])
    if "size" in names:
        sizes = settings_from(metafunc.config).size_list()
        metafunc.parametrize("size", sizes, ids=[f"size={s}" for s in sizes])


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to time a compiled search that was not built from its source, and options that
    would time something else than the suites say."""
    config.addinivalue_line(
        "markers", "reference_row: the plain-Python reference solver's row (no backend)"
    )
    try:
        search_build()
        native_build()
    except (InputError, StaleBuildError) as err:
        raise pytest.UsageError(str(err)) from None


def pytest_benchmark_update_machine_info(
    config: pytest.Config, machine_info: dict[str, Any]
) -> None:
    """Record the run (settings, versions, cases not run) beside the machine description."""
    recording.update_machine_info(config, machine_info)
