"""A pool of worker processes that shares no lock with them, so a signal can never hang it.

multiprocessing's ``Pool`` hands tasks out through queues whose locks its workers share: a worker
killed while holding one (waiting for a task, or sending a result), as a SIGTERM sent to the
whole process group does, leaves the pool's teardown waiting for ever. Here each worker has a
socket of its own to the main process, and nothing else: the main process sends it batches and
reads its results without blocking (one ``selectors`` loop over every worker's socket), so it
waits on nothing a worker can hold. A worker that dies is seen as the end of its socket.

Stopping, however the run ends, is bounded: at the end of the work each worker's socket is closed
(it exits when it reads the end); otherwise (an exception, a signal, the consumer stopping early)
every worker is sent SIGTERM, and those still alive after :data:`GRACE` seconds are killed.
SIGINT and SIGTERM are held off in the main process while it stops them (at most that long), so
no worker is left behind.

Messages are pickles, each preceded by its length (8 bytes, big-endian).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import selectors
import signal
import socket
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from lexibench.solver.errors import Fault

#: Seconds the workers get to exit after SIGTERM (or, at the end of the work, after their socket
#: closes) before they are killed.
GRACE: Final = 2.0
_HEADER: Final = 8
_READ: Final = 1 << 16


class WorkerDiedError(Fault):
    """A worker process ended before its work was done (killed from outside, out of memory)."""


class _Worker:
    """One worker process, seen from the main process: its socket, the numbers of the batches
    it was sent and has not answered (it answers in that order), and the bytes not yet sent or
    not yet read."""

    def __init__(self, process: Any, channel: socket.socket) -> None:
        self.process = process
        self.channel = channel
        self.waiting: deque[int] = deque()
        self.outgoing = bytearray()
        self.incoming = bytearray()

    def queue(self, number: int, batch: list[Any]) -> None:
        """Queue batch ``number`` to be sent (by :meth:`flush`)."""
        self.waiting.append(number)
        self.outgoing += _frame((number, batch))

    def flush(self) -> None:
        """Send what the socket takes now."""
        try:
            sent = self.channel.send(self.outgoing)
        except BlockingIOError:
            return
        except OSError:  # it died: reading its socket will tell
            self.outgoing.clear()
            return
        del self.outgoing[:sent]

    def receive(self) -> Iterator[tuple[int, Any]]:
        """The results that arrived whole, with their batch numbers.

        Raises :class:`WorkerDiedError` when the worker's socket ended."""
        while True:
            try:
                data = self.channel.recv(_READ)
            except BlockingIOError:
                break
            except OSError:
                data = b""
            if not data:
                raise WorkerDiedError(
                    f"a worker process ended before its work was done{self._how()}"
                )
            self.incoming += data
        while len(self.incoming) >= _HEADER:
            size = int.from_bytes(self.incoming[:_HEADER], "big")
            if len(self.incoming) < _HEADER + size:
                break
            message = pickle.loads(self.incoming[_HEADER : _HEADER + size])
            del self.incoming[: _HEADER + size]
            yield self.waiting.popleft(), message

    def _how(self) -> str:
        self.process.join(GRACE)
        code = self.process.exitcode
        if code is not None and code < 0:
            return f" (killed by {signal.Signals(-code).name})"
        return f" (exit status {code})" if code is not None else ""


def _frame(message: Any) -> bytes:
    data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(_HEADER, "big") + data


def run_pool(
    context: Any,
    jobs: int,
    init: Callable[..., None],
    init_args: tuple[Any, ...],
    task: Callable[[int, list[Any]], Any],
    batches: Iterable[list[Any]],
    *,
    in_flight: int,
) -> Iterator[Any]:
    """``task(number, batch)`` over ``batches`` in ``jobs`` worker processes started from
    ``context`` (each runs ``init(*init_args)`` first), the results in input order; at most
    ``in_flight`` batches sent and not yet yielded. An exception a task raises is raised here.

    ``init``, ``task`` and ``init_args`` are inherited by forked workers and pickled for spawned
    ones. Raises :class:`WorkerDiedError` when a worker dies."""
    workers: list[_Worker] = []
    finished = False
    try:
        with signals_held():  # a worker starts with them blocked (see worker_signals)
            for _ in range(jobs):
                workers.append(_start(context, workers, init, init_args, task))
        yield from _dispatch(workers, batches, in_flight)
        finished = True
    finally:
        _stop(workers, finished)


