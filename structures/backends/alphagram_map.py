"""``alphagram-map``: words keyed by their alphagram (their letters sorted), an index for the
``anagram`` query kind (MAGPIE's word map and wolges' KAD key words the same way)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

from lexibench.structures.queries import ALPHABET
from lexibench.structures.word_checks import unique_words


class AlphagramMap:
    """A ``dict`` from each alphagram (a word's characters, sorted) to the words spelled with
    exactly those characters: ``"aelst" -> ("least", "slate", "stale", "steal", "tales", ...)``.

    Not a lexicon: it cannot tell whether any word starts with a string short of scanning every
    key. It answers the ``anagram`` kind (:class:`~lexibench.structures.queries.AnagramQuery`).

    Cost: :meth:`anagrams` looks up every distinct sub-multiset of the tiles that is long enough,
    each once: at most 2**t for t tiles without blanks (128 for a rack of 7; fewer with repeated
    letters), and with b blanks each of them with up to b letters a-z added (for 5 tiles and 2
    blanks, about 9,000 distinct keys). Each look-up hashes a key of at most t + b characters.
    Build O(total characters x log): one sort per word. Memory: one key per distinct alphagram.

    Its example is the kind's (:class:`~lexibench.structures.queries.AnagramQuery`).
    """

    ANSWERS: ClassVar[tuple[str, ...]] = ("anagram",)
    """The query kinds this index answers."""

    def __init__(self, words: Iterable[str]) -> None:
        table: dict[str, list[str]] = {}
        unique = unique_words(words, "alphagram-map")
        for word in unique:
            table.setdefault("".join(sorted(word)), []).append(word)
        self._table = {key: tuple(group) for key, group in table.items()}
        self._count = len(unique)
        self._longest = max(map(len, unique), default=0)

    def __len__(self) -> int:
        return self._count

    def anagrams(self, letters: str, blanks: int, min_length: int = 1) -> list[str]:
        """Every stored word ``letters`` and ``blanks`` wildcards (a-z) can spell, of at least
        ``min_length`` characters (see the class docstring for the cost)."""
        counts = Counter(letters)
        blanks = max(blanks, 0)
        chars = sorted(set(counts) | set(ALPHABET)) if blanks else sorted(counts)
        left = [counts[ch] for ch in chars]  # real tiles left, by index in chars
        # the indices of chars with real tiles, from each index on (no blank left: only these)
        real = [k for k, ch in enumerate(chars) if counts[ch]]
        real_from = [tuple(k for k in real if k >= start) for start in range(len(chars))]
        longest = min(len(letters) + blanks, self._longest)
        found: list[str] = []
        table = self._table
        min_length = max(min_length, 1)

        def extend(key: str, start: int, blanks_left: int) -> None:
            """Look up ``key`` (sorted), then every key that adds characters from ``chars[start]``
            on: each distinct multiset is reached once, a real tile taken before a blank."""
            if len(key) >= min_length:
                group = table.get(key)
                if group:
                    found.extend(group)
            if len(key) == longest:
                return
            for k in range(start, len(chars)) if blanks_left else real_from[start]:
                have = left[k]
                if have:
                    left[k] = have - 1
                    extend(key + chars[k], k, blanks_left)
                    left[k] = have
                elif blanks_left:
                    extend(key + chars[k], k, blanks_left - 1)

        if longest >= min_length:
            extend("", 0, blanks)
        return found
