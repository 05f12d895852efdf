"""The whole proofs kept in the repository, for the report's "Proving the best board" section.

A proof too long for one session runs from a checkpoint of ``lexibench prove`` kept in
``benchmarks/data/proofs/`` and resumed session after session (its command is in
solver/README.md). This module reads each checkpoint as it stands: the classes done out of the
canonical classes, their outcomes, the CPU seconds they took (each class's own), the wall time of
the runs that finished them (the checkpoint's run records), and the boards found. Beside each it
puts the published proof of the same size, word list, partition and target
(``benchmarks/data/published_proofs.toml``): its CPU time, and its boards checked against ours,
one name per board (the smallest of its turned and mirrored images).
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Final

from lexibench.benchmarks.report.formatting import num, table
from lexibench.benchmarks.report.sections.best import known_boards
from lexibench.solver.games.boggle.board import parse_board, parse_size
from lexibench.solver.games.boggle.prove import checkpoint
from lexibench.solver.games.boggle.prove.job import FOUND, PRUNED, SEARCHED, ClassOutcome
from lexibench.solver.games.boggle.prove.partitions import partition
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.proof import projected_cpu
from lexibench.structures.files import read_input

#: The folder of the kept checkpoints, under the benchmarks' data.
PROOFS: Final = "proofs"
#: The published proofs to set beside them.
PUBLISHED: Final = "published_proofs.toml"
#: Fewer classes done than this is a small sample: its projection likely misses the rare slowest
#: classes. (Of the complete 3x4 proof, whose slowest 1% of classes took 7% of its time, the
#: first 30 classes of the order projected 0.86x the whole, the first 100 0.93x, 1,000 0.99x.)
SMALL_SAMPLE: Final = 1000


@dataclass(frozen=True)
class WholeProof:
    """One kept checkpoint, read."""

    name: str
    plan: dict[str, Any]
    outcomes: dict[int, ClassOutcome]
    runs: list[dict[str, Any]]

    @cached_property
    def canonical(self) -> int:
        """The canonical classes of the proof: all of them once done."""
        rows, cols = parse_size(self.plan["size"])
        proof = ProofPlan(rows, cols, partition(self.plan["partition"]), int(self.plan["target"]))
        return proof.space.canonical_count

    @property
    def done(self) -> int:
        return len(self.outcomes)

    @property
    def complete(self) -> bool:
        return self.done >= self.canonical

    @property
    def cpu_seconds(self) -> float:
        """The classes' own CPU seconds, added up."""
        return sum(o.seconds for o in self.outcomes.values())

    def projected(self) -> tuple[float, float, float] | None:
        """The whole proof's CPU seconds, ``(estimate, low, high)``: exact when complete, else
        projected from the classes done, a uniform sample (see
        :func:`~lexibench.solver.games.boggle.prove.proof.projected_cpu`); None with fewer than
        two classes done."""
        return projected_cpu([o.seconds for o in self.outcomes.values()], self.canonical)

    def boards(self) -> dict[str, int]:
        """Every board found at or above the target, by its canonical name, with its score."""
        found: dict[str, int] = {}
        for outcome in self.outcomes.values():
            for text, score, _ in outcome.boards:
                found[parse_board(text).canonical_text()] = score
        return found


def kept_proofs(folder: Path | None = None) -> list[WholeProof]:
    """The checkpoints in ``folder`` (default: ``benchmarks/data/proofs/``, absent from an
    installed wheel, which does not ship them), by file name."""
    where = folder or Path(str(resources.files("lexibench.benchmarks").joinpath("data", PROOFS)))
    if not where.is_dir():
        return []
    proofs = []
    for path in sorted(where.glob("*.checkpoint")):
        found = _read(path)  # checked, and against its plan
        if found is not None:
            proofs.append(WholeProof(path.name, found.header["plan"], found.outcomes, found.runs))
    return proofs


