"""The games suite's workload: every registered game's seeded workloads, run on every structure
of the registry at every tier (and variant) the game offers it, from the two registries alone.

A case is :class:`GameCase`. The puzzles, the game's word list (normalized under the game's word
rules) and the cap on a structure whose queries scan every word are derived here once per
session, so every case of a workload does the same work per round.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, cast

from lexibench import structures
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.workloads import Cap, is_slow
from lexibench.solver.games.protocol import Game, Workload, plural, workload_tiers
from lexibench.solver.games.registry import game, game_names
from lexibench.solver.tiers import Tier, offered
from lexibench.solver.wordlist import WordList, load_wordlist
from lexibench.structures import Lexicon, Structure

#: The game's brute-force reference is timed on at most this many puzzles of a workload, one
#: round.
REFERENCE_PUZZLES: Final = 10


@dataclass(frozen=True)
class Budget:
    """What a case may spend at one scale of the run (:data:`BUDGETS`), in seconds."""

    scan_s: float
    """A structure that scans every word per query runs the first puzzle of a workload, in one
    round, when that is estimated to take at most this long; else it is not run."""
    round_s: float
    """The longest one round of a case may take: a case whose round would take longer (a
    Python-level tier walking a whole trie for a pattern with a leading ``*``) runs, in one
    round, the first puzzles that fit, and says so."""
    variant_build_s: float
    """A structure builds a game's later variant only when that is estimated to take at most
    this long (:func:`variant_build_note`)."""
    first_s: float | None = None
    """When the first puzzle alone takes longer than this, the case is not run (and says so),
    and a later one that does ends the case's puzzles before it; None: it runs at least the
    first puzzle, whatever that takes."""
    fresh_build_s: float | None = None
    """The crossword suite's build of a lexicon in a fresh process is stopped after this long,
    and the case says so (a GADDAG of a Python-level trie takes minutes); None: no limit."""


#: The budget at each scale (``--lexibench-scale``).
BUDGETS: Final = {
    # full: no puzzle of the run at f817039 took over 9.3 s; a word search through a Python
    # lexicon's protocol may take 20-50 s on one broad condition (length:8-10), which the
    # mixed search workload would otherwise wait for on each slow lexicon
    "full": Budget(scan_s=5.0, round_s=1.0, variant_build_s=10.0, first_s=10.0, fresh_build_s=15.0),
    # quick: make bench-quick within its two minutes; the slower Python-level rows are capped
    # sooner (the full scale measures them)
    "quick": Budget(scan_s=1.0, round_s=0.1, variant_build_s=1.0, first_s=0.3, fresh_build_s=2.0),
}


@dataclass(frozen=True)
class GameCase:
    """One timed case: a game's workload on one structure, variant and tier."""

    game: str
    workload: str
    structure: str
    variant: str
    tier: str

    @property
    def id(self) -> str:
        return (
            f"game={self.game}-workload={self.workload}-structure={self.structure}-"
            f"variant={self.variant}-tier={self.tier}"
        )


def chosen_games(settings: Settings) -> list[str]:
    """The games this run covers (``--lexibench-games``, default every registered one)."""
    chosen = settings.game_list()
    unknown = sorted(set(chosen) - set(game_names()))
    if unknown:
        raise ValueError(f"--lexibench-games: unknown game(s) {', '.join(unknown)}")
    return list(chosen) or game_names()


def chosen_workloads(settings: Settings, name: str) -> list[Workload[Any]]:
    """A game's workloads this run covers: every one (or those ``--lexibench-workloads``
    names), only the headline one at the quick scale."""
    declared = list(game(name).workloads())
    wanted = settings.workload_list()
    if wanted:
        declared = [w for w in declared if w.name in wanted]
    return declared[:1] if settings.scale == "quick" else declared


#: Puzzles per round at the full scale, at most: a workload's declared count beyond it (100 Boggle
#: boards, 50 racks, ...) would lengthen every round of the slow tiers, and ``make bench`` is kept
#: within an hour; ``--lexibench-puzzles`` asks for any count.
FULL_MAX_PUZZLES: Final = 30


def count_of(settings: Settings, workload: Workload[Any]) -> int:
    """Puzzles per round: ``--lexibench-puzzles``, else the workload's own count, at most
    :data:`FULL_MAX_PUZZLES` (or its quick count at the quick scale)."""
    if settings.puzzles:
        return settings.puzzles
    return workload.quick if settings.scale == "quick" else min(workload.count, FULL_MAX_PUZZLES)


