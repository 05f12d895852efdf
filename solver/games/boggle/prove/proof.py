"""A whole proof: every canonical class's outcome gathered into the boards at or above the target.

:class:`ProofResult` is what ``lexibench prove`` prints: each board scoring at least the target
(each once, named by its canonical text), how the classes ended, and the CPU time. When every
canonical class is done, the list is complete: no board outside it reaches the target, so its
first board is the best there is (or, when it is empty, every board scores less). :func:`prove`
runs a proof in this process (the Python API; the command spreads classes over processes or a
Dask cluster and keeps a checkpoint).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from lexibench.solver.games.boggle.board import parse_board, parse_size
from lexibench.solver.games.boggle.prove.job import (
    OUTCOMES,
    ClassOutcome,
    prove_class,
    prove_state,
)
from lexibench.solver.games.boggle.prove.partitions import (
    Partition,
    default_partition,
    partition,
)
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.tiers import TIERS
from lexibench.solver.tiers import Tier, resolve
from lexibench.structures import Lexicon

#: Why a run that proved the classes ``--sample`` asked for ended: the rest of the proof is left.
SAMPLED: Final = "sample"


def projected_cpu(seconds: Sequence[float], canonical: int) -> tuple[float, float, float] | None:
    """The whole proof's CPU seconds, ``(estimate, low, high)``, from the CPU ``seconds`` of the
    classes done out of ``canonical``. When all are done, all three are their total. Else the
    classes done are a uniform sample of the canonical ones (they are handed out in a fixed
    shuffled order: :func:`~.classes.dispatch_order`), so the estimate is their mean times
    ``canonical`` and low-high its 95% interval (the normal approximation, with the finite
    population's correction; never below the CPU already spent; a heavy tail of slow classes
    makes it too narrow for a small sample). None with fewer than two classes done: no
    interval.

    >>> projected_cpu([1.0, 3.0], 2)
    (4.0, 4.0, 4.0)
    >>> [round(x) for x in projected_cpu([1.0, 3.0, 2.0, 2.0], 100)]
    [200, 122, 278]
    >>> projected_cpu([5.0], 100) is None
    True
    """
    spent = sum(seconds)
    if len(seconds) >= canonical:
        return spent, spent, spent
    if len(seconds) < 2:
        return None
    n = len(seconds)
    mean = statistics.fmean(seconds)
    error = statistics.stdev(seconds) / math.sqrt(n) * math.sqrt(1 - n / canonical)
    low = max((mean - 1.96 * error) * canonical, spent)
    return mean * canonical, low, (mean + 1.96 * error) * canonical


@dataclass(frozen=True)
class FoundBoard:
    """A board at or above the target, named by its canonical text."""

    canonical: str
    board: str
    """Its text as the first class that holds it has it (an image of the canonical board)."""
    score: int
    words: int


@dataclass(frozen=True)
class ProofResult:
    """The classes a proof finished, and what they found (see the module docstring)."""

    plan: ProofPlan
    outcomes: tuple[ClassOutcome, ...]
    """By class id."""
    canonical: int
    """The canonical classes the proof covers."""
    seconds: float = 0.0
    """Wall seconds of this run."""
    stopped: str | None = None
    """Why this run ended before every class was done (``"time limit"``, ``"SIGINT"``, ...,
    or :data:`SAMPLED`: the classes ``--sample`` asked for are done)."""
    resumed: int = 0
    """Classes read from a checkpoint rather than proven by this run."""
    target_from: dict[str, Any] = field(default_factory=dict)
    """Where the target came from (``{"from": "best", "seed": ..., ...}`` or ``"option"``)."""

    @property
    def complete(self) -> bool:
        """True when every canonical class is done: the boards listed are all there are."""
        return len(self.outcomes) == self.canonical

    def counts(self) -> dict[str, int]:
        """How many classes ended each way (:data:`~.job.OUTCOMES`)."""
        tally = Counter(outcome.outcome for outcome in self.outcomes)
        return {name: tally.get(name, 0) for name in OUTCOMES}

    @property
    def cpu_seconds(self) -> float:
        """CPU seconds of the finished classes (over every run that added to them)."""
        return sum(outcome.seconds for outcome in self.outcomes)

    def projected_cpu(self) -> tuple[float, float, float] | None:
        """The whole proof's CPU seconds projected from the classes done (see
        :func:`projected_cpu`): ``(estimate, low, high)``, or None with fewer than two."""
        return projected_cpu([outcome.seconds for outcome in self.outcomes], self.canonical)

    def boards(self) -> list[FoundBoard]:
        """Every board found at or above the target, once each up to symmetry, best first."""
        found: dict[str, FoundBoard] = {}
        for outcome in self.outcomes:
            for text, score, words in outcome.boards:
                canonical = parse_board(text).canonical_text()
                found.setdefault(canonical, FoundBoard(canonical, text, score, words))
        return sorted(found.values(), key=lambda b: (-b.score, b.canonical))

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` object (without the lexicon, which the command adds)."""
        plan = self.plan
        boards = self.boards()
        return {
            "size": plan.size,
            "target": plan.target,
            "target_from": self.target_from,
            "partition": {"name": plan.partition.name, "buckets": plan.partition.text},
            "split_order": list(plan.order),
            "complete": self.complete,
            "stopped": self.stopped,
            "best": _board_json(boards[0]) if boards and self.complete else None,
            "boards": [_board_json(board) for board in boards],
            "classes": {
                "total": plan.space.total,
                "canonical": self.canonical,
                "done": len(self.outcomes),
                "resumed": self.resumed,
                **self.counts(),
            },
            "cpu_seconds": round(self.cpu_seconds, 3),
            "projected_cpu_seconds": (
                [round(x, 3) for x in projected] if (projected := self.projected_cpu()) else None
            ),
            "seconds": round(self.seconds, 3),
            "class_outcomes": [outcome.as_record() for outcome in self.outcomes],
        }


