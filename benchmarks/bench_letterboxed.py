"""Letter Boxed suite: seeded random puzzles, words and two-word solutions, per backend."""

from __future__ import annotations

from typing import Any

from benchmarks import workloads
from benchmarks.conftest import LexiconCache, Settings, base_info
from solver.letterboxed import Box, find_words, solutions
from solver.wordlist import WordList
from structures import Lexicon

_answers: list[int] = []


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
    benchmark: Any, backend: str, settings: Settings, wordlist: WordList, lexicons: LexiconCache
) -> None:
    cap = workloads.puzzle_cap(backend, settings.puzzles)
    puzzles = workloads.letterboxed_puzzles(settings.seed, settings.puzzles)[: cap.count]
    benchmark.group = "letterboxed"
    benchmark.extra_info.update(
        base_info("letterboxed", backend, settings, wordlist),
        puzzles=len(puzzles),
        puzzles_requested=settings.puzzles,
        cap=cap.note,
    )
    if cap.count == 0:
        looked_up = _lookups(workloads.letterboxed_puzzles(settings.seed, 1)[0], lexicons)
        note = f"not run: the first puzzle alone needs {looked_up:,} look-ups, each a linear scan"
        benchmark.extra_info.update(not_run=True, cap=note)
        benchmark.pedantic(lambda: None, rounds=1, iterations=1)
        return
    lexicon = lexicons.get(backend)
    capped = cap.note is not None
    counts = benchmark.pedantic(
        solve_all,
        args=(puzzles, lexicon),
        rounds=1 if capped else settings.rounds,
        warmup_rounds=0 if capped else 1,
        iterations=1,
    )
    benchmark.extra_info["words"] = sum(counts)
    if not _answers:
        _answers.extend(counts)
    assert counts == _answers[: len(counts)], f"{backend} disagrees on Letter Boxed words"
