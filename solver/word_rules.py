"""What a word is, for every game: normalization of word-list entries and the rules that vary.

A word-list entry is kept when, after stripping white space and lower-casing, it is made of the
letters a-z alone and is at least :attr:`WordRules.min_length` long. A game of Qu tiles (Boggle,
Letter Boxed as played here) also drops every word with a ``q`` not followed by ``u``
(:attr:`WordRules.q_needs_u`): its board supplies "qu" as one cell. Words keep their spelling
("queen"). Each game declares its rules (:attr:`lexibench.solver.games.Game.word_rules`); the
rules are part of the key of every cached lexicon.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final, NamedTuple

DEFAULT_MIN_LENGTH: Final = 3
MAX_WORD_LENGTH: Final = 256
"""The longest word kept (a longer line is dropped as ``too-long``): the searches walk a word
letter by letter, some by recursion (the structures refuse longer strings:
``structures.words.MAX_STRING_LENGTH``)."""
"""The shortest word of standard Boggle; Big Boggle style play uses 4."""

_LETTERS = re.compile(r"[a-z]+")
_LONE_Q = re.compile(r"q(?!u)")


class WordRules(NamedTuple):
    """Which normalized entries a game keeps (a NamedTuple: cheap to define at start-up)."""

    min_length: int = DEFAULT_MIN_LENGTH
    """The shortest word kept, in letters."""
    q_needs_u: bool = True
    """Drop words with a ``q`` not followed by ``u`` (a game whose Qu tile supplies "qu")."""

    def describe(self) -> str:
        """The rules in words, for an error message.

        >>> WordRules().describe()
        'letters a-z only, at least 3 long, every q followed by u'
        """
        return f"letters a-z only, at least {self.min_length} long" + (
            ", every q followed by u" if self.q_needs_u else ""
        )


#: Boggle's rules, the default of every loader.
DEFAULT_RULES: Final = WordRules()


class Drop(StrEnum):
    """Why normalization rejected a line of a word list."""

    BLANK = "blank"
    CAPITALISED = "capitalised"
    NON_LETTER = "non-letter"
    TOO_SHORT = "too-short"
    TOO_LONG = "too-long"
    Q_WITHOUT_U = "q-without-u"


def normalize_word(
    raw: str, rules: WordRules = DEFAULT_RULES, drop_capitalised: bool = False
) -> str | Drop:
    """Return the playable form of ``raw`` or the reason it is dropped.

    Strips white space; with ``drop_capitalised``, drops an entry that starts with a capital
    letter (a proper noun such as "Erastus" or an abbreviation such as "AAA"); then lower-cases
    and keeps a word only if it is made of a-z alone, has at least ``rules.min_length`` letters
    and at most :data:`MAX_WORD_LENGTH`, and (with ``rules.q_needs_u``) has no ``q`` without a
    following ``u``.

    >>> normalize_word("  Queen\\r\\n"), normalize_word("qat"), normalize_word("don't")
    ('queen', <Drop.Q_WITHOUT_U: 'q-without-u'>, <Drop.NON_LETTER: 'non-letter'>)
    >>> normalize_word("qat", WordRules(min_length=2, q_needs_u=False))
    'qat'
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
    if len(word) < rules.min_length:
        return Drop.TOO_SHORT
    if len(word) > MAX_WORD_LENGTH:
        return Drop.TOO_LONG
    if rules.q_needs_u and _LONE_Q.search(word):
        return Drop.Q_WITHOUT_U
    return word


_ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def lower_ascii(text: str) -> str:
    """``text`` with A-Z made a-z and nothing else changed: ``str.lower`` would turn the Kelvin
    sign (U+212A) into "k", a letter the checks after it would accept.

    >>> lower_ascii("RaCk\u212a")
    'rack\u212a'
    """
    return text.translate(_ASCII_LOWER)


def char_text(ch: str) -> str:
    """A character as an error message shows it: quoted, with its code point when it is not
    ASCII (the Kelvin sign looks like "K" but is not a letter a-z).

    >>> char_text("1"), char_text("\\u212a").endswith("(U+212A)")
    ("'1'", True)
    """
    return repr(ch) if ch.isascii() else f"{ch!r} (U+{ord(ch):04X})"
