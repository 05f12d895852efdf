"""The main job (``make bench``): run every suite, measure memory, run the scaling sweep and
the bulk runs, regenerate the reports.

Each suite runs as ``pytest --benchmark-only`` with ``--benchmark-json`` into a temporary file
in ``results/raw/``, renamed over ``<suite>.json`` only when the suite passed; the memory JSON and
the report are written the same way, so a failed or interrupted run leaves the committed results
as they were.

    python -m benchmarks.run [--suites solve,build,lookup,letterboxed,scaling] [--skip-memory]
                             [--skip-bulk] [--full-sweep]
                             [pytest options such as --lexibench-boards 20 ...]

The scaling sweep is reduced by default (about six minutes with the bulk runs); ``--full-sweep``
runs every point (boards up to 20x20, more boards per point, the unsorted list at every
dictionary size).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

SUITES = ("solve", "build", "lookup", "letterboxed", "scaling")
RESULTS = Path("results")
#: The suites' folder: this package, in a checkout or installed from a wheel alike.
HERE = Path(__file__).resolve().parent


def _pytest_config() -> list[str]:
    """In a checkout, the repository's pytest settings apply; installed, no stray ini file
    above site-packages may (an empty one is named instead)."""
    return [] if (HERE.parent / "pyproject.toml").is_file() else ["-c", os.devnull]


def run_suite(suite: str, extra: list[str], results: Path = RESULTS) -> None:
    """Run one suite; on success move its JSON into ``results/raw/``."""
    raw = results / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    tmp = raw / f".tmp-{suite}.json"
    cmd = [
        sys.executable, "-m", "pytest", str(HERE / f"bench_{suite}.py"), "--benchmark-only",
        "-p", "benchmarks.options", *_pytest_config(),
        f"--benchmark-json={tmp}", "--benchmark-columns=median,iqr,rounds",
        "--benchmark-sort=name", "-p", "no:cacheprovider", "-q", *extra,
    ]  # fmt: skip
    print(f"== suite {suite}: {' '.join(cmd[2:])}", flush=True)
    start = time.perf_counter()
    done = subprocess.run(cmd, check=False)
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise SystemExit(
            f"benchmarks: suite {suite} failed (exit {done.returncode}); results/ unchanged"
        )
    os.replace(tmp, raw / f"{suite}.json")
    print(f"== suite {suite}: done in {time.perf_counter() - start:.0f} s", flush=True)


def _option_value(args: list[str], name: str) -> str | None:
    """The value of ``name`` in pass-through pytest options (``--x v`` or ``--x=v``)."""
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


def _seed(extra: list[str]) -> int:
    from benchmarks.workloads import DEFAULT_SEED

    value = _option_value(extra, "--lexibench-seed")
    return int(value) if value else DEFAULT_SEED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__)
    parser.add_argument("--suites", default=",".join(SUITES))
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-bulk", action="store_true")
    parser.add_argument("--skip-startup", action="store_true", help="no start-up measurement")
    parser.add_argument("--startup-runs", type=int, default=5, help="fresh processes per case")
    parser.add_argument("--full-sweep", action="store_true", help="every scaling point")
    parser.add_argument(
        "--sweep", choices=["smoke", "reduced", "full"], help="scaling points (default: reduced)"
    )
    parser.add_argument("--bulk-counts", default="", help="board counts of the bulk runs")
    parser.add_argument("--wordlist", default="web2", help="word list for every suite and memory")
    parser.add_argument("--memory-runs", type=int, default=3, help="fresh processes per backend")
    parser.add_argument("--results", type=Path, default=RESULTS, help="output folder")
    parser.add_argument(
        "--readme",
        default="README.md",
        help="README whose headline block to refresh ('' for none)",
    )
    args, extra = parser.parse_known_args(argv)
    suites = [s for s in args.suites.split(",") if s]
    unknown = sorted(set(suites) - set(SUITES))
    if unknown:
        parser.error(f"unknown suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}")
    from solver.dfs import search_build
    from solver.errors import InputError, require_extra

    try:
        require_extra("the benchmark runner", "bench")
        print(f"== solver search: {search_build()}", flush=True)
    except InputError as err:
        parser.exit(2, f"benchmarks: {err}\n")
    start = time.perf_counter()
    sweep = args.sweep or ("full" if args.full_sweep else "reduced")
    common = ["--lexibench-wordlist", args.wordlist, "--lexibench-sweep", sweep, *extra]
    for suite in suites:
        run_suite(suite, common, args.results)
    memory = [sys.executable, "-m", "benchmarks.memory", "--wordlist", args.wordlist]
    backends = _option_value(extra, "--lexibench-backends")
    if backends:
        memory += ["--backends", backends]
    if not args.skip_memory:
        print("== memory: each backend built in fresh processes", flush=True)
        out = ["--out", str(args.results / "memory.json"), "--runs", str(args.memory_runs)]
        if subprocess.run([*memory, *out], check=False).returncode != 0:
            raise SystemExit("benchmarks: memory measurement failed; results/ unchanged")
        if "scaling" in suites:
            print(f"== memory per dictionary size ({sweep} sweep)", flush=True)
            out = ["--out", str(args.results / "raw" / "scaling-memory.json"), "--sweep", sweep]
            out += ["--seed", str(_seed(extra))]
            if subprocess.run([*memory, *out], check=False).returncode != 0:
                raise SystemExit("benchmarks: memory sweep failed; results/ unchanged")
    if not args.skip_startup:
        print("== start-up and time to first answer, in fresh processes", flush=True)
        cmd = [sys.executable, "-m", "benchmarks.startup", "--wordlist", args.wordlist]
        cmd += ["--runs", str(args.startup_runs)]
        cmd += ["--out", str(args.results / "raw" / "startup.json")]
        if backends:
            cmd += ["--backends", backends]
        if subprocess.run(cmd, check=False).returncode != 0:
            raise SystemExit("benchmarks: start-up measurement failed; results/ unchanged")
    if not args.skip_bulk and "scaling" in suites:
        print(f"== bulk runs ({sweep} sweep)", flush=True)
        cmd = [
            sys.executable,
            "-m",
            "benchmarks.bulk",
            "--sweep",
            sweep,
            "--wordlist",
            args.wordlist,
        ]
        cmd += ["--seed", str(_seed(extra)), "--out", str(args.results / "raw" / "bulk.json")]
        if args.bulk_counts:
            cmd += ["--counts", args.bulk_counts]
        if subprocess.run(cmd, check=False).returncode != 0:
            raise SystemExit("benchmarks: bulk runs failed; results/ unchanged")
    print("== tables", flush=True)
    from benchmarks.report import write_report

    readme = Path(args.readme) if args.readme else None
    from benchmarks.results_io import default_inputs, load_results

    for path in write_report(load_results(default_inputs(args.results)), args.results, readme):
        print(f"wrote {path}")
    print(f"== all done in {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
