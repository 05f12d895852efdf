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

from solver.cli import backends_cmd
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
    }


def build_parser() -> argparse.ArgumentParser:
    """The full parser, plugin commands included."""
    parser = argparse.ArgumentParser(
        prog="lexibench",
        description="Word-game solvers over pluggable lexicon structures, and their benchmarks.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands = _builtin_commands()
    for ep in importlib.metadata.entry_points(group=COMMAND_GROUP):
        if ep.name not in commands:
            commands[ep.name] = ("", ep.load())
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
