"""Look-up suite: ``is_word`` and ``has_prefix`` throughput on named, seeded query sets."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

import pytest

from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import LookupRecord
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name, time_case
from lexibench.solver.wordlist import WordList


@cache
def _query_sets(words: tuple[str, ...], seed: int, count: int) -> dict[str, list[str]]:
    return workloads.query_sets(words, seed, count)


@cache
def _expected(words: tuple[str, ...], op: str, queries: tuple[str, ...]) -> int:
    """How many queries answer True, from plain sets (outside any timing)."""
    if op == "is_word":
        vocab = set(words)
        return sum(q in vocab for q in queries)
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    return sum(q in prefixes for q in queries)


def _answer_all(fn: Any, queries: list[str]) -> int:
    return sum(map(fn, queries))


@pytest.mark.parametrize("op", ["is_word", "has_prefix"], ids=lambda o: f"op={o}")
@pytest.mark.parametrize("query_set", workloads.QUERY_SETS, ids=lambda q: f"query_set={q}")
def test_lookup(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    op: Literal["is_word", "has_prefix"],
    query_set: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    cap = workloads.query_cap(backend, settings.queries)
    queries = _query_sets(wordlist.words, settings.seed, settings.queries)[query_set][: cap.count]
    if not queries:
        reason = f"the word list gives no {query_set} queries"
        not_run(request, LookupRecord, backend, reason, op=op, query_set=query_set)
    fn = getattr(lexicons.get(backend), op)
    benchmark.group = group_name(f"lookup {op} {query_set}", cap.note)
    hits = time_case(benchmark, _answer_all, fn, queries, capped=cap.note is not None)
    record(
        benchmark,
        LookupRecord(
            backend,
            library_version(backend),
            wordlist_ref(wordlist),
            len(queries),
            op=op,
            query_set=query_set,
            cap=cap.note,
        ),
    )
    assert hits == _expected(wordlist.words, op, tuple(queries))
