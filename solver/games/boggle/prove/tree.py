"""The tree bound of a board class, at either tier: compiled over array-trie's array, or
interpreted over any backend that steps.

``native``
    :mod:`.tree_search` (Cython, compiled on install) walks the node array of a lexicon that hands
    one out (``node_array()``, array-trie's layout). Unavailable when the module was not
    compiled (an install with ``LEXIBENCH_NO_COMPILE=1``; :data:`NATIVE_UNAVAILABLE` says why)
    or the backend has no such array.
``step``
    :mod:`.step`, the same stages in Python over ``root``/``child``/``is_terminal``.

Both give the same :class:`~.bound.TreeRun` for the same class; ``auto`` takes the native tier
where it can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexibench.solver.games.boggle.prove.bound import Cells, Flush, Stop, TreeBound, TreeRun
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.step import StepTree
from lexibench.solver.tiers import Tier
from lexibench.structures import Lexicon
from lexibench.structures.builds import compiled

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.prove import tree_search as native

_NATIVE = compiled("lexibench.solver.games.boggle.prove.tree_search")
NATIVE_UNAVAILABLE: str | None = _NATIVE.missing
"""Why the compiled bound cannot be imported, or None when it can."""
TreeProver: type[native.TreeProver] = _NATIVE.get("TreeProver")


class NativeTree(TreeBound):
    """:class:`.tree_search.TreeProver` behind the :class:`~.bound.TreeBound` interface."""

    def __init__(self, nodes: memoryview, plan: ProofPlan) -> None:
        super().__init__(plan)
        self.prover = TreeProver(nodes, plan.weights, plan.min_length)

    def run(
        self, cells: Cells, stop: Stop | None = None, flush: Flush | None = None
    ) -> TreeRun | None:
        """The compiled tree bound of the class, each cell's letters as bytes."""
        plan = self.plan
        letters = tuple(cell.encode("ascii") for cell in cells)
        found = self.prover.run(
            letters,
            self.nbrs,
            plan.order,
            plan.target,
            plan.max_candidates,
            stop,
            plan.switchover,
            plan.force_limit,
            flush=flush,
        )
        if found is None:
            return None
        paths, distinct, sums, choices, bound, steps, candidates, flushed = found
        return TreeRun(paths, distinct, sums, choices, bound, steps, tuple(candidates), flushed)


def native_build() -> str:
    """``"cython"`` when the compiled bound is in use, ``"interpreted"`` when it is not
    compiled; :class:`~lexibench.structures.errors.StaleBuildError` when it was compiled from
    another source than the one beside it."""
    return _NATIVE.build()


def build_text() -> str:
    """Which build of the native bound this process imported, as a proof's run records it:
    ``"cython, profile-guided"`` (compiled.toml's ``[profiled]``), ``"cython"`` (built plain)
    or ``"interpreted"`` (not compiled). The module as loaded: its sources on disk are not read
    again (:func:`native_build` checks them before a proof starts)."""
    if NATIVE_UNAVAILABLE is not None:
        return "interpreted"
    return "cython, profile-guided" if _NATIVE.get("PROFILE_GUIDED") else "cython"


def tree_bound(lexicon: Lexicon, tier: Tier, plan: ProofPlan) -> TreeBound:
    """The tree bound of ``plan``'s classes over ``lexicon`` at ``tier`` (one
    :data:`.tiers.TIERS` offers on it)."""
    if tier is Tier.NATIVE:
        nodes: memoryview = lexicon.node_array()  # type: ignore[attr-defined]
        return NativeTree(nodes, plan)
    return StepTree(lexicon, plan)  # type: ignore[arg-type]
