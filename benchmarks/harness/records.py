"""The results model: every raw file's schema tag, its typed records, and the one reader.

Every suite writes through this module and every report reads through it. Four kinds of raw
file, each tagged with its schema:

- pytest-benchmark JSON from the suites (``results/raw/<suite>.json``): each benchmark's
  ``extra_info`` carries :data:`BENCH_SCHEMA` and the fields of :class:`Bench`; the JSON's
  ``machine_info["lexibench"]`` carries the run's settings, package versions and the cases that
  were not run (:class:`Run`, :class:`NotRun`).
- the memory file (:data:`MEMORY_SCHEMA`) and the memory sweep (:data:`MEMORY_SWEEP_SCHEMA`);
- the bulk runs (:data:`BULK_SCHEMA`);
- start-up and time to first answer (:data:`STARTUP_SCHEMA`).

:func:`load` validates a file completely before anything is built from it: a missing or
mistyped field is a one-line :class:`~solver.errors.InputError` naming the file, the entry and
the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from lexibench.solver.errors import InputError

BENCH_SCHEMA: Final = "lexibench/2"
MEMORY_SCHEMA: Final = "lexibench-memory/2"
MEMORY_SWEEP_SCHEMA: Final = "lexibench-memory-sweep/2"
BULK_SCHEMA: Final = "lexibench-bulk/3"
STARTUP_SCHEMA: Final = "lexibench-startup/2"
SCHEMAS: Final = (BENCH_SCHEMA, MEMORY_SCHEMA, MEMORY_SWEEP_SCHEMA, BULK_SCHEMA, STARTUP_SCHEMA)

#: The suites and what one unit of their work is.
UNITS: Final = {
    "solve": "board",
    "solve-interpreted": "board",
    "build": "build",
    "load": "load",
    "lookup": "query",
    "letterboxed": "puzzle",
    "scaling-dictionary": "board",
    "scaling-board": "board",
    "pitfall": "board",
    "best": "evaluation",
}


class _Fields:
    """Typed access to one JSON object, with errors that name the file, the entry and the field."""

    def __init__(self, data: object, path: Path | str, where: str) -> None:
        self.path = path
        self.where = where
        if not isinstance(data, dict):
            self.fail("", "expected a JSON object")
        self.data: dict[str, Any] = data  # type: ignore[assignment]

    def fail(self, key: str, problem: str) -> None:
        at = f"{self.where}, field {key!r}" if key else self.where
        raise InputError(f"results file {self.path}: {at}: {problem}")

    def _get(self, key: str, optional: bool) -> Any:
        if key not in self.data:
            if optional:
                return None
            self.fail(key, "missing")
        return self.data[key]

    def text(self, key: str) -> str:
        value = self._get(key, False)
        if not isinstance(value, str):
            self.fail(key, f"expected a string, not {type(value).__name__}")
        return str(value)

    def opt_text(self, key: str) -> str | None:
        value = self._get(key, True)
        if value is not None and not isinstance(value, str):
            self.fail(key, f"expected a string or null, not {type(value).__name__}")
        return value if value is None else str(value)

    def whole(self, key: str, minimum: int = 0) -> int:
        value = self._get(key, False)
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            self.fail(key, f"expected a whole number >= {minimum}, not {value!r}")
        return int(value)

    def opt_whole(self, key: str) -> int | None:
        return None if self._get(key, True) is None else self.whole(key)

    def number(self, key: str) -> float:
        value = self._get(key, False)
        if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
            self.fail(key, f"expected a number >= 0, not {value!r}")
        return float(value)

    def opt_number(self, key: str) -> float | None:
        return None if self._get(key, True) is None else self.number(key)

    def numbers(self, key: str) -> list[float]:
        value = self._get(key, False)
        if not isinstance(value, list) or not value:
            self.fail(key, "expected a non-empty list of numbers")
        for item in value:
            if not isinstance(item, int | float) or isinstance(item, bool) or item < 0:
                self.fail(key, f"expected numbers >= 0, found {item!r}")
        return [float(v) for v in value]

    def obj(self, key: str, where: str | None = None) -> _Fields:
        return _Fields(self._get(key, False), self.path, where or f"{self.where}.{key}")

    def items(self, key: str) -> list[tuple[str, _Fields]]:
        value = self._get(key, False)
        if not isinstance(value, dict):
            self.fail(key, "expected a JSON object")
        return [
            (str(k), _Fields(v, self.path, f"{self.where}.{key}[{k!r}]")) for k, v in value.items()
        ]

    def flag(self, key: str) -> bool:
        value = self._get(key, False)
        if not isinstance(value, bool):
            self.fail(key, f"expected true or false, not {value!r}")
        return bool(value)

    def text_map(self, key: str, nullable: bool = False) -> dict[str, Any]:
        """An object whose values are strings (or null, when ``nullable``)."""
        value = self._get(key, False)
        if not isinstance(value, dict):
            self.fail(key, "expected a JSON object")
        for k, v in value.items():
            if not (isinstance(v, str) or (nullable and v is None)):
                self.fail(key, f"the value of {k!r} is not a string")
        return dict(value)

    def number_map(self, key: str) -> dict[str, float]:
        """An object whose values are numbers >= 0."""
        inner = self.obj(key)
        return {k: inner.number(k) for k in inner.data}

    def array(self, key: str, allow_empty: bool = True) -> list[Any]:
        value = self._get(key, False)
        if not isinstance(value, list):
            self.fail(key, "expected a list")
        if not allow_empty and not value:
            self.fail(key, "is empty")
        return list(value)


@dataclass(frozen=True)
class WordListRef:
    """The word list a measurement used."""

    name: str
    words: int
    sha256: str

    @classmethod
    def read(cls, f: _Fields) -> WordListRef:
        return cls(f.text("name"), f.whole("words", 1), f.text("sha256"))

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "words": self.words, "sha256": self.sha256}


@dataclass(frozen=True)
class Timing:
    """pytest-benchmark's statistics of one benchmark, in seconds per round."""

    median: float
    min: float
    max: float
    q1: float
    q3: float
    rounds: int

    @classmethod
    def read(cls, f: _Fields) -> Timing:
        return cls(
            f.number("median"),
            f.number("min"),
            f.number("max"),
            f.number("q1"),
            f.number("q3"),
            f.whole("rounds", 1),
        )


