"""Two runs compared case by case: the ratio of their times, its interval, the test, a verdict.

A run is a results folder (``results/``, ``results-quick/``, a kept run under
``results/history/``) or raw files. Every timed case with its rounds is compared: each suite's
pytest-benchmark cases (every round's seconds), the bulk runs (wall seconds of each round,
where repeated) and the start-up processes (CPU seconds of each process). A case is *slower* (or
*faster*) when the Mann-Whitney test over its rounds says so at the level asked (one-sided,
:data:`ALPHA` by default) and the ratio of medians is beyond the threshold (:data:`THRESHOLD`,
10% as asv's default); else *no change*; *untested* when either run has a single round. The
rounds measure the noise within a run; drift between runs (another load on a shared machine)
is not in them, so a flagged case is worth running again before it is believed.

Either side may be several runs of its code (``--base``/``--new`` on the command line). A case
is then stood for by its fastest run on that side, as :mod:`timeit` takes the minimum: another
load on the machine only ever slows a run down, so the fastest run is the one least disturbed,
and a case flagged slower must have been slow in every run of the new side.
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Final, Literal

from lexibench.benchmarks.harness.records import (
    BulkFile,
    Results,
    StartupFile,
    default_inputs,
    load,
)
from lexibench.benchmarks.report.significance import one_sided_p, shift
from lexibench.solver.errors import InputError
from lexibench.structures.files import check_input_folder, not_regular

#: The one-sided level of the test.
ALPHA: Final = 0.05
#: A change smaller than this fraction is no change, whatever the test says.
THRESHOLD: Final = 0.10

Verdict = Literal["slower", "faster", "no change", "untested"]


@dataclass(frozen=True)
class Case:
    """One case's rounds in one run (seconds)."""

    key: str
    rounds: tuple[float, ...]


@dataclass(frozen=True)
class Change:
    """One case of both runs, compared."""

    key: str
    base: float
    """The base run's median seconds."""
    new: float
    ratio: float
    """The ratio new/base (the median of the pairwise ratios of rounds): above 1, slower."""
    low: float
    high: float
    """The ratio's interval (see :class:`~benchmarks.report.significance.Shift`)."""
    p: float
    """The one-sided p-value of the Mann-Whitney test, in the direction the medians moved."""
    rounds: tuple[int, int]
    verdict: Verdict


@dataclass
class Comparison:
    """Every case of two runs: the changes, and what could not be compared."""

    changes: list[Change]
    only_base: list[str] = field(default_factory=list)
    only_new: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)
    """How the runs differ besides the code (word list, settings, machine, Python)."""
    runs: tuple[int, int] = (1, 1)
    """How many runs each side had."""

    def count(self, verdict: Verdict) -> int:
        return sum(1 for c in self.changes if c.verdict == verdict)

    def slower_than(self, percent: float) -> list[Change]:
        """The slower cases whose ratio is at least ``1 + percent/100``."""
        return [c for c in self.changes if c.verdict == "slower" and c.ratio >= 1 + percent / 100]

    def shift(self) -> float:
        """The median ratio over the tested cases: how far the whole run moved (the machine,
        or a change that touches every case alike); NaN when no case was tested."""
        ratios = [c.ratio for c in self.changes if c.verdict != "untested"]
        return statistics.median(ratios) if ratios else math.nan

    def both_ways(self) -> bool:
        """Whether cases moved both ways in numbers (each way at least 5% of the tested cases):
        the signature of a noisy machine more than of a change, which seldom makes many cases
        faster and many slower at once."""
        tested = len(self.changes) - self.count("untested")
        least = max(2, math.ceil(0.05 * tested))
        return self.count("slower") >= least and self.count("faster") >= least


def inputs(where: Path) -> list[Path]:
    """The raw files of a run: a folder's (as ``lexibench tables`` reads them), or one file.
    Only looked at (a stat): anything but a folder or a regular file (a FIFO, a device, a
    socket) is refused before any file is read."""
    if where.is_dir():
        check_input_folder(where, "run")
        found = [p for p in default_inputs(where) if p.parent.name == "raw"]  # no memory
        if not found:
            raise InputError(f"{where}: no raw files (expected {where}/raw/*.json)")
        return found
    if not os.path.lexists(where):
        raise InputError(f"{where}: no such file or folder")
    what = not_regular(where)
    if what is not None:
        raise InputError(f"{where}: it is {what}, neither a results folder nor a raw file")
    return [where]


def cases(paths: list[Path]) -> tuple[dict[str, Case], Results]:
    """Every timed case with its rounds in the raw files ``paths``, by key."""
    found: dict[str, Case] = {}
    merged = Results()
    for path in paths:
        results = load([path])
        merged.runs += results.runs
        for bench in results.benches:
            rounds = bench.timing.data or (bench.timing.median,)
            _add(found, Case(f"{_suite(path)}: {bench.name}", tuple(rounds)))
        if results.bulk is not None:
            merged.bulk = results.bulk
            for case in _bulk_cases(results.bulk):
                _add(found, case)
        if results.startup is not None:
            merged.startup = results.startup
            for case in _startup_cases(results.startup):
                _add(found, case)
    return found, merged