def _start(
    context: Any,
    started: list[_Worker],
    init: Callable[..., None],
    init_args: tuple[Any, ...],
    task: Callable[[int, list[Any]], Any],
) -> _Worker:
    here, there = socket.socketpair()
    # A forked worker closes the main process's ends of the sockets it inherits (its own and
    # the workers' started before it), so that each worker sees the end of its socket.
    inherited = [here, *(worker.channel for worker in started)]
    forked = context.get_start_method() == "fork"
    process = context.Process(
        target=_serve,
        args=(there, inherited if forked else [], init, init_args, task),
        daemon=True,
    )
    try:
        process.start()
    finally:
        there.close()
    here.setblocking(False)
    return _Worker(process, here)


def _dispatch(
    workers: list[_Worker], batches: Iterable[list[Any]], in_flight: int
) -> Iterator[Any]:
    """Send batches to the least busy workers, read results as they come, yield them in order."""
    selector = selectors.DefaultSelector()
    for worker in workers:
        selector.register(worker.channel, selectors.EVENT_READ, worker)
    source = iter(batches)
    done: dict[int, Any] = {}
    sent = yielded = 0
    exhausted = False
    with selector:
        while True:
            while not exhausted and sent - yielded < in_flight:
                batch = next(source, None)
                if batch is None:
                    exhausted = True
                    break
                worker = min(workers, key=lambda w: len(w.waiting))
                worker.queue(sent, batch)
                worker.flush()
                sent += 1
            if yielded in done:
                ok, value = done.pop(yielded)
                yielded += 1
                if not ok:
                    raise value
                yield value
                continue
            if exhausted and yielded == sent:
                return
            for worker in workers:
                events = selectors.EVENT_READ | (selectors.EVENT_WRITE if worker.outgoing else 0)
                selector.modify(worker.channel, events, worker)
            for key, mask in selector.select():
                worker = key.data
                if mask & selectors.EVENT_WRITE:
                    worker.flush()
                if mask & selectors.EVENT_READ:
                    done.update(worker.receive())


def _stop(workers: list[_Worker], finished: bool) -> None:
    """Stop every worker: at the end of the work by closing its socket, otherwise by SIGTERM;
    kill those alive after :data:`GRACE` seconds. Signals wait until this is done."""
    with signals_held():
        if not finished:
            for worker in workers:
                with contextlib.suppress(OSError):  # ended already
                    os.kill(worker.process.pid, signal.SIGTERM)
        for worker in workers:
            worker.channel.close()
        deadline = time.monotonic() + GRACE
        for worker in workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        for worker in workers:
            if worker.process.exitcode is None:
                worker.process.kill()
                worker.process.join()


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM (and SIGALRM, by which the command line delivers an interruption put
    off) wait (blocked) in this process within the block, and are delivered, if they came, when
    it ends."""
    # pthread_sigmask runs the handlers of signals already arrived: an Interrupted raised by the
    # first call leaves the mask as it was; one raised by the second, within the try, restores it.
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGALRM})
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _serve(
    channel: socket.socket,
    inherited: list[socket.socket],
    init: Callable[..., None],
    init_args: tuple[Any, ...],
    task: Callable[[int, list[Any]], Any],
) -> None:
    """A worker: run ``init``, then answer each batch its socket brings with ``(True, result)``
    or ``(False, exception)``, until the socket ends."""
    for other in inherited:
        other.close()
    init(*init_args)
    reader = channel.makefile("rb")
    while True:
        header = reader.read(_HEADER)
        if len(header) < _HEADER:
            return
        number, batch = pickle.loads(reader.read(int.from_bytes(header, "big")))
        try:
            answer: tuple[bool, Any] = (True, task(number, batch))
        except Exception as exc:  # raised again in the main process
            answer = (False, exc)
        try:
            message = _frame(answer)
        except Exception as exc:  # an exception that does not pickle
            message = _frame((False, RuntimeError(f"in a worker process: {exc!r}")))
        channel.sendall(message)
