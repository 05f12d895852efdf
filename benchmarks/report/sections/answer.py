"""The report's first section, "Which structure should I use?": for each game and need, the best
structure with its figure and the runner-up (Boggle's needs: many boards, a cold start, memory,
files, builds, stepping, pure Python; every other game's: speed on each of its workloads), and
Boggle's Pareto set; computed from the rows of one run. The README's headline block is this
section."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from lexibench.benchmarks.harness.records import REFERENCE_TIER, BuildRecord, Results
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import compact_table, num, table
from lexibench.benchmarks.report.sections import Section, crossword, crossword_sim, games, prove
from lexibench.solver.defaults import (
    DEFAULT_STRUCTURE,
    MANY_BOARDS_STRUCTURE,
    MANY_UNITS,
    ONE_BOARD_STRUCTURE,
)
from lexibench.solver.games.protocol import plural


@dataclass(frozen=True)
class Where:
    """Where the report's tables hold a candidate's figure: the table under the first heading
    that starts with ``heading``, its row whose ``row`` cells match, its ``column``."""

    heading: str
    column: str
    row: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Candidate:
    """A backend (and tier) with its figure for one need, and the table cell that holds it."""

    label: str
    value: float
    text: str
    where: Where | None = None


@dataclass(frozen=True)
class Need:
    """One line of the answer: what the user needs, the best choice, the runner-up."""

    need: str
    measure: str
    ranked: list[Candidate]
    game: str = "Boggle"


def _ranked(
    values: dict[str, float],
    fmt: Callable[[float], str],
    best_high: bool,
    labels: dict[str, str] | None = None,
    where: dict[str, Where] | None = None,
) -> list[Candidate]:
    order = sorted(values, key=lambda k: (-values[k] if best_high else values[k], k))
    return [
        Candidate((labels or {}).get(k, k), values[k], fmt(values[k]), (where or {}).get(k))
        for k in order
    ]


def _cells(heading: str, column: str, rows_of: dict[str, rows.CaseRow]) -> dict[str, Where]:
    """Each backend's cell in a table whose rows are named by backend and tier."""
    return {
        n: Where(heading, column, (("backend", r.backend), ("tier", r.tier)))
        for n, r in rows_of.items()
    }


def _backend_cells(heading: str, column: str, names: Iterable[str]) -> dict[str, Where]:
    """Each backend's cell in a table with a row per backend."""
    return {n: Where(heading, column, (("backend", n),)) for n in names}


def _boards_per_s(v: float) -> str:
    return f"{v:,.0f} boards/s"


def _mib(v: float) -> str:
    return f"{num(v)} MiB"


def _ms(v: float) -> str:
    return f"{num(v)} ms"


