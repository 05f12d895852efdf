"""The benchmarks read the best known boards from the solver's table; the copy still kept in
benchmarks/data/ for the report's best-board section (benchmarks/report/sections/best.py, until
it reads the solver's table) holds the same boards."""

from __future__ import annotations

import tomllib

from tests.commands import ROOT


def test_the_benchmarks_copy_of_the_known_boards_is_the_table() -> None:
    table = ROOT / "solver" / "games" / "boggle" / "prove" / "known_boards.toml"
    copy = ROOT / "benchmarks" / "data" / "known_boards.toml"
    assert tomllib.loads(copy.read_text()) == tomllib.loads(table.read_text())
