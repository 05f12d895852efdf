"""Bulk runs: ``lexibench solve --boards-file`` on many boards, start-up included.

For each board count of the sweep, the same seeded 4x4 boards are solved with ``--jobs 1`` and
``--jobs 2`` by the command line's default backend for many boards, timed wall-clock around the
whole process, output written to a file, with the lexicon cache warm (a private cache folder,
filled by one untimed run first, as a user's would be after their first command). The two
outputs must be identical.

The runner (``python -m benchmarks.run``) calls :func:`run_bulk`.
"""

from __future__ import annotations

import hashlib
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks.records import BULK_SCHEMA
from benchmarks.workloads import boards_for
from solver.cli.common import MANY_BOARDS_LEXICON
from solver.dfs import search_build
from solver.wordlist import WordList

JOBS = (1, 2)


def time_solve(
    boards_file: Path, jobs: int, wordlist: str, out: Path, env: dict[str, str]
) -> float:
    """Seconds for one ``lexibench solve --boards-file`` process, start to exit (``env`` names
    the cache folder, warmed before the timed runs as a user's would be)."""
    cmd = [sys.executable, "-m", "solver.cli", "solve", "--boards-file", str(boards_file)]
    cmd += ["--jobs", str(jobs), "--wordlist", wordlist, "--lexicon", MANY_BOARDS_LEXICON]
    with out.open("wb") as sink:
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=sink, stderr=subprocess.PIPE, check=False, env=env)
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"bulk: {' '.join(cmd)} failed: {done.stderr.decode().strip()}")
    return seconds


def run_bulk(counts: tuple[int, ...], wl: WordList, seed: int) -> dict[str, Any]:
    """Time every (count, jobs) pair; check that the outputs agree."""
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "LEXIBENCH_CACHE_DIR": str(Path(tmp) / "cache")}
        warm = Path(tmp) / "warm.txt"
        warm.write_text(boards_for("4x4", 1, seed)[0].text() + "\n")
        wordlist = wl.name
        time_solve(warm, 1, wordlist, Path(tmp) / "warm.jsonl", env)  # builds and caches
        for count in counts:
            boards = Path(tmp) / f"boards-{count}.txt"
            boards.write_text("".join(b.text() + "\n" for b in boards_for("4x4", count, seed)))
            digests = set()
            for jobs in JOBS:
                out = Path(tmp) / f"out-{count}-{jobs}.jsonl"
                seconds = time_solve(boards, jobs, wordlist, out, env)
                lines = out.read_bytes().count(b"\n")
                if lines != count:
                    raise RuntimeError(f"bulk: {lines} results for {count} boards")
                digests.add(hashlib.sha256(out.read_bytes()).hexdigest())
                runs.append(
                    {
                        "boards": count,
                        "jobs": jobs,
                        "seconds": seconds,
                        "boards_per_s": count / seconds,
                    }
                )
                print(
                    f"bulk: {count:,} boards, --jobs {jobs}: {seconds:.1f} s",
                    file=sys.stderr,
                    flush=True,
                )
            if len(digests) != 1:
                raise RuntimeError(f"bulk: --jobs outputs differ for {count} boards")
    return {
        "schema": BULK_SCHEMA,
        "datetime": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "lexicon": MANY_BOARDS_LEXICON,
        "cache": "warm",
        "solver_build": search_build(),
        "wordlist": wl.summary(),
        "seed": seed,
        "runs": runs,
    }
