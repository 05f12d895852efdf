"""What the command line does at run time besides its commands: output, signals, exit statuses.

Output goes to file descriptor 1 with ``os.write``, never through Python's buffered
``sys.stdout``, so a fault (a full disk, a file-size limit, a closed output) is seen where it
happens and reported as one line, instead of a traceback at exit or a silent exit 0.

Signals: SIGINT and SIGTERM raise :class:`Interrupted` in the main process, except while a write
is under way, which finishes first (output always ends on a whole line), or an import, which
ends first (a compiled module interrupted half-way can be left broken); an interruption Python
drops (raised in a finalizer) is raised again after the next write and before the command
returns; once the command has its status, signals are ignored. Worker processes ignore
SIGINT and die quietly on SIGTERM (:func:`lexibench.solver.execution.worker_signals`); the main
process stops them.

Exit statuses (solver/README.md lists them): 0 success; 1 a runtime fault (output cannot be written,
out of memory, an internal error); 2 a usage error or bad input; 130 interrupted (SIGINT); 143
terminated (SIGTERM); 141 the reader closed the pipe (``lexibench random | head``: no message, as
for any tool stopped by SIGPIPE).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import FrameType
from typing import Any, Final

from lexibench.solver.errors import Fault
from lexibench.solver.writes import write_whole

EXIT_FAULT: Final = 1
EXIT_USAGE: Final = 2
EXIT_PIPE: Final = 128 + signal.SIGPIPE
EXIT_SIGNAL_BASE: Final = 128
#: Output is written in batches of whole lines of about this many bytes.
BATCH: Final = 1 << 16


#: Where ``lexibench`` writes the CPU time of its phases (start-up and imports, lexicon, search,
#: output) when set: the time-to-first-answer benchmark reads it.
PHASES_ENV: Final = "LEXIBENCH_PHASES_FILE"
_phases: list[tuple[str, float]] = []


def phase(name: str) -> None:
    """Mark the end of phase ``name`` (CPU seconds since the process started), when asked to."""
    if PHASES_ENV in os.environ:
        _phases.append((name, time.process_time()))


def write_phases() -> None:
    """Write the phases marked so far to ``$LEXIBENCH_PHASES_FILE`` as JSON (name -> seconds)."""
    target = os.environ.get(PHASES_ENV)
    if target and _phases:
        import json

        durations = {}
        previous = 0.0
        for name, stamp in _phases:
            durations[name] = stamp - previous
            previous = stamp
        from pathlib import Path

        from lexibench.structures.atomic import write_text_atomic

        write_text_atomic(Path(target), json.dumps(durations))


class OutputError(Fault):
    """Standard output cannot be written: the message says why, in one line."""

    def __init__(self, reason: str, closed_pipe: bool = False) -> None:
        self.closed_pipe = closed_pipe
        super().__init__(f"cannot write the output ({reason})")


class Interrupted(BaseException):
    """SIGINT or SIGTERM reached the main process."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


class Caught:
    """A signal a long search asked to be told of instead of being interrupted by
    (:func:`catching_signals`): the search polls :meth:`is_set`, stops, and reports what it
    found."""

    signum: int | None = None

    def __init__(self, then: Callable[[], None] | None = None) -> None:
        self.then = then
        """Called (from the signal handler) when the signal arrives: it must be safe there."""

    def is_set(self) -> bool:
        """True once SIGINT or SIGTERM has arrived."""
        return self.signum is not None

    @property
    def name(self) -> str | None:
        """``"SIGINT"`` or ``"SIGTERM"``, once one arrived."""
        return signal.Signals(self.signum).name if self.signum is not None else None


