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
from benchmarks.conftest import LexiconCache, Settings, base_info, settings_from, time_solving
from solver import search
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
    _solve(benchmark, case, size, settings, wordlist, lexicons, interpreted=False)


def test_solve_interpreted(
    benchmark: Any,
    case: tuple[str, str],
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    _solve(benchmark, case, settings.sizes[0], settings, wordlist, lexicons, interpreted=True)


def _solve(
    benchmark: Any,
    case: tuple[str, str],
    size: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    interpreted: bool,
) -> None:
    backend, mode = case
    suffix = " interpreted" if interpreted else ""
    cap = workloads.board_cap(backend, size, settings.boards)
    benchmark.group = f"solve {size}{suffix}"
    benchmark.extra_info.update(
        base_info("solve-interpreted" if interpreted else "solve", backend, settings, wordlist),
        size=size,
        mode=mode,
        boards=cap.count,
        boards_requested=settings.boards,
        cap=cap.note,
    )
    # A capped baseline's few boards say nothing about the search: not run interpreted.
    if cap.count == 0 or (interpreted and cap.note is not None):
        benchmark.extra_info["not_run"] = True
        benchmark.pedantic(lambda: None, rounds=1, iterations=1)  # recorded as not run
        return
    counts = time_solving(
        benchmark,
        workloads.boards_for(size, cap.count, settings.seed),
        lexicons.get(backend),
        settings.rounds,
        once=cap.note is not None,
        mode=mode,
        loops=interpreted_search() if interpreted else search,
    )
    reference = _answers.setdefault(size, counts)
    assert counts == reference[: len(counts)], (
        f"{backend}/{mode}{suffix} disagrees on {size} boards"
    )
