"""The report's "Best-board search" section and its two plots, from the best-board suite.

The targets come from ``benchmarks/best_boards.toml`` when it lists the run's word list (by its
SHA-256); otherwise the best score this run reached stands in, and the section says so.
"""

from __future__ import annotations

import statistics
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexibench.benchmarks.harness.records import Bench, Results, SearchRun
from lexibench.benchmarks.report import plots
from lexibench.benchmarks.report.formatting import PLOTS, num, table

REGISTRY = Path(__file__).resolve().parent.parent / "data" / "known_boards.toml"
PLOT_EVALUATIONS = "best-search-evaluations.png"
PLOT_SECONDS = "best-search-seconds.png"
#: Targets, as fractions of the best score, where the registry gives none.
DEFAULT_FRACTIONS = (0.85, 0.95, 1.0)


@dataclass(frozen=True)
class Known:
    """The best board known for one word list and size."""

    board: str
    score: int
    status: str
    source: str
    targets: tuple[int, ...]


def known_boards(sha256: str | None) -> tuple[str | None, dict[str, Known]]:
    """The registry's name and best boards by size for the word list with this SHA-256."""
    data: dict[str, Any] = tomllib.loads(REGISTRY.read_text(encoding="utf-8"))
    for entry in data.get("wordlist", []):
        if entry["sha256"] == sha256:
            boards = {
                b["size"]: Known(
                    b["board"],
                    int(b["score"]),
                    b["status"],
                    b["source"],
                    tuple(b.get("targets") or _fractions(int(b["score"]))),
                )
                for b in entry.get("board", [])
            }
            return str(entry["name"]), boards
    return None, {}


def _fractions(best: int) -> tuple[int, ...]:
    return tuple(round(best * f) for f in DEFAULT_FRACTIONS)


def _runs(bench: Bench) -> tuple[SearchRun, ...]:
    return bench.search.runs if bench.search else ()


def _panel(bench: Bench) -> str:
    runs = _runs(bench)
    budget = bench.search.budget if bench.search else 0
    return f"{bench.size}: {len(runs)} seeded runs of {budget:,} evaluations"


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def best_section(results: Results, out_dir: Path) -> tuple[list[str], dict[Path, bytes]]:
    """The Markdown lines and the plots of the section (nothing without the suite's rows)."""
    benches = results.suite("best")
    if not benches:
        return [], {}
    run = results.run
    sha = run.wordlist.sha256 if run else None
    listed, known = known_boards(sha)
    speed = sorted(
        (b for b in benches if b.backend and b.search and b.search.restarts == 1),
        key=lambda b: b.per_unit_ms(),
    )
    searches = sorted(
        (b for b in benches if b.search and b.search.restarts > 1), key=lambda b: b.size or ""
    )
    files: dict[Path, bytes] = {}
    lines = [
        "## Best-board search",
        "",
        "`lexibench best` (seeded simulated annealing, `solver/best.py`): every evaluation solves "
        "a whole candidate board. Every backend gives the same answers, so every backend makes "
        "the same search, board for board; they differ only in time.",
        "",
    ]
    lines += _speed_table(speed)
    lines += _runs_table(searches, known, listed)
    lines += _targets_table(searches, speed, known)
    if searches or speed:
        files[out_dir / PLOTS / PLOT_EVALUATIONS] = plots.search_plot(
            {_panel(b): {f"seed {r.seed}": r for r in _runs(b)} for b in searches},
            by_seconds=False,
            title="Best score against evaluations (array-trie, native)",
            targets={_panel(b): k.score for b in searches if (k := known.get(b.size or ""))},
        )
        files[out_dir / PLOTS / PLOT_SECONDS] = plots.search_plot(
            {
                f"the same {speed[0].size if speed else ''} search through each backend": {
                    f"{b.backend} ({b.mode})": _runs(b)[0] for b in speed if _runs(b)
                }
            },
            by_seconds=True,
            title="Best score against seconds",
        )
        lines += [
            f"![best score against evaluations](plots/{PLOT_EVALUATIONS})",
            "",
            f"![best score against seconds](plots/{PLOT_SECONDS})",
            "",
        ]
    return lines, files


