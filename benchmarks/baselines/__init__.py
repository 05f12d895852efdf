"""Baselines: solvers that are no structure of the registry, timed beside the structures.

Each game's brute-force filter (its reference) is timed by the games suite for every game; the
solvers listed in :data:`BASELINES` are timed beside a game's structures too (the plain-Python
solver of the published Boggle articles, :mod:`.reference_solver`). A baseline is built from the
game's word list and answers a puzzle with its score, which must be the reference's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple


class Baseline(NamedTuple):
    """A solver timed beside a game's structures: ``build(words)`` gives ``solve(puzzle) ->
    score``."""

    name: str
    build: Callable[[Sequence[str]], Callable[[Any], int]]


def _plain_python(words: Sequence[str]) -> Callable[[Any], int]:
    from lexibench.benchmarks.baselines.reference_solver import build_trie, solve
    from lexibench.solver.games.boggle.rules import total

    trie = build_trie(tuple(words))

    def score(board: Any) -> int:
        return total(list(solve(board.cells, board.neighbours(), trie)))

    return score


#: The baselines of each game, by game id.
BASELINES: Mapping[str, tuple[Baseline, ...]] = MappingProxyType(
    {"boggle": (Baseline("plain-python", _plain_python),)}
)