@dataclass(frozen=True)
class SearchRun:
    """One seeded best-board search: what it found, and its best score's rises."""

    seed: int
    board: str
    score: int
    evaluations: int
    seconds: float
    trajectory: tuple[tuple[int, int, float], ...]
    """``(evaluations, best score, seconds)`` at every rise."""

    def reached(self, target: int) -> tuple[int, float] | None:
        """``(evaluations, seconds)`` when the best score first reached ``target``, or None."""
        for evaluations, score, seconds in self.trajectory:
            if score >= target:
                return evaluations, seconds
        return None

    @classmethod
    def read(cls, f: _Fields) -> SearchRun:
        rises = []
        for i, item in enumerate(f.array("trajectory", allow_empty=False)):
            if (
                not isinstance(item, list)
                or len(item) != 3
                or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in item)
            ):
                f.fail("trajectory", f"entry {i} is not [evaluations, score, seconds]")
            rises.append((int(item[0]), int(item[1]), float(item[2])))
        return cls(
            f.whole("seed"),
            f.text("board"),
            f.whole("score"),
            f.whole("evaluations", 1),
            f.number("seconds"),
            tuple(rises),
        )


@dataclass(frozen=True)
class SearchRecord:
    """The best-board suite's runs of one case: budget, chains per run, and each run."""

    budget: int
    restarts: int
    runs: tuple[SearchRun, ...]

    @classmethod
    def read(cls, f: _Fields) -> SearchRecord:
        runs = tuple(
            SearchRun.read(_Fields(item, f.path, f"{f.where}, runs[{i}]"))
            for i, item in enumerate(f.array("runs", allow_empty=False))
        )
        return cls(f.whole("budget", 1), f.whole("restarts", 1), runs)


