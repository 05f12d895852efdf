"""The three places work can run, as plain values: this process (:class:`Here`), worker processes
(:class:`Processes`) or a Dask cluster (:class:`Dask`).

The three places are plain values, below both :mod:`lexibench.solver.execution` (which runs a job
wherever one says) and :mod:`lexibench.solver.cluster` (the Dask mechanics), so that neither
imports the other for them.
"""

from __future__ import annotations

from typing import Final, NamedTuple

#: Seconds to wait for a Dask scheduler to answer (``--dask-timeout``).
DEFAULT_DASK_TIMEOUT: Final = 10.0


# NamedTuples rather than dataclasses: cheap to define, and every command imports this module.


class Here(NamedTuple):
    """Run in this process."""


class Processes(NamedTuple):
    """Run in ``jobs`` worker processes (at most
    :func:`~lexibench.solver.execution.max_jobs`)."""

    jobs: int


class Dask(NamedTuple):
    """Run on a Dask cluster: the one whose scheduler is at ``scheduler``, or a local cluster of
    ``workers`` processes started for the job; ``timeout`` seconds to reach the scheduler."""

    scheduler: str | None = None
    workers: int | None = None
    timeout: float = DEFAULT_DASK_TIMEOUT


Where = Here | Processes | Dask

#: Run in this process (the default everywhere).
HERE: Final = Here()
