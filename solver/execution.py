"""Running a job over items in one of the places (:mod:`lexibench.solver.places`), through one
ordered map.

A :class:`Job` says what every process opens once (``open``: a lexicon, a line maker) and what it
does with a batch of items (``run``). :func:`ordered_map` runs a job over items wherever
:data:`Where` says and yields the results in input order, so the output never depends on where it
was made:

- :class:`Here`: in this process, batch after batch;
- :class:`Processes`: in N worker processes. Where the platform forks, the workers inherit the
  state this process opened (the lexicon is loaded once); elsewhere each opens its own;
- :class:`Dask`: on a Dask distributed cluster, an existing one (``scheduler``) or a local one
  started for the job (``workers``). Each worker opens the job's state on its first batch and
  keeps it for the job's later ones (:mod:`lexibench.solver.cluster`).

In processes, a bounded number of batches is in flight (:data:`BATCHES_PER_WORKER` per worker):
the input is read, and results are held, only that far ahead of what has been used.

A job whose results carry output (:class:`WritingJob`) can also have its workers write that output
themselves, in input order, each waiting for its turn (:func:`written_in_order`): the parent then
hands out items and receives small results, and never touches the bytes.

Workers ignore SIGINT (the terminal sends it to every process of the job; the parent decides) and
die quietly on SIGTERM (how the parent stops them), except while writing output, which finishes
first: the output ends on a whole piece. A worker of a job that can stop early (``stop``) takes
SIGTERM as a request to stop instead: sent to the whole process group, it reaches the parent too,
which then keeps what the workers found. The pool (:mod:`lexibench.solver.pool`) shares no lock
with its workers, so a signal that kills one, even sent to the whole process group, never leaves
this process waiting; while it starts the workers, SIGINT and SIGTERM wait in this process, so
no signal reaches a worker before it is set up and none meant for this process is lost.
"""

from __future__ import annotations

import errno
import itertools
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from lexibench.solver.places import DEFAULT_DASK_TIMEOUT, HERE, Dask, Here, Processes, Where
from lexibench.solver.writes import write_whole

# The places work runs are defined below this module (in :mod:`lexibench.solver.places`, which
# :mod:`lexibench.solver.cluster` reads too) and named here for its callers.
__all__ = [
    "BATCHES_PER_WORKER",
    "DEFAULT_DASK_TIMEOUT",
    "HERE",
    "Dask",
    "Here",
    "Processes",
    "Stop",
    "Where",
    "WorkerOutputError",
    "batches",
    "max_jobs",
    "ordered_map",
    "worker_signals",
    "written_in_order",
]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

#: Batches in flight per worker process: enough to keep each busy while results are used.
BATCHES_PER_WORKER: Final = 4

if TYPE_CHECKING:  # the protocols cost start-up time and are only read by the type checker

    class Job(Protocol[S, T, R]):
        """Work to spread over processes. A job is a frozen dataclass: it is sent to every worker
        (pickled) and, on Dask, identifies the state a worker keeps between batches."""

        def __hash__(self) -> int:
            """Jobs are frozen: equal jobs share a worker's state."""
            ...

        def open(self) -> S:
            """What every process needs once, such as the lexicon (opened or inherited)."""
            ...

        def run(self, state: S, batch: list[T]) -> list[R]:
            """The results of one batch of items, in order."""
            ...

    class StoppableJob(Job[S, T, R], Protocol):
        """A job whose batches can end early and still return what they found (a search keeping
        its best so far): ``run_until`` asks ``stop()`` as it goes."""

        def run_until(self, state: S, batch: list[T], stop: Callable[[], bool]) -> list[R]:
            """The results of one batch, stopping early once ``stop()`` says so."""
            ...

    class WritingJob(Job[S, T, R], Protocol):
        """A job whose results carry output to write to standard output (see
        :func:`written_in_order`)."""

        def output(self, result: R) -> tuple[R, Sequence[bytes | memoryview], bool]:
            """``result`` without its output, the output (whole lines), and whether the output
            ends with it (nothing of a later result is written)."""
            ...


