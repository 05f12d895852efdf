"""Letter Boxed: twelve letters on the four sides of a square.

A valid word has at least 3 letters, uses only the box's letters, and never takes two
consecutive letters from the same side (a letter may repeat). Words are found by depth-first
search over the box graph — each letter leads to the nine letters of the other sides — through
the same :class:`~structures.Lexicon` protocol as Boggle, pruned by ``has_prefix``.

A solution is a chain of words where each word starts with the previous word's last letter and
the chain uses all twelve letters. Solutions come fewest words first, then fewest letters, then
alphabetically. Chains where a word adds no letter that the words before it had not already used
are left out: dropping that word's letters cannot break coverage, so such a chain is never
better than one without it.
"""

from __future__ import annotations

import heapq
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from solver.errors import InputError
from solver.rules import char_text
from structures import Lexicon

SIDES = 4
LETTERS_PER_SIDE = 3
MIN_WORD_LENGTH = 3
DEFAULT_MAX_WORDS = 2
DEFAULT_LIMIT = 100


@dataclass(frozen=True)
class Box:
    """The four sides, each a string of three distinct letters; twelve distinct letters in all."""

    sides: tuple[str, str, str, str]

    @property
    def letters(self) -> str:
        """All twelve letters, side by side."""
        return "".join(self.sides)

    def side_of(self) -> dict[str, int]:
        """Which side (0-3) each letter is on."""
        return {ch: k for k, side in enumerate(self.sides) for ch in side}


def parse_box(text: str) -> Box:
    """Parse ``"rme wcl tgk api"`` or ``"RME-WCL-TGK-API"`` (any of space, ``-``, ``,`` or ``/``).

    >>> parse_box("RME-WCL-TGK-API").sides
    ('rme', 'wcl', 'tgk', 'api')
    """
    if not text.isascii():
        bad = next(ch for ch in text if not ch.isascii())
        raise InputError(f"letter boxed sides {text!r}: {char_text(bad)} is not a letter a-z")
    groups = [g for g in re.split(r"[ \t,/-]+", text.strip(" \t").lower()) if g]
    if len(groups) != SIDES or any(len(g) != LETTERS_PER_SIDE for g in groups):
        raise InputError(
            f"letter boxed sides {text!r}: expected four groups of three letters (rme wcl tgk api)"
        )
    for g in groups:
        if not re.fullmatch(r"[a-z]{3}", g):
            raise InputError(f"letter boxed sides {text!r}: {g!r} has a character that is not a-z")
    letters = "".join(groups)
    repeated = sorted({ch for ch in letters if letters.count(ch) > 1})
    if repeated:
        raise InputError(
            f"letter boxed sides {text!r}: the twelve letters must be distinct "
            f"({', '.join(repeated)} repeated)"
        )
    return Box((groups[0], groups[1], groups[2], groups[3]))


def find_words(box: Box, lexicon: Lexicon, min_length: int = MIN_WORD_LENGTH) -> list[str]:
    """Every valid word for ``box`` in the lexicon, sorted."""
    side_of = box.side_of()
    # Letters reachable after a letter: those of the three other sides.
    after = {ch: [x for x in box.letters if side_of[x] != side_of[ch]] for ch in box.letters}
    has_prefix = lexicon.has_prefix
    is_word = lexicon.is_word
    found: set[str] = set()

    def dfs(prefix: str) -> None:
        if len(prefix) >= min_length and is_word(prefix):
            found.add(prefix)
        for ch in after[prefix[-1]]:
            extended = prefix + ch
            if has_prefix(extended):
                dfs(extended)

    for ch in box.letters:
        if has_prefix(ch):
            dfs(ch)
    return sorted(found)


def solutions(
    box: Box, words: list[str], max_words: int = DEFAULT_MAX_WORDS, limit: int = DEFAULT_LIMIT
) -> list[tuple[str, ...]]:
    """Up to ``limit`` solutions of at most ``max_words`` words, in the order of the module doc.

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
            _chains(n, words, by_first, masks, full),
            key=lambda chain: (sum(map(len, chain)), chain),
        )
        out.extend(level)
        if len(out) >= limit:
            break
    return out


def _mask(word: str, bit: dict[str, int]) -> int:
    m = 0
    for ch in word:
        m |= bit[ch]
    return m


def _chains(
    n: int, words: list[str], by_first: dict[str, list[str]], masks: dict[str, int], full: int
) -> Iterator[tuple[str, ...]]:
    """Every chain of exactly ``n`` words covering ``full``, each word adding a new letter.

    The last word must cover every letter still missing. Rather than trying each word that
    starts with the right letter, the search may look up the letter sets that contain the missing
    ones (there are 2**k of them when k letters are covered), whichever is fewer. The order of
    the chains does not matter: :func:`solutions` sorts them.
    """
    # first letter -> letter set -> words with exactly that set, in input order
    by_mask: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for w in words:
        by_mask[w[0]][masks[w]].append(w)

    def last_words(first: str, covered: int) -> Iterator[str]:
        needed = full & ~covered
        candidates = by_first.get(first, ())
        if not needed or not candidates:
            return
        if 1 << covered.bit_count() < len(candidates):
            table = by_mask[first]
            found: list[str] = []
            sub = covered
            while True:  # every superset of `needed`: needed | each subset of `covered`
                found.extend(table.get(needed | sub, ()))
                if sub == 0:
                    break
                sub = (sub - 1) & covered
            yield from found
        else:
            yield from (w for w in candidates if masks[w] & needed == needed)

    def extend(chain: list[str], covered: int) -> Iterator[tuple[str, ...]]:
        if len(chain) == n - 1:
            for w in last_words(chain[-1][-1], covered):
                yield (*chain, w)
            return
        for w in by_first.get(chain[-1][-1], ()):
            m = masks[w]
            if m & ~covered:
                chain.append(w)
                yield from extend(chain, covered | m)
                chain.pop()

    for w in words:
        if n == 1:
            if masks[w] == full:
                yield (w,)
        else:
            yield from extend([w], masks[w])
