"""A run of a game command: what its library function gets (:class:`Call`: the game, the
command's options, the user's request and a :class:`Session`) and what it gives back (a
:class:`Report`, printed whole, or a :class:`Stream`, printed as it comes).

The command line makes the call from the parsed options and prints the result
(:mod:`lexibench.solver.cli.games`); a caller in Python makes it by hand, with a
:class:`QuietSession`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from lexibench.solver.games.command import Command, Options

if TYPE_CHECKING:
    from lexibench.solver.execution import Stop
    from lexibench.solver.games.protocol import Game
    from lexibench.solver.lexicons import Opened
    from lexibench.solver.plan import Plan, Request


class Progress(Protocol):
    """A progress display (a bar on a terminal, or nothing)."""

    def update(self, done: int, total_done: int | None = None) -> None:
        """``done`` more units done (or, with ``total_done``, that many in all)."""
        ...

    def note(self, text: str) -> None:
        """A short status beside the count (``best=511``)."""
        ...

    def close(self) -> None:
        """The work is over."""
        ...


class Stopped(Protocol):
    """The signal that stopped a run early (see :meth:`Session.stopping`), once one came."""

    @property
    def name(self) -> str | None:
        """``"SIGINT"`` or ``"SIGTERM"``, or None."""
        ...

    @property
    def signum(self) -> int | None:
        """Its number, or None."""
        ...


class Session(Protocol):
    """What a run asks of whoever runs it: the command line, or a caller in Python."""

    def note(self, message: str) -> None:
        """Tell the user ``message`` (one line, on standard error for the command line)."""
        ...

    def waiting(self, message: str) -> None:
        """Tell the user what a wait of a second or more is for (a lexicon being built): for the
        command line, one line on standard error where it is a terminal."""
        ...

    def phase(self, name: str) -> None:
        """The phase ``name`` (``lexicon``, ``search``) has ended (the start-up benchmark's
        clock)."""
        ...

    def progress(self, total: int, unit: str, initial: int = 0, style: str = "") -> Progress:
        """A progress display of ``total`` units (``style``: ``"classes"`` for a proof's)."""
        ...

    def stopping(self, stop: Stop) -> contextlib.AbstractContextManager[Stopped]:
        """Within it, SIGINT and SIGTERM set ``stop`` instead of interrupting (a long search
        stops and reports what it found); a second signal interrupts."""
        ...


class _Silent:
    """A progress display that shows nothing."""

    def update(self, done: int, total_done: int | None = None) -> None:
        """Nothing to show."""

    def note(self, text: str) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


class _NoSignal:
    name: str | None = None
    signum: int | None = None


class QuietSession:
    """A :class:`Session` for a caller in Python: no notes, no progress, signals left alone."""

    def note(self, message: str) -> None:
        """Dropped."""

    def waiting(self, message: str) -> None:
        """Dropped."""

    def phase(self, name: str) -> None:
        """Not timed."""

    def progress(self, total: int, unit: str, initial: int = 0, style: str = "") -> Progress:
        """Nothing shown."""
        return _Silent()

    @contextlib.contextmanager
    def stopping(self, stop: Stop) -> Iterator[Stopped]:
        """Signals are not caught."""
        yield _NoSignal()


@dataclass(frozen=True)
class Call:
    """One run of a command: everything its function gets."""

    game: Game[Any, Any]
    command: Command
    options: Options
    """Its own options' values, by name."""
    request: Request | None = None
    """The structure, tier, variant, word list and where to run, as the user gave them (None
    for a command that opens no structure)."""
    session: Session = field(default_factory=QuietSession)

    def plan(self, units: int = 1) -> Plan:
        """The request resolved for a job of ``units`` (boards, evaluations: the default
        structure may depend on it), checked before any word list is read."""
        from lexibench.solver.plan import resolve

        if self.request is None:
            raise RuntimeError(f"command {self.command.name} opens no structure")
        return resolve(self.game, self.request, units, self.command.tiers, self.serves)

    @property
    def serves(self) -> str:
        """What the command is, in errors (the game's title unless it says otherwise)."""
        return self.command.serves or self.game.title

    def check_files(self, given: Iterable[tuple[str, str, str]]) -> None:
        """Refuse, before any work, an output of this run that cannot be written or is one of
        its inputs (the same file by any name): ``given``, the ``(role, option, path)`` of the
        options naming files (:attr:`~lexibench.solver.games.command.Option.file`), and the
        request's word-list and lexicon files. A file the command updates in place is checked
        against the other inputs."""
        from lexibench.structures.files import Output, check_outputs

        given = list(given)
        inputs: list[str] = [path for role, _, path in given if role == "input"]
        if self.request is not None:
            from lexibench.solver.wordlist import NAMED_SOURCES

            wordlist = self.request.wordlist
            if wordlist is not None and wordlist not in (*NAMED_SOURCES, "-"):
                inputs.append(str(wordlist))
            if self.request.lexicon_file is not None:
                inputs.append(str(self.request.lexicon_file))
        updated = [Output(path, option) for role, option, path in given if role == "updates"]
        check_outputs(updated, inputs)
        outputs = [
            Output(path, option, folder=role == "output-folder")
            for role, option, path in given
            if role in ("output", "output-folder")
        ]
        check_outputs(outputs, inputs + [output.path for output in updated])

    def open(self, plan: Plan) -> Opened:
        """The structure ``plan`` names, opened (from the cache, a file or built), kept out of
        the garbage collector; with ``--verbose``, where it came from."""
        from lexibench.solver.plan import open_plan

        opened = open_plan(plan, self.session.note, self.session.waiting)
        self.session.phase("lexicon")
        return opened


@dataclass(frozen=True)
class Report:
    """A result printed whole: ``json()`` with ``--json``, else ``text()``."""

    json: Callable[[], dict[str, Any]]
    text: Callable[[], str]
    stopped: int | None = None
    """The signal that stopped the run early (its exit status is 128 plus it), or None."""


@dataclass(frozen=True)
class Stream:
    """A result printed as it is made: whole lines, each piece with the number of items (boards)
    it holds, for a progress display counting ``unit`` s (None: none)."""

    pieces: Iterable[tuple[bytes, int]]
    unit: str | None = None
    finish: Callable[[], None] = lambda: None
    """Called once every piece is written (it may raise the error that ended the input)."""


Result: TypeAlias = Report | Stream


def run_target(target: str) -> Callable[[Call], Result]:
    """The function ``"module:function"`` names."""
    import importlib

    module, _, name = target.partition(":")
    function: Callable[[Call], Result] = getattr(importlib.import_module(module), name)
    return function
