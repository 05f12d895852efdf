"""The one table of games: add a game with a package under ``solver/games/`` and one line here.

Each entry is ``id -> Entry("module:GAME", commands)``: the game, declared in its package's
``game.py`` as ``GAME: Game[Puzzle, Answer] = TheGame()`` (a query game's ``= QueryGame(...)``:
:mod:`lexibench.solver.games.query`), so the type checker holds every game against
:class:`~lexibench.solver.games.protocol.Game`, and the names of its ``lexibench``
subcommands (declared as data in :attr:`~lexibench.solver.games.protocol.Game.commands`), so the
command line knows which game a command belongs to without importing any game. Kept sorted by
id. A game is imported when first asked for; the command line, the benchmark harness, the report
and the tests all iterate over :func:`game_names`.
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
    """``"module:GAME"``: where the game is declared."""
    commands: tuple[str, ...]
    """The names of its subcommands (:attr:`~lexibench.solver.games.protocol.Game.commands`)."""


#: Every game, by id. Add one: a package in ``solver/games/`` and one line here.
GAMES: Mapping[str, Entry] = MappingProxyType(
    {
        "anagram": Entry("lexibench.solver.games.anagram.game:GAME", ("anagram",)),
        "boggle": Entry(
            "lexibench.solver.games.boggle.game:GAME", ("best", "prove", "random", "solve")
        ),
        "crossword": Entry(
            "lexibench.solver.games.crossword.game:GAME", ("moves", "selfplay", "leaves", "sim")
        ),
        "letterboxed": Entry("lexibench.solver.games.letterboxed.game:GAME", ("letterboxed",)),
        "pattern": Entry("lexibench.solver.games.pattern.game:GAME", ("pattern",)),
        "search": Entry("lexibench.solver.games.search.game:GAME", ("search",)),
        "spellingbee": Entry("lexibench.solver.games.spellingbee.game:GAME", ("spellingbee",)),
        "wordle": Entry("lexibench.solver.games.wordle.game:GAME", ("wordle",)),
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
    found: Game[Any, Any] = getattr(importlib.import_module(module), attr)
    declared = sorted(command.name for command in found.commands)
    if declared != sorted(GAMES[name].commands):
        raise RuntimeError(f"game {name}: its commands are {declared}, its registry line's not")
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
