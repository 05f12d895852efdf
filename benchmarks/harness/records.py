"""The results schema: every record the benchmarks write, and the one reader of raw files.

Each record is a msgspec Struct tagged by its schema (its ``schema`` field, such as
``"lexibench-solve/3"``). The code that writes a raw file builds these Structs and encodes them
(:func:`encode`, which checks them against the schema first), and :func:`load` decodes the same
Structs, so the schema is written once. Four kinds of raw file:

- pytest-benchmark JSON from the suites (``results/raw/<suite>.json``): each benchmark's
  ``extra_info`` is one per-suite record (:data:`BenchRecord`: :class:`GameRecord`,
  :class:`LookupRecord`, ...); ``machine_info["lexibench"]`` is the run's :class:`RunRecord`
  (settings, package versions, what each backend declared, the cases not run);
- the memory file (:class:`MemoryFile`) and the memory sweep (:class:`MemorySweepFile`);
- the bulk runs (:class:`BulkFile`);
- start-up and time to first answer (:class:`StartupFile`).

:func:`load` reads each file as a regular file of at most :data:`MAX_BYTES` (a FIFO, a device or
a folder is refused before anything is read; :mod:`lexibench.structures.files`) and validates it
completely before anything is built from it: a missing or mistyped field, ``NaN`` or a time of 0
is a one-line :class:`~lexibench.structures.errors.BadInputError` naming the file, the entry and
the field. :func:`parse` is registered as the reader of the format ``results`` (and
:func:`parse_gzipped` of ``results-gz``).
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import re
import statistics
import types
import typing
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Final, Generic, Literal, TypeVar

import msgspec
from msgspec import Meta, Struct

from lexibench.benchmarks.harness.settings import Settings
from lexibench.solver.errors import InputError
from lexibench.structures.files import MIB, input_format, read_input

Count = Annotated[int, Meta(ge=0)]
Positive = Annotated[int, Meta(ge=1)]
#: The shortest and the longest time a measurement may record: a time of 0 (or under a
#: nanosecond, which no clock here resolves) is no measurement, and the tables divide by it.
SHORTEST_S: Final = 1e-9
LONGEST_S: Final = 1e9
Seconds = Annotated[float, Meta(ge=SHORTEST_S, le=LONGEST_S)]
"""A measured time."""
Share = Annotated[float, Meta(ge=0, le=LONGEST_S)]
"""Part of a measured time (a phase of a process, a game's share of a suite), which may be 0."""
Tier = Literal["string", "step", "index", "native", "auto", "reference"]
"""How a case asked its structure: a tier of :mod:`solver.tiers` (``auto``: the fastest the
structure offers), or ``reference`` for a row that is no structure: a baseline solver
(:mod:`benchmarks.baselines`) or the game's brute-force reference."""

REFERENCE_ROW: Final = "filter"
"""Every game's row of its brute-force reference (:meth:`~solver.games.protocol.Game.reference`,
a filter over the word list): its ``backend``, the name the records and the tables give it."""
REFERENCE_TIER: Final = "reference"
"""The ``tier`` of the rows that are no structure (the reference, the baselines): never a
candidate answer."""


class Part(Struct, forbid_unknown_fields=True):
    """A piece of a record (no tag of its own)."""


class WordListRef(Part):
    """The word list a measurement used."""

    name: str
    words: Positive
    sha256: str


# --- the suites' records: one per suite, in each benchmark's extra_info ------------------------


class Record(Struct, forbid_unknown_fields=True, tag_field="schema"):
    """What every timed case records beside pytest-benchmark's timing.

    ``units`` is the work of one round (boards, queries, puzzles; 1 for a build or a load); the
    report divides by it. ``cap`` (where a suite has one) explains a workload smaller than the
    others' (the slow baseline), which is then timed in a group of its own.
    """

    suite: ClassVar[str]
    """The suite's name: its raw file's entries, its not-run cases, its tables."""
    unit: ClassVar[str]
    """What one unit of its work is."""

    backend: str
    library_version: str | None
    wordlist: WordListRef
    units: Positive
    cap: str | None = None
    """Why the workload is smaller than the others' (None: it is not)."""


class BoardsRecord(Record, kw_only=True):
    """Boggle boards of one size through one backend at one tier (no tag of its own: the
    suites' records below have one)."""

    tier: Tier
    size: str
    """``RxC``."""


class SolveRecord(BoardsRecord, kw_only=True):
    """Boggle boards of one size solved through one backend at one tier (no tag of its own)."""

    words: Count
    """Words found, summed over the round's boards."""


class GameRecord(Record, tag="lexibench-games/3", kw_only=True):
    """A game's seeded workload solved with one structure, variant and tier (or a row that is no
    structure: a baseline solver, the game's brute-force reference). ``backend`` is the
    structure's id (or the row's name); ``units`` the puzzles of a round."""

    suite = "games"
    unit = "puzzle"
    game: str
    workload: str
    unit_name: str
    """What one puzzle of the game is called (``board``, ``puzzle``, ``position``)."""
    variant: str
    """The lexicon's variant (``words``; a game may add others, such as ``gaddag``)."""
    tier: Tier
    score: Count
    """The answers' points (or sizes), summed over the round's puzzles."""


class SolveInterpretedRecord(SolveRecord, tag="lexibench-solve-interpreted/4", kw_only=True):
    """Boggle boards of one size solved with the search's source run by the interpreter."""

    suite = "solve-interpreted"
    unit = "board"


class BuildRecord(Record, tag="lexibench-build/3"):
    """Building a backend from the word list."""

    suite = "build"
    unit = "build"


class LoadRecord(Record, tag="lexibench-load/3", kw_only=True):
    """Loading a backend's saved file."""

    suite = "load"
    unit = "load"
    serialized_bytes: Count


class LookupRecord(Record, tag="lexibench-lookup/3", kw_only=True):
    """One look-up over one named query set."""

    suite = "lookup"
    unit = "query"
    op: Literal["is_word", "has_prefix"]
    query_set: str


class ScalingDictionaryRecord(SolveRecord, tag="lexibench-scaling-dictionary/3", kw_only=True):
    """The same boards on a nested subset of the word list."""

    suite = "scaling-dictionary"
    unit = "board"
    subset_words: Positive
    build_seconds: Seconds


class ScalingBoardRecord(SolveRecord, tag="lexibench-scaling-board/3", kw_only=True):
    """Square boards of one size, while a backend stays within the budget."""

    suite = "scaling-board"
    unit = "board"
    budget_ms: Positive


class PitfallRecord(Record, tag="lexibench-pitfall/3", kw_only=True):
    """One row of the pitfall suite: ``backend`` names the row (``no-pruning``, ``pruned``,
    ``completion-list``); ``pitfall`` marks the articles' mistakes."""

    suite = "pitfall"
    unit = "board"
    size: str
    pitfall: bool
    words: Count
    paths: Count | None = None
    """Paths tested per board (the no-pruning rows)."""
    board_paths: Count | None = None
    """Simple paths the board has in all."""


class SearchRun(Part):
    """One seeded best-board search: what it found, and its best score's rises."""

    seed: Count
    board: str
    score: Count
    evaluations: Positive
    seconds: Seconds
    trajectory: Annotated[tuple[tuple[int, int, float], ...], Meta(min_length=1)]
    """``(evaluations, best score, seconds)`` at every rise."""

    def reached(self, target: int) -> tuple[int, float] | None:
        """``(evaluations, seconds)`` when the best score first reached ``target``, or None."""
        for evaluations, score, seconds in self.trajectory:
            if score >= target:
                return evaluations, seconds
        return None


class SearchRecord(Part):
    """The runs of one best-board case: budget, chains per run, and each run."""

    budget: Positive
    restarts: Positive
    runs: Annotated[tuple[SearchRun, ...], Meta(min_length=1)]


class BestRecord(BoardsRecord, tag="lexibench-best/3", kw_only=True):
    """Best-board searches through one backend and tier: the comparison search (one chain) or
    the seeded runs with the default budget (several chains)."""

    suite = "best"
    unit = "evaluation"
    search: SearchRecord


class CrosswordLexiconRecord(Record, tag="lexibench-crossword-lexicon/1", kw_only=True):
    """A lexicon the crossword game's generators search, built from the game's word list: the
    words (``variant`` ``words``, Appel and Jacobson's DAWG algorithm) or their GADDAG strings
    (``gaddag``, Gordon's), on one backend. The timing is one in-process build; the memory is
    measured in a fresh process (:mod:`benchmarks.processes.memory`)."""

    suite = "crossword-lexicon"
    unit = "build"
    variant: str
    strings: Positive
    """Strings stored: the words, or their GADDAG strings (one per letter of every word)."""
    saved_bytes: Count
    """Its saved file (structures.saved: the library's own format, or the strings)."""
    rss_bytes: Count
    """Resident-set growth of the build, in a fresh process."""
    build_seconds: Seconds
    """That fresh process's build time."""
    kwg_nodes: Count | None = None
    """For ``kwg``: the nodes of its array (DAWG and GADDAG)."""
    kwg_dawg_nodes: Count | None = None
    """For ``kwg``: the nodes the DAWG reaches (the rest is the GADDAG's)."""


class CrosswordMovegenRecord(Record, tag="lexibench-crossword-movegen/1", kw_only=True):
    """Native move generation over ``kwg`` on one set of positions (a workload's positions
    with ``blanks`` blanks on the rack, or a published position): every move (``mode``
    ``all``), or the first in order only (``best``, a greedy player's question)."""

    suite = "crossword-movegen"
    unit = "position"
    variant: str
    """``words`` (the DAWG algorithm) or ``gaddag``."""
    tier: Tier
    positions: str
    """The workload (``mid``, ...) or the published position's name."""
    blanks: Count
    mode: Literal["all", "best", "equity"]
    """``equity``: the best turn by equity (lexibench's leave model), found best-first."""
    moves: Count
    """Legal moves of the round's positions, summed."""


class CrosswordPeerRecord(Record, tag="lexibench-crossword-peer/1", kw_only=True):
    """A peer's move generator (MAGPIE, where the user built it) on the positions of one
    :class:`CrosswordMovegenRecord` case, timed inside its own process; ``backend`` is the peer's
    name and ``library_version`` its commit. pytest-benchmark's timing is the peer's whole
    process (building its word map, loading, generating); the tables use ``round_seconds``."""

    suite = "crossword-peer"
    unit = "position"
    lexicon: Literal["kwg", "wmp"]
    """What the peer generated from: the KWG alone, or its word map (``.wmp``) beside it."""
    positions: str
    blanks: Count
    mode: Literal["all", "best"]
    moves: Count
    """The moves the peer listed, summed over the positions: every legal one (placements,
    exchanges and the pass) for ``all``, one a position for ``best``."""
    round_seconds: tuple[Seconds, ...]
    """Each round's seconds of generation over all the positions (the peer's generator alone,
    a monotonic clock, as pytest-benchmark's)."""
    prepare_seconds: tuple[Seconds, ...] = ()
    """Each round's seconds of preparing the boards (their cross-sets and anchors: MAGPIE
    makes them as a position is loaded, lexibench's generator in each call)."""
    paired_seconds: dict[str, tuple[Seconds, ...]] = msgspec.field(default_factory=dict)
    """lexibench's native generators (by the native cases' variant: ``words``, ``gaddag``,
    ``word-map``) on the same positions in the same way, timed in step with the peer: before
    each of the peer's rounds, one round of each (in turn, the first moved to the end each
    round), so that each round of both sides is measured within a second of the other's, on
    the same processor (both processes kept on one meanwhile); each round of either side
    follows an untimed pass over the same positions (empty: not measured so, as for the word
    map's cases)."""


class CrosswordNodesRecord(Record, tag="lexibench-crossword-nodes/1", kw_only=True):
    """The dictionary work of one algorithm on the native cases' positions with ``blanks``
    blanks, counted through ``kwg``'s step tier (the native tier's walk, made in Python with
    each step counted): what the time of DAWG against GADDAG comes from. The timing is that
    slow counting run's, not a figure to compare."""

    suite = "crossword-nodes"
    unit = "position"
    variant: str
    """``words`` (the DAWG algorithm) or ``gaddag``."""
    positions: str
    blanks: Count
    steps: Count
    """The lexicon's ``child`` asked: a letter tried from a node."""
    entered: Count
    """The steps that found a child: nodes entered."""
    moves: Count


class SelfPlayRecord(Record, tag="lexibench-selfplay/1", kw_only=True):
    """``lexibench selfplay --games N``, whole process (start-up, the lexicon from the cache, the
    games); ``units`` the games."""

    suite = "selfplay"
    unit = "game"
    variant: str
    tier: Tier
    seed: Count
    moves_played: Count
    moves_generated: Count
    cpu_seconds: Seconds
    """CPU seconds of one process (the median round's)."""
    players: str = "greedy"
    """``greedy`` (the first move by score) or ``equity`` (both by equity, ``--leaves
    english``)."""


class EquityRecord(Record, tag="lexibench-equity/1", kw_only=True):
    """``lexibench selfplay --leaves english --against greedy --games N``, one whole process:
    the equity player (lexibench's own leave model) against the greedy one, each first in every
    other game; ``units`` the games."""

    suite = "equity"
    unit = "game"
    variant: str
    tier: Tier
    seed: Count
    leaves: str
    """The leave values the equity player used (``english``: lexibench's own model)."""
    wins: Count
    draws: Count
    win_rate: Annotated[float, Meta(ge=0, le=1)]
    """The equity player's wins, a draw counting half, over the games."""
    mean_spread: float
    """The equity player's final score less the greedy player's, the mean over the games."""
    exchanges: Count
    cpu_seconds: Seconds


class ProveRecord(BoardsRecord, tag="lexibench-prove/1", kw_only=True):
    """The proof's work on a seeded sample of one size's top-level classes (``units``: the
    classes a round proves) through one backend and tier of the tree bound (step: any backend
    that steps, in Python; native: array-trie's node array in C)."""

    suite = "prove"
    unit = "class"
    partition: str
    target: Positive
    """The score the proof asks about: no board of the classes reaching it, or which do."""
    classes: Positive
    """The canonical classes of the whole proof of this size (the sample is drawn from them)."""
    outcomes: dict[str, int]
    """How the round's classes ended: ``pruned``, ``searched``, ``found``."""
    bounds: tuple[int, ...]
    """Each class's top-level tree bound, in the sample's order (how tight the bound is)."""
    class_seconds: tuple[float, ...] = ()
    """Each class's own CPU seconds, in the sample's order (the 3x4 sample, where a peer proves
    the same classes: the per-class side by side)."""


BenchRecord = (
    GameRecord
    | CrosswordLexiconRecord
    | CrosswordMovegenRecord
    | CrosswordPeerRecord
    | CrosswordNodesRecord
    | SelfPlayRecord
    | EquityRecord
    | SolveInterpretedRecord
    | BuildRecord
    | LoadRecord
    | LookupRecord
    | ScalingDictionaryRecord
    | ScalingBoardRecord
    | PitfallRecord
    | BestRecord
    | ProveRecord
)
"""Any suite's record."""

RECORDS: Final[tuple[type[Record], ...]] = typing.get_args(BenchRecord)
#: The suites by name, each with its record.
SUITES: Final = {record.suite: record for record in RECORDS}


# --- the run's record: machine_info["lexibench"] of every suite's file -------------------------


class NotRun(Part, omit_defaults=True):
    """A case the suites skipped on purpose, with the reason the tables print."""

    suite: str
    backend: str
    reason: str
    tier: Tier | None = None
    size: str | None = None
    op: str | None = None
    query_set: str | None = None
    game: str | None = None
    workload: str | None = None
    variant: str | None = None

    def __post_init__(self) -> None:
        if self.suite not in SUITES:
            raise ValueError(f"unknown suite {self.suite!r}")


class BackendMeta(Part):
    """What the registry declared about a backend in the run."""

    version: str | None
    distribution: str | None
    pure_python: bool
    cost: str
    stepping: bool
    file_format: str | None


class RunRecord(Part, tag_field="schema", tag="lexibench-run/3"):
    """A suite run's settings, package versions, what each backend declared, what was left
    out; pytest-benchmark describes the machine beside it."""

    packages: dict[str, str | None]
    unavailable: dict[str, str]
    solver_build: str
    native_build: str
    settings: Settings
    wordlist: WordListRef
    not_run: tuple[NotRun, ...]
    backends: dict[str, BackendMeta]
    seconds: Seconds | None = None
    """The suite's wall time, start to end of its pytest session (None in older files)."""
    seconds_by_game: dict[str, Share] = {}
    """The games suite's wall time by game: its cases' set-up, calls and tear-down."""


# --- the measurements in fresh processes ------------------------------------------------------


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


def schema_of(record_type: Any) -> str:
    """The schema tag of a record type."""
    tag = record_type.__struct_config__.tag
    assert isinstance(tag, str), record_type
    return tag


#: The schema tags of the files written by measurements in fresh processes.
PROCESS_SCHEMAS: Final = tuple(schema_of(file) for file in PROCESS_FILES)
#: Every schema tag this version writes and reads.
SCHEMAS: Final = tuple(schema_of(tp) for tp in (*RECORDS, RunRecord, *PROCESS_FILES))


def encode(record: Struct) -> Any:
    """``record`` as JSON-ready builtins, after checking it against its schema (a writer can
    never produce what :func:`load` refuses)."""
    data = msgspec.to_builtins(record)
    msgspec.convert(data, type(record))
    return data


# --- pytest-benchmark's JSON around the records ------------------------------------------------

R_co = TypeVar("R_co", bound=Record, covariant=True)
R = TypeVar("R", bound=Record)


class Stats(Struct):
    """pytest-benchmark's statistics of one benchmark, in seconds per round."""

    median: Seconds
    min: Seconds
    max: Seconds
    q1: Seconds
    q3: Seconds
    rounds: Positive
    data: tuple[Seconds, ...] = ()
    """Every round's seconds (per iteration), as pytest-benchmark's JSON holds them."""


class Bench(Struct, Generic[R_co]):
    """One timed case: pytest-benchmark's name and timing, and the suite's record."""

    name: str
    timing: Stats = msgspec.field(name="stats")
    record: R_co = msgspec.field(name="extra_info")

    def per_unit_ms(self) -> float:
        """Median milliseconds per unit of work."""
        return self.timing.median * 1000 / self.record.units

    def spread_ms(self) -> tuple[float, float]:
        """(min, max) milliseconds per unit over the rounds."""
        units = self.record.units
        return self.timing.min * 1000 / units, self.timing.max * 1000 / units


class Cpu(Struct):
    count: Positive
    brand_raw: str | None = None


class MachineInfo(Struct):
    """pytest-benchmark's ``machine_info``, with the run's record under ``lexibench``."""

    python_version: str
    cpu: Cpu
    lexibench: RunRecord
    system: str | None = None
    release: str | None = None
    machine: str | None = None
    python_implementation: str | None = None


class SuiteFile(Struct):
    """A suite's pytest-benchmark JSON (the fields the reports read)."""

    machine_info: MachineInfo
    benchmarks: Annotated[tuple[Bench[BenchRecord], ...], Meta(min_length=1)]
    datetime: str


@dataclass(frozen=True)
class Run:
    """A suite run's description: machine, Python, packages, settings, what was left out."""

    datetime: str
    machine: str
    cpus: int
    system: str
    python: str
    record: RunRecord
    source: str = ""
    """The raw file it came from (``games.json``)."""

    @classmethod
    def of(cls, data: SuiteFile, source: str = "") -> Run:
        mi = data.machine_info
        system = f"{mi.system or '?'} {mi.release or ''} {mi.machine or ''}"
        return cls(
            datetime=data.datetime,
            machine=mi.cpu.brand_raw or "unknown CPU",
            cpus=mi.cpu.count,
            system=system.replace("  ", " ").strip(),
            python=f"{mi.python_implementation or '?'} {mi.python_version}",
            record=mi.lexibench,
            source=source,
        )

    @property
    def settings(self) -> Settings:
        return self.record.settings

    @property
    def wordlist(self) -> WordListRef:
        return self.record.wordlist

    @property
    def solver_build(self) -> str:
        return self.record.solver_build

    @property
    def packages(self) -> dict[str, str | None]:
        return self.record.packages

    @property
    def unavailable(self) -> dict[str, str]:
        return self.record.unavailable


#: The most hours between the first and the last raw file of one run (``make bench`` takes under
#: one).
ONE_RUN_HOURS: Final = 2


def _moment(stamp: str) -> dt.datetime:
    """An ISO 8601 time (a naive one taken as UTC)."""
    moment = dt.datetime.fromisoformat(stamp)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


@dataclass
class Results:
    """Everything loaded from a set of raw files."""

    benches: list[Bench[Record]] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    memory: MemoryFile | None = None
    memory_sweep: MemorySweepFile | None = None
    bulk: BulkFile | None = None
    startup: StartupFile | None = None
    sources: list[str] = field(default_factory=list)
    measured: dict[str, str] = field(default_factory=dict)
    """When each raw file was measured (its ``datetime``), by its name."""

    @property
    def run(self) -> Run | None:
        """The description of the newest suite run."""
        return max(self.runs, key=lambda r: r.datetime) if self.runs else None

    def span(self) -> tuple[str, str] | None:
        """The oldest and the newest of the raw files' measurement times (ISO 8601)."""
        if not self.measured:
            return None
        stamps = sorted(self.measured.values(), key=_moment)
        return stamps[0], stamps[-1]

    @property
    def one_run(self) -> bool:
        """True when every raw file was measured within :data:`ONE_RUN_HOURS` of the others,
        as one ``make bench`` measures them; False when some were measured again later (one
        suite re-run, say), so the report says each file's date."""
        span = self.span()
        if span is None:
            return True
        return (_moment(span[1]) - _moment(span[0])).total_seconds() <= ONE_RUN_HOURS * 3600

    @property
    def not_run(self) -> list[NotRun]:
        return [item for run in self.runs for item in run.record.not_run]

    @property
    def backends(self) -> dict[str, BackendMeta]:
        """What the runs recorded of each backend (the newest run last, so it wins)."""
        merged: dict[str, BackendMeta] = {}
        for run in sorted(self.runs, key=lambda r: r.datetime):
            merged.update(run.record.backends)
        return merged

    def of(self, suite: type[R]) -> list[Bench[R]]:
        """The benchmarks of one suite, by its record type."""
        return [typing.cast(Bench[R], b) for b in self.benches if type(b.record) is suite]

    def not_run_of(self, suite: type[Record]) -> list[NotRun]:
        """The cases of one suite (by its record type) that were not run."""
        return [c for c in self.not_run if c.suite == suite.suite]


# --- the reader --------------------------------------------------------------------------------


#: What a raw file is called in messages.
WHAT: Final = "results file"
#: The largest raw file read, and the most a gzipped one may decompress to (the committed full
#: run's largest, games.json, is 1.3 MB).
MAX_BYTES: Final = 256 * MIB


def _first_line(exc: BaseException) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def _gunzip(data: bytes, name: str) -> bytes:
    """The JSON of a raw file kept gzipped (a run in the history), refused once it decompresses
    past :data:`MAX_BYTES` (a small file may hold gigabytes)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            raw = stream.read(MAX_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise InputError(f"{WHAT} {name}: not a whole gzip file ({_first_line(exc)})") from None
    if len(raw) > MAX_BYTES:
        raise InputError(f"{WHAT} {name}: larger than {MAX_BYTES // MIB} MiB once decompressed")
    return raw


class _Constant:
    """A constant JSON does not have (``NaN``, ``Infinity``, ``-Infinity``), as read by
    :func:`json.loads`, which takes them: kept in the data so that it can be found and named."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _json(raw: bytes, name: str) -> tuple[Any, bool]:
    """A raw file's parsed JSON, and whether it holds a :class:`_Constant`."""
    constants: list[str] = []

    def constant(text: str) -> _Constant:
        constants.append(text)
        return _Constant(text)

    try:
        return json.loads(raw.decode("utf-8"), parse_constant=constant), bool(constants)
    except UnicodeDecodeError:
        raise InputError(f"{WHAT} {name}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{WHAT} {name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise InputError(f"{WHAT} {name}: not valid JSON ({_first_line(exc)})") from None
    except RecursionError:
        raise InputError(f"{WHAT} {name}: nested too deeply to be a results file") from None


_AT = re.compile(r"^(?P<problem>.*) - at `(?:(?P<key>key)` in `)?\$(?P<path>[^`]*)`$", re.S)
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_TYPES = {
    "int": "a whole number",
    "float": "a number",
    "str": "a string",
    "bool": "true or false",
    "array": "a list",
    "object": "a JSON object",
    "null": "null",
}


@dataclass(frozen=True)
class _Step:
    """One step of a path into a file: a field's name, a list's index or a mapping's key."""

    form: Literal["field", "index", "key"]
    text: str

    def __str__(self) -> str:
        return self.text if self.form == "field" else f"[{self.text}]"


def _steps(path: str) -> list[str | int | None]:
    """msgspec's ``.a[0].b[...]`` as ``["a", 0, "b", None]`` (None: a mapping's key, which
    msgspec does not name)."""
    steps: list[str | int | None] = []
    for name, index in _STEP.findall(path):
        if name:
            steps.append(name)
        else:
            steps.append(None if index == "..." else int(index))
    return steps


def _unwrap(tp: Any) -> Any:
    """The type under ``Annotated`` and ``X | None``."""
    while True:
        if typing.get_origin(tp) is Annotated:
            tp = typing.get_args(tp)[0]
            continue
        if typing.get_origin(tp) in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) == 1:
                tp = args[0]
                continue
        return tp


def _fields(tp: Any, value: Any) -> dict[str, Any]:
    """The field types of ``tp`` by their names in the file (a tagged union: the member that
    ``value``'s tag names)."""
    tp = _unwrap(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType) and isinstance(value, dict):
        members = typing.get_args(tp)
        tp = next((m for m in members if schema_of(m) == value.get("schema")), members[0])
    origin = typing.get_origin(tp) or tp
    if isinstance(origin, type) and issubclass(origin, Struct):
        return {f.encode_name: f.type for f in msgspec.structs.fields(tp)}
    return {}


def _item_type(tp: Any, index: int = 0) -> Any:
    """The type of a list's item (at ``index``) or a mapping's value."""
    tp = _unwrap(tp)
    args = typing.get_args(tp)
    if typing.get_origin(tp) is dict:
        return args[1]
    if typing.get_origin(tp) is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return args[index] if index < len(args) else Any
    return args[0] if args else Any


def _invalid(value: Any, tp: Any) -> bool:
    try:
        msgspec.convert(value, tp)
    except msgspec.ValidationError:
        return True
    return False


def _locate(root: Any, top: Any, path: list[str | int | None]) -> tuple[list[_Step], Any, Any]:
    """Walk ``path`` through the data and the types beside it: the steps named (a mapping's
    failing key found by trying each value), the value reached and its type."""
    steps: list[_Step] = []
    value, tp = root, top
    for step in path:
        if isinstance(step, str):
            tp = _fields(tp, value).get(step, Any)
            value = value.get(step) if isinstance(value, dict) else None
            steps.append(_Step("field", step))
        elif isinstance(step, int):
            tp = _item_type(tp, step)
            value = value[step] if isinstance(value, list) and step < len(value) else None
            steps.append(_Step("index", str(step)))
        else:
            tp = _item_type(tp)
            items = value.items() if isinstance(value, dict) else []
            key, value = next(((k, v) for k, v in items if _invalid(v, tp)), ("?", None))
            steps.append(_Step("key", repr(key)))
    return steps, value, tp


def _shown(value: Any, limit: int = 60) -> str:
    """``value``'s repr, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _bound(tp: Any) -> str:
    """`` >= N``, `` <= M`` or `` from N to M`` when ``tp`` is annotated with bounds."""
    if typing.get_origin(tp) is Annotated:
        for meta in typing.get_args(tp)[1:]:
            if isinstance(meta, Meta) and meta.ge is not None and meta.le is not None:
                return f" from {meta.ge:g} to {meta.le:g}"
            if isinstance(meta, Meta) and meta.ge is not None:
                return f" >= {meta.ge:g}"
            if isinstance(meta, Meta) and meta.le is not None:
                return f" <= {meta.le:g}"
    return ""


def _problem(message: str, value: Any, tp: Any) -> tuple[str | None, str]:
    """msgspec's problem in words: (the field it names, when it names one; the problem)."""
    if m := re.fullmatch(r"Object missing required field `(.*)`", message, re.S):
        return m[1], "missing"
    if m := re.fullmatch(r"Object contains unknown field `(.*)`", message, re.S):
        return m[1], "not a field of this record"
    if re.fullmatch(r"Expected `\w+` of length >= 1", message):
        return None, "is empty"
    if m := re.fullmatch(r"Expected `array` of length (\d+)(?:, got \d+)?", message):
        return None, f"expected a list of {m[1]}, not {_shown(value)}"
    if m := re.fullmatch(r"Expected `(\w+)`(?:, got `\w+`)?(?: [<>]=? [-+\d.e]+)?", message):
        return None, f"expected {_TYPES.get(m[1], m[1])}{_bound(tp)}, not {_shown(value)}"
    if re.fullmatch(r"Invalid (?:enum )?value .*", message):
        inner = _unwrap(tp)
        if typing.get_origin(inner) is Literal:
            choices = ", ".join(map(repr, typing.get_args(inner)))
            return None, f"{_shown(value)} is not one of {choices}"
        return None, f"unknown schema {_shown(value)}"
    text = _plain(message[:1].lower() + message[1:])
    return None, text if len(text) <= 200 else text[:197] + "..."


def _plain(text: str) -> str:
    """``text`` on one line, however odd (a key of the file may hold a line break)."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _at(data: Any, steps: list[_Step], field_name: str | None) -> str:
    """Where ``steps`` lead in a file, in words: the entry (a benchmark by its name) and the
    field (``benchmark 'x', stats, field 'median'``)."""
    steps = list(steps)
    if field_name is None and steps:
        last = steps.pop()
        if last.form == "index":  # an item of a list: named with its list
            field_name = f"{steps.pop().text if steps else ''}{last}"
        else:
            field_name = last.text if last.form == "field" else last.text.strip("'\"")
    entry = "the file"
    if len(steps) >= 2 and steps[0].text == "benchmarks" and steps[1].form == "index":
        bench = data["benchmarks"][int(steps[1].text)]
        name = bench.get("name") if isinstance(bench, dict) else None
        entry = (
            f"benchmark {_shown(name, 300)}"
            if isinstance(name, str)
            else f"benchmarks[{steps[1].text}]"
        )
        steps = steps[2:]
    if steps:
        where = "".join(f".{s}" if s.form == "field" else str(s) for s in steps).lstrip(".")
        where = _plain(where if len(where) <= 300 else where[:297] + "...")
        entry = where if entry == "the file" else f"{entry}, {where}"
    return f"{entry}, field {_shown(field_name, 100)}" if field_name else entry


def _refusal(name: str, data: Any, top: Any, error: msgspec.ValidationError) -> InputError:
    """msgspec's error (``... - at `$.benchmarks[0].stats.median```) as one line naming the
    file, the entry (a benchmark by its name) and the field."""
    m = _AT.match(str(error))
    message, where, in_key = (m["problem"], m["path"], m["key"]) if m else (str(error), "", None)
    steps, value, tp = _locate(data, top, _steps(where))  # no "at": the file's top level
    field_name, problem = _problem(message, value, tp)
    if in_key:
        bad = next((k for k in (value if isinstance(value, dict) else {}) if not k.isdigit()), "?")
        problem = f"key {_shown(bad)} is not a whole number"
    return InputError(f"{WHAT} {name}: {_at(data, steps, field_name)}: {problem}")


def _constant_refusal(name: str, data: Any, top: Any) -> InputError:
    """The refusal of a file holding ``NaN`` or ``Infinity`` (no JSON number), naming the first
    such value's entry and field (a walk of the data beside its type, in the file's order)."""
    nodes: list[tuple[int, _Step | None]] = []  # each value reached: its parent's node, its step
    pending: list[tuple[Any, Any, int, _Step | None]] = [(data, top, -1, None)]
    while pending:
        value, tp, parent, step = pending.pop()
        nodes.append((parent, step))
        here = len(nodes) - 1
        if isinstance(value, _Constant):
            steps: list[_Step] = []
            while here >= 0:
                parent, step = nodes[here]
                if step is not None:
                    steps.append(step)
                here = parent
            steps.reverse()
            return InputError(
                f"{WHAT} {name}: {_at(data, steps, None)}: {value.text} is not a number (JSON "
                "has no NaN or infinity)"
            )
        children: list[tuple[Any, Any, int, _Step | None]] = []
        if isinstance(value, dict):
            known = _fields(tp, value)
            mapping = typing.get_origin(_unwrap(tp)) is dict
            for key, item in value.items():
                if key in known or not mapping:
                    children.append((item, known.get(key, Any), here, _Step("field", key)))
                else:
                    children.append((item, _item_type(tp), here, _Step("key", _shown(key))))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                children.append((item, _item_type(tp, index), here, _Step("index", str(index))))
        pending.extend(reversed(children))
    return InputError(f"{WHAT} {name}: holds NaN or infinity, which are no JSON numbers")


def _decode(name: str, raw: bytes, data: Any, tp: Any) -> Any:
    try:
        return msgspec.json.decode(raw, type=tp)
    except msgspec.ValidationError as error:
        raise _refusal(name, data, tp, error) from None
    except msgspec.DecodeError as error:
        raise InputError(f"{WHAT} {name}: not valid JSON ({_first_line(error)})") from None


def _stamp(name: str, stamp: str) -> str:
    """``stamp``, a raw file's ``datetime``, once it reads as an ISO 8601 time."""
    try:
        _moment(stamp)
    except ValueError:
        raise InputError(
            f"{WHAT} {name}: datetime {_shown(stamp)} is not an ISO 8601 time"
        ) from None
    return stamp


