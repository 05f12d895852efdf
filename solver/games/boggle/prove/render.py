"""A proof's result as ``lexibench prove`` prints it: JSON, or text for a reader."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from lexibench.solver.execution import Dask, Processes, Where
from lexibench.solver.games.boggle.prove.known import PROVEN
from lexibench.solver.games.boggle.prove.proof import SAMPLED

if TYPE_CHECKING:
    from lexibench.solver.games.boggle.prove.proof import ProofResult
    from lexibench.solver.lexicons import Opened
    from lexibench.solver.plan import Plan

#: Boards listed in the text output (``--json`` lists every one).
SHOWN_BOARDS: Final = 50


def proof_json(
    result: ProofResult, plan: Plan, opened: Opened, checkpoint: Path | None
) -> dict[str, Any]:
    """The proof's JSON object: its result, the lexicon, tier and word list, how many processes
    and the checkpoint."""
    data = result.as_json()
    data.update(
        lexicon=opened.id,
        tier=plan.tier.value,
        wordlist=opened.wordlist.summary(),
        jobs=plan.where.jobs if isinstance(plan.where, Processes) else 1,
        checkpoint=str(checkpoint) if checkpoint else None,
    )
    return data


def _hours(seconds: float) -> str:
    """CPU time in hours, or in seconds below one hour."""
    return f"{seconds / 3600:,.2f} h" if seconds >= 3600 else f"{max(seconds, 0.0):,.0f} s"


def where_text(where: Where) -> str:
    """Where the classes ran, in words."""
    if isinstance(where, Dask):
        if where.scheduler is not None:
            return f"the Dask cluster at {where.scheduler}"
        return f"a local Dask cluster of {where.workers} workers"
    if isinstance(where, Processes):
        return f"{where.jobs} processes"
    return "1 process"


def target_text(target: int, size: str, origin: dict[str, Any]) -> str | None:
    """Where the target of a ``size`` proof came from, in words (None for ``--target``)."""
    if origin.get("from") == "known":
        status = "proven best" if origin["status"] == PROVEN else "the best found, not proven"
        return (
            f"target {target:,}: the best known {size} board for {origin['wordlist']}, "
            f"{origin['board']} ({status})"
        )
    if origin.get("from") == "best":
        return (
            f"target {target:,}: the best score `lexibench best` found (seed {origin['seed']}, "
            f"{origin['evaluations']:,} evaluations: {origin['board']})"
        )
    return None


def proof_text(result: ProofResult, plan: Plan, opened: Opened, checkpoint: Path | None) -> str:
    """The boards at or above the target, the proof's verdict, its classes and its cost."""
    from lexibench.solver.games.boggle.board import parse_board
    from lexibench.solver.games.boggle.render import grid_text

    proof = result.plan
    boards = result.boards()
    size, target = proof.size, proof.target
    wordlist = f"{opened.wordlist.name} ({opened.wordlist.words:,} words)"
    lines = []
    if result.stopped is not None:
        again = " with a larger --sample (or without it)" if result.stopped == SAMPLED else ""
        resume = (
            f"; run the same command again{again} to resume from {checkpoint}"
            if checkpoint
            else " (--checkpoint FILE keeps them for a later run)"
        )
        why = "a sample, the first classes of the shuffled order" if again else result.stopped
        lines.append(
            f"stopped early ({why}): {len(result.outcomes):,} of "
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
            lines.append(grid_text(parse_board(best.canonical)))
            lines.append(
                f"proven: no {size} board scores more than {best.canonical} ({best.score:,} "
                f"points); no other board reaches {target:,} but those listed and their "
                "rotations and reflections"
            )
        else:
            lines.append(f"proven: no {size} board scores {target:,} or more")
    counts = result.counts()
    lines.append(
        f"classes: {result.canonical:,} canonical of {proof.space.total:,} (partition "
        f"{proof.partition.name}: {proof.partition.text}); done {len(result.outcomes):,}: "
        f"{counts['pruned']:,} pruned by their bound, {counts['searched']:,} searched to no "
        f"board, {counts['found']:,} with boards"
        + (f" ({result.resumed:,} from the checkpoint)" if result.resumed else "")
    )
    said = target_text(target, size, result.target_from)
    if said is not None:
        lines.append(said)
    lines.append(
        f"CPU {result.cpu_seconds:,.1f} s in the {len(result.outcomes):,} classes done; "
        f"{result.seconds:,.1f} s wall with "
        f"{where_text(plan.where)}; lexicon {opened.id} ({plan.tier.value} tier)"
    )
    projected = None if result.complete else result.projected_cpu()
    if projected is not None:
        estimate, low, high = projected
        sample = (
            "a uniform sample"
            if result.stopped == SAMPLED
            else "the first of the shuffled order, less any cut short, so perhaps low"
        )
        lines.append(
            f"the whole proof, projected from the classes done ({sample}): about "
            f"{_hours(estimate)} of CPU (95% interval {_hours(low)} to {_hours(high)})"
        )
    return "\n".join(lines)
