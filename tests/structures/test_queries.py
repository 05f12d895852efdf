"""The query kinds (structures.queries): every structure that answers a kind with a method of its
own (the indexes, and array-trie's compiled walks) against the kind's reference (a filter over the
words), property-based over a small alphabet, plus the edge cases each kind's contract names."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.structures.backends.array_trie.walk import pattern_by_steps
from lexibench.structures.queries import QUERY_KINDS, QUERY_MEMBERS

ALPHABET = "abcde"
WORDS = st.lists(st.text(ALPHABET, min_size=1, max_size=6), max_size=40)
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def answering(kind: str) -> list[str]:
    """The offered structures whose own code answers ``kind``."""
    return [
        name
        for name in structures.registry.offered_structures()
        if kind in structures.backend_info(name).answers
    ]


def build(name: str, words: Sequence[str]) -> Any:
    return structures.build_structure(name, words)


# ---- the references: a filter over the distinct words per kind --------------------------------


def ref_anagrams(words: Sequence[str], letters: str, blanks: int, min_length: int) -> list[str]:
    have = Counter(letters)
    found = []
    for word in set(words):
        short = sum(max(0, n - have[ch]) for ch, n in Counter(word).items())
        if len(word) >= min_length and short <= blanks:
            found.append(word)
    return sorted(found)


def ref_pattern(words: Sequence[str], pattern: str) -> list[str]:
    regex = re.compile("".join("." if c == "?" else ".*" if c == "*" else c for c in pattern))
    return sorted(w for w in set(words) if regex.fullmatch(w))


def ref_letterset(words: Sequence[str], letters: str, required: str, min_length: int) -> list[str]:
    return sorted(
        w
        for w in set(words)
        if len(w) >= min_length and set(w) <= set(letters) and set(required) <= set(w)
    )


def ref_positions(
    words: Sequence[str],
    allowed: Sequence[str],
    at_least: Mapping[str, int],
    at_most: Mapping[str, int],
) -> list[str]:
    return sorted(
        w
        for w in set(words)
        if len(w) == len(allowed)
        and all(ch in ok for ch, ok in zip(w, allowed, strict=True))
        and all(w.count(c) >= n for c, n in at_least.items())
        and all(w.count(c) <= n for c, n in at_most.items())
    )


# ---- every kind against its reference ---------------------------------------------------------


BOUNDS = st.dictionaries(st.sampled_from(ALPHABET + "z"), st.integers(0, 3), max_size=3)

#: Per query kind: the method that answers it, a strategy for its arguments (after the words) and
#: the reference.
KINDS: dict[str, tuple[str, st.SearchStrategy[tuple[Any, ...]], Callable[..., list[str]]]] = {
    "anagram": (
        "anagrams",
        st.tuples(st.text(ALPHABET + "z", max_size=7), st.integers(0, 2), st.integers(1, 4)),
        ref_anagrams,
    ),
    "pattern": ("pattern_words", st.tuples(st.text(ALPHABET + "?*z", max_size=8)), ref_pattern),
    "letterset": (
        "letterset_words",
        st.tuples(
            st.text(ALPHABET + "z", max_size=5), st.text(ALPHABET, max_size=2), st.integers(1, 4)
        ),
        ref_letterset,
    ),
    "positions": (
        "positions_words",
        st.tuples(
            st.lists(st.text(ALPHABET, min_size=1, max_size=5), min_size=1, max_size=5),
            BOUNDS,
            BOUNDS,
        ),
        ref_positions,
    ),
}


@pytest.mark.parametrize(
    ("kind", "name"), [(kind, name) for kind in KINDS for name in answering(kind)]
)
@SETTINGS
@given(words=WORDS, data=st.data())
def test_every_answer_matches_the_reference(
    kind: str, name: str, words: list[str], data: st.DataObject
) -> None:
    """Each kind's answers from every structure that answers it: each word once, and the very
    words of the reference (a filter over the distinct words)."""
    method, arguments, reference = KINDS[kind]
    drawn = data.draw(arguments)
    got = getattr(build(name, words), method)(*drawn)
    assert len(got) == len(set(got))
    assert sorted(got) == reference(words, *drawn)


# ---- the registry's declarations ---------------------------------------------------------------


#: The kind no walk of a trie answers at a sane cost (a word's anagrams are spread over the
#: trie): the indexes answer it. (Hooks are walked: a word's back hooks are its node's children,
#: its front hooks the word stepped from each of the root's children.)
NOT_WALKED = {"family"}


def test_every_kind_is_answered_by_an_index_and_by_array_trie() -> None:
    for kind in QUERY_KINDS:
        names = answering(kind)
        assert any(structures.role_of(n) == "index" for n in names), kind
        if structures.backend_info("array-trie").native_error is None:
            assert ("array-trie" in names) is (kind not in NOT_WALKED), kind
    assert set(QUERY_MEMBERS) == set(QUERY_KINDS)


# ---- anagram -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", answering("anagram"))
def test_anagram_edge_cases(name: str) -> None:
    index = build(name, ["a", "ab", "ba", "abc", "aab", "zz"])
    assert index.anagrams("", 0) == []
    assert sorted(index.anagrams("", 1)) == ["a"]
    assert sorted(index.anagrams("", 2)) == ["a", "ab", "ba", "zz"]
    assert sorted(index.anagrams("ab", 0)) == ["a", "ab", "ba"]
    assert sorted(index.anagrams("ab", 1, min_length=3)) == ["aab", "abc"]  # every tile used
    assert build(name, []).anagrams("abc", 2) == []


# ---- pattern -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", answering("pattern"))
def test_pattern_edge_cases(name: str) -> None:
    words = ["a", "ab", "ba", "abc", "cab", "abcab"]
    index = build(name, words)
    assert sorted(index.pattern_words("??")) == ["ab", "ba"]
    assert sorted(index.pattern_words("*")) == sorted(words)
    assert sorted(index.pattern_words("***")) == sorted(words)
    assert sorted(index.pattern_words("*b*")) == ["ab", "abc", "abcab", "ba", "cab"]
    assert sorted(index.pattern_words("a*b")) == ["ab", "abcab"]
    assert sorted(index.pattern_words("a*c*b")) == ["abcab"]
    assert index.pattern_words("") == []
    assert index.pattern_words("?" * 7) == []


def test_a_pattern_longer_than_the_compiled_state_is_walked_by_steps() -> None:
    if structures.backend_info("array-trie").native_error is not None:
        pytest.skip("array-trie's compiled walks are not built here")
    word = "ab" * 40
    trie = build("array-trie", [word, "ab"])
    long_pattern = "a?" * 35 + "*"
    assert trie.pattern_words(long_pattern) == [word]
    assert pattern_by_steps(trie, long_pattern) == [word]
    assert sorted(pattern_by_steps(trie, "a*")) == sorted(trie.pattern_words("a*"))


# ---- letterset ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", answering("letterset"))
def test_letterset_edge_cases(name: str) -> None:
    index = build(name, ["aaaa", "abab", "baba", "abc", "bbbbbbbbbb"])
    assert sorted(index.letterset_words("ab", "a", 4)) == ["aaaa", "abab", "baba"]
    assert sorted(index.letterset_words("ab", "", 1)) == ["aaaa", "abab", "baba", "bbbbbbbbbb"]
    assert index.letterset_words("ab", "c", 1) == []  # required but not allowed
    assert index.letterset_words("abc", "é", 1) == []  # a letter no word has
    letters = "abcdefghijklmnopqrst"  # more free letters than there are masks: a scan
    assert sorted(index.letterset_words(letters, "c", 1)) == ["abc"]


# ---- positions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", answering("positions"))
def test_positions_edge_cases(name: str) -> None:
    index = build(name, ["speed", "abide", "eerie", "crane", "bride"])
    every = ["abcdefghijklmnopqrstuvwxyz"] * 5
    assert sorted(index.positions_words(every, {}, {})) == [
        "abide", "bride", "crane", "eerie", "speed",
    ]  # fmt: skip
    assert index.positions_words(every, {"e": 3}, {}) == ["eerie"]
    assert sorted(index.positions_words(every, {"e": 2}, {"e": 2})) == ["speed"]
    assert index.positions_words(every, {"e": 1}, {"e": 0}) == []  # bounds that cross
    assert index.positions_words(["", *every[1:]], {}, {}) == []  # nothing allowed somewhere
    assert index.positions_words(every[:4], {}, {}) == []  # no word of that length


# ---- position-bitsets' reading of a bit set ----------------------------------------------------


@given(st.lists(st.booleans(), min_size=1, max_size=300), st.integers(0, 300), st.integers(0, 300))
def test_a_bit_set_is_read_as_its_words(kept: list[bool], start: int, stop: int) -> None:
    """position-bitsets lists the words of a bit set by each of its ways (the whole group, one
    run of bits, a dense or a sparse set) as the bits say, in the group's order."""
    from lexibench.structures.backends.position_bitsets import _group

    words = sorted({f"w{j:03d}" for j in range(len(kept))})
    group = _group(words)
    bits = sum(1 << j for j, keep in enumerate(kept) if keep)
    run = sum(1 << j for j in range(min(start, stop), min(max(start, stop), len(words))))
    for chosen in (bits, run, group.every, 0):
        assert group.members(chosen) == [w for j, w in enumerate(words) if chosen >> j & 1]
