"""``position-bitsets``: per word length, a bit set of the words with each letter at each position
(and with at least k copies of each letter), an index for the ``pattern`` and ``positions``
query kinds (the packed arrays crossword and Wordle solvers scan)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from lexibench.structures.queries import ALPHABET
from lexibench.structures.word_checks import letters_only, unique_words

_CODES = {ch: k for k, ch in enumerate(ALPHABET)}
#: bytes.translate tables: the letter k as b"1", every other byte as b"0"
_ONE_LETTER = [
    bytes(0x31 if byte == 97 + k else 0x30 for byte in range(256)) for k in range(len(ALPHABET))
]


@dataclass(frozen=True)
class _Group:
    """The words of one length and their bit sets (bit j: ``words[j]``)."""

    words: tuple[str, ...]
    every: int
    """All the group's bits."""
    at: tuple[tuple[int, ...], ...]
    """``at[i][c]``: the words with letter ``c`` (0 for a) at position ``i``."""
    at_least: tuple[tuple[int, ...], ...]
    """``at_least[c][k]``: the words with at least ``k`` copies of letter ``c`` (k from 0; the
    tuple ends at the largest count any word has)."""

    def members(self, bits: int) -> list[str]:
        """The words whose bits are set in ``bits``: O(group size / 64 + answer)."""
        text = bin(bits)
        top = len(text) - 1
        words = self.words
        found: list[str] = []
        i = text.find("1", 2)
        while i >= 0:
            found.append(words[top - i])
            i = text.find("1", i + 1)
        return found

    def count_bounds(
        self, bits: int, at_least: Mapping[str, int], at_most: Mapping[str, int]
    ) -> int:
        """``bits`` narrowed to the words with at least ``at_least[c]`` and at most
        ``at_most[c]`` copies of each letter named."""
        for ch, low in at_least.items():
            if low > 0:
                code = _CODES.get(ch)
                if code is None or low >= len(self.at_least[code]):
                    return 0
                bits &= self.at_least[code][low]
        for ch, high in at_most.items():
            code = _CODES.get(ch)
            if code is None:
                continue
            if high < 0:
                return 0
            if high + 1 < len(self.at_least[code]):
                bits &= ~self.at_least[code][high + 1]
        return bits


def _group(words: list[str]) -> _Group:
    """The bit sets of ``words``, all of one length: each position's column of letters as bytes,
    translated to a string of 0s and 1s per letter, read as a binary number (no Python loop per
    word and letter)."""
    words.sort()
    length = len(words[0])
    at = []
    for i in range(length):
        column = "".join(word[i] for word in words).encode("ascii")[::-1]  # bit j: words[j]
        at.append(tuple(int(column.translate(table), 2) for table in _ONE_LETTER))
    every = (1 << len(words)) - 1
    at_least = []
    for code in range(len(ALPHABET)):
        counts = [every]  # at least 0 copies: every word
        for i in range(length):  # after position i: at least k copies among positions 0..i
            here = at[i][code]
            if not here:
                continue
            counts.append(0)
            for k in range(len(counts) - 1, 0, -1):
                counts[k] |= counts[k - 1] & here
        while len(counts) > 1 and not counts[-1]:
            counts.pop()
        at_least.append(tuple(counts))
    return _Group(tuple(words), every, tuple(at), tuple(at_least))


