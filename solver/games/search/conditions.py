"""The conditions of a word search, as typed objects (what ``lexibench search`` asks of each word).

Each condition is one argument, ``NAME:VALUE`` (the name in any case), and holds for a word when:

=========================== ========================================================================
``pattern:P``               P matches the word whole, letter for letter: a-z itself; ``?`` or ``.``
                            any one letter; ``@`` one vowel (a e i o u); ``#`` one consonant (any
                            other letter, y included); ``[abc]`` one of those letters, ``[a-e]`` a
                            range; ``[!abc]`` one letter not among them; ``*`` any run of letters,
                            possibly empty
``anagram:R``               the word uses exactly the tiles of R, ``?`` a blank for any letter
``subanagram:R``            the word can be made from some of the tiles of R (``?`` a blank)
``length:N``, ``length:A-B`` the word has N letters, or A to B
``prefix:S``, ``suffix:S``  the word begins, or ends, with S
``contains:LETTERS``        the word holds each given letter at least as often as given
``fronthooks:A-B``          that many letters x make xW a word of the list (``backhooks``: Wx)
``anagrams:A-B``            the word has that many anagrams in the list, itself included
``points:A-B``              the word scores that many points by the tiles' values
``not:CONDITION``           CONDITION fails
=========================== ========================================================================

N, A and B are whole numbers; a range may leave one end open (``length:7-``, ``points:-10``), and
every range condition takes a single number too (``fronthooks:0``). Letters are taken in any case.
The grammar that reads them, and refuses a malformed one in one line naming the condition and the
position of the character at fault, is :mod:`.grammar`.

A condition knows whether it holds for a word alone (:meth:`Condition.holds`) when that needs
nothing but the word; hooks and anagram counts need the word list (:attr:`Condition.intrinsic`
False), and are answered by a structure (:mod:`.asking`) or, in the reference, by the list itself.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from itertools import filterfalse
from operator import methodcaller
from typing import Final

from lexibench.structures.queries import ALPHABET

VOWELS: Final = "aeiou"
CONSONANTS: Final = "".join(ch for ch in ALPHABET if ch not in VOWELS)
#: The most elements a pattern holds (its stars apart), letters a prefix, suffix or contains holds.
MAX_LETTERS: Final = 64


@dataclass(frozen=True)
class Span:
    """A range of whole numbers, both ends included; None leaves an end open."""

    low: int | None
    high: int | None

    def holds(self, n: int) -> bool:
        """True when ``n`` lies in the range."""
        return (self.low is None or n >= self.low) and (self.high is None or n <= self.high)

    @property
    def text(self) -> str:
        """As written: ``7``, ``7-``, ``-10`` or ``2-5``."""
        if self.low is not None and self.low == self.high:
            return str(self.low)
        return f"{'' if self.low is None else self.low}-{'' if self.high is None else self.high}"

    def bounds(self, top: int) -> tuple[int, int]:
        """``(low, high)`` with the open ends made 0 and ``top``."""
        return (0 if self.low is None else self.low, top if self.high is None else self.high)

    def complement(self) -> tuple[Span, ...]:
        """The ranges of the whole numbers from 0 that are not in this one (none, one or two)."""
        out: list[Span] = []
        if self.low is not None and self.low > 0:
            out.append(Span(0, self.low - 1))
        if self.high is not None:
            out.append(Span(self.high + 1, None))
        return tuple(out)


@dataclass(frozen=True)
class Condition:
    """One condition; :attr:`text` is how it reads, normalized (lower case, a run of stars one)."""

    text: str

    @property
    def name(self) -> str:
        """The condition's name (``pattern``, ``not``, ...)."""
        return self.text.partition(":")[0]

    @property
    def intrinsic(self) -> bool:
        """True when whether it holds follows from the word alone (:meth:`holds`)."""
        return True

    def holds(self, word: str) -> bool:
        """True when the condition holds for ``word`` (an intrinsic condition)."""
        raise NotImplementedError(f"{self.name} needs the word list")

    def keep(self, words: list[str], fails: bool = False) -> list[str]:
        """The words of ``words`` it holds for (``fails``: those it does not hold for), by
        :meth:`holds`; a condition whose test runs in C (a regular expression, a prefix, a
        length) keeps them without a Python call per word."""
        holds = self.holds
        return [w for w in words if holds(w) is not fails]


@dataclass(frozen=True, kw_only=True)
class Pattern(Condition):
    """``pattern:P``: ``parts`` are the letters allowed at one position (a string, sorted) or
    None for a star; never two stars in a row."""

    parts: tuple[str | None, ...]

    @cached_property
    def plain(self) -> str | None:
        """The pattern in the ``pattern`` query kind's terms (letters, ``?``, ``*``) when every
        position allows one letter or every letter; None when it has a class."""
        out = []
        for part in self.parts:
            if part is None:
                out.append("*")
            elif part == ALPHABET:
                out.append("?")
            elif len(part) == 1:
                out.append(part)
            else:
                return None
        return "".join(out)

    @cached_property
    def loose(self) -> str:
        """The pattern with every class made ``?``: it matches every word this one does."""
        return "".join("*" if p is None else p if len(p) == 1 else "?" for p in self.parts)

    @cached_property
    def regex(self) -> re.Pattern[str]:
        """The pattern as a regular expression over a-z."""
        return re.compile(
            "".join("[a-z]*" if p is None else f"[{p}]" if len(p) > 1 else p for p in self.parts)
        )

    def holds(self, word: str) -> bool:
        return self.regex.fullmatch(word) is not None

    def keep(self, words: list[str], fails: bool = False) -> list[str]:
        return list((filterfalse if fails else filter)(self.regex.fullmatch, words))


