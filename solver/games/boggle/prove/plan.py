"""What a proof proves: the board's shape, the classes, the target and the scoring rules.

A :class:`ProofPlan` decides every class's outcome (with the word list): two runs of one plan
over one word list give the same outcomes, wherever their classes ran. A checkpoint records the
plan's :meth:`~ProofPlan.fingerprint` and is refused by a run of another plan.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.prove.classes import ClassSpace, split_order
from lexibench.solver.games.boggle.prove.partitions import Partition
from lexibench.solver.games.boggle.rules import POINTS_BY_LENGTH

#: The most boards of one class whose bound reaches the target that the tree search holds at
#: once: a proof re-scores them then and goes on (a 4x4 class at hybrid-boggle's target 3,500
#: has more than a million); a caller without a ``flush`` gets an error past it.
MAX_CANDIDATES: Final = 1_000_000
#: The version of the outcomes a plan gives: raise it when the bound or the search changes what
#: a class's record holds (:data:`SWITCHOVER` and :data:`SEARCHED_LAST` included: they decide the
#: steps), so an old checkpoint is refused.
ALGORITHM: Final = 2
#: A (sub)tree whose bound is above this multiple of the target is split by merging (forcing
#: its next cell, one smaller tree per letter) rather than searched: ``(numerator,
#: denominator)``. hybrid-boggle uses 1.7; here the search's per-letter bounds make searching
#: cheaper and merging dearer, and 2.5 measured fastest on seeded 3x4 classes.
SWITCHOVER: Final = (5, 2)
#: Cells left unforced at the deepest split: the last ones are always searched.
SEARCHED_LAST: Final = 4


@dataclass(frozen=True)
class ProofPlan:
    """Every board of R x C scoring at least ``target``, found by classes of ``partition``."""

    rows: int
    cols: int
    partition: Partition
    target: int
    min_length: int = 3
    weights: tuple[int, ...] = POINTS_BY_LENGTH
    order: tuple[int, ...] = field(default=())
    """The split order (default: :func:`~.classes.split_order`)."""
    max_candidates: int = MAX_CANDIDATES

    def __post_init__(self) -> None:
        if not self.order:
            object.__setattr__(self, "order", split_order(self.rows, self.cols))
        if self.target < 1:
            raise InputError(f"--target {self.target}: a proof needs a target of at least 1")

    @property
    def size(self) -> str:
        """``"RxC"``."""
        return f"{self.rows}x{self.cols}"

    @cached_property
    def space(self) -> ClassSpace:
        """The top-level classes."""
        return ClassSpace(self.rows, self.cols, self.partition.cell_buckets(self.rows, self.cols))

    @property
    def switchover(self) -> int:
        """A tree bound above which a class's next cell is forced by merging."""
        numerator, denominator = SWITCHOVER
        return self.target * numerator // denominator

    @property
    def force_limit(self) -> int:
        """Split positions below this may be forced; the rest are searched."""
        return max(0, self.rows * self.cols - SEARCHED_LAST)

    def fingerprint(self, wordlist_sha256: str) -> dict[str, Any]:
        """Everything that decides the outcomes, with the word list's hash (a checkpoint's
        header)."""
        return {
            "algorithm": ALGORITHM,
            "size": self.size,
            "partition": self.partition.text,
            "order": list(self.order),
            "target": self.target,
            "min_length": self.min_length,
            "weights": list(self.weights),
            "wordlist_sha256": wordlist_sha256,
        }