class Stop:
    """A request to stop early, seen by this process and by the worker processes of the job it
    is given to (:func:`ordered_map`). Setting it is safe from a signal handler."""

    def __init__(self) -> None:
        self._set = False
        self._shared: Any = None  # a byte in shared memory (no lock), made before the workers

    def set(self, signum: int = 1) -> None:
        """Ask every process of the job to stop (``signum``: the signal a worker process
        received, which the main process reads back with :meth:`signal`)."""
        self._set = True
        if self._shared is not None and not self._shared.value:
            self._shared.value = signum

    def is_set(self) -> bool:
        """True once :meth:`set` was called here or in another process of the job."""
        return self._set or (self._shared is not None and bool(self._shared.value))

    def signal(self) -> int | None:
        """The signal that a worker process received and stopped the job by, or None."""
        value = self._shared.value if self._shared is not None else 0
        return value if value > 1 else None

    def share(self, context: Any) -> None:
        """Make it visible to worker processes started from ``context`` after this call."""
        if self._shared is None:  # lock-free: a worker killed while reading it holds nothing
            self._shared = context.RawValue("b", int(self._set))


class WorkerOutputError(Exception):
    """A worker could not write the output: ``error`` is the failed write's ``OSError``."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        super().__init__(str(error))


def max_jobs() -> int:
    """The most worker processes accepted: the CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last may be shorter).

    >>> list(batches(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    source = iter(items)
    return iter(lambda: list(itertools.islice(source, size)), [])


def ordered_map(
    job: Job[S, T, R],
    items: Iterable[T],
    where: Where = HERE,
    *,
    state: S | None = None,
    batch: int = 64,
    dask_batch: int | None = None,
    stop: Stop | None = None,
) -> Iterator[R]:
    """``job.run`` over ``items`` in batches, wherever ``where`` says, results in input order.

    ``state``: what this process already opened for the job (from ``job.open()``): run here, or
    inherited by forked workers, it is not opened again. ``batch``: items per batch here and in
    processes; ``dask_batch``: per Dask task (default ``batch``). ``stop``: once set, no
    further batch starts; here and in processes, the running batches of a
    :class:`StoppableJob` end early, keeping what they found; on Dask, the batches already back
    are yielded (in order, up to the first still running) and the others are dropped.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Double:
    ...     def open(self) -> int:
    ...         return 2
    ...     def run(self, state: int, batch: list[int]) -> list[int]:
    ...         return [state * x for x in batch]
    >>> list(ordered_map(Double(), range(5), batch=2))
    [0, 2, 4, 6, 8]
    """
    if isinstance(where, Dask):
        from lexibench.solver.cluster import run_on_cluster

        chunks = batches(items, dask_batch or batch)
        asked = stop.is_set if stop is not None else None
        for results in run_on_cluster(where, _dask_batch, chunks, job, stop=asked):
            yield from results
        return
    if isinstance(where, Processes) and where.jobs > 1:
        for results, _ in _pooled(job, items, where.jobs, state, batch, stop, _run_batch):
            yield from results
        return
    opened = job.open() if state is None else state
    for chunk in batches(items, batch):
        if stop is None:
            yield from job.run(opened, chunk)
            continue
        if stop.is_set():
            return
        yield from _run(job, opened, chunk, stop)


def _run(job: Job[S, T, R], state: S, batch: list[T], stop: Stop | None) -> list[R]:
    """One batch; a stoppable job's asks ``stop`` as it goes."""
    until = getattr(job, "run_until", None)
    if stop is None or until is None:
        return job.run(state, batch)
    results: list[R] = until(state, batch, stop.is_set)
    return results


# What a worker process runs with: the job and its opened state (inherited from the parent where
# the platform forks, else opened by the worker's initializer).
_worker: dict[str, Any] = {}


def _init_worker(job: Job[Any, Any, Any], stop: Stop | None, turns: _Turns) -> None:
    worker_signals(stop)
    _worker["turns"] = turns
    if _worker.get("job") != job:
        _worker.update(job=job, state=job.open())
    _worker["stop"] = stop


def _run_batch(_number: int, batch: list[Any]) -> tuple[list[Any], None]:
    stop: Stop | None = _worker["stop"]
    if stop is not None and stop.is_set():
        return [], None
    return _run(_worker["job"], _worker["state"], batch, stop), None


def _run_and_write(number: int, batch: list[Any]) -> tuple[list[Any], tuple[int, str] | None]:
    """Run a batch, then, in its turn, write its results' output (see :func:`written_in_order`):
    the results without their output, and the failed write's errno and message, if one failed."""
    job: WritingJob[Any, Any, Any] = _worker["job"]
    turns: _Turns = _worker["turns"]
    try:
        made = [job.output(result) for result in job.run(_worker["state"], batch)]
    except BaseException:
        with turns.turn(number):
            turns.ended.value = 1
        raise
    failed = None
    with turns.turn(number) as ended:
        for _, output, ends in made:
            if ended:
                break
            failed = _write_whole(output)
            ended = failed is not None or ends
        turns.ended.value = ended
    return [result for result, _, _ in made], failed


def _write_whole(output: Sequence[bytes | memoryview]) -> tuple[int, str] | None:
    """Write ``output`` to standard output whole, SIGTERM held off until it is written (the
    output ends on a whole piece); the errno and message of a failed write, or None."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    try:
        for piece in output:
            try:
                write_whole(1, piece)
            except OSError as exc:
                return exc.errno or errno.EIO, exc.strerror or str(exc)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    return None


def written_in_order(
    job: WritingJob[S, T, R],
    items: Iterable[T],
    jobs: int,
    *,
    state: S | None = None,
    batch: int = 1,
) -> Iterator[R]:
    """:func:`ordered_map` in ``jobs`` worker processes, where each worker writes the output of
    the results it makes (:meth:`WritingJob.output`) to standard output itself, when the output
    of every earlier batch has been written; nothing is written after a result that ends the
    output. Yields the results without their output, in input order.

    Raises :class:`WorkerOutputError` when a write fails (nothing is written after it)."""
    for results, failed in _pooled(job, items, jobs, state, batch, None, _run_and_write):
        yield from results
        if failed is not None:
            raise WorkerOutputError(OSError(*failed))


def _pooled(
    job: Job[S, T, R],
    items: Iterable[T],
    jobs: int,
    state: S | None,
    batch: int,
    stop: Stop | None,
    task: Callable[[int, list[Any]], tuple[list[Any], tuple[int, str] | None]],
) -> Iterator[tuple[list[R], tuple[int, str] | None]]:
    """``task(number, batch)`` over the batches of ``items`` in ``jobs`` worker processes
    (:func:`lexibench.solver.pool.run_pool`), its results in input order, with at most
    :data:`BATCHES_PER_WORKER` batches per worker in flight."""
    import multiprocessing

    from lexibench.solver.pool import run_pool, signals_held

    fork = "fork" in multiprocessing.get_all_start_methods()
    if fork:
        _worker.update(job=job, state=job.open() if state is None else state)
    context = multiprocessing.get_context("fork" if fork else "spawn")
    # the shared values' memory is registered for clean-up as it is made: a signal's exception
    # in the middle would leave a half-made registration that fails, loudly, at exit
    with signals_held():
        turns = _Turns(context)
        if stop is not None:
            stop.share(context)
    yield from run_pool(
        context,
        jobs,
        _init_worker,
        (job, stop, turns),
        task,
        batches(items, batch),
        in_flight=jobs * BATCHES_PER_WORKER,
    )


class _Turns:
    """Whose turn it is to write (the number of the next batch to write), shared by the workers
    of one pool, and whether writing has ended (a result ended the output, or a write failed)."""

    def __init__(self, context: Any) -> None:
        self.condition = context.Condition()
        self.next = context.RawValue("q", 0)
        self.ended = context.RawValue("b", 0)

    @contextmanager
    def turn(self, number: int) -> Iterator[bool]:
        """Wait for batch ``number``'s turn; the block runs in it (and says whether writing has
        ended), and the turn passes on when it leaves, however it leaves."""
        with self.condition:
            self.condition.wait_for(lambda: self.next.value == number)
        try:
            yield bool(self.ended.value)
        finally:
            with self.condition:
                self.next.value = number + 1
                self.condition.notify_all()


def _dask_batch(batch: list[Any], job: Job[Any, Any, Any]) -> list[Any]:
    """A Dask task: one batch, with the state this worker keeps for the job."""
    from lexibench.solver.cluster import kept_for_job

    with kept_for_job(job, job.open) as state:
        results: list[Any] = job.run(state, batch)
        return results


def worker_signals(stop: Stop | None = None) -> None:
    """In a worker process: ignore SIGINT (the terminal sends it to every process of the job;
    the parent decides); on SIGTERM, die quietly (how the parent stops it) or, in a job that can
    stop early (``stop``), set ``stop`` instead: the batch under way ends early and keeps what it
    found, since a SIGTERM sent to the whole process group (as a service manager or a batch
    system sends it) reaches the parent too, which then prints what the job found. Then let
    signals in (they were blocked while the pool started: see
    :func:`lexibench.solver.pool.run_pool`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if stop is None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    else:
        signal.signal(signal.SIGTERM, lambda signum, _frame: stop.set(signum))
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
