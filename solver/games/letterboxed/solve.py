"""The Letter Boxed search: the valid words through a lexicon at each tier (string, or step
where it steps: the loops of :mod:`solver.games.letterboxed.search`), then the solutions, fewest
words first (see :mod:`solver.games.letterboxed.puzzle`)."""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable

from lexibench.solver.errors import InputError
from lexibench.solver.games.letterboxed.puzzle import (
    DEFAULT_LIMIT,
    DEFAULT_MAX_WORDS,
    MIN_WORD_LENGTH,
    TIERS,
    TITLE,
    Answer,
    Box,
)
from lexibench.solver.games.letterboxed.search import WordSearch, chains
from lexibench.solver.games.query import walked
from lexibench.solver.tiers import Tier, resolve
from lexibench.structures import Lexicon, class_of


def word_finder(
    lexicon: Lexicon, tier: Tier, min_length: int = MIN_WORD_LENGTH
) -> Callable[[Box], list[str]]:
    """``box -> words``: every valid word for the box in ``lexicon``, sorted, at ``tier`` (one
    :data:`TIERS` offers on it, never ``auto``): the word search over the box graph, by steps or
    by strings (:func:`~lexibench.solver.games.query.walked`)."""

    def walk(box: Box) -> WordSearch:
        side_of = box.side_of()
        # Letters reachable after a letter: those of the three other sides.
        after = {ch: [x for x in box.letters if side_of[x] != side_of[ch]] for ch in box.letters}
        return WordSearch(box.letters, after, min_length)

    find = walked(lexicon, tier, walk)
    return lambda box: sorted(find(box))


def find_words(
    box: Box, lexicon: Lexicon, *, min_length: int = MIN_WORD_LENGTH, tier: Tier | str = Tier.AUTO
) -> list[str]:
    """Every valid word for ``box`` in ``lexicon``, sorted, at ``tier`` (``auto``: the fastest
    the lexicon offers).

    >>> from lexibench.solver.games.letterboxed.puzzle import parse_box
    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("dict-trie", ["crampet", "twiglike", "cream", "crap"])
    >>> find_words(parse_box("rme wcl tgk api"), lexicon, tier="step")
    ['crampet', 'twiglike']
    """
    chosen = resolve(TIERS, lexicon, tier, class_of(lexicon).__name__, TITLE)
    return word_finder(lexicon, chosen, min_length)(box)


def solutions(
    box: Box, words: list[str], max_words: int = DEFAULT_MAX_WORDS, limit: int = DEFAULT_LIMIT
) -> list[tuple[str, ...]]:
    """Up to ``limit`` solutions of at most ``max_words`` words, in the order of the puzzle's
    docstring.

    The search goes level by level (1 word, 2 words, ...) and stops after the first level that
    reaches ``limit``: every solution of fewer words comes before any with more. Within a level
    the ``limit`` best by (letters, words) are kept.
    """
    if max_words < 1:
        raise InputError(f"max words {max_words}: must be at least 1")
    if limit < 1:
        raise InputError(f"limit {limit}: must be at least 1")
    bit = {ch: 1 << k for k, ch in enumerate(box.letters)}
    full = (1 << len(box.letters)) - 1
    masks = {w: _mask(w, bit) for w in words}
    by_first: dict[str, list[str]] = defaultdict(list)
    for w in words:
        by_first[w[0]].append(w)

    out: list[tuple[str, ...]] = []
    for n in range(1, max_words + 1):
        level = heapq.nsmallest(
            limit - len(out),
            chains(n, words, by_first, masks, full),
            key=lambda chain: (sum(map(len, chain)), chain),
        )
        out.extend(level)
        if len(out) >= limit:
            break
    return out


def answer(
    box: Box, words: list[str], max_words: int = DEFAULT_MAX_WORDS, limit: int = DEFAULT_LIMIT
) -> Answer:
    """The words (sorted) and the best solutions of ``box``."""
    return Answer(tuple(words), tuple(solutions(box, words, max_words, limit)))


def solver(
    lexicon: Lexicon,
    tier: Tier,
    min_length: int = MIN_WORD_LENGTH,
    max_words: int = DEFAULT_MAX_WORDS,
    limit: int = DEFAULT_LIMIT,
) -> Callable[[Box], Answer]:
    """``box -> answer``: its valid words through ``lexicon`` at ``tier`` (resolved), and up to
    ``limit`` solutions of at most ``max_words`` words."""
    find = word_finder(lexicon, tier, min_length)
    return lambda box: answer(box, find(box), max_words, limit)


def solve(
    box: Box,
    lexicon: Lexicon,
    *,
    max_words: int = DEFAULT_MAX_WORDS,
    limit: int = DEFAULT_LIMIT,
    tier: Tier | str = Tier.AUTO,
) -> Answer:
    """The valid words of ``box`` in ``lexicon`` and up to ``limit`` solutions of at most
    ``max_words`` words, at ``tier`` (``auto``: the fastest the lexicon offers).

    >>> from lexibench.solver.games.letterboxed.puzzle import parse_box
    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("marisa", ["crampet", "twiglike", "pragmatic", "cakewalk"])
    >>> solve(parse_box("rme wcl tgk api"), lexicon).solutions
    (('crampet', 'twiglike'), ('pragmatic', 'cakewalk'))
    """
    chosen = resolve(TIERS, lexicon, tier, class_of(lexicon).__name__, TITLE)
    return solver(lexicon, chosen, max_words=max_words, limit=limit)(box)


def _mask(word: str, bit: dict[str, int]) -> int:
    m = 0
    for ch in word:
        m |= bit[ch]
    return m
