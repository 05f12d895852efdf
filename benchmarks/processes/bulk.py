"""Bulk runs: ``lexibench solve --boards-file`` on many boards, start-up included.

Every run is one whole command, timed wall-clock and in CPU seconds (its workers' included) from
start to exit, its output written to a file, with the lexicon cache warm (a private cache folder,
filled by one untimed run first, as a user's would be after their first command). For each board
count of the sweep, on the same seeded 4x4 boards:

- **Every runner and lexicon, once, at the smallest count** (:data:`CASES`, :data:`RUNNERS`): the
  default lexicon (array-trie, native tier) with ``--dask-workers 2``, and dict-trie (the
  fastest search through the Python protocol) with the full lines, ``--jobs 1`` and ``--jobs 2``.
  Not at the largest: dict-trie's rate per board is the same there, where it would take a
  minute; Dask's, whose local cluster starts inside the timed command, is lower at the smallest
  count than it would be at the largest, left out to keep ``make bench`` within the hour.
- **The second core, side by side**: the default lexicon's two outputs (the full JSON lines, and
  ``--summary``), each run three ways in alternating rounds (A B C A B C ...): ``--jobs 1``,
  ``--jobs 2``, and the *halves*, two ``--jobs 1`` processes started at once on half the boards
  each, which is what a second core can give on this machine when nothing is shared or handed
  back (its ceiling for ``--jobs 2``). On the random boards written in every form a file may hold
  (:data:`FORMS`: slashed, cells apart, the peers' letter per cell with ``q`` the Qu tile), and on
  as many dense boards (Boggle's ``4x4-dense`` workload, :mod:`lexibench.solver.games.boggle.dense`,
  where a search spends its time). At the sweep's largest count each case runs :data:`ROUNDS`
  rounds (dense boards :data:`DENSE_ROUNDS`), and the runs keep every round's wall seconds and
  their medians.
- **The peer**, where the user has built hybrid-boggle's C++ scorer
  (:mod:`lexibench.benchmarks.peers.hybrid_boggle`: its folder in ``LEXIBENCH_HYBRID_BOGGLE``, or
  ``cpp_boggle`` importable): it scores the same random and dense boards in the rounds of the full
  lines (engine ``peer``), and its scores must equal ``--summary``'s; where it is not built,
  nothing is run and nothing is missing. Beside it on the dense boards, the full lines of
  ``--jobs 1`` written to ``/dev/null`` (engine ``discarded``): what the search and the lines
  cost without the file system's write of the output (gigabytes, which the peer, scores only,
  does not make); and that write alone (engine ``copied``, in the first round only): a process
  that copies ``--jobs 1``'s output file to a new one, a MiB at a time (:data:`COPY`), with no
  search.

Checks: one case's outputs are identical across runners, forms and the halves (joined), and the two
lexicons' full lines are identical but for the lexicon's name.

The runner (``python -m lexibench.benchmarks.run``) calls :func:`run_bulk`.
"""

from __future__ import annotations

import hashlib
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Literal

from lexibench.benchmarks.harness.records import (
    BoardForm,
    BulkFile,
    BulkRun,
    Engine,
    WordListRef,
)
from lexibench.benchmarks.harness.workloads import boards_for
from lexibench.benchmarks.peers import hybrid_boggle
from lexibench.benchmarks.processes.environment import user_env
from lexibench.solver.defaults import DEFAULT_STRUCTURE
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


#: Every form a boards file may hold, as each writes a board (``peers`` is read with
#: ``--q-means-qu``): the second-core runs run on each, and each must give the slashed form's lines.
FORMS: dict[BoardForm, Callable[[Board], str]] = {
    "slashed": Board.text,
    "spaced": lambda board: " ".join(board.cells),
    "peers": lambda board: "".join("q" if c == QU else c for c in board.cells),
}
#: Alternating rounds of the second-core runs at the sweep's largest count (the sweep's
#: ``bulk_rounds``), at most :data:`DENSE_ROUNDS` for the dense boards (a round of 100,000 dense
#: boards takes about a minute here).
ROUNDS = 5
DENSE_ROUNDS = 3
#: The ``copied`` way: a process that writes the bytes of the file named by its argument to its
#: standard output a MiB at a time, as ``solve`` writes its lines (:func:`~.writes.write_whole`),
#: and does nothing else.
COPY = (
    "import os, sys\n"
    "from lexibench.solver.writes import WRITE_AT_MOST, write_whole\n"
    "source = os.open(sys.argv[1], os.O_RDONLY)\n"
    "while block := os.read(source, WRITE_AT_MOST):\n"
    "    write_whole(1, block)\n"
)


