"""Repository-level pytest set-up: which folders a run collects, and under which names.

``pytest`` alone runs the tests (``testpaths``: ``tests/``; the package's doctests run from
``tests/test_doctests.py``); ``pytest --benchmark-only`` runs the benchmark suites in
``benchmarks/suites/`` instead, and naming that folder runs them explicitly (the test suite's
smoke pass does that with ``--benchmark-disable``).

pytest imports a file it collects by its path, naming it after its folders:
``benchmarks/suites/bench_games.py`` as ``benchmarks.suites.bench_games``. In this checkout that
file is the module ``lexibench.benchmarks.suites.bench_games`` (pyproject.toml's package-dir maps
``lexibench.benchmarks`` onto ``benchmarks/``), so :class:`RealNames` answers the name pytest asks
for with the module imported under its own: no file of the package runs twice, under two names.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import ClassVar

import pytest

from tools.layout import package_dir

#: The benchmark suites' folder, as pytest is given it.
SUITES = "benchmarks/suites"


class RealNames(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports ``structures.registry`` (the name of ``structures/registry.py`` by its path) as
    ``lexibench.structures.registry``, and hands that module out under both names."""

    #: Each folder's name by its path, for the package it holds (when the names differ).
    PACKAGES: ClassVar[dict[str, str]] = {
        folder.replace("/", "."): package
        for package, folder in package_dir().items()
        if folder.replace("/", ".") != package
    }

    @classmethod
    def real_name(cls, name: str) -> str:
        """The import name of the module pytest calls ``name`` (``structures.registry``)."""
        top, dot, rest = name.partition(".")
        return cls.PACKAGES[top] + dot + rest

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in self.PACKAGES:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # a module to replace (see exec_module)

    def exec_module(self, module: ModuleType) -> None:
        real = importlib.import_module(self.real_name(module.__name__))
        sys.modules[module.__name__] = real  # what the import statement returns, not ``module``


sys.meta_path.insert(0, RealNames())

#: The ``--lexibench-*`` options, known before the benchmark suites are collected.
pytest_plugins = ("lexibench.benchmarks.harness.options",)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Refuse a run that imported a file of the package twice: a module named by its folders
    (``structures.registry``) must be the package's own (``lexibench.structures.registry``), as
    :class:`RealNames` makes it (pytest's ``--import-mode=importlib`` would not ask it)."""
    twins = sorted(
        name
        for name, module in list(sys.modules.items())
        if name.partition(".")[0] in RealNames.PACKAGES
        and module is not sys.modules.get(RealNames.real_name(name))
    )
    if twins:
        raise pytest.UsageError(
            f"pytest imported {', '.join(twins)} by path, beside the package's own modules: use "
            "the default import mode (see conftest.py)"
        )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("benchmark_only", default=False) and (
        config.args_source is pytest.Config.ArgsSource.TESTPATHS
    ):
        config.args = [SUITES]
