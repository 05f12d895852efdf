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

Only cases that did the same work compare. Each case carries what shaped its work: the word list
(its checksum), the work of a round, its cap and the other work fields its record holds, and the
run's settings its suite reads (:data:`SUITE_SETTINGS`: the seed, the scale, the puzzles, ...);
and how it was timed (pytest-benchmark's rounds options, a bulk run's rounds, the start-up's
processes). Two runs that differ in any of these for a case they share are refused, naming the
differences (a quick run against a full one is different work); asked to compare ``anyway``, the
cases whose work is the same are compared and the others listed as not comparable. Different
sets of cases (other backends, games or suites chosen) are no difference of work: the common
cases are compared and the others listed.

Either side may be several runs of its code (``--base``/``--new`` on the command line). A case
is then stood for by its fastest run on that side, as :mod:`timeit` takes the minimum: another
load on the machine only ever slows a run down, so the fastest run is the one least disturbed,
and a case flagged slower must have been slow in every run of the new side.
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Final, Literal

from lexibench.benchmarks.harness.records import (
    Bench,
    BulkFile,
    Record,
    Results,
    RoundsOptions,
    Run,
    StartupFile,
    SuiteFile,
    WordListRef,
    default_inputs,
    read,
)
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.report.significance import one_sided_p, shift
from lexibench.solver.errors import InputError
from lexibench.structures.files import check_input_folder, not_regular

#: The one-sided level of the test.
ALPHA: Final = 0.05
#: A change smaller than this fraction is no change, whatever the test says.
THRESHOLD: Final = 0.10

Verdict = Literal["slower", "faster", "no change", "untested"]

#: The settings that choose which cases run, not the work of one: runs that differ in them
#: compare on the cases they share. (The word list is named by every record, with its checksum.)
CHOOSING: Final = frozenset({"games", "workloads", "backends", "sizes", "wordlist"})
#: Every setting that shapes the work of a case.
WORK_SETTINGS: Final = tuple(f.name for f in fields(Settings) if f.name not in CHOOSING)
#: The settings each suite's cases read (by their records' suite), beside what the records hold;
#: a suite not named here is taken to read every one of :data:`WORK_SETTINGS`.
SUITE_SETTINGS: Final[Mapping[str, tuple[str, ...]]] = {
    "best": ("seed", "search_runs", "search_budget", "search_compare"),
    "build": (),
    "crossword-lexicon": ("scale",),
    "crossword-movegen": ("seed", "puzzles", "scale"),
    "crossword-nodes": ("seed", "puzzles", "scale"),
    "crossword-peer": ("seed", "puzzles", "scale"),
    "crossword-sim": ("seed", "puzzles", "scale"),
    "crossword-sim-peer": ("seed", "puzzles", "scale"),
    "crossword-turn-peer": ("seed", "puzzles", "scale"),
    "equity": ("seed", "equity_games", "scale"),
    "games": ("seed", "puzzles", "scale"),
    "load": (),
    "lookup": ("seed", "queries"),
    "pitfall": ("seed", "boards"),
    "prove": ("seed", "puzzles", "scale"),
    "scaling-board": ("seed", "sweep"),
    "scaling-dictionary": ("seed", "sweep"),
    "selfplay": ("seed", "selfplay_games", "scale"),
    "solve-interpreted": ("seed", "boards"),
}
#: A record's fields that shape its work, where it has them (its round's units are one).
RECORD_WORK: Final = (
    "cap",
    "size",
    "subset_words",
    "budget_ms",
    "partition",
    "target",
    "classes",
    "strings",
    "positions",
    "blanks",
    "mode",
    "leaves",
    "players",
    "candidates",
    "plies",
    "iterations",
)
#: The name of how a case was timed (not its work: its rounds).
ROUNDS: Final = "rounds"


@dataclass(frozen=True)
class Fact:
    """One thing that shaped a case's measurement: the value compared, and how it reads."""

    value: object
    text: str