#: The kept checkpoints parsed so far in this process, by path and SHA-256 of their bytes: a
#: report reads them at every render (about 2 s for the three 3x4 proofs of 4 MB each), and a
#: process may render many (the tests). At most :data:`PARSED_KEPT` are kept.
_parsed: dict[tuple[str, bytes], checkpoint.Contents] = {}
PARSED_KEPT: Final = 8


def _read(path: Path) -> checkpoint.Contents | None:
    """:func:`checkpoint.read` of the kept proof at ``path``: its bytes read and checked as
    every time, parsed once per process for the same bytes."""
    if not os.path.lexists(path):
        return None
    data = read_input(path, "kept proof", checkpoint.MAX_BYTES)
    key = (str(path), hashlib.sha256(data).digest())
    if key not in _parsed:
        if len(_parsed) >= PARSED_KEPT:
            _parsed.clear()
        _parsed[key] = checkpoint.parse(data, str(path), "kept proof")
    return _parsed[key]


def published() -> list[dict[str, Any]]:
    """The published proofs (``published_proofs.toml``)."""
    text = resources.files("lexibench.benchmarks").joinpath("data", PUBLISHED)
    entries: list[dict[str, Any]] = tomllib.loads(text.read_text(encoding="utf-8"))["proof"]
    return entries


def _same(proof: WholeProof, entry: dict[str, Any]) -> bool:
    plan = proof.plan
    if (entry["size"], entry["wordlist_sha256"], int(entry["target"])) != (
        plan["size"],
        plan["wordlist_sha256"],
        int(plan["target"]),
    ):
        return False
    rows, cols = parse_size(plan["size"])
    return bool(
        partition(entry["partition"]).cell_buckets(rows, cols)
        == partition(plan["partition"]).cell_buckets(rows, cols)
    )


def builds(proof: WholeProof) -> str:
    """The builds of the native bound its runs used, as the run records say: ``plain`` (a run
    recorded before the build was, made with the plain build), ``profile-guided`` or
    ``interpreted`` (the step tier)."""
    names = {"cython": "plain", "cython, profile-guided": "profile-guided"}
    found = {
        names.get(str(run.get("build", "cython")), str(run.get("build")))
        if run.get("tier", "native") == "native"
        else "interpreted"
        for run in proof.runs
    }
    return ", ".join(sorted(found))


def _row(proof: WholeProof) -> list[str]:
    plan = proof.plan
    listed = known_boards(plan["wordlist_sha256"])[0] or plan["wordlist_sha256"][:12]
    counts = dict.fromkeys((PRUNED, SEARCHED, FOUND), 0)
    for outcome in proof.outcomes.values():
        counts[outcome.outcome] += 1
    wall = sum(float(run["seconds"]) for run in proof.runs)
    covered = sum(int(run["classes"]) for run in proof.runs)
    boards = proof.boards()
    projected = proof.projected()
    if projected is None:
        whole = "(too few classes)"
    else:
        estimate, low, high = projected
        whole = (
            num(estimate / 3600)
            if proof.complete
            else f"≈{num(estimate / 3600)} ({num(low / 3600)}-{num(high / 3600)})"
        )
    return [
        f"{plan['size']}, {listed}, target {int(plan['target']):,}",
        f"{proof.done:,} of {proof.canonical:,}" + (" (complete)" if proof.complete else ""),
        " / ".join(f"{counts[kind]:,}" for kind in (PRUNED, SEARCHED, FOUND)),
        num(proof.cpu_seconds / 3600),
        whole,
        num(wall / 3600) + (f" ({covered:,} classes)" if covered != proof.done else ""),
        str(len(proof.runs)),
        builds(proof),
        f"{len(boards):,}",
        f"{max(boards.values()):,}" if boards else "",
    ]


def published_boards(proof: WholeProof, entry: dict[str, Any]) -> dict[str, int]:
    """The boards of a published proof of ``proof``'s size, by canonical name, with their scores:
    each run of C letters of a board one row of lexibench's R x C board (hybrid-boggle writes
    its columns, which are those rows: the same board turned)."""
    cols = parse_size(proof.plan["size"])[1]
    return {
        parse_board("/".join(b[i : i + cols] for i in range(0, len(b), cols))).canonical_text(): s
        for b, s in entry["boards"]
    }


