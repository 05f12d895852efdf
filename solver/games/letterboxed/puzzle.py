"""Letter Boxed: twelve letters on the four sides of a square.

A valid word has at least 3 letters, uses only the box's letters, and never takes two
consecutive letters from the same side (a letter may repeat). Words are found by depth-first
search over the box graph — each letter leads to the nine letters of the other sides — through
the same :class:`~structures.Lexicon` protocol as Boggle, pruned by ``has_prefix``. The loops
live in :mod:`solver.games.letterboxed.search`, which the install compiles with mypyc.

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
from dataclasses import dataclass

from lexibench.solver.errors import InputError
from lexibench.solver.games.letterboxed.search import box_words, box_words_by_steps, chains
from lexibench.solver.tiers import Tier, resolve_tier
from lexibench.solver.words import WordRules, char_text
from lexibench.structures import Lexicon, SteppingLexicon, can_step

SIDES = 4
LETTERS_PER_SIDE = 3
MIN_WORD_LENGTH = 3
#: The words Letter Boxed plays: at least 3 letters; as for Boggle, a q must be followed by u.
WORD_RULES = WordRules(min_length=MIN_WORD_LENGTH, q_needs_u=True)
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


def tiers(lexicon: Lexicon | type) -> tuple[Tier, ...]:
    """The tiers the Letter Boxed search offers on ``lexicon`` (an instance, or a backend's
    class): string, and step where it can."""
    return (Tier.STRING, Tier.STEP) if can_step(lexicon) else (Tier.STRING,)


def find_words(
    box: Box,
    lexicon: Lexicon,
    *,
    min_length: int = MIN_WORD_LENGTH,
    tier: Tier | str = Tier.AUTO,
) -> list[str]:
    """Every valid word for ``box`` in the lexicon, sorted.

    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("dict-trie", ["crampet", "twiglike", "cream", "crap"])
    >>> find_words(parse_box("rme wcl tgk api"), lexicon, tier="step")
    ['crampet', 'twiglike']
    """
    mode = resolve_tier(tiers(lexicon), tier, type(lexicon).__name__)
    side_of = box.side_of()
    # Letters reachable after a letter: those of the three other sides.
    after = {ch: [x for x in box.letters if side_of[x] != side_of[ch]] for ch in box.letters}
    if mode is Tier.STEP:
        stepping: SteppingLexicon = lexicon  # type: ignore[assignment]
        found = box_words_by_steps(
            box.letters, after, stepping.root(), stepping.child, stepping.is_terminal, min_length
        )
    else:
        found = box_words(box.letters, after, lexicon.has_prefix, lexicon.is_word, min_length)
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
            chains(n, words, by_first, masks, full),
            key=lambda chain: (sum(map(len, chain)), chain),
        )
        out.extend(level)
        if len(out) >= limit:
            break
    return out


@dataclass(frozen=True)
class Answer:
    """A puzzle's valid words (sorted) and its best solutions."""

    words: tuple[str, ...]
    solutions: tuple[tuple[str, ...], ...]


def solve(
    box: Box,
    lexicon: Lexicon,
    *,
    max_words: int = DEFAULT_MAX_WORDS,
    limit: int = DEFAULT_LIMIT,
    tier: Tier | str = Tier.AUTO,
) -> Answer:
    """The valid words of ``box`` (:func:`find_words`) and up to ``limit`` solutions of at most
    ``max_words`` words (:func:`solutions`).

    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("marisa", ["crampet", "twiglike", "pragmatic", "cakewalk"])
    >>> solve(parse_box("rme wcl tgk api"), lexicon).solutions
    (('crampet', 'twiglike'), ('pragmatic', 'cakewalk'))
    """
    words = find_words(box, lexicon, tier=tier)
    return Answer(tuple(words), tuple(solutions(box, words, max_words, limit)))


def _mask(word: str, bit: dict[str, int]) -> int:
    m = 0
    for ch in word:
        m |= bit[ch]
    return m
