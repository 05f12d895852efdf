"""Tiers: the ways a game's search can ask a lexicon, fastest last.

``string``
    The search builds each candidate's string and asks ``has_prefix``/``is_word``. Every
    backend offers it.
``step``
    The search carries a lexicon node and asks ``child(node, letter)``/``is_terminal(node)``:
    backends with the stepping extension (:class:`~lexibench.structures.SteppingLexicon`).
``native``
    The backend runs the game's whole search in its own compiled code (for Boggle, the native
    path search of :class:`~lexibench.structures.NativeLexicon`).
``auto``
    The fastest of these the lexicon offers for the game.

Every tier gives identical answers; which ones a game offers on a lexicon is the game's to say
(:meth:`lexibench.solver.games.Game.tiers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from lexibench.solver.errors import InputError


class Tier(StrEnum):
    """How a search asks the lexicon (``--tier``)."""

    STRING = "string"
    STEP = "step"
    NATIVE = "native"
    AUTO = "auto"


#: The tiers from slowest to fastest, as ``auto`` ranks them.
ORDER = (Tier.STRING, Tier.STEP, Tier.NATIVE)


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
    if chosen is Tier.AUTO:
        return max(offered, key=ORDER.index)
    if chosen not in offered:
        detail = f" ({why_not})" if why_not and chosen is Tier.NATIVE else ""
        have = ", ".join(tier.value for tier in ORDER if tier in offered)
        raise InputError(f"lexicon {name}: has no {chosen} tier{detail} (it offers: {have})")
    return chosen
