"""Named, seeded workloads shared by the benchmark suites, and the caps on slow baselines.

Everything is derived from one word list and one seed, so a run can be repeated exactly: boards
per size for the Boggle suites (the games' own workloads are :mod:`.games`'), query sets for the
look-up suite, and the scaling sweeps.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from lexibench import structures
from lexibench.solver.draws import shuffled
from lexibench.solver.games.boggle import search
from lexibench.solver.games.boggle.board import Board, parse_size
from lexibench.solver.games.boggle.dice import default_dice, random_boards
from lexibench.solver.games.boggle.solve import SearchLoops, find_words
from lexibench.structures import Lexicon

#: A backend that declares a linear cost (``cost="linear"`` in the registry: the unsorted list)
#: scans the whole list for every miss: with the default list one 4x4 board takes tens of
#: seconds. It runs on the first boards of the same seeded set, or the first queries of the same
#: query set, in a group of its own, and the tables say so.
SLOW_MAX_CELLS: Final = 25
"""Largest board the slow baseline solves (one board): a 6x6 board takes minutes."""
SLOW_QUERIES: Final = 20

QUERY_SETS: Final = ("hits", "misses", "prefix-2", "prefix-4", "prefix-8", "mixed")


def is_slow(backend: str) -> bool:
    """True for a backend whose queries scan every word (its declared cost class)."""
    return structures.backend_info(backend).cost == "linear"


@dataclass(frozen=True)
class Cap:
    """How much of a workload one backend runs, and why."""

    count: int
    note: str | None = None
    round_s: float | None = None
    """How long one round of the ``count`` puzzles took, when an untimed pass measured it."""


def board_cap(backend: str, size: str, boards: int) -> Cap:
    """How many of the ``boards`` seeded boards of ``size`` the backend solves."""
    if is_slow(backend):
        rows, cols = parse_size(size)
        if rows * cols > SLOW_MAX_CELLS:
            return Cap(0, f"not run: one {size} board takes minutes with a linear scan per query")
        n = min(boards, 1)
        return Cap(n, f"first {n} of the {boards} boards, 1 round (a linear scan per query)")
    return Cap(boards)


def query_cap(backend: str, queries: int) -> Cap:
    """How many queries of each set the backend answers."""
    if is_slow(backend):
        n = min(queries, SLOW_QUERIES)
        return Cap(n, f"first {n} of the {queries} queries (a linear scan per query)")
    return Cap(queries)


def boards_for(size: str, count: int, seed: int, dice: str | None = None) -> list[Board]:
    """``count`` seeded boards of ``size`` from ``dice``: by default the new dice for 4x4,
    letter frequency otherwise."""
    rows, cols = parse_size(size)
    return list(random_boards(rows, cols, dice or default_dice(rows, cols), seed, count))


def count_words(
    boards: list[Board], lexicon: Lexicon, tier: str = "auto", loops: SearchLoops = search
) -> list[int]:
    """Solve every board (the timed work of the solve suites); the words found on each."""
    return [len(find_words(board, lexicon, tier=tier, loops=loops)) for board in boards]


def query_sets(words: tuple[str, ...], seed: int, count: int) -> dict[str, list[str]]:
    """Named query sets drawn from ``words`` (sorted, distinct).

    ``hits``: stored words. ``misses``: a stored word with one letter changed so that no stored
    word starts with it (neither a word nor a prefix). ``prefix-k``: the first k letters of stored
    words longer than k. ``mixed``: half hits, a quarter misses, a quarter prefixes of length 4.
    """
    rng = random.Random(seed)
    vocab = set(words)
    prefixes = {w[:i] for w in words for i in range(1, len(w))}
    letters = "abcdefghijklmnopqrstuvwxyz"

    def sample(pool: list[str] | tuple[str, ...], n: int) -> list[str]:
        return [pool[int(rng.random() * len(pool))] for _ in range(n)] if pool else []

    hits = sample(words, count)
    misses: list[str] = []
    while len(misses) < count:
        word = words[int(rng.random() * len(words))]
        pos = int(rng.random() * len(word))
        candidate = word[:pos] + letters[int(rng.random() * 26)] + word[pos + 1 :]
        if candidate not in vocab and candidate not in prefixes:
            misses.append(candidate)
    sets = {"hits": hits, "misses": misses}
    for k in (2, 4, 8):
        pool = [w for w in words if len(w) > k]
        sets[f"prefix-{k}"] = [w[:k] for w in sample(pool, count)]
    quarter = count // 4
    mixed = hits[: count - 2 * quarter] + misses[:quarter] + sets["prefix-4"][:quarter]
    sets["mixed"] = shuffled(rng, mixed)
    return sets


# --- scaling sweeps -------------------------------------------------------------------------

BOARD_BUDGET_MS: Final = 2_000
"""A backend goes on to the next board size only while its ms/board stays within this."""
ALL_WORDS: Final = 0
"""Stands for "the whole list" among the dictionary sizes."""


@dataclass(frozen=True)
class Sweep:
    """The points of a scaling sweep."""

    name: str
    dict_sizes: tuple[int, ...]
    dict_boards: int
    slow_max_words: int
    """The unsorted list runs dictionary sizes up to this (one board each)."""
    board_sizes: tuple[str, ...]
    boards_per_size: dict[str, int]
    bulk_counts: tuple[int, ...]
    rounds: int
    bulk_rounds: int = 5
    """Alternating rounds of the bulk runs' second-core cases at the largest count."""


