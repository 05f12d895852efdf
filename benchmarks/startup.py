"""Start-up and time to first answer: whole ``lexibench`` processes, timed from outside.

What a user waits for is the whole process: interpreter start, imports, getting the lexicon
(built from the word list, or loaded from the cache), the search and the output. Each case runs
in fresh processes (the installed ``lexibench`` command) and records the child's CPU time
(user + system, from ``wait4``) and wall time, median of ``--runs``:

- ``lexibench --version`` and ``lexibench random --count 1``: start-up alone;
- per backend, one board (``perslatgsineters``) with the word list: ``cached`` (the cache
  already holds the lexicon, the usual case after the first command) and ``built``
  (``--no-cache``: normalize the word list and build).

The cache is a private temporary folder, filled by one untimed run per backend first.

    python -m benchmarks.startup --out results/raw/startup.json [--runs 5] [--backends a,b]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import structures
from benchmarks.atomic import write_json_atomic
from solver.dfs import search_build
from solver.wordlist import load_wordlist

SCHEMA = "lexibench-startup/1"
BOARD = "perslatgsineters"
DEFAULT_RUNS = 5
#: Backends left out, with the reason the report prints.
NOT_RUN = {"unsorted-list": "one board takes about 40 s (a linear scan per query)"}


def command() -> list[str]:
    """The installed ``lexibench`` script beside this interpreter, else ``python -m``."""
    script = Path(sys.executable).with_name("lexibench")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "solver.cli"]


def time_process(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process running ``argv``; output is discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    error = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode != 0:
        raise RuntimeError(f"startup: {' '.join(argv)} failed: {error.strip()}")
    return usage.ru_utime + usage.ru_stime, wall


def measure(argv: list[str], env: dict[str, str], runs: int) -> dict[str, Any]:
    """Median and every run of CPU and wall seconds."""
    samples = [time_process(argv, env) for _ in range(runs)]
    cpu = [s[0] for s in samples]
    wall = [s[1] for s in samples]
    return {
        "cpu_s_median": statistics.median(cpu),
        "wall_s_median": statistics.median(wall),
        "cpu_s_runs": cpu,
        "wall_s_runs": wall,
    }


def run_all(backends: list[str], wordlist: str, runs: int) -> dict[str, Any]:
    """Every case, in a private cache folder."""
    base = command()
    cases: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "LEXIBENCH_CACHE_DIR": tmp}
        for name, args in (("version", ["--version"]), ("random", ["random", "--count", "1"])):
            cases[name] = measure([*base, *args], env, runs)
            _say(name, cases[name])
        per_backend: dict[str, Any] = {}
        for backend in backends:
            if backend in NOT_RUN:
                per_backend[backend] = {"not_run": NOT_RUN[backend]}
                continue
            solve = [*base, "solve", BOARD, "--wordlist", wordlist, "--lexicon", backend]
            time_process(solve, env)  # fills the cache
            cached = measure(solve, env, runs)
            built = measure([*solve, "--no-cache"], env, runs)
            _say(f"{backend} cached", cached)
            _say(f"{backend} built", built)
            per_backend[backend] = {
                "cached": cached,
                "built": built,
                "library_version": structures.backend_info(backend).version,
            }
    return {
        "schema": SCHEMA,
        "datetime": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "solver_build": search_build(),
        "wordlist": load_wordlist(wordlist).summary(),
        "board": BOARD,
        "runs": runs,
        "command": " ".join(Path(part).name for part in base),
        "cases": cases,
        "backends": per_backend,
    }


def _say(name: str, case: dict[str, Any]) -> None:
    print(
        f"startup {name}: {case['cpu_s_median'] * 1000:.0f} ms CPU, "
        f"{case['wall_s_median'] * 1000:.0f} ms wall",
        file=sys.stderr,
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.startup", description=__doc__)
    parser.add_argument("--wordlist", default="web2")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS)
    parser.add_argument("--backends", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--out", type=Path, default=Path("results/raw/startup.json"))
    args = parser.parse_args(argv)
    backends = [b for b in args.backends.split(",") if b] or structures.available_backend_names()
    data = run_all(backends, args.wordlist, args.runs)
    write_json_atomic(args.out, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
