"""The ``lexibench`` command line.

Subcommands live one per module in this package and are imported only when they run: starting
``lexibench random`` imports the board and dice code, not the lexicon libraries, and no command
imports the benchmark layer unless it is the one that runs. Other layers add subcommands through
the entry-point group ``lexibench.commands`` (``name = "module:register"``, where
``register(parser)`` fills in an ``argparse`` sub-parser and sets its ``run`` default); that is how
the benchmark layer contributes ``lexibench tables`` without the solver importing it. Installed
entry points are scanned only for a command that is not built in, or for ``--help``.

Every error a user can cause is reported as one line on stderr, ``lexibench: error: ...``, with
exit status 2 and nothing on stdout; runtime faults and signals are one line too, with the
statuses of :mod:`solver.cli.runtime`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from lexibench import __version__
from lexibench.solver.cli import runtime
from lexibench.solver.errors import (
    Fault,
    InputError,
    MissingExtraError,
    describe,
    missing_extra,
)
from lexibench.structures.errors import LexiconError, nearest

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

COMMAND_GROUP = "lexibench.commands"
EXIT_USAGE = runtime.EXIT_USAGE

Register = Callable[[argparse.ArgumentParser], None]

#: The tool's own commands: name -> (module, one-line summary). Each game adds its commands
#: (:attr:`lexibench.solver.games.Game.commands`, data), listed from the game registry and run
#: through one path (:mod:`lexibench.solver.cli.games`).
TOOLS: dict[str, tuple[str, str]] = {
    "backends": (
        "lexibench.solver.cli.backends_cmd",
        "list the lexicon backends, their versions and availability",
    ),
    "build": (
        "lexibench.solver.cli.build_cmd",
        "build a lexicon from a word list and save it to a file",
    ),
    "cache": ("lexibench.solver.cli.cache_cmd", "show or clear the cache of built lexicons"),
}


def _register_tool(name: str) -> Register:
    """A tool command's ``register``."""
    register: Register = importlib.import_module(TOOLS[name][0]).register
    return register


