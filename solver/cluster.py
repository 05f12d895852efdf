"""Running work on a Dask distributed cluster: an existing one (``--scheduler ADDRESS``) or a local
one started for the job (``--dask-workers N``).

Dask is optional (the ``dask`` extra); it is imported only when one of these options is given.
Work goes out as tasks in input order, a bounded number at a time, and comes back in that order, so
the output is the same as one process's. Each worker process opens the lexicon once, on its first
task, from the saved file or the cache the command's own process has just filled, and keeps it for
the job's later tasks (:func:`kept_for_job`).
"""

from __future__ import annotations

import argparse
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Final, TypeVar

from lexibench.solver.errors import InputError, missing_extra

#: Tasks in flight per worker: enough to keep every worker busy while results are written.
TASKS_PER_WORKER: Final = 4

T = TypeVar("T")
R = TypeVar("R")


def _import_dask() -> Any:
    try:
        import distributed
    except ModuleNotFoundError as exc:
        raise missing_extra("--scheduler and --dask-workers", exc) from None
    return distributed


@contextmanager
def client_for(args: argparse.Namespace) -> Iterator[Any]:
    """A connected :class:`distributed.Client`: to ``--scheduler`` within ``--dask-timeout``
    seconds, or to a local cluster of ``--dask-workers`` processes (one thread each); closed
    (and the local cluster stopped) on leaving."""
    import logging

    distributed = _import_dask()
    for name in ("distributed", "distributed.nanny", "distributed.worker", "distributed.core"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    timeout = args.dask_timeout
    if args.scheduler is not None:
        try:
            client = distributed.Client(args.scheduler, timeout=f"{timeout}s")
        except Exception as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(
                f"--scheduler {args.scheduler}: cannot connect to a Dask scheduler "
                f"(waited at most {timeout:g} s): {reason}"
            ) from None
        with client:
            yield client
        return
    cluster = distributed.LocalCluster(
        n_workers=args.dask_workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.CRITICAL,
    )
    with cluster, distributed.Client(cluster) as client:
        yield client


def run_on_cluster(
    args: argparse.Namespace, function: Callable[..., R], items: Iterable[T], *extra: Any
) -> Iterator[R]:
    """``function(item, *extra)`` for every item on the cluster the options name
    (:func:`client_for`), in input order (:func:`ordered_map`)."""
    with client_for(args) as client:
        yield from ordered_map(client, function, items, *extra)


def worker_count(client: Any) -> int:
    """The workers the scheduler knows now (at least 1)."""
    return max(1, len(client.scheduler_info().get("workers", {})))


def ordered_map(
    client: Any, function: Callable[..., R], items: Iterable[T], *extra: Any
) -> Iterator[R]:
    """``function(item, *extra)`` on the cluster for every item, yielded in input order, with at
    most :data:`TASKS_PER_WORKER` tasks per worker in flight. A task that fails is one
    :class:`InputError` naming the error."""
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
            future = pending.popleft()
            try:
                result = future.result()
            except InputError:
                raise
            except Exception as exc:
                raise InputError(f"a Dask task failed: {type(exc).__name__}: {exc}") from None
            if not done:
                submit()
            yield result
    finally:
        for future in pending:
            future.cancel()


_END: Final = object()

_state: dict[tuple[object, ...], Any] = {}
_state_lock = threading.Lock()
#: Held by a worker while a task uses the job's object: a worker started with several threads
#: runs one of the job's tasks at a time (a backend need not be thread-safe).
_task_lock = threading.Lock()
#: The options that decide a worker's lexicon and what it does with it.
_JOB_OPTIONS: Final = (
    "lexicon",
    "lexicon_file",
    "wordlist",
    "capitalised",
    "min_length",
    "no_cache",
    "max_wordlist_mib",
    "max_word_length",
    "protocol",
    "all_paths",
    "max_paths",
    "summary",
)


@contextmanager
def kept_for_job(kind: str, args: argparse.Namespace, make: Callable[[], T]) -> Iterator[T]:
    """On a worker: the job's object of ``kind`` (a lexicon, a line maker), made by ``make()``
    on the job's first task there and kept for its later ones, held for one task at a time.

    The object is keyed by ``kind`` and the options that decide the lexicon and its use, so a
    worker of a long-lived cluster never hands one job's object to another."""
    key = (kind, *(str(getattr(args, name, None)) for name in _JOB_OPTIONS))
    with _state_lock:
        if key not in _state:
            _state.clear()  # one job's lexicon at a time
            _state[key] = make()
        found: T = _state[key]
    with _task_lock:
        yield found
