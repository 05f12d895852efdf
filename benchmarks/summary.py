"""Turning raw benchmark records into the rows of the report's tables."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from benchmarks.results_io import Results
from solver.board import parse_size


@dataclass(frozen=True)
class SolveRow:
    """One backend and mode on one board size."""

    backend: str
    mode: str
    ms_per_board: float | None
    """Median round time divided by the boards solved; None when not run."""
    boards: int
    words: int | None
    note: str | None


def _median(bench: dict[str, Any]) -> float:
    return float(bench["stats"]["median"])


def _by_suite(results: Results, suite: str) -> list[dict[str, Any]]:
    return [b for b in results.benchmarks if b["extra_info"]["suite"] == suite]


def solve_rows(results: Results, suite: str = "solve") -> dict[str, list[SolveRow]]:
    """Per board size, rows sorted fastest first (rows not run last). ``suite``: ``solve``, or
    ``solve-interpreted`` for the same work with the search run by the interpreter."""
    table: dict[str, list[SolveRow]] = defaultdict(list)
    for bench in _by_suite(results, suite):
        info = bench["extra_info"]
        ran = not info.get("not_run") and info["boards"] > 0
        table[info["size"]].append(
            SolveRow(
                backend=info["backend"],
                mode=info["mode"],
                ms_per_board=_median(bench) * 1000 / info["boards"] if ran else None,
                boards=info["boards"],
                words=info.get("words"),
                note=info.get("cap"),
            )
        )
    ordered = {}
    for size in sorted(table, key=parse_size):
        ordered[size] = sorted(
            table[size],
            key=lambda r: (r.ms_per_board is None, r.ms_per_board or 0.0, r.backend, r.mode),
        )
    return ordered


def build_ms(results: Results) -> dict[str, float]:
    """Median build time per backend, in ms."""
    return {
        b["extra_info"]["backend"]: _median(b) * 1000
        for b in _by_suite(results, "build")
        if b["extra_info"]["op"] == "build"
    }


def load_ms(results: Results) -> dict[str, float]:
    """Median load-from-file time per backend that can load, in ms."""
    return {
        b["extra_info"]["backend"]: _median(b) * 1000
        for b in _by_suite(results, "build")
        if b["extra_info"]["op"] == "load" and not b["extra_info"].get("not_run")
    }


def lookup_ns(results: Results) -> dict[str, dict[tuple[str, str], tuple[float, str | None]]]:
    """Per backend: (op, query set) -> (median ns per query, cap note)."""
    table: dict[str, dict[tuple[str, str], tuple[float, str | None]]] = defaultdict(dict)
    for bench in _by_suite(results, "lookup"):
        info = bench["extra_info"]
        if info.get("not_run"):
            continue
        ns = _median(bench) * 1e9 / info["queries"]
        table[info["backend"]][(info["op"], info["query_set"])] = (ns, info.get("cap"))
    return dict(sorted(table.items()))


def letterboxed_rows(
    results: Results,
) -> list[tuple[str, float | None, int, int | None, str | None]]:
    """(backend, ms per puzzle or None when not run, puzzles, words found, cap note),
    fastest first."""
    rows = []
    for bench in _by_suite(results, "letterboxed"):
        info = bench["extra_info"]
        ran = not info.get("not_run") and info["puzzles"] > 0
        ms = _median(bench) * 1000 / info["puzzles"] if ran else None
        rows.append((info["backend"], ms, info["puzzles"], info.get("words"), info.get("cap")))
    return sorted(rows, key=lambda r: (r[1] is None, r[1] or 0.0, r[0]))


def memory_mib(results: Results) -> dict[str, dict[str, float | None]]:
    """Per backend: RSS growth, tracemalloc and serialized size in MiB."""
    if results.memory is None:
        return {}
    out: dict[str, dict[str, float | None]] = {}
    for name, m in results.memory["backends"].items():
        ser = m.get("serialized_bytes")
        out[name] = {
            "rss": m["rss_bytes_median"] / 2**20,
            "tracemalloc": m["tracemalloc_bytes"] / 2**20,
            "serialized": ser / 2**20 if ser is not None else None,
        }
    return out


def run_settings(results: Results) -> dict[str, Any]:
    """The workload settings the suites recorded (seed, boards, word list ...)."""
    lexi = results.machine_info.get("lexibench", {})
    settings: dict[str, Any] = dict(lexi.get("settings", {}))
    for bench in results.benchmarks:
        info = bench["extra_info"]
        settings.setdefault("wordlist_name", info["wordlist"])
        settings.setdefault("wordlist_words", info["wordlist_words"])
        settings.setdefault("wordlist_sha256", info["wordlist_sha256"])
    return settings
