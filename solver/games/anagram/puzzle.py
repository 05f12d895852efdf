"""Anagrams: the words a rack of tiles spells.

A rack is letters a-z and ``?`` for blanks. A word is made from some of the rack's tiles, each
used at most once, a blank standing for any letter a-z; with ``full``, it must use every tile.
Words have at least ``min_length`` letters (2 by default).

Which tiles a word's letters are: each letter takes the rack's real tiles of that letter first,
from the word's first occurrence on, and blanks for the occurrences beyond them, so the
blanks stand for the last occurrences (rack ``ab??``, word ``abab``: the blanks are the second
``a`` and the second ``b``). A word's ``blanks`` are the letters its blanks stand for, in the order
of their positions in the word (``"ab"`` there).

Answers come longest first, then alphabetically. The game, its search at each tier included, is
declared in :mod:`solver.games.anagram.game`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.tiles import BLANK_TEXT, MAX_RACK, MAX_RACK_BLANKS
from lexibench.solver.word_rules import char_text, lower_ascii
from lexibench.structures.queries import ALPHABET

DEFAULT_MIN_LENGTH: Final = 2


@dataclass(frozen=True)
class Rack:
    """A rack of tiles and what counts as an answer."""

    tiles: str
    """Letters a-z and ``?`` (blanks), as given, lower-cased."""
    min_length: int = DEFAULT_MIN_LENGTH
    full: bool = False
    """Only the words that use every tile."""

    @property
    def letters(self) -> str:
        """The real tiles (the rack without its blanks)."""
        return self.tiles.replace(BLANK_TEXT, "")

    @property
    def blanks(self) -> int:
        """The number of blanks."""
        return self.tiles.count(BLANK_TEXT)

    @property
    def shortest(self) -> int:
        """The fewest letters an answer has: every tile with ``full``, else ``min_length``."""
        return max(len(self.tiles) if self.full else self.min_length, 1)


def parse_rack(text: str, min_length: int = DEFAULT_MIN_LENGTH, full: bool = False) -> Rack:
    """A rack from its text: letters a-z (either case) and ``?`` for blanks; an empty rack is a
    rack (it spells nothing).

    >>> parse_rack("RETAIN?").blanks
    1
    """
    tiles = lower_ascii(text.strip())
    for ch in tiles:
        if not ("a" <= ch <= "z" or ch == BLANK_TEXT):
            raise InputError(
                f"rack {text!r}: {char_text(ch)} is neither a letter a-z nor ? (a blank)"
            )
    if len(tiles) > MAX_RACK:
        raise InputError(f"rack {text!r}: {len(tiles)} tiles; the most is {MAX_RACK}")
    if tiles.count(BLANK_TEXT) > MAX_RACK_BLANKS:
        raise InputError(
            f"rack {text!r}: {tiles.count(BLANK_TEXT)} blanks; the most is {MAX_RACK_BLANKS} "
            "(each multiplies the work about 26-fold)"
        )
    if min_length < 1:
        raise InputError(f"min length {min_length}: must be at least 1")
    return Rack(tiles, min_length, full)


def speller(rack: Rack) -> Callable[[str], str | None]:
    """``word -> blanks``: the letters the blanks stand for in ``word`` (in the order of their
    positions), or None when ``rack`` cannot spell it. Each letter takes a real tile while one
    is left, a blank after that (see the module docstring). O(len(word)) per word.

    >>> spell = speller(parse_rack("ab??"))
    >>> spell("abab"), spell("ba"), spell("abcde")
    ('ab', '', None)
    """
    tiles: dict[str, int] = {}
    for ch in rack.letters:
        tiles[ch] = tiles.get(ch, 0) + 1
    most = rack.blanks
    letters = frozenset(ALPHABET)

    def spell(word: str) -> str | None:
        left = tiles.copy()
        blanks = ""
        for ch in word:
            have = left.get(ch, 0)
            if have:
                left[ch] = have - 1
            elif ch in letters and len(blanks) < most:
                blanks += ch
            else:
                return None
        return blanks

    return spell


@dataclass(frozen=True)
class Found:
    """A word and the letters its blanks stand for."""

    word: str
    blanks: str


@dataclass(frozen=True)
class Answer:
    """The words a rack spells, longest first, then alphabetically; each word's blanks are
    worked out from the rack when first asked for (:attr:`found`): they follow from the word
    alone, so a search's time is the search and its ordering."""

    rack: Rack
    words: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.words)

    @cached_property
    def found(self) -> tuple[Found, ...]:
        """Every word with the letters its blanks stand for."""
        spell = speller(self.rack)
        found = []
        for word in self.words:
            blanks = spell(word)
            if blanks is None:  # pragma: no cover - every tier answers only what the rack spells
                raise AssertionError(f"rack {self.rack.tiles!r} cannot spell {word!r}")
            found.append(Found(word, blanks))
        return tuple(found)


def answer(rack: Rack, words: list[str]) -> Answer:
    """``words`` (each spelled by ``rack``) longest first, then alphabetically."""
    ordered = sorted(words)
    ordered.sort(key=len, reverse=True)  # stable: alphabetical within a length
    return Answer(rack, tuple(ordered))
