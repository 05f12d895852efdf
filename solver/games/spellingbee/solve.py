"""The Spelling Bee search at each tier: through any lexicon (a set-constrained walk pruned by
``has_prefix``, or walking nodes: :mod:`solver.games.spellingbee.search`), by an index answering
the ``letterset`` query kind (the letter-mask map), or by a lexicon's own compiled walk for it
(array-trie's native tier)."""

from __future__ import annotations

from collections.abc import Callable

from lexibench.solver.games import query
from lexibench.solver.games.spellingbee import search
from lexibench.solver.games.spellingbee.puzzle import TIERS, TITLE, Answer, Hive, answer
from lexibench.solver.tiers import Tier, resolve
from lexibench.structures import LetterSetQuery, Structure, class_of


def word_finder(structure: Structure, tier: Tier) -> Callable[[Hive], list[str]]:
    """``hive -> words``: every valid word of the hive in ``structure``, in no particular order,
    at ``tier`` (one :data:`TIERS` offers on it, never ``auto``)."""
    index: LetterSetQuery = structure  # type: ignore[assignment]
    return query.word_finder(
        structure,
        tier,
        lambda hive: index.letterset_words(hive.letters, hive.centre, hive.min_length),
        lambda hive: search.Search(hive.letters, hive.centre, hive.min_length),
    )


def solver(structure: Structure, tier: Tier) -> Callable[[Hive], Answer]:
    """``hive -> answer``: its valid words, pangrams and score, through ``structure`` at
    ``tier`` (resolved)."""
    find = word_finder(structure, tier)
    return lambda hive: answer(hive, find(hive))


def solve(hive: Hive, structure: Structure, tier: Tier | str = Tier.AUTO) -> Answer:
    """The valid words of ``hive`` in ``structure``, the pangrams and the score, at ``tier``
    (``auto``: the fastest the structure offers).

    >>> from lexibench.solver.games.spellingbee.puzzle import parse_hive
    >>> from lexibench.structures import build_structure
    >>> index = build_structure("letter-mask-map", ["glam", "gala", "lamp", "glamping"])
    >>> solve(parse_hive("gaplmni"), index)
    Answer(words=('gala', 'glam', 'glamping'), pangrams=('glamping',), score=17)
    >>> lexicon = build_structure("marisa", ["glam", "gala", "lamp", "gallop", "goal", "pang"])
    >>> solve(parse_hive("gaplmno"), lexicon).words
    ('gala', 'gallop', 'glam', 'goal', 'pang')
    """
    name = class_of(structure).__name__
    return solver(structure, resolve(TIERS, structure, tier, name, TITLE))(hive)
