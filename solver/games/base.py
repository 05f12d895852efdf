"""What every game declares alike, written once: the part of
:class:`~lexibench.solver.games.Game` a game inherits from :class:`GameBase` instead of
declaring it again.

:class:`GameBase` gives a game of one lexicon variant (the words themselves: :attr:`variants`,
:meth:`lexicon_words`; a game with more overrides both) that asks no query kind (:attr:`queries`;
a query game names its own), and :meth:`~GameBase.solver` with the protocol's defaults, which
hands every argument to the game's own :meth:`~GameBase.bind`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from lexibench.solver.games.command import Options
from lexibench.solver.games.protocol import NO_OPTIONS, Solver
from lexibench.solver.tiers import Tier
from lexibench.structures import Structure

P = TypeVar("P")
A = TypeVar("A")


class GameBase(ABC, Generic[P, A]):
    """A game's defaults (see the module docstring); ``GAME: Game[P, A]`` still has mypy hold
    each game against the protocol."""

    variants: tuple[str, ...] = ("words",)

    @property
    def queries(self) -> tuple[str, ...]:
        """No query kind: a game of words and prefixes alone."""
        return ()

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves (the one variant)."""
        return words

    def notes(self, puzzle: P) -> tuple[str, ...]:
        """Nothing to tell of a puzzle that parsed."""
        return ()

    def solver(
        self,
        structure: Structure,
        tier: Tier,
        variant: str = "words",
        options: Options = NO_OPTIONS,
    ) -> Solver[P, A]:
        """The game's search bound to ``structure`` (built as ``variant``) and ``tier``, with
        ``options`` (:meth:`bind`)."""
        return self.bind(structure, tier, variant, options)

    @abstractmethod
    def bind(
        self, structure: Structure, tier: Tier, variant: str, options: Options
    ) -> Solver[P, A]:
        """The search :meth:`solver` returns, every argument given: each game's own."""
