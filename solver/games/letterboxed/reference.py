"""A brute-force Letter Boxed solver, correct by construction: every word of the list tested
against the rules (no trie, no pruning), then the same solution ordering."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from lexibench.solver.games.letterboxed.puzzle import MIN_WORD_LENGTH, Box


def reference_words(box: Box, words: Iterable[str], min_length: int = MIN_WORD_LENGTH) -> list[str]:
    """Every word of ``words`` valid for ``box``, sorted: at least ``min_length`` letters, only
    the box's letters, no two consecutive letters from the same side."""
    side = box.side_of()
    return sorted(
        word
        for word in words
        if len(word) >= min_length
        and all(ch in side for ch in word)
        and all(side[a] != side[b] for a, b in pairwise(word))
    )
