"""Letter Boxed: parsing the box, finding words, and ordered solutions."""

from __future__ import annotations

import itertools

import pytest

from lexibench import structures
from lexibench.solver.errors import InputError
from lexibench.solver.games.letterboxed.puzzle import Box, parse_box
from lexibench.solver.games.letterboxed.solve import find_words, solutions

BOX = parse_box("rme wcl tgk api")
VOCAB = [
    "crampet",  # valid, and with twiglike covers all twelve letters
    "twiglike",
    "pragmatic",
    "cakewalk",
    "tam",  # valid
    "mat",  # valid
    "meat",  # m and e share a side: invalid
    "trap",  # a and p share a side: invalid
    "pit",  # p and i share a side: invalid
    "ape",  # a and p share a side: invalid
    "wax",  # x is not in the box
    "ta",  # too short
    "pawl",  # invalid: p and a
    "limp",  # valid
    "gramp",  # gramp, pelt, twick: a three-word solution
    "pelt",
    "twick",
]


@pytest.mark.parametrize("text", ["rme wcl tgk api", "RME-WCL-TGK-API", "rme,wcl,tgk,api"])
def test_parse_forms(text: str) -> None:
    assert parse_box(text) == Box(("rme", "wcl", "tgk", "api"))


def test_words_obey_the_side_rule(backend: str) -> None:
    lex = structures.build_lexicon(backend, VOCAB)
    assert find_words(BOX, lex) == [
        "cakewalk",
        "crampet",
        "gramp",
        "limp",
        "mat",
        "pelt",
        "pragmatic",
        "tam",
        "twick",
        "twiglike",
    ]


def test_two_word_solutions_shortest_first() -> None:
    lex = structures.build_lexicon("dict-trie", VOCAB)
    words = find_words(BOX, lex)
    assert solutions(BOX, words) == [("crampet", "twiglike"), ("pragmatic", "cakewalk")]
    assert solutions(BOX, words, limit=1) == [("crampet", "twiglike")]


def test_longer_chains_come_after_shorter_ones() -> None:
    words = find_words(BOX, structures.build_lexicon("dict-trie", VOCAB))
    found = solutions(BOX, words, max_words=3, limit=50)
    assert found[:2] == [("crampet", "twiglike"), ("pragmatic", "cakewalk")]
    assert ("gramp", "pelt", "twick") in found
    lengths = [len(chain) for chain in found]
    assert lengths == sorted(lengths)
    for chain in found:
        assert all(a[-1] == b[0] for a, b in itertools.pairwise(chain))
        assert set("".join(chain)) == set(BOX.letters)
        covered: set[str] = set()
        for word in chain:  # every word adds a letter
            assert set(word) - covered
            covered |= set(word)


def test_bad_limits() -> None:
    with pytest.raises(InputError, match="at least 1"):
        solutions(BOX, [], max_words=0)