def needs(results: Results, size: str) -> list[Need]:
    """Every need the raw files can answer."""
    found: list[Need] = []
    solve_table = f"Solve {size}\n"
    best = rows.best_solve(results, size)
    speed = {n: 1000 / r.value.median for n, r in best.items() if r.value}
    tiers = {n: f"{n} ({r.tier})" for n, r in best.items()}
    if speed:
        where = _cells(solve_table, "boards/s", best)
        ranked = _ranked(speed, _boards_per_s, True, tiers, where)
        found.append(Need("many boards", f"{size} boards/s, fastest tier", ranked))
    dense = rows.best_solve(results, f"{size}-dense")
    dense_speed = {n: 1000 / r.value.median for n, r in dense.items() if r.value}
    if dense_speed:
        labels = {n: f"{n} ({r.tier})" for n, r in dense.items()}
        where = _cells(f"Solve {size}-dense\n", "boards/s", dense)
        ranked = _ranked(dense_speed, _boards_per_s, True, labels, where)
        measure = f"dense {size} boards/s, fastest tier"  # the boards a best-board search meets
        found.append(Need("many dense boards", measure, ranked))
    first = {r.backend: r.cached_cpu_ms for r in rows.first_answer_rows(results)}
    if first:
        measure = "whole process CPU, cached lexicon"
        where = _backend_cells(solve_table, "first answer ms", first)
        ranked = _ranked(first, _ms, False, where=where)
        found.append(Need("one board from a cold start", measure, ranked))
    memory = {n: m.rss_mib for n, m in rows.memory_rows(results).items()}
    if memory:
        measure = "resident memory of the built structure"
        where = _backend_cells("Build, load and memory", "RSS MiB", memory)
        found.append(Need("least memory", measure, _ranked(memory, _mib, False, where=where)))
    sizes = {n: b / 2**20 for n, b in rows.serialized_bytes(results).items()}
    if sizes:
        where = _backend_cells("Build, load and memory", "file MiB", sizes)
        ranked = _ranked(sizes, _mib, False, where=where)
        found.append(Need("smallest file", "saved file (`lexibench build`)", ranked))
    build = {n: m.median for n, m in rows.per_backend(results, BuildRecord).items()}
    if build:
        where = _backend_cells("Build, load and memory", "build ms", build)
        ranked = _ranked(build, _ms, False, where=where)
        found.append(Need("fastest build", "build from the word list", ranked))
    stepped = {
        r.backend: r
        for r in rows.solve_rows(results).get(size, [])
        if r.tier == "step" and r.value and not r.note
    }
    if stepped:
        stepping = {n: 1000 / r.value.median for n, r in stepped.items() if r.value}
        labels = {n: f"{n} (step)" for n in stepping}
        where = _cells(solve_table, "boards/s", stepped)
        ranked = _ranked(stepping, _boards_per_s, True, labels, where)
        found.append(Need("letter-by-letter stepping", f"{size} boards/s, step tier", ranked))
    pure = _pure_python(results, size)
    if pure:
        measure = f"{size} boards/s, interpreted, fastest tier"
        found.append(Need("no C compiler (pure Python)", measure, pure))
    proving = prove.fastest(results)
    if proving:
        heading = "3x3: "
        where = {
            label: Where(heading, "classes/s", (("backend", backend), ("tier", tier)))
            for label, backend, tier, _ in proving
        }
        values = {label: v for label, _, _, v in proving}
        ranked = _ranked(values, lambda v: f"{num(v)} classes/s", True, where=where)
        measure = f"3x3 classes/s of the proof ({prove.sample_text(results)})"
        found.append(Need("proving the best board", measure, ranked))
    return found


def _pure_python(results: Results, size: str) -> list[Candidate]:
    """Without a C compiler: the backends written in Python alone, each at its fastest tier with
    the search's source interpreted (the interpreted-search suite: no mypyc, no native tier),
    beside the baselines (plain Python solvers, such as the articles' dict-of-dicts one);
    fastest first. Empty without the interpreted suite's rows for ``size``."""
    meta = results.backends
    interpreted: dict[str, rows.CaseRow] = {}
    for r in rows.solve_rows(results, interpreted=True).get(size, []):  # fastest first
        pure = r.backend in meta and meta[r.backend].pure_python
        if pure and r.value and not r.note and r.backend not in interpreted:
            interpreted[r.backend] = r
    if not interpreted:
        return []
    speed = {n: 1000 / r.value.median for n, r in interpreted.items() if r.value}
    labels = {n: f"{n} ({r.tier}, interpreted)" for n, r in interpreted.items()}
    where = _cells(f"Compiled and interpreted search ({size})", "interpreted boards/s", interpreted)
    baselines = {
        r.backend: r
        for r in rows.solve_rows(results).get(size, [])
        if r.tier == REFERENCE_TIER and r.value and not r.note
    }
    speed |= {n: 1000 / r.value.median for n, r in baselines.items() if r.value}
    labels |= {n: f"{n} (interpreted)" for n in baselines}
    where |= _cells(f"Solve {size}\n", "boards/s", baselines)
    return _ranked(speed, _boards_per_s, True, labels, where)


