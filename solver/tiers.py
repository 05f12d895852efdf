"""Tiers: the ways a game's search can ask a lexicon, fastest last.

``string``
    The search builds each candidate's string and asks ``has_prefix``/``is_word``. Every
    backend offers it.
``step``
    The search carries a lexicon node and asks ``child(node, letter)``/``is_terminal(node)``:
    backends with the stepping extension (:class:`~lexibench.structures.SteppingLexicon`).
``index``
    The structure is an index built for the game's query kind (an alphagram map for anagrams:
    :mod:`lexibench.structures.queries`) and answers it with its own method. Indexes offer this
    tier alone, and only to games that ask a kind they answer.
``native``
    The backend runs the game's whole search in its own compiled code (for Boggle, the native
    path search of :class:`~lexibench.structures.NativeLexicon`; for a query game, the lexicon's
    compiled walk for the game's query kind, such as array-trie's).
``auto``
    The fastest of these the structure offers for the game: native, then index, then step, then
    string.

Every tier gives identical answers; which ones a game offers on a structure is the game's to say
(:meth:`lexibench.solver.games.Game.tiers`): none at all for a structure that cannot serve it.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from lexibench.solver.errors import InputError


class Tier(StrEnum):
    """How a search asks the lexicon (``--tier``)."""

    STRING = "string"
    STEP = "step"
    INDEX = "index"
    NATIVE = "native"
    AUTO = "auto"


#: The tiers from slowest to fastest, as ``auto`` ranks them.
ORDER = (Tier.STRING, Tier.STEP, Tier.INDEX, Tier.NATIVE)


def resolve_tier(
    offered: Sequence[Tier], asked: Tier | str, name: str, why_not: str | None = None
) -> Tier:
    """The tier to run: ``asked``, or for ``auto`` the fastest of ``offered``.

    Asking for a tier that is not offered is an :class:`InputError` naming the lexicon ``name``
    (with ``why_not``, the reason its native code is missing, when there is one).

    >>> resolve_tier([Tier.STRING, Tier.STEP], "auto", "dict-trie")
    <Tier.STEP: 'step'>
    >>> resolve_tier([Tier.STRING], "step", "marisa")
    Traceback (most recent call last):
    ...
    lexibench.solver.errors.InputError: lexicon marisa: has no step tier (it offers: string)
    """
    chosen = Tier(asked)
    if not offered:
        raise InputError(f"lexicon {name}: cannot serve this game (it offers no tier for it)")
    if chosen is Tier.AUTO:
        return max(offered, key=ORDER.index)
    if chosen not in offered:
        detail = f" ({why_not})" if why_not and chosen is Tier.NATIVE else ""
        have = ", ".join(tier.value for tier in ORDER if tier in offered)
        raise InputError(f"lexicon {name}: has no {chosen} tier{detail} (it offers: {have})")
    return chosen


def query_tiers(structure: object, kind: str) -> tuple[Tier, ...]:
    """The tiers a game that asks query ``kind`` (one of
    :data:`~lexibench.structures.queries.QUERY_KINDS`) offers on ``structure`` (an instance, or
    a class): on a lexicon string, step where it steps, and native where its own compiled code
    answers the kind; on an index that answers the kind, index alone; else none.

    >>> from lexibench.structures import backend_class, structure_class
    >>> query_tiers(backend_class("dict-trie"), "anagram")
    (<Tier.STRING: 'string'>, <Tier.STEP: 'step'>)
    >>> query_tiers(structure_class("alphagram-map"), "anagram")
    (<Tier.INDEX: 'index'>,)
    >>> query_tiers(structure_class("alphagram-map"), "pattern")
    ()
    """
    from lexibench.structures import answers, can_step, is_lexicon

    answered = kind in answers(structure)
    if not is_lexicon(structure):
        return (Tier.INDEX,) if answered else ()
    offered = [Tier.STRING]
    if can_step(structure):  # type: ignore[arg-type]
        offered.append(Tier.STEP)
    if answered:
        offered.append(Tier.NATIVE)
    return tuple(offered)


def resolve_query_tier(structure: object, kind: str, asked: Tier | str, name: str = "") -> Tier:
    """The tier a query game runs on ``structure`` (an instance, or a class) for ``asked``
    (:func:`query_tiers`, then :func:`resolve_tier`, with the reason a native tier is missing)."""
    from lexibench.structures import class_of, native_unavailable

    cls = class_of(structure)
    return resolve_tier(
        query_tiers(structure, kind), asked, name or cls.__name__, native_unavailable(cls)
    )
