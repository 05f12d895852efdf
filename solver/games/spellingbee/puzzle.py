"""Spelling Bee: seven distinct letters, the first of them the centre.

A word has at least four letters, uses only the puzzle's letters (each any number of times) and
contains the centre. Scoring is the New York Times': a four-letter word scores 1, a longer word
one point per letter, and a pangram (a word using all seven letters) 7 more. Words and pangrams
are sorted alphabetically.

The game, its search at each tier included, is declared in :mod:`solver.games.spellingbee.game`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.word_rules import char_text, lower_ascii

LETTERS: Final = 7
MIN_WORD_LENGTH: Final = 4
PANGRAM_BONUS: Final = 7


@dataclass(frozen=True)
class Hive:
    """The puzzle: the centre letter and the six around it."""

    centre: str
    outer: str
    """The other six letters, in the order given."""
    min_length: int = MIN_WORD_LENGTH

    @property
    def letters(self) -> str:
        """All seven, the centre first."""
        return self.centre + self.outer

    def text(self) -> str:
        """The puzzle as it is written: ``centre-outer``."""
        return f"{self.centre}-{self.outer}"


def parse_hive(text: str, min_length: int = MIN_WORD_LENGTH) -> Hive:
    """Seven distinct letters a-z (either case), the first the centre; spaces, ``-``, ``,`` or
    ``/`` may separate them (``g aplmno``, ``G-APLMNO``).

    >>> parse_hive("G-APLMNO")
    Hive(centre='g', outer='aplmno', min_length=4)
    """
    letters = lower_ascii(re.sub(r"[ \t,/-]+", "", text.strip()))
    for ch in letters:
        if not "a" <= ch <= "z":
            raise InputError(f"spelling bee {text!r}: {char_text(ch)} is not a letter a-z")
    if len(letters) != LETTERS:
        raise InputError(
            f"spelling bee {text!r}: {len(letters)} letters; give seven, the centre first "
            "(g aplmno)"
        )
    repeated = sorted({ch for ch in letters if letters.count(ch) > 1})
    if repeated:
        raise InputError(
            f"spelling bee {text!r}: the seven letters must be distinct ({', '.join(repeated)} "
            "repeated)"
        )
    if min_length < 1:
        raise InputError(f"min length {min_length}: must be at least 1")
    return Hive(letters[0], letters[1:], min_length)


def is_pangram(hive: Hive, word: str) -> bool:
    """True when ``word`` uses every letter of the puzzle."""
    return set(hive.letters) <= set(word)


def points(hive: Hive, word: str) -> int:
    """The word's score: 1 for four letters (or fewer, with a lower minimum), one per letter
    beyond, 7 more for a pangram.

    >>> hive = parse_hive("gaimlnp")
    >>> points(hive, "glam"), points(hive, "paling"), points(hive, "glamping")
    (1, 6, 15)
    """
    base = 1 if len(word) <= MIN_WORD_LENGTH else len(word)
    return base + (PANGRAM_BONUS if is_pangram(hive, word) else 0)


@dataclass(frozen=True)
class Answer:
    """The words (sorted), the pangrams among them (sorted) and the total score."""

    words: tuple[str, ...]
    pangrams: tuple[str, ...]
    score: int


def answer(hive: Hive, words: list[str]) -> Answer:
    """``words`` (each valid for ``hive``) sorted, with the pangrams and the total."""
    ordered = tuple(sorted(words))
    return Answer(
        ordered,
        tuple(w for w in ordered if is_pangram(hive, w)),
        sum(points(hive, w) for w in ordered),
    )