@dataclass(frozen=True)
class Bench:
    """One timed case: what ran, on how much work per round, and its timing.

    ``units`` is the work of one round (boards, queries, puzzles; 1 for a build or a load); the
    report divides by it. ``cap`` explains a workload smaller than the others' (the slow
    baseline), which is then timed in a group of its own.
    """

    name: str
    suite: str
    backend: str
    library_version: str | None
    units: int
    timing: Timing
    mode: str | None = None
    size: str | None = None
    op: str | None = None
    query_set: str | None = None
    cap: str | None = None
    words: int | None = None
    subset_words: int | None = None
    build_seconds: float | None = None
    budget_ms: int | None = None
    serialized_bytes: int | None = None
    paths: int | None = None
    """Paths tested per board (the pitfall suite's no-pruning rows)."""
    board_paths: int | None = None
    """Simple paths the board has in all."""
    search: SearchRecord | None = None
    """The best-board suite's runs."""

    def per_unit_ms(self) -> float:
        """Median milliseconds per unit of work."""
        return self.timing.median * 1000 / self.units

    def spread_ms(self) -> tuple[float, float]:
        """(min, max) milliseconds per unit over the rounds."""
        return self.timing.min * 1000 / self.units, self.timing.max * 1000 / self.units

    @classmethod
    def read(cls, entry: object, path: Path | str) -> Bench:
        top = _Fields(entry, path, "benchmark")
        name = top.text("name")
        top.where = f"benchmark {name!r}"
        info = top.obj("extra_info", f"benchmark {name!r}, extra_info")
        if info.text("schema") != BENCH_SCHEMA:
            info.fail("schema", f"expected {BENCH_SCHEMA!r} (a lexibench benchmark)")
        suite = info.text("suite")
        if suite not in UNITS:
            info.fail("suite", f"unknown suite {suite!r}")
        return cls(
            name=name,
            suite=suite,
            backend=info.text("backend"),
            library_version=info.opt_text("library_version"),
            units=info.whole("units", 1),
            timing=Timing.read(top.obj("stats", f"benchmark {name!r}, stats")),
            mode=info.opt_text("mode"),
            size=info.opt_text("size"),
            op=info.opt_text("op"),
            query_set=info.opt_text("query_set"),
            cap=info.opt_text("cap"),
            words=info.opt_whole("words"),
            subset_words=info.opt_whole("subset_words"),
            build_seconds=info.opt_number("build_seconds"),
            budget_ms=info.opt_whole("budget_ms"),
            serialized_bytes=info.opt_whole("serialized_bytes"),
            paths=info.opt_whole("paths"),
            board_paths=info.opt_whole("board_paths"),
            search=SearchRecord.read(info.obj("search")) if "search" in info.data else None,
        )


@dataclass(frozen=True)
class NotRun:
    """A case the suites skipped on purpose, with the reason the tables print."""

    suite: str
    backend: str
    reason: str
    mode: str | None = None
    size: str | None = None
    op: str | None = None
    query_set: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}

    @classmethod
    def read(cls, f: _Fields) -> NotRun:
        return cls(
            f.text("suite"),
            f.text("backend"),
            f.text("reason"),
            f.opt_text("mode"),
            f.opt_text("size"),
            f.opt_text("op"),
            f.opt_text("query_set"),
        )


@dataclass(frozen=True)
class BackendMeta:
    """What the registry declared about a backend in the run."""

    version: str | None
    distribution: str | None
    pure_python: bool
    cost: str
    stepping: bool
    file_format: str | None

    @classmethod
    def read(cls, f: _Fields) -> BackendMeta:
        return cls(
            f.opt_text("version"),
            f.opt_text("distribution"),
            f.flag("pure_python"),
            f.text("cost"),
            f.flag("stepping"),
            f.opt_text("file_format"),
        )


@dataclass(frozen=True)
class Run:
    """A suite run's description: machine, Python, packages, settings, what was left out."""

    datetime: str
    machine: str
    cpus: int
    system: str
    python: str
    solver_build: str
    packages: dict[str, str | None]
    settings: dict[str, Any]
    wordlist: WordListRef
    unavailable: dict[str, str] = field(default_factory=dict)
    not_run: tuple[NotRun, ...] = ()
    backends: dict[str, BackendMeta] = field(default_factory=dict)

    @classmethod
    def read(cls, data: _Fields) -> Run:
        mi = data.obj("machine_info")
        lexi = mi.obj("lexibench")
        if lexi.text("schema") != BENCH_SCHEMA:
            lexi.fail("schema", f"expected {BENCH_SCHEMA!r}")
        cpu = mi.obj("cpu")
        packages = lexi.text_map("packages", nullable=True)
        settings = lexi.obj("settings").data
        not_run = tuple(
            NotRun.read(_Fields(item, data.path, f"machine_info.lexibench.not_run[{i}]"))
            for i, item in enumerate(lexi.array("not_run"))
        )
        unavailable = lexi.text_map("unavailable")
        return cls(
            datetime=data.text("datetime"),
            machine=cpu.opt_text("brand_raw") or "unknown CPU",
            cpus=cpu.whole("count", 1),
            system=f"{mi.opt_text('system') or '?'} {mi.opt_text('release') or ''} "
            f"{mi.opt_text('machine') or ''}".replace("  ", " ").strip(),
            python=f"{mi.opt_text('python_implementation') or '?'} {mi.text('python_version')}",
            solver_build=lexi.text("solver_build"),
            packages=packages,
            settings=dict(settings),
            wordlist=WordListRef.read(lexi.obj("wordlist")),
            unavailable=unavailable,
            not_run=not_run,
            backends={name: BackendMeta.read(b) for name, b in lexi.items("backends")},
        )


