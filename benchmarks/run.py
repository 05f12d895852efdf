"""The main job (``make bench``): run every suite, measure memory, regenerate the report.

Each suite runs as ``pytest --benchmark-only`` with ``--benchmark-json`` into a temporary file
in ``results/raw/``, renamed over ``<suite>.json`` only when the suite passed; the memory JSON and
the report are written the same way, so a failed or interrupted run leaves the committed results
as they were.

    python -m benchmarks.run [--suites solve,build,lookup,letterboxed] [--skip-memory]
                             [pytest options such as --lexibench-boards 20 ...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

SUITES = ("solve", "build", "lookup", "letterboxed")
RESULTS = Path("results")


def run_suite(suite: str, extra: list[str]) -> None:
    """Run one suite; on success move its JSON into ``results/raw/``."""
    raw = RESULTS / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    tmp = raw / f".tmp-{suite}.json"
    cmd = [
        sys.executable, "-m", "pytest", f"benchmarks/bench_{suite}.py", "--benchmark-only",
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__)
    parser.add_argument("--suites", default=",".join(SUITES))
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--wordlist", default="web2", help="word list for every suite and memory")
    args, extra = parser.parse_known_args(argv)
    suites = [s for s in args.suites.split(",") if s]
    unknown = sorted(set(suites) - set(SUITES))
    if unknown:
        parser.error(f"unknown suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}")
    start = time.perf_counter()
    for suite in suites:
        run_suite(suite, ["--lexibench-wordlist", args.wordlist, *extra])
    if not args.skip_memory:
        print("== memory: each backend built in fresh processes", flush=True)
        cmd = [sys.executable, "-m", "benchmarks.memory", "--wordlist", args.wordlist]
        if subprocess.run(cmd, check=False).returncode != 0:
            raise SystemExit("benchmarks: memory measurement failed; results/ unchanged")
    print("== tables", flush=True)
    from solver.cli import main as cli

    status = cli(["tables", "--readme", "README.md"])
    print(f"== all done in {time.perf_counter() - start:.0f} s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
