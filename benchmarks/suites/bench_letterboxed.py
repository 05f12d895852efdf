"""Letter Boxed suite: seeded random puzzles, words and two-word solutions, per backend."""

from __future__ import annotations

from typing import Any

import pytest

from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.options import Settings
from lexibench.benchmarks.harness.recording import not_run, record
from lexibench.benchmarks.harness.timing import agree, group_name, time_case
from lexibench.solver.games.letterboxed.puzzle import Box, find_words, solutions
from lexibench.solver.wordlist import WordList
from lexibench.structures import Lexicon

_answers: dict[object, list[int]] = {}


class _CountingLexicon:
    """Counts the look-ups a search makes, answering from another lexicon."""

    def __init__(self, inner: Lexicon) -> None:
        self.inner = inner
        self.count = 0

    def __len__(self) -> int:
        return len(self.inner)

    def is_word(self, s: str) -> bool:
        self.count += 1
        return self.inner.is_word(s)

    def has_prefix(self, s: str) -> bool:
        self.count += 1
        return self.inner.has_prefix(s)


def _lookups(box: Box, lexicons: LexiconCache) -> int:
    """How many look-ups finding ``box``'s words takes (the same for every backend)."""
    counter = _CountingLexicon(lexicons.get("dict-trie"))
    find_words(box, counter)
    return counter.count


def solve_all(puzzles: list[Box], lexicon: Lexicon) -> list[int]:
    """Find each puzzle's words and its two-word solutions; return the word counts."""
    counts = []
    for box in puzzles:
        words = find_words(box, lexicon)
        solutions(box, words, max_words=2)
        counts.append(len(words))
    return counts


def test_letterboxed(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    settings: Settings,
    wordlist: WordList,
    lexicons: LexiconCache,
) -> None:
    cap = workloads.puzzle_cap(backend, settings.puzzles)
    if cap.count == 0:
        looked_up = _lookups(workloads.letterboxed_puzzles(settings.seed, 1)[0], lexicons)
        note = f"the first puzzle alone needs {looked_up:,} look-ups, each a linear scan"
        not_run(request, "letterboxed", backend, note)
    puzzles = workloads.letterboxed_puzzles(settings.seed, settings.puzzles)[: cap.count]
    benchmark.group = group_name("letterboxed", cap.note)
    record(benchmark, "letterboxed", backend, wordlist, len(puzzles), cap=cap.note)
    counts = time_case(
        benchmark, solve_all, puzzles, lexicons.get(backend), capped=cap.note is not None
    )
    benchmark.extra_info["words"] = sum(counts)
    agree(_answers, "letterboxed", counts, f"{backend} on Letter Boxed words")
