"""Anagrams: racks, blanks in order of position, the answer's order, and every structure at every
tier against the brute-force filter (property-based over a small alphabet)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.games.anagram.game import GAME
from lexibench.solver.games.anagram.puzzle import Rack, parse_rack, speller
from lexibench.solver.games.anagram.reference import reference_answer
from lexibench.solver.games.answer import solve
from lexibench.structures import build_structure
from tests.solver.games.tiers import disagreeing, every_answer

WORDS = ["at", "ta", "eat", "tea", "ate", "east", "seat", "teas", "tease", "abab", "zz", "a"]


@pytest.mark.parametrize(
    ("text", "tiles", "blanks"),
    [("RETAIN?", "retain?", 1), ("  ab??\n", "ab??", 2), ("", "", 0), ("????", "????", 4)],
)
def test_racks_parse(text: str, tiles: str, blanks: int) -> None:
    rack = parse_rack(text)
    assert (rack.tiles, rack.blanks, rack.letters) == (tiles, blanks, tiles.replace("?", ""))


def test_blanks_stand_for_the_last_occurrences_in_order_of_position() -> None:
    assert speller(parse_rack("ab??"))("abab") == "ab"
    assert speller(parse_rack("bt??"))("best") == "es"
    assert speller(parse_rack("s?"))("ss") == "s"
    assert speller(parse_rack("tea"))("tease") is None
    assert speller(parse_rack("?"))("") == ""


def test_the_answer_is_longest_first_then_alphabetical_with_blanks() -> None:
    found = solve(GAME, parse_rack("tea?"), build_structure("alphagram-map", WORDS))
    assert [(f.word, f.blanks) for f in found.found] == [
        ("east", "s"), ("seat", "s"), ("teas", "s"),
        ("ate", ""), ("eat", ""), ("tea", ""),
        ("at", ""), ("ta", ""),
    ]  # fmt: skip


def test_an_empty_rack_spells_nothing_on_every_structure() -> None:
    assert set(every_answer("anagram", WORDS, parse_rack("")).values()) == {()}


def test_full_keeps_the_words_that_use_every_tile() -> None:
    rack = parse_rack("tea?", full=True)
    assert reference_answer(rack, WORDS).words == ("east", "seat", "teas")
    assert not disagreeing("anagram", WORDS, rack)


def test_min_length_and_blanks_only() -> None:
    for rack in (parse_rack("??", min_length=1), parse_rack("??"), parse_rack("ab??", 4)):
        assert not disagreeing("anagram", WORDS, rack), rack


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(st.text("abcde", min_size=1, max_size=5), min_size=1, max_size=25),
    tiles=st.text("abcde?", max_size=6).filter(lambda t: t.count("?") <= 2),
    min_length=st.integers(1, 3),
    full=st.booleans(),
)
def test_every_structure_and_tier_agrees_with_the_filter(
    words: list[str], tiles: str, min_length: int, full: bool
) -> None:
    rack = Rack(tiles, min_length, full)
    assert not disagreeing("anagram", sorted(set(words)), rack)
