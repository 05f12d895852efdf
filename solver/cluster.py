"""The Dask mechanics of :mod:`lexibench.solver.execution`: a client for an existing cluster or a
local one, an ordered map over it, and the state a worker keeps for a job.

Dask is optional (the ``dask`` extra); it is imported only when a job runs on a cluster. Work goes
out as tasks in input order, a bounded number at a time, and comes back in that order, so the
output is the same as one process's. Each worker process opens a job's state once, on its first
task (for a lexicon: from the saved file or the cache the job's own process has just filled), and
keeps it for the job's later tasks (:func:`kept_for_job`).
"""

from __future__ import annotations

import importlib
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Final, TypeVar

from lexibench.solver.errors import Fault, InputError, describe, missing_extra
from lexibench.solver.places import Dask

#: Tasks in flight per worker: enough to keep every worker busy while results are written.
TASKS_PER_WORKER: Final = 4
#: Seconds between two asks whether to stop, while a run waits for a task.
STOP_POLL: Final = 0.2

T = TypeVar("T")
R = TypeVar("R")


class ClusterError(Fault):
    """The Dask cluster itself failed (a worker that could not be started again, a scheduler
    lost): one line, exit status 1, never a partial result."""


def _import_dask() -> Any:
    # Imported by name: the build's type check (mypyc, in an environment without the dask extra)
    # follows this module's imports and must not need Dask.
    try:
        distributed = importlib.import_module("distributed")
    except ModuleNotFoundError as exc:
        raise missing_extra("--scheduler or --dask-workers", exc) from None
    return distributed


@contextmanager
def client_for(where: Dask) -> Iterator[Any]:
    """A connected :class:`distributed.Client`: to ``where.scheduler`` within ``where.timeout``
    seconds, or to a local cluster of ``where.workers`` processes (one thread each); closed
    (and the local cluster stopped) on leaving."""
    import logging

    distributed = _import_dask()
    for name in ("distributed", "distributed.nanny", "distributed.worker", "distributed.core"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    timeout = where.timeout
    if where.scheduler is not None:
        try:
            client = distributed.Client(where.scheduler, timeout=f"{timeout}s")
        except Exception as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(
                f"--scheduler {where.scheduler}: cannot connect to a Dask scheduler "
                f"(waited at most {timeout:g} s): {reason}"
            ) from None
        with client:
            yield client
        return
    cluster = distributed.LocalCluster(
        n_workers=where.workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,  # no dashboard; but the scheduler's HTTP server still listens:
        # on a free port, not 8787, which a second cluster (another run) would find taken and
        # warn about on standard error
        scheduler_kwargs={"dashboard_address": ":0"},
        silence_logs=logging.CRITICAL,
    )
    with cluster, distributed.Client(cluster) as client:
        yield client


def run_on_cluster(
    where: Dask,
    function: Callable[..., R],
    items: Iterable[T],
    *extra: Any,
    stop: Callable[[], bool] | None = None,
) -> Iterator[R]:
    """``function(item, *extra)`` for every item on the cluster ``where`` names
    (:func:`client_for`), in input order (:func:`_ordered_map`; ``stop``: see there).

    Raises :class:`ClusterError` when the cluster fails (Dask's own exceptions, starting, running
    or stopping it; a local cluster's nanny that cannot start a worker again after one was
    killed raised ``RuntimeError``)."""
    try:
        with client_for(where) as client:
            yield from _ordered_map(client, function, items, extra, stop)
    except (InputError, Fault):
        raise
    except Exception as exc:
        raise ClusterError(f"the Dask cluster failed: {describe(exc)}") from None


def worker_count(client: Any) -> int:
    """The workers the scheduler knows now (at least 1)."""
    return max(1, len(client.scheduler_info().get("workers", {})))


def _finished(future: Any, stop: Callable[[], bool]) -> bool:
    """Wait for ``future`` until it is finished (True) or ``stop()`` says to stop (False),
    asking every :data:`STOP_POLL` seconds."""
    while not future.done():
        if stop():
            return False
        try:
            future.result(timeout=STOP_POLL)
        except TimeoutError:
            continue
        except Exception:  # finished, with an error: raised again when its result is taken
            return True
    return True


def _ordered_map(
    client: Any,
    function: Callable[..., R],
    items: Iterable[T],
    extra: tuple[Any, ...],
    stop: Callable[[], bool] | None,
) -> Iterator[R]:
    """``function(item, *extra)`` on the cluster for every item, yielded in input order, with at
    most :data:`TASKS_PER_WORKER` tasks per worker in flight. A task that fails is one
    :class:`InputError` naming the error. Once ``stop()`` says so, no task is submitted, the
    results already back that come next in order are yielded, and the other tasks are
    cancelled (a worker running one finishes it, and its result is dropped)."""
    window = TASKS_PER_WORKER * worker_count(client)
    pending: deque[Any] = deque()
    source = iter(items)
    done = False

    def submit() -> None:
        nonlocal done
        item = next(source, _END)
        if item is _END:
            done = True
            return
        pending.append(client.submit(function, item, *extra, pure=False))

    while not done and len(pending) < window:
        submit()
    try:
        while pending:
            if stop is not None and not _finished(pending[0], stop):
                return
            result = _result(pending.popleft())
            if not done and (stop is None or not stop()):
                submit()
            yield result
    finally:
        for future in pending:
            future.cancel()


def _result(future: Any) -> Any:
    """A finished task's result (a failure is one :class:`InputError`)."""
    try:
        return future.result()
    except InputError:
        raise
    except Exception as exc:
        raise InputError(f"a Dask task failed: {type(exc).__name__}: {exc}") from None


_END: Final = object()

_state: dict[Hashable, Any] = {}
_state_lock = threading.Lock()
#: Held by a worker while a task uses the job's state: a worker started with several threads
#: runs one of the job's tasks at a time (a backend need not be thread-safe).
_task_lock = threading.Lock()


@contextmanager
def kept_for_job(job: Hashable, make: Callable[[], T]) -> Iterator[T]:
    """On a worker: the state of ``job`` (a lexicon, a line maker), made by ``make()`` on the
    job's first task there and kept for its later ones, held for one task at a time.

    The state is keyed by the job itself (a frozen dataclass: its kind and every option that
    decides the lexicon and its use), so a worker of a long-lived cluster never hands one job's
    state to another."""
    with _state_lock:
        if job not in _state:
            _state.clear()  # one job's state at a time
            _state[job] = make()
        found: T = _state[job]
    with _task_lock:
        yield found
