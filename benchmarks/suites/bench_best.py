"""Best-board suite: the search of ``lexibench best`` (:mod:`solver.games.boggle.best`), timed.

- ``test_search_speed``: every backend and tier runs the same seeded 4x4 search of
  ``--lexibench-search-compare`` evaluations (one chain). Their answers are identical, so every
  backend scores the same boards in the same order and reaches the same best score at the same
  evaluation: the backends differ only in time, which gives evaluations per second and the time
  to any score the search reaches. Checked: each run takes the course of the same search through
  the reference solver's trie (:mod:`benchmarks.harness.references`). A backend whose queries
  scan every word is not run.
- ``test_search_runs``: the fastest tier (``array-trie``, native) runs ``--lexibench-search-runs``
  seeded searches per size (3x3, 3x4, 4x4), each with ``lexibench best``'s default budget (or
  ``--lexibench-search-budget``) and restarts; the report counts the runs that reach the best
  known board (:mod:`lexibench.solver.games.boggle.prove.known`) and the time to reach given
  scores.
"""

from __future__ import annotations

from typing import Any

import pytest

from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import BestRecord, SearchRecord, SearchRun, Tier
from lexibench.benchmarks.harness.references import References
from lexibench.benchmarks.harness.settings import Settings
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
FASTEST: tuple[str, Tier] = ("array-trie", "native")
#: Rounds of each backend's comparison search (its median is reported).
COMPARE_ROUNDS = 3


def _run(result: SearchResult) -> SearchRun:
    return SearchRun(
        result.seed,
        result.board.text(),
        result.score,
        result.evaluations,
        round(result.seconds, 6),
        tuple((e, s, round(t, 6)) for e, s, t in result.trajectory()),
    )


def _record(
    benchmark: Any,
    wordlist: WordList,
    backend: str,
    tier: Tier,
    size: str,
    budget: int,
    restarts: int,
    results: list[SearchResult],
) -> None:
    """Record searches of ``budget`` evaluations each (``units``: all of them)."""
    search_record = SearchRecord(budget, restarts, tuple(_run(r) for r in results))
    units = budget * len(results)
    version = library_version(backend)
    case = BestRecord(
        backend, version, wordlist_ref(wordlist), units, tier=tier, size=size, search=search_record
    )
    record(benchmark, case)


def test_search_speed(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    tier: Tier,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    references: References,
) -> None:
    """One seeded 4x4 search per backend and tier; the reference's course for all (checked)."""
    budget = settings.search_compare
    if workloads.is_slow(backend):
        reason = "not run: every evaluation solves a board, tens of seconds with a linear scan"
        not_run(request, BestRecord, backend, reason, tier=tier, size=COMPARE_SIZE)
    benchmark.group = f"best-board search {COMPARE_SIZE}, {budget:,} evaluations"
    lexicon = lexicons.get(backend)
    rows, cols = parse_size(COMPARE_SIZE)
    result: SearchResult = benchmark.pedantic(
        search,
        args=(lexicon, rows, cols, settings.seed, budget, 1),
        kwargs={"tier": tier},
        rounds=COMPARE_ROUNDS,
        iterations=1,
        warmup_rounds=0,
    )
    _record(benchmark, wordlist, backend, tier, COMPARE_SIZE, budget, 1, [result])
    course = tuple((e, s) for e, s, _ in result.trajectory())
    expected = references.search_course(COMPARE_SIZE, settings.seed, budget)
    assert course == expected, f"{backend}/{tier}: the search took another course"


@pytest.mark.parametrize("shape", SIZES)
def test_search_runs(
    benchmark: Any, shape: str, settings: Settings, wordlist: WordList, lexicons: LexiconCache
) -> None:
    """Seeded searches with the fastest tier and the default budget, one after another."""
    backend, tier = FASTEST
    rows, cols = parse_size(shape)
    budget = settings.search_budget or default_budget(rows, cols)
    seeds = [settings.seed + i for i in range(settings.search_runs)]
    benchmark.group = f"best-board search runs {shape}"
    lexicon = lexicons.get(backend)

    def runs() -> list[SearchResult]:
        return [
            search(lexicon, rows, cols, seed, budget, DEFAULT_RESTARTS, tier=tier) for seed in seeds
        ]

    results: list[SearchResult] = benchmark.pedantic(runs, rounds=1, iterations=1, warmup_rounds=0)
    _record(benchmark, wordlist, backend, tier, shape, budget, DEFAULT_RESTARTS, results)
    assert all(r.evaluations == budget for r in results)
