"""Start-up and time to first answer: whole ``lexibench`` processes, timed from outside.

What a user waits for is the whole process: interpreter start, imports, getting the lexicon
(built from the word list, or loaded from the cache), the search and the output. Each case runs
in fresh processes (the installed ``lexibench`` command) and records the process's CPU time
(user + system, from ``wait4``) and wall time, every run; the command also reports the CPU time
of its phases (``LEXIBENCH_PHASES_FILE``): start-up (interpreter and the CLI's imports), imports
(the command's modules), lexicon, search, output.

- ``lexibench --version`` and ``lexibench random --count 1``: start-up alone;
- ``lexibench wordle --suggest`` with the word list, before any guess (every word of five letters
  graded against every other) and after one guess (:data:`SUGGEST`), the default lexicon from the
  cache: the whole process a user waits for;
- per backend, one board (``perslatgsineters``) with the word list: ``cached`` (the cache
  already holds the lexicon, the usual case after the first command) and ``built``
  (``--no-cache``: normalize the word list and build).

The cache is a private temporary folder, filled by one untimed run per backend first.
"""

from __future__ import annotations

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

from lexibench import structures
from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.records import FirstAnswer, Processes, StartupFile, WordListRef
from lexibench.benchmarks.processes.environment import user_env
from lexibench.solver.cli.runtime import PHASES_ENV
from lexibench.solver.games.compiled import search_build
from lexibench.solver.wordlist import WordList

BOARD = "perslatgsineters"
#: Wordle's best next guess from a cold process: name -> the command's arguments (the word list
#: is added), as the startup file's cases and the report name them.
SUGGEST = {
    "wordle-suggest": ("wordle", "--suggest"),
    "wordle-suggest-one-guess": ("wordle", "--guess", "crane=bbybg", "--suggest"),
}


def command() -> list[str]:
    """The installed ``lexibench`` script beside this interpreter, else ``python -m``."""
    script = Path(sys.executable).with_name("lexibench")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "lexibench"]


def time_process(argv: list[str], env: dict[str, str]) -> tuple[float, float, dict[str, float]]:
    """(CPU seconds, wall seconds, phases) of one process running ``argv``; output discarded."""
    with tempfile.NamedTemporaryFile(suffix=".json") as phases_file:
        env = {**env, PHASES_ENV: phases_file.name}
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        error = proc.stderr.read().decode() if proc.stderr else ""
        if proc.returncode != 0:
            raise RuntimeError(f"startup: {' '.join(argv)} failed: {error.strip()}")
        text = Path(phases_file.name).read_text()
        phases: dict[str, float] = json.loads(text) if text else {}
    return usage.ru_utime + usage.ru_stime, wall, phases


#: A process that takes longer than this (CPU seconds) runs once: its noise is small against it,
#: and the slowest builds (a Python-level trie from the word list) would otherwise take minutes.
ONCE_CPU_S = 2.0


def measure(argv: list[str], env: dict[str, str], runs: int) -> tuple[Processes, dict[str, float]]:
    """Every run's CPU and wall seconds, and the median CPU seconds of each phase: ``runs``
    processes, or one when the first took over :data:`ONCE_CPU_S` of CPU."""
    samples = [time_process(argv, env)]
    if samples[0][0] <= ONCE_CPU_S:
        samples += [time_process(argv, env) for _ in range(runs - 1)]
    names = samples[0][2].keys()
    phases = {n: statistics.median(s[2].get(n, 0.0) for s in samples) for n in names}
    return Processes(tuple(s[0] for s in samples), tuple(s[1] for s in samples)), phases


def run_all(backends: list[str], wordlist: WordList, runs: int) -> StartupFile:
    """Every case, in a private cache folder."""
    base = command()
    cases: dict[str, Processes] = {}
    per_backend: dict[str, FirstAnswer] = {}
    not_run: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = user_env({"LEXIBENCH_CACHE_DIR": tmp})
        for name, args in (("version", ["--version"]), ("random", ["random", "--count", "1"])):
            time_process([*base, *args], env)  # a first run writes the byte code, as an install
            cases[name] = measure([*base, *args], env, runs)[0]
            _say(name, cases[name])
        for name, wordle in SUGGEST.items():
            suggest = [*base, *wordle, "--wordlist", wordlist.name]
            time_process(suggest, env)  # fills the cache with Wordle's lexicon
            cases[name] = measure(suggest, env, runs)[0]
            _say(name, cases[name])
        for backend in backends:
            if workloads.is_slow(backend):
                not_run[backend] = "one board takes tens of seconds (a linear scan per query)"
                continue
            solve = [*base, "solve", BOARD, "--wordlist", wordlist.name, "--lexicon", backend]
            time_process(solve, env)  # fills the cache
            cached, phases_cached = measure(solve, env, runs)
            built, phases_built = measure([*solve, "--no-cache"], env, runs)
            per_backend[backend] = FirstAnswer(
                cached=cached,
                built=built,
                phases_cached=phases_cached,
                phases_built=phases_built,
                library_version=structures.backend_info(backend).version,
            )
            _say(f"{backend} cached", cached)
            _say(f"{backend} built", built)
    return StartupFile(
        datetime=datetime.now(UTC).isoformat(timespec="seconds"),
        python=platform.python_version(),
        machine=platform.machine(),
        solver_build=search_build(),
        wordlist=WordListRef(wordlist.name, len(wordlist.words), wordlist.sha256),
        board=BOARD,
        runs=runs,
        command=" ".join(Path(part).name for part in base),
        cases=cases,
        backends=per_backend,
        not_run=not_run,
    )


def _say(name: str, case: Processes) -> None:
    cpu, wall = case.cpu_median * 1000, case.wall_median * 1000
    print(f"startup {name}: {cpu:.0f} ms CPU, {wall:.0f} ms wall", file=sys.stderr, flush=True)
