"""``position-bitsets``: per word length, a bit set of the words with each letter at each position
(and with at least k copies of each letter), an index for the ``anagram``, ``pattern``,
``positions``, ``classes``, ``length``, ``contains``, ``hooks``, ``family`` and ``weight`` query
kinds (the packed arrays crossword and Wordle solvers scan; a word search ANDs them)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import compress
from typing import ClassVar

from lexibench.structures.bit_slices import add, planes_of, unary_total, within
from lexibench.structures.builds import compiled
from lexibench.structures.queries import ALPHABET, QUERY_KINDS
from lexibench.structures.word_checks import letters_only, unique_words

#: The listing of an answer in the words' order, in C (None where it is not compiled: each
#: length's words are then listed and sorted).
_IN_ORDER = compiled("lexibench.structures.backends.bitset_order").get("in_order")
#: An answer of fewer words is listed by length and sorted; of more, read in order (a pass over
#: every word, which costs what sorting about this many does).
SPARSE = 2048

_CODES = {ch: k for k, ch in enumerate(ALPHABET)}
#: bytes.translate tables: the letter k as b"1", every other byte as b"0"
_ONE_LETTER = [
    bytes(0x31 if byte == 97 + k else 0x30 for byte in range(256)) for k in range(len(ALPHABET))
]
#: b"0" and b"1" as the bytes 0 and 1: a bit set's digits as ``compress``'s selectors
_SELECTORS = bytes.maketrans(b"01", b"\x00\x01")

Selection = Iterator[tuple["_Group", int, "re.Pattern[str] | None"]]
"""Per group: the bits of its words a query keeps, and a regular expression they must match too
(None: none)."""


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
    backwards: tuple[str, ...]
    """The words, last first: in the order of ``bin()``'s digits."""

    def members(self, bits: int) -> list[str]:
        """The words whose bits are set in ``bits``: O(group size / 64 + answer); one run of
        bits (a prefix's words, the words being sorted) is a slice of the words, a dense answer
        is read by ``compress`` over the bits' digits (the top bit, the last word, first), a
        sparse one by finding each 1."""
        if not bits:
            return []
        low = (bits & -bits).bit_length() - 1
        high = bits.bit_length()
        if bits == (1 << high) - (1 << low):  # the whole group among them
            return list(self.words[low:high])
        text = bin(bits)
        if 16 * bits.bit_count() > len(self.words):
            digits = text[2:].zfill(len(self.words)).encode().translate(_SELECTORS)
            dense = list(compress(self.backwards, digits))
            dense.reverse()
            return dense
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

    def weights(self, values: Sequence[int]) -> list[int]:
        """The planes (:mod:`~lexibench.structures.bit_slices`) of each word's sum of its
        letters' ``values`` (per letter a-z, each at least 0): per position, the words by the
        value of their letter there, added bit-sliced."""
        by_value: dict[int, list[int]] = {}
        for code, value in enumerate(values):
            if value > 0:
                by_value.setdefault(value, []).append(code)
        total: list[int] = []
        for column in self.at:
            words_of = {v: _union(column[c] for c in codes) for v, codes in by_value.items()}
            planes = [
                _union(bits for v, bits in words_of.items() if (v >> j) & 1)
                for j in range(max(by_value, default=0).bit_length())
            ]
            total = add(total, planes)
        return total


@lru_cache(maxsize=1024)
def _codes(letters: str) -> frozenset[int]:
    """The codes (0 for a) of the letters a-z among ``letters``, once per string (a pattern asks
    the same classes, ``?`` most of all, at every position of every length)."""
    return frozenset(_CODES[ch] for ch in letters if ch in _CODES)


def _union(bit_sets: Iterable[int]) -> int:
    out = 0
    for bits in bit_sets:
        out |= bits
    return out


def _group(words: list[str]) -> _Group:
    """The bit sets of ``words``, all of one length and sorted: each position's column of
    letters as bytes, translated to a string of 0s and 1s per letter, read as a binary number
    (no Python loop per word and letter)."""
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
    return _Group(tuple(words), every, tuple(at), tuple(at_least), tuple(reversed(words)))


def _regex(segments: Sequence[Sequence[str]]) -> re.Pattern[str]:
    """The segments (each a run of letter sets) joined by stars, as a regular expression."""

    def one(part: str) -> str:
        if not part:
            return "(?!)"
        return re.escape(part) if len(part) == 1 else "[" + "".join(map(re.escape, part)) + "]"

    return re.compile(".*".join("".join(map(one, segment)) for segment in segments), re.DOTALL)


