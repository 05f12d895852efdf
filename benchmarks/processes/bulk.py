"""Bulk runs: ``lexibench solve --boards-file`` on many boards, start-up included.

For each board count of the sweep, the same seeded 4x4 boards are solved with ``--jobs 1``,
``--jobs 2`` and (the default lexicon) ``--dask-workers 2``, timed wall-clock and in CPU seconds
around the whole process, output written to a file, with the lexicon cache warm (a private cache
folder, filled by one untimed run first, as a user's would be after their first command). The
cases (:data:`CASES`): the default lexicon (array-trie, native tier) with the full JSON lines and
with ``--summary``, and dict-trie (the fastest search through the Python protocol) with the full
lines. Outputs of one case must be identical across the runners, and the full lines of the two
lexicons identical but for the lexicon's name. The default lexicon's cases run again, ``--jobs 1``
and ``--jobs 2``, on the same boards written in the other forms a file may hold (:data:`FORMS`:
cells apart, and the peers' letter per cell with ``q`` the Qu tile): their lines must be the
slashed form's, byte for byte.

Then the default lexicon's cases again on as many dense boards (Boggle's ``4x4-dense`` workload,
:mod:`lexibench.solver.games.boggle.dense`), with ``--jobs 1`` and ``--jobs 2``. Where the user has
built hybrid-boggle's C++ scorer (:mod:`lexibench.solver.games.boggle.peer`: its folder in
``LEXIBENCH_HYBRID_BOGGLE``, or ``cpp_boggle`` importable), it scores the same random and dense
boards, timed the same way (engine ``peer``), and its scores must equal ``--summary``'s; where it
is not, nothing is run and nothing is missing.

The runner (``python -m lexibench.benchmarks.run``) calls :func:`run_bulk`.
"""

from __future__ import annotations

import hashlib
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from lexibench.benchmarks.harness.records import BoardForm, BulkFile, BulkRun, WordListRef
from lexibench.benchmarks.harness.workloads import boards_for
from lexibench.benchmarks.processes.environment import user_env
from lexibench.solver.defaults import DEFAULT_STRUCTURE
from lexibench.solver.games.boggle import peer
from lexibench.solver.games.boggle.board import QU, Board
from lexibench.solver.games.boggle.dense import dense_boards
from lexibench.solver.games.compiled import search_build
from lexibench.solver.wordlist import WordList

#: How each case is run: (engine, workers): one process, two processes (``--jobs 2``), and a
#: local Dask cluster of two worker processes (``--dask-workers 2``), started by the command.
RUNNERS: tuple[tuple[Literal["processes", "dask"], int], ...] = (
    ("processes", 1),
    ("processes", 2),
    ("dask", 2),
)
#: (lexicon, output) of each case: "full" lines (words and paths) or "summary" lines.
CASES: tuple[tuple[str, Literal["full", "summary"]], ...] = (
    (DEFAULT_STRUCTURE, "full"),
    (DEFAULT_STRUCTURE, "summary"),
    ("dict-trie", "full"),
)


#: The dense boards' runners: --jobs 1 and 2 (Dask adds nothing the random boards do not show).
DENSE_RUNNERS = RUNNERS[:2]
#: The other forms of the same random boards, each with the option that reads it: the default
#: lexicon's cases run on them too, --jobs 1 and 2, and must give the slashed form's lines.
FORMS: dict[BoardForm, tuple[Callable[[Board], str], tuple[str, ...]]] = {
    "spaced": (lambda board: " ".join(board.cells), ()),
    "peers": (lambda board: "".join("q" if c == QU else c for c in board.cells), ("--q-means-qu",)),
}


def time_solve(
    boards_file: Path,
    runner: tuple[str, int],
    case: tuple[str, str],
    wordlist: str,
    out: Path,
    env: dict[str, str],
    options: tuple[str, ...] = (),
) -> tuple[float, float]:
    """Wall and CPU seconds (its own and its workers') of one ``lexibench solve --boards-file``
    process, start to exit (``env`` names the cache folder, warmed before the timed runs as a
    user's would be)."""
    lexicon, output = case
    cmd = [sys.executable, "-m", "lexibench", "solve", "--boards-file", str(boards_file)]
    engine, workers = runner
    cmd += ["--jobs", str(workers)] if engine == "processes" else ["--dask-workers", str(workers)]
    cmd += ["--wordlist", wordlist, "--lexicon", lexicon]
    cmd += ["--summary"] if output == "summary" else []
    return _timed([*cmd, *options], out, env)


