"""``letter-mask-map``: words keyed by the set of their letters as a bit mask, an index for the
``letterset`` query kind (the structure Spelling Bee solvers keep: a 26-bit mask per word)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from lexibench.structures.queries import ALPHABET
from lexibench.structures.word_checks import unique_words


class LetterMaskMap:
    """A ``dict`` from a letter mask (bit k set when the k-th letter occurs, a-z first, any other
    character given the next free bit) to the words with exactly that set of letters.

    Not a lexicon; it answers the ``letterset`` kind
    (:class:`~lexibench.structures.queries.LetterSetQuery`).

    Cost: :meth:`letterset_words` with ``f`` free letters (allowed but not required) looks up each
    of the 2**f masks between the required set and the allowed one (64 for Spelling Bee's seven
    letters and one centre), or scans the distinct masks once when there are fewer of those
    (``min(2**f, masks)`` steps), then filters the words found by length. Build O(total
    characters); memory one key per distinct letter set (about 100,000 for web2).

    >>> index = LetterMaskMap(["glad", "gala", "lag", "dog", "gallop"])
    >>> sorted(index.letterset_words("gadl", "g", min_length=4))
    ['gala', 'glad']
    """

    ANSWERS: ClassVar[tuple[str, ...]] = ("letterset",)
    """The query kinds this index answers."""

    def __init__(self, words: Iterable[str]) -> None:
        self._bits = {ch: 1 << k for k, ch in enumerate(ALPHABET)}
        table: dict[int, list[str]] = {}
        unique = unique_words(words, "letter-mask-map")
        for word in unique:
            table.setdefault(self._mask(word, grow=True), []).append(word)
        self._table = {mask: tuple(group) for mask, group in table.items()}
        self._count = len(unique)

    def __len__(self) -> int:
        return self._count

    def _mask(self, letters: str, grow: bool = False) -> int:
        """The mask of ``letters``; a character with no bit gets one when ``grow``, else -1 (no
        stored word has it)."""
        bits = self._bits
        mask = 0
        for ch in letters:
            bit = bits.get(ch)
            if bit is None:
                if not grow:
                    return -1
                bit = bits[ch] = 1 << len(bits)
            mask |= bit
        return mask

    def letterset_words(self, letters: str, required: str, min_length: int = 1) -> list[str]:
        """Every stored word of at least ``min_length`` characters made only of ``letters`` and
        containing every one of ``required`` (see the class docstring for the cost)."""
        need = self._mask(required)
        allowed = self._mask("".join(ch for ch in letters if ch in self._bits))
        if need < 0 or need & ~allowed:
            return []
        free = allowed & ~need
        table = self._table
        groups: list[tuple[str, ...]] = []
        if 1 << free.bit_count() <= len(table):
            sub = free
            while True:  # every subset of the free letters, with every required one
                group = table.get(need | sub)
                if group:
                    groups.append(group)
                if sub == 0:
                    break
                sub = (sub - 1) & free
        else:
            groups = [
                group
                for mask, group in table.items()
                if not mask & ~allowed and mask & need == need
            ]
        return [word for group in groups for word in group if len(word) >= min_length]