class PositionBitsets:
    """For each word length L: the words of that length, sorted, and per position ``i`` and letter
    ``c`` a bit set (a Python ``int``, bit j for the j-th word) of the words with ``c`` at ``i``;
    per letter ``c`` and count ``k``, the bit set of the words with at least ``k`` copies; and,
    made on the first query that needs them, each word's front and back hooks and its anagrams
    counted, bit-sliced (:mod:`~lexibench.structures.bit_slices`: bit plane j of every word's
    count in one int).

    Not a lexicon; it answers the ``anagram``, ``pattern``, ``positions``, ``classes``,
    ``length``, ``contains``, ``hooks``, ``family`` and ``weight`` kinds
    (:mod:`~lexibench.structures.queries`), says how many words a query of each would answer
    (:meth:`estimate`: the bits counted, none listed) and which words it would not
    (:meth:`outside`: the bits complemented). Only the letters a-z can be stored.

    Cost: :meth:`positions_words` ANDs one bit set per constrained position (the OR of the
    allowed letters' sets, or the complement of the others') and one per letter bound, each
    O(n_L / 64) machine words for the n_L words of that length, then lists the answer's bits:
    O(n_L / 64 + answer). :meth:`anagrams` keeps, per length up to the tiles', the words whose
    letters beyond the tiles of each number no more than the blanks: the excess of each letter
    read from its copies' bit sets and added in unary (at most blanks + 1 planes), whatever the
    number of tiles (a rack of 15 with two blanks costs what one of 7 does).
    :meth:`pattern_words` and :meth:`class_pattern_words` without ``*`` are one such query;
    with ``*`` one per word length the pattern can reach (the positions before the first ``*``
    counted from the left, those after the last from the right), and with more than one ``*``
    the parts between them are checked on the candidates with a regular expression.
    :meth:`length_words` lists whole groups; :meth:`containing_words` ANDs one count's bit set
    per letter and group; :meth:`hooked_words` and :meth:`family_words` compare
    the bit-sliced counts with the bounds, a few big-integer operations per bit plane and group;
    :meth:`weighted_words` adds each position's values bit-sliced (per position an OR per letter
    and per bit of the values; the sums of the last weighting asked are kept), then compares.
    Every answer is listed in alphabetical order (``ALPHABETICAL``): one of :data:`SPARSE` words
    or more is read in order in one pass over every word in C (each length's bits, the words
    of that length counted as the pass meets them: ``bitset_order.in_order``), a smaller one is
    listed by length and sorted. Build O(total letters) in C-level passes (a
    ``bytes.translate`` per position and letter) after one sort of the words; the hooks and the
    anagram counts, when first asked, a set look-up per word and a sort of each word's letters.
    Memory 26 bits per stored letter, about 7 MB for web2, and a few bits per word for the
    counts.

    >>> index = PositionBitsets(["crane", "crate", "trace", "cat", "cats", "scat"])
    >>> sorted(index.pattern_words("cra?e")), sorted(index.pattern_words("*e"))
    (['crane', 'crate'], ['crane', 'crate', 'trace'])
    >>> index.positions_words(["c", "r", "a", "nt", "e"], {"t": 1}, {})
    ['crate']
    >>> index.hook_letters("cat"), sorted(index.family_words(2, 9))
    (('s', 's'), ['cats', 'crate', 'scat', 'trace'])
    """

    ANSWERS: ClassVar[tuple[str, ...]] = tuple(kind for kind in QUERY_KINDS if kind != "letterset")
    """The query kinds this index answers: every one but ``letterset`` (the letter-mask map's)."""
    LETTERS_ONLY: ClassVar[bool] = True

    ALPHABETICAL: ClassVar[bool] = True
    """Its answers (and :meth:`outside`'s) list the words in alphabetical order."""

    def __init__(self, words: Iterable[str]) -> None:
        by_length: dict[int, list[str]] = {}
        unique = unique_words(words, "position-bitsets")
        for word in unique:
            letters_only(word, "position-bitsets")
        unique.sort()  # each length's words then come sorted, and the lengths list in order
        for word in unique:
            by_length.setdefault(len(word), []).append(word)
        self._groups = {length: _group(group) for length, group in sorted(by_length.items())}
        self._count = len(unique)
        self._kept_sums: tuple[tuple[int, ...], dict[int, list[int]]] | None = None
        # every word in order and its length: a broad answer read in order (_IN_ORDER)
        self._words = unique
        self._lengths = bytes(map(len, unique)) if max(by_length, default=0) < 256 else None

    def __len__(self) -> int:
        return self._count

    # ---- reading the bits -------------------------------------------------------------------

    def _listed(self, selection: Selection) -> list[str]:
        """The words of ``selection``, in alphabetical order."""
        chosen = [(group, bits, check) for group, bits, check in selection if bits]
        if all(check is None for _, _, check in chosen):
            found = self._in_order([(group, bits) for group, bits, _ in chosen])
            if found is not None:
                return found
        found = []
        for group, bits, check in chosen:
            words = group.members(bits)
            found.extend(words if check is None else [w for w in words if check.fullmatch(w)])
        found.sort()
        return found

    def _in_order(self, chosen: Sequence[tuple[_Group, int]]) -> list[str] | None:
        """The words of the groups' bits, read in order in one pass over every word
        (``_IN_ORDER``); None for an answer of fewer than :data:`SPARSE` words, which sorting
        lists faster, or where that pass is not compiled."""
        if _IN_ORDER is None or self._lengths is None:
            return None
        if sum(bits.bit_count() for _, bits in chosen) < SPARSE:
            return None
        masks: list[bytes | None] = [None] * 256
        for group, bits in chosen:
            masks[len(group.words[0])] = bits.to_bytes((len(group.words) + 7) // 8, "little")
        found: list[str] = _IN_ORDER(masks, self._lengths, self._words)
        return found

    def _selection(self, kind: str, arguments: tuple[object, ...]) -> Selection | None:
        select = {
            "anagram": self._anagram,
            "pattern": self._pattern,
            "classes": self._classes,
            "positions": self._positions_selection,
            "length": self._length,
            "contains": self._contains,
            "hooks": self._hooked,
            "family": self._family,
            "weight": self._weighted,
        }.get(kind)
        return None if select is None else select(*arguments)  # type: ignore[operator]

    def estimate(self, kind: str, *arguments: object) -> int | None:
        """How many words the ``kind`` query with ``arguments`` answers: its bits counted, none
        listed (exact but for the parts between two stars of a class pattern, placed by no
        bit set); None for a kind it does not answer."""
        selection = self._selection(kind, arguments)
        if selection is None:
            return None
        return sum(bits.bit_count() for _, bits, _ in selection)

    def outside(self, kind: str, *arguments: object) -> list[str]:
        """Every stored word the ``kind`` query with ``arguments`` does not answer: each group's
        bits complemented (and the words of the groups the query cannot reach), O(n / 64 +
        answer) as the query itself."""
        selection = self._selection(kind, arguments)
        if selection is None:
            raise ValueError(f"position-bitsets answers no {kind!r} query")
        chosen = {len(group.words[0]): (group, bits, check) for group, bits, check in selection}
        if all(check is None for _, _, check in chosen.values()):
            rest = [
                (group, group.every & ~chosen[length][1] if length in chosen else group.every)
                for length, group in self._groups.items()
            ]
            ordered = self._in_order(rest)
            if ordered is not None:
                return ordered
        found: list[str] = []
        for length, group in self._groups.items():
            if length not in chosen:
                found.extend(group.words)
                continue
            _, bits, check = chosen[length]
            rest_bits = group.every & ~bits
            if rest_bits:
                found.extend(group.members(rest_bits))
            if check is not None and bits:
                found.extend(w for w in group.members(bits) if not check.fullmatch(w))
        found.sort()
        return found

    def _contains_word(self, word: str) -> bool:
        group = self._groups.get(len(word))
        if group is None:
            return False
        at = bisect_left(group.words, word)
        return at < len(group.words) and group.words[at] == word

    # ---- positions, patterns and classes ----------------------------------------------------

    def _positions(self, group: _Group, allowed: Sequence[str]) -> int:
        """The group's words with one of ``allowed[i]`` at every position ``i``."""
        bits = group.every
        for i, letters in enumerate(allowed):
            codes = _codes(letters)
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

    def _positions_selection(
        self, allowed: Sequence[str], at_least: Mapping[str, int], at_most: Mapping[str, int]
    ) -> Selection:
        group = self._groups.get(len(allowed))
        if group is not None:
            bits = self._positions(group, allowed)
            yield group, group.count_bounds(bits, at_least, at_most) if bits else 0, None

    def positions_words(
        self, allowed: Sequence[str], at_least: Mapping[str, int], at_most: Mapping[str, int]
    ) -> list[str]:
        """Every stored word of ``len(allowed)`` letters with one of ``allowed[i]`` at each
        position ``i`` and within the letter bounds (see the class docstring for the cost)."""
        return self._listed(self._positions_selection(allowed, at_least, at_most))

    def _classes(self, parts: Sequence[str | None]) -> Selection:
        segments: list[list[str]] = [[]]
        for part in parts:
            if part is None:
                segments.append([])
            else:
                segments[-1].append(part)
        if len(segments) == 1:
            head = segments[0]
            group = self._groups.get(len(head))
            if group is not None and head:
                yield group, self._positions(group, head), None
            return
        head, tail, middle = segments[0], segments[-1], segments[1:-1]
        shortest = len(head) + len(tail) + sum(map(len, middle))
        check = None
        needed: dict[str, int] = {}
        classes: list[list[int]] = []  # a part between stars: some letter of it is in the word
        if any(middle):  # parts between two stars: counted here, placed by a regex
            check = _regex(segments)
            for segment in segments:
                for part in segment:
                    if len(part) == 1:
                        needed[part] = needed.get(part, 0) + 1
            for segment in middle:
                classes += [[_CODES[c] for c in p if c in _CODES] for p in segment if len(p) > 1]
        for length, group in self._groups.items():
            if length < shortest:
                continue
            spots = [ALPHABET] * length
            spots[: len(head)] = head
            spots[length - len(tail) :] = tail
            bits = self._positions(group, spots)
            if bits and needed:
                bits = group.count_bounds(bits, needed, {})
            at_least = group.at_least
            for codes in classes:
                if bits and len(codes) < len(ALPHABET):
                    bits &= _union(at_least[c][1] for c in codes if len(at_least[c]) > 1)
            yield group, bits, check

    def _pattern(self, pattern: str) -> Selection:
        parts: list[str | None] = []
        for ch in pattern:
            if ch != "*":
                parts.append(ALPHABET if ch == "?" else ch)
            elif not parts or parts[-1] is not None:
                parts.append(None)
        return self._classes(parts)

    def pattern_words(self, pattern: str) -> list[str]:
        """Every stored word ``pattern`` (``?`` one letter, ``*`` any letters) matches as a whole
        (see the class docstring for the cost)."""
        return self._listed(self._pattern(pattern))

    def class_pattern_words(self, parts: Sequence[str | None]) -> list[str]:
        """Every stored word ``parts`` (letters allowed per position, None a star) match as a
        whole (see the class docstring for the cost)."""
        return self._listed(self._classes(parts))

    # ---- anagrams ---------------------------------------------------------------------------

    def _anagram(self, letters: str, blanks: int, min_length: int = 1) -> Selection:
        have = Counter(ch for ch in letters if ch in _CODES)
        blanks = max(blanks, 0)
        longest = sum(have.values()) + blanks
        for length, group in self._groups.items():
            if not max(min_length, 1) <= length <= longest:
                continue
            excess = []  # per letter, in unary: the words with at least t copies beyond the tiles
            for code, ch in enumerate(ALPHABET):
                copies = group.at_least[code]
                excess.append(copies[have[ch] + 1 : have[ch] + blanks + 2])
            if blanks == 0:
                beyond = _union(steps[0] for steps in excess if steps)
                yield group, group.every & ~beyond, None
            else:
                totals = unary_total(excess, blanks + 1, group.every)
                yield group, group.every & ~totals[blanks + 1], None

    def anagrams(self, letters: str, blanks: int, min_length: int = 1) -> list[str]:
        """Every stored word ``letters`` and ``blanks`` wildcards can spell, of at least
        ``min_length`` letters (see the class docstring for the cost)."""
        return self._listed(self._anagram(letters, blanks, min_length))

    # ---- lengths, letters and values --------------------------------------------------------

    def _length(self, shortest: int, longest: int) -> Selection:
        for length, group in self._groups.items():
            if shortest <= length <= longest:
                yield group, group.every, None

    def length_words(self, shortest: int, longest: int) -> list[str]:
        """Every stored word of ``shortest`` to ``longest`` letters: whole groups listed."""
        return self._listed(self._length(shortest, longest))

    def _contains(self, at_least: Mapping[str, int]) -> Selection:
        if any(n > 0 and ch not in _CODES for ch, n in at_least.items()):
            return
        least = sum(n for n in at_least.values() if n > 0)
        for length, group in self._groups.items():
            if length >= least:
                yield group, group.count_bounds(group.every, at_least, {}), None

    def containing_words(self, at_least: Mapping[str, int]) -> list[str]:
        """Every stored word with at least ``at_least[c]`` copies of each letter ``c``: one AND
        per letter and group."""
        return self._listed(self._contains(at_least))

    def _weighted(self, values: Mapping[str, int], lowest: int, highest: int) -> Selection:
        per_letter = [values.get(ch, 0) for ch in ALPHABET]
        if min(per_letter) < 0:  # not bit-sliced: each word's sum, in Python
            for group in self._groups.values():
                table = dict(zip(ALPHABET, per_letter, strict=True))
                keep = [lowest <= sum(table[ch] for ch in w) <= highest for w in group.words]
                yield group, int("".join("1" if k else "0" for k in reversed(keep)), 2), None
            return
        sums = self._sums(tuple(per_letter))
        for length, group in self._groups.items():
            yield group, within(sums[length], lowest, highest, group.every), None

    def _sums(self, values: tuple[int, ...]) -> dict[int, list[int]]:
        """Per length, the planes of each word's sum of ``values``: made once for the last
        weighting asked (a game asks one, its tiles' values), kept while it is asked again."""
        kept = self._kept_sums
        if kept is None or kept[0] != values:
            kept = self._kept_sums = (
                values,
                {length: group.weights(values) for length, group in self._groups.items()},
            )
        return kept[1]

    def weighted_words(self, values: Mapping[str, int], lowest: int, highest: int) -> list[str]:
        """Every stored word whose letters' values add up to ``lowest`` to ``highest``: the sums
        made bit-sliced, per group, then compared."""
        return self._listed(self._weighted(values, lowest, highest))

    # ---- hooks and anagrams -----------------------------------------------------------------

    @cached_property
    def _hooks(self) -> dict[int, tuple[tuple[int, ...], tuple[int, ...]]]:
        """Per length, the planes of each word's front hooks and back hooks: two set look-ups
        per word, made once."""
        members = {w for group in self._groups.values() for w in group.words}
        front: Counter[str] = Counter()
        back: Counter[str] = Counter()
        for word in members:
            if len(word) > 1:
                if word[1:] in members:
                    front[word[1:]] += 1
                if word[:-1] in members:
                    back[word[:-1]] += 1
        return {
            length: (
                planes_of([front[w] for w in group.words]),
                planes_of([back[w] for w in group.words]),
            )
            for length, group in self._groups.items()
        }

    @cached_property
    def _families(self) -> dict[int, tuple[int, ...]]:
        """Per length, the planes of each word's anagrams (itself included): a sort of each
        word's letters, made once."""
        keys = {
            length: ["".join(sorted(w)) for w in group.words]
            for length, group in self._groups.items()
        }
        families = Counter(key for group in keys.values() for key in group)
        return {length: planes_of([families[k] for k in group]) for length, group in keys.items()}

    def _hooked(self, front: bool, fewest: int, most: int) -> Selection:
        hooks = self._hooks
        for length, group in self._groups.items():
            planes = hooks[length][0 if front else 1]
            yield group, within(planes, fewest, most, group.every), None

    def hooked_words(self, front: bool, fewest: int, most: int) -> list[str]:
        """Every stored word with ``fewest`` to ``most`` front (or back) hooks: the counts,
        bit-sliced, compared per group."""
        return self._listed(self._hooked(front, fewest, most))

    def hook_letters(self, word: str) -> tuple[str, str]:
        """The front and back hooks of ``word``: 52 binary searches in the groups one longer."""
        found = self._contains_word
        return (
            "".join(ch for ch in ALPHABET if found(ch + word)),
            "".join(ch for ch in ALPHABET if found(word + ch)),
        )

    def _family(self, fewest: int, most: int) -> Selection:
        families = self._families
        for length, group in self._groups.items():
            yield group, within(families[length], fewest, most, group.every), None

    def family_words(self, fewest: int, most: int) -> list[str]:
        """Every stored word with ``fewest`` to ``most`` anagrams, itself included: the counts,
        bit-sliced, compared per group."""
        return self._listed(self._family(fewest, most))
