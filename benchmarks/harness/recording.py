"""What the suites record beside pytest-benchmark's timings, in the form
:mod:`benchmarks.harness.records`
reads: each benchmark's ``extra_info``, the cases not run, and the run's ``machine_info``."""

from __future__ import annotations

import importlib.metadata
from typing import Any, NoReturn

import pytest

from lexibench import structures
from lexibench.benchmarks.harness.fixtures import wordlist_named
from lexibench.benchmarks.harness.options import settings_from
from lexibench.benchmarks.harness.records import BENCH_SCHEMA, UNITS, NotRun
from lexibench.solver.games.compiled import search_build
from lexibench.solver.wordlist import WordList
from lexibench.structures.backends.array_trie.lexicon import native_build

#: Distributions whose versions every run records (besides each backend's own library).
PACKAGES = ("Cython", "english-words", "msgspec", "mypy", "pytest", "pytest-benchmark")

_NOT_RUN = pytest.StashKey[list[NotRun]]()


def record(
    benchmark: Any, suite: str, backend: str, wordlist: WordList, units: int, **fields: Any
) -> None:
    """Fill ``benchmark.extra_info`` with the fields :class:`~benchmarks.harness.records.Bench`
    reads.

    ``units``: the work of one round (boards, queries, puzzles; 1 for a build). ``fields``: the
    case's parameters and extras (``mode``, ``size``, ``op``, ``query_set``, ``cap``, ...).
    """
    if suite not in UNITS:
        raise ValueError(f"unknown suite {suite!r}")
    benchmark.extra_info.update(
        schema=BENCH_SCHEMA,
        suite=suite,
        backend=backend,
        library_version=fields.pop("library_version", None)
        or structures.backend_info(backend).version,
        wordlist=wordlist.name,
        wordlist_words=len(wordlist.words),
        wordlist_sha256=wordlist.sha256,
        units=units,
        **fields,
    )


def not_run(
    request: pytest.FixtureRequest, suite: str, backend: str, reason: str, **params: Any
) -> NoReturn:
    """Skip this case with ``reason``, and record it so the tables show a "not run" row."""
    cases = request.config.stash.setdefault(_NOT_RUN, [])
    cases.append(NotRun(suite, backend, reason, **params))
    pytest.skip(reason)


def update_machine_info(config: pytest.Config, machine_info: dict[str, Any]) -> None:
    """Record the settings, package and library versions, and the cases not run."""
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
    wordlist = wordlist_named(settings.wordlist)
    machine_info["lexibench"] = {
        "schema": BENCH_SCHEMA,
        "packages": versions,
        "unavailable": {
            i.id: f"{i.error}; {i.install_hint}" if i.install_hint else str(i.error)
            for i in infos
            if not i.available
        },
        "solver_build": search_build(),
        "native_build": native_build(),
        "settings": settings.as_dict(),
        "wordlist": {
            "name": wordlist.name,
            "words": len(wordlist.words),
            "sha256": wordlist.sha256,
        },
        "not_run": [case.as_dict() for case in config.stash.get(_NOT_RUN, [])],
        "backends": {
            i.id: {
                "version": i.version,
                "distribution": i.distribution,
                "pure_python": i.pure_python,
                "cost": i.cost,
                "stepping": i.stepping,
                "file_format": i.file_format,
            }
            for i in infos
            if i.available
        },
    }
