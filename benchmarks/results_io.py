"""Reading raw result files and checking that they are lexibench's own.

Two kinds of file: pytest-benchmark JSON written by the suites (each benchmark carries
``extra_info["schema"] == "lexibench/1"``) and the memory JSON of :mod:`benchmarks.memory`.
Anything else is refused with a one-line :class:`InputError` naming the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.bulk import SCHEMA as BULK_SCHEMA
from benchmarks.memory import SCHEMA as MEMORY_SCHEMA
from benchmarks.memory import SWEEP_SCHEMA as MEMORY_SWEEP_SCHEMA
from benchmarks.startup import SCHEMA as STARTUP_SCHEMA
from benchmarks.workloads import SCHEMA as BENCH_SCHEMA
from solver.errors import InputError


@dataclass
class Results:
    """Everything loaded from a set of raw files."""

    benchmarks: list[dict[str, Any]] = field(default_factory=list)
    machine_info: dict[str, Any] = field(default_factory=dict)
    datetime: str | None = None
    memory: dict[str, Any] | None = None
    memory_sweep: dict[str, Any] | None = None
    bulk: dict[str, Any] | None = None
    startup: dict[str, Any] | None = None
    sources: list[str] = field(default_factory=list)


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


def load_results(paths: list[Path]) -> Results:
    """Load and validate raw files; benchmark files are merged, one memory file at most."""
    if not paths:
        raise InputError("results: no raw files given or found (run `make bench` first)")
    results = Results()
    for path in paths:
        data = _read_json(path)
        results.sources.append(path.name)
        schema = data.get("schema") if isinstance(data, dict) else None
        if schema == MEMORY_SCHEMA:
            if not isinstance(data.get("backends"), dict):
                raise InputError(f"results file {path}: memory file without a 'backends' object")
            results.memory = data
            continue
        if schema == MEMORY_SWEEP_SCHEMA:
            if not isinstance(data.get("points"), dict):
                raise InputError(f"results file {path}: memory sweep without a 'points' object")
            results.memory_sweep = data
            continue
        if schema == STARTUP_SCHEMA:
            if not isinstance(data.get("cases"), dict) or not isinstance(
                data.get("backends"), dict
            ):
                raise InputError(
                    f"results file {path}: start-up file without 'cases' and 'backends' objects"
                )
            results.startup = data
            continue
        if schema == BULK_SCHEMA:
            if not isinstance(data.get("runs"), list):
                raise InputError(f"results file {path}: bulk file without a 'runs' list")
            results.bulk = data
            continue
        if not isinstance(data, dict) or not isinstance(data.get("benchmarks"), list):
            raise InputError(
                f"results file {path}: neither a pytest-benchmark JSON nor a lexibench results file"
            )
        for bench in data["benchmarks"]:
            info = bench.get("extra_info") if isinstance(bench, dict) else None
            if not isinstance(info, dict) or info.get("schema") != BENCH_SCHEMA:
                name = bench.get("name", "?") if isinstance(bench, dict) else "?"
                raise InputError(
                    f"results file {path}: benchmark {name!r} is not lexibench's "
                    f"(expected extra_info.schema {BENCH_SCHEMA!r})"
                )
            stats = bench.get("stats")
            if not isinstance(stats, dict) or "median" not in stats:
                raise InputError(
                    f"results file {path}: benchmark {bench.get('name')!r} has no stats"
                )
            results.benchmarks.append(bench)
        results.machine_info = results.machine_info or data.get("machine_info", {})
        stamp = data.get("datetime")
        if isinstance(stamp, str) and (results.datetime is None or stamp > results.datetime):
            results.datetime = stamp
    return results


def default_inputs(results_dir: Path) -> list[Path]:
    """The raw files of a full run: ``raw/*.json`` and ``memory.json`` when present."""
    raw = sorted((results_dir / "raw").glob("*.json"))
    memory = results_dir / "memory.json"
    return raw + ([memory] if memory.exists() else [])
