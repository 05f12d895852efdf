"""Property-based tests: every backend against the reference lexicon, over a small alphabet."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import structures
from tests.reference import ReferenceLexicon, TabulatedReferenceLexicon

ALPHABET = "abcq"
words_strategy = st.lists(st.text(ALPHABET, min_size=1, max_size=6), max_size=30)


@st.composite
def lexicon_and_queries(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    words = draw(words_strategy)
    prefixes = [w[:i] for w in words for i in range(len(w) + 1)]
    from_members = draw(st.lists(st.sampled_from(prefixes), max_size=20)) if prefixes else []
    at_random = draw(st.lists(st.text(ALPHABET + "z", max_size=7), max_size=20))
    return words, from_members + at_random


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=lexicon_and_queries())
def test_backend_matches_reference(backend: str, case: tuple[list[str], list[str]]) -> None:
    words, queries = case
    lex = structures.build_lexicon(backend, words)
    ref = ReferenceLexicon(words)
    assert_tabulated_agrees(words, queries)
    assert len(lex) == len(ref)
    for q in queries + words:
        assert lex.is_word(q) is ref.is_word(q), q
        assert lex.has_prefix(q) is ref.has_prefix(q), q


def assert_tabulated_agrees(words: list[str], queries: list[str]) -> None:
    """The tabulated reference (used for the solver's differential tests) is the reference."""
    slow, fast = ReferenceLexicon(words), TabulatedReferenceLexicon(words)
    for q in queries:
        assert fast.has_prefix(q) is slow.has_prefix(q)