def _beside(proof: WholeProof, entry: dict[str, Any]) -> list[str]:
    theirs = published_boards(proof, entry)
    ours = proof.boards()
    projected = proof.projected()
    if projected is None:
        return []  # nothing to set beside it yet
    cpu, low, high = projected
    if proof.complete:
        ours_cpu = f"{num(cpu / 3600)} CPU hours"
    else:
        ours_cpu = (
            f"about {num(cpu / 3600)} CPU hours (95% interval {num(low / 3600)}-"
            f"{num(high / 3600)}) projected from the {proof.done:,} classes done (classes are "
            "handed out in a fixed shuffled order: a uniform sample"
            + (
                f"; only {proof.done:,}, so the rare slowest classes, which weigh most in a "
                "proof, are likely missing and the projection is likely low"
                if proof.done < SMALL_SAMPLE
                else ""
            )
            + ")"
        )
    machines = sorted({str(run.get("machine")) for run in proof.runs})
    where = sorted({str(run.get("where")) for run in proof.runs})
    agree = [b for b in theirs if ours.get(b) == theirs[b]]
    extra = sorted(b for b in ours if b not in theirs)
    wrong = sorted(b for b in theirs if b in ours and ours[b] != theirs[b])
    lines = [
        f"Beside {entry['tool']}'s proof of the same (size, word list, partition and target): "
        f"{num(float(entry['cpu_seconds']) / 3600)} CPU hours ({entry['cpu_measure']}) on "
        f"{entry['machine']}; lexibench ({builds(proof)} build): {ours_cpu}, the classes' own "
        "CPU time (each class's "
        "thread, without start-up or the checkpoint's process), on the machines its runs "
        f"record ({'; '.join([*machines, *where]) or 'none recorded yet'}): "
        f"{cpu / float(entry['cpu_seconds']):.2f}x its CPU time, on other machines.",
        "",
        f"Boards: {len(agree)} of the {len(theirs)} it lists are found with its score"
        + (" (all of them)" if len(agree) == len(theirs) else " so far")
        + (
            f"; found and not listed: {', '.join(extra)}"
            if extra
            else "; none found that it does not list"
        )
        + (f"; scored otherwise: {', '.join(wrong)}" if wrong else "")
        + f". Source: {entry['source']}.",
        "",
    ]
    return lines


def render_lines(
    folder: Path | None = None, entries: list[dict[str, Any]] | None = None
) -> list[str]:
    """The subsection's Markdown lines (none when no proof is kept), from the checkpoints in
    ``folder`` and the published ``entries`` (defaults: the kept ones, the published ones)."""
    proofs = kept_proofs(folder)
    if not proofs:
        return []
    lines = [
        "### The whole proofs",
        "",
        "Each is a checkpoint of `lexibench prove` kept in `benchmarks/data/proofs/` and resumed "
        "session after session (its command is in solver/README.md): the classes done, their "
        "outcomes (pruned / searched / with boards), their own CPU time, the wall time of the "
        "runs that did them, the build of the compiled bound they ran (plain, or "
        "profile-guided: solver/README.md), and the boards found at or above the target. A "
        "proof not yet "
        "complete projects its whole CPU time from the classes done, which are a uniform sample "
        "of its classes (handed out in a fixed shuffled order), with a 95% interval.",
        "",
        table(
            [
                "proof",
                "classes done",
                "pruned / searched / found",
                "CPU h",
                "whole proof, CPU h",
                "wall h",
                "runs",
                "build",
                "boards",
                "best",
            ],
            [_row(p) for p in proofs],
        ),
        "",
    ]
    for proof in proofs:
        for entry in published() if entries is None else entries:
            if _same(proof, entry):
                lines += _beside(proof, entry)
    return lines