@dataclass(frozen=True)
class Memory:
    """Per backend, the memory a built structure takes (fresh processes)."""

    rss_bytes_median: int
    rss_bytes_runs: tuple[int, ...]
    tracemalloc_bytes: int
    serialized_bytes: int
    library_version: str | None

    @classmethod
    def read(cls, f: _Fields) -> Memory:
        runs = f.numbers("rss_bytes_runs")
        return cls(
            f.whole("rss_bytes_median"),
            tuple(int(r) for r in runs),
            f.whole("tracemalloc_bytes"),
            f.whole("serialized_bytes"),
            f.opt_text("library_version"),
        )


@dataclass(frozen=True)
class MemoryFile:
    """``memory.json``."""

    datetime: str
    wordlist: WordListRef
    runs: int
    backends: dict[str, Memory]


@dataclass(frozen=True)
class SweepPoint:
    """One backend at one dictionary size of the memory sweep."""

    rss_bytes: int
    build_seconds: float


@dataclass(frozen=True)
class MemorySweepFile:
    """The memory sweep: words -> backend -> point."""

    datetime: str
    wordlist: WordListRef
    seed: int
    points: dict[int, dict[str, SweepPoint]]


@dataclass(frozen=True)
class BulkRun:
    """One ``solve --boards-file`` process."""

    lexicon: str
    output: str
    """``"full"`` (words and paths) or ``"summary"`` (``--summary``)."""
    boards: int
    jobs: int
    seconds: float
    cpu_seconds: float
    engine: str = "processes"
    """``"processes"`` (``--jobs``) or ``"dask"`` (``--dask-workers``)."""


@dataclass(frozen=True)
class BulkFile:
    """The bulk runs."""

    datetime: str
    cpus: int
    cache: str
    solver_build: str
    wordlist: WordListRef
    seed: int
    runs: tuple[BulkRun, ...]


@dataclass(frozen=True)
class Processes:
    """CPU and wall seconds of fresh processes, every run and the medians."""

    cpu_s: tuple[float, ...]
    wall_s: tuple[float, ...]

    @property
    def cpu_median(self) -> float:
        return _median(self.cpu_s)

    @property
    def wall_median(self) -> float:
        return _median(self.wall_s)

    @classmethod
    def read(cls, f: _Fields) -> Processes:
        return cls(tuple(f.numbers("cpu_s")), tuple(f.numbers("wall_s")))

    def as_dict(self) -> dict[str, Any]:
        return {"cpu_s": list(self.cpu_s), "wall_s": list(self.wall_s)}


@dataclass(frozen=True)
class FirstAnswer:
    """One backend's time to first answer, from a cold process: with the lexicon in the cache
    and without (``--no-cache``), each with its phases (CPU seconds, medians)."""

    cached: Processes
    built: Processes
    phases_cached: dict[str, float]
    phases_built: dict[str, float]
    library_version: str | None


@dataclass(frozen=True)
class StartupFile:
    """Start-up and time to first answer."""

    datetime: str
    solver_build: str
    wordlist: WordListRef
    board: str
    runs: int
    command: str
    cases: dict[str, Processes]
    backends: dict[str, FirstAnswer]
    not_run: dict[str, str]