def _register_game_command(game_name: str, name: str) -> tuple[Register, str]:
    """A game command's ``register`` (its options, from its data) and summary."""
    from lexibench.solver.cli import games
    from lexibench.solver.cli.options import add_command, plain
    from lexibench.solver.games.registry import game

    played = game(game_name)
    command = games.command_of(game_name, name)

    def register(parser: argparse.ArgumentParser) -> None:
        add_command(parser, played.name, played.word_rules, played.queries, command)
        parser.set_defaults(run=games.run, game=game_name)

    return register, plain(command.summary)


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, ``lexibench: error: ...``, exit status 2."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Help and version text go through :mod:`solver.cli.runtime` (argparse's own writer
        drops an output fault silently)."""
        if message and (file is None or file is sys.stdout):
            runtime.write_stdout(message.encode())
        elif message:
            runtime.say(message.rstrip("\n"))

    #: The chosen command's parser, once added: unknown options are reported against it.
    command_parser: argparse.ArgumentParser | None = None

    #: The words the command line was given (for an error that argparse words without them).
    argv: Sequence[str] = ()

    def error(self, message: str) -> NoReturn:
        parser = self.command_parser or self
        command = parser.prog.removeprefix("lexibench").strip()
        see = f"lexibench {command} --help" if command else "lexibench --help"
        if message.startswith("the following arguments are required: COMMAND"):
            # no command: an option before it that is not lexibench's own is what went wrong
            unknown = [a for a in self.argv if a.startswith("-") and a not in _TOP_OPTIONS]
            if unknown:
                message = f"unrecognized arguments: {unknown[0]}"
        self.exit(
            EXIT_USAGE, f"lexibench: error: {message}{_nearest(parser, message)} (see {see})\n"
        )


#: The options ``lexibench`` takes before a command.
_TOP_OPTIONS = ("-h", "--help", "--version")
_INVALID_COMMAND = re.compile(r"argument COMMAND: invalid choice: '([^']*)' \(choose from (.*)\)")


def _nearest(parser: argparse.ArgumentParser, message: str) -> str:
    """For an unrecognized option: the known option it is closest to (options are never taken
    by abbreviation, so ``--board`` is not ``--boards-file``); for an unknown command, the
    command it is closest to."""
    import difflib

    invalid = _INVALID_COMMAND.match(message)
    if invalid:
        commands = re.findall(r"'([^']*)'", invalid.group(2))
        close = difflib.get_close_matches(invalid.group(1), commands, n=1, cutoff=0.6)
        return f"; did you mean {close[0]}?" if close else ""
    if not message.startswith("unrecognized arguments:"):
        return ""
    known = [s for action in parser._actions for s in action.option_strings if s.startswith("--")]
    for word in message.split(":", 1)[1].split():
        option = word.split("=", 1)[0]
        if option.startswith("--"):
            near = nearest(option, known)  # the rule a structure id is matched by too
            if near:
                return f"; did you mean {near}? (options are never abbreviated)"
    return ""


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named in ``argv``: its first word that is not an option."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def _plugins() -> dict[str, object]:
    """Commands registered by installed distributions (entry points), by name."""
    import importlib.metadata

    return {ep.name: ep for ep in importlib.metadata.entry_points(group=COMMAND_GROUP)}


def _load_plugin(entry_point: Any) -> Register:
    """Load a plugin command's ``register``; a missing optional dependency is one clear line.

    ``entry_point``: what ``importlib.metadata.entry_points`` gave, an ``EntryPoint`` of the
    standard library or, once a package has installed the ``importlib_metadata`` backport's
    finder (Dask's dependencies do), of the backport: both have ``name`` and ``load()``."""
    try:
        register: Register = entry_point.load()
    except ModuleNotFoundError as exc:
        raise missing_extra(f"lexibench {entry_point.name}", exc) from None
    return register


def _summary(register: Register) -> str:
    return _summary_of(sys.modules[register.__module__].__doc__)


def _summary_of(doc: str | None) -> str:
    """A command module's summary: its docstring's first line after the command's name
    (``"``lexibench solve``: solve a board..."``)."""
    return doc.split(":", 1)[-1].strip().splitlines()[0].rstrip(".") if doc else ""


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser, with the options of the command named in ``argv`` (every command's summary;
    only the chosen command's module is imported)."""
    chosen = _chosen(argv)
    parser = _Parser(
        prog="lexibench",
        description="Word-game solvers over pluggable lexicon structures, and their benchmarks.",
        allow_abbrev=False,
    )
    parser.argv = list(argv)
    from lexibench.solver.games.registry import command_games

    of_games = command_games()
    builtin = TOOLS.keys() | of_games.keys()
    parser.add_argument("--version", action="version", version=f"lexibench {__version__}")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Parser
    )
    wants_help = chosen is None and any(arg in ("-h", "--help") for arg in argv)
    plugins = _plugins() if (chosen is not None and chosen not in builtin) or wants_help else {}
    for name in sorted(builtin | plugins.keys()):
        register: Register | None = None
        if name in TOOLS:
            summary = TOOLS[name][1]
            if name == chosen:
                register = _register_tool(name)
        elif name in of_games:
            summary = ""
            if name == chosen or wants_help:
                register, summary = _register_game_command(of_games[name], name)
        else:
            summary = ""
            if name == chosen or wants_help:
                try:
                    register = _load_plugin(plugins[name])
                    summary = _summary(register)
                except MissingExtraError as exc:
                    if name == chosen:
                        raise
                    summary = str(exc)
        sub = subparsers.add_parser(
            name, help=summary or None, description=summary or None, allow_abbrev=False
        )
        if register is not None and name == chosen:
            register(sub)
            parser.command_parser = sub
    return parser


def _debug() -> bool:
    return bool(os.environ.get("LEXIBENCH_DEBUG"))


def _run(args_list: list[str]) -> int:
    runtime.phase("start-up")
    try:
        parser = build_parser(args_list)
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        sys.stdout.flush()  # here, where a fault can be reported, not at exit
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    runtime.phase("imports")
    status: int = args.run(args)
    runtime.SIGNALS.raise_pending()  # a signal whose exception Python dropped (see runtime)
    runtime.phase("output")
    runtime.write_phases()
    return status


def _failure(exc: BaseException) -> int:
    """Report the exception that ended the command in one line; its exit status."""
    if isinstance(exc, InputError | LexiconError):
        runtime.say(f"lexibench: error: {exc}")
        return runtime.EXIT_USAGE
    if isinstance(exc, Fault | OSError):
        output = exc if isinstance(exc, Fault) else runtime.OutputError(str(exc))
        runtime.silence_stdout()
        if output.closed_pipe:  # `lexibench random ... | head`: the reader has what it wanted
            return runtime.EXIT_PIPE
        runtime.say(f"lexibench: error: {output}")
        return runtime.EXIT_FAULT
    if isinstance(exc, MemoryError):
        runtime.say(
            "lexibench: error: out of memory (a smaller word list, board or --jobs may fit)"
        )
        return runtime.EXIT_FAULT
    if isinstance(exc, runtime.Interrupted | KeyboardInterrupt):
        signum = exc.signum if isinstance(exc, runtime.Interrupted) else signal.SIGINT
        runtime.say(runtime.signal_line(signum))
        return runtime.EXIT_SIGNAL_BASE + signum
    if not isinstance(exc, Exception):  # SystemExit, GeneratorExit: not a failure of ours
        raise exc
    if _debug():  # a bug: still one line, with the way to the details
        import traceback  # (here: start-up never needs it)

        traceback.print_exception(exc)
    runtime.say(
        f"lexibench: internal error: {describe(exc)} (LEXIBENCH_DEBUG=1 shows the traceback)"
    )
    return runtime.EXIT_FAULT


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see :mod:`solver.cli.runtime`).

    Every failure is one line on standard error, never a traceback (``LEXIBENCH_DEBUG=1``
    prints the traceback of an internal error as well).
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not runtime.stdout_open():
        runtime.say("lexibench: error: standard output is closed; nothing would be seen")
        return runtime.EXIT_FAULT
    main_thread = threading.current_thread() is threading.main_thread()
    previous = {sig: signal.getsignal(sig) for sig in runtime.HANDLED}
    if main_thread:
        runtime.install_signal_handlers()
    try:
        if main_thread:  # held off since start-up (lexibench.console): one that came is raised
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
        status = _run(args_list)
        # The outcome is decided: a signal now changes nothing. This is set before the try is
        # left, with no call in between, so a handler that runs after (at the first call of the
        # finally) cannot raise where nothing catches it.
        runtime.SIGNALS.done = True
        return status
    except BaseException as exc:
        runtime.SIGNALS.done = True  # likewise, before any call
        return _failure(exc)
    finally:
        if main_thread and argv is None:  # the lexibench process: it exits with this status
            runtime.SIGNALS.finish()  # even if a signal arrives meanwhile
        elif main_thread:  # called from Python: its own handlers again
            runtime.SIGNALS.restore(previous)
