"""Look-up suite: ``is_word`` and ``has_prefix`` throughput on named, seeded query sets."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from benchmarks import workloads
from benchmarks.conftest import LexiconCache, Settings, base_info
from solver.wordlist import WordList


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


@pytest.mark.parametrize("op", ["is_word", "has_prefix"], ids=lambda o: f"op={o}")
@pytest.mark.parametrize("query_set", workloads.QUERY_SETS, ids=lambda q: f"queries={q}")
def test_lookup(
    benchmark: Any,
    backend: str,
    op: str,
    query_set: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    cap = workloads.query_cap(backend, settings.queries)
    queries = _query_sets(wordlist.words, settings.seed, settings.queries)[query_set][: cap.count]
    lexicon = lexicons.get(backend)
    fn = getattr(lexicon, op)
    benchmark.group = f"lookup {op}"
    benchmark.extra_info.update(
        base_info("lookup", backend, settings, wordlist),
        op=op,
        query_set=query_set,
        queries=len(queries),
        queries_requested=settings.queries,
        cap=cap.note,
    )
    if not queries:
        benchmark.extra_info.update(not_run=True, cap=f"the word list gives no {query_set} queries")
        benchmark.pedantic(lambda: None, rounds=1, iterations=1)
        return
    capped = cap.note is not None
    hits = benchmark.pedantic(
        lambda: sum(map(fn, queries)),
        rounds=1 if capped else settings.rounds,
        warmup_rounds=0 if capped else 1,
        iterations=1,
    )
    assert hits == _expected(wordlist.words, op, tuple(queries))
