"""What ``lexibench prove`` runs: the proof of a size's best board, class by class, here, in
processes or on Dask, recorded in a checkpoint as classes finish, stopped early by a signal or a
time limit with what it proved so far. Nothing here prints: it returns the
:class:`~lexibench.solver.games.command.Report` (:mod:`.render` writes it)."""

from __future__ import annotations

import contextlib
import math
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.execution import Here, Processes, Stop, ordered_map
from lexibench.solver.games.boggle.board import parse_size
from lexibench.solver.games.boggle.prove.classes import (
    check_classes,
    dispatch_order,
)
from lexibench.solver.games.boggle.prove.job import (
    FOUND,
    PRUNED,
    ClassOutcome,
    ProveJob,
    prove_state,
)
from lexibench.solver.games.boggle.prove.partitions import Partition, default_partition, partition
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.proof import SAMPLED, ProofResult, gather
from lexibench.solver.games.call import Call, Progress, Report
from lexibench.solver.tiers import Tier

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.prove.checkpoint import Checkpoint
    from lexibench.solver.games.call import Session
    from lexibench.solver.lexicons import Opened
    from lexibench.solver.plan import Plan

#: Units of work a proof counts as when choosing the default structure: a proof walks the
#: lexicon far more than any solve.
PROOF_UNITS: Final = 1_000_000_000


def prove(call: Call) -> Report:
    """Prove, and report every board at or above the target (so far, when stopped early)."""
    from lexibench.solver.games.boggle.prove.render import proof_json, proof_text

    options = call.options
    rows, cols = parse_size(options["size"])
    chosen = partition(options["partition"] or default_partition(rows, cols))
    check_classes(rows, cols, chosen)
    plan = call.plan(PROOF_UNITS)
    if plan.tier is Tier.NATIVE:
        check_key(rows, cols, chosen)
    target, origin = options["target"], {"from": "option"}
    if options["checkpoint"] is not None:
        from lexibench.solver.games.boggle.prove.checkpoint import check_path, recorded_target

        check_path(options["checkpoint"])
        if target is None:
            target, origin = recorded_target(options["checkpoint"]) or (None, origin)
    if plan.tier is Tier.NATIVE:
        from lexibench.solver.games.boggle.prove.tree import native_build

        native_build()  # a stale build is one line
    opened = call.open(plan)
    if target is None:
        target, origin = default_target(call.session, opened, rows, cols, plan, options["seed"])
    proof = ProofPlan(rows, cols, chosen, target, plan.rules.min_length)
    with _checkpoint(call.session, options["checkpoint"], proof, opened, origin) as checkpoint:
        done = dict(checkpoint.outcomes) if checkpoint is not None else {}
        if checkpoint is not None:
            origin = checkpoint.header.get("target_from") or origin
        result, signum = _prove(call, plan, opened, proof, done, checkpoint, origin)
    call.session.phase("proof")
    checkpoint_path: Path | None = options["checkpoint"]
    return Report(
        lambda: proof_json(result, plan, opened, checkpoint_path),
        lambda: proof_text(result, plan, opened, checkpoint_path),
        signum,
    )


def check_key(rows: int, cols: int, chosen: Partition) -> None:
    """The compiled walk keeps a class's letters in 64 bits, as bit fields or, where those
    would need more, as a mixed-radix number (a digit per cell: its letter, or none): refuse a
    partition whose classes need more than 64 bits even so."""
    cells = chosen.cell_buckets(rows, cols)
    need = sum(max(len(bucket) for bucket in buckets).bit_length() for buckets in cells)
    span = math.prod(max(len(bucket) for bucket in buckets) + 1 for buckets in cells)
    if need > 64 and span >= 1 << 64:
        raise InputError(
            f"--size {rows}x{cols} with partition {chosen.name}: a class's letters need {need} "
            f"bits ({(span - 1).bit_length()} as a mixed-radix number); the native tier holds "
            "64 (choose a partition with smaller buckets, or --tier step)"
        )


