"""Memory of each backend, measured in fresh subprocesses.

pytest-benchmark and tracemalloc alone cannot measure it: marisa, datrie and dawg allocate in C
or C++, outside Python's allocator. For each backend this records:

- resident-set growth: RSS after building (and a full collection) minus RSS before, with the
  word list already loaded in both; the median of several runs, each in a new interpreter;
- tracemalloc's figure: Python-allocator memory still held after building (what a pure-Python
  profiler would report, blind to C/C++ allocations);
- the serialized size, where the library can save.

Run ``python -m benchmarks.memory --out results/memory.json``.
"""

from __future__ import annotations

import argparse
import gc
import json
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
from benchmarks.atomic import write_text_atomic
from benchmarks.workloads import nested_subset, sweep
from solver.wordlist import load_wordlist

SCHEMA = "lexibench-memory/1"
SWEEP_SCHEMA = "lexibench-memory-sweep/1"
DEFAULT_RUNS = 3
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_bytes() -> int:
    """Current resident set size of this process (Linux ``/proc/self/statm``)."""
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * _PAGE


def measure_once(
    backend: str, wordlist: str, mode: str, subset: int = 0, seed: int = 0
) -> dict[str, Any]:
    """Build ``backend`` in this process and report one measurement (``rss`` or ``tracemalloc``).

    ``subset`` > 0 builds from the nested seeded subset of that many words instead of the list.
    """
    words = load_wordlist(wordlist).words
    if subset:
        words = nested_subset(words, subset, seed)
    gc.collect()
    out: dict[str, Any] = {}
    if mode == "tracemalloc":
        import tracemalloc

        tracemalloc.start()
        lexicon = structures.build_lexicon(backend, words)
        gc.collect()
        out["tracemalloc_bytes"] = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    else:
        before = rss_bytes()
        start = time.perf_counter()
        lexicon = structures.build_lexicon(backend, words)
        out["build_seconds"] = time.perf_counter() - start
        gc.collect()
        out["rss_bytes"] = rss_bytes() - before
        if isinstance(lexicon, structures.PersistentLexicon):
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "lexicon.bin"
                lexicon.save(path)
                out["serialized_bytes"] = path.stat().st_size
    assert len(lexicon) == len(words)
    return out


def _child(
    backend: str, wordlist: str, mode: str, subset: int = 0, seed: int = 0
) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "benchmarks.memory", "--one", backend, "--mode", mode]
    cmd += ["--wordlist", wordlist, "--subset", str(subset), "--seed", str(seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"memory measurement of {backend} failed: {last}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def measure_all(
    backends: list[str], wordlist: str, runs: int, progress: bool = True
) -> dict[str, Any]:
    """Measure every backend: ``runs`` RSS runs and one tracemalloc run, each in a subprocess."""
    wl = load_wordlist(wordlist)
    results: dict[str, Any] = {}
    for name in backends:
        samples = [_child(name, wordlist, "rss") for _ in range(runs)]
        traced = _child(name, wordlist, "tracemalloc")
        rss = [s["rss_bytes"] for s in samples]
        results[name] = {
            "rss_bytes_median": int(statistics.median(rss)),
            "rss_bytes_runs": rss,
            "tracemalloc_bytes": traced["tracemalloc_bytes"],
            "serialized_bytes": samples[0].get("serialized_bytes"),
            "library_version": structures.backend_info(name).version,
        }
        if progress:
            print(
                f"memory {name}: RSS +{statistics.median(rss) / 2**20:.1f} MiB "
                f"(runs: {', '.join(f'{r / 2**20:.1f}' for r in rss)}), "
                f"tracemalloc {traced['tracemalloc_bytes'] / 2**20:.1f} MiB",
                file=sys.stderr,
                flush=True,
            )
    return {
        "schema": SCHEMA,
        "datetime": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "wordlist": wl.summary(),
        "runs": runs,
        "backends": results,
    }


def measure_sweep(
    backends: list[str], wordlist: str, sizes: tuple[int, ...], seed: int
) -> dict[str, Any]:
    """RSS growth (one fresh process each) per backend and nested dictionary size."""
    points: dict[str, dict[str, Any]] = {}
    full = len(load_wordlist(wordlist).words)
    for size in sizes:
        words = min(size, full) if size else full
        row = {}
        for name in backends:
            sample = _child(name, wordlist, "rss", size, seed)
            row[name] = {"rss_bytes": sample["rss_bytes"], "build_seconds": sample["build_seconds"]}
        points[str(words)] = row
        print(f"memory sweep: {words:,} words done", file=sys.stderr, flush=True)
    return {
        "schema": SWEEP_SCHEMA,
        "datetime": datetime.now(UTC).isoformat(timespec="seconds"),
        "wordlist": load_wordlist(wordlist).summary(),
        "seed": seed,
        "points": points,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.memory", description=__doc__)
    parser.add_argument("--wordlist", default="web2")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS)
    parser.add_argument("--backends", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--out", type=Path, default=Path("results/memory.json"))
    parser.add_argument(
        "--sweep", choices=["smoke", "reduced", "full"], help="per dictionary size instead"
    )
    parser.add_argument("--subset", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument(
        "--mode", default="rss", choices=["rss", "tracemalloc"], help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(measure_once(args.one, args.wordlist, args.mode, args.subset, args.seed)))
        return 0
    backends = [b for b in args.backends.split(",") if b] or structures.available_backend_names()
    if args.sweep:
        points = sweep(args.sweep)
        data = measure_sweep(backends, args.wordlist, points.dict_sizes, args.seed)
    else:
        data = measure_all(backends, args.wordlist, args.runs)
    write_text_atomic(args.out, json.dumps(data, indent=2, sort_keys=True) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
