"""Every game command, one path: parse (done by argparse from the command's data), call the
library, print what it returns.

:func:`run` makes the :class:`~lexibench.solver.games.command.Call` of the parsed options, runs
the command's library function (the game's own, or
:func:`~lexibench.solver.games.answer.answer` for a puzzle), and prints the result: a
:class:`~lexibench.solver.games.command.Report` as JSON or text, a
:class:`~lexibench.solver.games.command.Stream` line by line as it comes. The session it hands the
library (:class:`CliSession`) is the command line's: notes on standard error, progress bars on a
terminal, signals that stop a long search.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from lexibench.solver.cli import runtime
from lexibench.solver.execution import Stop, WorkerOutputError
from lexibench.solver.games.call import (
    Call,
    Progress,
    Report,
    Result,
    Stopped,
    Stream,
    run_target,
)
from lexibench.solver.games.command import Command, LexiconOptions
from lexibench.solver.games.registry import game


class _Bar:
    """A tqdm bar on standard error."""

    def __init__(self, bar: Any) -> None:
        self.bar = bar

    def update(self, done: int, total_done: int | None = None) -> None:
        if total_done is None:
            self.bar.update(done)
        else:
            self.bar.n = total_done
        self.bar.refresh()

    def note(self, text: str) -> None:
        self.bar.set_postfix_str(text, refresh=False)

    def close(self) -> None:
        self.bar.close()


class _NoBar:
    def update(self, done: int, total_done: int | None = None) -> None:
        """Nothing shown: standard error is not a terminal."""

    def note(self, text: str) -> None:
        """Nothing shown."""

    def close(self) -> None:
        """Nothing shown."""


#: A proof's bar: classes done of all, time left, rate, and its note (pruned, found, left).
_CLASSES_FORMAT = (
    "{l_bar}{bar}| {n_fmt}/{total_fmt} classes [{elapsed}<{remaining}, {rate_fmt}{postfix}]"
)


class CliSession:
    """The command line's :class:`~lexibench.solver.games.command.Session`."""

    def note(self, message: str) -> None:
        """One line on standard error."""
        runtime.say(f"lexibench: {message}" if message.startswith("cache:") else message)

    def waiting(self, message: str) -> None:
        """One line on standard error where it is a terminal (a script's stays clean)."""
        if runtime.stderr_is_terminal():
            runtime.say(f"lexibench: {message} ...")

    def phase(self, name: str) -> None:
        """Mark the end of a phase (:func:`runtime.phase`)."""
        runtime.phase(name)

    def progress(self, total: int, unit: str, initial: int = 0, style: str = "") -> Progress:
        """A tqdm bar where standard error is a terminal, else nothing."""
        if not runtime.stderr_is_terminal():
            return _NoBar()
        from tqdm import tqdm

        if style == "classes":
            bar = tqdm(
                total=total,
                initial=initial,
                unit=unit,
                file=sys.stderr,
                bar_format=_CLASSES_FORMAT,
                smoothing=0,
            )
        else:
            bar = tqdm(total=total or None, initial=initial, unit=unit, file=sys.stderr)
        return _Bar(bar)

    @contextmanager
    def stopping(self, stop: Stop) -> Iterator[Stopped]:
        """SIGINT and SIGTERM set ``stop`` (a second one interrupts). A signal a worker process
        alone received, which stopped the job, counts as received here."""
        with runtime.catching_signals(stop.set) as caught:
            try:
                yield caught
            finally:
                if caught.signum is None:
                    caught.signum = stop.signal()


def command_of(name: str, command: str) -> Command:
    """Game ``name``'s command ``command``."""
    return next(c for c in game(name).commands if c.name == command)


def _pieces(stream: Stream) -> Iterator[bytes]:
    """The stream's pieces, counted on a progress bar where standard error is a terminal."""
    pieces: Iterable[tuple[bytes, int]] = stream.pieces
    if stream.unit is None or not runtime.stderr_is_terminal():
        for piece, _ in pieces:
            yield piece
        return
    from tqdm import tqdm

    with tqdm(unit=stream.unit, file=sys.stderr) as bar:
        for piece, count in pieces:
            yield piece
            bar.update(count)


def show(result: Result, as_json: bool) -> int:
    """Print ``result``; the exit status."""
    if isinstance(result, Report):
        runtime.emit(json.dumps(result.json()) if as_json else result.text())
        if result.stopped is None:
            return 0
        runtime.say(f"{runtime.signal_line(result.stopped)}: what was found so far is above")
        return runtime.EXIT_SIGNAL_BASE + result.stopped
    out = runtime.Output()
    try:
        for piece in _pieces(result):
            out.lines(piece)  # empty where workers write their lines themselves
    except WorkerOutputError as exc:
        raise runtime.output_error(exc.error) from None
    out.flush()
    result.finish()
    return 0


def run(args: argparse.Namespace) -> int:
    """Run the game command ``args`` names (see the module docstring)."""
    from lexibench.solver.cli.options import files_of, request_of
    from lexibench.solver.games.answer import answer

    played = game(args.game)
    command = command_of(args.game, args.command)
    options = {option.dest: getattr(args, option.dest) for option in command.own()}
    request = request_of(args, command) if command.has(LexiconOptions) else None
    call = Call(played, command, options, request, CliSession())
    call.check_files(files_of(args))
    result = run_target(command.run)(call) if command.run else answer(call)
    return show(result, bool(options.get("json")))