@dataclass(frozen=True, kw_only=True)
class Anagram(Condition):
    """``anagram:R`` (``full``) or ``subanagram:R``: ``letters`` the real tiles, sorted."""

    letters: str
    blanks: int
    full: bool

    @property
    def tiles(self) -> int:
        """Tiles in all, blanks included."""
        return len(self.letters) + self.blanks

    @cached_property
    def counts(self) -> Counter[str]:
        """The real tiles by letter."""
        return Counter(self.letters)

    def blank_letters(self, word: str) -> str | None:
        """The letters the blanks stand for in ``word`` (each letter takes the real tiles from
        its first occurrence on, blanks beyond them: in the order of their positions), or None
        when the tiles cannot spell it."""
        left = dict(self.counts)
        blanks = ""
        for ch in word:
            have = left.get(ch, 0)
            if have:
                left[ch] = have - 1
            elif len(blanks) < self.blanks:
                blanks += ch
            else:
                return None
        return blanks

    def holds(self, word: str) -> bool:
        if self.full and len(word) != self.tiles:
            return False
        return self.blank_letters(word) is not None


@dataclass(frozen=True, kw_only=True)
class Length(Condition):
    """``length:N`` or ``length:A-B``."""

    span: Span

    def holds(self, word: str) -> bool:
        return self.span.holds(len(word))

    def keep(self, words: list[str], fails: bool = False) -> list[str]:
        low, high = self.span.bounds(1 << 30)
        if fails:
            return [w for w in words if not low <= len(w) <= high]
        return [w for w in words if low <= len(w) <= high]


@dataclass(frozen=True, kw_only=True)
class Affix(Condition):
    """``prefix:S`` (``front``) or ``suffix:S``."""

    letters: str
    front: bool

    @property
    def pattern(self) -> str:
        """The ``pattern`` kind's form: ``S*`` or ``*S``."""
        return f"{self.letters}*" if self.front else f"*{self.letters}"

    def holds(self, word: str) -> bool:
        return word.startswith(self.letters) if self.front else word.endswith(self.letters)

    def keep(self, words: list[str], fails: bool = False) -> list[str]:
        test = methodcaller("startswith" if self.front else "endswith", self.letters)
        return list((filterfalse if fails else filter)(test, words))


@dataclass(frozen=True, kw_only=True)
class Contains(Condition):
    """``contains:LETTERS``: ``counts`` the copies each letter needs, by letter."""

    counts: tuple[tuple[str, int], ...]

    def holds(self, word: str) -> bool:
        return all(word.count(ch) >= n for ch, n in self.counts)


@dataclass(frozen=True, kw_only=True)
class Hooks(Condition):
    """``fronthooks:A-B`` (``front``) or ``backhooks:A-B``."""

    span: Span
    front: bool

    @property
    def intrinsic(self) -> bool:
        return False


@dataclass(frozen=True, kw_only=True)
class Family(Condition):
    """``anagrams:A-B``: the word's anagrams in the list, itself included."""

    span: Span

    @property
    def intrinsic(self) -> bool:
        return False


@dataclass(frozen=True, kw_only=True)
class Points(Condition):
    """``points:A-B``: the sum of the word's tiles' values (``values``: per letter a-z)."""

    span: Span
    values: tuple[int, ...] = field(repr=False)

    def score(self, word: str) -> int:
        """The word's points."""
        values = self.values
        return sum(values[ord(ch) - 97] for ch in word)

    def holds(self, word: str) -> bool:
        return self.span.holds(self.score(word))

    def keep(self, words: list[str], fails: bool = False) -> list[str]:
        low, high = self.span.bounds(1 << 30)
        if max(self.values) < 256 and min(self.values) >= 0:  # each word's bytes made values
            table = bytes(self.values[b - 97] if 97 <= b <= 122 else 0 for b in range(256))
            scores = map(sum, (w.encode().translate(table) for w in words))
            kept = zip(words, scores, strict=True)
            return [w for w, n in kept if (low <= n <= high) is not fails]
        return super().keep(words, fails)


@dataclass(frozen=True, kw_only=True)
class Not(Condition):
    """``not:CONDITION``."""

    inner: Condition

    @property
    def intrinsic(self) -> bool:
        return self.inner.intrinsic

    def holds(self, word: str) -> bool:
        return not self.inner.holds(word)

    def keep(self, words: list[str], fails: bool = False) -> list[str]:
        return self.inner.keep(words, not fails)
