"""Solve suite: every backend x tier x board size, on the same seeded boards.

One round solves all N boards of a size; the report divides by N for ms/board. Answers are
checked after timing: every backend and tier must find, on every board, as many words as the
plain-Python reference solver (:mod:`benchmarks.harness.references`), whichever cases run.

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
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import SolveInterpretedRecord, SolveRecord, Tier
from lexibench.benchmarks.harness.references import References, check
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name, time_case
from lexibench.solver.games.boggle import search
from lexibench.solver.games.boggle.solve import interpreted_search
from lexibench.solver.wordlist import WordList


def _expected(references: References, settings: Settings, size: str) -> tuple[int, ...]:
    """The reference's words on each board of ``size``."""
    return references.boggle(size, settings.boards, settings.seed)


def test_solve(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    tier: Tier,
    size: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    references: References,
) -> None:
    _solve(benchmark, request, backend, tier, size, settings, wordlist, lexicons, references, False)


def test_solve_interpreted(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    tier: Tier,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    references: References,
) -> None:
    size = settings.size_list()[0]
    _solve(benchmark, request, backend, tier, size, settings, wordlist, lexicons, references, True)


def _solve(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    tier: Tier,
    size: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
    references: References,
    interpreted: bool,
) -> None:
    kind = SolveInterpretedRecord if interpreted else SolveRecord
    if interpreted and tier == "native":
        reason = "the native tier is the backend's own compiled search: there is no source to run"
        not_run(request, kind, backend, reason, tier=tier, size=size)
    cap = workloads.board_cap(backend, size, settings.boards)
    if cap.count == 0:
        not_run(request, kind, backend, cap.note or "not run", tier=tier, size=size)
    if interpreted and cap.note is not None:
        reason = "a capped baseline's single board says nothing about the search's build"
        not_run(request, kind, backend, reason, tier=tier, size=size)
    benchmark.group = group_name(
        f"solve {size}" + (" interpreted" if interpreted else ""), cap.note
    )
    boards = workloads.boards_for(size, cap.count, settings.seed)
    loops = interpreted_search() if interpreted else search
    counts = time_case(
        benchmark,
        workloads.count_words,
        boards,
        lexicons.get(backend),
        tier,
        loops,
        capped=cap.note is not None,
    )
    record(
        benchmark,
        kind(
            backend,
            library_version(backend),
            wordlist_ref(wordlist),
            cap.count,
            tier=tier,
            size=size,
            words=sum(counts),
            cap=cap.note,
        ),
    )
    check(counts, _expected(references, settings, size), f"{backend}/{tier} ({kind.suite}) {size}")


@pytest.mark.reference_row
def test_solve_reference(
    benchmark: Any,
    backend: str,
    tier: Tier,
    size: str,
    settings: Settings,
    wordlist: WordList,
    references: References,
) -> None:
    """The plain-Python reference solver on the same boards. ``backend`` and ``tier`` name its
    row (see conftest), as the backends' rows are named."""
    benchmark.group = group_name(f"solve {size}", None)
    boards = workloads.boards_for(size, settings.boards, settings.seed)
    trie = reference_solver.build_trie(wordlist.words)
    cases = [(board.cells, board.neighbours()) for board in boards]
    counts = time_case(benchmark, _reference_counts, cases, trie)
    python = f"python {platform.python_version()}"
    record(
        benchmark,
        SolveRecord(
            backend,
            python,
            wordlist_ref(wordlist),
            len(boards),
            tier=tier,
            size=size,
            words=sum(counts),
            cap=None,
        ),
    )
    check(counts, _expected(references, settings, size), f"the plain-Python reference on {size}")


def _reference_counts(
    cases: list[tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]], trie: reference_solver.Trie
) -> list[int]:
    return [len(reference_solver.solve(cells, nbrs, trie)) for cells, nbrs in cases]
