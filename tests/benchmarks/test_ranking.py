"""Rankings only among rows measured on the same work: ``--backend ID``'s place in every game
workload (and the runner's checks of the ids and games it is given), the proof's table and the
answer's proving need (rows of one sample of classes), the solve, tiers, games and crossword
tables (``vs fastest`` only for the rows that ran every puzzle)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from lexibench.benchmarks.harness.records import Results, default_inputs, load
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.ranking import ranking_lines
from lexibench.benchmarks.report.sections import crossword, games, prove, solve, tiers
from lexibench.benchmarks.report.sections.answer import needs
from tests.commands import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "results"


def test_each_row_of_the_backend_gets_its_place() -> None:
    results = load(default_inputs(FIXTURE))
    lines = ranking_lines(results, ["dict-trie"])
    game_rows = {
        (game, workload): [r for r in found if r.backend == "dict-trie"]
        for game in rows.games(results)
        for workload, found in rows.game_rows(results, game).items()
    }
    assert len(lines) == sum(len(found) for found in game_rows.values())
    ran = [m for line in lines if (m := RANKED.fullmatch(line))]
    assert ran
    for m in ran:
        place, total = int(m["place"]), int(m["total"])
        assert 1 <= place <= total
        assert ("fastest:" in m[0]) == (place != 1)
    assert ranking_lines(results, ["no-such-backend"]) == []


#: A ranked line: ``game workload: backend (tier): place of total, ...``.
RANKED = re.compile(r"[^:]+: [^:]+: (?P<place>\d+) of (?P<total>\d+), .*")


def test_a_capped_row_is_ranked_only_against_rows_of_the_same_puzzles() -> None:
    """A row that ran the first few puzzles of a workload (a capped row) is not placed among
    the rows that ran them all: its line says so, and the others' totals leave it out."""
    results = _committed()
    capped = {
        (game, workload, r.backend)
        for game in rows.games(results)
        for workload, found in rows.game_rows(results, game).items()
        for r in found
        if r.value is not None and r.units < (rows.full_units(found) or 0)
    }
    assert capped  # the committed run caps the slower string tiers of some games
    backends = sorted({backend for _, _, backend in capped})
    lines = ranking_lines(results, backends)
    unranked = [line for line in lines if ", not ranked (on its first " in line]
    assert len(unranked) == sum(
        1
        for game in rows.games(results)
        for found in rows.game_rows(results, game).values()
        for r in found
        if r.value is not None and r.units < (rows.full_units(found) or 0) and r.backend in backends
    )
    for game in rows.games(results):
        for workload, found in rows.game_rows(results, game).items():
            full = rows.full_units(found)
            total = sum(1 for r in found if r.value is not None and r.units == full)
            for m in (RANKED.fullmatch(line) for line in lines):
                if m and m[0].startswith(f"{game} {workload}: "):
                    assert int(m["total"]) == total, m[0]


def _committed() -> Results:
    return load(default_inputs(ROOT / "results"))


def test_the_proof_ranks_rows_only_among_those_of_the_same_classes() -> None:
    """The committed proof table: array-trie's native tier proved the 24 sampled classes, the
    step tiers their first few (capped: as many as the machine proved in its time). Each group
    is ranked within itself, the native row alone unranked; the answer's proving need ranks the
    24-class rows alone."""
    results = _committed()
    section = "\n".join(prove.render(results).lines)
    table = section[section.index("| backend") :].split("\n\n")[0].splitlines()
    header = [c.strip() for c in table[0].strip("|").split("|")]
    assert header[5] == "vs fastest on the same classes"
    body = [[c.strip() for c in line.strip("|").split("|")] for line in table[2:]]
    groups: dict[str, list[list[str]]] = {}
    for row in body:
        groups.setdefault(row[2], []).append(row)
    capped = sorted(name for name in groups if name != "24")
    assert capped  # how many classes a capped tier proves depends on the machine's speed
    assert all(re.fullmatch(r"first \d+\*", name) for name in capped), capped
    assert [row[:2] for row in groups["24"]] == [["array-trie", "native"]]
    assert groups["24"][0][5] == ""  # alone with its classes: nothing to rank against
    for name in capped:
        rows_of = groups[name]
        assert rows_of[0][5] == "1.0x"
        speeds = [float(row[4]) for row in rows_of]
        assert speeds == sorted(speeds, reverse=True)
        for row in rows_of:
            assert float(row[5].rstrip("x")) == pytest.approx(speeds[0] / float(row[4]), abs=0.06)
    assert [label for label, *_ in prove.fastest(results)] == ["array-trie (native)"]
    need = next(n for n in needs(results, "4x4") if n.need == "proving the best board")
    assert [c.label for c in need.ranked] == ["array-trie (native)"]
    assert need.measure == "3x3 classes/s of the proof (24 sampled)"


