"""The results schema: every record the benchmarks write, and the one reader of raw files.

Each record is a msgspec Struct tagged by its schema (its ``schema`` field, such as
``"lexibench-solve/3"``). The code that writes a raw file builds these Structs and encodes them
(:func:`encode`, which checks them against the schema first; :func:`write_raw_file`), and
:func:`load` decodes the same Structs, so the schema is written once. Four kinds of raw file:

- pytest-benchmark JSON from the suites (``results/raw/<suite>.json``, :class:`SuiteFile`): each
  benchmark's ``extra_info`` is one per-suite record (:data:`BenchRecord`: :class:`GameRecord`,
  :class:`LookupRecord`, ...); ``machine_info["lexibench"]`` is the run's :class:`RunRecord`
  (settings, package versions, what each backend declared, the cases not run);
- the memory file (:class:`MemoryFile`) and the memory sweep (:class:`MemorySweepFile`);
- the bulk runs (:class:`BulkFile`);
- start-up and time to first answer (:class:`StartupFile`).

:func:`load` reads each file as a regular file of at most :data:`MAX_BYTES` (a FIFO, a device or
a folder is refused before anything is read; :mod:`lexibench.structures.files`) and validates it
completely before anything is built from it: a missing or mistyped field, ``NaN`` or a time of 0
is a one-line :class:`~lexibench.solver.errors.InputError` naming the file, the entry and
the field. :func:`parse` is registered as the reader of the format ``results`` (and
:func:`parse_gzipped` of ``results-gz``).

This module is the reader; import the schema from here too. Its modules hold: :mod:`.parts`
(the measured quantities, the pieces of a record, a record's JSON form), :mod:`.suite_records`
(the suites' and the run's records), :mod:`.process_files` (the fresh-process measurements'
files), :mod:`.suite_files` (pytest-benchmark's JSON around the records, a suite run's
description), :mod:`.results` (what a set of raw files loads to) and
:mod:`.validation_messages` (msgspec's errors in words).
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from pathlib import Path
from typing import Any, Final

import msgspec

from lexibench.benchmarks.harness.records.parts import (
    LONGEST_S,
    SHORTEST_S,
    Count,
    Part,
    Positive,
    Seconds,
    Share,
    encode,
    schema_of,
    write_raw_file,
)
from lexibench.benchmarks.harness.records.process_files import (
    PROCESS_FILES,
    BoardForm,
    BulkFile,
    BulkRun,
    Engine,
    FirstAnswer,
    Memory,
    MemoryFile,
    MemorySweepFile,
    Processes,
    ProcessFile,
    StartupFile,
    SweepPoint,
    SweepRow,
)
from lexibench.benchmarks.harness.records.results import (
    ONE_RUN_HOURS,
    Results,
    moment,
)
from lexibench.benchmarks.harness.records.suite_files import (
    Bench,
    Cpu,
    MachineInfo,
    RoundsOptions,
    Run,
    Stats,
    SuiteFile,
)
from lexibench.benchmarks.harness.records.suite_records import (
    AGREEMENT_Z,
    RECORDS,
    REFERENCE_ROW,
    REFERENCE_TIER,
    SUITES,
    Agreement,
    BackendMeta,
    BenchRecord,
    BestRecord,
    BoardsRecord,
    BuildRecord,
    CrosswordLexiconRecord,
    CrosswordMovegenRecord,
    CrosswordNodesRecord,
    CrosswordPeerRecord,
    CrosswordSimPeerRecord,
    CrosswordSimRecord,
    CrosswordTurnPeerRecord,
    EquityRecord,
    GameRecord,
    LoadRecord,
    LookupRecord,
    NotRun,
    PeerLexicon,
    PeerSelfPlay,
    PitfallRecord,
    ProveRecord,
    Record,
    RunRecord,
    ScalingBoardRecord,
    ScalingDictionaryRecord,
    SearchRecord,
    SearchRun,
    SelfPlayRecord,
    SimCandidate,
    SimResults,
    SolveInterpretedRecord,
    SolveRecord,
    Tier,
    WordListRef,
    agreement,
    separation,
)
from lexibench.benchmarks.harness.records.validation_messages import (
    WHAT,
    JsonConstant,
    constant_refusal,
    refusal,
    shown,
)
from lexibench.solver.errors import InputError
from lexibench.structures.files import MIB, input_format, read_input

__all__ = [
    "AGREEMENT_Z",
    "LONGEST_S",
    "MAX_BYTES",
    "ONE_RUN_HOURS",
    "PROCESS_FILES",
    "PROCESS_SCHEMAS",
    "RECORDS",
    "REFERENCE_ROW",
    "REFERENCE_TIER",
    "SCHEMAS",
    "SHORTEST_S",
    "SUITES",
    "WHAT",
    "Agreement",
    "BackendMeta",
    "Bench",
    "BenchRecord",
    "BestRecord",
    "BoardForm",
    "BoardsRecord",
    "BuildRecord",
    "BulkFile",
    "BulkRun",
    "Count",
    "Cpu",
    "CrosswordLexiconRecord",
    "CrosswordMovegenRecord",
    "CrosswordNodesRecord",
    "CrosswordPeerRecord",
    "CrosswordSimPeerRecord",
    "CrosswordSimRecord",
    "CrosswordTurnPeerRecord",
    "Engine",
    "EquityRecord",
    "FirstAnswer",
    "GameRecord",
    "LoadRecord",
    "LookupRecord",
    "MachineInfo",
    "Memory",
    "MemoryFile",
    "MemorySweepFile",
    "NotRun",
    "Part",
    "PeerLexicon",
    "PeerSelfPlay",
    "PitfallRecord",
    "Positive",
    "ProcessFile",
    "Processes",
    "ProveRecord",
    "RawFile",
    "Record",
    "Results",
    "RoundsOptions",
    "Run",
    "RunRecord",
    "ScalingBoardRecord",
    "ScalingDictionaryRecord",
    "SearchRecord",
    "SearchRun",
    "Seconds",
    "SelfPlayRecord",
    "Share",
    "SimCandidate",
    "SimResults",
    "SolveInterpretedRecord",
    "SolveRecord",
    "StartupFile",
    "Stats",
    "SuiteFile",
    "SweepPoint",
    "SweepRow",
    "Tier",
    "WordListRef",
    "agreement",
    "default_inputs",
    "encode",
    "load",
    "parse",
    "parse_gzipped",
    "read",
    "schema_of",
    "separation",
    "write_raw_file",
]

#: The schema tags of the files written by measurements in fresh processes.
PROCESS_SCHEMAS: Final = tuple(schema_of(file) for file in PROCESS_FILES)
#: Every schema tag this version writes and reads.
SCHEMAS: Final = tuple(schema_of(tp) for tp in (*RECORDS, RunRecord, *PROCESS_FILES))

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


def _json(raw: bytes, name: str) -> tuple[Any, bool]:
    """A raw file's parsed JSON, and whether it holds a :class:`JsonConstant`."""
    constants: list[str] = []

    def constant(text: str) -> JsonConstant:
        constants.append(text)
        return JsonConstant(text)

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


def _decode(name: str, raw: bytes, data: Any, tp: Any) -> Any:
    try:
        return msgspec.json.decode(raw, type=tp)
    except msgspec.ValidationError as error:
        raise refusal(name, data, tp, error) from None
    except msgspec.DecodeError as error:
        raise InputError(f"{WHAT} {name}: not valid JSON ({_first_line(error)})") from None


def _stamp(name: str, stamp: str) -> str:
    """``stamp``, a raw file's ``datetime``, once it reads as an ISO 8601 time."""
    try:
        moment(stamp)
    except ValueError:
        raise InputError(
            f"{WHAT} {name}: datetime {shown(stamp)} is not an ISO 8601 time"
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
            raise constant_refusal(name, found, Any if top is None else top)
        if top is None:
            expected = ", ".join(PROCESS_SCHEMAS)
            raise InputError(
                f"{WHAT} {name}: not a lexibench results file of this version (schema "
                f"{shown(schema)}; expected pytest-benchmark JSON from the suites or one of "
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