def time_peer(
    boards_file: Path, wordlist: str, out: Path, env: dict[str, str]
) -> tuple[float, float]:
    """Wall and CPU seconds of the C++ peer scoring the same boards, start to exit."""
    cmd = [sys.executable, "-m", "lexibench.benchmarks.processes.peer"]
    cmd += ["--boards-file", str(boards_file), "--wordlist", wordlist]
    return _timed(cmd, out, env)


def _timed(cmd: list[str], out: Path, env: dict[str, str]) -> tuple[float, float]:
    with out.open("wb") as sink:
        start = time.perf_counter()
        process = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        errors = process.stderr.read().decode().strip() if process.stderr else ""
        if process.stderr:
            process.stderr.close()
    if process.returncode != 0:
        raise RuntimeError(f"bulk: {' '.join(cmd)} failed: {errors}")
    return seconds, usage.ru_utime + usage.ru_stime


def _scores(data: bytes) -> list[int]:
    """The ``"score"`` of every line (summary lines and the peer's alike)."""
    return [int(line.rsplit(b'"score":', 1)[1].rstrip(b"}")) for line in data.splitlines()]


def _dense_and_peer(
    tmp: Path, count: int, boards: Path, wordlist: str, seed: int, env: dict[str, str]
) -> list[BulkRun]:
    """The default lexicon's cases on ``count`` dense boards, and the peer on the random boards
    (``boards``) and the dense ones where it is built (see the module docstring)."""
    runs: list[BulkRun] = []
    dense = tmp / f"dense-{count}.txt"
    dense.write_text("".join(b.text() + "\n" for b in dense_boards(4, 4, seed, count)))
    summaries: dict[str, bytes] = {}
    for case in CASES:
        if case[0] != DEFAULT_STRUCTURE:
            continue
        digests = set()
        for engine, jobs in DENSE_RUNNERS:
            out = tmp / f"dense-out-{count}-{jobs}.jsonl"
            seconds, cpu = time_solve(dense, (engine, jobs), case, wordlist, out, env)
            data = out.read_bytes()
            digests.add(hashlib.sha256(data).hexdigest())
            runs.append(BulkRun(case[0], case[1], count, jobs, engine, seconds, cpu, "dense"))
        if len(digests) != 1:
            raise RuntimeError(f"bulk: the runners' outputs differ for {case} on dense boards")
        if case[1] == "summary":
            summaries["dense"] = data
    if peer.unavailable() is not None:
        return runs
    summary = (DEFAULT_STRUCTURE, "summary")
    random_out = tmp / f"random-summary-{count}.jsonl"
    time_solve(boards, RUNNERS[0], summary, wordlist, random_out, env)
    summaries["random"] = random_out.read_bytes()
    sets: tuple[tuple[Literal["random", "dense"], Path], ...] = (
        ("random", boards),
        ("dense", dense),
    )
    for which, path in sets:
        out = tmp / f"peer-{which}-{count}.jsonl"
        seconds, cpu = time_peer(path, wordlist, out, env)
        if _scores(out.read_bytes()) != _scores(summaries[which]):
            raise RuntimeError(f"bulk: the peer's scores differ from --summary's ({which} boards)")
        runs.append(BulkRun("hybrid-boggle", "summary", count, 1, "peer", seconds, cpu, which))
        print(f"bulk: hybrid-boggle, {count:,} {which} boards: {seconds:.1f} s", file=sys.stderr)
    return runs