@dataclass(frozen=True)
class Case:
    """One case's rounds in one run (seconds), what shaped its work, and how it was timed."""

    key: str
    rounds: tuple[float, ...]
    work: Mapping[str, Fact] = field(default_factory=dict)
    """By name: ``word list``, ``setting seed``, ``work per round``, ``cap``, ..."""
    timing: Fact | None = None
    """How its rounds were taken (pytest-benchmark's options, a bulk run's rounds, the
    start-up's processes); None where the file does not say."""


@dataclass(frozen=True)
class Unlike:
    """A case both runs have whose work differs between them: not compared."""

    key: str
    differs: tuple[str, ...]
    """What differs (``word list``, ``setting seed``, ...)."""


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
    """How the runs differ besides the code and the work (machine, Python, packages, the
    settings that choose cases)."""
    runs: tuple[int, int] = (1, 1)
    """How many runs each side had."""
    work_differences: list[str] = field(default_factory=list)
    """How the work (or the rounds) of the cases both runs have differs, each ``name: base
    against new`` (empty: the same work)."""
    not_comparable: list[Unlike] = field(default_factory=list)
    """The cases both runs have whose work differs (compared ``anyway``: listed, not
    compared)."""

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
    """Every timed case with its rounds in the raw files ``paths``, by key, with what shaped its
    work and how it was timed; and the files' run records (for the differences)."""
    found: dict[str, Case] = {}
    merged = Results()
    for path in paths:
        decoded = read(path)
        if isinstance(decoded, SuiteFile):
            run = Run.of(decoded, path.name)
            merged.runs.append(run)
            for bench in decoded.benchmarks:
                rounds = bench.timing.data or (bench.timing.median,)
                work = _suite_work(bench, run.record.settings)
                timed = _rounds_taken(bench.options)
                _add(found, Case(f"{_suite(path)}: {bench.name}", tuple(rounds), work, timed))
        elif isinstance(decoded, BulkFile):
            merged.bulk = decoded
            for case in _bulk_cases(decoded):
                _add(found, case)
        elif isinstance(decoded, StartupFile):
            merged.startup = decoded
            for case in _startup_cases(decoded):
                _add(found, case)
    return found, merged


def _rounds_taken(options: RoundsOptions | None) -> Fact | None:
    """How a suite's case was timed (pytest-benchmark's rounds options); None where its file
    does not say."""
    if options is None or options.min_rounds is None or options.max_time is None:
        return None
    text = f"at least {options.min_rounds} within {options.max_time:g} s"
    return Fact((options.min_rounds, options.max_time), text)


def _wordlist(words: WordListRef) -> Fact:
    return Fact(words.sha256, f"{words.name} ({words.words:,} words, sha256 {words.sha256[:12]})")


def _suite_work(bench: Bench[Record], settings: Settings) -> dict[str, Fact]:
    """What shaped a suite case's work: its word list, the settings its suite reads, its
    round's units and its record's other work fields."""
    record = bench.record
    work = {"word list": _wordlist(record.wordlist)}
    for name in SUITE_SETTINGS.get(record.suite, WORK_SETTINGS):
        value = getattr(settings, name)
        work[f"setting {name}"] = Fact(value, str(value))
    work["work per round"] = Fact(record.units, f"{record.units:,}")
    for name in RECORD_WORK:
        if hasattr(record, name):
            value = getattr(record, name)
            work[name] = Fact(value, "none" if value is None else str(value))
    return work


def _suite(path: Path) -> str:
    """The suite a raw file holds, by its name (``games.json``, or ``games.json.gz`` kept)."""
    return path.name.split(".", 1)[0]


def _add(found: dict[str, Case], case: Case) -> None:
    if case.key in found:  # the same case twice (a suite's file given twice): the rounds join
        first = found[case.key]
        case = Case(case.key, first.rounds + case.rounds, first.work, first.timing)
    found[case.key] = case


