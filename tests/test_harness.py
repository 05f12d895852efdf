"""The benchmark harness's declarations: workloads, options, caps from the registry."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from lexibench import structures
from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.options import Settings, option_name
from lexibench.benchmarks.harness.records import SCHEMAS
from lexibench.solver.wordlist import load_wordlist

#: The workload options are documented beside the benchmarks, not in the top-level README.
README = Path(__file__).resolve().parent.parent / "benchmarks" / "README.md"


def test_query_sets_are_what_they_say() -> None:
    words = load_wordlist().words[:20000]
    sets = workloads.query_sets(words, seed=1, count=300)
    vocab = set(words)
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    assert all(q in vocab for q in sets["hits"])
    assert not any(q in prefixes for q in sets["misses"])
    for k in (2, 4, 8):
        assert all(len(q) == k and q in prefixes for q in sets[f"prefix-{k}"])
    assert len(sets["mixed"]) == 300
    assert sets == workloads.query_sets(words, seed=1, count=300)


def test_letterboxed_puzzles_are_valid_and_seeded() -> None:
    puzzles = workloads.letterboxed_puzzles(seed=4, count=10)
    assert puzzles == workloads.letterboxed_puzzles(seed=4, count=10)
    for box in puzzles:
        assert len(set(box.letters)) == 12
        assert "q" not in box.letters


def test_every_workload_option_has_help_and_is_in_the_readme() -> None:
    text = README.read_text()
    for f in fields(Settings):
        assert f.metadata["help"], f.name
        assert f"`{option_name(f.name)}" in text, f"{option_name(f.name)} is not in the README"


def test_schema_tags_are_distinct() -> None:
    assert len(set(SCHEMAS)) == len(SCHEMAS)


@pytest.mark.parametrize("backend", sorted(structures.BUILTIN))
def test_caps_follow_the_declared_cost(backend: str) -> None:
    linear = structures.backend_info(backend).cost == "linear"
    assert workloads.is_slow(backend) is linear
    cap = workloads.board_cap(backend, "4x4", 100)
    assert (cap.note is not None) is linear
    assert (workloads.query_cap(backend, 10_000).count < 10_000) is linear
