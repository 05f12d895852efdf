"""Letter Boxed: twelve letters on the four sides of a square.

A valid word has at least 3 letters, uses only the box's letters, and never takes two
consecutive letters from the same side (a letter may repeat). Words are found by depth-first
search over the box graph — each letter leads to the nine letters of the other sides — through
the same :class:`~structures.Lexicon` protocol as Boggle, pruned by ``has_prefix``
(:mod:`solver.games.letterboxed.solve`; the loops live in :mod:`solver.games.letterboxed.search`,
which the install compiles with mypyc).

A solution is a chain of words where each word starts with the previous word's last letter and
the chain uses all twelve letters. Solutions come fewest words first, then fewest letters, then
alphabetically. Chains where a word adds no letter that the words before it had not already used
are left out: dropping that word's letters cannot break coverage, so such a chain is never
better than one without it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexibench.solver.errors import InputError
from lexibench.solver.tiers import word_tiers
from lexibench.solver.word_rules import WordRules, char_text

TITLE = "Letter Boxed"
SIDES = 4
LETTERS_PER_SIDE = 3
MIN_WORD_LENGTH = 3
#: The words Letter Boxed plays: at least 3 letters; as for Boggle, a q must be followed by u.
WORD_RULES = WordRules(min_length=MIN_WORD_LENGTH, q_needs_u=True)
#: Its search's tiers: string, and step where the lexicon steps.
TIERS = word_tiers()
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


@dataclass(frozen=True)
class Answer:
    """A puzzle's valid words (sorted) and its best solutions."""

    words: tuple[str, ...]
    solutions: tuple[tuple[str, ...], ...]