SWEEPS: Final = {
    "smoke": Sweep(
        name="smoke",
        dict_sizes=(1_000, 2_000, ALL_WORDS),
        dict_boards=2,
        slow_max_words=1_000,
        board_sizes=("3x3", "4x4", "6x6"),
        boards_per_size={"3x3": 2, "4x4": 2, "6x6": 1},
        bulk_counts=(20,),
        rounds=1,
        bulk_rounds=1,
    ),
    "reduced": Sweep(
        name="reduced",
        dict_sizes=(10_000, 25_000, 50_000, 100_000, ALL_WORDS),
        dict_boards=30,
        slow_max_words=25_000,
        board_sizes=("3x3", "4x4", "5x5", "6x6", "8x8", "10x10"),
        boards_per_size={"3x3": 20, "4x4": 20, "5x5": 20, "6x6": 10, "8x8": 5, "10x10": 3},
        bulk_counts=(10_000, 100_000),
        rounds=3,
    ),
    "full": Sweep(
        name="full",
        dict_sizes=(10_000, 25_000, 50_000, 100_000, ALL_WORDS),
        dict_boards=100,
        slow_max_words=ALL_WORDS,
        board_sizes=("3x3", "4x4", "5x5", "6x6", "8x8", "10x10", "12x12", "15x15", "20x20"),
        boards_per_size={
            "3x3": 50,
            "4x4": 50,
            "5x5": 50,
            "6x6": 20,
            "8x8": 10,
            "10x10": 5,
            "12x12": 3,
            "15x15": 2,
            "20x20": 1,
        },
        bulk_counts=(10_000, 100_000),
        rounds=5,
    ),
}


def sweep(name: str) -> Sweep:
    """The named sweep: ``reduced`` (the default run), ``full``, or ``smoke`` (the tests)."""
    if name not in SWEEPS:
        raise ValueError(f"sweep {name!r}: choose one of {', '.join(SWEEPS)}")
    return SWEEPS[name]


def nested_subset(words: tuple[str, ...], count: int, seed: int) -> tuple[str, ...]:
    """The first ``count`` words of one seeded shuffle, sorted: a smaller count of the same seed
    is always a subset of a larger one. ``ALL_WORDS`` (0) or a count past the end gives all."""
    if count == ALL_WORDS or count >= len(words):
        return words
    order = shuffled(random.Random(seed), words)
    return tuple(sorted(order[:count]))


def dictionary_cap(backend: str, count: int, sweep: Sweep) -> Cap:
    """Boards the backend solves at this dictionary size."""
    if is_slow(backend):
        if sweep.slow_max_words != ALL_WORDS and (
            count == ALL_WORDS or count > sweep.slow_max_words
        ):
            return Cap(0, f"not run past {sweep.slow_max_words:,} words in the {sweep.name} sweep")
        return Cap(1, f"first 1 of the {sweep.dict_boards} boards, 1 round (a linear scan)")
    return Cap(sweep.dict_boards)