def _bulk_cases(bulk: BulkFile) -> Iterator[Case]:
    work = {"word list": _wordlist(bulk.wordlist), "setting seed": Fact(bulk.seed, str(bulk.seed))}
    for run in bulk.runs:
        workers = "C++ peer" if run.engine == "peer" else f"{run.engine} x{run.jobs}"
        key = (
            f"bulk: {run.lexicon} {run.output}, {run.count:,} {run.boards} boards, {run.form}, "
            f"{workers}"
        )
        rounds = len(run.rounds) or 1
        yield Case(key, run.rounds or (run.seconds,), work, Fact(rounds, f"{rounds} round(s)"))


def _startup_cases(startup: StartupFile) -> Iterator[Case]:
    work = {
        "word list": _wordlist(startup.wordlist),
        "board": Fact(startup.board, startup.board),
        "command": Fact(startup.command, startup.command),
    }
    timing = Fact(startup.runs, f"{startup.runs} process(es)")
    for name, processes in startup.cases.items():
        yield Case(f"startup: {name} (CPU)", processes.cpu_s, work, timing)
    for backend, first in startup.backends.items():
        yield Case(f"first answer: {backend}, cached (CPU)", first.cached.cpu_s, work, timing)
        yield Case(f"first answer: {backend}, built (CPU)", first.built.cpu_s, work, timing)


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
    anyway: bool = False,
) -> Comparison:
    """Compare the runs at ``base`` and ``new`` (folders or raw files; either may be several runs
    of its code, each case then stood for by its fastest run on that side). Runs whose shared
    cases did different work (or were timed differently) are refused, naming how; ``anyway``
    compares the cases whose work is the same and lists the others as not comparable."""
    base_runs = [base] if isinstance(base, Path) else list(base)
    new_runs = [new] if isinstance(new, Path) else list(new)
    if not base_runs or not new_runs:
        raise InputError("no run to compare")
    base_files = [inputs(where) for where in base_runs]  # every run looked at before any read
    new_files = [inputs(where) for where in new_runs]
    base_cases, base_every, base_results = _side(base_files)
    new_cases, new_every, new_results = _side(new_files)
    common = [key for key in sorted(base_cases) if key in new_cases]
    if not common:
        raise InputError(
            f"{base_runs[0]} and {new_runs[0]}: no case in common (runs of different suites?)"
        )
    pairs: dict[str, dict[tuple[str, str], int]] = {}
    unlike: list[Unlike] = []
    for key in common:
        differs = _unlike(base_every[key] + new_every[key], pairs)
        if differs:
            unlike.append(Unlike(key, differs))
    work_differences = [_said(name, pairs[name]) for name in sorted(pairs, key=_order)]
    if work_differences and not anyway:
        raise InputError(
            f"{base_runs[0]} and {new_runs[0]} did not measure the same work "
            f"({'; '.join(work_differences)}): their times do not compare (--anyway compares "
            "the cases whose work is the same)"
        )
    skipped = {u.key for u in unlike}
    changes = [
        change(key, base_cases[key].rounds, new_cases[key].rounds, alpha, threshold)
        for key in common
        if key not in skipped
    ]
    named = {d.split(": ", 1)[0] for d in work_differences}
    return Comparison(
        changes,
        only_base=sorted(set(base_cases) - set(new_cases)),
        only_new=sorted(set(new_cases) - set(base_cases)),
        differences=[
            d for d in _differences(base_results, new_results) if d.split(": ", 1)[0] not in named
        ],
        runs=(len(base_runs), len(new_runs)),
        work_differences=work_differences,
        not_comparable=unlike,
    )


