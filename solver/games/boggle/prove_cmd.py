"""``lexibench prove``: prove the best board of a size (branch and bound over board classes)."""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexibench.solver.cli import runtime
from lexibench.solver.cli.options import (
    add_cluster_options,
    add_jobs_option,
    add_lexicon_options,
    int_at_least,
    lexicon_spec,
    open_lexicon_of,
    positive_number,
    where_of,
    whole_number,
)
from lexibench.solver.errors import InputError
from lexibench.solver.execution import Here, Processes, Stop, Where, ordered_map
from lexibench.solver.games.boggle.board import parse_board, parse_size
from lexibench.solver.games.boggle.prove.classes import ClassSpace, dispatch_order
from lexibench.solver.games.boggle.prove.job import (
    FOUND,
    PRUNED,
    ClassOutcome,
    ProveJob,
    prove_state,
)
from lexibench.solver.games.boggle.prove.partitions import (
    Partition,
    default_partition,
    partition,
    presets,
)
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.proof import ProofResult, gather
from lexibench.solver.games.boggle.render import grid_text
from lexibench.solver.games.boggle.rules import WORD_RULES
from lexibench.solver.lexicons import Opened
from lexibench.solver.tiers import Tier

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.prove.checkpoint import Checkpoint

#: The most classes (symmetric ones included) a proof enumerates: more is a board far beyond
#: what a proof can finish (4x4 with the default partition has 8.5 million).
MAX_CLASSES = 100_000_000
#: Units of work a proof counts as when choosing the default lexicon: a proof walks the lexicon
#: far more than any solve.
PROOF_UNITS = 1_000_000_000
#: Boards listed in the text output (``--json`` lists every one).
SHOWN_BOARDS = 50


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("--size", default="3x3", help="RxC (default: %(default)s)")
    add_lexicon_options(parser, WORD_RULES)
    parser.add_argument(
        "--tier",
        choices=[Tier.AUTO.value, Tier.STEP.value, Tier.NATIVE.value],
        default=Tier.AUTO.value,
        help="walk the lexicon node by node in Python (step, any backend that steps) or in "
        "compiled code over array-trie's array (native); auto, the default, takes native "
        "where it can",
    )
    parser.add_argument(
        "--target",
        type=int_at_least(1),
        default=None,
        metavar="SCORE",
        help="list every board scoring at least SCORE (default: the best score `lexibench best` "
        "finds with --seed; a checkpoint's own target when resuming)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        default=0,
        help="seed of the search for the default target (default: %(default)s)",
    )
    names = ", ".join(presets())
    parser.add_argument(
        "--partition",
        default=None,
        metavar="NAME|BUCKETS",
        help=f"how a class groups the letters: one of {names}, or buckets written out "
        "('aeiou bdfgjqvwxz lnrsy chkmpt', optionally ', corner: ...', 'edge: ...', "
        "'centre: ...'); default: two up to 9 cells, mixed above",
    )
    parser.add_argument(
        "--checkpoint",
        type=Path,
        default=None,
        metavar="FILE",
        help="record each finished class in FILE, and resume from it: a stopped or crashed "
        "proof run again with the same options skips the classes it holds",
    )
    parser.add_argument(
        "--time-limit",
        type=positive_number,
        default=None,
        metavar="SECONDS",
        help="stop the classes after SECONDS and print what they found so far, marked as "
        "stopped (Ctrl-C or SIGTERM does the same; a second signal stops at once); with "
        "--checkpoint, the finished classes are kept",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_jobs_option(parser, "prove the classes in N processes (the result is the same as with 1)")
    add_cluster_options(parser, "the classes")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Prove, and print every board at or above the target (so far, when stopped early)."""
    rows, cols = parse_size(args.size)
    chosen = partition(args.partition or default_partition(rows, cols))
    _check_classes(rows, cols, chosen)
    where = where_of(args)
    spec = lexicon_spec(args)
    if _check_tier(args, spec.backend_name(PROOF_UNITS)) is Tier.NATIVE:
        _check_key(rows, cols, chosen)
    target, origin = args.target, {"from": "option"}
    if args.checkpoint is not None and target is None:
        from lexibench.solver.games.boggle.prove.checkpoint import recorded_target

        target, origin = recorded_target(args.checkpoint) or (None, origin)
    opened = open_lexicon_of(args, PROOF_UNITS)
    tier = _tier(opened, args.tier)
    runtime.phase("lexicon")
    if target is None:
        target, origin = _target_from_best(opened, rows, cols, args.min_length, args.seed)
    plan = ProofPlan(rows, cols, chosen, target, args.min_length)
    with _checkpoint(args.checkpoint, plan, opened, origin) as checkpoint:
        done = dict(checkpoint.outcomes) if checkpoint is not None else {}
        if checkpoint is not None:
            origin = checkpoint.header.get("target_from") or origin
        result, signum = _prove(args, opened, plan, tier, where, done, checkpoint, origin)
    runtime.phase("proof")
    if args.json:
        data = result.as_json()
        data.update(
            lexicon=opened.backend,
            tier=tier.value,
            wordlist=opened.wordlist.summary(),
            jobs=args.jobs,
            checkpoint=str(args.checkpoint) if args.checkpoint else None,
        )
        runtime.emit(json.dumps(data))
    else:
        runtime.emit(_text(result, opened, tier, args))
    return runtime.EXIT_SIGNAL_BASE + signum if signum is not None else 0


def _check_classes(rows: int, cols: int, chosen: Partition) -> None:
    """Refuse a proof of more classes than :data:`MAX_CLASSES`, before any work."""
    total = ClassSpace(rows, cols, chosen.cell_buckets(rows, cols)).total
    if total > MAX_CLASSES:
        raise InputError(
            f"--size {rows}x{cols} with partition {chosen.name}: {total:,} classes, more than a "
            f"proof takes ({MAX_CLASSES:,})"
        )


def _check_tier(args: argparse.Namespace, name: str) -> Tier:
    """The tier the proof will run on backend ``name``; a backend or tier it cannot use is
    refused before any word list is read."""
    from lexibench import structures
    from lexibench.solver.games.boggle.prove.tree import resolve

    return resolve(structures.class_of(structures.backend_class(name)), args.tier, name)


def _tier(opened: Opened, asked: str) -> Tier:
    from lexibench.solver.games.boggle.prove.tree import native_build, resolve

    tier = resolve(opened.lexicon, asked, opened.backend)
    if tier is Tier.NATIVE:
        native_build()  # a stale build is one line
    return tier


def _check_key(rows: int, cols: int, chosen: Partition) -> None:
    """The compiled walk keeps a class's letters in 64 bits: refuse a partition that needs
    more on this board."""
    cells = chosen.cell_buckets(rows, cols)
    need = sum(max(len(bucket) for bucket in buckets).bit_length() for buckets in cells)
    if need > 64:
        raise InputError(
            f"--size {rows}x{cols} with partition {chosen.name}: a class's letters need {need} "
            "bits; the native tier holds 64 (choose a partition with smaller buckets, or --tier "
            "step)"
        )


def _target_from_best(
    opened: Opened, rows: int, cols: int, min_length: int, seed: int
) -> tuple[int, dict[str, Any]]:
    """The default target: the best score the annealing search finds with ``seed``."""
    from lexibench.solver.games.boggle.best import default_budget, search

    budget = default_budget(rows, cols)
    runtime.say(f"target: searching for a good {rows}x{cols} board ({budget:,} evaluations)")
    found = search(opened.lexicon, rows, cols, seed, budget, min_length=min_length)
    origin = {
        "from": "best",
        "seed": seed,
        "evaluations": found.evaluations,
        "board": found.board.canonical_text(),
        "score": found.score,
    }
    return found.score, origin


@contextmanager
def _checkpoint(
    path: Path | None, plan: ProofPlan, opened: Opened, origin: dict[str, Any]
) -> Iterator[Checkpoint | None]:
    """The checkpoint at ``path`` (None without one), open and locked for the run."""
    if path is None:
        yield None
        return
    from lexibench.solver.games.boggle.prove.checkpoint import Checkpoint

    with Checkpoint(path, plan.fingerprint(opened.wordlist.sha256), origin) as checkpoint:
        if checkpoint.dropped:
            runtime.say(
                f"checkpoint {path}: dropped a record cut short (a crash), that class is proven "
                "again"
            )
        yield checkpoint


def _prove(
    args: argparse.Namespace,
    opened: Opened,
    plan: ProofPlan,
    tier: Tier,
    where: Where,
    done: dict[int, ClassOutcome],
    checkpoint: Checkpoint | None,
    origin: dict[str, Any],
) -> tuple[ProofResult, int | None]:
    """Prove the classes not yet ``done``, recording each in ``checkpoint`` as it comes back;
    the result, and the signal that stopped the run (None if none did)."""
    start = time.perf_counter()
    canonical = list(plan.space.canonical_ids())
    todo = [class_id for class_id in dispatch_order(canonical) if class_id not in done]
    resumed = len(done)
    deadline = time.time() + args.time_limit if args.time_limit is not None else None
    job = ProveJob(lexicon_spec(args).for_workers(opened), plan, tier, deadline)
    state = None
    if isinstance(where, Here | Processes):  # run here, or inherited by forked workers
        state = prove_state(opened.lexicon, plan, tier)
    bar = _Bar(len(canonical), done.values())
    stop = Stop()
    # At the time limit, this process stops handing out classes (the workers stop the ones
    # they run by themselves: the job carries the deadline).
    timer = threading.Timer(args.time_limit, stop.set) if args.time_limit is not None else None
    try:
        with runtime.catching_signals(stop.set) as caught:
            if timer is not None:
                timer.daemon = True
                timer.start()
            for outcome in ordered_map(job, todo, where, state=state, batch=1, stop=stop):
                if checkpoint is not None:
                    checkpoint.add(outcome)
                done[outcome.class_id] = outcome
                bar.add(outcome)
    finally:
        if timer is not None:
            timer.cancel()
        bar.close()
    stopped = caught.name
    if stopped is None and len(done) < len(canonical):
        stopped = "time limit"
    result = gather(
        plan,
        done.values(),
        len(canonical),
        seconds=time.perf_counter() - start,
        stopped=stopped,
        resumed=resumed,
        target_from=origin,
    )
    return result, caught.signum


class _Bar:
    """Classes done, pruned and left, with an estimate of the time left, on a terminal's
    standard error (nothing otherwise)."""

    def __init__(self, total: int, done: Any) -> None:
        self.bar: Any = None
        self.pruned = sum(1 for outcome in done if outcome.outcome == PRUNED)
        self.found = sum(1 for outcome in done if outcome.outcome == FOUND)
        self.total = total
        self.count = 0
        if sys.stderr is not None and sys.stderr.isatty():
            from tqdm import tqdm

            self.bar = tqdm(
                total=total,
                initial=sum(1 for _ in done),
                unit="class",
                file=sys.stderr,
                bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} classes "
                "[{elapsed}<{remaining}, {rate_fmt}] {postfix}",
                smoothing=0,
            )
            self._postfix()

    def _postfix(self) -> None:
        left = self.total - self.bar.n
        self.bar.set_postfix_str(
            f"pruned {self.pruned:,}, with boards {self.found:,}, left {left:,}", refresh=False
        )

    def add(self, outcome: ClassOutcome) -> None:
        """A class came back."""
        self.pruned += outcome.outcome == PRUNED
        self.found += outcome.outcome == FOUND
        if self.bar is not None:
            self.bar.update(1)
            self._postfix()
            self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _text(result: ProofResult, opened: Opened, tier: Tier, args: argparse.Namespace) -> str:
    plan = result.plan
    boards = result.boards()
    size, target = plan.size, plan.target
    wordlist = f"{opened.wordlist.name} ({opened.wordlist.words:,} words)"
    lines = []
    if result.stopped is not None:
        resume = (
            f"; run the same command again to resume from {args.checkpoint}"
            if args.checkpoint
            else " (--checkpoint FILE keeps them for a later run)"
        )
        lines.append(
            f"stopped early ({result.stopped}): {len(result.outcomes):,} of "
            f"{result.canonical:,} classes proven, the boards they hold so far{resume}"
        )
    lines.append(
        f"{size} boards scoring at least {target:,} under {wordlist}: {len(boards):,}"
        + (" (each once, up to rotation and reflection)" if boards else "")
    )
    for board in boards[:SHOWN_BOARDS]:
        lines.append(f"  {board.score:>6,}  {board.canonical}  ({board.words:,} words)")
    if len(boards) > SHOWN_BOARDS:
        lines.append(f"  ... and {len(boards) - SHOWN_BOARDS:,} more (--json lists them all)")
    if result.complete:
        if boards:
            best = boards[0]
            grid = grid_text(parse_board(best.canonical))
            lines.append(grid)
            lines.append(
                f"proven: no {size} board scores more than {best.canonical} ({best.score:,} "
                f"points); no other board reaches {target:,} but those listed and their "
                "rotations and reflections"
            )
        else:
            lines.append(f"proven: no {size} board scores {target:,} or more")
    counts = result.counts()
    lines.append(
        f"classes: {result.canonical:,} canonical of {plan.space.total:,} (partition "
        f"{plan.partition.name}: {plan.partition.text}); done {len(result.outcomes):,}: "
        f"{counts['pruned']:,} pruned by their bound, {counts['searched']:,} searched to no "
        f"board, {counts['found']:,} with boards"
        + (f" ({result.resumed:,} from the checkpoint)" if result.resumed else "")
    )
    origin = result.target_from
    if origin.get("from") == "best":
        lines.append(
            f"target {target:,}: the best score `lexibench best` found (seed {origin['seed']}, "
            f"{origin['evaluations']:,} evaluations: {origin['board']})"
        )
    running = "1 process" if isinstance(where_of(args), Here) else _where_text(args)
    lines.append(
        f"CPU {result.cpu_seconds:,.1f} s in the {len(result.outcomes):,} classes done; "
        f"{result.seconds:,.1f} s wall with "
        f"{running}; lexicon {opened.backend} ({tier.value} tier)"
    )
    return "\n".join(lines)


def _where_text(args: argparse.Namespace) -> str:
    if args.scheduler is not None:
        return f"the Dask cluster at {args.scheduler}"
    if args.dask_workers is not None:
        return f"a local Dask cluster of {args.dask_workers} workers"
    return f"{args.jobs} processes"
