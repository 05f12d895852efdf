"""One conformance suite for the Lexicon contract, run against every registered backend."""

from __future__ import annotations

from pathlib import Path

import pytest

import structures
from structures import Lexicon, UnstorableWordError
from structures.saved import load_lexicon, save_lexicon

TRICKY = [
    "a",  # a single letter
    "cat",  # a word that is a prefix of a longer word ...
    "cats",  # ... and a word with no extensions
    "hello",  # only "h", "he", ... are prefixes, none is a word
    "queen",  # 'qu' words
    "quiz",
    "quizzes",
    "zebra",
    "cat",  # a duplicate in the input
]


@pytest.fixture
def lexicon(backend: str) -> Lexicon:
    return structures.build_lexicon(backend, TRICKY)


def test_counts_distinct_words(lexicon: Lexicon) -> None:
    assert len(lexicon) == 8


@pytest.mark.parametrize("word", sorted(set(TRICKY)))
def test_every_stored_word_is_a_word_and_its_own_prefix(lexicon: Lexicon, word: str) -> None:
    assert lexicon.is_word(word)
    assert lexicon.has_prefix(word)


@pytest.mark.parametrize("prefix", ["h", "he", "hel", "hell", "c", "ca", "qu", "quiz", "que"])
def test_proper_prefixes_are_prefixes_not_words(lexicon: Lexicon, prefix: str) -> None:
    assert lexicon.has_prefix(prefix)
    assert lexicon.is_word(prefix) is (prefix in TRICKY)


@pytest.mark.parametrize("miss", ["b", "catz", "catsa", "hellos", "q", "qa", "zz", "A", "CAT", "é"])
def test_misses_are_neither(lexicon: Lexicon, miss: str) -> None:
    if miss == "q":
        assert lexicon.has_prefix(miss)  # "queen" starts with q
    else:
        assert not lexicon.has_prefix(miss)
    assert not lexicon.is_word(miss)


def test_empty_string_is_a_prefix_but_not_a_word(lexicon: Lexicon) -> None:
    assert lexicon.has_prefix("")
    assert not lexicon.is_word("")


def test_empty_lexicon(backend: str) -> None:
    lex = structures.build_lexicon(backend, [])
    assert len(lex) == 0
    assert not lex.has_prefix("")
    assert not lex.has_prefix("a")
    assert not lex.is_word("a")


def test_builds_from_a_one_shot_generator(backend: str) -> None:
    lex = structures.build_lexicon(backend, (w for w in reversed(TRICKY)))
    assert len(lex) == 8
    assert lex.is_word("quizzes")


def test_the_h_of_hello_bug_is_impossible(backend: str) -> None:
    lex = structures.build_lexicon(backend, ["hello"])
    assert not lex.is_word("h")
    assert lex.has_prefix("h")
    assert lex.has_prefix("hello")
    assert not lex.has_prefix("helloo")


@pytest.mark.parametrize("bad", ["", 3, None, b"cat"])
def test_unstorable_words_raise_at_build_time(backend: str, bad: object) -> None:
    with pytest.raises(UnstorableWordError, match=backend):
        structures.build_lexicon(backend, ["cat", bad])  # type: ignore[list-item]


def test_stepping_agrees_with_whole_string_queries(backend: str) -> None:
    lex = structures.build_lexicon(backend, TRICKY)
    assert structures.can_step(lex) is isinstance(lex, structures.SteppingLexicon)
    if not isinstance(lex, structures.SteppingLexicon):
        assert not structures.backend_info(backend).stepping
        return
    assert structures.backend_info(backend).stepping
    probes = ["", "a", "c", "ca", "cat", "cats", "catz", "q", "qu", "quizzes", "h", "hello", "x"]
    for probe in probes:
        node = lex.root()
        for letter in probe:
            node = lex.child(node, letter)
            if node is None:
                break
        assert (node is not None) is lex.has_prefix(probe), probe
        assert (node is not None and lex.is_terminal(node)) is lex.is_word(probe), probe


def test_stepping_nodes_are_not_changed_by_walking_on(backend: str) -> None:
    lex = structures.build_lexicon(backend, TRICKY)
    if not isinstance(lex, structures.SteppingLexicon):
        return
    c = lex.child(lex.root(), "c")
    assert c is not None
    assert lex.child(c, "a") is not None
    assert lex.child(c, "z") is None
    ca = lex.child(c, "a")  # c is still the node of "c"
    assert ca is not None
    assert lex.child(ca, "t") is not None


def test_saved_file_round_trip(backend: str, tmp_path: Path) -> None:
    """Every backend saves and loads (its library's format, or its words) with equal answers."""
    lex = structures.build_lexicon(backend, TRICKY)
    info = structures.backend_info(backend)
    assert info.persistent is isinstance(lex, structures.PersistentLexicon)
    path = tmp_path / "lexicon.lexicon"
    save_lexicon(path, backend, lex, TRICKY, {"note": "test"})
    saved = load_lexicon(path, backend)
    assert saved.header.payload_format == (info.file_format or "words")
    assert saved.header.meta == {"note": "test"}
    loaded = saved.lexicon
    assert type(loaded) is type(lex)
    assert len(loaded) == len(lex)
    for probe in ["", "c", "cat", "cats", "he", "hello", "quiz", "x", "catz"]:
        assert loaded.is_word(probe) is lex.is_word(probe)
        assert loaded.has_prefix(probe) is lex.has_prefix(probe)
