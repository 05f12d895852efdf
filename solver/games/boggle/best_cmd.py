"""``lexibench best``: search for the highest-scoring board (seeded simulated annealing)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import (
    add_cluster_options,
    add_jobs_option,
    add_lexicon_options,
    add_tier_option,
    check_tier,
    int_at_least,
    lexicon_spec,
    open_lexicon_of,
    seconds,
    where_of,
    whole_number,
)
from lexibench.solver.execution import Here, Processes, Stop
from lexibench.solver.games.boggle.best import (
    DEFAULT_RESTARTS,
    Chain,
    ChainsJob,
    ChainTask,
    SearchResult,
    chain_tasks,
    collect,
    default_budget,
    run_chains,
    run_task,
)
from lexibench.solver.games.boggle.board import parse_size
from lexibench.solver.games.boggle.render import grid_text
from lexibench.solver.games.boggle.rules import WORD_RULES
from lexibench.solver.games.boggle.solve import resolve, tiers
from lexibench.solver.lexicons import Opened


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("--size", default="4x4", help="RxC (default: %(default)s)")
    add_lexicon_options(parser, WORD_RULES)
    add_tier_option(parser)
    parser.add_argument(
        "--seed", type=whole_number, default=0, help="random seed (default: %(default)s)"
    )
    parser.add_argument(
        "--evaluations",
        type=int_at_least(1),
        default=None,
        metavar="N",
        help="boards to score in all, the search's budget (default: 20,000 for 3x3, 60,000 for "
        "3x4, 1,000,000 for 4x4, 62,500 per cell otherwise)",
    )
    parser.add_argument(
        "--restarts",
        type=int_at_least(1),
        default=DEFAULT_RESTARTS,
        metavar="K",
        help="independent annealing chains sharing the budget (default: %(default)s)",
    )
    parser.add_argument(
        "--time-limit",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="stop after SECONDS and print the best board found so far, marked as stopped "
        "(Ctrl-C or SIGTERM does the same; a second signal stops at once)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_jobs_option(parser, "run the chains in N processes (the result is the same as with 1)")
    add_cluster_options(parser, "the chains")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the search and print the best board (so far, when it was stopped early)."""
    rows, cols = parse_size(args.size)
    budget = args.evaluations if args.evaluations is not None else default_budget(rows, cols)
    where = where_of(args)
    spec = lexicon_spec(args)
    tasks = chain_tasks(rows, cols, args.seed, budget, args.restarts, args.min_length, args.tier)
    check_tier(args, tiers, budget)
    opened = open_lexicon_of(args, budget)  # each evaluation solves a board
    tier = resolve(opened.lexicon, args.tier, opened.backend)
    runtime.phase("lexicon")
    start = time.perf_counter()
    if args.time_limit is not None:  # counted from here: the lexicon is ready
        tasks = [replace(task, deadline=time.time() + args.time_limit) for task in tasks]
    stop = Stop()
    with runtime.catching_signals(stop.set) as caught:
        if isinstance(where, Here) or (isinstance(where, Processes) and len(tasks) == 1):
            chains = _here(opened, tasks, budget, stop.is_set)
        else:
            job = ChainsJob(spec.for_workers(opened))
            running = run_chains(tasks, job, where, opened.lexicon, stop)
            chains = _elsewhere(running, len(tasks))
    result = collect(tasks, chains, time.perf_counter() - start, caught.name)
    runtime.phase("search")
    if args.json:
        data = result.as_json()
        data.update(lexicon=opened.backend, tier=tier.value, wordlist=opened.wordlist.summary())
        runtime.emit(json.dumps(data))
    else:
        runtime.emit(_text(result, opened.backend, tier.value))
    return runtime.EXIT_SIGNAL_BASE + caught.signum if caught.signum is not None else 0


def _text(result: SearchResult, backend: str, tier: str) -> str:
    board = result.board
    rise = result.trajectory()[-1][0]
    rate = result.evaluations / result.seconds if result.seconds > 0 else 0.0
    lines = [
        f"best {board.size} board: {board.text()} (canonical {board.canonical_text()}): "
        f"{result.score:,} points, {result.count:,} words",
        grid_text(board),
        f"found at evaluation {rise:,} of {result.evaluations:,} ({result.restarts} "
        f"restarts, seed {result.seed}); {result.seconds:.2f} s, {rate:,.0f} evaluations/s; "
        f"lexicon {backend} ({tier})",
    ]
    if result.stopped is not None:
        lines.insert(0, f"stopped early ({result.stopped}): the best board so far")
    return "\n".join(lines)


class _Bar:
    """A progress bar on a terminal's standard error (nothing otherwise)."""

    def __init__(self, total: int, unit: str) -> None:
        self.bar: Any = None
        if sys.stderr is not None and sys.stderr.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=unit, file=sys.stderr)
        self.base = 0
        self.best = -1

    def chain(self, done: int, best: int) -> None:
        """A chain's progress: ``done`` evaluations so far in it, its best score."""
        if self.bar is None:
            return
        self.bar.n = self.base + done
        if best > self.best:
            self.best = best
            self.bar.set_postfix(best=best, refresh=False)
        self.bar.refresh()

    def finished(self, evaluations: int, best: int) -> None:
        """A whole chain has ended."""
        self.base += evaluations
        self.chain(0, best)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _here(
    opened: Opened, tasks: list[ChainTask], budget: int, stop: Callable[[], bool]
) -> list[Chain]:
    """The chains, one after the other in this process, until one is stopped."""
    bar = _Bar(budget, "eval")
    try:
        chains = []
        for task in tasks:
            chain = run_task(opened.lexicon, task, bar.chain, stop)
            bar.finished(chain.evaluations, chain.score)
            chains.append(chain)
            if chain.stopped:
                break
        return chains
    finally:
        bar.close()


def _elsewhere(chains: Iterator[Chain], count: int) -> list[Chain]:
    """The chains other processes ran, collected under a bar that counts whole chains."""
    bar = _Bar(count, "chain")
    try:
        collected = []
        for chain in chains:
            bar.finished(1, chain.score)
            collected.append(chain)
        return collected
    finally:
        bar.close()