def cases(settings: Settings, names: Sequence[str]) -> list[GameCase]:
    """Every case: each game's workloads x structures (lexicons and indexes) x variants x the
    tiers the workload offers each structure (the game's, unless the workload declares its own:
    :func:`~lexibench.solver.games.protocol.workload_tiers`; a structure it cannot serve at all,
    such as an index for a game of prefixes, offers none)."""
    found = []
    for name in chosen_games(settings):
        played = game(name)
        # structure by structure: each is built once for all of the game's workloads
        for structure in names:
            cls = structures.class_of(structures.structure_class(structure))
            for variant in played.variants:
                for workload in chosen_workloads(settings, name):
                    for tier in offered(workload_tiers(played, workload), cls):
                        found.append(GameCase(name, workload.name, structure, variant, tier))
    return found


@cache
def game_words(wordlist: str, name: str) -> WordList:
    """The run's word list normalized under game ``name``'s word rules, loaded once."""
    rules = game(name).word_rules
    return load_wordlist(wordlist, min_length=rules.min_length, q_needs_u=rules.q_needs_u)


@cache
def lexicon_strings(wordlist: str, name: str, variant: str) -> tuple[str, ...]:
    """What a lexicon of ``variant`` holds for game ``name``."""
    return tuple(game(name).lexicon_words(game_words(wordlist, name).words, variant))


@cache
def puzzles(settings: Settings, name: str, workload: str) -> tuple[Any, ...]:
    """The seeded puzzles of one workload (its whole count)."""
    chosen = next(w for w in game(name).workloads() if w.name == workload)
    words = game_words(settings.wordlist, name).words
    return tuple(chosen.generate(settings.seed, count_of(settings, chosen), words))


class _Counting:
    """Counts the queries a search makes, answering from another lexicon."""

    def __init__(self, inner: Lexicon) -> None:
        self.inner = inner
        self.count = 0

    def __len__(self) -> int:
        return len(self.inner)

    def is_word(self, s: str) -> bool:
        self.count += 1
        return self.inner.is_word(s)

    def has_prefix(self, s: str) -> bool:
        self.count += 1
        return self.inner.has_prefix(s)


@cache
def _counted_lexicon(wordlist: str, name: str, variant: str) -> Lexicon:
    """The lexicon :func:`_queries_of_first` counts the queries of, built once per game and
    variant: sorted-list, the cheapest build (a sort: about a second for the crossword's two
    million GADDAG strings, where a trie of dicts takes over ten)."""
    return structures.build_lexicon("sorted-list", lexicon_strings(wordlist, name, variant))


@cache
def _queries_of_first(settings: Settings, name: str, workload: str, variant: str) -> int:
    """The whole-string queries the string tier makes on the workload's first puzzle (the same
    for every structure: they all answer alike)."""
    played: Game[Any, Any] = game(name)
    counting = _Counting(_counted_lexicon(settings.wordlist, name, variant))
    played.solver(counting, Tier.STRING, variant)(puzzles(settings, name, workload)[0])
    return counting.count


@cache
def _characters(wordlist: str, name: str, variant: str) -> int:
    return sum(map(len, lexicon_strings(wordlist, name, variant)))


def variant_build_note(
    settings: Settings, case: GameCase, seconds: dict[tuple[object, ...], float]
) -> str | None:
    """Why ``case`` is not run, when its structure's build of a later variant (the crossword's
    GADDAG strings, about ten times the characters of its words) is estimated to take over the
    scale's :attr:`Budget.variant_build_s`: its build of the first variant, scaled by the
    characters each holds (``seconds``: the builds so far, by ``(structure, game, variant,
    wordlist)``); None to run it. The crossword suite builds every backend's GADDAG, whatever
    it costs, and reports it."""
    first = game(case.game).variants[0]
    took = seconds.get((case.structure, case.game, first, settings.wordlist))
    if case.variant == first or took is None:
        return None
    scale = _characters(settings.wordlist, case.game, case.variant) / max(
        1, _characters(settings.wordlist, case.game, first)
    )
    if took * scale <= BUDGETS[settings.scale].variant_build_s:
        return None
    return (
        f"not run: building its {case.variant} strings would take about {took * scale:,.0f} s "
        f"({scale:,.1f}x the characters of its {first} build, {took:,.1f} s); the crossword "
        "suite times that build"
    )


