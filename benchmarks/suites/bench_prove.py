"""Proof suite: the work of ``lexibench prove`` (:mod:`solver.games.boggle.prove`), timed.

A proof bounds every top-level class of boards (each cell a bucket of letters) with a tree of
the words the class could spell, and splits the classes whose bound reaches the target. That
walk asks the lexicon for prefixes along every path of every letter choice: a workload unlike
solving one board.

- ``test_prove_3x3``: a seeded sample of the canonical 3x3 classes (:data:`SAMPLE_3X3`, the
  quick count, or ``--lexibench-puzzles``), proved against the same target through every
  backend that steps (the step tier of the bound, in Python) and array-trie's node array
  (native, in C). Each class's outcome, bound and boards are checked against the native tier's.
  A Python-level tier proves the first classes that fit :data:`STEP_BUDGET_S` (at least one),
  in one round, and says so.
- ``test_prove_3x4_sample``: the native tier on a seeded sample of the 3x4 classes: its seconds
  per class give the projected CPU time of the whole 3x4 proof (the report puts it beside
  hybrid-boggle's published one).
- ``test_prove_peer``: where the user has built hybrid-boggle (opt-in, as for the bulk runs:
  :mod:`lexibench.benchmarks.peers.hybrid_boggle`, its source folder in
  ``LEXIBENCH_HYBRID_BOGGLE``), its prover (``HybridTreeBreaker``, ``break_all``'s settings) on
  the native tier's sampled 3x3 and 3x4 classes, same partition and target, in this process:
  each class's CPU seconds beside lexibench's, and its boards checked equal to lexibench's,
  class by class.

The target of each size is the best known board's score for the run's word list
(:mod:`lexibench.solver.games.boggle.prove.known`), where it lists one; else the score of the best
board a seeded ``lexibench best`` search finds (as ``lexibench prove`` takes it when no
``--target`` is given).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import ProveRecord
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.peers.hybrid_boggle import NAME as PEER
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.best import search
from lexibench.solver.games.boggle.prove.job import ClassOutcome, prove_class, prove_state
from lexibench.solver.games.boggle.prove.known import best_known
from lexibench.solver.games.boggle.prove.partitions import default_partition, partition
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.tiers import TIERS as PROOF_TIERS
from lexibench.solver.tiers import Tier, offered
from lexibench.solver.wordlist import WordList
from lexibench.structures import Lexicon, backend_class, backend_info, class_of

#: Classes of the 3x3 sample (quick: :data:`QUICK_SAMPLE`), and of the 3x4 one.
SAMPLE_3X3 = 24
SAMPLE_3X4 = 16
QUICK_SAMPLE = 4
#: Classes of the 3x4 sample at the quick scale.
QUICK_SAMPLE_3X4 = 2
#: The longest round a Python-level (step) tier may take, seconds (quick: the second).
STEP_BUDGET_S = 8.0
QUICK_STEP_BUDGET_S = 2.0
#: The quick scale proves each size with a finer partition (more classes, each far cheaper), so
#: that every backend's step tier proves a few 3x3 classes in seconds, and a 3x4 class takes a
#: blink even against the weak target a quick run's sample list and short search give (with
#: the default partition, one such class listed a million boards in a minute, then stopped).
QUICK_PARTITION = {"3x3": "four", "3x4": "five"}
#: The seeded search that sets each size's target: its evaluations.
TARGET_EVALUATIONS = 20_000
NATIVE = ("array-trie", "native")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every backend that can step (step tier), and array-trie's native tier."""
    if "prover" in metafunc.fixturenames:
        cases = [
            (name, str(tier))
            for name in _lexicon_backends()
            for tier in offered(PROOF_TIERS, class_of(backend_class(name)))
        ]
        metafunc.parametrize("prover", cases, ids=[f"backend={b}-tier={t}" for b, t in cases])


def _lexicon_backends() -> list[str]:
    from lexibench import structures

    return [n for n in structures.available_backend_names() if backend_info(n).role == "lexicon"]


@cache
def _plan(size: str, words: tuple[str, ...], sha256: str, seed: int, quick: bool) -> ProofPlan:
    """The proof of ``size`` with the default partition (quick: :data:`QUICK_PARTITION`'s);
    its target: the best known board's score for the word list (:func:`best_known`), else
    the score of a seeded search's best board."""
    from lexibench.structures import build_lexicon

    rows, cols = (int(x) for x in size.split("x"))
    known = best_known(sha256, rows, cols)
    if known is not None:
        target = known.score
    else:
        lexicon = build_lexicon("array-trie", words)
        target = search(lexicon, rows, cols, seed, TARGET_EVALUATIONS, 2).score
    name = QUICK_PARTITION[size] if quick else default_partition(rows, cols)
    return ProofPlan(rows, cols, partition(name), max(target, 1))


