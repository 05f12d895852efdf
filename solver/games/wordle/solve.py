"""The Wordle search at each tier: the constraints of the feedback asked through any lexicon (a
constraint walk: :mod:`solver.games.wordle.search`), by an index answering the ``positions``
query kind (the position bit sets), or by a lexicon's compiled walk for it (array-trie's native
tier); and the suggested guess among every word of the length."""

from __future__ import annotations

from collections.abc import Callable

from lexibench.solver.games import query
from lexibench.solver.games.wordle import search
from lexibench.solver.games.wordle.puzzle import (
    TIERS,
    TITLE,
    Answer,
    Position,
    constraints,
    suggest,
)
from lexibench.solver.tiers import Tier, resolve
from lexibench.structures import PositionsQuery, Structure, class_of


def word_finder(structure: Structure, tier: Tier) -> Callable[[Position], list[str]]:
    """``position -> words``: every candidate of the position in ``structure``, in no particular
    order, at ``tier`` (one :data:`TIERS` offers on it, never ``auto``)."""
    index: PositionsQuery = structure  # type: ignore[assignment]

    def by_index(position: Position) -> list[str]:
        found = constraints(position)
        return index.positions_words(found.allowed, found.at_least, found.at_most)

    def walk(position: Position) -> search.Search:
        found = constraints(position)
        return search.Search(list(found.allowed), dict(found.at_least), dict(found.at_most))

    return query.word_finder(structure, tier, by_index, walk)


def solver(structure: Structure, tier: Tier) -> Callable[[Position], Answer]:
    """``position -> answer``: the candidates, sorted, and with ``position.suggest`` the best
    next guess among every word of its length, through ``structure`` at ``tier`` (resolved)."""
    find = word_finder(structure, tier)

    def answer(position: Position) -> Answer:
        words = tuple(sorted(find(position)))
        if not position.suggest:
            return Answer(words)
        pool = sorted(find(Position(position.length)))
        return Answer(words, suggest(pool, words))

    return answer


def solve(position: Position, structure: Structure, tier: Tier | str = Tier.AUTO) -> Answer:
    """The candidates of ``position`` in ``structure`` (and the suggestion, when asked), at
    ``tier`` (``auto``: the fastest the structure offers).

    >>> from lexibench.solver.games.wordle.puzzle import make_position
    >>> from lexibench.structures import build_structure
    >>> index = build_structure("position-bitsets", ["abide", "speed", "bride", "aside"])
    >>> solve(make_position(["speed=bbyby"], suggest=True), index).suggestion.guess
    'abide'
    >>> lexicon = build_structure("dict-trie", ["abide", "speed", "bride", "aside", "crane"])
    >>> solve(make_position(["speed=bbyby"]), lexicon, "step").words
    ('abide', 'bride')
    """
    name = class_of(structure).__name__
    return solver(structure, resolve(TIERS, structure, tier, name, TITLE))(position)