class _Signals:
    """The main process's handlers: raise :class:`Interrupted`, defer it during a write, or
    record it for a search that stops by itself (a second signal interrupts all the same)."""

    writing = False
    received: int | None = None
    """The signal that interrupted the command (outside a search that catches it). It stays set:
    an :class:`Interrupted` the handler raised where Python prints and drops exceptions (a
    finalizer, a weak-reference callback) is raised again after the next write
    (:meth:`raise_pending`) and before the command returns its status."""
    caught: Caught | None = None
    owner = 0
    """The process that installed the handlers: a process forked from it (a worker the pool
    starts at any time, even while stopping) behaves as
    :func:`~lexibench.solver.execution.worker_signals` says instead."""

    unraisable: Callable[[Any], object] = sys.__unraisablehook__
    """The ``sys.unraisablehook`` before :meth:`install` (see :meth:`dropped`)."""

    retrying = False
    """True once an interruption was put off by an import (SIGALRM's timer may be running)."""

    done = False
    """Set once the command has returned its status: a signal then changes nothing (the
    process is exiting with the status it has)."""

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.done:
            return
        if os.getpid() != self.owner:
            if signum == signal.SIGTERM:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                os.kill(os.getpid(), signal.SIGTERM)
            return
        if self.caught is not None and self.caught.signum is None:
            self.caught.signum = signum
            if self.caught.then is not None:
                self.caught.then()
            return
        if self.received is None:
            self.received = signum
        self._deliver(self.received, frame)

    def retry(self, _signum: int, frame: FrameType | None) -> None:
        """SIGALRM's handler: deliver an interruption an import put off (see :meth:`_deliver`)."""
        if not self.done and self.received is not None and os.getpid() == self.owner:
            self._deliver(self.received, frame)

    def _deliver(self, signum: int, frame: FrameType | None) -> None:
        """Raise :class:`Interrupted` for ``signum`` now, unless a write is under way (it is
        raised when the write ends) or a module is being imported: an exception raised there can
        leave a compiled module half set up without a word (msgspec's JSON encoder, whose import
        of ``datetime`` it interrupted, crashed every worker forked after), so it is tried again
        :data:`RETRY_SECONDS` later (SIGALRM), until no import is under way."""
        if self.writing:
            return
        if _importing(frame):
            self.retrying = True
            signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)
            return
        raise Interrupted(signum)

    def install(self) -> None:
        self.owner = os.getpid()
        self.done = False
        self.received = None
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self.handle)
        signal.signal(signal.SIGALRM, self.retry)
        self.unraisable = sys.unraisablehook
        sys.unraisablehook = self.dropped

    def dropped(self, report: Any) -> None:
        """``sys.unraisablehook``: an :class:`Interrupted` Python drops (raised in a finalizer
        or a callback) is not reported there, since it is raised again after (see
        :attr:`received`); anything else is reported as before."""
        if not isinstance(report.exc_value, Interrupted):
            self.unraisable(report)

    def finish(self) -> None:
        """The command has its status and the process exits with it: from now on SIGINT and
        SIGTERM are ignored. (Python puts back their default action when it starts to shut
        down, so a signal arriving then would kill the process, its status lost.)"""
        self.done = True
        self._stop_retrying()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_IGN)

    def restore(self, handlers: Mapping[signal.Signals, Any]) -> None:
        """Put ``handlers`` back (the command was run from Python, which goes on); one Python
        did not install (None) is left as it is."""
        self._stop_retrying()
        sys.unraisablehook = self.unraisable
        for sig, handler in handlers.items():
            if handler is not None:
                signal.signal(sig, handler)

    def _stop_retrying(self) -> None:
        if self.retrying:
            self.retrying = False
            signal.setitimer(signal.ITIMER_REAL, 0)

    def raise_pending(self) -> None:
        """Raise :class:`Interrupted` if a signal interrupted the command."""
        if self.received is not None:
            raise Interrupted(self.received)


#: The signals the main process handles: SIGALRM only to deliver an interruption that an import
#: put off.
HANDLED: Final = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)
#: Seconds between tries to deliver an interruption put off by an import.
RETRY_SECONDS: Final = 0.005
_IMPORT_SYSTEM: Final = ("<frozen importlib._bootstrap", "<frozen importlib._bootstrap_external")


