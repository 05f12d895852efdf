"""The automaton of a pattern of letter classes and stars (the ``classes`` and ``pattern`` query
kinds), with its state in a Python int: what a walk of any structure carries, letter by letter,
to know whether the word so far can still match, and whether it matches.

Bit ``i`` of a state says "element ``i`` of the pattern is reached"; a star is an element that
loops on itself and may be skipped (stars in a row are one). Each step costs a few int
operations, whatever the pattern's length (array-trie's compiled walk keeps the same state in a
64-bit word).

>>> automaton = ClassAutomaton(pattern_parts("c?t*"))
>>> [automaton.matches(word) for word in ("cat", "cats", "ct", "dot")]
[True, True, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence

from lexibench.structures.queries import ALPHABET


def pattern_parts(pattern: str) -> list[str | None]:
    """A ``pattern`` kind's pattern (``?`` one letter, ``*`` any letters) as the ``classes``
    kind's parts: ``?`` the class of every letter, ``*`` None, any other character itself."""
    return [None if ch == "*" else ALPHABET if ch == "?" else ch for ch in pattern]


class ClassAutomaton:
    """The automaton of ``parts`` (per position the letters it accepts, a string; None a star).

    ``start`` is the state before any letter; :meth:`step` the state after one more (0: no word
    can follow); :meth:`accepts` whether a state ends a match. A pattern of no element matches
    nothing (no word is empty).
    """

    __slots__ = ("last", "letters", "size", "star", "start")

    def __init__(self, parts: Sequence[str | None]) -> None:
        elements: list[str | None] = []
        for part in parts:
            if not (part is None and elements and elements[-1] is None):
                elements.append(part)
        #: How many elements (stars in a row counted once).
        self.size = len(elements)
        #: A bit per star element.
        self.star = sum(1 << i for i, e in enumerate(elements) if e is None)
        #: Per letter, the elements that accept it (a star accepts every letter).
        self.letters = {
            letter: sum(1 << i for i, e in enumerate(elements) if e is None or letter in e)
            for letter in ALPHABET
        }
        #: The accepting bit: one past the last element.
        self.last = 1 << len(elements)
        self.start = self._closed(1)

    def _closed(self, state: int) -> int:
        """``state`` with every star it reaches skipped."""
        return state | (state & self.star) << 1

    def step(self, state: int, letter: str) -> int:
        """The state after ``letter`` (0 where no element accepts it: a dead end)."""
        moved = state & self.letters.get(letter, 0)
        return self._closed((moved & ~self.star) << 1 | (moved & self.star)) if moved else 0

    def accepts(self, state: int) -> bool:
        """Whether ``state`` ends a match (never for a pattern of no element)."""
        return bool(self.size and state & self.last)

    def matches(self, word: str) -> bool:
        """Whether ``word`` matches as a whole."""
        state = self.start
        for letter in word:
            state = self.step(state, letter)
            if not state:
                return False
        return self.accepts(state)
