"""Memory of each backend, measured in fresh subprocesses.

pytest-benchmark and tracemalloc alone cannot measure it: marisa, datrie and dawg allocate in C
or C++, outside Python's allocator. For each backend this records:

- resident-set growth: RSS after building minus RSS before, with the words already loaded in
  both (read from a file with one split). Before each reading the heap's free memory is handed
  back to the system (a full collection, then glibc's ``malloc_trim``), so the figure is the
  structure's live memory: neither memory the build reused unseen nor its freed temporaries.
  The median of several runs, each in a new interpreter;
- tracemalloc's figure: Python-allocator memory still held after building (what a pure-Python
  profiler would report, blind to C/C++ allocations);
- the size of its saved file (structures.saved: the library's own format, or the words).

The runner (``python -m lexibench.benchmarks.run``) calls :func:`measure_all` and
:func:`measure_sweep`; each measurement runs in a child
``python -m lexibench.benchmarks.processes.memory --one BACKEND`` (not a user command).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
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

from lexibench import structures
from lexibench.benchmarks.harness.records import (
    Memory,
    MemoryFile,
    MemorySweepFile,
    SweepPoint,
    SweepRow,
    WordListRef,
)
from lexibench.benchmarks.harness.workloads import nested_subset
from lexibench.solver.wordlist import WordList
from lexibench.structures.saved import dump_lexicon

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_bytes() -> int:
    """Current resident set size of this process (Linux ``/proc/self/statm``)."""
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * _PAGE


def _release_free_memory() -> None:
    """Hand freed heap memory back to the system (glibc), so the build cannot reuse it unseen."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to trim
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def measure_once(backend: str, words_file: Path, mode: str) -> dict[str, Any]:
    """Build ``backend`` in this process and report one measurement (``rss`` or ``tracemalloc``).

    The words come from ``words_file``, one per line, already normalized, read with a single
    split: loading them leaves almost no freed memory behind, which the build would otherwise
    reuse without the resident set growing.
    """
    words = tuple(words_file.read_text(encoding="utf-8").split("\n"))
    structures.backend_class(backend)  # import the library first: its code is not the structure
    gc.collect()
    _release_free_memory()
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
        _release_free_memory()  # what the build freed is not the structure's
        out["rss_bytes"] = rss_bytes() - before
        out["serialized_bytes"] = len(dump_lexicon(backend, lexicon, words, {}))
    out["count"] = len(lexicon)
    assert len(lexicon) == len(words)
    return out


class ChildTimeoutError(TimeoutError):
    """A measurement in a fresh process went past its time limit, and was stopped."""


def _child(
    backend: str, words_file: Path, mode: str, timeout: float | None = None
) -> dict[str, Any]:
    cmd = [
        sys.executable,
        "-m",
        "lexibench.benchmarks.processes.memory",
        "--one",
        backend,
        "--mode",
        mode,
    ]
    cmd += ["--words-file", str(words_file)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=timeout)
    except subprocess.TimeoutExpired:  # run() has killed the child and waited for it
        raise ChildTimeoutError(f"{backend}: over {timeout:g} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"memory measurement of {backend} failed: {last}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def measure_in_child(
    backend: str, words_file: Path, timeout: float | None = None
) -> dict[str, Any]:
    """Build ``backend`` from ``words_file`` (one string per line) in a fresh process: its
    ``rss_bytes``, ``build_seconds``, ``serialized_bytes`` and ``count`` (see
    :func:`measure_once`); :class:`ChildTimeoutError` when the process runs past ``timeout``
    seconds (it is stopped then)."""
    return _child(backend, words_file, "rss", timeout)


def _wordlist_ref(wl: WordList) -> WordListRef:
    return WordListRef(wl.name, len(wl.words), wl.sha256)


def measure_all(backends: list[str], wl: WordList, runs: int, progress: bool = True) -> MemoryFile:
    """Measure every backend: ``runs`` RSS runs and one tracemalloc run, each in a subprocess."""
    results: dict[str, Memory] = {}
    with tempfile.TemporaryDirectory() as tmp:
        words_file = _words_file(Path(tmp), wl.words)
        for name in backends:
            results[name] = _measure_backend(name, words_file, runs, progress)
    return MemoryFile(
        datetime=datetime.now(UTC).isoformat(timespec="seconds"),
        python=platform.python_version(),
        machine=platform.machine(),
        wordlist=_wordlist_ref(wl),
        runs=runs,
        backends=results,
    )


def _words_file(folder: Path, words: tuple[str, ...]) -> Path:
    path = folder / "words.txt"
    path.write_text("\n".join(words), encoding="utf-8")
    return path


def _measure_backend(name: str, words_file: Path, runs: int, progress: bool) -> Memory:
    samples = [_child(name, words_file, "rss") for _ in range(runs)]
    traced = _child(name, words_file, "tracemalloc")
    rss = [s["rss_bytes"] for s in samples]
    if progress:
        print(
            f"memory {name}: RSS +{statistics.median(rss) / 2**20:.1f} MiB "
            f"(runs: {', '.join(f'{r / 2**20:.1f}' for r in rss)}), "
            f"tracemalloc {traced['tracemalloc_bytes'] / 2**20:.1f} MiB",
            file=sys.stderr,
            flush=True,
        )
    return Memory(
        rss_bytes_median=int(statistics.median(rss)),
        rss_bytes_runs=tuple(rss),
        tracemalloc_bytes=traced["tracemalloc_bytes"],
        serialized_bytes=samples[0]["serialized_bytes"],
        library_version=structures.backend_info(name).version,
    )


def measure_sweep(
    backends: list[str], wl: WordList, sizes: tuple[int, ...], seed: int
) -> MemorySweepFile:
    """RSS growth (one fresh process each) per backend and nested dictionary size."""
    points: dict[int, SweepRow] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            subset = nested_subset(wl.words, size, seed)
            words_file = _words_file(Path(tmp), subset)
            row = {}
            for name in backends:
                sample = _child(name, words_file, "rss")
                row[name] = SweepPoint(sample["rss_bytes"], sample["build_seconds"])
            points[len(subset)] = SweepRow(row)
            print(f"memory sweep: {len(subset):,} words done", file=sys.stderr, flush=True)
    return MemorySweepFile(
        datetime=datetime.now(UTC).isoformat(timespec="seconds"),
        wordlist=_wordlist_ref(wl),
        seed=seed,
        points=points,
    )


def main(argv: list[str] | None = None) -> int:
    """The child side: measure one backend and print the figures as JSON."""
    parser = argparse.ArgumentParser(
        prog="python -m lexibench.benchmarks.processes.memory", description=__doc__
    )
    parser.add_argument("--one", required=True, help="the backend to measure")
    parser.add_argument("--words-file", type=Path, required=True)
    parser.add_argument("--mode", default="rss", choices=["rss", "tracemalloc"])
    args = parser.parse_args(argv)
    print(json.dumps(measure_once(args.one, args.words_file, args.mode)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