def cap(settings: Settings, case: GameCase, built: Structure | None) -> Cap:
    """How many of the workload's puzzles ``case`` solves (``built``: the built structure; when
    its queries scan every word, its cost per query is measured to estimate the first puzzle's)."""
    count = len(puzzles(settings, case.game, case.workload))
    unit = game(case.game).unit
    if built is None or not is_slow(case.structure):
        return Cap(count)
    slow = cast(Lexicon, built)  # a linear cost is a lexicon's: a scan per has_prefix
    queries = _queries_of_first(settings, case.game, case.workload, case.variant)
    start = time.perf_counter()
    for probe in ("zzzzzz", "qqqqqq", "xxxxxx", "jjjjjj", "vvvvvv"):
        slow.has_prefix(probe)  # misses: a whole scan each
    per_query = (time.perf_counter() - start) / 5
    estimate = queries * per_query
    if estimate > BUDGETS[settings.scale].scan_s:
        return Cap(
            0,
            f"not run: the first {unit} alone needs {queries:,} queries, each a scan of every "
            f"word (about {estimate:,.0f} s)",
        )
    return Cap(
        1, f"first 1 of the {count} {plural(unit)}, 1 round (a scan of every word per query)"
    )


def budget_cap(
    settings: Settings, case: GameCase, solve: Callable[[Any], Any], chosen: Sequence[Any]
) -> Cap:
    """How many of ``chosen`` (the case's puzzles) fit one round of the scale's
    :attr:`Budget.round_s`: every one, or (solved once, untimed, in order until the budget is
    spent) the first that fit, at least one, to be timed in one round. At a scale with a
    :attr:`Budget.first_s`, the puzzles before the first that alone takes longer (none: not run),
    that puzzle stopped when its time is up (:func:`_deadline`) rather than waited for. At a scale
    without, the puzzle during which the budget runs out counts among them, and is stopped there
    rather than waited for: the timed round solves it whole. The untimed pass is the case's
    warm-up as well."""
    budget = BUDGETS[settings.scale].round_s
    first_s = BUDGETS[settings.scale].first_s
    spent = 0.0
    for done, puzzle in enumerate(chosen, 1):
        limit = first_s if first_s is not None else max(budget - spent, _SHORTEST_DEADLINE)
        overran = False
        start = time.perf_counter()
        try:
            with _deadline(limit):
                solve(puzzle)
        except _OverranError:
            overran = True
        took = time.perf_counter() - start
        spent += took
        if first_s is not None and took > first_s:  # one puzzle over the scale's limit
            unit = game(case.game).unit
            if done == 1:
                return Cap(
                    0,
                    f"not run: its first {unit} alone took over {first_s:g} s, the "
                    f"{settings.scale} scale's limit",
                )
            return Cap(
                done - 1,
                f"first {done - 1} of the {len(chosen)} {plural(unit)}, 1 round (the next took "
                f"over {first_s:g} s, the {settings.scale} scale's limit)",
            )
        if overran or spent > budget:
            unit = game(case.game).unit
            which = f"all {done}" if done == len(chosen) else f"first {done} of the {len(chosen)}"
            return Cap(
                done,
                f"{which} {plural(unit)}, 1 round (a round of all of them would take over "
                f"{budget:g} s)",
            )
    return Cap(len(chosen), round_s=spent)


#: The shortest deadline :func:`budget_cap` sets (a timer of less than a microsecond would be
#: none at all).
_SHORTEST_DEADLINE: Final = 0.001


class _OverranError(Exception):
    """A puzzle ran past its :func:`_deadline`."""


@contextlib.contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """Stop the body with :class:`_OverranError` once ``seconds`` have passed (a real-time timer and
    its signal, as pytest-timeout does), so a case whose puzzle is over its scale's limit costs
    the limit, not the puzzle. Where no timer can be set (no ``seconds``, no ``SIGALRM``, not the
    main thread) the body runs to its end, and its time says the same after it."""
    timer = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if seconds is None or not timer:
        yield
        return

    def overran(signum: int, frame: object) -> None:
        raise _OverranError

    previous = signal.signal(signal.SIGALRM, overran)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
