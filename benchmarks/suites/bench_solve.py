"""Solve suite: every backend x protocol mode x board size, on the same seeded boards.

One round solves all N boards of a size; the report divides by N for ms/board. Answers are
checked after timing: every backend and mode must find the same words on every board.

``test_solve_interpreted`` times the same work on the first board size with the search's source
run by the interpreter (:func:`solver.games.boggle.solve.interpreted_search`), so the report can
show what compiling the search changes for each backend.

``test_solve_reference`` times the plain-Python reference solver
(:mod:`benchmarks.baselines.reference_solver`) on the same boards: the row every tier is measured
against.
"""

from __future__ import annotations

import platform
from typing import Any

import pytest

from lexibench.benchmarks.baselines import reference_solver
from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.options import Settings
from lexibench.benchmarks.harness.recording import not_run, record
from lexibench.benchmarks.harness.timing import agree, group_name, time_case
from lexibench.solver.games.boggle import search
from lexibench.solver.games.boggle.solve import interpreted_search
from lexibench.solver.wordlist import WordList

# Per size, the word counts per board of the first backend and mode to run: the others must match.
_answers: dict[object, list[int]] = {}


def test_solve(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    mode: str,
    size: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    _solve(benchmark, request, backend, mode, size, settings, wordlist, lexicons, False)


def test_solve_interpreted(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    mode: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    size = settings.size_list()[0]
    _solve(benchmark, request, backend, mode, size, settings, wordlist, lexicons, True)


def _solve(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    mode: str,
    size: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    interpreted: bool,
) -> None:
    suite = "solve-interpreted" if interpreted else "solve"
    if interpreted and mode == "native":
        reason = "the native tier is the backend's own compiled search: there is no source to run"
        not_run(request, suite, backend, reason, mode=mode, size=size)
    cap = workloads.board_cap(backend, size, settings.boards)
    if cap.count == 0:
        not_run(request, suite, backend, cap.note or "not run", mode=mode, size=size)
    if interpreted and cap.note is not None:
        reason = "a capped baseline's single board says nothing about the search's build"
        not_run(request, suite, backend, reason, mode=mode, size=size)
    benchmark.group = group_name(
        f"solve {size}" + (" interpreted" if interpreted else ""), cap.note
    )
    record(benchmark, suite, backend, wordlist, cap.count, mode=mode, size=size, cap=cap.note)
    boards = workloads.boards_for(size, cap.count, settings.seed)
    loops = interpreted_search() if interpreted else search
    counts = time_case(
        benchmark,
        workloads.count_words,
        boards,
        lexicons.get(backend),
        mode,
        loops,
        capped=cap.note is not None,
    )
    benchmark.extra_info["words"] = sum(counts)
    agree(_answers, size, counts, f"{backend}/{mode} ({suite}) on {size} boards")


@pytest.mark.reference_row
def test_solve_reference(
    benchmark: Any, backend: str, mode: str, size: str, settings: Settings, wordlist: WordList
) -> None:
    """The plain-Python reference solver on the same boards (its words must agree). ``backend``
    and ``mode`` name its row (see conftest), as the backends' rows are named."""
    benchmark.group = group_name(f"solve {size}", None)
    boards = workloads.boards_for(size, settings.boards, settings.seed)
    python = f"python {platform.python_version()}"
    record(
        benchmark,
        "solve",
        backend,
        wordlist,
        len(boards),
        mode=mode,
        size=size,
        cap=None,
        library_version=python,
    )
    trie = reference_solver.build_trie(wordlist.words)
    cases = [(board.cells, board.neighbours()) for board in boards]
    counts = time_case(benchmark, _reference_counts, cases, trie)
    benchmark.extra_info["words"] = sum(counts)
    agree(_answers, size, counts, f"the plain-Python reference on {size} boards")


def _reference_counts(
    cases: list[tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]], trie: reference_solver.Trie
) -> list[int]:
    return [len(reference_solver.solve(cells, nbrs, trie)) for cells, nbrs in cases]
