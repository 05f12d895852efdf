"""Solve suite: every backend x board size x protocol mode, on the same seeded boards.

One round solves all N boards; the report divides by N for ms/board. Answers are checked after
timing: every backend and mode must find the same words on every board.

``test_solve_interpreted`` times the same work on the first board size with the search's source
run by the interpreter (:func:`solver.dfs.interpreted_search`), so the report can show what
compiling the search changes for each backend.
"""

from __future__ import annotations

from typing import Any

import pytest

import structures
from benchmarks import workloads
from benchmarks.conftest import LexiconCache, Settings, base_info, settings_from
from solver.dfs import interpreted_search
from solver.wordlist import WordList

# Per size, the word counts per board of the first backend and mode to run: the others must match.
_answers: dict[str, list[int]] = {}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" not in metafunc.fixturenames:
        return
    settings = settings_from(metafunc.config)
    cases = []
    for backend in settings.backends:
        info = structures.backend_info(backend)
        for mode in ("string", "step") if info.stepping else ("string",):
            cases.append((backend, mode))
    metafunc.parametrize("case", cases, ids=[f"backend={b},mode={m}" for b, m in cases])


def test_solve(
    benchmark: Any,
    case: tuple[str, str],
    size: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    backend, mode = case
    cap = workloads.board_cap(backend, size, settings.boards)
    benchmark.group = f"solve {size}"
    benchmark.extra_info.update(
        base_info("solve", backend, settings, wordlist),
        size=size,
        mode=mode,
        boards=cap.count,
        boards_requested=settings.boards,
        cap=cap.note,
    )
    if cap.count == 0:
        benchmark.extra_info["not_run"] = True
        benchmark.pedantic(lambda: None, rounds=1, iterations=1)  # recorded as not run
        return
    boards = workloads.boards_for(size, cap.count, settings.seed)
    lexicon = lexicons.get(backend)
    capped = cap.note is not None
    counts = benchmark.pedantic(
        workloads.count_words,
        args=(boards, lexicon, mode),
        rounds=1 if capped else settings.rounds,
        warmup_rounds=0 if capped else 1,
        iterations=1,
    )
    benchmark.extra_info["words"] = sum(counts)
    reference = _answers.setdefault(size, counts)
    assert counts == reference[: len(counts)], f"{backend}/{mode} disagrees on {size} boards"


def test_solve_interpreted(
    benchmark: Any,
    case: tuple[str, str],
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    backend, mode = case
    size = settings.sizes[0]
    cap = workloads.board_cap(backend, size, settings.boards)
    benchmark.group = f"solve {size} interpreted"
    benchmark.extra_info.update(
        base_info("solve-interpreted", backend, settings, wordlist),
        size=size,
        mode=mode,
        boards=cap.count,
        boards_requested=settings.boards,
        cap=cap.note,
    )
    if cap.note is not None:  # a capped baseline: its few boards say nothing about the search
        benchmark.extra_info["not_run"] = True
        benchmark.pedantic(lambda: None, rounds=1, iterations=1)  # recorded as not run
        return
    boards = workloads.boards_for(size, cap.count, settings.seed)
    counts = benchmark.pedantic(
        workloads.count_words,
        args=(boards, lexicons.get(backend), mode, interpreted_search()),
        rounds=settings.rounds,
        warmup_rounds=1,
        iterations=1,
    )
    benchmark.extra_info["words"] = sum(counts)
    reference = _answers.setdefault(size, counts)
    assert counts == reference, f"{backend}/{mode} interpreted disagrees on {size} boards"
