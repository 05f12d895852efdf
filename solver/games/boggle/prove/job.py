"""One class's proof, and the proof as a :class:`~lexibench.solver.execution.Job`.

:func:`prove_class` runs the tree bound of a class (:mod:`.tree`); unless the bound is below the
target, its search leaves candidate boards, each re-scored with the solver (each word once).
The class's :class:`ClassOutcome` depends only on the plan and the word list: the same here, in
worker processes or on a Dask cluster. :class:`ProveJob` runs classes in batches wherever
:func:`~lexibench.solver.execution.ordered_map` is told, each process opening the lexicon once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.best import Scorer, make_scorer
from lexibench.solver.games.boggle.board import QU, Board
from lexibench.solver.games.boggle.prove.bound import TreeBound
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.tree import tree_bound
from lexibench.solver.games.boggle.solve import resolve
from lexibench.solver.lexicons import LexiconSpec, open_spec
from lexibench.solver.tiers import Tier
from lexibench.structures import Lexicon

#: How a class ended: its bound was below the target at once; its search left no board at or
#: above the target; boards reached it.
PRUNED, SEARCHED, FOUND = "pruned", "searched", "found"
OUTCOMES = (PRUNED, SEARCHED, FOUND)


@dataclass(frozen=True)
class ClassOutcome:
    """How the proof of one class ended."""

    class_id: int
    bound: int
    """The class's tree bound: no board of it scores more."""
    paths: int
    distinct: int
    nodes: int
    steps: int
    candidates: int
    """Boards the search left, each re-scored with the solver."""
    boards: tuple[tuple[str, int, int], ...]
    """``(board text, score, words)`` of every candidate scoring at least the target."""
    seconds: float
    """CPU seconds the class took (in the thread that ran it)."""

    @property
    def outcome(self) -> str:
        """:data:`PRUNED`, :data:`SEARCHED` or :data:`FOUND`."""
        return FOUND if self.boards else (SEARCHED if self.steps else PRUNED)

    def as_record(self) -> dict[str, Any]:
        """The checkpoint's line for the class (and the ``--json`` entry)."""
        return {
            "id": self.class_id,
            "outcome": self.outcome,
            "bound": self.bound,
            "paths": self.paths,
            "distinct": self.distinct,
            "nodes": self.nodes,
            "steps": self.steps,
            "candidates": self.candidates,
            "boards": [list(board) for board in self.boards],
            "seconds": round(self.seconds, 4),
        }


@dataclass
class ProveState:
    """What a process proves classes with: the tree bound and the solver's scorer."""

    bound: TreeBound
    score: Scorer


def prove_state(lexicon: Lexicon, plan: ProofPlan, tier: Tier) -> ProveState:
    """The state to prove ``plan``'s classes with ``lexicon`` at ``tier`` (of the tree bound;
    the re-scoring takes the solver's fastest tier)."""
    fastest = resolve(lexicon, Tier.AUTO)  # native where it can: no board object per board
    return ProveState(
        tree_bound(lexicon, tier, plan),
        make_scorer(lexicon, plan.rows, plan.cols, plan.min_length, fastest),
    )


def prove_class(
    state: ProveState, plan: ProofPlan, class_id: int, stop: Callable[[], bool] | None = None
) -> ClassOutcome | None:
    """Prove one class (see the module docstring); None when ``stop()`` said to stop first."""
    start = time.thread_time()
    letters = plan.space.letters(class_id)
    boards: list[tuple[str, int, int]] = []

    def rescore(chosen: bytes) -> None:
        cells = tuple(
            QU if cell[k] == "q" else cell[k] for cell, k in zip(letters, chosen, strict=True)
        )
        score, count = state.score(cells)
        if score >= plan.target:
            boards.append((Board(plan.rows, plan.cols, cells).text(), score, count))

    def flush(held: bytes, count: int) -> None:  # the candidates, a batch at a time
        size = len(letters)
        for k in range(count):
            rescore(held[k * size : (k + 1) * size])

    run = state.bound.run(letters, stop, flush)
    if run is None:
        return None
    for _, chosen in run.candidates:
        rescore(chosen)
    boards.sort(key=lambda board: (-board[1], board[0]))
    return ClassOutcome(
        class_id,
        run.bound,
        run.paths,
        run.distinct,
        run.nodes,
        run.steps,
        run.flushed + len(run.candidates),
        tuple(boards),
        time.thread_time() - start,
    )


@dataclass(frozen=True)
class ProveJob:
    """The classes of a proof as a job for :func:`~lexibench.solver.execution.ordered_map`:
    items are class ids, results their :class:`ClassOutcome` (a class stopped part way has
    none: a batch then returns the outcomes before it)."""

    spec: LexiconSpec
    plan: ProofPlan
    tier: Tier
    deadline: float | None = field(default=None, compare=False)
    """``time.time()`` after which no class goes on (``--time-limit``)."""
    wordlist_sha256: str | None = None
    """The SHA-256 of the word list the proof is of (the checkpoint's): a worker whose own copy
    differs (another machine, another file at the same path) refuses to prove with it."""

    def open(self) -> ProveState:
        """Open the lexicon (from its file or the cache) and make the state; a word list other
        than the proof's is one line (:class:`InputError`), before any class."""
        opened = open_spec(self.spec, freeze=True)
        found = opened.wordlist.sha256
        if self.wordlist_sha256 is not None and found != self.wordlist_sha256:
            raise InputError(
                f"a worker's word list ({opened.wordlist.name}, SHA-256 {found[:12]}...) is not "
                f"the proof's ({self.wordlist_sha256[:12]}...): give every machine the same file"
            )
        return prove_state(opened.lexicon, self.plan, self.tier)

    def run(self, state: ProveState, batch: list[int]) -> list[ClassOutcome]:
        """Prove each class of the batch (until the deadline)."""
        return self.run_until(state, batch, lambda: False)

    def run_until(
        self, state: ProveState, batch: list[int], stop: Callable[[], bool]
    ) -> list[ClassOutcome]:
        """Prove each class of the batch until ``stop()`` says so or the deadline passes: the
        class running then is dropped, the later ones do not start."""
        deadline = self.deadline

        def stopping() -> bool:
            return stop() or (deadline is not None and time.time() >= deadline)

        found = []
        for class_id in batch:
            if stopping():
                break
            outcome = prove_class(state, self.plan, class_id, stopping)
            if outcome is None:
                break
            found.append(outcome)
        return found
