"""The references the solver's tests lean on agree with each other (the backends themselves are
compared with the reference by the conformance suite, structures.conformance)."""

from __future__ import annotations

from hypothesis import given, settings

from lexibench.structures.conformance import ReferenceLexicon, words_and_queries
from tests.reference import TabulatedReferenceLexicon


@settings(max_examples=100, deadline=None)
@given(case=words_and_queries())
def test_tabulated_reference_is_the_reference(case: tuple[list[str], list[str]]) -> None:
    words, queries = case
    slow, fast = ReferenceLexicon(words), TabulatedReferenceLexicon(words)
    assert len(slow) == len(fast)
    for q in queries + words:
        assert fast.has_prefix(q) is slow.has_prefix(q)
        assert fast.is_word(q) is slow.is_word(q)