def _table_rows(lines: list[str], heading: str) -> list[dict[str, str]]:
    """The rows of the first table under ``heading``, by column (a footnote marker dropped)."""
    lines = "\n".join(lines).splitlines()  # a table is one item of a section's lines
    start = lines.index(heading)
    table = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    header = [c.strip() for c in table[0].strip("|").split("|")]
    found = []
    for line in table[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        found.append({k: v.split(" [")[0] for k, v in zip(header, cells, strict=True)})
    return found


def _where(
    results: Results, game: str, workload: str, rendered: dict[str, list[str]]
) -> tuple[list[str], str, Callable[[rows.CaseRow], tuple[str, ...]]]:
    """The lines of the section holding a game workload's table, its heading, and how a row
    of it is named by its cells (structure, tier, variant). ``rendered``: the sections made so
    far, by name (each is made once)."""

    def lines(name: str, render: Callable[[Results], Any]) -> list[str]:
        if name not in rendered:
            rendered[name] = list(render(results).lines)
        return rendered[name]

    if game == rows.BOGGLE:
        return (
            lines("solve", solve.render),
            f"## Solve {workload}",
            lambda r: (
                r.backend,
                r.tier,
            ),
        )
    if game == "crossword":
        return (
            lines("crossword", crossword.render),
            f"### Every structure: {workload}",
            lambda r: (
                r.backend,
                crossword.ALGORITHM.get(r.variant, r.variant) if r.backend != "filter" else "",
                r.tier,
            ),
        )
    heading = f"### {rows.title_of(game)}: {workload}"
    return lines("games", games.render), heading, lambda r: (r.backend, games.kind(r))


def _cells_key(game: str, row: dict[str, str]) -> tuple[str, ...]:
    if game == rows.BOGGLE:
        return row["backend"], row["tier"]
    if game == "crossword":
        return row["structure"], row["algorithm"], row["tier"]
    return row["structure"], row["tier"]


def test_tables_rank_only_the_rows_that_ran_every_puzzle() -> None:
    """The committed solve, games and crossword tables: a row that ran the first few puzzles
    (the filter's first 10 boards, a slow string tier's first 28 racks) has no ratio to the
    fastest, every row that ran them all (capped to one round or not) has one; the tiers table
    gives the filter no ratio; the games say the filter's ratio compares different puzzles."""
    results = _committed()
    rendered: dict[str, list[str]] = {}
    fewer = whole = 0
    for game in rows.games(results):
        for workload, found in rows.game_rows(results, game).items():
            full = rows.full_units(found)
            lines, heading, key = _where(results, game, workload, rendered)
            units = {key(r): r.units for r in found if r.value is not None}
            for row in _table_rows(lines, heading):
                name = _cells_key(game, row)
                if name not in units:
                    continue  # not run
                if units[name] == full:
                    assert row["vs fastest"], (heading, row)
                    whole += 1
                else:
                    assert row["vs fastest"] == "", (heading, row)
                    fewer += 1
    assert fewer >= 20
    assert whole >= 300
    for row in _table_rows(list(tiers.render(results).lines), "### 4x4"):
        ratios = (row["speed vs plain Python"], row["time / native"])
        if row["backend"] == "filter":
            assert ratios == ("", "")
        else:
            assert all(ratios), row
    text = "\n".join(games.render(results).lines)
    said = "x the filter's speed: the filter was timed on its first 10 racks, the rows on all 30"
    assert said in text


@pytest.mark.parametrize(
    ("ranked", "heading"),
    [
        (["my-set"], "== where my-set ranks among every structure"),
        (["dict-trie", "marisa"], "== where dict-trie and marisa rank among every structure"),
        (["a", "b", "c"], "== where a, b and c rank among every structure"),
    ],
)
def test_the_ranking_heading_reads_as_a_sentence(
    ranked: list[str], heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """One structure ranks, a set rank ('== where my-set rank' read wrong for one)."""
    from lexibench.benchmarks import run

    run._print_ranking(FIXTURE, ranked)
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(heading + " (ms per puzzle, fastest first; the tables: ")


def _runner(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lexibench.benchmarks.run", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_unknown_ids_and_games_are_refused_before_any_work() -> None:
    done = _runner("--backend", "no-such-backend")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "--backend: no structure no-such-backend is registered" in done.stderr
    done = _runner("--backend", "dict-trie", "--game", "chess")
    assert done.returncode == 2
    assert "--game: no game chess" in done.stderr
