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
from lexibench.benchmarks.baselines import BASELINES
from lexibench.benchmarks.harness import games, recording
from lexibench.benchmarks.harness.fixtures import (
    LexiconCache,
    _collect_garbage,
    lexicons,
    references,
    settings,
    wordlist,
)
from lexibench.benchmarks.harness.options import settings_from
from lexibench.benchmarks.harness.records import REFERENCE_ROW, REFERENCE_TIER
from lexibench.solver.errors import InputError
from lexibench.solver.games.compiled import search_build
from lexibench.structures.backends.array_trie.lexicon import native_build
from lexibench.structures.errors import StaleBuildError

__all__ = ["LexiconCache", "_collect_garbage", "lexicons", "references", "settings", "wordlist"]

TIERS = ("string", "step", "native")


def _structures(config: pytest.Config) -> list[str]:
    """The structures of both kinds the games suite runs: ``--lexibench-backends`` (lexicon
    backends and indexes alike), else every available lexicon and every offered index."""
    chosen = settings_from(config).backend_list()
    if chosen:
        unknown = sorted(set(chosen) - set(structures.structure_names()))
        if unknown:
            raise pytest.UsageError(
                f"--lexibench-backends: unknown backend(s) {', '.join(unknown)}"
            )
        return list(chosen)
    indexes = structures.registry.offered_indexes()
    return structures.available_backend_names() + [
        name for name in indexes if structures.backend_info(name).available
    ]


def _backends(config: pytest.Config) -> list[str]:
    """The lexicon backends every other suite runs (the indexes answer no word or prefix)."""
    return [name for name in _structures(config) if structures.role_of(name) == "lexicon"]


def _offers(backend: str, tier: str) -> bool:
    info = structures.backend_info(backend)
    return {"string": True, "step": info.stepping, "native": info.native}[tier]


GAME_PARAMS = ("game", "workload", "structure", "variant", "tier")


def _game_rows(config: pytest.Config, which: str) -> list[tuple[str, str, str, str, str]]:
    """The games suite's rows: the structures' cases (``structures``), or each workload's rows
    that are no structure (``solvers``: its brute-force reference, then its baselines); see
    :mod:`benchmarks.harness.games`."""
    settings = settings_from(config)
    if which == "structures":
        return [
            (c.game, c.workload, c.structure, c.variant, c.tier)
            for c in games.cases(settings, _structures(config))
        ]
    pairs = [
        (name, workload.name)
        for name in games.chosen_games(settings)
        for workload in games.chosen_workloads(settings, name)
    ]
    return [
        (g, w, row, "words", REFERENCE_TIER)
        for g, w in pairs
        for row in (REFERENCE_ROW, *(b.name for b in BASELINES.get(g, ())))
    ]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize over the chosen backends (with their tiers) and board sizes, and the games
    suite over the games' workloads x structures x variants x tiers."""
    names = metafunc.fixturenames
    rows_marker = metafunc.definition.get_closest_marker("game_rows")
    if rows_marker is not None:
        rows = _game_rows(metafunc.config, rows_marker.args[0])
        metafunc.parametrize(
            GAME_PARAMS,
            rows,
            ids=[
                "-".join(f"{k}={v}" for k, v in zip(GAME_PARAMS, row, strict=True)) for row in rows
            ],
        )
        return
    backends = _backends(metafunc.config)
    if "backend" in names and "tier" in names:
        cases = [(b, t) for b in backends for t in TIERS if _offers(b, t)]
        metafunc.parametrize(
            ("backend", "tier"), cases, ids=[f"backend={b}-tier={t}" for b, t in cases]
        )
    elif "backend" in names:
        metafunc.parametrize("backend", backends, ids=[f"backend={b}" for b in backends])
    if "size" in names:
        sizes = settings_from(metafunc.config).size_list()
        metafunc.parametrize("size", sizes, ids=[f"size={s}" for s in sizes])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test function's cases grouped by backend, in the order the backends first come (else
    as collected): the session's lexicons are built one at a time (:class:`LexiconCache`), and a
    test parametrized over board sizes before backends (the scaling suite's) would otherwise
    build every backend again at every size."""
    first: dict[tuple[str, object], int] = {}

    def key(item: pytest.Item) -> tuple[int, int]:
        function = getattr(item, "function", None)
        callspec = getattr(item, "callspec", None)
        backend = callspec.params.get("backend") if callspec is not None else None
        group = first.setdefault(("function", function), len(first))
        return group, first.setdefault((str(group), backend), len(first))

    items.sort(key=key)  # stable: within a backend, as collected


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to time a compiled search that was not built from its source, and options that
    would time something else than the suites say. Hypothesis's pytest plugin is left out: the
    suites use none of it, and at the end of a session it imports the whole library (a second
    of every suite's process here)."""
    config.pluginmanager.set_blocked("hypothesispytest")
    config.addinivalue_line(
        "markers", "game_rows(which): the games suite's rows: structures or solvers"
    )
    try:
        search_build()
        native_build()
    except (InputError, StaleBuildError) as err:
        raise pytest.UsageError(str(err)) from None
    recording.start_clock(config)
    _CONFIG[:] = [config]


#: This session's configuration (a report hook is given none).
_CONFIG: list[pytest.Config] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each case's time to its game (the run records the suite's cost by game)."""
    if _CONFIG:
        recording.count_time(_CONFIG[0], report)


def pytest_benchmark_update_machine_info(
    config: pytest.Config, machine_info: dict[str, Any]
) -> None:
    """Record the run (settings, versions, cases not run) beside the machine description."""
    recording.update_machine_info(config, machine_info)
