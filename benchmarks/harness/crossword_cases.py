"""What the crossword suite's cases share (``suites/bench_crossword.py`` and its cases beside
MAGPIE, ``suites/crossword_peer.py``): the headline workload's positions and Macondo's benchmark
position, the reference's answers on them, the ``kwg`` lexicons of the game's words and of their
GADDAG strings, lexibench's leave model as a KLV2 table, the native generators and what a case
times on each position (every move, the best by score, the best turn by equity), the check of an
answer against the reference's, and a ``lexibench selfplay`` process timed from outside. Each is
made once per session.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Final

from lexibench import structures
from lexibench.benchmarks.harness import games
from lexibench.benchmarks.harness.recording import library_version, wordlist_ref
from lexibench.benchmarks.harness.records import (
    EquityRecord,
    PeerSelfPlay,
    SelfPlayRecord,
    WordListRef,
)
from lexibench.benchmarks.harness.settings import Settings
from lexibench.solver.games.crossword.equity import LeaveMemo, Leaves, top_by_equity
from lexibench.solver.games.crossword.leave_model import default as default_leaves
from lexibench.solver.games.crossword.leave_tables import RESOLUTION, LeaveTable
from lexibench.solver.games.crossword.moves import Moves, coord
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import load_rules
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, LeaveValues, MoveGenerator
from lexibench.solver.games.registry import game as game_of
from lexibench.solver.tiers import Tier
from lexibench.solver.wordlist import WordList

GAME: Final = "crossword"
VARIANTS: Final = ("words", "gaddag")
#: The native cases' third generator: the words' KWG, the moves spelled from its word map.
WORD_MAP: Final = "word-map"
GENERATORS: Final = (*VARIANTS, WORD_MAP)
#: The workload whose positions the native cases split by blanks.
HEADLINE: Final = "mid"
#: How many of its positions they split (more than a games-suite round: the native generator is
#: fast, and each count of blanks needs positions of its own).
NATIVE_POSITIONS: Final = 30
#: ... at the quick scale (each checked against the brute-force reference, the suite's cost there).
QUICK_POSITIONS: Final = 9
#: Macondo's movegen benchmark position (movegen_test.go, BenchmarkJustMovegen: ~118 us with
#: its "America" lexicon on its author's machine), as MAGPIE's VS_MATT.
VS_MATT: Final = (
    "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/"
    "5I1N3N3/3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6 AABDELT/ 0/0 0"
)


def words(settings: Settings) -> WordList:
    """The game's word list (normalized under its word rules)."""
    return games.game_words(settings.wordlist, GAME)


def kwg_fields(settings: Settings) -> tuple[str, str | None, WordListRef]:
    """The first fields of a record of ``kwg`` over the game's words: the backend, its
    library's version and the word list."""
    return "kwg", library_version("kwg"), wordlist_ref(words(settings))


def magpie_fields(settings: Settings) -> tuple[str, str | None, WordListRef]:
    """The first fields of a record of MAGPIE beside lexibench over the game's words: the peer,
    its version (of the checkout ``LEXIBENCH_MAGPIE`` names) and the word list."""
    from lexibench.benchmarks.peers import magpie

    return magpie.NAME, magpie.version(magpie.folder()), wordlist_ref(words(settings))


def selfplay_record(
    settings: Settings,
    games_count: int,
    outputs: Sequence[dict[str, Any]],
    cpu_seconds: float,
    *,
    variant: str,
    players: str,
    peer: PeerSelfPlay | None = None,
) -> SelfPlayRecord:
    """The record of ``games_count`` games of self-play whose processes printed ``outputs``
    (``lexibench selfplay --json``), once every round is checked to have played the same games."""
    first = outputs[0]
    same = ("games", "moves_played", "moves_generated")
    assert all(o[k] == first[k] for o in outputs for k in same), "the rounds played other games"
    assert first["games"] == games_count, f"{first['games']} games played, not {games_count}"
    return SelfPlayRecord(
        *kwg_fields(settings),
        games_count,
        variant=variant,
        tier="native",
        seed=settings.seed,
        moves_played=first["moves_played"],
        moves_generated=first["moves_generated"],
        cpu_seconds=cpu_seconds,
        players=players,
        peer=peer,
    )


def equity_record(
    settings: Settings,
    output: dict[str, Any],
    cpu_seconds: float,
    *,
    variant: str,
    against: str = "greedy",
    against_sha256: str | None = None,
) -> EquityRecord:
    """The record of a process of ``lexibench selfplay --leaves english --against ...
    --json`` (its ``output``): the first player's results (lexibench's leave model), checked to
    be an equity player's; against a leave table, its name and digest, and the spread's
    standard error over the pairs of games."""
    mine = output["players"][0]  # the equity player's results, then its rival's
    assert mine["player"] == "equity", mine
    paired = against != "greedy"
    return EquityRecord(
        *kwg_fields(settings),
        output["games"],
        variant=variant,
        tier="native",
        seed=settings.seed,
        leaves=mine["leaves"],
        wins=mine["wins"],
        draws=mine["draws"],
        win_rate=mine["win_rate"],
        mean_spread=mine["mean_spread"],
        exchanges=mine["exchanges"],
        cpu_seconds=cpu_seconds,
        against=against,
        against_sha256=against_sha256,
        pairs=output["pairs"] if paired else None,
        spread_stderr=output["spread_stderr"] if paired else None,
    )


_KWG: dict[tuple[str, str], structures.Lexicon] = {}


