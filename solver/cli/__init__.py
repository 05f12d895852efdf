"""The ``lexibench`` command line.

Subcommands live one per module in this package. Other layers add subcommands through the
entry-point group ``lexibench.commands`` (``name = "module:register"``, where ``register(parser)``
fills in an ``argparse`` sub-parser and sets its ``run`` default), which is how the benchmark
layer contributes ``lexibench tables`` without the solver importing it.

Every error a user can cause is reported as one line on stderr, ``lexibench: error: ...``, with
exit status 2 and nothing on stdout.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from solver.cli import backends_cmd, letterboxed_cmd, random_cmd, solve_cmd
from solver.errors import InputError
from structures import LexiconError

COMMAND_GROUP = "lexibench.commands"
EXIT_USAGE = 2

Register = Callable[[argparse.ArgumentParser], None]


def _builtin_commands() -> dict[str, tuple[str, Register]]:
    return {
        "backends": (
            "list the lexicon backends, their versions and availability",
            backends_cmd.register,
        ),
        "letterboxed": ("solve a Letter Boxed puzzle", letterboxed_cmd.register),
        "random": ("print seeded random boards, one per line", random_cmd.register),
        "solve": ("solve a Boggle-style board (or a file of boards)", solve_cmd.register),
    }


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line (no usage dump) with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The full parser, plugin commands included."""
    parser = _Parser(
        prog="lexibench",
        description="Word-game solvers over pluggable lexicon structures, and their benchmarks.",
    )
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Parser
    )
    commands = _builtin_commands()
    for ep in importlib.metadata.entry_points(group=COMMAND_GROUP):
        if ep.name not in commands:
            register = ep.load()
            module_doc = sys.modules[register.__module__].__doc__ or ""
            summary = module_doc.split(":", 1)[-1].strip().splitlines()[0] if module_doc else ""
            commands[ep.name] = (summary.rstrip("."), register)
    for name in sorted(commands):
        help_text, register = commands[name]
        sub = subparsers.add_parser(name, help=help_text or None, description=help_text or None)
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
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
