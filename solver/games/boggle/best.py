"""Best-board search: seeded simulated annealing over R x C boards, scored by the full solver.

The search is split into independent *restarts* (chains). Chain ``i`` of a search with seed ``s``
draws every random number from its own generator, seeded with the text ``"s:i"`` (Python hashes a
text seed with SHA-512, the same on every machine and version), and gets an equal share of the
evaluation budget (the first ``budget % restarts`` chains one more). So a chain's course depends
only on the seed, its index, its budget and the lexicon's answers, which every backend and tier
gives identically: the result is the same with ``--jobs 1``, with processes, on a Dask cluster,
and through any backend.

One chain is the annealing of Dan Vanderkam's Boggle searches (performance-boggle's
``anneal.cc``, ported in hybrid-boggle's ``boggle/anneal.py``), with the budget as the stop:

- start from a board of letters drawn by English letter frequency (a ``q`` is the Qu tile);
- a candidate is the current board changed by one or more moves: each move swaps two cells
  (probability :attr:`Schedule.swap`) or gives one cell another letter, uniform over a-z; after
  each move another follows with probability :attr:`Schedule.more_moves`;
- a candidate the chain has scored before is skipped (it costs no evaluation: the chain keeps
  every board it scored); otherwise it is scored with the solver, one *evaluation*;
- it replaces the current board if it scores at least as much, or else with probability
  ``exp((new - current) / T)``, where the temperature ``T = t0 * exp(-cooling * n)`` falls with
  ``n``, the evaluations since the chain's last fresh start;
- after :attr:`Schedule.stall` evaluations without a rise of the current board's score (or
  :data:`MAX_REPEATS` skipped candidates in a row), the chain starts afresh from a new random
  board (``n`` back to 0), keeping its best;
- a chain whose fresh board after a run of skipped candidates was scored before too ends early:
  on a board of a few cells it has scored every board its moves reach, and the budget would only
  spin (its evaluations are then fewer than its share).

The best board of the search is the highest-scoring board any chain evaluated; of equal scores, the
one met first in chain order. Its trajectory lists ``(evaluations, best score)`` at every rise,
counting the chains' evaluations in chain order (so it too does not depend on how chains were run).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from lexibench.solver.draws import LETTERS, below
from lexibench.solver.errors import InputError
from lexibench.solver.execution import Stop, Where, ordered_map
from lexibench.solver.games.boggle.board import Board, neighbours, parse_size
from lexibench.solver.games.boggle.dice import cell_of, frequency_cells
from lexibench.solver.games.boggle.rules import POINTS_BY_LENGTH, total
from lexibench.solver.games.boggle.solve import resolve, word_list_on
from lexibench.solver.lexicons import LexiconSpec, open_spec
from lexibench.solver.tiers import Tier
from lexibench.structures import Lexicon, NativeLexicon

#: Default evaluation budgets by cell count at the sizes measured (3x3, 3x4, 4x4): enough for the
#: search to reach ENABLE2K's proven best board in most seeded runs (see solver/README.md,
#: "Best-board search"). Other sizes follow from the cell count (:func:`default_budget`).
DEFAULT_BUDGETS: Final = ((9, 20_000), (12, 60_000), (16, 1_000_000))
#: Budget per cell beyond the last measured size: as for 4x4.
BUDGET_PER_CELL: Final = 62_500
DEFAULT_RESTARTS: Final = 4
#: Candidates in a row already scored (skipped) before the chain starts afresh: on a small
#: board the moves around a board can all have been tried.
MAX_REPEATS: Final = 1_000
#: The largest board searched: each evaluation solves the whole board.
MAX_SEARCH_CELLS: Final = 100
#: Evaluations between two asks whether to stop (a few milliseconds of search at most).
STOP_EVERY: Final = 16


@dataclass(frozen=True)
class Schedule:
    """The annealing schedule: hybrid-boggle's moves and starting temperature, with slower
    cooling (0.01 against its 0.05) and a longer stall, which reached the proven 3x4 best in 6 of
    6 seeded runs of 60,000 evaluations under ENABLE2K against 3 of 6 with cooling 0.001."""

    t0: float = 100.0
    """Starting temperature, in points."""
    cooling: float = 0.01
    """``T = t0 * exp(-cooling * n)``."""
    swap: float = 0.5
    """Probability that a move swaps two cells rather than changing one letter."""
    more_moves: float = 0.25
    """Probability of one more move after each move of a candidate."""
    stall: int = 2_000
    """Evaluations without a rise of the current score before a fresh start."""


@dataclass(frozen=True)
class Chain:
    """What one chain found: its best board and score, its rises and its evaluations."""

    index: int
    evaluations: int
    best: tuple[str, ...]
    score: int
    count: int
    rises: tuple[tuple[int, int, float], ...]
    """``(evaluation, score, seconds)`` at every rise of the chain's best (seconds: since the
    chain began)."""
    seconds: float
    stopped: bool = False
    """True when the chain ended before its budget because it was asked to stop."""


@dataclass(frozen=True)
class SearchResult:
    """A whole search: the best board over the chains, and how it got there."""

    rows: int
    cols: int
    seed: int
    chains: tuple[Chain, ...]
    seconds: float
    stopped: str | None = None
    """Why the search ended before its budget (``"time limit"``, ``"SIGINT"``, ``"SIGTERM"``),
    or None when it ran to the end; a stopped search may lack the chains it never started."""
    restarts: int = 0
    """The chains the search was to run (0: as many as it ran)."""
    best_chain: Chain = field(init=False)

    def __post_init__(self) -> None:
        # Highest score; of equal scores the first chain (chains are in index order).
        if not self.chains:
            raise InputError("best-board search: stopped before a single board was scored")
        best = max(self.chains, key=lambda c: (c.score, -c.index))
        object.__setattr__(self, "best_chain", best)

    @property
    def board(self) -> Board:
        """The best board found."""
        return Board(self.rows, self.cols, self.best_chain.best)

    @property
    def score(self) -> int:
        """Its score."""
        return self.best_chain.score

    @property
    def count(self) -> int:
        """Its number of distinct words."""
        return self.best_chain.count

    @property
    def evaluations(self) -> int:
        """Boards scored, over every chain."""
        return sum(c.evaluations for c in self.chains)

    def trajectory(self) -> list[tuple[int, int, float]]:
        """``(evaluations, best score, chain seconds)`` at every rise of the search's best,
        counting evaluations in chain order; seconds add up the chains' own times in that order
        (the time one process running the chains in turn would have taken)."""
        out: list[tuple[int, int, float]] = []
        best = -1
        done = 0
        spent = 0.0
        for chain in self.chains:
            for evaluation, points, seconds in chain.rises:
                if points > best:
                    best = points
                    out.append((done + evaluation, points, spent + seconds))
            done += chain.evaluations
            spent += chain.seconds
        return out

    def as_json(self) -> dict[str, object]:
        """The ``--json`` object."""
        return {
            "board": self.board.text(),
            "canonical": self.board.canonical_text(),
            "score": self.score,
            "count": self.count,
            "evaluations": self.evaluations,
            "seconds": round(self.seconds, 6),
            "seed": self.seed,
            "size": self.board.size,
            "restarts": self.restarts or len(self.chains),
            "complete": self.stopped is None,
            "stopped": self.stopped,
            "trajectory": [[e, s] for e, s, _ in self.trajectory()],
        }


def default_budget(rows: int, cols: int) -> int:
    """The default ``--evaluations`` for an R x C search, from its cell count alone, so a smaller
    board never gets more: :data:`DEFAULT_BUDGETS` at the sizes measured, a geometric
    interpolation between them, in proportion to the cells below the first (2x2: 8,888) and
    :data:`BUDGET_PER_CELL` beyond the last.

    >>> default_budget(3, 3), default_budget(2, 6), default_budget(2, 2), default_budget(5, 5)
    (20000, 60000, 8888, 1562500)
    """
    cells = rows * cols
    (first, at_first), (last, _) = DEFAULT_BUDGETS[0], DEFAULT_BUDGETS[-1]
    if cells <= first:
        return at_first * cells // first
    if cells >= last:
        return BUDGET_PER_CELL * cells
    (low, at_low), (high, at_high) = next(
        (a, b) for a, b in itertools.pairwise(DEFAULT_BUDGETS) if a[0] <= cells <= b[0]
    )
    return round(at_low * math.pow(at_high / at_low, (cells - low) / (high - low)))


def check_search(rows: int, cols: int, budget: int, restarts: int) -> None:
    """Refuse a search that cannot run: too large a board, no budget, more chains than budget."""
    if rows * cols > MAX_SEARCH_CELLS:
        raise InputError(
            f"--size {rows}x{cols}: {rows * cols} cells; the search takes at most "
            f"{MAX_SEARCH_CELLS} (each evaluation solves the whole board)"
        )
    if rows * cols < 2:
        raise InputError(f"--size {rows}x{cols}: the search needs at least 2 cells")
    if budget < restarts:
        raise InputError(
            f"--evaluations {budget} is less than --restarts {restarts}: "
            "each restart needs at least one evaluation"
        )


def chain_budgets(budget: int, restarts: int) -> list[int]:
    """Each chain's share of ``budget``: equal, the first ``budget % restarts`` one more."""
    share, extra = divmod(budget, restarts)
    return [share + (1 if i < extra else 0) for i in range(restarts)]