def kwg(settings: Settings, variant: str) -> structures.Lexicon:
    """``kwg`` over the game's words (or their GADDAG strings), once per session."""
    key = (settings.wordlist, variant)
    if key not in _KWG:
        strings = games.lexicon_strings(settings.wordlist, GAME, variant)
        _KWG[key] = structures.build_lexicon("kwg", strings)
    return _KWG[key]


@cache
def positions(settings: Settings) -> tuple[Position, ...]:
    """The headline workload's positions: :data:`NATIVE_POSITIONS` (:data:`QUICK_POSITIONS` at
    the quick scale; ``--lexibench-puzzles`` when given), at least 3, so that 0, 1 and 2 blanks
    all occur."""
    workload = next(w for w in game_of(GAME).workloads() if w.name == HEADLINE)
    default = QUICK_POSITIONS if settings.scale == "quick" else NATIVE_POSITIONS
    count = max(settings.puzzles or default, 3)
    return tuple(workload.generate(settings.seed, count, words(settings).words))


def with_blanks(settings: Settings, blanks: int) -> list[int]:
    """The indexes of the :func:`positions` whose rack holds ``blanks`` blanks."""
    return [i for i, p in enumerate(positions(settings)) if p.rack.count(0) == blanks]


@cache
def reference_moves(settings: Settings) -> tuple[Moves, ...]:
    """The reference's moves on each of :func:`positions`."""
    solve = game_of(GAME).reference(words(settings).words)
    return tuple(solve(position) for position in positions(settings))


@cache
def expected(settings: Settings) -> tuple[Any, ...]:
    """The reference's answer (its key) on each of :func:`positions`."""
    return tuple(game_of(GAME).key(moves) for moves in reference_moves(settings))


def reference_key(settings: Settings, position: Position) -> Any:
    """The reference's answer (its key) on one more ``position``."""
    played = game_of(GAME)
    return played.key(played.reference(words(settings).words)(position))


def generator(settings: Settings, variant: str) -> MoveGenerator:
    """The native generator of ``variant`` (one of :data:`GENERATORS`), doing each position's
    whole work, its cross-sets too (nothing kept from the call before: the peer's board
    preparation is timed and added as well)."""
    word_map = variant == WORD_MAP
    lexicon = kwg(settings, "words" if word_map else variant)
    algorithm = "words" if word_map else variant
    return MoveGenerator(lexicon, Tier.NATIVE, algorithm, word_map=word_map, keep_cross_sets=False)


def solver(
    generator: MoveGenerator, mode: str, leaves: Leaves | None = None
) -> Callable[[Position], Any]:
    """What a case times on each position: every move (``all``), the best by score
    (``best``), or the best turn by equity (``equity``: with ``leaves``, lexibench's leave
    model where None), its leaves valued once across the positions, as a player keeps them."""
    if mode == "best":

        def best(position: Position) -> Any:
            rules = position.rules
            return generator.best_raw(rules, position.board, position.rack_counts())

        return best
    if mode == "equity":
        memo = LeaveMemo(default_leaves() if leaves is None else leaves)

        def by_equity(position: Position) -> Any:
            return top_by_equity(generator, position, memo.leaves, 1, memo)[0]

        return by_equity
    return generator


@cache
def leave_table() -> bytes:
    """lexibench's own leave model written as a KLV2 table: the leaves both sides of a peer case
    value alike (a peer reads only a table; by score it is unused)."""
    model = default_leaves()
    leaves = model.leaves(load_rules("english"))
    if NATIVE_UNAVAILABLE is None:  # the same values (tested), summed in C: 2 s -> 0.1 s
        native = LeaveValues(model.value, model.linear_form())
        return LeaveTable.of(
            {leave: native.millipoints(leave) / RESOLUTION for leave in leaves}
        ).to_bytes()
    return LeaveTable.of({leave: model.value(leave) for leave in leaves}).to_bytes()


def solve_all(solve: Callable[[Position], Any], positions: Sequence[Position]) -> list[Any]:
    """``solve`` on each of ``positions``: a round of a case."""
    return [solve(position) for position in positions]


def check(answer: Any, expected: Any, mode: str, what: str) -> None:
    """Every move (``all``), or the first in order (``best``), as the reference's answer."""
    if mode == "all":
        assert game_of(GAME).key(answer) == expected, f"{what} disagrees with the reference"
        return
    first = min(expected, key=lambda m: (-m[2], m[0], m[1]), default=None)
    found = (
        None if answer is None else (coord(answer[2], answer[3], answer[1]), answer[4], answer[0])
    )
    assert found == first, f"{what}: the best move disagrees with the reference"


class Process:
    """One run of a ``lexibench`` command printing JSON, a round of a case: its CPU seconds (the
    children's, measured from here) and its output are kept."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.command = command
        self.env = env
        self.cpu: list[float] = []
        self.outputs: list[dict[str, Any]] = []

    def __call__(self) -> None:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(
            self.command, env=self.env, capture_output=True, text=True, check=False
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert done.returncode == 0, done.stderr
        self.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        self.outputs.append(json.loads(done.stdout))


def selfplay_command(settings: Settings, games_count: int, options: Sequence[str]) -> list[str]:
    """``lexibench selfplay --games N --json`` with ``options``, over ``kwg`` at the native tier,
    on the run's word list, seeded by the run's seed."""
    return [
        sys.executable, "-m", "lexibench", "selfplay", "--games", str(games_count),
        "--seed", str(settings.seed), "--wordlist", settings.wordlist, "--lexicon", "kwg",
        "--tier", "native", *options, "--json",
    ]  # fmt: skip