def game_needs(results: Results) -> list[Need]:
    """Every other game's needs: speed on each of its workloads, each structure at its fastest
    tier (reference rows and capped rows aside)."""
    found: list[Need] = []
    for game in rows.games(results):
        if game == rows.BOGGLE:
            continue
        unit = rows.unit_of(results, game)
        for workload, table_rows in rows.game_rows(results, game).items():
            best: dict[str, rows.CaseRow] = {}
            for r in table_rows:  # fastest first: the first row of a structure is its best
                if r.value and not r.note and r.tier != REFERENCE_TIER and r.backend not in best:
                    best[r.backend] = r
            if not best:
                continue
            speed = {n: 1000 / r.value.median for n, r in best.items() if r.value}
            labels = {n: f"{n} ({_kind(game, r)})" for n, r in best.items()}
            where = {n: _game_cell(game, workload, unit, r) for n, r in best.items()}

            def per_s(v: float, unit: str = unit) -> str:
                return f"{v:,.0f} {plural(unit)}/s"

            ranked = _ranked(speed, per_s, True, labels, where)
            found.append(
                Need(workload, f"{plural(unit)}/s, fastest tier", ranked, rows.title_of(game))
            )
    turns = crossword.best_turn_times(results)
    blanks = max(turns, default=None)  # the most blanks: where the generators differ most
    if blanks is not None:
        times = turns[blanks]
        values = {v: ms for v, (ms, _) in times.items()}
        labels = {v: f"kwg (native, {crossword.ALGORITHM[v]})" for v in times}
        cells = (("positions", "mid"), ("blanks", str(blanks)), ("moves", "equity"))
        where = {v: Where(crossword.NATIVE_HEADING, c, cells) for v, (_, c) in times.items()}
        ranked = _ranked(values, _ms, False, labels, where)
        measure = f"mid positions, {blanks} blanks, ms/position"
        title = rows.title_of(crossword.GAME)
        found.append(Need("best move by equity", measure, ranked, title))
    simulated = crossword_sim.headline(results)
    if simulated:
        speed = {row.label: row.per_s for row in simulated}
        where = {
            row.label: Where(
                crossword_sim.HEADING + "\n",
                "play-outs/s",
                (("structure", row.structure), ("algorithm", row.algorithm), ("tier", row.tier)),
            )
            for row in simulated
        }
        ranked = _ranked(speed, _playouts_per_s, True, where=where)
        first = simulated[0]
        measure = f"{first.candidates} candidates x {first.plies} plies, play-outs/s"
        found.append(Need("simulation", measure, ranked, rows.title_of(crossword.GAME)))
    return found


def _playouts_per_s(v: float) -> str:
    return f"{num(v)} play-outs/s"


def _kind(game: str, row: rows.CaseRow) -> str:
    """The row's tier, with its variant: the crossword game's algorithm always (DAWG or GADDAG is
    its question), another game's when it is not the plain words."""
    if game == crossword.GAME:
        return f"{row.tier}, {crossword.ALGORITHM.get(row.variant, row.variant)}"
    return row.tier + ("" if row.variant in ("", "words") else f", {row.variant}")


def _game_cell(game: str, workload: str, unit: str, row: rows.CaseRow) -> Where:
    """Where a game's section holds the row's figure."""
    if game == crossword.GAME:
        algorithm = crossword.ALGORITHM.get(row.variant, row.variant)
        by_algorithm = (("structure", row.backend), ("algorithm", algorithm), ("tier", row.tier))
        return Where(f"Every structure: {workload}\n", f"{plural(unit)}/s", by_algorithm)
    cells = (("structure", row.backend), ("tier", games.kind(row)))
    return Where(f"{rows.title_of(game)}: {workload}\n", f"{plural(unit)}/s", cells)


