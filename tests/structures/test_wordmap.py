"""The word map (structures/backends/kwg/wordmap.pyx): every word of the KWG keyed by its letters,
each anagram group found whole, a blank's letters exact, and what it cannot hold said."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.structures.backends.kwg.lexicon import NATIVE_UNAVAILABLE, KwgLexicon
from lexibench.structures.gaddag import gaddag_strings

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="not compiled")

WORDS = ["least", "slate", "stale", "steal", "tales", "tea", "eat", "ate", "at", "ta", "zebra"]


def _groups(words: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for word in sorted(set(words)):
        out.setdefault("".join(sorted(word)), []).append(word)
    return out


def test_each_multiset_gives_its_anagrams_and_nothing_else() -> None:
    index = KwgLexicon(WORDS).word_map()
    assert len(index) == index.word_count == len(WORDS)
    assert index.group_count == len(_groups(WORDS))
    assert index.complete
    for key, group in _groups(WORDS).items():
        assert sorted(index.anagrams(key)) == group
        assert sorted(index.anagrams(key[::-1])) == group  # any order
    for letters in ["", "e", "lesat" + "s", "tae" + "x", "Tea", "t3a", "é"]:
        expected = _groups(WORDS).get("".join(sorted(letters)), [])
        assert index.anagrams(letters) == expected


def test_a_blank_stands_for_exactly_the_letters_that_complete_a_word() -> None:
    index = KwgLexicon(WORDS).word_map()
    keys = set(_groups(WORDS))
    for length in range(0, 6):
        for letters in {"".join(c) for c in combinations("aaeelstbrz", length)}:
            expected = "".join(
                ch for ch in "abcdefghijklmnopqrstuvwxyz" if "".join(sorted(letters + ch)) in keys
            )
            assert index.completions(letters) == expected, letters


def test_the_same_map_from_either_view_and_kept_by_the_lexicon() -> None:
    words = KwgLexicon(WORDS)
    strings = KwgLexicon(gaddag_strings(WORDS))
    assert words.word_map() is words.word_map()
    spelled = strings.word_map().anagrams("aelst")
    assert sorted(spelled) == sorted(words.word_map().anagrams("tales"))


def test_words_longer_than_any_board_are_left_out_and_repeats_past_15_said() -> None:
    long_word = "a" * 10 + "b" * 12  # 22 letters: no board holds it
    index = KwgLexicon(["ab", long_word]).word_map()
    assert len(index) == 1
    assert index.complete
    repeated = "c" * 16
    index = KwgLexicon(["ab", repeated]).word_map()
    assert not index.complete
    assert index.anagrams(repeated) == []


def test_a_node_array_that_is_not_a_kwg_is_refused() -> None:
    from array import array

    from lexibench.structures.backends.kwg.wordmap import WordMap

    with pytest.raises(ValueError, match="two root nodes"):
        WordMap(array("I", [0]))
    with pytest.raises(ValueError, match="leaves the node array"):
        WordMap(array("I", [5, 0]))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text("abcde", min_size=1, max_size=7), min_size=1, max_size=40),
    st.text("abcde", max_size=6),
)
def test_any_word_list(words: list[str], letters: str) -> None:
    index = KwgLexicon(words).word_map()
    groups = _groups(words)
    assert len(index) == len(set(words))
    assert sorted(index.anagrams(letters)) == groups.get("".join(sorted(letters)), [])
    assert index.completions(letters) == "".join(
        ch for ch in "abcdefghijklmnopqrstuvwxyz" if "".join(sorted(letters + ch)) in groups
    )


def test_a_map_made_without_its_build_stands_for_nothing() -> None:
    from lexibench.structures.backends.kwg.wordmap import WordMap

    bare = WordMap.__new__(WordMap)
    assert not bare.complete
    assert bare.anagrams("tea") == []
    assert bare.completions("ta") == ""
    built = KwgLexicon(WORDS).word_map()
    with pytest.raises(RuntimeError, match="built once"):
        WordMap.__init__(built, KwgLexicon(WORDS).kwg())
