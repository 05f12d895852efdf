"""The games: each a package (its puzzle and parser, seeded workloads, its search at each tier, a
brute-force reference, scoring, renderers and commands) behind one seam, :class:`Game`, and listed
in one registry, :data:`~lexibench.solver.games.registry.GAMES`."""

from lexibench.solver.games.protocol import Command, Game, Solver, Workload
from lexibench.solver.games.registry import GAMES, commands, game, game_names

__all__ = ["GAMES", "Command", "Game", "Solver", "Workload", "commands", "game", "game_names"]