def default_target(
    session: Session, opened: Opened, rows: int, cols: int, plan: Plan, seed: int
) -> tuple[int, dict[str, Any]]:
    """The target without ``--target``, and where it came from, said in a line to ``session``:
    the score of the best board known for the word list and size (:mod:`.known`), where the
    table has one and the board scores that here; else the best score the annealing search
    finds with ``seed``."""
    from lexibench.solver.games.boggle.best import make_scorer
    from lexibench.solver.games.boggle.prove.known import best_known
    from lexibench.solver.games.boggle.prove.render import target_text

    known = best_known(opened.wordlist.sha256, rows, cols)
    if known is not None:
        board = known.board()
        score = make_scorer(opened.lexicon, rows, cols, plan.rules.min_length, plan.tier)
        here = score(board.cells)[0]
        if here == known.score:
            origin = {
                "from": "known",
                "wordlist": known.wordlist,
                "board": board.canonical_text(),
                "score": known.score,
                "status": known.status,
            }
            session.note(f"{target_text(known.score, known.size, origin)}; --target sets another")
            return known.score, origin
        why = (
            f"the best known {rows}x{cols} board for {known.wordlist}, {known.letters}, scores "
            f"{here:,} here, not {known.score:,}"
        )
    else:
        why = f"no best {rows}x{cols} board is known for this word list"
    return target_from_best(session, opened, rows, cols, plan, seed, why)


def target_from_best(
    session: Session, opened: Opened, rows: int, cols: int, plan: Plan, seed: int, why: str
) -> tuple[int, dict[str, Any]]:
    """The best score the annealing search finds with ``seed``, and where it came from; ``why``
    the search sets the target, in the line said to ``session``."""
    from lexibench.solver.games.boggle.best import default_budget, search

    budget = default_budget(rows, cols)
    session.note(
        f"target: {why}: searching for a good board ({budget:,} evaluations, --seed {seed}; "
        "--target sets one)"
    )
    found = search(opened.lexicon, rows, cols, seed, budget, min_length=plan.rules.min_length)
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
    session: Session, path: Path | None, proof: ProofPlan, opened: Opened, origin: dict[str, Any]
) -> Iterator[Checkpoint | None]:
    """The checkpoint at ``path`` (None without one), open and locked for the run."""
    if path is None:
        yield None
        return
    from lexibench.solver.games.boggle.prove.checkpoint import Checkpoint

    with Checkpoint(path, proof.fingerprint(opened.wordlist.sha256), origin) as checkpoint:
        if checkpoint.dropped:
            session.note(
                f"checkpoint {path}: dropped a record cut short (a crash), that class is proven "
                "again"
            )
        yield checkpoint


class _Classes:
    """A proof's progress: classes done, pruned, with boards, and left."""

    def __init__(self, progress: Progress, total: int, done: list[ClassOutcome]) -> None:
        self.progress = progress
        self.total = total
        self.count = len(done)
        self.pruned = sum(1 for outcome in done if outcome.outcome == PRUNED)
        self.found = sum(1 for outcome in done if outcome.outcome == FOUND)
        self._note()

    def _note(self) -> None:
        left = self.total - self.count
        self.progress.note(f"pruned {self.pruned:,}, with boards {self.found:,}, left {left:,}")

    def add(self, outcome: ClassOutcome) -> None:
        """A class came back."""
        self.count += 1
        self.pruned += outcome.outcome == PRUNED
        self.found += outcome.outcome == FOUND
        self._note()
        self.progress.update(1)