def pareto(results: Results, size: str) -> list[str]:
    """Backends no other beats on all of boards/s (higher), memory and time to first answer
    (lower); only backends with all three figures."""
    best = rows.best_solve(results, size)
    memory = rows.memory_rows(results)
    first = {r.backend: r.cached_cpu_ms for r in rows.first_answer_rows(results)}
    points = {
        n: (1000 / r.value.median, memory[n].rss_mib, first[n])
        for n, r in best.items()
        if r.value and n in memory and n in first
    }

    def dominated(a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
        return b[0] >= a[0] and b[1] <= a[1] and b[2] <= a[2] and b != a

    return sorted(n for n, p in points.items() if not any(dominated(p, q) for q in points.values()))


def cheapest_by_job(results: Results, size: str) -> list[tuple[int, str]]:
    """Which backend makes the whole job cheapest, by the number of boards: (first board count
    from which it wins, backend), from the first answer from a cold start with the cache and
    then the ms per board of its fastest tier. Empty without both figures."""
    first = {r.backend: r.cached_cpu_ms for r in rows.first_answer_rows(results)}
    per_board = {n: r.value.median for n, r in rows.best_solve(results, size).items() if r.value}
    names = sorted(n for n in first if n in per_board)
    if not names:
        return []
    winner = min(names, key=lambda n: (first[n], n))
    spans = [(1, winner)]
    n = 1
    while True:
        # b beats the winner for every job of more than 1 + (first[b] - first[w]) / saving boards
        crossings = [
            (math.floor(1 + (first[b] - first[winner]) / (per_board[winner] - per_board[b])) + 1, b)
            for b in names
            if per_board[b] < per_board[winner]
        ]
        later = [(at, b) for at, b in crossings if at > n]
        if not later:
            return spans
        n, winner = min(later)
        spans.append((n, winner))


def defaults_line(results: Results, size: str) -> list[str]:
    """The cheapest backend by job size, beside the command line's defaults."""
    spans = cheapest_by_job(results, size)
    if not spans:
        return []
    parts = []
    for i, (start, name) in enumerate(spans):
        end = spans[i + 1][0] - 1 if i + 1 < len(spans) else None
        if end == start:
            parts.append(f"{start:,} board{'s' if start > 1 else ''}: **{name}**")
        else:
            parts.append(
                f"{start:,}-{end:,} boards: **{name}**" if end else f"{start:,}+: **{name}**"
            )
    return [
        f"Cheapest whole job by the number of {size} boards (the first answer from a cold start "
        "with the cache, then each further board at the fastest tier's ms/board): "
        + "; ".join(parts)
        + f". `lexibench solve` defaults to {DEFAULT_STRUCTURE} for any number of boards; "
        f"where its native tier is not compiled, to {ONE_BOARD_STRUCTURE} for fewer than "
        f"{MANY_UNITS:,} boards and {MANY_BOARDS_STRUCTURE} from {MANY_UNITS:,} on.",
        "",
    ]


def quick_run(results: Results) -> str | None:
    """For a quick run (``--lexibench-scale quick``, ``make bench-quick``), the sentence that
    says what it is not; None for a full run."""
    run = results.run
    if run is None or run.record.settings.scale != "quick":
        return None
    words = run.record.wordlist
    listed = f"{words.name}, {words.words:,} words" if words else "its word list"
    return (
        f"This is a quick run ({listed}; each game's headline workload alone, with its quick "
        "count), made to check a change: its winners may differ from the published run's "
        "(results/report.md, `make bench`)."
    )


def short_title(title: str) -> str:
    """A game's title as the answer names it, without what it adds in parentheses (README.md,
    which shows the answer, keeps to its size).

    >>> short_title("Crossword game (Scrabble)"), short_title("Boggle")
    ('Crossword game', 'Boggle')
    """
    return title.split(" (", 1)[0]


def answer_lines(results: Results, size: str, compact: bool = False) -> list[str]:
    """The Markdown lines of the section, Boggle's needs for ``size`` boards first (empty when
    nothing is measured); ``compact``: its table without the padding that lines up its columns
    and without "fastest tier" after a measure (the README's: each choice names its tier)."""
    found = needs(results, size) + game_needs(results)
    if not found:
        return []
    body = []
    for need in found:
        best = need.ranked[0]
        runner = need.ranked[1] if len(need.ranked) > 1 else None
        body.append(
            [
                short_title(need.game),
                need.need,
                f"**{best.label}**: {best.text}",
                f"{runner.label}: {runner.text}" if runner else "",
                # the README's: each choice names its tier already
                need.measure.removesuffix(", fastest tier") if compact else need.measure,
            ]
        )
    front = pareto(results, size)
    quick = quick_run(results)
    lines = [
        "## Which structure should I use?" + (" (a quick run)" if quick else ""),
        "",
        "The answer depends on the game: for each game and need, the structure that measured "
        "best, with its figure, and the runner-up." + (f" {quick}" if quick else ""),
        "",
        (compact_table if compact else table)(
            ["game", "if you need", "use", "runner-up", "measured as"], body
        ),
        "",
    ]
    lines += defaults_line(results, size)
    if front:
        lines += [
            f"The Pareto set over {size} boards/s, memory and time to first answer (no other "
            "backend is at least as good on all three and better on one): "
            + ", ".join(f"**{n}**" for n in front)
            + ".",
            "",
        ]
    return lines


def render(results: Results) -> Section:
    """The section, for the headline board size."""
    return Section.of(answer_lines(results, rows.headline_size(results)))