RawFile = SuiteFile | ProcessFile
"""What one raw file holds: a suite's pytest-benchmark JSON, or a fresh-process measurement's."""


@input_format("results", WHAT, MAX_BYTES, suffixes=(".json",))
def parse(data: bytes, name: str) -> RawFile:
    """A raw file (its bytes; ``name`` for errors), validated completely: any problem is one
    :class:`InputError` naming the file, the entry and the field."""
    try:
        found, constants = _json(data, name)
        if not isinstance(found, dict):
            raise InputError(f"{WHAT} {name}: expected a JSON object")
        schema = found.get("schema")
        top: Any = None
        if schema is None and "benchmarks" in found:
            top = SuiteFile
        elif isinstance(schema, str) and schema in PROCESS_SCHEMAS:
            top = ProcessFile
        if constants:
            raise _constant_refusal(name, found, Any if top is None else top)
        if top is None:
            expected = ", ".join(PROCESS_SCHEMAS)
            raise InputError(
                f"{WHAT} {name}: not a lexibench results file of this version (schema "
                f"{_shown(schema)}; expected pytest-benchmark JSON from the suites or one of "
                f"{expected})"
            )
        decoded: RawFile = _decode(name, data, found, top)
    except RecursionError:
        raise InputError(f"{WHAT} {name}: nested too deeply to be a results file") from None
    _stamp(name, decoded.datetime)
    return decoded


