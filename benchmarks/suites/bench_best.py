"""Best-board suite: the search of ``lexibench best`` (:mod:`solver.games.boggle.best`), timed.

- ``test_search_speed``: every backend and tier runs the same seeded 4x4 search of
  ``--lexibench-search-compare`` evaluations (one chain). Their answers are identical, so every
  backend scores the same boards in the same order and reaches the same best score at the same
  evaluation (checked): the backends differ only in time, which gives evaluations per second and
  the time to any score the search reaches. A backend whose queries scan every word is not run.
- ``test_search_runs``: the fastest tier (``array-trie``, native) runs ``--lexibench-search-runs``
  seeded searches per size (3x3, 3x4, 4x4), each with ``lexibench best``'s default budget (or
  ``--lexibench-search-budget``) and restarts; the report counts the runs that reach the best
  known board (:mod:`benchmarks.best_boards`) and the time to reach given scores.
"""

from __future__ import annotations

from typing import Any

import pytest

from lexibench import structures
from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.options import Settings
from lexibench.benchmarks.harness.recording import not_run, record
from lexibench.solver.games.boggle.best import (
    DEFAULT_RESTARTS,
    SearchResult,
    default_budget,
    search,
)
from lexibench.solver.games.boggle.board import parse_size
from lexibench.solver.wordlist import WordList

COMPARE_SIZE = "4x4"
SIZES = ("3x3", "3x4", "4x4")
FASTEST = ("array-trie", "native")
#: Rounds of each backend's comparison search (its median is reported).
COMPARE_ROUNDS = 3

_courses: dict[str, list[tuple[int, int]]] = {}


def _run(result: SearchResult) -> dict[str, Any]:
    return {
        "seed": result.seed,
        "board": result.board.text(),
        "score": result.score,
        "evaluations": result.evaluations,
        "seconds": round(result.seconds, 6),
        "trajectory": [[e, s, round(t, 6)] for e, s, t in result.trajectory()],
    }


def test_search_speed(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    mode: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    """One seeded 4x4 search per backend and tier; the same course for all (checked)."""
    budget = settings.search_compare
    if workloads.is_slow(backend):
        reason = "not run: every evaluation solves a board, tens of seconds with a linear scan"
        not_run(request, "best", backend, reason, mode=mode, size=COMPARE_SIZE)
    benchmark.group = f"best-board search {COMPARE_SIZE}, {budget:,} evaluations"
    record(benchmark, "best", backend, wordlist, budget, mode=mode, size=COMPARE_SIZE)
    lexicon = lexicons.get(backend)
    rows, cols = parse_size(COMPARE_SIZE)
    result: SearchResult = benchmark.pedantic(
        search,
        args=(lexicon, rows, cols, settings.seed, budget, 1),
        kwargs={"tier": mode},
        rounds=COMPARE_ROUNDS,
        iterations=1,
        warmup_rounds=0,
    )
    benchmark.extra_info["search"] = {"budget": budget, "restarts": 1, "runs": [_run(result)]}
    course = [(e, s) for e, s, _ in result.trajectory()]
    reference = _courses.setdefault(COMPARE_SIZE, course)
    assert course == reference, f"{backend}/{mode}: the search took another course"


@pytest.mark.parametrize("shape", SIZES)
def test_search_runs(
    benchmark: Any, shape: str, settings: Settings, wordlist: WordList, lexicons: LexiconCache
) -> None:
    """Seeded searches with the fastest tier and the default budget, one after another."""
    backend, mode = FASTEST
    rows, cols = parse_size(shape)
    budget = settings.search_budget or default_budget(rows, cols)
    seeds = [settings.seed + i for i in range(settings.search_runs)]
    benchmark.group = f"best-board search runs {shape}"
    record(
        benchmark,
        "best",
        backend,
        wordlist,
        budget * len(seeds),
        mode=mode,
        size=shape,
        library_version=structures.backend_info(backend).version,
    )
    lexicon = lexicons.get(backend)

    def runs() -> list[SearchResult]:
        return [
            search(lexicon, rows, cols, seed, budget, DEFAULT_RESTARTS, tier=mode) for seed in seeds
        ]

    results: list[SearchResult] = benchmark.pedantic(runs, rounds=1, iterations=1, warmup_rounds=0)
    benchmark.extra_info["search"] = {
        "budget": budget,
        "restarts": DEFAULT_RESTARTS,
        "runs": [_run(r) for r in results],
    }
    assert all(r.evaluations == budget for r in results)
