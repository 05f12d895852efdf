"""The one path from a command's options to an answer: plan, puzzle, structure, search, report.

Every game's puzzle command runs :func:`answer` (its :attr:`~.command.Command.run` is None), all
through :class:`~lexibench.solver.games.Game`: the plan is resolved once (structure, tier,
variant, word list: every check before any word list is read), the game makes the puzzle from
the options, the structure is opened, the game's search bound to the plan's tier answers the
puzzle, and the game renders the answer. A caller in Python with a structure at hand asks
:func:`solve`.
"""

from __future__ import annotations

import sys
from typing import Any, TypeVar

from lexibench.solver.errors import InputError
from lexibench.solver.games.call import Call, Report
from lexibench.solver.games.command import Options
from lexibench.solver.games.protocol import Context, Game
from lexibench.solver.tiers import Tier, resolve
from lexibench.structures import Structure, class_of

P = TypeVar("P")
A = TypeVar("A")


def check_stdin(call: Call) -> None:
    """Refuse two options that would both read standard input (``-``)."""
    readers = [
        option.stdin
        for option in call.command.own()
        if option.stdin and call.options.get(option.dest) == "-"
    ]
    if call.request is not None and call.request.wordlist == "-":
        readers.append("--wordlist")
    if len(readers) > 1:
        raise InputError(f"standard input can feed only one of {' and '.join(readers)}")


def stdin_line(what: str, several: str | None = None) -> str:
    """The one line standard input holds (``what``: ``board``, for errors; ``several``: the
    option that reads many from it, for the hint)."""
    if sys.stdin is None:
        raise InputError(f"{what} from standard input: standard input is closed")
    lines = [line for line in sys.stdin.read().split("\n") if line.strip()]
    if len(lines) != 1:
        hint = f" (use {several} - for several {what}s)" if several else ""
        raise InputError(f"{what} from standard input: expected one line, got {len(lines)}{hint}")
    return lines[0].removesuffix("\r").removeprefix("\ufeff")


def read_stdin(call: Call, options: Options) -> dict[str, Any]:
    """``options`` with the puzzle read from standard input where its value is ``-``."""
    read = dict(options)
    own = call.command.own()
    several = next((o.stdin for o in own if o.stdin and o.stdin.startswith("--")), None)
    for option in own:
        if option.stdin and option.stdin.startswith("the ") and read.get(option.dest) == "-":
            read[option.dest] = stdin_line(option.stdin.removeprefix("the "), several)
    return read


def answer(call: Call) -> Report:
    """Answer the puzzle ``call``'s options describe (see the module docstring)."""
    game = call.game
    check_stdin(call)
    plan = call.plan()
    options = read_stdin(call, {**call.options, "min_length": plan.rules.min_length})
    puzzle = game.puzzle(options)
    for note in game.notes(puzzle):
        call.session.note(f"warning: {note}")
    opened = call.open(plan)
    found = game.solver(opened.structure, plan.tier, plan.variant, options)(puzzle)
    call.session.phase("search")
    context = Context(plan.structure, plan.tier, plan.variant, opened.wordlist, options)
    return Report(
        lambda: game.to_json(puzzle, found, context), lambda: game.to_text(puzzle, found, context)
    )


def solve(game: Game[P, A], puzzle: P, structure: Structure, tier: Tier | str = Tier.AUTO) -> A:
    """``game``'s answer to ``puzzle`` in ``structure`` at ``tier`` (``auto``: the fastest the
    structure offers); a structure the game cannot serve, or a tier it does not offer there, is
    one :class:`InputError`."""
    chosen = resolve(game.tiers, structure, tier, class_of(structure).__name__, game.title)
    return game.solver(structure, chosen)(puzzle)
