"""Letter Boxed suite: seeded random puzzles, words and two-word solutions, per backend.

Answers are checked after timing: every backend must find, in every puzzle, as many words as the
brute-force filter of the word list (:mod:`benchmarks.harness.references`).
"""

from __future__ import annotations

from typing import Any

import pytest

from lexibench.benchmarks.harness import workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import LetterboxedRecord
from lexibench.benchmarks.harness.references import References, check
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name, time_case
from lexibench.solver.games.letterboxed.puzzle import Box, find_words, solutions
from lexibench.solver.wordlist import WordList
from lexibench.structures import Lexicon


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
    references: References,
) -> None:
    cap = workloads.puzzle_cap(backend, settings.puzzles)
    if cap.count == 0:
        looked_up = _lookups(workloads.letterboxed_puzzles(settings.seed, 1)[0], lexicons)
        note = f"the first puzzle alone needs {looked_up:,} look-ups, each a linear scan"
        not_run(request, LetterboxedRecord, backend, note)
    puzzles = workloads.letterboxed_puzzles(settings.seed, settings.puzzles)[: cap.count]
    benchmark.group = group_name("letterboxed", cap.note)
    counts = time_case(
        benchmark, solve_all, puzzles, lexicons.get(backend), capped=cap.note is not None
    )
    record(
        benchmark,
        LetterboxedRecord(
            backend,
            library_version(backend),
            wordlist_ref(wordlist),
            len(puzzles),
            words=sum(counts),
            cap=cap.note,
        ),
    )
    expected = references.letterboxed(settings.seed, settings.puzzles)
    check(counts, expected, f"{backend} on Letter Boxed words")
