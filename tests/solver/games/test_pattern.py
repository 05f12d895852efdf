"""Crossword patterns: parsing, the edge cases ``??``, ``*`` and ``***``, and every structure at
every tier against the brute-force filter (property-based over a small alphabet)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.games.pattern.puzzle import Pattern, parse_pattern
from lexibench.solver.games.pattern.reference import reference_answer
from tests.solver.games.tiers import disagreeing, every_answer

WORDS = ["a", "at", "to", "cat", "cot", "coat", "cart", "act", "scat", "tact", "attract"]


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("C?T", "c?t"), ("***", "*"), ("a**b*", "a*b*"), ("  ?? ", "??")],
)
def test_patterns_parse(text: str, parsed: str) -> None:
    assert parse_pattern(text).text == parsed


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("??", ("at", "to")),
        ("*", tuple(sorted(w for w in WORDS if len(w) >= 2))),
        ("***", tuple(sorted(w for w in WORDS if len(w) >= 2))),
        ("c*t", ("cart", "cat", "coat", "cot")),
        ("*t*t*", ("attract", "tact")),
        ("?a?", ("cat",)),
        ("x*", ()),
    ],
)
def test_edge_cases_on_every_structure(text: str, words: tuple[str, ...]) -> None:
    pattern = parse_pattern(text)
    assert reference_answer(pattern, WORDS) == words
    answers = every_answer("pattern", WORDS, pattern)
    assert set(answers.values()) == {words}
    assert {"position-bitsets/index", "dict-trie/step", "sorted-list/string"} <= set(answers)


def test_min_length_one_lets_single_letters_match() -> None:
    assert reference_answer(parse_pattern("?", min_length=1), WORDS) == ("a",)
    assert not disagreeing("pattern", WORDS, parse_pattern("*", min_length=1))


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(st.text("abcd", min_size=1, max_size=6), min_size=1, max_size=25),
    text=st.text("abcd?*", min_size=1, max_size=7),
    min_length=st.integers(1, 3),
)
def test_every_structure_and_tier_agrees_with_the_filter(
    words: list[str], text: str, min_length: int
) -> None:
    pattern = parse_pattern(text, min_length)
    assert pattern == Pattern(pattern.text, min_length)
    assert not disagreeing("pattern", sorted(set(words)), pattern)
