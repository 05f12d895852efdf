"""The one table of games: add a game with a package under ``solver/games/`` and one line here.

Each entry is ``id -> "module:Class"`` (the class meeting :class:`~lexibench.solver.games.Game`),
kept sorted by id. A game is imported when first asked for; the command line, the benchmark
harness, the report and the tests all iterate over :func:`game_names`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from lexibench.solver.errors import InputError
from lexibench.solver.games.protocol import Command, Game

#: Every game, by id. Add one: a package in ``solver/games/`` and one line here.
GAMES: Mapping[str, str] = MappingProxyType(
    {
        "boggle": "lexibench.solver.games.boggle.game:Boggle",
        "letterboxed": "lexibench.solver.games.letterboxed.game:LetterBoxed",
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
    module, _, attr = GAMES[name].partition(":")
    found: Game[Any, Any] = getattr(importlib.import_module(module), attr)()
    return found


def commands() -> dict[str, tuple[str, Command]]:
    """Every game's subcommands: ``name -> (game id, command)``."""
    found: dict[str, tuple[str, Command]] = {}
    for name in game_names():
        for command, spec in game(name).commands.items():
            if command in found:
                raise RuntimeError(f"games {found[command][0]} and {name} both define {command}")
            found[command] = (name, spec)
    return found
