"""The anagram search at each tier: through any lexicon (a multiset-constrained walk pruned by
``has_prefix``, or walking nodes: :mod:`solver.games.anagram.search`), by an index answering the
``anagram`` query kind (the alphagram map), or by a lexicon's own compiled walk for it
(array-trie's native tier)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from lexibench.solver.games import query
from lexibench.solver.games.anagram import search
from lexibench.solver.games.anagram.puzzle import TIERS, TITLE, Answer, Rack, answer
from lexibench.solver.tiers import Tier, resolve
from lexibench.structures import AnagramQuery, Structure, class_of
from lexibench.structures.queries import ALPHABET


def word_finder(structure: Structure, tier: Tier) -> Callable[[Rack], list[str]]:
    """``rack -> words``: every word the rack spells in ``structure``, in no particular order,
    at ``tier`` (one :data:`TIERS` offers on it, never ``auto``)."""
    index: AnagramQuery = structure  # type: ignore[assignment]
    return query.word_finder(
        structure,
        tier,
        lambda rack: index.anagrams(rack.letters, rack.blanks, rack.shortest),
        lambda rack: search.Search(
            dict(Counter(rack.letters)), rack.blanks, ALPHABET, rack.shortest
        ),
    )


def solver(structure: Structure, tier: Tier) -> Callable[[Rack], Answer]:
    """``rack -> answer``: the words the rack spells with their blanks, in the answer's order,
    through ``structure`` at ``tier`` (resolved)."""
    find = word_finder(structure, tier)
    return lambda rack: answer(rack, find(rack))


def solve(rack: Rack, structure: Structure, tier: Tier | str = Tier.AUTO) -> Answer:
    """The words ``rack`` spells in ``structure`` with their blanks, in the answer's order, at
    ``tier`` (``auto``: the fastest the structure offers).

    >>> from lexibench.solver.games.anagram.puzzle import parse_rack
    >>> from lexibench.structures import build_structure
    >>> index = build_structure("alphagram-map", ["at", "eat", "tea", "east", "seat"])
    >>> [(f.word, f.blanks) for f in solve(parse_rack("tea?", full=True), index).found]
    [('east', 's'), ('seat', 's')]
    >>> lexicon = build_structure("dict-trie", ["at", "eat", "tea", "east", "seat", "teas"])
    >>> solve(parse_rack("tea?"), lexicon, "step").words
    ('east', 'seat', 'teas', 'eat', 'tea', 'at')
    """
    name = class_of(structure).__name__
    return solver(structure, resolve(TIERS, structure, tier, name, TITLE))(rack)
