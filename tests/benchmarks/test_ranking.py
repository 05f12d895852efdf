"""``--backend ID``: a structure's place in every game workload, and the runner's checks of the
ids and games it is given."""

from __future__ import annotations

import subprocess
import sys

from lexibench.benchmarks.harness.records import default_inputs, load
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.ranking import ranking_lines
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
    ran = [line for line in lines if " of " in line]
    assert ran
    for line in ran:
        place, total = line.split(": ")[2].split(",")[0].split(" of ")
        assert 1 <= int(place) <= int(total)
        assert ("fastest:" in line) == (place != "1")
    assert ranking_lines(results, ["no-such-backend"]) == []


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
