"""The report's "Best-board search" section and its two plots, from the best-board suite.

The targets come from the known boards (the solver's table,
``solver/games/boggle/prove/known_boards.toml``) when they list the run's word list (by its
SHA-256); otherwise the best score this run reached stands in, and the section says so.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from matplotlib.figure import Figure

from lexibench.benchmarks.harness.records import Bench, BestRecord, Results, SearchRun
from lexibench.benchmarks.report import plots
from lexibench.benchmarks.report.formatting import num, table
from lexibench.benchmarks.report.sections import EMPTY, Section

KNOWN_BOARDS = "solver/games/boggle/prove/known_boards.toml"
"""The best boards known per word list and size: the solver's table, as the report names it."""
PLOT_EVALUATIONS = "best-search-evaluations.png"
PLOT_SECONDS = "best-search-seconds.png"
#: Targets, as fractions of the best score, where the known boards give none.
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
    """The name and the best known boards by size of the word list with this SHA-256 (the
    solver's table, :func:`~lexibench.solver.games.boggle.prove.known.known_boards`), each with
    the targets the report times (the table's, else :data:`DEFAULT_FRACTIONS` of its score), or
    ``(None, {})`` when it lists no such word list."""
    from lexibench.solver.games.boggle.prove import known

    name, boards = known.known_boards(sha256)
    return name, {
        size: Known(b.letters, b.score, b.status, b.source, b.targets or _fractions(b.score))
        for size, b in boards.items()
    }


def _fractions(best: int) -> tuple[int, ...]:
    return tuple(round(best * f) for f in DEFAULT_FRACTIONS)


Case = Bench[BestRecord]


def _runs(bench: Case) -> tuple[SearchRun, ...]:
    return bench.record.search.runs


def _panel(bench: Case) -> str:
    search = bench.record.search
    return f"{bench.record.size}: {len(search.runs)} seeded runs of {search.budget:,} evaluations"


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def render(results: Results) -> Section:
    """The Markdown lines and the plots of the section (nothing without the suite's rows)."""
    benches = results.of(BestRecord)
    if not benches:
        return EMPTY
    run = results.run
    sha = run.record.wordlist.sha256 if run else None
    listed, known = known_boards(sha)
    speed = sorted(
        (b for b in benches if b.record.backend and b.record.search.restarts == 1),
        key=lambda b: b.per_unit_ms(),
    )
    searches = sorted(
        (b for b in benches if b.record.search.restarts > 1), key=lambda b: b.record.size
    )
    images: dict[str, Figure] = {}
    lines = [
        "## Best-board search",
        "",
        "`lexibench best` (seeded simulated annealing, `solver/games/boggle/best.py`): every "
        "evaluation solves a whole candidate board. Every backend gives the same answers, so "
        "every backend makes the same search, board for board; they differ only in time.",
        "",
    ]
    lines += _speed_table(speed)
    lines += _runs_table(searches, known, listed)
    lines += _targets_table(searches, speed, known)
    if searches or speed:
        images[PLOT_EVALUATIONS] = plots.search_figure(
            {_panel(b): {f"seed {r.seed}": r for r in _runs(b)} for b in searches},
            by_seconds=False,
            title="Best score against evaluations (array-trie, native)",
            targets={_panel(b): k.score for b in searches if (k := known.get(b.record.size))},
        )
        runs = {f"{b.record.backend} ({b.record.tier})": _runs(b)[0] for b in speed if _runs(b)}
        panel = f"the same {speed[0].record.size if speed else ''} search through each backend"
        images[PLOT_SECONDS] = plots.search_figure(
            {panel: runs},
            by_seconds=True,
            title="Best score against seconds",
            highlight=_highlighted(runs),
        )
        lines += [
            f"![best score against evaluations](plots/{PLOT_EVALUATIONS})",
            "",
            f"![best score against seconds](plots/{PLOT_SECONDS})",
            "",
        ]
    return Section.of(lines, images)


def _highlighted(runs: dict[str, SearchRun]) -> tuple[str, ...]:
    """The runs the seconds plot draws in colour: the fastest of each tier, the slowest, and
    the fastest pure-Python stepping (dict-trie, step), in order of speed."""
    by_time = sorted(runs, key=lambda label: (runs[label].seconds, label))
    chosen: list[str] = []
    for tier in ("native", "step", "string"):
        fastest = next((label for label in by_time if label.endswith(f"({tier})")), None)
        if fastest is not None:
            chosen.append(fastest)
    for label in ("dict-trie (step)", *by_time[-1:]):
        if label in runs and label not in chosen:
            chosen.append(label)
    return tuple(sorted(chosen, key=by_time.index)[: plots.MAX_SERIES])


def _speed_table(speed: list[Case]) -> list[str]:
    if not speed:
        return []
    fastest = speed[0].per_unit_ms()
    body = []
    for b in speed:
        runs = _runs(b)
        body.append(
            [
                b.record.backend,
                b.record.tier,
                f"{1000 / b.per_unit_ms():,.0f}",
                num(b.per_unit_ms() * 1000),
                f"{b.per_unit_ms() / fastest:,.1f}x",
                f"{runs[0].score:,}" if runs else "",
            ]
        )
    budget = speed[0].record.units
    return [
        f"### Evaluations per second, {speed[0].record.size} ({budget:,} evaluations, one chain, "
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


def _runs_table(searches: list[Case], known: dict[str, Known], listed: str | None) -> list[str]:
    if not searches:
        return []
    body = []
    for b in searches:
        runs = _runs(b)
        size = b.record.size
        best_here = max(r.score for r in runs)
        target = known.get(size)
        goal = target.score if target else best_here
        hits = [r.reached(goal) for r in runs]
        reached = [h for h in hits if h is not None]
        body.append(
            [
                size,
                f"{b.record.search.budget:,}",
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
        f"the best known boards of {listed} (`{KNOWN_BOARDS}`, with their sources)"
        if listed
        else f"the best score any run of this suite reached: `{KNOWN_BOARDS}` lists no best "
        "boards for this word list"
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


def _targets_table(searches: list[Case], speed: list[Case], known: dict[str, Known]) -> list[str]:
    size = speed[0].record.size if speed else None
    bench = next((b for b in searches if b.record.size == size), None)
    if bench is None or size is None:
        return []
    runs = _runs(bench)
    target = known.get(size)
    targets = target.targets if target else _fractions(max(r.score for r in runs))
    measured = {}
    for goal in targets:
        hits = [h for h in (r.reached(goal) for r in runs) if h is not None]
        measured[goal] = (len(hits), _median([s for _, s in hits]))
    ours = (bench.record.backend, bench.record.tier)
    fastest = next(
        (b.per_unit_ms() for b in speed if (b.record.backend, b.record.tier) == ours), None
    )
    body = []
    for b in speed:
        row = [f"{b.record.backend} ({b.record.tier})"]
        for goal in targets:
            seconds = measured[goal][1]
            if seconds is None or fastest is None:
                row.append("not reached")
            elif (b.record.backend, b.record.tier) == ours:
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
        f"Median over the seeded runs above that reached it, with {bench.record.backend} "
        f"({bench.record.tier}): measured. † marks a time computed from it: the same search, "
        "board for board, takes each backend its measured time per evaluation relative to the "
        "fastest tier's (both measured on the same evaluations, in the table above).",
        "",
        table(headers, body),
        "",
    ]
