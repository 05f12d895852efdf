"""Every default a job takes when the user names none: the word list, the structure (by game
and by the size of the job), the variant and the tier.

This is the one place that decides them; :mod:`lexibench.solver.plan` applies them once, before
any work, and everything downstream receives the decision. The structure defaults were chosen by
measurement (results/report.md, "Which structure should I use?").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

#: The word list when none is named: web2, which the ``english-words`` package ships.
DEFAULT_WORDLIST: Final = "web2"

#: The structure of every game that names none below: array-trie's native tier is the fastest
#: search and its saved arrays load in a few milliseconds, so it is among the quickest for one
#: board from a cold start and the cheapest from a few boards on.
DEFAULT_STRUCTURE: Final = "array-trie"
#: Where array-trie's native tier is not compiled (an install with LEXIBENCH_NO_COMPILE=1), the
#: defaults measured before it: dawg, the quickest from a cold start, and dict-trie, the fastest
#: interpreted-protocol search, once its longer load is repaid, from :data:`MANY_UNITS` units of
#: work (boards or evaluations; the break-even measured with web2).
ONE_BOARD_STRUCTURE: Final = "dawg"
MANY_BOARDS_STRUCTURE: Final = "dict-trie"
MANY_UNITS: Final = 7_000

#: Games whose search is best served by another structure: the crossword game's native generator
#: walks a KWG array, which holds the word list's DAWG and GADDAG in one.
GAME_STRUCTURES: Final[Mapping[str, str]] = {"crossword": "kwg"}
#: Why, in ``--help``.
GAME_STRUCTURE_WHY: Final[Mapping[str, str]] = {
    "crossword": "the word list's DAWG and GADDAG in one array, which the native move generator "
    "walks",
}

#: The variant a game's lexicon holds when none is asked for, where it is not the words: the
#: crossword game runs Gordon's algorithm over the GADDAG strings.
GAME_VARIANTS: Final[Mapping[str, str]] = {"crossword": "gaddag"}
#: The variant every game can use: a lexicon of the words themselves.
WORDS: Final = "words"

#: The tier when none is asked for: the fastest the structure offers.
DEFAULT_TIER: Final = "auto"


def native_default() -> bool:
    """True when :data:`DEFAULT_STRUCTURE` has its native tier here (it was compiled)."""
    from lexibench import structures

    return structures.backend_info(DEFAULT_STRUCTURE).native


def default_structure(game: str | None = None, units: int = 1) -> str:
    """The structure a job of ``game`` over ``units`` boards (or evaluations) uses when none is
    named.

    >>> default_structure("crossword")
    'kwg'
    >>> default_structure("boggle") == DEFAULT_STRUCTURE or not native_default()
    True
    """
    if game is not None and game in GAME_STRUCTURES:
        return GAME_STRUCTURES[game]
    if native_default():
        return DEFAULT_STRUCTURE
    return MANY_BOARDS_STRUCTURE if units >= MANY_UNITS else ONE_BOARD_STRUCTURE


def depends_on_units(game: str | None) -> bool:
    """True when the size of the job picks ``game``'s default structure."""
    return game not in GAME_STRUCTURES and not native_default()


def describe_default(game: str | None = None) -> str:
    """``game``'s default structure in words, for ``--help``."""
    if game is not None and game in GAME_STRUCTURES:
        return f"{GAME_STRUCTURES[game]}, {GAME_STRUCTURE_WHY[game]}"
    return (
        f"{DEFAULT_STRUCTURE}, the fastest search per board and among the quickest from a cold "
        f"start (measured: see results/report.md); where its native tier is not compiled, "
        f"{ONE_BOARD_STRUCTURE}, or "
        f"{MANY_BOARDS_STRUCTURE} for {MANY_UNITS:,} boards or more"
    )


def default_variant(game: str, variants: tuple[str, ...]) -> str:
    """The variant ``game`` (whose variants are ``variants``) uses when none is asked for."""
    return GAME_VARIANTS.get(game, variants[0])