def _median(values: tuple[float, ...] | list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


@dataclass
class Results:
    """Everything loaded from a set of raw files."""

    benches: list[Bench] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    memory: MemoryFile | None = None
    memory_sweep: MemorySweepFile | None = None
    bulk: BulkFile | None = None
    startup: StartupFile | None = None
    sources: list[str] = field(default_factory=list)

    @property
    def run(self) -> Run | None:
        """The description of the newest suite run."""
        return max(self.runs, key=lambda r: r.datetime) if self.runs else None

    @property
    def not_run(self) -> list[NotRun]:
        return [item for run in self.runs for item in run.not_run]

    @property
    def backends(self) -> dict[str, BackendMeta]:
        """What the runs recorded of each backend (the newest run last, so it wins)."""
        merged: dict[str, BackendMeta] = {}
        for run in sorted(self.runs, key=lambda r: r.datetime):
            merged.update(run.backends)
        return merged

    def suite(self, name: str) -> list[Bench]:
        return [b for b in self.benches if b.suite == name]


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"results file {path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"results file {path}: is a directory, not a file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"results file {path}: cannot read it ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"results file {path}: not valid JSON (line {exc.lineno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise InputError(f"results file {path}: nested too deeply to be a results file") from None


def _memory(f: _Fields) -> MemoryFile:
    backends = {name: Memory.read(m) for name, m in f.items("backends")}
    if not backends:
        f.fail("backends", "is empty")
    return MemoryFile(
        f.text("datetime"), WordListRef.read(f.obj("wordlist")), f.whole("runs", 1), backends
    )


def _memory_sweep(f: _Fields) -> MemorySweepFile:
    points: dict[int, dict[str, SweepPoint]] = {}
    for words, row in f.items("points"):
        if not words.isdigit():
            f.fail("points", f"key {words!r} is not a word count")
        points[int(words)] = {
            name: SweepPoint(p.whole("rss_bytes"), p.number("build_seconds"))
            for name, p in row.items("backends")
        }
    if not points:
        f.fail("points", "is empty")
    return MemorySweepFile(
        f.text("datetime"), WordListRef.read(f.obj("wordlist")), f.whole("seed"), points
    )


def _bulk(f: _Fields) -> BulkFile:
    runs = []
    for i, item in enumerate(f.array("runs", allow_empty=False)):
        r = _Fields(item, f.path, f"runs[{i}]")
        runs.append(
            BulkRun(
                r.text("lexicon"),
                r.text("output"),
                r.whole("boards", 1),
                r.whole("jobs", 1),
                r.number("seconds"),
                r.number("cpu_seconds"),
                r.opt_text("engine") or "processes",
            )
        )
    return BulkFile(
        f.text("datetime"),
        f.whole("cpus", 1),
        f.text("cache"),
        f.text("solver_build"),
        WordListRef.read(f.obj("wordlist")),
        f.whole("seed"),
        tuple(runs),
    )


def _startup(f: _Fields) -> StartupFile:
    cases = {name: Processes.read(c) for name, c in f.items("cases")}
    backends = {}
    for name, b in f.items("backends"):
        backends[name] = FirstAnswer(
            Processes.read(b.obj("cached")),
            Processes.read(b.obj("built")),
            b.number_map("phases_cached"),
            b.number_map("phases_built"),
            b.opt_text("library_version"),
        )
    not_run = f.text_map("not_run")
    if not cases or not (backends or not_run):
        f.fail("cases", "no measurements")
    return StartupFile(
        f.text("datetime"),
        f.text("solver_build"),
        WordListRef.read(f.obj("wordlist")),
        f.text("board"),
        f.whole("runs", 1),
        f.text("command"),
        cases,
        backends,
        not_run,
    )


def load(paths: list[Path]) -> Results:
    """Load and validate raw files; refuse the set with one line at the first problem."""
    if not paths:
        raise InputError("results: no raw files given or found (run `make bench` first)")
    results = Results()
    for path in paths:
        data = _read_json(path)
        top = _Fields(data, path, "the file")
        schema = top.data.get("schema")
        results.sources.append(path.name)
        if schema == MEMORY_SCHEMA:
            results.memory = _memory(top)
        elif schema == MEMORY_SWEEP_SCHEMA:
            results.memory_sweep = _memory_sweep(top)
        elif schema == BULK_SCHEMA:
            results.bulk = _bulk(top)
        elif schema == STARTUP_SCHEMA:
            results.startup = _startup(top)
        elif schema is None and "benchmarks" in top.data:
            entries = top.array("benchmarks", allow_empty=False)
            results.runs.append(Run.read(top))
            results.benches += [Bench.read(entry, path) for entry in entries]
        else:
            raise InputError(
                f"results file {path}: not a lexibench results file (schema {schema!r}; "
                f"expected pytest-benchmark JSON from the suites or one of {', '.join(SCHEMAS)})"
            )
    return results


def default_inputs(results_dir: Path) -> list[Path]:
    """The raw files of a full run: ``raw/*.json`` and ``memory.json`` when present."""
    raw = sorted((results_dir / "raw").glob("*.json"))
    memory = results_dir / "memory.json"
    return raw + ([memory] if memory.exists() else [])