def _forms(tmp: Path, boards: list[Board], wordlist: str, env: dict[str, str]) -> list[BulkRun]:
    """The default lexicon's cases on the same random ``boards`` written in each of
    :data:`FORMS`, --jobs 1 and 2; each output must be the slashed form's (``slashed-*``)."""
    runs: list[BulkRun] = []
    count = len(boards)
    for form, (write, options) in FORMS.items():
        path = tmp / f"boards-{count}-{form}.txt"
        path.write_text("".join(write(b) + "\n" for b in boards))
        for case in CASES:
            if case[0] != DEFAULT_STRUCTURE:
                continue
            expected = (tmp / f"slashed-{count}-{case[1]}.jsonl").read_bytes()
            for engine, jobs in DENSE_RUNNERS:
                out = tmp / f"form-out-{count}-{jobs}.jsonl"
                seconds, cpu = time_solve(path, (engine, jobs), case, wordlist, out, env, options)
                if out.read_bytes() != expected:
                    raise RuntimeError(f"bulk: the {form} form's lines differ for {case}")
                runs.append(BulkRun(case[0], case[1], count, jobs, engine, seconds, cpu, form=form))
                print(
                    f"bulk: {case[0]} {case[1]}, {count:,} {form} boards, {engine} {jobs}: "
                    f"{seconds:.1f} s",
                    file=sys.stderr,
                    flush=True,
                )
    return runs


def run_bulk(counts: tuple[int, ...], wl: WordList, seed: int) -> BulkFile:
    """Time every (case, count, jobs); check that the outputs agree."""
    runs: list[BulkRun] = []
    with tempfile.TemporaryDirectory() as tmp:
        env = user_env({"LEXIBENCH_CACHE_DIR": str(Path(tmp) / "cache")})
        warm = Path(tmp) / "warm.txt"
        warm.write_text(boards_for("4x4", 1, seed)[0].text() + "\n")
        wordlist = wl.name
        for lexicon in sorted({lexicon for lexicon, _ in CASES}):  # builds and caches
            time_solve(warm, RUNNERS[0], (lexicon, "full"), wordlist, Path(tmp) / "warm.jsonl", env)
        for count in counts:
            random_boards = boards_for("4x4", count, seed)
            boards = Path(tmp) / f"boards-{count}.txt"
            boards.write_text("".join(b.text() + "\n" for b in random_boards))
            full: dict[str, bytes] = {}
            for case in CASES:
                digests = set()
                for engine, jobs in RUNNERS:
                    if engine == "dask" and case[0] != DEFAULT_STRUCTURE:
                        continue
                    out = Path(tmp) / f"out-{count}-{engine}-{jobs}.jsonl"
                    seconds, cpu = time_solve(boards, (engine, jobs), case, wordlist, out, env)
                    data = out.read_bytes()
                    lines = data.count(b"\n")
                    if lines != count:
                        raise RuntimeError(f"bulk: {lines} results for {count} boards")
                    digests.add(hashlib.sha256(data).hexdigest())
                    if case[0] == DEFAULT_STRUCTURE and (engine, jobs) == RUNNERS[0]:
                        (Path(tmp) / f"slashed-{count}-{case[1]}.jsonl").write_bytes(data)
                    if case[1] == "full":
                        full[case[0]] = data.replace(f'"lexicon":"{case[0]}"'.encode(), b"")
                    runs.append(BulkRun(case[0], case[1], count, jobs, engine, seconds, cpu))
                    print(
                        f"bulk: {case[0]} {case[1]}, {count:,} boards, {engine} {jobs}: "
                        f"{seconds:.1f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                if len(digests) != 1:
                    raise RuntimeError(
                        f"bulk: the runners' outputs differ for {case} on {count} boards"
                    )
            if len(set(full.values())) != 1:
                raise RuntimeError(f"bulk: the lexicons' lines differ on {count} boards")
            runs += _forms(Path(tmp), random_boards, wordlist, env)
            runs += _dense_and_peer(Path(tmp), count, boards, wordlist, seed, env)
    return BulkFile(
        datetime=datetime.now(UTC).isoformat(timespec="seconds"),
        python=platform.python_version(),
        cpus=os.cpu_count() or 1,
        cache="warm",
        solver_build=search_build(),
        wordlist=WordListRef(wl.name, len(wl.words), wl.sha256),
        seed=seed,
        runs=tuple(runs),
    )