Scorer = Callable[[tuple[str, ...]], tuple[int, int]]


def make_scorer(lexicon: Lexicon, rows: int, cols: int, min_length: int, tier: Tier) -> Scorer:
    """``cells -> (score, words)`` for R x C boards: the solver's word list at ``tier`` (chosen
    already), scored.

    The native tier is called directly (no board object per board)."""
    nbrs = neighbours(rows, cols)
    if tier is Tier.NATIVE:
        native: NativeLexicon = lexicon  # type: ignore[assignment]
        path_total = native.path_total
        weights = POINTS_BY_LENGTH

        def score_native(cells: tuple[str, ...]) -> tuple[int, int]:
            return path_total(cells, nbrs, min_length, weights)

        return score_native

    def score_board(cells: tuple[str, ...]) -> tuple[int, int]:
        words = word_list_on(Board(rows, cols, cells), lexicon, tier, min_length)
        return total(words), len(words)

    return score_board


def move(rng: random.Random, board: list[str], schedule: Schedule) -> None:
    """Change ``board`` in place by one or more moves (see the module docstring)."""
    n = len(board)
    while True:
        if rng.random() < schedule.swap:
            a = below(rng, n)
            b = below(rng, n - 1)
            b += b >= a  # a different cell
            board[a], board[b] = board[b], board[a]
        else:
            i = below(rng, n)
            j = below(rng, 25)
            current = board[i][0]
            letter = LETTERS[j + (j >= LETTERS.index(current))]  # a different letter
            board[i] = cell_of(letter)
        if rng.random() >= schedule.more_moves:
            return


