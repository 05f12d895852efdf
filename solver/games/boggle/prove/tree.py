"""The tree bound of a board class, at either tier: compiled over array-trie's array, or
interpreted over any backend that steps.

``native``
    :mod:`.native` (Cython, compiled on install) walks the node array of a lexicon that hands
    one out (``node_array()``, array-trie's layout). Unavailable when the module was not
    compiled (an install with ``LEXIBENCH_NO_COMPILE=1``; :data:`NATIVE_UNAVAILABLE` says why)
    or the backend has no such array.
``step``
    :mod:`.step`, the same stages in Python over ``root``/``child``/``is_terminal``.

Both give the same :class:`TreeRun` for the same class; ``auto`` takes the native tier where it
can.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from lexibench.solver.tiers import Tier
from lexibench.structures import Lexicon
from lexibench.structures.builds import compiled

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.prove import native

_NATIVE = compiled("lexibench.solver.games.boggle.prove.native")
NATIVE_UNAVAILABLE: str | None = _NATIVE.missing
"""Why the compiled bound cannot be imported, or None when it can."""
TreeProver: type[native.TreeProver] = _NATIVE.get("TreeProver")


@dataclass(frozen=True)
class TreeRun:
    """What the tree bound did for one class."""

    paths: int
    """Records: every path of the class spelling a word (a word once per path)."""
    distinct: int
    """Records left once a word on the same cells and letters counts once."""
    sum_nodes: int
    choice_nodes: int
    bound: int
    """The tree's bound: no board of the class scores more."""
    steps: int
    """Calls of the search (0 when the bound is below the target)."""
    candidates: tuple[tuple[int, bytes], ...]
    """``(bound, letters)`` for each board whose bound reaches the target (``letters``: per
    cell the index of its letter in the class's letters for the cell)."""

    @property
    def nodes(self) -> int:
        """Nodes of the tree."""
        return self.sum_nodes + self.choice_nodes


class TreeBound(Protocol):
    """Runs the tree bound of one class at a time (see :meth:`.native.TreeProver.run`)."""

    def run(
        self,
        cells: tuple[str, ...],
        nbrs: tuple[tuple[int, ...], ...],
        order: tuple[int, ...],
        target: int,
        max_candidates: int = ...,
        stop: Callable[[], bool] | None = None,
    ) -> TreeRun | None:
        """The class whose cell ``i`` may hold any letter of ``cells[i]``; None when stopped."""
        ...


class NativeTree:
    """:class:`.native.TreeProver` behind the :class:`TreeBound` interface."""

    def __init__(self, nodes: memoryview, weights: Sequence[int], min_length: int) -> None:
        self.prover = TreeProver(nodes, tuple(weights), min_length)

    def run(
        self,
        cells: tuple[str, ...],
        nbrs: tuple[tuple[int, ...], ...],
        order: tuple[int, ...],
        target: int,
        max_candidates: int = 1_000_000,
        stop: Callable[[], bool] | None = None,
    ) -> TreeRun | None:
        letters = tuple(cell.encode("ascii") for cell in cells)
        found = self.prover.run(letters, nbrs, order, target, max_candidates, stop)
        if found is None:
            return None
        paths, distinct, sums, choices, bound, steps, candidates = found
        return TreeRun(paths, distinct, sums, choices, bound, steps, tuple(candidates))


def native_build() -> str:
    """``"cython"`` when the compiled bound is in use, ``"interpreted"`` when it is not
    compiled; :class:`~lexibench.structures.errors.StaleBuildError` when it was compiled from
    another source than the one beside it."""
    return _NATIVE.build()


def tree_bound(lexicon: Lexicon, tier: Tier, weights: Sequence[int], min_length: int) -> TreeBound:
    """The tree bound over ``lexicon`` at ``tier`` (one :data:`.tiers.TIERS` offers on it)."""
    if tier is Tier.NATIVE:
        nodes: memoryview = lexicon.node_array()  # type: ignore[attr-defined]
        return NativeTree(nodes, weights, min_length)
    from lexibench.solver.games.boggle.prove.step import StepTree

    return StepTree(lexicon, weights, min_length)  # type: ignore[arg-type]
