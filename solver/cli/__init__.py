"""The ``lexibench`` command line.

Subcommands live one per module in this package and are imported only when they run: starting
``lexibench random`` imports the board and dice code, not the lexicon libraries, and no command
imports the benchmark layer unless it is the one that runs. Other layers add subcommands through
the entry-point group ``lexibench.commands`` (``name = "module:register"``, where
``register(parser)`` fills in an ``argparse`` sub-parser and sets its ``run`` default); that is how
the benchmark layer contributes ``lexibench tables`` without the solver importing it. Installed
entry points are scanned only for a command that is not built in, or for ``--help``.

Every error a user can cause is reported as one line on stderr, ``lexibench: error: ...``, with
exit status 2 and nothing on stdout.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from solver import __version__
from solver.errors import InputError, MissingExtraError, missing_extra
from structures.errors import LexiconError

COMMAND_GROUP = "lexibench.commands"
EXIT_USAGE = 2

Register = Callable[[argparse.ArgumentParser], None]

#: Built-in commands: name -> (module, one-line summary).
COMMANDS: dict[str, tuple[str, str]] = {
    "backends": (
        "solver.cli.backends_cmd",
        "list the lexicon backends, their versions and availability",
    ),
    "build": ("solver.cli.build_cmd", "build a lexicon from a word list and save it to a file"),
    "cache": ("solver.cli.cache_cmd", "show or clear the cache of built lexicons"),
    "letterboxed": ("solver.cli.letterboxed_cmd", "solve a Letter Boxed puzzle"),
    "random": ("solver.cli.random_cmd", "print seeded random boards, one per line"),
    "solve": ("solver.cli.solve_cmd", "solve a Boggle-style board (or a file of boards)"),
}


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, ``lexibench: error: ...``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("lexibench").strip()
        see = f"lexibench {command} --help" if command else "lexibench --help"
        self.exit(EXIT_USAGE, f"lexibench: error: {message} (see {see})\n")


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named in ``argv``: its first word that is not an option."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def _plugins() -> dict[str, object]:
    """Commands registered by installed distributions (entry points), by name."""
    import importlib.metadata

    return {ep.name: ep for ep in importlib.metadata.entry_points(group=COMMAND_GROUP)}


def _load_plugin(entry_point: object) -> Register:
    """Load a plugin command's ``register``; a missing optional dependency is one clear line."""
    import importlib.metadata

    assert isinstance(entry_point, importlib.metadata.EntryPoint)
    try:
        register: Register = entry_point.load()
    except ModuleNotFoundError as exc:
        raise missing_extra(f"lexibench {entry_point.name}", exc) from None
    return register


def _summary(register: Register) -> str:
    doc = sys.modules[register.__module__].__doc__ or ""
    return doc.split(":", 1)[-1].strip().splitlines()[0].rstrip(".") if doc else ""


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser, with the options of the command named in ``argv`` (every command's summary;
    only the chosen command's module is imported)."""
    chosen = _chosen(argv)
    parser = _Parser(
        prog="lexibench",
        description="Word-game solvers over pluggable lexicon structures, and their benchmarks.",
    )
    parser.add_argument("--version", action="version", version=f"lexibench {__version__}")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Parser
    )
    wants_help = chosen is None and any(arg in ("-h", "--help") for arg in argv)
    plugins = _plugins() if (chosen is not None and chosen not in COMMANDS) or wants_help else {}
    for name in sorted(COMMANDS.keys() | plugins.keys()):
        register: Register | None = None
        if name in COMMANDS:
            module, summary = COMMANDS[name]
            if name == chosen:
                register = importlib.import_module(module).register
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
        sub = subparsers.add_parser(name, help=summary or None, description=summary or None)
        if register is not None and name == chosen:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser(args_list)
        args = parser.parse_args(args_list)
        status: int = args.run(args)
    except (InputError, LexiconError) as exc:
        print(f"lexibench: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `lexibench random ... | head`: stop quietly
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("lexibench: interrupted", file=sys.stderr)
        return 130
    return status