def chain_rng(seed: int, index: int) -> random.Random:
    """The generator of chain ``index`` of a search seeded with ``seed``."""
    return random.Random(f"{seed}:{index}")


def run_chain(
    score: Scorer,
    rows: int,
    cols: int,
    seed: int,
    index: int,
    budget: int,
    schedule: Schedule = Schedule(),
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Chain:
    """Anneal for ``budget`` evaluations (see the module docstring). ``progress(evaluations,
    best)`` is called every 256 evaluations and at the end. ``stop()``, asked every
    :data:`STOP_EVERY` evaluations, ends the chain early when it says so (a time limit, a
    signal): the chain keeps what it found, marked as stopped."""
    rng = chain_rng(seed, index)
    n_cells = rows * cols
    start = time.perf_counter()
    current = frequency_cells(rng, n_cells)
    cur_score, cur_count = score(tuple(current))
    best, best_score, best_count = tuple(current), cur_score, cur_count
    rises = [(1, best_score, time.perf_counter() - start)]
    done = 1
    since_fresh = 1
    last_rise = 0
    t0, cooling, stall = schedule.t0, schedule.cooling, schedule.stall
    # Every board this chain scored, by its letters: a candidate met again is skipped unscored.
    seen: dict[str, tuple[int, int]] = {"".join(best): (cur_score, cur_count)}
    repeats = 0
    cornered = False
    stopped = False
    while done < budget:
        if stop is not None and done % STOP_EVERY == 0 and stop():
            stopped = True
            break
        if since_fresh - last_rise >= stall or repeats >= MAX_REPEATS:
            cornered = repeats >= MAX_REPEATS
            candidate = frequency_cells(rng, n_cells)
            since_fresh = last_rise = repeats = 0
        else:
            candidate = current.copy()
            move(rng, candidate, schedule)
        key = "".join(candidate)
        known = seen.get(key)
        if known is None:
            known = seen[key] = score(tuple(candidate))
        elif since_fresh > 0:
            repeats += 1
            continue
        elif cornered:  # a fresh board scored before, after a run of repeats: all is scored
            break
        new_score, new_count = known
        done += 1
        repeats = 0
        temperature = t0 * math.exp(-cooling * since_fresh)
        if (
            since_fresh == 0
            or new_score >= cur_score
            or (
                temperature > 1e-20
                and rng.random() < math.exp((new_score - cur_score) / temperature)
            )
        ):
            if new_score > cur_score:
                last_rise = since_fresh
            current, cur_score, cur_count = candidate, new_score, new_count
        since_fresh += 1
        if new_score > best_score:
            best, best_score, best_count = tuple(candidate), new_score, new_count
            rises.append((done, best_score, time.perf_counter() - start))
        if progress is not None and done % 256 == 0:
            progress(done, best_score)
    if progress is not None:
        progress(done, best_score)
    return Chain(
        index,
        done,
        best,
        best_score,
        best_count,
        tuple(rises),
        time.perf_counter() - start,
        stopped,
    )


@dataclass(frozen=True)
class ChainTask:
    """One chain to run: everything a worker needs besides the lexicon."""

    rows: int
    cols: int
    seed: int
    index: int
    budget: int
    min_length: int
    tier: Tier
    """The tier the search runs (chosen already)."""
    schedule: Schedule = Schedule()
    deadline: float | None = None
    """``time.time()`` after which the chain stops early (``--time-limit``), or None."""


def chain_tasks(
    rows: int,
    cols: int,
    seed: int,
    budget: int,
    restarts: int,
    min_length: int,
    tier: Tier,
    schedule: Schedule = Schedule(),
    deadline: float | None = None,
) -> list[ChainTask]:
    """The chains of a search, in index order (``deadline``: see :attr:`ChainTask.deadline`)."""
    check_search(rows, cols, budget, restarts)
    return [
        ChainTask(rows, cols, seed, i, share, min_length, tier, schedule, deadline)
        for i, share in enumerate(chain_budgets(budget, restarts))
    ]


def run_task(
    lexicon: Lexicon,
    task: ChainTask,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Chain:
    """Run one chain with ``lexicon``; it stops early at the task's deadline or when ``stop()``
    says so."""
    scorer = make_scorer(lexicon, task.rows, task.cols, task.min_length, task.tier)
    deadline = task.deadline

    def stopping() -> bool:
        return (deadline is not None and time.time() >= deadline) or (stop is not None and stop())

    asked = stopping if deadline is not None or stop is not None else None
    return run_chain(
        scorer,
        task.rows,
        task.cols,
        task.seed,
        task.index,
        task.budget,
        task.schedule,
        progress,
        asked,
    )


@dataclass(frozen=True)
class ChainsJob:
    """The chains of a search as a :class:`~lexibench.solver.execution.Job`: every process opens
    the lexicon once (or inherits it) and runs chains with it."""

    spec: LexiconSpec

    def open(self) -> Lexicon:
        """Open the lexicon (from its file or the cache)."""
        return open_spec(self.spec, freeze=True).lexicon

    def run(self, state: Lexicon, batch: list[ChainTask]) -> list[Chain]:
        """Run each chain of the batch."""
        return [run_task(state, task) for task in batch]

    def run_until(
        self, state: Lexicon, batch: list[ChainTask], stop: Callable[[], bool]
    ) -> list[Chain]:
        """Run each chain of the batch until ``stop()`` says so: the chain running then keeps
        what it found, the later ones do not start."""
        chains = []
        for task in batch:
            if stop():
                break
            chains.append(run_task(state, task, stop=stop))
        return chains


def run_chains(
    tasks: list[ChainTask],
    job: ChainsJob,
    where: Where,
    lexicon: Lexicon | None = None,
    stop: Stop | None = None,
) -> Iterator[Chain]:
    """The chains, run wherever ``where`` says (one chain per batch), in index order.
    ``lexicon``: the one this process has already opened for ``job``; ``stop``: once set, the
    running chains end early with what they found and no other starts."""
    return ordered_map(job, tasks, where, state=lexicon, batch=1, stop=stop)


def collect(
    tasks: Sequence[ChainTask],
    chains: Iterable[Chain],
    seconds: float | None = None,
    stopped: str | None = None,
) -> SearchResult:
    """The search's result from its chains (in any order). ``stopped``: why the search was
    stopped early (a signal), if it was; a chain stopped at the tasks' deadline makes it
    ``"time limit"``. Only a stopped search may lack chains (those it never started)."""
    ordered = sorted(chains, key=lambda c: c.index)
    reason = stopped or ("time limit" if any(c.stopped for c in ordered) else None)
    if reason is None and [c.index for c in ordered] != [t.index for t in tasks]:
        raise RuntimeError("best-board search: a chain's result is missing")
    first = tasks[0]
    return SearchResult(
        first.rows,
        first.cols,
        first.seed,
        tuple(ordered),
        sum(c.seconds for c in ordered) if seconds is None else seconds,
        reason,
        len(tasks),
    )


def search(
    lexicon: Lexicon,
    rows: int,
    cols: int,
    seed: int = 0,
    budget: int | None = None,
    restarts: int = DEFAULT_RESTARTS,
    min_length: int = 3,
    tier: Tier | str = Tier.AUTO,
    schedule: Schedule = Schedule(),
) -> SearchResult:
    """Search for the best R x C board in one process, chain after chain, at ``tier`` (``auto``:
    the fastest the lexicon offers; the Python API)."""
    start = time.perf_counter()
    budget = default_budget(rows, cols) if budget is None else budget
    chosen = resolve(lexicon, tier)
    tasks = chain_tasks(rows, cols, seed, budget, restarts, min_length, chosen, schedule)
    chains = [run_task(lexicon, task) for task in tasks]
    return collect(tasks, chains, time.perf_counter() - start)


def best_board(
    lexicon: Lexicon,
    size: str = "4x4",
    *,
    seed: int = 0,
    evaluations: int | None = None,
    restarts: int = DEFAULT_RESTARTS,
    min_length: int = 3,
    tier: Tier | str = Tier.AUTO,
) -> SearchResult:
    """Search for the best board of ``size`` (``RxC``) with ``lexicon``, in this process: the
    search of ``lexibench best`` (``evaluations``: the budget; default by size).

    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("dict-trie", ["ate", "eat", "tate", "tea", "teat"])
    >>> result = best_board(lexicon, "2x2", evaluations=20_000)
    >>> result.score, result.count
    (5, 5)
    """
    rows, cols = parse_size(size)
    return search(lexicon, rows, cols, seed, evaluations, restarts, min_length, tier)
