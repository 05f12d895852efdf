"""The raw files of the measurements in fresh processes, each a record of its own tagged by its
schema: memory (:class:`MemoryFile`), the memory sweep (:class:`MemorySweepFile`), the bulk runs
(:class:`BulkFile`), start-up and time to first answer (:class:`StartupFile`)."""

from __future__ import annotations

import statistics
import typing
from typing import Annotated, Final, Literal

import msgspec
from msgspec import Meta

from lexibench.benchmarks.harness.records.parts import Count, Part, Positive, Seconds, Share
from lexibench.benchmarks.harness.records.suite_records import WordListRef


class Memory(Part):
    """One backend's memory once built (fresh processes)."""

    rss_bytes_median: Count
    rss_bytes_runs: Annotated[tuple[Count, ...], Meta(min_length=1)]
    tracemalloc_bytes: Count
    serialized_bytes: Count
    library_version: str | None


class MemoryFile(Part, tag_field="schema", tag="lexibench-memory/3"):
    """``memory.json``: per backend, the memory a built structure takes."""

    datetime: str
    python: str
    machine: str
    wordlist: WordListRef
    runs: Positive
    backends: Annotated[dict[str, Memory], Meta(min_length=1)]


class SweepPoint(Part):
    """One backend at one dictionary size of the memory sweep."""

    rss_bytes: Count
    build_seconds: Seconds


class SweepRow(Part):
    """Every backend at one dictionary size."""

    backends: dict[str, SweepPoint]


class MemorySweepFile(Part, tag_field="schema", tag="lexibench-memory-sweep/3"):
    """The memory sweep: words -> backend -> point."""

    datetime: str
    wordlist: WordListRef
    seed: Count
    points: Annotated[dict[int, SweepRow], Meta(min_length=1)]


#: How a boards file writes its boards (:attr:`BulkRun.form`).
BoardForm = Literal["slashed", "spaced", "peers"]
Engine = Literal["processes", "dask", "halves", "peer", "discarded", "copied"]


class BulkRun(Part):
    """One ``solve --boards-file`` process (or, engine ``peer``, one run of the opt-in C++ peer
    on the same boards: :mod:`lexibench.benchmarks.peers.hybrid_boggle`)."""

    lexicon: str
    output: Literal["full", "summary"]
    """``full`` (words and paths) or ``summary`` (``--summary``)."""
    count: Positive = msgspec.field(name="boards")
    """How many boards (the files' key ``boards``)."""
    jobs: Positive
    engine: Engine
    """``processes`` (``--jobs``), ``dask`` (``--dask-workers``), ``halves`` (two ``--jobs 1``
    processes at once, each on half the boards: the machine's ceiling for a second core),
    ``peer`` (hybrid-boggle's C++ scorer, scores only), ``discarded`` (``--jobs 1`` with its
    output to ``/dev/null``: the search and the lines without the file system's write), or
    ``copied`` (a process that only copies ``--jobs 1``'s output file to a new one: the file
    system's write of those bytes, without the search)."""
    seconds: Seconds
    """Wall seconds (the median of :attr:`rounds` where there are several)."""
    cpu_seconds: Seconds
    """CPU seconds, its workers' included (the median, where there are several rounds)."""
    boards: Literal["random", "dense"] = msgspec.field(default="random", name="kind")
    """The boards (the files' key ``kind``): seeded random 4x4 boards (the new dice), or dense
    ones (Boggle's ``4x4-dense`` workload: the best boards known, changed as a best-board search
    changes them). Files written before dense runs existed hold random boards only."""
    form: BoardForm = "slashed"
    """How the file writes each board: ``slashed`` (``lexibench random``'s ``abcd/efgh/...``),
    ``spaced`` (cells apart, ``a b c d e ...``) or ``peers`` (a letter per cell, ``q`` the Qu
    tile, read with ``--q-means-qu``). Files written before forms were run hold slashed ones."""
    rounds: tuple[Seconds, ...] = ()
    """Every round's wall seconds, in the order run, where the run was repeated in alternating
    rounds with the others of its case (empty: run once)."""


class BulkFile(Part, tag_field="schema", tag="lexibench-bulk/4"):
    """The bulk runs."""

    datetime: str
    python: str
    cpus: Positive
    cache: str
    solver_build: str
    wordlist: WordListRef
    seed: Count
    runs: Annotated[tuple[BulkRun, ...], Meta(min_length=1)]


class Processes(Part):
    """CPU and wall seconds of fresh processes, every run and the medians."""

    cpu_s: Annotated[tuple[Seconds, ...], Meta(min_length=1)]
    wall_s: Annotated[tuple[Seconds, ...], Meta(min_length=1)]

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu_s)

    @property
    def wall_median(self) -> float:
        return statistics.median(self.wall_s)


class FirstAnswer(Part):
    """One backend's time to first answer, from a cold process: with the lexicon in the cache
    and without (``--no-cache``), each with its phases (CPU seconds, medians)."""

    cached: Processes
    built: Processes
    phases_cached: dict[str, Share]
    phases_built: dict[str, Share]
    library_version: str | None


class StartupFile(Part, tag_field="schema", tag="lexibench-startup/3"):
    """Start-up and time to first answer."""

    datetime: str
    python: str
    machine: str
    solver_build: str
    wordlist: WordListRef
    board: str
    runs: Positive
    command: str
    cases: Annotated[dict[str, Processes], Meta(min_length=1)]
    backends: dict[str, FirstAnswer]
    not_run: dict[str, str]

    def __post_init__(self) -> None:
        if not (self.backends or self.not_run):
            raise ValueError("no backend measured, and none listed as not run")


ProcessFile = MemoryFile | MemorySweepFile | BulkFile | StartupFile
"""A raw file written by a measurement in fresh processes."""
PROCESS_FILES: Final[tuple[type[Part], ...]] = typing.get_args(ProcessFile)
