"""The query kinds' suite (structures.conformance.QueryConformance) over every offered structure
that answers a kind with its own methods: the indexes, and array-trie's compiled walks."""

from __future__ import annotations

import pytest

from lexibench import structures
from lexibench.structures.conformance import QueryConformance

ANSWERING = [
    name
    for name in structures.registry.offered_structures()
    if structures.backend_info(name).answers
]


class TestAnsweringStructures(QueryConformance):
    """Every structure of the registry that answers a query kind itself."""

    @pytest.fixture(name="structure", params=ANSWERING)
    def _structure(self, request: pytest.FixtureRequest) -> str:
        name: str = request.param
        return name


def test_the_search_kinds_are_answered() -> None:
    """Each kind is answered by some structure of its own, and position-bitsets answers every
    one but letterset (a word search's every kind)."""
    answered = {kind for name in ANSWERING for kind in structures.backend_info(name).answers}
    assert answered == set(structures.QUERY_KINDS)
    assert set(structures.backend_info("position-bitsets").answers) == set(
        structures.QUERY_KINDS
    ) - {"letterset"}
