"""Where chosen backends rank among every structure, game by game: the runner's summary after
``--backend ID`` (a contributor's new backend against the built-in ones).

Each game workload's rows are the report's (:func:`~benchmarks.report.rows.game_rows`: ms per
puzzle, the median over the rounds), ranked fastest first among the rows that ran every puzzle
(a capped row ran its first few, which may be cheaper or dearer than the rest: it is not ranked,
and says so); each row of a chosen backend (a tier, a variant) gets one line: its place, its
time, and the fastest row's.
"""

from __future__ import annotations

from collections.abc import Sequence

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import num
from lexibench.solver.games.protocol import plural


def _label(row: rows.CaseRow) -> str:
    variant = "" if row.variant in ("", "words") else f", {row.variant}"
    return f"{row.backend} ({row.tier}{variant})"


def ranking_lines(results: Results, backends: Sequence[str]) -> list[str]:
    """One line per row of ``backends`` in every game workload of ``results``: its place among
    the rows that ran every puzzle, its ms per puzzle and the fastest row's; a capped row its
    time on the puzzles it ran, not ranked; a row not run says why."""
    lines = []
    for game in rows.games(results):
        unit = rows.unit_of(results, game)
        for workload, found in rows.game_rows(results, game).items():
            full = rows.full_units(found)
            ran = sorted(
                (r for r in found if r.value is not None and r.units == full),
                key=lambda r: r.value.median if r.value else 0.0,
            )
            fastest = ran[0] if ran else None
            for row in found:
                if row.backend not in backends:
                    continue
                where = f"{game} {workload}: {_label(row)}"
                if row.value is None or fastest is None or fastest.value is None:
                    lines.append(f"{where}: {row.note or 'not run'}")
                    continue
                if row not in ran:
                    ran_on = row.note or f"first {row.units} of the {full} {plural(unit)}"
                    lines.append(
                        f"{where}: {num(row.value.median)} ms per {unit}, not ranked (on its "
                        f"{ran_on})"
                    )
                    continue
                place = ran.index(row) + 1
                lines.append(
                    f"{where}: {place} of {len(ran)}, {num(row.value.median)} ms per {unit}"
                    + (
                        ""
                        if place == 1
                        else f" (fastest: {_label(fastest)}, {num(fastest.value.median)} ms)"
                    )
                )
    return lines