def _importing(frame: FrameType | None) -> bool:
    """True when ``frame`` runs within an import (the import system's frames are below it)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith(_IMPORT_SYSTEM):
            return True
        frame = frame.f_back
    return False


SIGNALS = _Signals()


@contextmanager
def catching_signals(then: Callable[[], None] | None = None) -> Iterator[Caught]:
    """Within the block, the first SIGINT or SIGTERM is recorded in the :class:`Caught` it
    yields (and ``then()`` called) instead of interrupting: a long search polls it, stops and
    prints its best so far. A second signal interrupts as usual."""
    caught = Caught(then)
    previous, SIGNALS.caught = SIGNALS.caught, caught
    try:
        yield caught
    finally:
        SIGNALS.caught = previous


def signal_line(signum: int) -> str:
    """The line that says a signal ended the command: ``lexibench: interrupted (SIGINT)``, or
    ``terminated`` for any other signal."""
    word = "interrupted" if signum == signal.SIGINT else "terminated"
    return f"lexibench: {word} ({signal.Signals(signum).name})"


def install_signal_handlers() -> None:
    """Handle SIGINT and SIGTERM in this (main) process (see the module docstring)."""
    SIGNALS.install()


def stderr_is_terminal() -> bool:
    """True when standard error is open and a terminal: where progress bars and the lines that
    say what a wait is for go (a script's standard error stays clean)."""
    return sys.stderr is not None and sys.stderr.isatty()


def stdout_open() -> bool:
    """True when file descriptor 1 is open (``sys.stdout`` is None when it was closed)."""
    if sys.stdout is None:
        return False
    try:
        os.fstat(1)
    except OSError:
        return False
    return True


def write_stdout(data: bytes) -> None:
    """Write ``data`` to standard output whole (see the module docstring)."""
    _write_all(data)


def output_error(exc: OSError) -> OutputError:
    """The :class:`OutputError` of a write to standard output that failed with ``exc``."""
    if isinstance(exc, BrokenPipeError):
        return OutputError("the reader closed the pipe", closed_pipe=True)
    return OutputError(exc.strerror or str(exc))


def _write_all(data: bytes) -> None:
    SIGNALS.writing = True
    try:
        write_whole(1, data)
    except OSError as exc:
        raise output_error(exc) from None
    finally:
        SIGNALS.writing = False
    SIGNALS.raise_pending()


class Output:
    """Whole lines to standard output, batched; :meth:`close` writes what is left."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []
        self._size = 0

    def line(self, data: bytes) -> None:
        """Queue one line (UTF-8, without its newline)."""
        self._parts.append(data)
        self._parts.append(b"\n")
        self._size += len(data) + 1
        if self._size >= BATCH:
            self.flush()

    def lines(self, data: bytes) -> None:
        """Queue whole lines (``data`` ends with a newline); a batch or more is written at once,
        without a copy, when nothing is queued before it."""
        if not self._parts and len(data) >= BATCH:
            _write_all(data)
            return
        self._parts.append(data)
        self._size += len(data)
        if self._size >= BATCH:
            self.flush()

    def flush(self) -> None:
        """Write every queued line now."""
        if self._parts:
            data = b"".join(self._parts)
            self._parts.clear()
            self._size = 0
            _write_all(data)


def emit(text: str) -> None:
    """Write ``text`` and a newline to standard output at once."""
    _write_all(text.encode() + b"\n")


def say(message: str) -> None:
    """One line on standard error, if it is open (never on standard output)."""
    if sys.stderr is not None:
        try:
            sys.stderr.write(message + "\n")
            sys.stderr.flush()
        except OSError:
            pass


def silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null, so the interpreter's own flush at exit cannot fail
    again after an output fault was reported."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