def solve_command(
    boards_file: Path,
    runner: tuple[str, int],
    case: tuple[str, str],
    wordlist: str,
    options: tuple[str, ...] = (),
) -> list[str]:
    """The ``lexibench solve --boards-file`` command of one case and runner."""
    lexicon, output = case
    cmd = [sys.executable, "-m", "lexibench", "solve", "--boards-file", str(boards_file)]
    engine, workers = runner
    cmd += ["--jobs", str(workers)] if engine == "processes" else ["--dask-workers", str(workers)]
    cmd += ["--wordlist", wordlist, "--lexicon", lexicon]
    cmd += ["--summary"] if output == "summary" else []
    return [*cmd, *options]


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
    return _timed([solve_command(boards_file, runner, case, wordlist, options)], [out], env)


def time_peer(
    boards_file: Path, wordlist: str, out: Path, env: dict[str, str]
) -> tuple[float, float]:
    """Wall and CPU seconds of the C++ peer scoring the same boards, start to exit."""
    cmd = [sys.executable, "-m", "lexibench.benchmarks.processes.hybrid_boggle_scorer"]
    cmd += ["--boards-file", str(boards_file), "--wordlist", wordlist]
    return _timed([cmd], [out], env)


def time_copy(source: Path, out: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of a process copying ``source`` to ``out`` (:data:`COPY`), start to
    exit: what the file system charges for writing those bytes, with no search."""
    return _timed([[sys.executable, "-c", COPY, str(source)]], [out], env)


def time_halves(
    halves: tuple[Path, Path],
    case: tuple[str, str],
    wordlist: str,
    outs: tuple[Path, Path],
    env: dict[str, str],
    options: tuple[str, ...] = (),
) -> tuple[float, float]:
    """Wall seconds until both end, and CPU seconds of both, of two ``--jobs 1`` processes
    started at once, each on its half of the boards: what a second core gives where nothing is
    shared, split or handed back (the machine's own ceiling for ``--jobs 2``)."""
    cmds = [solve_command(half, ("processes", 1), case, wordlist, options) for half in halves]
    return _timed(cmds, list(outs), env)


def _timed(cmds: list[list[str]], outs: list[Path], env: dict[str, str]) -> tuple[float, float]:
    """Start every command at once, each writing to its file; wall seconds until the last ends,
    CPU seconds of them all (their workers' included)."""
    sinks = [out.open("wb") for out in outs]
    try:
        start = time.perf_counter()
        processes = [
            subprocess.Popen(cmd, stdout=sink, stderr=subprocess.PIPE, env=env)
            for cmd, sink in zip(cmds, sinks, strict=True)
        ]
        cpu = 0.0
        statuses = {}
        for process in processes:
            _, status, usage = os.wait4(process.pid, 0)
            statuses[process.pid] = status
            cpu += usage.ru_utime + usage.ru_stime
        seconds = time.perf_counter() - start
    finally:
        for sink in sinks:
            sink.close()
    for cmd, process in zip(cmds, processes, strict=True):
        process.returncode = os.waitstatus_to_exitcode(statuses[process.pid])
        errors = process.stderr.read().decode().strip() if process.stderr else ""
        if process.stderr:
            process.stderr.close()
        if process.returncode != 0:
            raise RuntimeError(f"bulk: {' '.join(cmd)} failed: {errors}")
    return seconds, cpu


def _digest(*paths: Path) -> str:
    """SHA-256 of the files' bytes one after another (read in blocks: outputs run to GB)."""
    digest = hashlib.sha256()
    for path in paths:
        with path.open("rb") as f:
            while block := f.read(1 << 20):
                digest.update(block)
    return digest.hexdigest()


def _scores(data: bytes) -> list[int]:
    """The ``"score"`` of every line (summary lines and the peer's alike)."""
    return [int(line.rsplit(b'"score":', 1)[1].rstrip(b"}")) for line in data.splitlines()]


@dataclass
class Timed:
    """One way to run a case, timed in alternating rounds: how to run it once (wall and CPU
    seconds), the files its output goes to, and what it was measured as."""

    run: Callable[[], tuple[float, float]]
    outs: tuple[Path, ...]
    make: Callable[[float, float, tuple[float, ...]], BulkRun]
    times: list[tuple[float, float]] = field(default_factory=list)
    once: bool = False
    """Run in the first round only (a measure of the machine beside the rounds, not a way to
    solve the boards)."""


def _alternate(
    ways: list[Timed], rounds: int, expected: str | None, what: str, peer: Timed | None = None
) -> tuple[list[BulkRun], str | None]:
    """Run ``ways`` (and the ``peer``) in turn, ``rounds`` times (A B C A B C ...: the machine's
    drift falls on all alike; a way run ``once``, in the first round only). Each way's output,
    its files joined, must have the digest ``expected`` (the first way's, when None), checked in
    the first round; the peer's is checked by the caller, and a way without files (its output
    discarded) is not checked. The runs, each with the medians and every round's wall seconds,
    and the digest the outputs had."""
    every = ways + ([peer] if peer is not None else [])
    for round_number in range(rounds):
        for way in every:
            if way.once and round_number:
                continue
            way.times.append(way.run())
            if round_number == 0 and way is not peer and way.outs:
                digest = _digest(*way.outs)
                expected = expected or digest
                if digest != expected:
                    raise RuntimeError(f"bulk: the outputs differ for {what}")
    made = [
        way.make(
            statistics.median(wall for wall, _ in way.times),
            statistics.median(cpu for _, cpu in way.times),
            tuple(wall for wall, _ in way.times) if len(way.times) > 1 else (),
        )
        for way in every
    ]
    return made, expected


def _halves(path: Path) -> tuple[Path, Path]:
    """The boards file ``path`` split into two files of half its lines each (beside it)."""
    lines = path.read_bytes().splitlines(keepends=True)
    middle = len(lines) // 2
    halves = (path.with_suffix(".first"), path.with_suffix(".second"))
    halves[0].write_bytes(b"".join(lines[:middle]))
    halves[1].write_bytes(b"".join(lines[middle:]))
    return halves


@dataclass(frozen=True)
class Boards:
    """One boards file of the second-core runs: which boards, in which form, and the option that
    reads it."""

    path: Path
    count: int
    kind: Literal["random", "dense"]
    form: BoardForm = "slashed"
    options: tuple[str, ...] = ()


def _second_core(
    tmp: Path, boards: Boards, rounds: int, bench: Bench, expected: dict[str, str]
) -> list[BulkRun]:
    """The default lexicon's two outputs on ``boards``: ``--jobs 1``, ``--jobs 2`` and the halves
    (with the full lines, the peer where it is built), in ``rounds`` alternating rounds; each
    output's digest must be ``expected[output]`` where it is set (and sets it where not)."""
    runs: list[BulkRun] = []
    halves = _halves(boards.path)
    env, wordlist = bench.env, bench.wordlist
    for case in ((DEFAULT_STRUCTURE, "summary"), (DEFAULT_STRUCTURE, "full")):
        output = case[1]
        ways = []
        for jobs in (1, 2):
            out = tmp / f"{boards.kind}-{output}-jobs{jobs}.jsonl"
            run = partial(
                time_solve, boards.path, ("processes", jobs), case, wordlist, out, env,
                boards.options,
            )  # fmt: skip
            ways.append(Timed(run, (out,), _made(case, boards, jobs, "processes")))
        outs = (tmp / "first-half.jsonl", tmp / "second-half.jsonl")
        run = partial(time_halves, halves, case, wordlist, outs, env, boards.options)
        ways.append(Timed(run, outs, _made(case, boards, 2, "halves")))
        what = f"{output} on {boards.count:,} {boards.kind} boards ({boards.form})"
        peer_way = None
        if output == "full" and boards.form == "slashed" and bench.peer:
            out = tmp / f"peer-{boards.kind}.jsonl"
            run = partial(time_peer, boards.path, wordlist, out, env)
            peer_way = Timed(run, (out,), _made(("hybrid-boggle", "summary"), boards, 1, "peer"))
            if boards.kind == "dense":  # the same lines, not written to a file; their write
                run = partial(
                    time_solve, boards.path, ("processes", 1), case, wordlist, Path(os.devnull),
                    env, boards.options,
                )  # fmt: skip
                ways.append(Timed(run, (), _made(case, boards, 1, "discarded")))
                out = tmp / f"{boards.kind}-{output}-copied.jsonl"
                run = partial(time_copy, ways[0].outs[0], out, env)
                ways.append(Timed(run, (out,), _made(case, boards, 1, "copied"), once=True))
        made, digest = _alternate(ways, rounds, expected.get(output), what, peer_way)
        if digest is not None:
            expected.setdefault(output, digest)
        if peer_way is not None:
            summary = tmp / f"{boards.kind}-summary-jobs1.jsonl"
            if _scores(peer_way.outs[0].read_bytes()) != _scores(summary.read_bytes()):
                raise RuntimeError(f"bulk: the peer's scores differ from --summary's ({what})")
        for made_run in made:
            print(
                f"bulk: {made_run.lexicon}, {what}, {made_run.engine} "
                f"{made_run.jobs}: {made_run.seconds:.2f} s (median of {max(rounds, 1)})",
                file=sys.stderr,
                flush=True,
            )
        runs += made
    return runs


def _made(
    case: tuple[str, str], boards: Boards, jobs: int, engine: Engine
) -> Callable[[float, float, tuple[float, ...]], BulkRun]:
    """How a way's times become its :class:`BulkRun`."""
    lexicon, output = case

    def make(seconds: float, cpu: float, rounds: tuple[float, ...]) -> BulkRun:
        return BulkRun(
            lexicon,
            "summary" if output == "summary" else "full",
            boards.count,
            jobs,
            engine,
            seconds,
            cpu,
            boards.kind,
            boards.form,
            rounds,
        )

    return make


@dataclass(frozen=True)
class Bench:
    """What every run of one bulk benchmark shares: the environment (its cache folder), the word
    list's name, and whether the peer is built."""

    env: dict[str, str]
    wordlist: str
    peer: bool


def _unnamed(lines: bytes, lexicon: str) -> bytes:
    """The full lines without the lexicon's name (the one field two lexicons' lines differ in)."""
    return lines.replace(f'"lexicon":"{lexicon}"'.encode(), b"")


def _every_runner(
    tmp: Path,
    boards: Path,
    count: int,
    bench: Bench,
    expected: dict[str, str],
) -> list[BulkRun]:
    """Every case with the runners :func:`_second_core` does not time: dict-trie's full lines
    (``--jobs 1`` and 2) and the default lexicon on Dask, once each; the outputs must be the
    default lexicon's (the full lines but for the lexicon's name)."""
    runs: list[BulkRun] = []
    default_full = (tmp / "random-full-jobs1.jsonl").read_bytes()
    for case in CASES:
        for engine, jobs in RUNNERS:
            if (case[0] == DEFAULT_STRUCTURE) == (engine != "dask"):
                continue
            out = tmp / f"out-{count}-{engine}-{jobs}.jsonl"
            seconds, cpu = time_solve(boards, (engine, jobs), case, bench.wordlist, out, bench.env)
            if case[0] == DEFAULT_STRUCTURE:
                same = _digest(out) == expected[case[1]]
            else:
                unnamed = _unnamed(out.read_bytes(), case[0])
                same = unnamed == _unnamed(default_full, DEFAULT_STRUCTURE)
            if not same:
                raise RuntimeError(f"bulk: {case} with {engine} {jobs}: the lines differ")
            runs.append(BulkRun(case[0], case[1], count, jobs, engine, seconds, cpu))
            print(
                f"bulk: {case[0]} {case[1]}, {count:,} boards, {engine} {jobs}: {seconds:.1f} s",
                file=sys.stderr,
                flush=True,
            )
    return runs


def run_bulk(counts: tuple[int, ...], wl: WordList, seed: int, rounds: int = ROUNDS) -> BulkFile:
    """Time every case, runner and form (see the module docstring): at the largest of
    ``counts``, the second-core runs in ``rounds`` alternating rounds (dense boards in
    :data:`DENSE_ROUNDS` at most), elsewhere once; check that the outputs agree."""
    runs: list[BulkRun] = []
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        env = user_env({"LEXIBENCH_CACHE_DIR": str(tmp / "cache")})
        bench = Bench(env, wl.name, hybrid_boggle.unavailable() is None)
        warm = tmp / "warm.txt"
        warm.write_text(boards_for("4x4", 1, seed)[0].text() + "\n")
        for lexicon in sorted({lexicon for lexicon, _ in CASES}):  # builds and caches
            time_solve(warm, RUNNERS[0], (lexicon, "full"), bench.wordlist, tmp / "warm.jsonl", env)
        for count in counts:
            many = rounds if count == max(counts) else 1
            random_boards = boards_for("4x4", count, seed)
            expected: dict[str, str] = {}
            for form, write in FORMS.items():
                path = tmp / f"boards-{count}-{form}.txt"
                path.write_text("".join(write(b) + "\n" for b in random_boards))
                options = ("--q-means-qu",) if form == "peers" else ()
                boards = Boards(path, count, "random", form, options)
                runs += _second_core(tmp, boards, many, bench, expected)
                if form == "slashed" and count == min(counts):
                    runs += _every_runner(tmp, path, count, bench, expected)
            dense = tmp / f"dense-{count}.txt"
            dense.write_text("".join(b.text() + "\n" for b in dense_boards(4, 4, seed, count)))
            boards = Boards(dense, count, "dense")
            runs += _second_core(tmp, boards, min(many, DENSE_ROUNDS), bench, {})
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
