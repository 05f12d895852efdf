"""What the suites record beside pytest-benchmark's timings, as the records of
:mod:`benchmarks.harness.records`: each benchmark's ``extra_info``, the cases not run, and the
run's ``machine_info``."""

from __future__ import annotations

import importlib.metadata
import re
import time
from typing import Any, NoReturn

import msgspec
import pytest

from lexibench import structures
from lexibench.benchmarks.harness.fixtures import wordlist_named
from lexibench.benchmarks.harness.options import settings_from
from lexibench.benchmarks.harness.records import (
    BackendMeta,
    NotRun,
    Record,
    RunRecord,
    Tier,
    WordListRef,
    encode,
)
from lexibench.solver.games.compiled import search_build
from lexibench.solver.wordlist import WordList
from lexibench.structures.backends.array_trie.lexicon import native_build

#: Distributions whose versions every run records (besides each backend's own library).
PACKAGES = ("Cython", "english-words", "msgspec", "mypy", "pytest", "pytest-benchmark")

_NOT_RUN = pytest.StashKey[list[NotRun]]()
_STARTED = pytest.StashKey[float]()
_BY_GAME = pytest.StashKey[dict[str, float]]()


def wordlist_ref(wordlist: WordList) -> WordListRef:
    """The record of the word list a case used."""
    return WordListRef(wordlist.name, len(wordlist.words), wordlist.sha256)


def library_version(backend: str) -> str | None:
    """The version of the library behind ``backend`` (its registry entry's)."""
    return structures.backend_info(backend).version


def record(benchmark: Any, case: Record) -> None:
    """Make ``case`` the benchmark's ``extra_info`` (checked against its schema first)."""
    benchmark.extra_info.clear()
    benchmark.extra_info.update(encode(case))


def not_run(
    request: pytest.FixtureRequest,
    suite: type[Record],
    backend: str,
    reason: str,
    *,
    tier: Tier | str | None = None,
    size: str | None = None,
    op: str | None = None,
    query_set: str | None = None,
    game: str | None = None,
    workload: str | None = None,
    variant: str | None = None,
) -> NoReturn:
    """Skip this case of ``suite`` (its record type) with ``reason``, and record it so the
    tables show a "not run" row."""
    cases = request.config.stash.setdefault(_NOT_RUN, [])
    case = NotRun(suite.suite, backend, reason, None, size, op, query_set, game, workload, variant)
    cases.append(msgspec.structs.replace(case, tier=tier) if tier is not None else case)
    pytest.skip(reason)


def update_machine_info(config: pytest.Config, machine_info: dict[str, Any]) -> None:
    """Record the run: settings, package and library versions, the backends, the cases not
    run."""
    settings = settings_from(config)
    versions: dict[str, str | None] = {}
    infos = structures.all_backend_info()
    for name in sorted(
        {*PACKAGES, *(i.distribution for i in infos if i.distribution and i.available)}
    ):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    skipped: list[NotRun] = config.stash.get(_NOT_RUN, [])
    started = config.stash.get(_STARTED, None)
    run = RunRecord(
        packages=versions,
        unavailable={
            i.id: f"{i.error}; {i.install_hint}" if i.install_hint else str(i.error)
            for i in infos
            if not i.available
        },
        solver_build=search_build(),
        native_build=native_build(),
        settings=settings,
        wordlist=wordlist_ref(wordlist_named(settings.wordlist)),
        not_run=tuple(skipped),
        backends={
            i.id: BackendMeta(
                i.version, i.distribution, i.pure_python, i.cost, i.stepping, i.file_format
            )
            for i in infos
            if i.available
        },
        seconds=None if started is None else round(time.perf_counter() - started, 1),
        seconds_by_game={g: round(t, 1) for g, t in sorted(config.stash.get(_BY_GAME, {}).items())},
    )
    machine_info["lexibench"] = encode(run)


def start_clock(config: pytest.Config) -> None:
    """Note when the suite's session starts (its wall time is recorded with the run)."""
    config.stash[_STARTED] = time.perf_counter()


def count_time(config: pytest.Config, report: pytest.TestReport) -> None:
    """Add one phase of a case (set-up, call, tear-down) to its game's wall time, for a case
    with a ``game`` parameter."""
    game = re.search(r"[\[-]game=([^-\]]+)", report.nodeid)
    if game is not None:
        totals = config.stash.setdefault(_BY_GAME, {})
        totals[game.group(1)] = totals.get(game.group(1), 0.0) + report.duration
