"""Boggle-family rules shared by the games: word normalization, minimum length and scoring.

Words keep their real spelling ("queen"); a board's Qu cell supplies the two letters "qu" at
once, so a word is playable only when every ``q`` in it is followed by ``u``.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final

DEFAULT_MIN_LENGTH: Final = 3
"""Standard Boggle; Big Boggle style play uses 4."""

_LETTERS = re.compile(r"[a-z]+")
_LONE_Q = re.compile(r"q(?!u)")

#: Points by word length (letters, the Qu cell counting as two): 3-4 → 1, 5 → 2, 6 → 3, 7 → 5,
#: 8 or more → 11. Words shorter than 3 score nothing.
_SCORES: Final = (0, 0, 0, 1, 1, 2, 3, 5)
_LONG_WORD_SCORE: Final = 11
#: The same as one table: entry ``n`` for a word of ``n`` letters, the last for every longer word
#: (the weights a native search totals a board's words by).
POINTS_BY_LENGTH: Final = (*_SCORES, _LONG_WORD_SCORE)


class Drop(StrEnum):
    """Why normalization rejected a line of a word list."""

    BLANK = "blank"
    CAPITALISED = "capitalised"
    NON_LETTER = "non-letter"
    TOO_SHORT = "too-short"
    Q_WITHOUT_U = "q-without-u"


def normalize_word(
    raw: str, min_length: int = DEFAULT_MIN_LENGTH, drop_capitalised: bool = False
) -> str | Drop:
    """Return the playable form of ``raw`` or the reason it is dropped.

    Strips white space; with ``drop_capitalised``, drops an entry that starts with a capital
    letter (a proper noun such as "Erastus" or an abbreviation such as "AAA"); then lower-cases
    and keeps a word only if it is made of a-z alone, has at least ``min_length`` letters and
    has no ``q`` without a following ``u``.

    >>> normalize_word("  Queen\\r\\n"), normalize_word("qat"), normalize_word("don't")
    ('queen', <Drop.Q_WITHOUT_U: 'q-without-u'>, <Drop.NON_LETTER: 'non-letter'>)
    >>> normalize_word("Erastus", drop_capitalised=True)
    <Drop.CAPITALISED: 'capitalised'>
    """
    stripped = raw.strip()
    if not stripped:
        return Drop.BLANK
    if drop_capitalised and stripped[0].isupper():
        return Drop.CAPITALISED
    word = stripped.lower()
    if not (stripped.isascii() and _LETTERS.fullmatch(word)):  # no "K" (Kelvin) turned into "k"
        return Drop.NON_LETTER
    if len(word) < min_length:
        return Drop.TOO_SHORT
    if _LONE_Q.search(word):
        return Drop.Q_WITHOUT_U
    return word


def char_text(ch: str) -> str:
    """A character as an error message shows it: quoted, with its code point when it is not
    ASCII (the Kelvin sign looks like "K" but is not a letter a-z).

    >>> char_text("1"), char_text("\\u212a").endswith("(U+212A)")
    ("'1'", True)
    """
    return repr(ch) if ch.isascii() else f"{ch!r} (U+{ord(ch):04X})"


def score(word: str) -> int:
    """Points for ``word`` by its length in letters ("queen" is 5: the Qu cell counts as two).

    >>> [score(w) for w in ("cat", "cats", "quest", "quests", "queenly", "question")]
    [1, 1, 2, 3, 5, 11]
    """
    n = len(word)
    return _SCORES[n] if n < len(_SCORES) else _LONG_WORD_SCORE
