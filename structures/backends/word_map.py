"""``word-map``: MAGPIE's word map as an index for the ``anagram`` kind: every word keyed by its
multiset of letters, built in C from the words' KWG (:mod:`structures.backends.kwg.wordmap`), the
same table the crossword game's native tier spells its moves from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from lexibench.structures.backends.kwg.lexicon import KwgLexicon
from lexibench.structures.errors import UnstorableWordError
from lexibench.structures.queries import ALPHABET
from lexibench.structures.word_checks import unique_words

if TYPE_CHECKING:
    from lexibench.structures.backends.kwg.wordmap import WordMap

#: The longest word the map keys (no board is wider); longer words are kept aside.
LONGEST = 21


class WordMapIndex:
    """The words by their multiset of letters, in C: one look-up gives the words a set of tiles
    spells, and the blanks' table the letters a blank may stand for.

    Not a lexicon: like ``alphagram-map`` it cannot tell whether any word starts with a string. It
    answers the ``anagram`` kind (:class:`~lexibench.structures.queries.AnagramQuery`). Its words
    are a-z (a KWG's tiles); any other word is refused with
    :class:`~structures.errors.UnstorableWordError`.

    Cost: :meth:`anagrams` visits every distinct sub-multiset of the letters that is long enough,
    each once: at most 2**t for t tiles (128 for a rack of 7). With blanks, a sub-multiset takes
    one blank look-up for the letters that complete a word (not one key per letter, as an
    alphagram map tries), then one group look-up per letter found; two blanks, 26 blank look-ups
    first. Each look-up hashes a 104-bit key in C. Build: the KWG of the words, then the map (a
    walk and a sort of the words, in C). Memory: the map's tables (24 bytes per group slot and 16
    per blank slot, at most half full) and the words' letters; words over 21 letters, or
    repeating a letter 16 times, are kept aside in a list and checked one by one.

    Its example is the kind's (:class:`~lexibench.structures.queries.AnagramQuery`).
    """

    ANSWERS: ClassVar[tuple[str, ...]] = ("anagram",)
    """The query kinds this index answers."""

    def __init__(self, words: Iterable[str]) -> None:
        unique = unique_words(words, "word-map")
        for word in unique:
            if not (word.isascii() and word.isalpha() and word.islower()):
                raise UnstorableWordError("word-map", word, "its keys are the letters a-z")
        self._aside = [w for w in unique if len(w) > LONGEST or max(Counter(w).values()) > 15]
        self._map: WordMap = KwgLexicon(unique).word_map()
        self._count = len(unique)
        self._longest = min(max(map(len, unique), default=0), LONGEST)

    def __len__(self) -> int:
        return self._count

    def anagrams(self, letters: str, blanks: int, min_length: int = 1) -> list[str]:
        """Every stored word ``letters`` and ``blanks`` wildcards (a-z) can spell, of at least
        ``min_length`` characters (see the class docstring for the cost)."""
        have = Counter(ch for ch in letters if "a" <= ch <= "z")
        blanks = max(blanks, 0)
        min_length = max(min_length, 1)
        chars = sorted(have)
        longest = min(sum(have.values()) + blanks, self._longest)
        used: Counter[str] = Counter()
        found: list[str] = []
        index = self._map

        def spell(key: str, blanks_left: int, smallest: str) -> None:
            """The words of ``key`` with ``blanks_left`` more letters, each at least
            ``smallest``, a blank never standing for a letter a real tile could still be."""
            if blanks_left == 0:
                found.extend(index.anagrams(key))
                return
            if blanks_left == 1:
                for ch in index.completions(key):
                    if ch >= smallest and used[ch] == have[ch]:
                        found.extend(index.anagrams(key + ch))
                return
            for ch in ALPHABET:
                if ch >= smallest and used[ch] == have[ch]:
                    spell(key + ch, blanks_left - 1, ch)

        def extend(key: str, start: int) -> None:
            """Every sub-multiset of the letters from ``chars[start]`` on, added to ``key``."""
            for b in range(blanks + 1):
                if min_length <= len(key) + b <= longest:
                    spell(key, b, "a")
            if len(key) >= longest:
                return
            for k in range(start, len(chars)):
                ch = chars[k]
                if used[ch] < have[ch]:
                    used[ch] += 1
                    extend(key + ch, k)
                    used[ch] -= 1

        extend("", 0)
        short = sum(have.values()) + blanks
        for word in self._aside:
            need = sum(max(0, n - have[ch]) for ch, n in Counter(word).items())
            if len(word) >= min_length and need <= blanks and len(word) <= short:
                found.append(word)
        return found
