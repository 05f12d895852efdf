"""The crossword suite's strength case: lexibench's own leave model against an engine's leave
table, both played by lexibench's engine (the cases here are imported by ``bench_crossword.py``).

``lexibench selfplay --leaves english --against TABLE --games N``, one whole process: each pair
of games draws from one bag with the seats swapped, so the luck of the draw is shared and only
the leaves differ; the record keeps the model's mean spread and its standard error over the
pairs. The table is opt-in data a user fetches (``LEXIBENCH_RIVAL_LEAVES`` names the file:
MAGPIE-DATA's ``NWL23.klv2``, trained by MAGPIE's authors for NWL23), never shipped; the record
names it by its file name and SHA-256.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any, Final

import pytest

from lexibench.benchmarks.harness import crossword_cases as cases
from lexibench.benchmarks.harness.recording import not_run, record
from lexibench.benchmarks.harness.records import EquityRecord
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.processes.environment import user_env
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE
from lexibench.structures.files import read_regular

#: The environment variable naming an engine's leave table (KLV2) to measure the model against.
RIVAL_ENV: Final = "LEXIBENCH_RIVAL_LEAVES"
#: Games of the strength case: 5,000 pairs at the full scale (the issue's at least 10,000), a few
#: at the quick scale (the case runs; its error is wide).
STRENGTH_GAMES: Final = 10_000
QUICK_STRENGTH_GAMES: Final = 40
GAME: Final = "crossword"
#: The most of the table read for its digest (the engines' English tables: under 4 MB).
MAX_TABLE_BYTES: Final = 64 << 20


def rival_table() -> Path | None:
    """The leave table ``LEXIBENCH_RIVAL_LEAVES`` names, or None where it is not set."""
    text = os.environ.get(RIVAL_ENV)
    return Path(text).expanduser() if text else None


def test_crossword_leaves_against_an_engine(
    benchmark: Any, request: pytest.FixtureRequest, settings: Settings
) -> None:
    """``lexibench selfplay --leaves english --against TABLE`` in a fresh process, one round:
    lexibench's leave model against an engine's table, in pairs of games from one bag."""
    table = rival_table()
    if table is None:
        pytest.skip(f"no engine's leave table given (opt-in: {RIVAL_ENV})")
    if NATIVE_UNAVAILABLE is not None:
        not_run(request, EquityRecord, "kwg", f"not run: {NATIVE_UNAVAILABLE}",
                tier="native", game=GAME, variant="word map, against a table")  # fmt: skip
    games_count = QUICK_STRENGTH_GAMES if settings.scale == "quick" else STRENGTH_GAMES
    benchmark.group = f"crossword leaves against {table.name}, {games_count} games"
    options = ["--leaves", "english", "--against", str(table), "--word-map", "yes"]
    command = cases.selfplay_command(settings, games_count, options)
    with tempfile.TemporaryDirectory() as cache:
        one_process = cases.Process(command, user_env({"LEXIBENCH_CACHE_DIR": cache}))
        benchmark.pedantic(one_process, rounds=1, iterations=1, warmup_rounds=0)
    out = one_process.outputs[0]
    assert out["games"] == games_count
    assert out["players"][0]["leaves"] == "english", out["players"][0]
    digest = hashlib.sha256(read_regular(table, MAX_TABLE_BYTES)).hexdigest()  # (read by then)
    kept = cases.equity_record(settings, out, one_process.cpu[0], variant="word map",
                               against=table.name, against_sha256=digest)  # fmt: skip
    record(benchmark, kept)