class PositionBitsets:
    """For each word length L: the words of that length, sorted, and per position ``i`` and letter
    ``c`` a bit set (a Python ``int``, bit j for the j-th word) of the words with ``c`` at ``i``;
    per letter ``c`` and count ``k``, the bit set of the words with at least ``k`` copies.

    Not a lexicon; it answers the ``pattern`` and ``positions`` kinds
    (:class:`~lexibench.structures.queries.PatternQuery`,
    :class:`~lexibench.structures.queries.PositionsQuery`). Only the letters a-z can be stored.

    Cost: :meth:`positions_words` ANDs one bit set per constrained position (the OR of the
    allowed letters' sets, or the complement of the others') and one per letter bound, each
    O(n_L / 64) machine words for the n_L words of that length, then lists the answer's bits:
    O(n_L / 64 + answer). :meth:`pattern_words` without ``*`` is one such query; with ``*`` it is
    one per word length the pattern can reach (the letters before the first ``*`` counted from
    the left, those after the last from the right), and with more than one ``*`` the letters
    between them are checked on the candidates with a regular expression. Build O(total letters)
    in C-level passes (a ``bytes.translate`` per position and letter); memory 26 bits per stored
    letter, about 7 MB for web2.

    >>> index = PositionBitsets(["crane", "crate", "trace", "cat"])
    >>> sorted(index.pattern_words("cra?e")), sorted(index.pattern_words("*e"))
    (['crane', 'crate'], ['crane', 'crate', 'trace'])
    >>> index.positions_words(["c", "r", "a", "nt", "e"], {"t": 1}, {})
    ['crate']
    """

    ANSWERS: ClassVar[tuple[str, ...]] = ("pattern", "positions")
    LETTERS_ONLY: ClassVar[bool] = True
    """The query kinds this index answers."""

    def __init__(self, words: Iterable[str]) -> None:
        by_length: dict[int, list[str]] = {}
        unique = unique_words(words, "position-bitsets")
        for word in unique:
            by_length.setdefault(len(letters_only(word, "position-bitsets")), []).append(word)
        self._groups = {length: _group(group) for length, group in sorted(by_length.items())}
        self._count = len(unique)

    def __len__(self) -> int:
        return self._count

    def _positions(self, group: _Group, allowed: Sequence[str]) -> int:
        """The group's words with one of ``allowed[i]`` at every position ``i``."""
        bits = group.every
        for i, letters in enumerate(allowed):
            codes = {_CODES[ch] for ch in letters if ch in _CODES}
            if len(codes) == len(ALPHABET):
                continue
            at = group.at[i]
            column = 0
            if 2 * len(codes) <= len(ALPHABET):
                for code in codes:
                    column |= at[code]
                bits &= column
            else:  # each word has one letter there: drop the others
                for code in range(len(ALPHABET)):
                    if code not in codes:
                        column |= at[code]
                bits &= ~column
            if not bits:
                break
        return bits

    def positions_words(
        self, allowed: Sequence[str], at_least: Mapping[str, int], at_most: Mapping[str, int]
    ) -> list[str]:
        """Every stored word of ``len(allowed)`` letters with one of ``allowed[i]`` at each
        position ``i`` and within the letter bounds (see the class docstring for the cost)."""
        group = self._groups.get(len(allowed))
        if group is None:
            return []
        bits = self._positions(group, allowed)
        if bits:
            bits = group.count_bounds(bits, at_least, at_most)
        return group.members(bits) if bits else []

    def pattern_words(self, pattern: str) -> list[str]:
        """Every stored word ``pattern`` (``?`` one letter, ``*`` any letters) matches as a whole
        (see the class docstring for the cost)."""
        parts = pattern.split("*")
        head, tail = parts[0], parts[-1] if len(parts) > 1 else ""
        if len(parts) == 1:
            group = self._groups.get(len(head))
            if group is None:
                return []
            bits = self._positions(group, [ALPHABET if ch == "?" else ch for ch in head])
            return group.members(bits) if bits else []
        middle = "".join(parts[1:-1])
        fixed = len(head) + len(tail)
        shortest = fixed + len(middle)
        check = None
        needed: dict[str, int] = {}
        if any(parts[1:-1]):  # letters between two stars: counted here, placed by a regex
            check = re.compile(
                ".*".join(".".join(map(re.escape, p.split("?"))) for p in parts), re.DOTALL
            ).fullmatch
            for ch in middle.replace("?", "") + (head + tail).replace("?", ""):
                needed[ch] = needed.get(ch, 0) + 1
        found: list[str] = []
        for length, group in self._groups.items():
            if length < shortest:
                continue
            spots = [ALPHABET] * length
            for i, ch in enumerate(head):
                if ch != "?":
                    spots[i] = ch
            for i, ch in enumerate(tail, length - len(tail)):
                if ch != "?":
                    spots[i] = ch
            bits = self._positions(group, spots)
            if bits and needed:
                bits = group.count_bounds(bits, needed, {})
            if bits:
                words = group.members(bits)
                found.extend(words if check is None else [w for w in words if check(w)])
        return found
