"""The tree bound of a board class, at either tier: compiled over array-trie's array, or
interpreted over any backend that steps.

``native``
    :mod:`.native` (Cython, compiled on install) walks the node array of a lexicon that hands
    one out (``node_array()``, array-trie's layout). Unavailable when the module was not
    compiled (an install with ``LEXIBENCH_NO_COMPILE=1``; :data:`NATIVE_UNAVAILABLE` says why)
    or the backend has no such array.
``step``
    :mod:`.step`, the same stages in Python over ``root``/``child``/``is_terminal``.

Both give the same :class:`~.bound.TreeRun` for the same class; ``auto`` takes the native tier
where it can.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import neighbours
from lexibench.solver.games.boggle.prove.bound import TreeBound, TreeRun
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.step import StepTree
from lexibench.solver.tiers import Tier, resolve_tier
from lexibench.structures import Lexicon, can_step, class_of
from lexibench.structures.builds import stale_reason

NATIVE_UNAVAILABLE: str | None
"""Why the compiled bound cannot be imported, or None when it can."""

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.prove.native import TreeProver
else:
    try:
        from lexibench.solver.games.boggle.prove.native import TreeProver

        NATIVE_UNAVAILABLE = None
    except ImportError as exc:
        TreeProver = None
        NATIVE_UNAVAILABLE = (
            f"lexibench.solver.games.boggle.prove.native is not compiled ({exc}); "
            "reinstall lexibench without LEXIBENCH_NO_COMPILE"
        )


class NativeTree:
    """:class:`.native.TreeProver` behind the :class:`~.bound.TreeBound` interface."""

    def __init__(self, nodes: memoryview, plan: ProofPlan) -> None:
        self.prover = TreeProver(nodes, plan.weights, plan.min_length)
        self.plan = plan
        self.nbrs = neighbours(plan.rows, plan.cols)

    def run(self, cells: tuple[str, ...], stop: Callable[[], bool] | None = None) -> TreeRun | None:
        plan = self.plan
        letters = tuple(cell.encode("ascii") for cell in cells)
        found = self.prover.run(
            letters, self.nbrs, plan.order, plan.target, plan.max_candidates, stop
        )
        if found is None:
            return None
        paths, distinct, sums, choices, bound, steps, candidates = found
        return TreeRun(paths, distinct, sums, choices, bound, steps, tuple(candidates))


def has_node_array(lexicon: Lexicon | type) -> bool:
    """True when the lexicon (or its class) hands out array-trie's node array."""
    return callable(getattr(class_of(lexicon), "node_array", None))


def native_build() -> str:
    """``"cython"`` when the compiled bound is in use, ``"interpreted"`` when it is not
    compiled; :class:`InputError` when it was compiled from another source than the one beside
    it."""
    if NATIVE_UNAVAILABLE is not None:
        return "interpreted"
    from lexibench.solver.games.boggle.prove import native

    reason = stale_reason(Path(str(native.__file__)).with_name("native.pyx"))
    if reason:
        raise InputError(reason)
    return "cython"


def tiers(lexicon: Lexicon | type) -> tuple[Tier, ...]:
    """The tiers the tree bound offers on ``lexicon`` (an instance or a backend's class)."""
    offered = []
    if can_step(lexicon):
        offered.append(Tier.STEP)
    if NATIVE_UNAVAILABLE is None and has_node_array(lexicon):
        offered.append(Tier.NATIVE)
    return tuple(offered)


def resolve(lexicon: Lexicon | type, tier: Tier | str, name: str) -> Tier:
    """The tier a proof runs on ``lexicon`` (``auto``: native where offered); a tier it lacks,
    or a lexicon with neither, is one line."""
    offered = tiers(lexicon)
    if not offered:
        raise InputError(
            f"lexicon {name}: a proof walks the lexicon node by node, and this backend cannot "
            "step (choose one that can: see `lexibench backends`)"
        )
    if Tier(tier) is Tier.STRING:
        raise InputError("a proof has no string tier: it walks the lexicon node by node")
    why = NATIVE_UNAVAILABLE or (
        None if has_node_array(lexicon) else "only array-trie's array is walked in C"
    )
    return resolve_tier(offered, tier, name, why)


def tree_bound(lexicon: Lexicon, tier: Tier, plan: ProofPlan) -> TreeBound:
    """The tree bound of ``plan``'s classes over ``lexicon`` at ``tier`` (one of :func:`tiers`)."""
    if tier is Tier.NATIVE:
        nodes: memoryview = lexicon.node_array()  # type: ignore[attr-defined]
        return NativeTree(nodes, plan)
    return StepTree(lexicon, plan)  # type: ignore[arg-type]
