"""The ``--lexibench-*`` workload options of the benchmark suites, as a pytest plugin.

One option per field of :class:`~benchmarks.harness.settings.Settings`. The repository's
``conftest.py`` loads this module as a pytest plugin, and the runner (``python -m
lexibench.benchmarks.run``) passes ``-p lexibench.benchmarks.harness.options``, so the suites take
the same options from an installed wheel.
"""

from __future__ import annotations

from dataclasses import MISSING, fields

import pytest

from lexibench.benchmarks.harness.settings import Settings, option_name

__all__ = ["Settings", "option_name", "pytest_addoption", "settings_from"]


def pytest_addoption(parser: pytest.Parser) -> None:
    """One ``--lexibench-*`` option per :class:`Settings` field."""
    group = parser.getgroup("lexibench", "lexibench workloads (see the README)")
    for f in fields(Settings):
        default = f.default if f.default is not MISSING else None
        group.addoption(
            option_name(f.name),
            dest=f"lexibench_{f.name}",
            type=int if isinstance(default, int) else str,
            default=default,
            choices=f.metadata["choices"],
            help=f"{f.metadata['help']} (default: {default!r})",
        )


def settings_from(config: pytest.Config) -> Settings:
    """Read the ``--lexibench-*`` options."""
    values = {f.name: config.getoption(f"lexibench_{f.name}") for f in fields(Settings)}
    return Settings(**values)
