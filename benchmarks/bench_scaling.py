"""Scaling suite: how each backend's cost grows with the dictionary and with the board.

- Dictionary size: nested, seeded subsets of the word list (each a superset of the last):
  build time and ms/board on the same 4x4 boards, every backend in its fastest mode (``auto``).
- Board size: letter-frequency boards from 3x3 upward; a backend moves to the next size only
  while its ms/board stays within :data:`~benchmarks.workloads.BOARD_BUDGET_MS`.

``--lexibench-sweep reduced`` (the default) and ``full`` choose the points; see
:mod:`benchmarks.workloads`.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

import pytest

from benchmarks import workloads
from benchmarks.conftest import LexiconCache, Settings, base_info, time_solving
from solver.wordlist import WordList

# Per dictionary size, the words found on each board by the first backend (others must match).
_dict_answers: dict[int, list[int]] = {}
_board_answers: dict[str, list[int]] = {}
# Per backend, the last board size's ms/board: the budget decides whether it goes on.
_last_ms: dict[str, float] = {}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    sweep = workloads.sweep(str(metafunc.config.getoption("lexibench_sweep")))
    if "words" in metafunc.fixturenames:
        metafunc.parametrize("words", sweep.dict_sizes, ids=lambda k: f"words={k or 'all'}")
    if "board_size" in metafunc.fixturenames:
        metafunc.parametrize("board_size", sweep.board_sizes, ids=lambda s: f"size={s}")


@pytest.fixture(scope="module")
def sweep(request: pytest.FixtureRequest) -> workloads.Sweep:
    return workloads.sweep(str(request.config.getoption("lexibench_sweep")))


@cache
def _subset(words: tuple[str, ...], count: int, seed: int) -> tuple[str, ...]:
    return workloads.nested_subset(words, count, seed)


def _not_run(benchmark: Any, note: str) -> None:
    benchmark.extra_info.update(not_run=True, cap=note)
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)


def test_dictionary_size(
    benchmark: Any,
    backend: str,
    words: int,
    sweep: workloads.Sweep,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    subset = _subset(wordlist.words, words, settings.seed)
    cap = workloads.dictionary_cap(backend, words, sweep)
    benchmark.group = "scaling: dictionary size"
    benchmark.extra_info.update(
        base_info("scaling-dictionary", backend, settings, wordlist),
        subset_words=len(subset),
        size="4x4",
        boards=cap.count,
        cap=cap.note,
        mode="auto",
    )
    if cap.count == 0:
        _not_run(benchmark, cap.note or "not run")
        return
    start = time.perf_counter()
    lexicon = lexicons.get(backend, subset)
    benchmark.extra_info["build_seconds"] = time.perf_counter() - start
    boards = workloads.boards_for("4x4", cap.count, settings.seed)
    counts = time_solving(benchmark, boards, lexicon, sweep.rounds, once=cap.note is not None)
    reference = _dict_answers.setdefault(len(subset), counts)
    assert counts == reference[: len(counts)], f"{backend} disagrees at {words} words"


def test_board_size(
    benchmark: Any,
    backend: str,
    board_size: str,
    sweep: workloads.Sweep,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    count = sweep.boards_per_size[board_size]
    benchmark.group = "scaling: board size"
    benchmark.extra_info.update(
        base_info("scaling-board", backend, settings, wordlist),
        size=board_size,
        boards=count,
        mode="auto",
        budget_ms=workloads.BOARD_BUDGET_MS,
    )
    previous = _last_ms.get(backend)
    if previous is not None and previous > workloads.BOARD_BUDGET_MS:
        _not_run(
            benchmark,
            f"over budget: the previous size took {previous:,.0f} ms/board "
            f"(budget {workloads.BOARD_BUDGET_MS:,} ms)",
        )
        return
    boards = workloads.boards_for(board_size, count, settings.seed, kind="frequency")
    lexicon = lexicons.get(backend)
    slow = backend in workloads.SLOW_BACKENDS
    if slow:
        boards = boards[:1]
        benchmark.extra_info.update(boards=1, cap="1 board, 1 round (a linear scan per query)")
    counts = time_solving(benchmark, boards, lexicon, sweep.rounds, once=slow)
    if benchmark.stats is not None:  # None with --benchmark-disable (the smoke pass)
        _last_ms[backend] = benchmark.stats.stats.median * 1000 / len(boards)
    reference = _board_answers.setdefault(board_size, counts)
    assert counts == reference[: len(counts)], f"{backend} disagrees on {board_size} boards"