def _process_cpu() -> float:
    """User and system CPU seconds of this process and of its children waited for (the worker
    processes of a pool, once it has ended)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _run_record(
    plan: Plan,
    done: dict[int, ClassOutcome],
    resumed: int,
    seconds: float,
    stopped: str | None,
    cpu_before: float,
) -> dict[str, Any]:
    """What this run did, for the checkpoint: the classes it finished (the last ``len(done) -
    resumed`` of ``done``), their own CPU seconds, the processes' CPU seconds from the first
    class on (this one's and its workers', their start and the checkpoint's writes included; on
    Dask, this process's only), its wall seconds, where and on what it ran. A run ended by an
    error says so in ``stopped``."""
    import datetime
    import platform

    from lexibench import __version__
    from lexibench.solver.games.boggle.prove.render import where_text
    from lexibench.solver.games.boggle.prove.tree import build_text

    new = list(done.values())[resumed:]
    return {
        "ended": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "seconds": round(seconds, 1),
        "cpu_seconds": round(sum(outcome.seconds for outcome in new), 1),
        "process_cpu_seconds": round(_process_cpu() - cpu_before, 1),
        "classes": len(new),
        "where": where_text(plan.where),
        "tier": plan.tier.value,
        **({"build": build_text()} if plan.tier is Tier.NATIVE else {}),
        "stopped": stopped,
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}",
        "python": platform.python_version(),
        "lexibench": __version__,
    }


def _prove(
    call: Call,
    plan: Plan,
    opened: Opened,
    proof: ProofPlan,
    done: dict[int, ClassOutcome],
    checkpoint: Checkpoint | None,
    origin: dict[str, Any],
) -> tuple[ProofResult, int | None]:
    """Prove the classes not yet ``done``, recording each in ``checkpoint`` as it comes back;
    the result, and the signal that stopped the run (None if none did)."""
    time_limit: float | None = call.options["time_limit"]
    start = time.perf_counter()
    canonical = list(proof.space.canonical_ids())
    sample: int | None = call.options["sample"]
    wanted = dispatch_order(canonical)[:sample]  # all of them without --sample
    todo = [class_id for class_id in wanted if class_id not in done]
    resumed = len(done)
    deadline = time.time() + time_limit if time_limit is not None else None
    job = ProveJob(
        plan.lexicon.for_workers(opened), proof, plan.tier, deadline, opened.wordlist.sha256
    )
    state = None
    if isinstance(plan.where, Here | Processes):  # run here, or inherited by forked workers
        state = prove_state(opened.lexicon, proof, plan.tier)
    goal = len(done) + len(todo)  # the canonical classes, or those done and the sample's left
    progress = call.session.progress(goal, "class", len(done), style="classes")
    classes = _Classes(progress, goal, list(done.values()))
    stop = Stop()
    # At the time limit, this process stops handing out classes (the workers stop the ones
    # they run by themselves: the job carries the deadline).
    timer = threading.Timer(time_limit, stop.set) if time_limit is not None else None
    cpu_before = _process_cpu()
    try:
        with call.session.stopping(stop) as caught:
            if timer is not None:
                timer.daemon = True
                timer.start()
            for outcome in ordered_map(job, todo, plan.where, state=state, batch=1, stop=stop):
                if checkpoint is not None:
                    checkpoint.add(outcome)
                done[outcome.class_id] = outcome
                classes.add(outcome)
    except BaseException as exc:  # the classes back so far are kept: so is what the run did
        if checkpoint is not None and len(done) > resumed:
            ended = f"error: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
            seconds = time.perf_counter() - start
            with contextlib.suppress(InputError):  # the error said is the one raised
                checkpoint.add_run(_run_record(plan, done, resumed, seconds, ended, cpu_before))
        raise
    finally:
        if timer is not None:
            timer.cancel()
        progress.close()
    stopped = caught.name
    if stopped is None and len(done) < len(canonical):
        stopped = SAMPLED if all(class_id in done for class_id in wanted) else "time limit"
    if checkpoint is not None and len(done) > resumed:
        seconds = time.perf_counter() - start
        checkpoint.add_run(_run_record(plan, done, resumed, seconds, stopped, cpu_before))
    result = gather(
        proof,
        done.values(),
        len(canonical),
        seconds=time.perf_counter() - start,
        stopped=stopped,
        resumed=resumed,
        target_from=origin,
    )
    return result, caught.signum
