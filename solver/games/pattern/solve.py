"""The pattern search at each tier: through any lexicon (a wildcard walk pruned by
``has_prefix``, or walking nodes: :mod:`solver.games.pattern.search`), by an index answering the
``pattern`` query kind (the position bit sets), or by a lexicon's own compiled walk for it
(array-trie's native tier)."""

from __future__ import annotations

from collections.abc import Callable

from lexibench.solver.games import query
from lexibench.solver.games.pattern import search
from lexibench.solver.games.pattern.puzzle import TIERS, TITLE, Answer, Pattern
from lexibench.solver.tiers import Tier, resolve
from lexibench.structures import PatternQuery, Structure, class_of
from lexibench.structures.queries import ALPHABET


def word_finder(structure: Structure, tier: Tier) -> Callable[[str], list[str]]:
    """``text -> words``: every word the pattern ``text`` matches in ``structure``, in no
    particular order, at ``tier`` (one :data:`TIERS` offers on it, never ``auto``)."""
    index: PatternQuery = structure  # type: ignore[assignment]
    return query.word_finder(
        structure,
        tier,
        # looked up at the index tiers only: a lexicon has no pattern_words
        lambda text: index.pattern_words(text),  # noqa: PLW0108
        lambda text: search.Search(text, ALPHABET),
    )


def solver(structure: Structure, tier: Tier) -> Callable[[Pattern], Answer]:
    """``pattern -> answer``: the words of at least its ``min_length`` it matches, sorted,
    through ``structure`` at ``tier`` (resolved)."""
    find = word_finder(structure, tier)

    def answer(pattern: Pattern) -> Answer:
        shortest = pattern.min_length
        return tuple(sorted(word for word in find(pattern.text) if len(word) >= shortest))

    return answer


def solve(pattern: Pattern, structure: Structure, tier: Tier | str = Tier.AUTO) -> Answer:
    """The words ``pattern`` matches in ``structure``, sorted, at ``tier`` (``auto``: the
    fastest the structure offers).

    >>> from lexibench.solver.games.pattern.puzzle import parse_pattern
    >>> from lexibench.structures import build_structure
    >>> solve(parse_pattern("??"), build_structure("position-bitsets", ["at", "to", "cat"]))
    ('at', 'to')
    >>> solve(parse_pattern("c*t"), build_structure("dict-trie", ["cat", "cart", "act"]), "step")
    ('cart', 'cat')
    """
    name = class_of(structure).__name__
    return solver(structure, resolve(TIERS, structure, tier, name, TITLE))(pattern)
