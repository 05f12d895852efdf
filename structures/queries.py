"""Query kinds: questions other than "is this a word?" and "does a word start so?", and the
structures built to answer them.

A :class:`~lexibench.structures.protocol.Lexicon` answers two questions about strings. Other
questions about a set of words have structures of their own, which cannot answer ``has_prefix``
at a sane cost (an alphagram map keys words by their sorted letters) and so are not lexicons.
The registry lists them beside the lexicons as *indexes*, each naming the query kinds it answers
(:attr:`lexibench.structures.registry.Entry.answers`). A lexicon may answer a kind too, in
compiled code of its own (array-trie's walks): its native tier for that query.

Every kind is one method with a fixed contract; a structure answers a kind when its class defines
that method (:func:`answers`). An index's class also lists its kinds in ``ANSWERS`` (what tells
an index from a lexicon, :func:`is_index`), as its registry line does. Nothing here knows a game:
the kinds are questions about a set of words, which games (anagrams, crossword patterns,
Spelling Bee, Wordle) put to them.

``anagram``: :meth:`AnagramQuery.anagrams`
    Every stored word that can be spelled from a sub-multiset of some letters plus a number of
    wildcards, each wildcard standing for one letter a-z.
``pattern``: :meth:`PatternQuery.pattern_words`
    Every stored word matching a pattern as a whole: a literal character, ``?`` exactly one
    character, ``*`` zero or more characters.
``letterset``: :meth:`LetterSetQuery.letterset_words`
    Every stored word made only of the letters of a set (any number of times each) that contains
    every letter of a required set.
``positions``: :meth:`PositionsQuery.positions_words`
    Every stored word of a given length with, at each position, one of the letters allowed
    there, and between a lower and an upper bound of copies of given letters.

The kinds a word search combines (``lexibench search``) beside those, each as plain a question:

``classes``: :meth:`ClassesQuery.class_pattern_words`
    Every stored word matching a pattern of letter classes (a set of letters for one position)
    and stars, as a whole.
``length``: :meth:`LengthQuery.length_words`
    Every stored word of a length between two bounds.
``contains``: :meth:`ContainsQuery.containing_words`
    Every stored word holding at least given numbers of copies of given letters.
``hooks``: :meth:`HooksQuery.hooked_words`, :meth:`HooksQuery.hook_letters`
    Every stored word taking a number of front (or back) hooks between two bounds: letters a-z
    that make another stored word put before it (after it); and the hooks of one string.
``family``: :meth:`FamilyQuery.family_words`
    Every stored word whose anagrams among the stored words (itself included) number between two
    bounds.
``weight``: :meth:`WeightQuery.weighted_words`
    Every stored word whose characters' values (given per character) add up to between two
    bounds.

A structure may also say, cheaply, about how many words a query of a kind would answer
(:class:`Estimating`): what a planner combining several queries asks to put the most selective
first; and list the words a query does not answer (:class:`Complementing`).

Answers are lists of distinct stored words in no particular order (callers sort), unless the
structure's class says ``ALPHABETICAL = True`` (:func:`alphabetical`): then every answer of its
own, and :meth:`Complementing.outside`'s, lists the words in alphabetical order (code point
order, as ``sorted`` puts them), which a caller need not sort again. Queries never raise for an
odd argument that is well typed: a letter no word has simply matches nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Protocol, runtime_checkable

from lexibench.structures.protocol import class_has, class_of

#: The letters a wildcard (a blank) can stand for, and what an unconstrained position allows.
ALPHABET: Final = "abcdefghijklmnopqrstuvwxyz"

#: Every query kind, and the question it asks (for listings and errors).
QUERY_KINDS: Final[Mapping[str, str]] = {
    "anagram": "words spelled from a sub-multiset of letters, with wildcards",
    "letterset": "words made only of a set of letters, containing required letters",
    "pattern": "words matching a pattern of letters, ? and *",
    "positions": "words of one length with allowed letters per position and letter counts",
    "classes": "words matching a pattern of letter classes and stars",
    "length": "words of a length between two bounds",
    "contains": "words holding at least given copies of given letters",
    "hooks": "words taking a number of front or back hooks; a string's hook letters",
    "family": "words with a number of anagrams (themselves included) between two bounds",
    "weight": "words whose letters' values add up to between two bounds",
}

#: The method (methods) a structure's class defines to answer each kind.
QUERY_MEMBERS: Final[Mapping[str, tuple[str, ...]]] = {
    "anagram": ("anagrams",),
    "letterset": ("letterset_words",),
    "pattern": ("pattern_words",),
    "positions": ("positions_words",),
    "classes": ("class_pattern_words",),
    "length": ("length_words",),
    "contains": ("containing_words",),
    "hooks": ("hooked_words", "hook_letters"),
    "family": ("family_words",),
    "weight": ("weighted_words",),
}

#: The most a bound of the search kinds needs: a word's length, hooks, anagrams or value beyond it
#: is beyond every word here (an open end is passed as this).
UNBOUNDED: Final = 1 << 30


class Structure(Protocol):
    """What every registered structure is: built from words, sized by the distinct words it
    stores. A :class:`~lexibench.structures.protocol.Lexicon` is one; an index answers one or
    more query kinds instead."""

    def __len__(self) -> int:
        """The number of distinct stored words."""
        ...


@runtime_checkable
class AnagramQuery(Protocol):
    """The ``anagram`` kind. Its two indexes answer alike:

    >>> from lexibench.structures.backends.alphagram_map import AlphagramMap
    >>> from lexibench.structures.backends.word_map import WordMapIndex
    >>> words = ["least", "slate", "tea", "eat", "at", "zebra"]
    >>> for index in (AlphagramMap(words), WordMapIndex(words)):
    ...     print(sorted(index.anagrams("tae", 0, 2)), sorted(index.anagrams("stle", 1, 5)))
    ['at', 'eat', 'tea'] ['least', 'slate']
    ['at', 'eat', 'tea'] ['least', 'slate']
    """

    def anagrams(self, letters: str, blanks: int, min_length: int = 1) -> list[str]:
        """Every stored word of at least ``min_length`` characters that ``letters`` (each
        character used at most once) and ``blanks`` wildcards (each one letter a-z) can spell.

        ``letters`` is a multiset: ``"aab"`` holds two a's. With ``min_length`` equal to
        ``len(letters) + blanks``, only the words that use every tile."""
        ...


@runtime_checkable
class PatternQuery(Protocol):
    """The ``pattern`` kind."""

    def pattern_words(self, pattern: str) -> list[str]:
        """Every stored word that ``pattern`` matches as a whole: ``?`` matches exactly one
        character, ``*`` zero or more, any other character itself. ``"*"`` matches every word."""
        ...


@runtime_checkable
class LetterSetQuery(Protocol):
    """The ``letterset`` kind."""

    def letterset_words(self, letters: str, required: str, min_length: int = 1) -> list[str]:
        """Every stored word of at least ``min_length`` characters made only of characters of
        ``letters`` (each any number of times) and containing every character of ``required``."""
        ...


@runtime_checkable
class PositionsQuery(Protocol):
    """The ``positions`` kind."""

    def positions_words(
        self, allowed: Sequence[str], at_least: Mapping[str, int], at_most: Mapping[str, int]
    ) -> list[str]:
        """Every stored word of ``len(allowed)`` characters whose character at position ``i`` is
        one of ``allowed[i]``, with at least ``at_least[c]`` and at most ``at_most[c]`` copies
        of each character ``c`` named there (a character not named is not bounded)."""
        ...


@runtime_checkable
class ClassesQuery(Protocol):
    """The ``classes`` kind.

    >>> from lexibench.structures.backends.position_bitsets import PositionBitsets
    >>> index = PositionBitsets(["crane", "crate", "trace", "cat", "cot"])
    >>> sorted(index.class_pattern_words(["c", "aeiou", "t"]))
    ['cat', 'cot']
    >>> index.class_pattern_words([None, "n", "e"])
    ['crane']
    """

    def class_pattern_words(self, parts: Sequence[str | None]) -> list[str]:
        """Every stored word that ``parts`` match as a whole, in order: a string matches exactly
        one character among its characters (``""`` matches none), None zero or more characters
        (a star). No part matches no word (the empty string is never stored)."""
        ...


@runtime_checkable
class LengthQuery(Protocol):
    """The ``length`` kind."""

    def length_words(self, shortest: int, longest: int) -> list[str]:
        """Every stored word of at least ``shortest`` and at most ``longest`` characters (no
        word when ``longest < shortest``)."""
        ...


@runtime_checkable
class ContainsQuery(Protocol):
    """The ``contains`` kind."""

    def containing_words(self, at_least: Mapping[str, int]) -> list[str]:
        """Every stored word holding at least ``at_least[c]`` copies of each character ``c``
        named (a count of 0 or less asks nothing: ``{}`` answers every word)."""
        ...


@runtime_checkable
class HooksQuery(Protocol):
    """The ``hooks`` kind: a *front hook* of a string ``w`` is a letter ``c`` of a-z with ``c + w``
    stored, a *back hook* one with ``w + c`` stored."""

    def hooked_words(self, front: bool, fewest: int, most: int) -> list[str]:
        """Every stored word with at least ``fewest`` and at most ``most`` front hooks
        (``front``), or back hooks."""
        ...

    def hook_letters(self, word: str) -> tuple[str, str]:
        """The front hooks and the back hooks of ``word`` (stored or not), each in a-z order."""
        ...


@runtime_checkable
class FamilyQuery(Protocol):
    """The ``family`` kind."""

    def family_words(self, fewest: int, most: int) -> list[str]:
        """Every stored word ``w`` whose anagrams (the stored words made of exactly the
        characters of ``w``, as a multiset, ``w`` itself included) number at least ``fewest``
        and at most ``most``."""
        ...


@runtime_checkable
class WeightQuery(Protocol):
    """The ``weight`` kind."""

    def weighted_words(self, values: Mapping[str, int], lowest: int, highest: int) -> list[str]:
        """Every stored word whose characters' values add up to at least ``lowest`` and at most
        ``highest``: ``values[c]`` for a character named (each at least 0), 0 for any other."""
        ...


@runtime_checkable
class Estimating(Protocol):
    """An optional companion of the kinds: how many words a query would answer, said at a cost
    well below answering it."""

    def estimate(self, kind: str, *arguments: object) -> int | None:
        """About how many words the ``kind`` query with ``arguments`` (its method's, in order)
        would answer; None when this structure cannot say cheaply. An estimate, not an answer:
        a planner orders queries by it."""
        ...


@runtime_checkable
class Complementing(Protocol):
    """An optional companion of the kinds: the words a query does not answer, listed at the cost
    of the query (a word search's negated condition)."""

    def outside(self, kind: str, *arguments: object) -> list[str]:
        """Every stored word the ``kind`` query with ``arguments`` does not answer (``kind`` one
        this structure answers)."""
        ...


def is_index(structure: object) -> bool:
    """True when ``structure`` (an instance, or a class) is an index: its class declares the
    query kinds it answers in ``ANSWERS`` (a lexicon declares none, even one whose compiled
    code answers some kinds)."""
    return bool(getattr(class_of(structure), "ANSWERS", ()))


def is_lexicon(structure: object) -> bool:
    """True when ``structure`` (an instance, or a class) is a
    :class:`~lexibench.structures.protocol.Lexicon`: every registered structure that is not an
    index (some backends bind ``is_word`` per instance, so the class alone cannot show it)."""
    return not is_index(structure)


def alphabetical(structure: object) -> bool:
    """True when ``structure`` (an instance, or a class) lists every answer of its own in
    alphabetical order: its class says ``ALPHABETICAL = True``."""
    return getattr(class_of(structure), "ALPHABETICAL", False) is True


def answers(structure: object) -> tuple[str, ...]:
    """The query kinds ``structure`` (an instance, or a class) answers with methods of its own,
    in the order of :data:`QUERY_KINDS`.

    >>> from lexibench.structures.backends.alphagram_map import AlphagramMap
    >>> answers(AlphagramMap)
    ('anagram', 'family')
    """
    cls = class_of(structure)
    return tuple(kind for kind, members in QUERY_MEMBERS.items() if class_has(cls, members))


def check_kinds(kinds: Sequence[str]) -> None:
    """Raise ``ValueError`` for a name that is not one of :data:`QUERY_KINDS`."""
    unknown = [kind for kind in kinds if kind not in QUERY_KINDS]
    if unknown:
        raise ValueError(f"unknown query kinds {unknown}; known: {', '.join(QUERY_KINDS)}")
