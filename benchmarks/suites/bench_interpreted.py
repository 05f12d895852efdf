"""Interpreted-search suite: Boggle's boards solved with the search's source run by the
interpreter (:func:`solver.games.boggle.solve.interpreted_search`), every backend x tier (but
native, which has no source) on the first board size of ``--lexibench-sizes``, so the report can
show what compiling the search with mypyc changes for each backend (the compiled rows are the
games suite's).

One round solves all N boards; the report divides by N. Answers are checked after timing against
the plain-Python reference solver's (:mod:`benchmarks.harness.references`), whichever cases run.
"""

from __future__ import annotations

from typing import Any

import pytest

from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import SolveInterpretedRecord, Tier
from lexibench.benchmarks.harness.references import References, check
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name, time_case
from lexibench.solver.games.boggle.solve import interpreted_search
from lexibench.solver.wordlist import WordList


def _expected(references: References, settings: Settings, size: str) -> tuple[int, ...]:
    """The reference's words on each board of ``size``."""
    return references.boggle(size, settings.boards, settings.seed)


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
    if tier == "native":
        reason = "the native tier is the backend's own compiled search: there is no source to run"
        not_run(request, SolveInterpretedRecord, backend, reason, tier=tier, size=size)
    cap = workloads.board_cap(backend, size, settings.boards)
    if cap.count == 0:
        not_run(
            request, SolveInterpretedRecord, backend, cap.note or "not run", tier=tier, size=size
        )
    if cap.note is not None:
        reason = "a capped baseline's single board says nothing about the search's build"
        not_run(request, SolveInterpretedRecord, backend, reason, tier=tier, size=size)
    benchmark.group = group_name(f"solve {size} interpreted", cap.note)
    boards = workloads.boards_for(size, cap.count, settings.seed)
    loops = interpreted_search()
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
        SolveInterpretedRecord(
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
    what = f"{backend}/{tier} ({SolveInterpretedRecord.suite}) {size}"
    check(counts, _expected(references, settings, size), what)
