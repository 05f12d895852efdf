"""The one table of games: add a game with a package under ``solver/games/`` and one line here.

Each entry is ``id -> Entry("module:Class", commands)``: the class meeting
:class:`~lexibench.solver.games.protocol.Game`, and the names of its ``lexibench`` subcommands.
Command ``NAME`` is the module ``NAME_cmd`` of the game's package, whose ``register(parser)`` adds
its options and whose docstring's first line is its summary, so the command line finds a command
without importing any game. Kept sorted by id. A game is imported when first asked for; the
command line, the benchmark harness, the report and the tests all iterate over
:func:`game_names`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from lexibench.solver.errors import InputError

if TYPE_CHECKING:
    from lexibench.solver.games.protocol import Game


class Entry(NamedTuple):
    """Where a game's declaration lives, and the subcommands it adds."""

    target: str
    """``"module:Class"``."""
    commands: tuple[str, ...]
    """The names of its subcommands (each the module ``<name>_cmd`` of the game's package)."""


#: Every game, by id. Add one: a package in ``solver/games/`` and one line here.
GAMES: Mapping[str, Entry] = MappingProxyType(
    {
        "anagram": Entry("lexibench.solver.games.anagram.game:Anagram", ("anagram",)),
        "boggle": Entry(
            "lexibench.solver.games.boggle.game:Boggle", ("best", "prove", "random", "solve")
        ),
        "crossword": Entry(
            "lexibench.solver.games.crossword.game:Crossword", ("moves", "selfplay")
        ),
        "letterboxed": Entry(
            "lexibench.solver.games.letterboxed.game:LetterBoxed", ("letterboxed",)
        ),
        "pattern": Entry("lexibench.solver.games.pattern.game:CrosswordPattern", ("pattern",)),
        "spellingbee": Entry(
            "lexibench.solver.games.spellingbee.game:SpellingBee", ("spellingbee",)
        ),
        "wordle": Entry("lexibench.solver.games.wordle.game:Wordle", ("wordle",)),
    }
)


def game_names() -> list[str]:
    """Every game's id, sorted."""
    return sorted(GAMES)


@cache
def game(name: str) -> Game[Any, Any]:
    """The game ``name``, imported on first use; an unknown id is an :class:`InputError`."""
    if name not in GAMES:
        raise InputError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    module, _, attr = GAMES[name].target.partition(":")
    found: Game[Any, Any] = getattr(importlib.import_module(module), attr)()
    return found


def command_games() -> dict[str, str]:
    """Which game each game subcommand belongs to: ``command -> game id`` (no game imported)."""
    found: dict[str, str] = {}
    for name in game_names():
        for command in GAMES[name].commands:
            if command in found:
                raise RuntimeError(f"games {found[command]} and {name} both define {command}")
            found[command] = name
    return found


def command_module(name: str) -> str:
    """The module of the game subcommand ``name``: ``<the game's package>.<name>_cmd``."""
    target = GAMES[command_games()[name]].target
    package = target.partition(":")[0].rpartition(".")[0]
    return f"{package}.{name}_cmd"