def _suite(path: Path) -> str:
    """The suite a raw file holds, by its name (``games.json``, or ``games.json.gz`` kept)."""
    return path.name.split(".", 1)[0]


def _add(found: dict[str, Case], case: Case) -> None:
    if case.key in found:  # the same case twice (a suite's file given twice): the rounds join
        case = Case(case.key, found[case.key].rounds + case.rounds)
    found[case.key] = case


def _bulk_cases(bulk: BulkFile) -> Iterator[Case]:
    for run in bulk.runs:
        workers = "C++ peer" if run.engine == "peer" else f"{run.engine} x{run.jobs}"
        key = (
            f"bulk: {run.lexicon} {run.output}, {run.count:,} {run.boards} boards, {run.form}, "
            f"{workers}"
        )
        yield Case(key, run.rounds or (run.seconds,))


def _startup_cases(startup: StartupFile) -> Iterator[Case]:
    for name, processes in startup.cases.items():
        yield Case(f"startup: {name} (CPU)", processes.cpu_s)
    for backend, first in startup.backends.items():
        yield Case(f"first answer: {backend}, cached (CPU)", first.cached.cpu_s)
        yield Case(f"first answer: {backend}, built (CPU)", first.built.cpu_s)


def change(
    key: str,
    base: tuple[float, ...],
    new: tuple[float, ...],
    alpha: float = ALPHA,
    threshold: float = THRESHOLD,
) -> Change:
    """One case compared (see the module docstring for the verdict)."""
    moved = shift(base, new, alpha)
    p = one_sided_p(base, new)
    verdict: Verdict
    if min(len(base), len(new)) < 2:
        verdict = "untested"
    elif p <= alpha and moved.ratio >= 1 + threshold:
        verdict = "slower"
    elif p <= alpha and moved.ratio <= 1 / (1 + threshold):
        verdict = "faster"
    else:
        verdict = "no change"
    return Change(
        key,
        statistics.median(base),
        statistics.median(new),
        moved.ratio,
        moved.low,
        moved.high,
        p,
        (len(base), len(new)),
        verdict,
    )


def compare(
    base: Path | Sequence[Path],
    new: Path | Sequence[Path],
    alpha: float = ALPHA,
    threshold: float = THRESHOLD,
) -> Comparison:
    """Compare the runs at ``base`` and ``new`` (folders or raw files; either may be several runs
    of its code, each case then stood for by its fastest run on that side)."""
    base_runs = [base] if isinstance(base, Path) else list(base)
    new_runs = [new] if isinstance(new, Path) else list(new)
    if not base_runs or not new_runs:
        raise InputError("no run to compare")
    base_files = [inputs(where) for where in base_runs]  # every run looked at before any read
    new_files = [inputs(where) for where in new_runs]
    base_cases, base_results = _side(base_files)
    new_cases, new_results = _side(new_files)
    common = [key for key in base_cases if key in new_cases]
    if not common:
        raise InputError(
            f"{base_runs[0]} and {new_runs[0]}: no case in common (runs of different suites?)"
        )
    changes = [
        change(key, base_cases[key].rounds, new_cases[key].rounds, alpha, threshold)
        for key in sorted(common)
    ]
    return Comparison(
        changes,
        only_base=sorted(set(base_cases) - set(new_cases)),
        only_new=sorted(set(new_cases) - set(base_cases)),
        differences=_differences(base_results, new_results),
        runs=(len(base_runs), len(new_runs)),
    )


def _side(runs: list[list[Path]]) -> tuple[dict[str, Case], Results]:
    """One side's cases over its runs (each its raw files): each case from the run where its
    median is lowest; and the first run's records (for the differences)."""
    loaded = [cases(paths) for paths in runs]
    every: dict[str, list[Case]] = {}
    for run_cases, _ in loaded:
        for key, case in run_cases.items():
            every.setdefault(key, []).append(case)
    fastest = {
        key: min(found, key=lambda c: statistics.median(c.rounds)) for key, found in every.items()
    }
    return fastest, loaded[0][1]


def _differences(base: Results, new: Results) -> list[str]:
    """What else differs between the runs: word list, settings, machine, Python, packages."""
    old, now = base.run, new.run
    if old is None or now is None:
        return []
    found = []
    if old.wordlist.sha256 != now.wordlist.sha256:
        found.append(f"word list: {old.wordlist.name} against {now.wordlist.name}")
    for f in fields(old.settings):
        a, b = getattr(old.settings, f.name), getattr(now.settings, f.name)
        if a != b and f.name != "wordlist":
            found.append(f"setting {f.name}: {a} against {b}")
    for label, a, b in (
        ("machine", old.machine, now.machine),
        ("Python", old.python, now.python),
        ("compiled solver", old.solver_build, now.solver_build),
    ):
        if a != b:
            found.append(f"{label}: {a} against {b}")
    for name in sorted(set(old.packages) | set(now.packages)):
        a, b = old.packages.get(name), now.packages.get(name)
        if a != b:
            found.append(f"package {name}: {a} against {b}")
    return found