def _board_json(board: FoundBoard) -> dict[str, Any]:
    return {
        "board": board.canonical,
        "score": board.score,
        "words": board.words,
        "as_found": board.board,
    }


def gather(
    plan: ProofPlan,
    outcomes: Iterable[ClassOutcome],
    canonical: int,
    **details: Any,
) -> ProofResult:
    """The result of the classes ``outcomes`` (in any order, each class once)."""
    ordered = tuple(sorted(outcomes, key=lambda outcome: outcome.class_id))
    return ProofResult(plan, ordered, canonical, **details)


def prove(
    lexicon: Lexicon,
    size: str,
    target: int,
    *,
    buckets: str | Partition | None = None,
    min_length: int = 3,
    tier: Tier | str = Tier.AUTO,
    progress: Callable[[ClassOutcome], None] | None = None,
) -> ProofResult:
    """Every board of ``size`` (``RxC``) scoring at least ``target`` under ``lexicon``, proven
    in this process, class after class (``buckets``: a partition, its name or its text;
    default by size).

    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("array-trie", ["ate", "eat", "tate", "tea", "teat"])
    >>> result = prove(lexicon, "2x2", 4)
    >>> [(b.canonical, b.score) for b in result.boards()], result.complete
    ([('aett', 5), ('atte', 5)], True)
    """
    rows, cols = parse_size(size)
    chosen = (
        buckets
        if isinstance(buckets, Partition)
        else partition(buckets or default_partition(rows, cols))
    )
    plan = ProofPlan(rows, cols, chosen, target, min_length)
    walk = resolve(TIERS, lexicon, tier, type(lexicon).__name__, "a proof")
    state = prove_state(lexicon, plan, walk)
    outcomes = []
    for class_id in plan.space.canonical_ids():
        outcome = prove_class(state, plan, class_id)
        if outcome is None:  # pragma: no cover - no stop is given
            raise RuntimeError("a class stopped with no stop asked")
        outcomes.append(outcome)
        if progress is not None:
            progress(outcome)
    return gather(plan, outcomes, len(outcomes), target_from={"from": "option"})
