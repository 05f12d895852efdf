"""Lettered tiles, as every game played with them counts them: the tiles as numbers and as text,
what each tile is worth and how many a bag holds, and the words such a game plays.

The crossword game is played with them (its rule sets, :mod:`.crossword.rules`, hold a
:class:`TileSet`; its leave tables, :mod:`.crossword.leave_tables`, write leaves as
:func:`tiles_text` does); the word search (:mod:`.search`) plays the crossword game's words
(:data:`WORD_RULES`) and scores them by :data:`ENGLISH`'s values, the tiles of the crossword
game's default rule set. A game package imports no other game's: what games share lives below
them, here.

Tiles as numbers: :data:`BLANK` (0) the blank, 1-26 the letters A-Z, as the KWG layout numbers
them (:mod:`lexibench.structures.backends.kwg.layout`). As text: the letters in upper case, ``?``
for a blank, as the engines (Quackle, Macondo, wolges, MAGPIE) write racks and leaves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from lexibench.solver.word_rules import WordRules

BLANK: Final = 0
"""The blank's tile; the letters A-Z are tiles 1-26."""
LETTERS: Final = 26
"""The letters' tiles are 1 to this."""
BLANK_TEXT: Final = "?"
"""A blank, written as text (a rack, a leave, an anagram's tiles)."""
#: The most tiles a rack of a word query holds: the longest word a 15x15 board takes.
MAX_RACK: Final = 15
#: The most blanks among them: each multiplies a walk's work about 26-fold (the game has two).
MAX_RACK_BLANKS: Final = 4
#: The words a game of lettered tiles plays: two letters or more; a Q is a tile of its own (no
#: Qu tile supplies a "u").
WORD_RULES: Final = WordRules(min_length=2, q_needs_u=False)


@dataclass(frozen=True)
class TileSet:
    """The tiles of a game: per tile 0-26 (0 the blank), how many its bag holds and what it
    scores."""

    counts: tuple[int, ...]
    """Per tile 0-26: how many the bag holds (0: the blank)."""
    values: tuple[int, ...]
    """Per tile 0-26: what it scores (the blank's is its own value, usually 0)."""

    @cached_property
    def total(self) -> int:
        """The tiles in the bag at the start, blanks included.

        >>> TileSet((2, 9, 2) + (0,) * 24, (0, 1, 3) + (0,) * 24).total
        13
        """
        return sum(self.counts)

    @property
    def letters(self) -> str:
        """The letters with tiles in this set, upper case (what a blank may stand for).

        >>> TileSet((2, 9, 2) + (0,) * 24, (0, 1, 3) + (0,) * 24).letters
        'AB'
        """
        return "".join(chr(64 + t) for t in range(1, LETTERS + 1) if self.counts[t])


def tiles_text(tiles: Iterable[int]) -> str:
    """Tiles as the engines write them: letters in upper case, ``?`` for a blank.

    >>> tiles_text([1, 5, 17, 0])
    'AEQ?'
    """
    return "".join(BLANK_TEXT if t == BLANK else chr(64 + t) for t in tiles)


def text_tiles(text: str) -> bytes:
    """The tiles of a text written as the engines write them (``?`` a blank; any case, blanks
    around it ignored); ``ValueError`` naming a character that is not a tile.

    >>> list(text_tiles("aeq?"))
    [1, 5, 17, 0]
    """
    out = bytearray()
    for ch in text.strip():
        if ch == BLANK_TEXT:
            out.append(BLANK)
        elif ch.isascii() and ch.isalpha():
            out.append(ord(ch.upper()) - 64)
        else:
            raise ValueError(f"{ch!r} is not a tile (A-Z, or ? for a blank)")
    return bytes(out)


#: The tiles of English-language Scrabble, as the crossword game's rule set ``english`` holds them
#: (``crossword/rulesets/english.json``; a test checks that they agree): per tile 0-26 (the blank,
#: then A-Z) how many the bag holds and what each scores.
ENGLISH: Final = TileSet(
    counts=(2, 9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1),
    values=(0, 1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10),
)