def _speed_table(speed: list[Bench]) -> list[str]:
    if not speed:
        return []
    fastest = speed[0].per_unit_ms()
    body = []
    for b in speed:
        runs = _runs(b)
        body.append(
            [
                b.backend,
                b.mode or "",
                f"{1000 / b.per_unit_ms():,.0f}",
                num(b.per_unit_ms() * 1000),
                f"{b.per_unit_ms() / fastest:,.1f}x",
                f"{runs[0].score:,}" if runs else "",
            ]
        )
    budget = speed[0].units
    return [
        f"### Evaluations per second, {speed[0].size} ({budget:,} evaluations, one chain, "
        "median of the rounds)",
        "",
        table(
            [
                "backend",
                "tier",
                "evaluations/s",
                "µs/evaluation",
                "time vs fastest",
                "best score reached",
            ],
            body,
        ),
        "",
    ]


def _runs_table(searches: list[Bench], known: dict[str, Known], listed: str | None) -> list[str]:
    if not searches:
        return []
    body = []
    for b in searches:
        runs = _runs(b)
        size = b.size or ""
        best_here = max(r.score for r in runs)
        target = known.get(size)
        goal = target.score if target else best_here
        hits = [r.reached(goal) for r in runs]
        reached = [h for h in hits if h is not None]
        body.append(
            [
                size,
                f"{b.search.budget:,}" if b.search else "",
                str(len(runs)),
                f"{goal:,} ({target.board}, {target.status})"
                if target
                else f"{goal:,} (best of this run)",
                f"{len(reached)} of {len(runs)}",
                f"{best_here:,}",
                num(_median([float(e) for e, _ in reached])),
                num(_median([s for _, s in reached])),
                f"{1000 / b.per_unit_ms():,.0f}",
            ]
        )
    where = (
        f"the best known boards of {listed} (`benchmarks/best_boards.toml`, with their sources)"
        if listed
        else "the best score any run of this suite reached: `benchmarks/best_boards.toml` lists "
        "no best boards for this word list"
    )
    return [
        "### Seeded runs with the default budget (array-trie, native)",
        "",
        f"Each run: `lexibench best --size RxC --seed S` with its default budget and restarts. "
        f"Target: {where}. Evaluations and seconds to reach it: medians over the runs that did.",
        "",
        table(
            [
                "size",
                "budget",
                "runs",
                "target",
                "runs reaching it",
                "best score",
                "evaluations to reach",
                "seconds to reach",
                "evaluations/s",
            ],
            body,
        ),
        "",
    ]


def _targets_table(searches: list[Bench], speed: list[Bench], known: dict[str, Known]) -> list[str]:
    size = speed[0].size if speed else None
    bench = next((b for b in searches if b.size == size), None)
    if bench is None or size is None:
        return []
    runs = _runs(bench)
    target = known.get(size)
    targets = target.targets if target else _fractions(max(r.score for r in runs))
    measured = {}
    for goal in targets:
        hits = [h for h in (r.reached(goal) for r in runs) if h is not None]
        measured[goal] = (len(hits), _median([s for _, s in hits]))
    fastest = next(
        (b.per_unit_ms() for b in speed if (b.backend, b.mode) == (bench.backend, bench.mode)),
        None,
    )
    body = []
    for b in speed:
        row = [f"{b.backend} ({b.mode})"]
        for goal in targets:
            seconds = measured[goal][1]
            if seconds is None or fastest is None:
                row.append("not reached")
            elif (b.backend, b.mode) == (bench.backend, bench.mode):
                row.append(num(seconds))
            else:
                row.append(num(seconds * b.per_unit_ms() / fastest) + " †")
        body.append(row)
    headers = ["backend (tier)"] + [
        f"{goal:,} ({measured[goal][0]} of {len(runs)} runs)" for goal in targets
    ]
    return [
        f"### Seconds to reach a score, {size}",
        "",
        f"Median over the seeded runs above that reached it, with {bench.backend} "
        f"({bench.mode}): measured. † marks a time computed from it: the same search, board for "
        "board, takes each backend its measured time per evaluation relative to the fastest "
        "tier's (both measured on the same evaluations, in the table above).",
        "",
        table(headers, body),
        "",
    ]
