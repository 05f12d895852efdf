"""Running a game's puzzle on every structure of the registry at every tier it offers there."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from lexibench import structures
from lexibench.solver.games.registry import game
from lexibench.solver.tiers import offered


def every_answer(name: str, words: Sequence[str], puzzle: Any) -> dict[str, Hashable]:
    """``"structure/tier" -> key`` of the answer of game ``name`` to ``puzzle``, for every
    offered structure built from ``words`` and every tier the game offers on it."""
    played = game(name)
    found: dict[str, Hashable] = {}
    for structure in structures.registry.offered_structures():
        built = structures.build_structure(structure, words)
        for tier in offered(played.tiers, built):
            found[f"{structure}/{tier}"] = played.key(played.solver(built, tier)(puzzle))
    return found


def disagreeing(name: str, words: Sequence[str], puzzle: Any) -> list[str]:
    """The structures and tiers whose answer differs from the brute-force reference's."""
    played = game(name)
    expected = played.key(played.reference(words)(puzzle))
    return [where for where, got in every_answer(name, words, puzzle).items() if got != expected]
