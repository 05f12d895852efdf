"""A job's plan: the structure, tier, variant, word list and where to run, decided once.

A command (or a caller in Python) states what the user asked as a :class:`Request`; :func:`resolve`
applies the defaults (:mod:`lexibench.solver.defaults`), checks every choice against the game and
the structure's class, and returns a :class:`Plan` before any word list is read or anything is
built. Everything downstream receives the plan and never decides any of it again: the structure
opened (:func:`open_plan`), the tier the search runs, the variant the lexicon holds, the
processes or cluster the work goes to.

The structure a job uses when none is named is chosen here alone (:func:`chosen_structure`): by
every command's plan, ``lexibench build``'s (:func:`lexicon_of`) and the Python API's
:func:`open_lexicon`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexibench import structures
from lexibench.solver import defaults
from lexibench.solver.errors import InputError
from lexibench.solver.execution import DEFAULT_DASK_TIMEOUT, HERE, Dask, Processes, Where
from lexibench.solver.games.command import VariantOption
from lexibench.solver.lexicons import (
    WORDS,
    LexiconSpec,
    Notify,
    Opened,
    open_spec,
    open_words,
    structure_of,
)
from lexibench.solver.tiers import Tier, TierTable
from lexibench.solver.tiers import resolve as resolve_tier
from lexibench.solver.word_rules import DEFAULT_MIN_LENGTH, WordRules
from lexibench.solver.wordlist import DEFAULT_LIMITS, Capitalised, Limits

if TYPE_CHECKING:
    from lexibench.solver.games.protocol import Game


@dataclass(frozen=True)
class Request:
    """What the user asked for, as given: None (or ``auto``) leaves a choice to the defaults."""

    structure: str | None = None
    """A registry id (``--lexicon``)."""
    tier: Tier | str = defaults.DEFAULT_TIER
    variant: str | None = None
    wordlist: str | None = None
    """A word-list name, a path or ``-``."""
    lexicon_file: Path | None = None
    """A file written by ``lexibench build``: it carries its structure and word list."""
    min_length: int | None = None
    """The shortest word (None: the game's rule)."""
    capitalised: Capitalised | None = None
    cache: bool = True
    limits: Limits = DEFAULT_LIMITS
    verbose: bool = False
    """Say on standard error where the word list and the structure came from."""
    jobs: int = 1
    scheduler: str | None = None
    dask_workers: int | None = None
    dask_timeout: float = DEFAULT_DASK_TIMEOUT


@dataclass(frozen=True)
class Plan:
    """A request resolved: every choice made and checked."""

    game: str
    structure: str
    """The registry id of the structure the search asks."""
    tier: Tier
    """The tier the search runs (never ``auto``)."""
    variant: str
    lexicon: LexiconSpec
    """What to open, in a form other processes can open too."""
    where: Where
    verbose: bool = False

    @property
    def rules(self) -> WordRules:
        """The word rules the word list is normalized under."""
        return self.lexicon.rules


def where_of(request: Request) -> Where:
    """Where the request asks the work to run (checked: ``--jobs`` beside a cluster, a word
    list on standard input for a cluster)."""
    if request.scheduler is None and request.dask_workers is None:
        return Processes(request.jobs) if request.jobs > 1 else HERE
    option = "--scheduler" if request.scheduler is not None else "--dask-workers"
    if request.jobs != 1:
        raise InputError(f"give --jobs or {option}, not both (the cluster's workers do the work)")
    if request.wordlist == "-":
        raise InputError(f"--wordlist - cannot go with {option}: workers cannot read this stdin")
    return Dask(request.scheduler, request.dask_workers, request.dask_timeout)


def chosen_variant(game: Game[Any, Any], asked: str | None) -> str:
    """The variant ``asked`` (None: the game's default), checked against the game's."""
    variant = asked or defaults.default_variant(game.name, game.variants)
    if variant not in game.variants:
        raise InputError(
            f"game {game.name} has no lexicon variant {variant!r} (it has: "
            f"{', '.join(game.variants)})"
        )
    return variant


def check_storable(
    game: Game[Any, Any], structure: str, cls: type, variant: str, words: str | None = None
) -> None:
    """A structure that cannot store the variant's strings (array-trie holds the letters a-z
    alone; the GADDAG strings hold a separator) is refused from its class. ``words``: the option
    that asks for the words instead, in the error (default: the game's own, as ``--algorithm
    dawg``)."""
    if variant == defaults.WORDS:
        return
    sample = "".join(game.lexicon_words(["ab"], variant))
    why = structures.unstorable(cls, sample)
    if why:
        instead = words or _words_option(game) or "another variant"
        raise InputError(
            f"lexicon {structure} cannot hold {game.name}'s {variant} strings ({why}); "
            f"use {instead}, or another --lexicon"
        )


def _words_option(game: Game[Any, Any]) -> str | None:
    """The game's option and value that choose the words themselves (``--algorithm dawg``)."""
    for command in game.commands:
        for entry in command.options:
            if isinstance(entry, VariantOption):
                for name, variant in entry.names.items():
                    if variant == defaults.WORDS:
                        return f"{entry.flag} {name}"
    return None


def chosen_structure(game: str | None, asked: str | None, units: int = 1) -> str:
    """The structure a job of ``game`` over ``units`` boards (or evaluations) runs on: ``asked``
    (a registry id), else the default (:func:`~lexibench.solver.defaults.default_structure`).
    The one place it is chosen; whatever opens it is handed the choice.

    >>> chosen_structure("crossword", None), chosen_structure("crossword", "dawg")
    ('kwg', 'dawg')
    """
    return asked or defaults.default_structure(game, units)


def lexicon_of(game: Game[Any, Any], request: Request, units: int = 1) -> tuple[str, LexiconSpec]:
    """The structure ``request`` runs ``game`` on (:func:`chosen_structure`, or the one its
    lexicon file holds) and what to open (:class:`~lexibench.solver.lexicons.LexiconSpec`): the
    word list, the game's word rules (the minimum length asked), the variant
    (:func:`chosen_variant`), the options checked to go together. Nothing is read but a lexicon
    file's header."""
    rules = WordRules(
        request.min_length if request.min_length is not None else game.word_rules.min_length,
        game.word_rules.q_needs_u,
    )
    variant = chosen_variant(game, request.variant)
    spec = LexiconSpec(
        structure=request.structure,
        wordlist=request.wordlist,
        lexicon_file=request.lexicon_file,
        rules=rules,
        capitalised=request.capitalised,
        cache=request.cache,
        limits=request.limits,
        game=game.name if variant != defaults.WORDS else None,
        variant=variant,
    )
    spec.check()
    if request.lexicon_file is not None:
        return spec.held_structure(), spec  # the file holds its own (the one asked, checked)
    structure = chosen_structure(game.name, request.structure, units)
    return structure, spec._replace(structure=structure)


def resolve(
    game: Game[Any, Any],
    request: Request,
    units: int = 1,
    tiers: TierTable | None = None,
    serves: str | None = None,
) -> Plan:
    """The plan of ``request`` for ``game`` and a job of ``units`` (boards or evaluations: the
    default structure may depend on it). ``tiers``: the search's tiers when not the game's own;
    ``serves``: what the search is, in errors (the game's title).

    Every choice is checked here, from the structure's class, before any word list is read:
    conflicting options, an unknown or unavailable structure, a structure that cannot serve the
    game or lacks the tier asked, a variant the game lacks or the structure cannot store, where
    the work runs. Each is one :class:`InputError`.

    >>> from lexibench.solver.games.registry import game
    >>> plan = resolve(game("anagram"), Request("alphagram-map"))
    >>> plan.structure, plan.tier.value, plan.variant
    ('alphagram-map', 'index', 'words')
    """
    where = where_of(request)
    structure, spec = lexicon_of(game, request, units)
    table = tiers if tiers is not None else game.tiers
    cls = structure_of(structure, table, serves or game.title)  # the id's one check
    tier = resolve_tier(table, cls, request.tier, structure, serves or game.title)
    if request.lexicon_file is None:
        check_storable(game, structure, cls, spec.variant)
    return Plan(game.name, structure, tier, spec.variant, spec, where, request.verbose)


def open_plan(
    plan: Plan,
    note: Callable[[str], None] | None = None,
    waiting: Callable[[str], None] | None = None,
) -> Opened:
    """The structure ``plan`` names, opened (from the cache, a file, or built from the word
    list) and frozen out of the garbage collector (it lives as long as the job); ``note`` is
    told where the word list and the structure came from when the plan is verbose, ``waiting``
    that it is being built."""
    opened = open_spec(plan.lexicon, waiting=waiting, freeze=True)
    if plan.verbose and note is not None:
        note(opened.wordlist.report())
        note(f"lexicon {opened.id}: {opened.describe(cache=plan.lexicon.cache)}")
    return opened


def open_lexicon(
    structure: str | None = None,
    wordlist: str | Path = defaults.DEFAULT_WORDLIST,
    *,
    min_length: int = DEFAULT_MIN_LENGTH,
    q_needs_u: bool = True,
    capitalised: Capitalised | str | None = None,
    cache: bool = True,
    limits: Limits = DEFAULT_LIMITS,
    units: int = 1,
    notify: Notify | None = None,
    waiting: Notify | None = None,
    game: str | None = None,
    variant: str = WORDS,
) -> Opened:
    """The structure ``structure`` (default: :func:`chosen_structure`'s for ``game`` and
    ``units`` boards) over the word list ``wordlist`` (a name, a path or ``-``), for a caller
    without a command: from the cache when it holds it, else built (and then cached, unless
    ``cache`` is False). ``min_length`` and ``q_needs_u`` are the game's word rules (the defaults
    are Boggle's). ``variant``: what it holds, the words or another of ``game``'s variants
    (:attr:`lexibench.solver.games.Game.variants`). ``notify`` (default: standard error) is told
    of a cache entry that cannot be used, ``waiting`` that the structure is built.

    An unknown or unavailable structure fails before any work
    (:func:`~lexibench.solver.lexicons.structure_of`).

    >>> opened = open_lexicon("dawg", "wordlists/tiny.txt", cache=False)
    >>> opened.id, opened.lexicon.is_word("seat"), opened.lexicon.has_prefix("sea")
    ('dawg', True, True)
    """
    name = chosen_structure(game, structure, units)
    structure_of(name)  # a caller without a plan: nothing checked the id yet
    policy = Capitalised(capitalised) if capitalised is not None else None
    return open_words(
        name, wordlist, WordRules(min_length, q_needs_u), policy, cache, limits, notify, waiting,
        game, variant,
    )  # fmt: skip
