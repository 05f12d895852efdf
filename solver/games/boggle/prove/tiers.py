"""A proof's tiers, as data: it walks the lexicon node by node in Python (step, any lexicon that
steps), or array-trie's node array in compiled code (native, where :mod:`.tree_search` is compiled).
Importing this module imports neither walk."""

from __future__ import annotations

from typing import Final

from lexibench.solver.tiers import STEPS, Need, Tier, compiled_module


def _node_array(cls: type) -> bool:
    return callable(getattr(cls, "node_array", None))


#: A proof's tiers: it walks the lexicon node by node (step), or array-trie's array in compiled
#: code (native).
TIERS: Final = (
    (
        Tier.STEP,
        Need(
            STEPS.holds,
            "it cannot step, and a proof walks the lexicon node by node: see `lexibench "
            "backends` for one that can",
        ),
    ),
    (
        Tier.NATIVE,
        compiled_module("lexibench.solver.games.boggle.prove.tree_search")
        & Need(_node_array, "only array-trie's array is walked in C"),
    ),
)
