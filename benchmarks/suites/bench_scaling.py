"""Scaling suite: how each backend's cost grows with the dictionary and with the board.

- Dictionary size: nested, seeded subsets of the word list (each a superset of the last):
  build time and ms/board on the same 4x4 boards, every backend in its fastest mode (``auto``).
- Board size: letter-frequency boards from 3x3 upward; a backend moves to the next size only
  while its ms/board stays within :data:`~benchmarks.harness.workloads.BOARD_BUDGET_MS`.

``--lexibench-sweep reduced`` (the default), ``full`` or ``smoke`` choose the points; see
:mod:`benchmarks.harness.workloads`.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

import pytest

from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.options import Settings, settings_from
from lexibench.benchmarks.harness.recording import not_run, record
from lexibench.benchmarks.harness.timing import agree, group_name, time_case
from lexibench.solver.wordlist import WordList

# Per dictionary size, the words found on each board by the first backend (others must match).
_dict_answers: dict[object, list[int]] = {}
_board_answers: dict[object, list[int]] = {}
# Per backend, the last board size's ms/board: the budget decides whether it goes on.
_last_ms: dict[str, float] = {}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    sweep = workloads.sweep(settings_from(metafunc.config).sweep)
    if "words" in metafunc.fixturenames:
        metafunc.parametrize("words", sweep.dict_sizes, ids=lambda k: f"words={k or 'all'}")
    if "board_size" in metafunc.fixturenames:
        metafunc.parametrize("board_size", sweep.board_sizes, ids=lambda s: f"size={s}")


@pytest.fixture(scope="module")
def sweep(settings: Settings) -> workloads.Sweep:
    return workloads.sweep(settings.sweep)


@cache
def _subset(words: tuple[str, ...], count: int, seed: int) -> tuple[str, ...]:
    return workloads.nested_subset(words, count, seed)


def test_dictionary_size(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    words: int,
    sweep: workloads.Sweep,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    subset = _subset(wordlist.words, words, settings.seed)
    cap = workloads.dictionary_cap(backend, words, sweep)
    if cap.count == 0:
        not_run(request, "scaling-dictionary", backend, cap.note or "not run", size="4x4")
    start = time.perf_counter()
    lexicon = lexicons.get(backend, subset)
    build_seconds = time.perf_counter() - start
    benchmark.group = group_name(f"scaling: {len(subset):,} words", cap.note)
    record(
        benchmark,
        "scaling-dictionary",
        backend,
        wordlist,
        cap.count,
        subset_words=len(subset),
        size="4x4",
        cap=cap.note,
        mode="auto",
        build_seconds=build_seconds,
    )
    boards = workloads.boards_for("4x4", cap.count, settings.seed)
    counts = time_case(
        benchmark, workloads.count_words, boards, lexicon, capped=cap.note is not None
    )
    benchmark.extra_info["words"] = sum(counts)
    agree(_dict_answers, len(subset), counts, f"{backend} at {words} words")


def test_board_size(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    board_size: str,
    sweep: workloads.Sweep,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    count = sweep.boards_per_size[board_size]
    previous = _last_ms.get(backend)
    budget = workloads.BOARD_BUDGET_MS
    if previous is not None and previous > budget:
        reason = f"over budget: the previous size took {previous:,.0f} ms/board ({budget:,} ms)"
        not_run(request, "scaling-board", backend, reason, size=board_size)
    boards = workloads.boards_for(board_size, count, settings.seed, kind="frequency")
    slow = workloads.is_slow(backend)
    cap = "1 board, 1 round (a linear scan per query)" if slow else None
    if slow:
        boards = boards[:1]
    benchmark.group = group_name(f"scaling: {board_size} boards", cap)
    record(
        benchmark,
        "scaling-board",
        backend,
        wordlist,
        len(boards),
        size=board_size,
        mode="auto",
        budget_ms=budget,
        cap=cap,
    )
    counts = time_case(benchmark, workloads.count_words, boards, lexicons.get(backend), capped=slow)
    benchmark.extra_info["words"] = sum(counts)
    if benchmark.stats is not None:  # None with --benchmark-disable (the smoke pass)
        _last_ms[backend] = benchmark.stats.stats.median * 1000 / len(boards)
    agree(_board_answers, board_size, counts, f"{backend} on {board_size} boards")
