"""The main job (``make bench``): every suite, memory, start-up, the scaling sweep and the bulk
runs, then the report.

Each suite runs as ``pytest --benchmark-only`` with ``--benchmark-json`` into a temporary file,
kept only when the suite passed; memory, start-up and bulk measurements are written the same way,
and the report is published only when everything was written, so a failed or interrupted run
leaves the previous results as they were.

    python -m lexibench.benchmarks.run [--quick] [--suites solve,build,...] [--skip-memory] ...
                             [--lexibench-boards 20 ...] [--benchmark-min-rounds 7 ...]

``--lexibench-*`` options (see :mod:`benchmarks.harness.settings`) set the workload of every step;
``--benchmark-*`` options go to pytest-benchmark. ``--quick`` runs every suite and backend on a
small workload (a 10,000-word sample, 10 boards, the smoke sweep), two steps at a time, into
``results-quick/``.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import datetime
import functools
import importlib
import math
import os
import random
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import fields, replace
from pathlib import Path
from typing import Final

from lexibench.benchmarks.harness.settings import Settings, option_name
from lexibench.benchmarks.report.history import (
    Manifest,
    commit_of,
    kept_files,
    last_steps,
    run_folder,
)

SUITES = (
    "games",
    "crossword",
    "interpreted",
    "build",
    "lookup",
    "pitfalls",
    "best",
    "prove",
    "scaling",
)
#: The suites ``--backend ID`` runs unless told: those that rank structures.
RANKING_SUITES = ("games", "lookup", "build")
RESULTS = Path("results")
QUICK_RESULTS = Path("results-quick")
#: Where ``--backend ID`` writes its run.
BACKEND_RESULTS = Path("results-backend")
#: The suites' folder: this package, in a checkout or installed from a wheel alike.
HERE = Path(__file__).parent
QUICK = {
    "scale": "quick",
    "boards": 10,
    "sizes": "4x4",
    "queries": 1_000,
    "sweep": "smoke",
    "search_runs": 1,
    "search_budget": 3_000,
    "search_compare": 200,
    "selfplay_games": 10,
}
QUICK_SAMPLE = 10_000
#: Steps a quick run runs at once (its suites and measurements are independent; two at a time on
#: this 2-core machine keep it within 2 minutes, at the price of some noise between them).
QUICK_LANES = 2
#: What a quick run's steps take here (seconds, rounded), to order them, longest first, where no
#: earlier run in the results folder says (a fresh checkout): the lanes then end together.
TYPICAL_QUICK: Final = {
    "suite games": 56,
    "suite crossword": 36,
    "suite scaling": 20,
    "suite build": 11,
    "suite prove": 9,
    "suite best": 9,
    "memory per dictionary size (smoke sweep)": 7,
    "memory: each backend built in fresh processes": 8,
    "start-up and time to first answer, in fresh processes": 8,
    "bulk runs (smoke sweep)": 6,
    "suite lookup": 7,
    "suite interpreted": 5,
    "suite pitfalls": 2,
}
QUICK_PYTEST = ["--benchmark-max-time=0.02", "--benchmark-min-rounds=3"]
#: The full run's rounds: at least 3 (the median of 3 or more), more while a case's rounds stay
#: under a tenth of a second in all (``make bench`` within an hour).
FULL_PYTEST = ["--benchmark-max-time=0.1", "--benchmark-min-rounds=3"]


def _pytest_config() -> list[str]:
    """In a checkout, the repository's pytest settings apply; installed, no stray ini file
    above site-packages may (an empty one is named instead)."""
    return [] if (HERE.parent / "pyproject.toml").is_file() else ["-c", os.devnull]


def run_suite(
    suite: str, settings: Settings, extra: list[str], staging: Path, log: Path | None = None
) -> None:
    """Run one suite; on success keep its JSON in ``staging/raw/``. With ``log``, pytest's
    output goes there (a suite running beside another), and its last lines are shown if the
    suite fails."""
    raw = staging / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    tmp = raw / f".tmp-{suite}.json"
    options = [f"{option_name(f.name)}={getattr(settings, f.name)}" for f in fields(Settings)]
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        str(HERE / "suites" / f"bench_{suite}.py"),
        "--benchmark-only",
        "-p",
        "lexibench.benchmarks.harness.options",
        *_pytest_config(),
        f"--benchmark-json={tmp}",
        "--benchmark-columns=median,iqr,min,max,rounds",
        "--benchmark-sort=name",
        "-p",
        "no:cacheprovider",
        # on a terminal, each case's name as it starts (a case that builds a lexicon may take
        # seconds); else a dot per case
        "-v" if sys.stdout.isatty() else "-q",
        *options,
        *extra,
    ]
    if log is None:
        done = subprocess.run(cmd, check=False)
    else:
        with log.open("wb") as out:
            done = subprocess.run(cmd, check=False, stdout=out, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        if log is not None:
            print(*log.read_text(errors="replace").splitlines()[-30:], sep="\n", flush=True)
        raise SystemExit(f"benchmarks: suite {suite} failed (exit {done.returncode})")
    os.replace(tmp, raw / f"{suite}.json")


def default_readme(results: Path) -> str:
    """The README whose headline a run into ``results`` refreshes unless told: README.md for
    the published results (``results/``), none for any other folder (a quick run's, a backend's
    ranking, an experiment's), whose figures the README's block must not show."""
    return "README.md" if results == RESULTS else ""


def _sample(settings: Settings, count: int, results: Path) -> Settings:
    """Settings whose word list is a seeded sample of ``count`` words of the chosen one."""
    from lexibench.benchmarks.harness.fixtures import wordlist_named

    words = wordlist_named(settings.wordlist).words
    if count >= len(words):
        return settings
    chosen = sorted(random.Random(settings.seed).sample(words, count))
    results.mkdir(parents=True, exist_ok=True)
    path = results / f"sample-{count}-of-{Path(settings.wordlist).name}.txt"
    path.write_text("\n".join(chosen) + "\n")
    return replace(settings, wordlist=str(path))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m lexibench.benchmarks.run", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a small workload, in a few minutes")
    parser.add_argument("--suites", default=",".join(SUITES), help="comma-separated suites")
    parser.add_argument("--skip-memory", action="store_true", help="no memory measurement")
    parser.add_argument("--skip-startup", action="store_true", help="no start-up measurement")
    parser.add_argument("--skip-bulk", action="store_true", help="no bulk runs")
    parser.add_argument(
        "--skip-suites",
        action="store_true",
        help="run no pytest suite, only the fresh-process measurements the suites call for "
        "(the other raw files are kept)",
    )
    parser.add_argument(
        "--backend",
        default="",
        metavar="ID[,ID]",
        help="rank these structures against every other: the quick scale of the suites that "
        "rank structures (games, lookup, build; --suites for others), into results-backend/, "
        "then each one's place in every game workload",
    )
    parser.add_argument(
        "--game", default="", metavar="NAME[,NAME]", help="only these games (--lexibench-games)"
    )
    parser.add_argument("--sample", type=int, default=0, help="use N words of the word list")
    parser.add_argument(
        "--lanes",
        type=int,
        default=0,
        help=f"steps run at once (default 1; {QUICK_LANES} with --quick): suites and "
        "measurements are independent, but two at a time disturb each other's timings",
    )
    parser.add_argument("--memory-runs", type=int, default=2, help="fresh processes per backend")
    parser.add_argument("--startup-runs", type=int, default=3, help="fresh processes per case")
    parser.add_argument("--bulk-counts", default="", help="board counts of the bulk runs")
    parser.add_argument("--results", type=Path, default=None, help="output folder")
    parser.add_argument(
        "--readme",
        default=None,
        help="README whose headline block to refresh ('' for none; default: README.md where "
        "the results go to results/, none elsewhere)",
    )
    group = parser.add_argument_group("workload (the suites' --lexibench-* options)")
    for f in fields(Settings):
        group.add_argument(
            option_name(f.name),
            dest=f.name,
            default=f.default,
            type=type(f.default),
            choices=f.metadata["choices"],
            help=f.metadata["help"],
        )
    return parser


def compile_bytecode(*more: Path) -> None:
    """Compile the package's modules (and those below the folders ``more``) to bytecode where it
    is missing or stale, as installing a wheel does: the processes timed from outside (self-play,
    start-up, the CLI's whole runs) then load it, as a user's do, instead of compiling their
    modules at every start (an editable install under ``PYTHONDONTWRITEBYTECODE``, set on some
    machines, never writes it). Timestamped bytecode, whatever ``SOURCE_DATE_EPOCH`` says, so that
    a second call finds it current; one process (a pool costs more than the compile)."""
    import compileall
    import py_compile

    import lexibench

    folders = {Path(p).resolve() for p in lexibench.__path__}
    for name in ("solver", "structures", "benchmarks"):
        module = importlib.import_module(f"lexibench.{name}")
        folders.update(Path(p).resolve() for p in module.__path__)
    folders.update(folder.resolve() for folder in more)
    timestamp = py_compile.PycInvalidationMode.TIMESTAMP
    for folder in sorted(folders):
        compileall.compile_dir(folder, quiet=1, workers=1, invalidation_mode=timestamp)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    from lexibench.solver.errors import InputError, require_extra
    from lexibench.solver.games.compiled import search_build
    from lexibench.structures.backends.array_trie.lexicon import native_build
    from lexibench.structures.errors import StaleBuildError

    try:
        require_extra("the benchmark runner", "bench")
        build = search_build()
        native_build()
    except (InputError, StaleBuildError) as err:
        parser.exit(2, f"benchmarks: {err}\n")
    ranked = _ranking(parser, args)
    suites = [s for s in args.suites.split(",") if s]
    unknown = sorted(set(suites) - set(SUITES))
    if unknown:
        parser.error(f"unknown suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}")
    values = {f.name: getattr(args, f.name) for f in fields(Settings)}
    if args.game:
        values["games"] = args.game
    if args.quick:
        values.update(
            {
                k: v
                for k, v in QUICK.items()
                if values[k] == Settings.__dataclass_fields__[k].default
            }
        )
    settings = Settings(**values)
    results = args.results or (QUICK_RESULTS if args.quick else RESULTS)
    readme = args.readme if args.readme is not None else default_readme(results)
    sample = args.sample or (QUICK_SAMPLE if args.quick else 0)
    if sample:
        settings = _sample(settings, sample, results)
    memory_runs = 1 if args.quick else args.memory_runs
    startup_runs = 1 if args.quick else args.startup_runs
    extra = [*(QUICK_PYTEST if args.quick else FULL_PYTEST), *extra]
    print(f"== solver search: {build}; word list {settings.wordlist}", flush=True)
    compile_bytecode()
    staging = results / ".staging"
    shutil.rmtree(staging, ignore_errors=True)
    measures, alone = _measures(args, settings, staging, suites, memory_runs, startup_runs)
    plan = [f"suite {suite}" for suite in ([] if args.skip_suites else suites)]
    progress = Progress([*plan, *measures, "tables"], last_steps(results))
    kept = _keeping(args, settings, sample)
    lanes = args.lanes if args.lanes else (QUICK_LANES if args.quick else 1)
    logs = staging / "logs"
    steps: dict[str, Callable[[], None]] = {}
    for suite in [] if args.skip_suites else suites:
        log = logs / f"{suite}.log" if lanes > 1 else None
        steps[f"suite {suite}"] = functools.partial(run_suite, suite, settings, extra, staging, log)
    steps.update(measures)
    try:
        logs.mkdir(parents=True, exist_ok=True)
        progress.run(steps, lanes, alone)
        with progress.step("tables"):
            written = _publish(
                results, staging, Path(readme) if readme else None, progress if kept else None
            )
            for path in written:
                print(f"wrote {path}")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    if ranked:
        _print_ranking(results, ranked)
    print(f"== all done in {progress.elapsed():.0f} s", flush=True)
    return 0


def _ranking(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """The structures ``--backend`` ranks (checked against the registry and ``--game`` against
    the games), with the run's plan set for ranking them; empty without ``--backend``."""
    from lexibench import structures
    from lexibench.solver.games.registry import game_names

    games = [g for g in args.game.split(",") if g]
    unknown = sorted(set(games) - set(game_names()))
    if unknown:
        parser.exit(2, f"benchmarks: --game: no game {', '.join(unknown)} (choose from "
                    f"{', '.join(game_names())})\n")  # fmt: skip
    ranked = [b for b in args.backend.split(",") if b]
    if not ranked:
        return []
    missing = sorted(set(ranked) - set(structures.structure_names()))
    if missing:
        parser.exit(2, f"benchmarks: --backend: no structure {', '.join(missing)} is registered "
                    "(`lexibench backends` lists them)\n")  # fmt: skip
    args.quick = True
    if args.suites == ",".join(SUITES):
        args.suites = ",".join(RANKING_SUITES)
    args.skip_memory = args.skip_startup = args.skip_bulk = True
    args.results = args.results or BACKEND_RESULTS
    return ranked


def _print_ranking(results: Path, ranked: list[str]) -> None:
    """Where the ranked structures placed, game workload by game workload, under a heading that
    reads as a sentence for one structure or several (``where dict-trie ranks``, ``where
    dict-trie and marisa rank``)."""
    from lexibench.benchmarks.harness.records import default_inputs, load
    from lexibench.benchmarks.report.ranking import ranking_lines

    named = ranked[0] if len(ranked) == 1 else f"{', '.join(ranked[:-1])} and {ranked[-1]}"
    verb = "ranks" if len(ranked) == 1 else "rank"
    print(f"== where {named} {verb} among every structure (ms per puzzle, fastest first; the "
          f"tables: {results / 'report.md'})", flush=True)  # fmt: skip
    for line in ranking_lines(load(default_inputs(results)), ranked):
        print(line)


def _keeping(args: argparse.Namespace, settings: Settings, sample: int) -> bool:
    """Whether this run is kept in the history: a whole run of every suite, the default
    workload, nothing skipped (a quick run is kept in its own folder's history)."""
    whole = args.suites == ",".join(SUITES) and not (
        args.skip_suites or args.skip_memory or args.skip_startup or args.skip_bulk
    )
    return whole and (args.quick or (sample == 0 and settings == Settings()))


class Progress:
    """The runner's steps as they run: each one's number, its time in the last kept run, and
    about how long is left (by the last run's times) when it ends."""

    def __init__(self, steps: list[str], last: dict[str, float]) -> None:
        self.steps = steps
        self.last = last
        self.seconds: dict[str, float] = {}
        self.lanes = 1
        self._running: set[str] = set()
        self._started = 0
        self._lock = threading.Lock()
        self._start = time.perf_counter()

    def elapsed(self) -> float:
        return time.perf_counter() - self._start

    def run(
        self, steps: dict[str, Callable[[], None]], lanes: int, alone: frozenset[str] = frozenset()
    ) -> None:
        """Run ``steps``, ``lanes`` at a time: in order on one lane; on more, the longest first
        (by the last run's times, else :data:`TYPICAL_QUICK`'s; an unknown one first of all),
        each taking the next free
        lane, then the steps named in ``alone`` (those that keep every core busy themselves)
        one by one, with nothing beside them. The first failure stops the rest."""
        self.lanes = max(1, lanes)
        if lanes <= 1:
            for name, step in steps.items():
                with self.step(name):
                    step()
            return
        shared = [name for name in steps if name not in alone]
        known = {**TYPICAL_QUICK, **self.last}
        order = sorted(shared, key=lambda name: -known.get(name, math.inf))

        def timed(name: str) -> None:
            with self.step(name):
                steps[name]()

        with concurrent.futures.ThreadPoolExecutor(lanes) as pool:
            for future in [pool.submit(timed, name) for name in order]:
                future.result()
        for name in steps:
            if name in alone:
                timed(name)

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Announce step ``name`` (numbered in the order the steps start), run the body, then say
        how long it took and what is left."""
        with self._lock:
            self._started += 1
            number = self._started
            self._running.add(name)
        before = f" (the last run: {_duration(self.last[name])})" if name in self.last else ""
        print(f"== [{number}/{len(self.steps)}] {name}{before}", flush=True)
        start = time.perf_counter()
        try:
            yield
        finally:
            self._running.discard(name)
        self.seconds[name] = time.perf_counter() - start
        left = [s for s in self.steps if s not in self.seconds and s not in self._running]
        known = [self.last[s] for s in left if s in self.last]
        ahead = f"; about {_duration(sum(known) / self.lanes)} to go" if left and known else ""
        print(
            f"== {name}: done in {self.seconds[name]:.0f} s "
            f"({_duration(self.elapsed())} in all{ahead})",
            flush=True,
        )


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def _publish(
    results: Path, staging: Path, readme: Path | None, kept_by: Progress | None = None
) -> list[Path]:
    """The staged raw files beside the earlier ones they do not replace, the report made from
    them all, and the README block: published together, all or nothing. With ``kept_by`` (a
    whole run), the new raw files are kept in the history too, under the commit measured, with
    each step's time: kept first, so that the report's history page lists this run (and taken
    out again if the report cannot be published)."""
    from lexibench.benchmarks.harness.records import default_inputs, load
    from lexibench.benchmarks.report.build import report_files
    from lexibench.benchmarks.report.publish import publish

    new = {p.relative_to(staging): p.read_bytes() for p in default_inputs(staging)}
    kept = [p for p in default_inputs(results) if p.relative_to(results) not in new]
    # In the order lexibench tables reads them, so that the two write the same report.
    inputs = sorted([*(staging / name for name in new), *kept], key=lambda p: _order(p, results))
    history: dict[Path, bytes] = {}
    folder: Path | None = None
    if kept_by is not None:
        commit = commit_of(HERE)
        manifest = Manifest(
            commit=commit.id,
            dirty=commit.dirty,
            datetime=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            steps={name: round(s, 1) for name, s in kept_by.seconds.items()},
            seconds=round(kept_by.elapsed(), 1),
        )
        history = kept_files(results, manifest, {str(name): data for name, data in new.items()})
        folder = run_folder(results, manifest)
        publish(history, [])
    try:
        files, stale = report_files(load(inputs), results, readme)
        files.update({results / name: data for name, data in new.items()})
        publish(files, stale)
    except BaseException:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        raise
    return sorted([*files, *history])


def _order(path: Path, results: Path) -> tuple[bool, str]:
    """A raw file's place in :func:`default_inputs`' order: ``raw/*.json`` by name, then
    ``memory.json``."""
    return (path.name == "memory.json" and path.parent.name != "raw", path.name)


def _measures(
    args: argparse.Namespace,
    settings: Settings,
    results: Path,
    suites: list[str],
    memory_runs: int,
    startup_runs: int,
) -> tuple[dict[str, Callable[[], None]], frozenset[str]]:
    """The measurements in fresh processes this run makes (memory, start-up, bulk runs), by
    step name, each writing its raw file into the staging folder ``results``; and the names
    of those that must run alone (the bulk runs keep both cores busy: ``--jobs 2``, the
    halves), so that no suite beside them is timed on a machine they fill."""
    from lexibench import structures
    from lexibench.benchmarks.harness import workloads
    from lexibench.benchmarks.harness.fixtures import wordlist_named
    from lexibench.benchmarks.harness.records import write_raw_file
    from lexibench.benchmarks.processes import bulk, memory, startup

    backends = list(settings.backend_list()) or structures.available_backend_names()
    sweep = workloads.sweep(settings.sweep)
    steps: dict[str, Callable[[], None]] = {}
    alone: set[str] = set()
    if not args.skip_memory:
        steps["memory: each backend built in fresh processes"] = lambda: write_raw_file(
            results / "memory.json",
            memory.measure_all(backends, wordlist_named(settings.wordlist), memory_runs),
        )
        if "scaling" in suites:
            steps[f"memory per dictionary size ({sweep.name} sweep)"] = lambda: write_raw_file(
                results / "raw" / "scaling-memory.json",
                memory.measure_sweep(
                    backends, wordlist_named(settings.wordlist), sweep.dict_sizes, settings.seed
                ),
            )
    if not args.skip_startup:
        steps["start-up and time to first answer, in fresh processes"] = lambda: write_raw_file(
            results / "raw" / "startup.json",
            startup.run_all(backends, wordlist_named(settings.wordlist), startup_runs),
        )
    if not args.skip_bulk and "scaling" in suites:
        counts = tuple(int(c) for c in args.bulk_counts.split(",") if c) or sweep.bulk_counts
        rounds = 1 if args.quick else sweep.bulk_rounds
        if args.quick and not args.bulk_counts:
            counts = (200,)
        name = f"bulk runs ({sweep.name} sweep)"
        steps[name] = lambda: write_raw_file(
            results / "raw" / "bulk.json",
            bulk.run_bulk(counts, wordlist_named(settings.wordlist), settings.seed, rounds),
        )
        alone.add(name)
    return steps, frozenset(alone)


if __name__ == "__main__":
    sys.exit(main())
