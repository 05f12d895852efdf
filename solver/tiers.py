"""Tiers: the ways a game's search can ask a structure, and which a structure offers, as data.

``string``
    The search builds each candidate's string and asks ``has_prefix``/``is_word``. Every
    lexicon offers it.
``step``
    The search carries a lexicon node and asks ``child(node, letter)``/``is_terminal(node)``:
    lexicons with the stepping extension (:class:`~lexibench.structures.SteppingLexicon`).
``index``
    The structure is an index built for the game's query kind (an alphagram map for anagrams:
    :mod:`lexibench.structures.queries`) and answers it with its own method. Indexes offer this
    tier alone, and only to games that ask a kind they answer.
``native``
    The whole search runs in compiled code: the structure's own (Boggle's path search of a
    :class:`~lexibench.structures.NativeLexicon`, array-trie's walk for a query kind) or the
    game's own over the structure's array (the crossword game's generator over a KWG).
``auto``
    The fastest of these the structure offers: native, then index, then step, then string.

A game declares its tiers as data (:attr:`lexibench.solver.games.Game.tiers`): a
:data:`TierTable` of each tier and the :class:`Need` a structure must meet for it. Which tiers a
structure offers, and why it lacks one, follow from the table alone (:func:`offered`,
:func:`resolve`), from the structure's class, before anything is built. Every tier gives
identical answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from lexibench import structures
from lexibench.solver.errors import InputError


class Tier(StrEnum):
    """How a search asks the structure (``--tier``)."""

    STRING = "string"
    STEP = "step"
    INDEX = "index"
    NATIVE = "native"
    AUTO = "auto"


#: The tiers from slowest to fastest, as ``auto`` ranks them.
ORDER = (Tier.STRING, Tier.STEP, Tier.INDEX, Tier.NATIVE)


@dataclass(frozen=True)
class Need:
    """What a structure's class must be or have for a tier: a test, and why it fails.

    ``why`` is a fixed reason or a function of the class (None: no reason worth saying); needs
    combine with ``&`` (both must hold; the first that fails gives the reason)."""

    test: Callable[[type], bool]
    why: str | Callable[[type], str | None] | None = None

    def holds(self, cls: type) -> bool:
        """True when ``cls`` meets the need."""
        return self.test(cls)

    def reason(self, cls: type) -> str | None:
        """Why ``cls`` does not meet it (None when it does, or when there is nothing to say)."""
        if self.test(cls):
            return None
        return self.why(cls) if callable(self.why) else self.why

    def __and__(self, other: Need) -> Need:
        return Need(
            lambda cls: self.holds(cls) and other.holds(cls),
            lambda cls: self.reason(cls) or other.reason(cls),
        )


TierTable: TypeAlias = tuple[tuple[Tier, Need], ...]
"""Each tier a game's search offers and what a structure needs for it."""


def _what_index(cls: type) -> str:
    return f"an index for {', '.join(structures.answers(cls))} queries"


LEXICON = Need(structures.is_lexicon, _what_index)
"""A lexicon (``is_word``/``has_prefix``), not an index."""
STEPS = LEXICON & Need(structures.can_step, "it cannot step")
"""A lexicon with the stepping extension."""
PATHS = LEXICON & Need(structures.can_solve_natively, structures.native_unavailable)
"""A lexicon whose compiled code runs Boggle's path search."""


def compiled_module(module: str) -> Need:
    """The compiled module ``module`` can be imported here (an install with
    ``LEXIBENCH_NO_COMPILE=1`` has none; :func:`lexibench.structures.builds.compiled` says why),
    asked on first use."""

    def missing(_cls: type) -> str | None:
        from lexibench.structures.builds import compiled  # (its digests' hashlib: on first use)

        return compiled(module).missing

    return Need(lambda cls: missing(cls) is None, missing)


def answering(kind: str) -> Need:
    """A structure whose own methods answer query ``kind`` (an index, or a lexicon's compiled
    walk)."""
    return Need(
        lambda cls: kind in structures.answers(cls),
        lambda cls: (
            structures.native_unavailable(cls)
            or ("it answers none of this game's queries" if structures.is_index(cls) else None)
        ),
    )


def word_tiers(native: Need | None = None) -> TierTable:
    """The tiers of a search that asks words and prefixes: string on every lexicon, step where
    it steps, and native where ``native`` holds."""
    table: TierTable = ((Tier.STRING, LEXICON), (Tier.STEP, STEPS))
    return (*table, (Tier.NATIVE, native)) if native is not None else table


def query_tiers(kind: str) -> TierTable:
    """The tiers of a query game that asks ``kind``: on a lexicon string, step where it steps
    and native where its own compiled code answers the kind; on an index that answers the kind,
    index alone."""
    answers = answering(kind)
    return (*word_tiers(LEXICON & answers), (Tier.INDEX, Need(structures.is_index) & answers))


def offered(table: TierTable, structure: object) -> tuple[Tier, ...]:
    """The tiers ``table`` offers on ``structure`` (an instance, or a class), in its order.

    >>> from lexibench.structures import structure_class
    >>> offered(query_tiers("anagram"), structure_class("dict-trie"))
    (<Tier.STRING: 'string'>, <Tier.STEP: 'step'>)
    >>> offered(query_tiers("anagram"), structure_class("alphagram-map"))
    (<Tier.INDEX: 'index'>,)
    >>> offered(query_tiers("pattern"), structure_class("alphagram-map"))
    ()
    """
    cls = structures.class_of(structure)
    return tuple(tier for tier, need in table if need.holds(cls))


def fastest(tiers: Sequence[Tier]) -> Tier:
    """The fastest of ``tiers`` (``auto``'s choice)."""
    return max(tiers, key=ORDER.index)


def resolve(table: TierTable, structure: object, asked: Tier | str, name: str, serves: str) -> Tier:
    """The tier to run on ``structure`` (an instance, or a class; registry id ``name``):
    ``asked``, or for ``auto`` the fastest ``table`` offers. ``serves``: what the search is, for
    the error (``Boggle``, ``a proof``).

    A structure the table offers no tier, or a tier it does not offer, is an
    :class:`InputError` that names the structure and, where the table's need says it, why.

    >>> from lexibench.structures import structure_class
    >>> resolve(word_tiers(), structure_class("dict-trie"), "auto", "dict-trie", "Boggle")
    <Tier.STEP: 'step'>
    >>> resolve(word_tiers(), structure_class("marisa"), "step", "marisa", "Boggle")
    Traceback (most recent call last):
    ...
    lexibench.solver.errors.InputError: lexicon marisa: has no step tier (it offers: string)
    """
    cls = structures.class_of(structure)
    chosen = Tier(asked)
    have = offered(table, cls)
    if not have:
        why = next((r for _, need in table if (r := need.reason(cls))), None)
        raise InputError(f"lexicon {name}: cannot serve {serves}" + (f" ({why})" if why else ""))
    if chosen is Tier.AUTO:
        return fastest(have)
    if chosen not in have:
        need = dict(table).get(chosen)
        why = need.reason(cls) if need is not None and chosen is Tier.NATIVE else None
        detail = f" ({why})" if why else ""
        listed = ", ".join(tier.value for tier in ORDER if tier in have)
        raise InputError(f"lexicon {name}: has no {chosen} tier{detail} (it offers: {listed})")
    return chosen
