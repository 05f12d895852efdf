"""Spelling Bee: parsing, the New York Times' scoring, pangrams, and every structure at every
tier against the brute-force filter (property-based over a small alphabet)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.games.spellingbee.puzzle import Hive, parse_hive, points
from lexibench.solver.games.spellingbee.reference import reference_answer
from tests.solver.games.tiers import disagreeing, every_answer

HIVE = parse_hive("g aimlnp")
WORDS = ["glam", "gala", "lamp", "gag", "gamming", "glamping", "paling", "mangle", "glamp"]


@pytest.mark.parametrize("text", ["gaimlnp", "g aimlnp", "G-AIMLNP", "g,a,i,m,l,n,p"])
def test_hives_parse(text: str) -> None:
    assert parse_hive(text) == Hive("g", "aimlnp")


def test_scoring_is_the_new_york_times() -> None:
    assert [points(HIVE, w) for w in ("glam", "glamp", "paling", "glamping")] == [1, 5, 6, 15]


def test_the_answer_sorted_with_pangrams_and_score() -> None:
    answer = reference_answer(HIVE, WORDS)
    assert answer.words == ("gala", "gamming", "glam", "glamp", "glamping", "paling")
    assert answer.pangrams == ("glamping",)
    assert answer.score == 1 + 7 + 1 + 5 + 15 + 6
    assert set(every_answer("spellingbee", WORDS, HIVE).values()) == {
        (answer.words, answer.pangrams, answer.score)
    }


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(st.text("abcdefghi", min_size=1, max_size=7), min_size=1, max_size=30),
    letters=st.permutations("abcdefghi").map(lambda p: "".join(p[:7])),
    min_length=st.integers(1, 4),
)
def test_every_structure_and_tier_agrees_with_the_filter(
    words: list[str], letters: str, min_length: int
) -> None:
    hive = parse_hive(letters, min_length)
    assert not disagreeing("spellingbee", sorted(set(words)), hive)