def _unlike(found: list[Case], pairs: dict[str, dict[tuple[str, str], int]]) -> tuple[str, ...]:
    """What differs in the work of one case over its runs (``found``, the base side's first):
    the names of the differing facts, each pair of values counted into ``pairs`` by name (and
    how its rounds were taken, counted too, but no difference of work)."""
    first, differs = found[0], []
    for other in found[1:]:
        for name in [*first.work, *(n for n in other.work if n not in first.work)]:
            a, b = first.work.get(name), other.work.get(name)
            if a is None or b is None or a.value != b.value:
                said = (a.text if a else "not recorded", b.text if b else "not recorded")
                counted = pairs.setdefault(name, {})
                counted[said] = counted.get(said, 0) + 1
                if name not in differs:
                    differs.append(name)
        if first.timing and other.timing and first.timing.value != other.timing.value:
            counted = pairs.setdefault(ROUNDS, {})
            said = (first.timing.text, other.timing.text)
            counted[said] = counted.get(said, 0) + 1
    return tuple(differs)


def _order(name: str) -> tuple[int, str]:
    """The word list first, then the settings, the records' fields, the rounds last."""
    if name == "word list":
        return 0, name
    if name == ROUNDS:
        return 3, name
    return (1 if name.startswith("setting ") else 2), name


def _said(name: str, pairs: dict[tuple[str, str], int]) -> str:
    """One difference as a phrase: ``name: base against new``, or, where the values differ
    from case to case, how many cases and the commonest pair."""
    (a, b), _ = max(pairs.items(), key=lambda item: (item[1], item[0]))
    if len(pairs) == 1:
        return f"{name}: {a} against {b}"
    return f"{name}: in {sum(pairs.values()):,} cases (such as {a} against {b})"


def _side(runs: list[list[Path]]) -> tuple[dict[str, Case], dict[str, list[Case]], Results]:
    """One side's cases over its runs (each its raw files): each case from the run where its
    median is lowest; every run's case of each key (the first run's first); and the first run's
    records (for the differences)."""
    loaded = [cases(paths) for paths in runs]
    every: dict[str, list[Case]] = {}
    for run_cases, _ in loaded:
        for key, case in run_cases.items():
            every.setdefault(key, []).append(case)
    fastest = {
        key: min(found, key=lambda c: statistics.median(c.rounds)) for key, found in every.items()
    }
    return fastest, every, loaded[0][1]


def _version(value: str | None) -> str:
    return "not installed" if value is None else value


def _differences(base: Results, new: Results) -> list[str]:
    """How else the runs differ: settings and word list names (each suite's file against the
    same suite's), machine, Python, packages (the newest file's); a setting or word list that
    shaped the work of a case both have is among the work's differences instead."""
    old, now = base.run, new.run
    if old is None or now is None:
        return []
    by_suite = {_suite(Path(r.source)): r for r in new.runs}
    matched = [
        (r, by_suite[_suite(Path(r.source))])
        for r in base.runs
        if _suite(Path(r.source)) in by_suite
    ]
    found: list[str] = []
    for a_run, b_run in matched or [(old, now)]:
        a_words, b_words = a_run.record.wordlist, b_run.record.wordlist
        if a_words.sha256 != b_words.sha256:
            found.append(f"word list: {a_words.name} against {b_words.name}")
        elif a_words.name != b_words.name:
            found.append(f"word list named {a_words.name} against {b_words.name} (the same words)")
        for f in fields(a_run.record.settings):
            a, b = getattr(a_run.record.settings, f.name), getattr(b_run.record.settings, f.name)
            if a != b and f.name != "wordlist":
                found.append(f"setting {f.name}: {a} against {b}")
    for label, x, y in (
        ("machine", old.machine, now.machine),
        ("Python", old.python, now.python),
        ("compiled solver", old.record.solver_build, now.record.solver_build),
    ):
        if x != y:
            found.append(f"{label}: {x} against {y}")
    for name in sorted(set(old.record.packages) | set(now.record.packages)):
        p, q = old.record.packages.get(name), now.record.packages.get(name)
        if p != q:
            found.append(f"package {name}: {_version(p)} against {_version(q)}")
    return list(dict.fromkeys(found))
