"""Scaling suite: how each backend's cost grows with the dictionary and with the board.

- Dictionary size: nested, seeded subsets of the word list (each a superset of the last):
  build time and ms/board on the same 4x4 boards, every backend in its fastest tier (``auto``).
- Board size: letter-frequency boards from 3x3 upward; a backend moves to the next size only
  while its ms/board stays within :data:`~benchmarks.harness.workloads.BOARD_BUDGET_MS`
  (:class:`BoardBudget`).

Every case's words per board are checked against the plain-Python reference solver on the same
boards and words (:mod:`benchmarks.harness.references`). ``--lexibench-sweep reduced`` (the
default), ``full`` or ``smoke`` choose the points; see :mod:`benchmarks.harness.workloads`.
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

import pytest

from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.options import settings_from
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import ScalingBoardRecord, ScalingDictionaryRecord
from lexibench.benchmarks.harness.references import References, check
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name, time_case
from lexibench.solver.games.boggle.board import Board
from lexibench.solver.wordlist import WordList

#: What a slow baseline (a linear scan per query) solves of each board size.
SLOW_CAP = "1 board, 1 round (a linear scan per query)"


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
    references: References,
) -> None:
    subset = _subset(wordlist.words, words, settings.seed)
    cap = workloads.dictionary_cap(backend, words, sweep)
    if cap.count == 0:
        not_run(request, ScalingDictionaryRecord, backend, cap.note or "not run", size="4x4")
    start = time.perf_counter()
    lexicon = lexicons.get(backend, subset)
    build_seconds = time.perf_counter() - start
    benchmark.group = group_name(f"scaling: {len(subset):,} words", cap.note)
    boards = workloads.boards_for("4x4", cap.count, settings.seed)
    counts = time_case(
        benchmark, workloads.count_words, boards, lexicon, capped=cap.note is not None
    )
    record(
        benchmark,
        ScalingDictionaryRecord(
            backend,
            library_version(backend),
            wordlist_ref(wordlist),
            cap.count,
            tier="auto",
            size="4x4",
            subset_words=len(subset),
            build_seconds=build_seconds,
            words=sum(counts),
            cap=cap.note,
        ),
    )
    expected = references.boggle("4x4", sweep.dict_boards, settings.seed, words=subset)
    check(counts, expected, f"{backend} at {words} words")


class BoardBudget:
    """Whether a backend goes on to a board size: only while its ms/board at every smaller size
    of the sweep stayed within :data:`~benchmarks.harness.workloads.BOARD_BUDGET_MS`.

    The figures come from the benchmarks of this session (the median round), and for a smaller
    size whose case did not run here (``-k``, ``--lf``), from one untimed round measured on
    demand: the decision does not depend on which cases run.
    """

    def __init__(self, sweep: workloads.Sweep, seed: int, lexicons: LexiconCache) -> None:
        self.sweep = sweep
        self.seed = seed
        self.lexicons = lexicons
        self.ms: dict[tuple[str, str], float] = {}

    def boards(self, backend: str, size: str) -> tuple[list[Board], str | None]:
        """The boards ``backend`` solves at ``size``, and the cap's note."""
        count = self.sweep.boards_per_size[size]
        boards = workloads.boards_for(size, count, self.seed, dice="frequency")
        if workloads.is_slow(backend):
            return boards[:1], SLOW_CAP
        return boards, None

    def over(self, backend: str, size: str) -> float | None:
        """The ms/board of the first smaller size over the budget, or None to go on."""
        sizes = self.sweep.board_sizes
        for smaller in sizes[: sizes.index(size)]:
            if (backend, smaller) not in self.ms:
                boards, _ = self.boards(backend, smaller)
                lexicon = self.lexicons.get(backend)
                start = time.perf_counter()
                workloads.count_words(boards, lexicon)
                self.ms[backend, smaller] = (time.perf_counter() - start) * 1000 / len(boards)
            if self.ms[backend, smaller] > workloads.BOARD_BUDGET_MS:
                return self.ms[backend, smaller]
        return None


@pytest.fixture(scope="module")
def budget(sweep: workloads.Sweep, settings: Settings, lexicons: LexiconCache) -> BoardBudget:
    return BoardBudget(sweep, settings.seed, lexicons)


def test_board_size(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    board_size: str,
    sweep: workloads.Sweep,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    references: References,
    budget: BoardBudget,
) -> None:
    limit = workloads.BOARD_BUDGET_MS
    previous = budget.over(backend, board_size)
    if previous is not None:
        reason = f"over budget: the previous size took {previous:,.0f} ms/board ({limit:,} ms)"
        not_run(request, ScalingBoardRecord, backend, reason, size=board_size)
    boards, cap = budget.boards(backend, board_size)
    benchmark.group = group_name(f"scaling: {board_size} boards", cap)
    start = time.perf_counter()
    counts = time_case(
        benchmark, workloads.count_words, boards, lexicons.get(backend), capped=cap is not None
    )
    seconds = time.perf_counter() - start
    record(
        benchmark,
        ScalingBoardRecord(
            backend,
            library_version(backend),
            wordlist_ref(wordlist),
            len(boards),
            tier="auto",
            size=board_size,
            budget_ms=limit,
            words=sum(counts),
            cap=cap,
        ),
    )
    # the median round; with --benchmark-disable (the smoke pass), the one call's time
    median = benchmark.stats.stats.median if benchmark.stats is not None else seconds
    budget.ms[backend, board_size] = median * 1000 / len(boards)
    count = sweep.boards_per_size[board_size]
    expected = references.boggle(board_size, count, settings.seed, "frequency")
    check(counts, expected, f"{backend} on {board_size} boards")