def _sample(plan: ProofPlan, count: int, seed: int) -> list[int]:
    """A seeded sample of the canonical classes, in increasing order (drawn without listing
    them: a quick run's 3x4 partition has 61 million)."""
    return plan.space.sample(count, random.Random(f"{seed}:{plan.size}"))


def _prove_all(lexicon: Lexicon, plan: ProofPlan, tier: Tier, ids: Sequence[int]) -> list[Any]:
    state = prove_state(lexicon, plan, tier)
    return [prove_class(state, plan, class_id) for class_id in ids]


@cache
def _native_outcomes(
    words: tuple[str, ...], sha256: str, size: str, seed: int, count: int, quick: bool
) -> tuple[ClassOutcome, ...]:
    """The native tier's outcome of each sampled class: what every other tier must give."""
    from lexibench.structures import build_lexicon

    plan = _plan(size, words, sha256, seed, quick)
    lexicon = build_lexicon("array-trie", words)
    return tuple(_prove_all(lexicon, plan, Tier.NATIVE, _sample(plan, count, seed)))


def _key(outcome: ClassOutcome) -> tuple[object, ...]:
    return (outcome.class_id, outcome.outcome, outcome.bound, outcome.boards)


def _record(
    benchmark: Any,
    backend: str,
    tier: str,
    wordlist: WordList,
    plan: ProofPlan,
    outcomes: Sequence[ClassOutcome],
    cap: str | None,
    class_seconds: tuple[float, ...] = (),
) -> None:
    counts = {"pruned": 0, "searched": 0, "found": 0}
    for outcome in outcomes:
        counts[outcome.outcome] += 1
    record(
        benchmark,
        ProveRecord(
            backend,
            library_version(backend),
            wordlist_ref(wordlist),
            len(outcomes),
            tier=tier,  # type: ignore[arg-type]
            size=plan.size,
            partition=plan.partition.text,
            target=plan.target,
            classes=plan.space.canonical_count,
            outcomes=counts,
            bounds=tuple(o.bound for o in outcomes),
            cap=cap,
            class_seconds=class_seconds,
        ),
    )