@input_format("results-gz", WHAT, MAX_BYTES, suffixes=(".json.gz",))
def parse_gzipped(data: bytes, name: str) -> RawFile:
    """A raw file kept gzipped (a run in the history): :func:`parse` of what it decompresses
    to, at most :data:`MAX_BYTES`."""
    return parse(_gunzip(data, name), name)


def read(path: Path) -> RawFile:
    """The raw file at ``path``, read (a regular file of at most :data:`MAX_BYTES`: a FIFO, a
    device or a folder is refused before anything is read) and parsed; a name ending ``.gz``
    is read through gzip."""
    data = read_input(path, WHAT, MAX_BYTES)
    return parse_gzipped(data, str(path)) if path.suffix == ".gz" else parse(data, str(path))


def load(paths: list[Path]) -> Results:
    """Load and validate raw files; refuse the set with one line at the first problem."""
    if not paths:
        raise InputError("results: no raw files given or found (run `make bench` first)")
    results = Results()
    for path in paths:
        decoded = read(path)
        results.sources.append(path.name)
        results.measured[path.name] = decoded.datetime
        if isinstance(decoded, SuiteFile):
            results.runs.append(Run.of(decoded, path.name))
            results.benches += decoded.benchmarks
        elif isinstance(decoded, MemoryFile):
            results.memory = decoded
        elif isinstance(decoded, MemorySweepFile):
            results.memory_sweep = decoded
        elif isinstance(decoded, BulkFile):
            results.bulk = decoded
        else:
            results.startup = decoded
    return results


def default_inputs(results_dir: Path) -> list[Path]:
    """The raw files of a full run: ``raw/*.json`` and ``memory.json`` when present (in a run
    kept in the history, each gzipped: ``raw/*.json.gz``, ``memory.json.gz``)."""
    raw = sorted([*(results_dir / "raw").glob("*.json"), *(results_dir / "raw").glob("*.json.gz")])
    memory = [results_dir / name for name in ("memory.json", "memory.json.gz")]
    return raw + [m for m in memory if m.exists()]
