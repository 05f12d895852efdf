"""position-bitsets lists every answer in alphabetical order, read in order in C (a pass over
every word, ``bitset_order.in_order``) or listed by length and sorted; both give the reference's
words in order, and the pass refuses what it cannot read."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.structures.backends import position_bitsets
from lexibench.structures.conformance import KIND_ALPHABET, KIND_ARGUMENTS, reference_query
from lexibench.structures.queries import QUERY_MEMBERS

WORDS = st.lists(st.text(KIND_ALPHABET + "xy", min_size=1, max_size=7), max_size=60)
COMPILED = position_bitsets._IN_ORDER is not None


@pytest.mark.parametrize("path", ["in order", "sorted"])
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(words=WORDS, data=st.data())
def test_every_answer_comes_in_order_by_either_path(
    monkeypatch: pytest.MonkeyPatch, path: str, words: list[str], data: st.DataObject
) -> None:
    """Every kind, and the words outside each answer, by the pass in C (made to read every
    answer, however small) and by the sort (the pass absent)."""
    if path == "in order":
        if not COMPILED:
            pytest.skip("bitset_order is not compiled here")
        monkeypatch.setattr(position_bitsets, "SPARSE", 0)
    else:
        monkeypatch.setattr(position_bitsets, "_IN_ORDER", None)
    built: Any = structures.build_structure("position-bitsets", words)
    assert structures.alphabetical(built)
    for kind in structures.answers(built):
        arguments = data.draw(KIND_ARGUMENTS[kind], label=kind)
        got = getattr(built, QUERY_MEMBERS[kind][0])(*arguments)
        assert got == reference_query(kind, words, *arguments), (kind, arguments)
        rest = built.outside(kind, *arguments)
        assert rest == sorted(set(words) - set(got)), (kind, arguments)


@pytest.mark.skipif(not COMPILED, reason="bitset_order is not compiled here")
def test_the_pass_reads_each_lengths_bits_in_order() -> None:
    from lexibench.structures.backends.bitset_order import in_order

    words = ["a", "ab", "ac", "b", "ba", "bad"]
    lengths = bytes(map(len, words))
    masks: list[bytes | None] = [None, b"\x02", b"\x05", b"\x01"]  # b; ab, ba; bad
    assert in_order(masks, lengths, words) == ["ab", "b", "ba", "bad"]
    assert in_order([], lengths, words) == []
    assert in_order([None, b"", b"\xff"], lengths, words) == ["ab", "ac", "ba"]  # bits past: none
    with pytest.raises(ValueError, match="a length for each word"):
        in_order(masks, lengths, words[:-1])
    with pytest.raises(ValueError, match="at most 256 masks"):
        in_order([None] * 257, lengths, words)


def test_array_trie_and_position_bitsets_say_their_answers_come_in_order() -> None:
    assert structures.alphabetical(structures.structure_class("position-bitsets"))
    assert structures.alphabetical(structures.structure_class("array-trie"))
    assert not structures.alphabetical(structures.structure_class("alphagram-map"))