def test_prove_3x3(
    benchmark: Any,
    request: pytest.FixtureRequest,
    prover: tuple[str, str],
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    """The sampled 3x3 classes through one backend and tier, checked against the native tier."""
    backend, tier = prover
    quick = settings.scale == "quick"
    count = settings.puzzles or (QUICK_SAMPLE if quick else SAMPLE_3X3)
    sha256 = wordlist_ref(wordlist).sha256
    plan = _plan("3x3", wordlist.words, sha256, settings.seed, quick)
    ids = _sample(plan, count, settings.seed)
    try:  # a class of far more boards reaching the target than a proof can list: said, not run
        expected = _native_outcomes(wordlist.words, sha256, "3x3", settings.seed, count, quick)
    except InputError as exc:
        not_run(request, ProveRecord, backend, f"not run: {exc}", tier=tier, size="3x3")
    lexicon = lexicons.get(backend)
    cap = None
    seconds: tuple[float, ...] = ()
    if (backend, tier) == NATIVE:
        benchmark.group = "prove 3x3"
        outcomes = benchmark.pedantic(
            _prove_all, args=(lexicon, plan, Tier(tier), ids), rounds=1, iterations=1
        )
        seconds = tuple(round(o.seconds, 4) for o in outcomes)
    else:
        budget = QUICK_STEP_BUDGET_S if quick else STEP_BUDGET_S
        benchmark.group = (
            f"prove 3x3 (capped: the sampled classes that fit {budget:.0f} s, 1 round)"
        )
        outcomes = benchmark.pedantic(
            _prove_within, args=(lexicon, plan, Tier(tier), ids, budget), rounds=1, iterations=1
        )
        if len(outcomes) < len(ids):
            cap = (
                f"first {len(outcomes)} of the {len(ids)} sampled classes, 1 round (the "
                f"Python-level bound: the classes that fit {budget:.0f} s)"
            )
    wrong = [o.class_id for o, e in zip(outcomes, expected, strict=False) if _key(o) != _key(e)]
    assert not wrong, f"{backend} ({tier}): classes {wrong} end otherwise than the native tier's"
    _record(benchmark, backend, tier, wordlist, plan, outcomes, cap, seconds)


def _prove_within(
    lexicon: Lexicon, plan: ProofPlan, tier: Tier, ids: Sequence[int], budget: float
) -> list[ClassOutcome]:
    """The classes of ``ids`` in order, until ``budget`` seconds are spent (at least one)."""
    state = prove_state(lexicon, plan, tier)
    start = time.perf_counter()
    done = []
    for class_id in ids:
        outcome = prove_class(state, plan, class_id)
        assert outcome is not None  # no stop was asked for
        done.append(outcome)
        if time.perf_counter() - start > budget:
            break
    return done


def test_prove_3x4_sample(
    benchmark: Any,
    request: pytest.FixtureRequest,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    """The native tier on sampled 3x4 classes: seconds per class, for the whole proof's
    projection."""
    backend, tier = NATIVE
    if Tier.NATIVE not in offered(PROOF_TIERS, class_of(backend_class(backend))):
        not_run(request, ProveRecord, backend, "not run: array-trie's native core is not compiled",
                tier=tier, size="3x4")  # fmt: skip
    quick = settings.scale == "quick"
    count = settings.puzzles or (QUICK_SAMPLE_3X4 if quick else SAMPLE_3X4)
    plan = _plan("3x4", wordlist.words, wordlist_ref(wordlist).sha256, settings.seed, quick)
    ids = _sample(plan, count, settings.seed)
    lexicon = lexicons.get(backend)
    benchmark.group = "prove 3x4 sample"
    try:  # a class of far more boards reaching the target than a proof can list: said, not run
        outcomes = benchmark.pedantic(
            _prove_all, args=(lexicon, plan, Tier.NATIVE, ids), rounds=1, iterations=1
        )
    except InputError as exc:
        not_run(request, ProveRecord, backend, f"not run: {exc}", tier=tier, size="3x4")
    seconds = tuple(round(o.seconds, 4) for o in outcomes)
    _record(benchmark, backend, tier, wordlist, plan, outcomes, None, seconds)


@pytest.mark.parametrize("proof_size", ["3x3", "3x4"])
def test_prove_peer(
    benchmark: Any,
    request: pytest.FixtureRequest,
    settings: Settings,
    wordlist: WordList,
    proof_size: str,
) -> None:
    """hybrid-boggle's prover on the sampled classes of ``proof_size`` (the native tier's sample),
    where the user has built it: its CPU seconds per class, and its boards checked equal to
    lexibench's."""
    from lexibench.benchmarks.peers import hybrid_boggle

    if hybrid_boggle.unavailable() is not None:
        pytest.skip("hybrid-boggle is not built here (opt-in: LEXIBENCH_HYBRID_BOGGLE)")
    size = proof_size
    quick = settings.scale == "quick"
    if size == "3x3":
        count = settings.puzzles or (QUICK_SAMPLE if quick else SAMPLE_3X3)
    else:
        count = settings.puzzles or (QUICK_SAMPLE_3X4 if quick else SAMPLE_3X4)
    sha256 = wordlist_ref(wordlist).sha256
    plan = _plan(size, wordlist.words, sha256, settings.seed, quick)
    ids = _sample(plan, count, settings.seed)
    try:
        expected = _native_outcomes(wordlist.words, sha256, size, settings.seed, count, quick)
        prove = hybrid_boggle.breaker(
            hybrid_boggle.load(), wordlist.words, plan.rows, plan.cols, plan.target
        )
    except InputError as exc:
        not_run(request, ProveRecord, PEER, f"not run: {exc}", tier="native", size=size)
    benchmark.group = f"prove {size} peer"
    found = benchmark.pedantic(_peer_all, args=(prove, plan, ids), rounds=1, iterations=1)
    for (boards, _), outcome in zip(found, expected, strict=True):
        ours = sorted((text, score) for text, score, _ in outcome.boards)
        assert sorted(boards) == ours, f"class {outcome.class_id}: {PEER} finds {boards}"
    record(
        benchmark,
        ProveRecord(
            PEER,
            _peer_commit(),
            wordlist_ref(wordlist),
            len(ids),
            tier="native",
            size=plan.size,
            partition=plan.partition.text,
            target=plan.target,
            classes=plan.space.canonical_count,
            outcomes={},
            bounds=(),
            class_seconds=tuple(round(seconds, 4) for _, seconds in found),
        ),
    )


def _peer_commit() -> str | None:
    """The commit of the peer's checkout (12 digits), None when it is none."""
    import os
    from pathlib import Path

    from lexibench.benchmarks.peers.hybrid_boggle import ENV
    from lexibench.benchmarks.report.history import commit_of

    folder = os.environ.get(ENV)
    found = commit_of(Path(folder)).id if folder else "unknown"
    return None if found == "unknown" else found[:12]


def _peer_all(
    prove: Any, plan: ProofPlan, ids: Sequence[int]
) -> list[tuple[list[tuple[str, int]], float]]:
    """Each class's boards by the peer, and its CPU seconds."""
    found = []
    for class_id in ids:
        start = time.thread_time()  # as lexibench's classes are timed (job.prove_class)
        boards = prove(plan.space.letters(class_id))
        found.append((boards, time.thread_time() - start))
    return found
