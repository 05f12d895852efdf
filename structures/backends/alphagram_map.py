"""``alphagram-map``: words keyed by their alphagram (their letters sorted), an index for the
``anagram`` and ``family`` query kinds (MAGPIE's word map and wolges' KAD key words the same
way; a key's words are one another's anagrams)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cached_property
from typing import ClassVar

from lexibench.structures.queries import ALPHABET
from lexibench.structures.word_checks import unique_words


class AlphagramMap:
    """A ``dict`` from each alphagram (a word's characters, sorted) to the words spelled with
    exactly those characters: ``"aelst" -> ("least", "slate", "stale", "steal", "tales", ...)``.

    Not a lexicon: it cannot tell whether any word starts with a string short of scanning every
    key. It answers the ``anagram`` kind (:class:`~lexibench.structures.queries.AnagramQuery`) and
    the ``family`` kind (:class:`~lexibench.structures.queries.FamilyQuery`): a key's words are
    each one's anagrams.

    Cost: :meth:`anagrams` looks up every distinct sub-multiset of the tiles that is long enough,
    each once: at most 2**t for t tiles without blanks (128 for a rack of 7; fewer with repeated
    letters), and with b blanks each of them with up to b letters a-z added (for 5 tiles and 2
    blanks, about 9,000 distinct keys). Each look-up hashes a key of at most t + b characters.
    :meth:`family_words` lists the keys' words grouped by their number (grouped on the first
    such query, one pass over the keys): O(answer). Build O(total characters x log): one sort
    per word. Memory: one key per distinct alphagram.

    Its ``anagram`` example is the kind's (:class:`~lexibench.structures.queries.AnagramQuery`).

    >>> index = AlphagramMap(["east", "seat", "teas", "eat", "tea", "at"])
    >>> sorted(index.family_words(2, 2)), index.estimate("family", 3, 9)
    (['eat', 'tea'], 3)
    """

    ANSWERS: ClassVar[tuple[str, ...]] = ("anagram", "family")
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

    @cached_property
    def _by_family(self) -> dict[int, list[str]]:
        """The words by the number of words of their key: one pass over the keys, made once."""
        by_size: dict[int, list[str]] = {}
        for group in self._table.values():
            by_size.setdefault(len(group), []).extend(group)
        return by_size

    def family_words(self, fewest: int, most: int) -> list[str]:
        """Every stored word with ``fewest`` to ``most`` anagrams, itself included (see the
        class docstring for the cost)."""
        found: list[str] = []
        for size, words in self._by_family.items():
            if fewest <= size <= most:
                found.extend(words)
        return found

    def estimate(self, kind: str, *arguments: object) -> int | None:
        """How many words a ``family`` query answers (the groups' sizes added); None for an
        ``anagram`` query, which costs about what answering it does."""
        if kind != "family":
            return None
        fewest, most = (int(a) for a in arguments)  # type: ignore[call-overload]
        return sum(len(words) for size, words in self._by_family.items() if fewest <= size <= most)
