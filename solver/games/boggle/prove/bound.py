"""What the tree bound of a board class reports (:class:`TreeRun`), and what each of its tiers
is (:class:`TreeBound`): :mod:`.tree` picks a tier, :mod:`.step` is the interpreted one.

Below both, so that neither imports the other for them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from lexibench.solver.games.boggle.board import neighbours
from lexibench.solver.games.boggle.prove.plan import ProofPlan

Cells = tuple[str, ...]
"""A class: cell ``i`` may hold any letter of ``cells[i]``."""
#: Asked now and then during a class: True to stop it.
Stop = Callable[[], bool]
#: Takes ``count`` candidates' letters (each the board's cells' letter indices, end to end).
Flush = Callable[[bytes, int], object]


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
    """Calls of the search and forcings of a cell by merging (0 when the bound is below the
    target)."""
    candidates: tuple[tuple[int, bytes], ...]
    """``(bound, letters)`` for each board whose bound reaches the target (``letters``: per
    cell the index of its letter in the class's letters for the cell), but those handed to
    ``flush`` on the way."""
    flushed: int = 0
    """Boards whose bound reaches the target handed to ``flush`` during the run, each time
    the plan's ``max_candidates`` were held (not in :attr:`candidates`)."""

    @property
    def nodes(self) -> int:
        """Nodes of the tree."""
        return self.sum_nodes + self.choice_nodes


class TreeBound(ABC):
    """Runs the tree bound of one proof plan's classes, one class at a time (see
    :meth:`.tree_search.TreeProver.run`), on the plan's board (``nbrs``: its neighbours)."""

    def __init__(self, plan: ProofPlan) -> None:
        self.plan = plan
        self.nbrs = neighbours(plan.rows, plan.cols)

    @abstractmethod
    def run(
        self, cells: Cells, stop: Stop | None = None, flush: Flush | None = None
    ) -> TreeRun | None:
        """The class ``cells`` on the plan's board against its target; None when ``stop()``
        said to stop first. With ``flush``, the candidates are handed to it in batches whenever
        the plan's ``max_candidates`` are held (:data:`Flush`); without, more than that many
        raise :class:`InputError`."""
