"""Simulation: the best few candidates by static equity, each played out a few plies with the
unseen tiles drawn at random, judged by the mean result (``lexibench sim``).

This is how Quackle, Macondo and MAGPIE choose a move in analysis and in play. One *iteration*:

1. The unseen tiles (the rule set's less the board's and the rack's; less the other player's
   rack too with ``known_rack``) are shuffled by ``random.Random(f"sim:{seed}:{i}")``; the other
   player draws a full rack from them (or holds its known rack), the rest is the bag.
2. Each candidate in turn is played from that same state, with the same bag, and then ``plies``
   more turns (the other player's reply first), each side playing its best turn by static
   equity (:func:`~.equity.best_turn`'s choice, from the same leave values), drawing from the
   bag as the rules say; an exchange shuffles the bag by ``random.Random(f"sim:{seed}:{i}:x")``.
   The game may end on the way (a player goes out: twice the other's rack; six scoreless turns:
   each loses its own rack), and then no more plies are played.
3. The candidate's *result* is defined as MAGPIE defines it when ranking by spread: the spread
   after the plies less the spread before, plus the *leftover*: the leave values of the last
   two plies played (the rack each kept, by the leave values), counted for the player on turn
   and against the other; with one ply, the candidate's own leave as well.

A candidate's *mean* is the mean of its results, its *standard error* their standard deviation
over the square root of the iterations. Every candidate sees the same draws in an iteration, so
their differences are mostly the moves', not the tiles' luck. The same seed gives the same
numbers on every structure and tier, since they choose the same turns (the one total order of
:func:`~.equity.order`). With ``stop_confidence`` P, after each 16 iterations a candidate is
dropped once its mean plus ``z`` standard errors is below the best one's mean less ``z`` of its
own (``z`` the normal quantile of P): it is beyond reach.

Costs: an iteration is ``candidates x (plies + 1)`` turns, each one best turn by equity
(:func:`~.equity.best_turn`; at the native tier found in C without making every move). At the
native tier a whole iteration is one call into C (:class:`~.movegen.PlayOuts`): the deal, every
candidate's play-out and the exchanges on the way, shuffled by C's copy of Python's Mersenne
Twister (``mersenne.pxi``), which draws as ``random.Random`` does, so the numbers are the same at
every tier. Python keeps the means.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.equity import (
    LeaveMemo,
    Leaves,
    order,
    top_by_equity,
)
from lexibench.solver.games.crossword.moves import Move, pack, parse_coord
from lexibench.solver.games.crossword.players import Action, EquityPlayer, Exchange
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import BLANK, RuleSet
from lexibench.solver.games.crossword.running_mean import RunningMean
from lexibench.solver.games.crossword.selfplay import (
    MAX_ZEROS,
    draw,
    exchange,
    place,
    rack_value,
)
from lexibench.solver.games.crossword.solve import MoveGenerator, PlayOutSpec, seed_number
from lexibench.solver.games.crossword.turn_loop import EXCHANGE, PASS, PLACE, PLAYED
from lexibench.solver.games.tiles import text_tiles

#: Iterations between two looks of the stopping rule.
STOP_EVERY: Final = 16


@dataclass(frozen=True)
class Settings:
    """What a simulation plays (see the module docstring)."""

    candidates: int = 10
    plies: int = 2
    iterations: int = 1000
    """Per candidate (the most, where a candidate is dropped or the time runs out)."""
    seed: int = 1
    known_rack: bool = False
    """Keep the position's other rack instead of drawing one each iteration."""
    time_limit: float | None = None
    stop_confidence: float | None = None


@dataclass
class Candidate:
    """A candidate move, its static equity, and its results so far."""

    move: Move
    results: RunningMean = field(default_factory=RunningMean)
    dropped: bool = False
    """Dropped by the stopping rule (its numbers are those it had then)."""

    def add(self, result: float) -> None:
        """One more iteration's result."""
        self.results.add(result)

    @property
    def iterations(self) -> int:
        """The iterations it was played in."""
        return self.results.count

    @property
    def mean(self) -> float:
        """The mean of its results."""
        return self.results.mean

    @property
    def stderr(self) -> float:
        """The standard error of the mean (0 before two iterations)."""
        return self.results.stderr() or 0.0

    @property
    def equity(self) -> float:
        """The static equity it was chosen by."""
        return self.move.equity or 0.0

    def as_json(self) -> dict[str, Any]:
        """``{"move", "equity", "mean", "stderr", "iterations"}`` (and ``"dropped"``)."""
        out = {
            "move": move_text(self.move),
            "score": self.move.score,
            "leave": self.move.leave,
            "equity": self.equity,
            "mean": round(self.mean, 3),
            "stderr": round(self.stderr, 3),
            "iterations": self.iterations,
        }
        return {**out, "dropped": True} if self.dropped else out


def move_text(move: Move) -> str:
    """A move as a line of the table writes it: ``8D WORD`` (played-through tiles in
    parentheses), ``exchange ABC`` or ``pass``."""
    if move.kind == "exchange":
        return f"exchange {move.returned}"
    if move.kind == "pass":
        return "pass"
    return f"{move.coord} {move.shown()}"


@dataclass
class Simulation:
    """A simulation's candidates and how far it got."""

    position: Position
    settings: Settings
    candidates: list[Candidate]
    iterations: int = 0
    """Iterations run (each plays every candidate not dropped)."""
    seconds: float = 0.0
    stopped: str | None = None
    """What stopped it early: ``time limit``, a signal's name, or None."""
    turns: int = 0
    """Turns chosen in the plies (for the speed)."""

    def ranked(self) -> list[Candidate]:
        """The candidates by mean, highest first (ties: by static equity's order)."""
        return sorted(self.candidates, key=lambda c: (-c.mean, order(c.move)))


@dataclass
class _Game:
    """The state a candidate is played from (player 0 is the one on turn in the position)."""

    rules: RuleSet
    board: bytearray
    racks: tuple[list[int], list[int]]
    scores: list[int]
    bag: list[int]
    zeros: int
    shuffle: str
    """The seed of an exchange's shuffle of the bag (made only where one is played)."""
    over: bool = False
    _random: random.Random | None = None

    def copy(self) -> _Game:
        """Another state like this one, to play out a candidate."""
        return _Game(
            self.rules,
            bytearray(self.board),
            (list(self.racks[0]), list(self.racks[1])),
            list(self.scores),
            list(self.bag),
            self.zeros,
            self.shuffle,
            self.over,
        )

    def turn(self, player: int, action: Action) -> bytes:
        """Play ``action`` for ``player``: the tiles it kept (before drawing)."""
        rules = self.rules
        rack = self.racks[player]
        if isinstance(action, Exchange):
            kept = _kept(rack, action.returned)
            if self._random is None:
                self._random = random.Random(self.shuffle)
            exchange(rack, self.bag, action.returned, self._random)
            self._scoreless()
            return kept
        if action is None:
            self._scoreless()
            return _tiles(rack)
        place(self.board, rack, action, rules.cols)
        kept = _tiles(rack)
        score = action[0]
        self.scores[player] += score
        self.zeros = 0 if score else self.zeros + 1
        draw(rack, self.bag, rules.rack_size)
        if not any(rack):
            self.scores[player] += 2 * rack_value(rules, self.racks[1 - player])
            self.over = True
        elif self.zeros >= MAX_ZEROS:
            self._stuck()
        return kept

    def _scoreless(self) -> None:
        self.zeros += 1
        if self.zeros >= MAX_ZEROS:
            self._stuck()

    def _stuck(self) -> None:
        for k in (0, 1):
            self.scores[k] -= rack_value(self.rules, self.racks[k])
        self.over = True


def _tiles(rack: Sequence[int]) -> bytes:
    """A rack's tiles (counts per tile) as tile numbers, in tile order."""
    return b"".join([_TILE[t] * n for t, n in enumerate(rack) if n])


#: Each tile number as one byte.
_TILE: Final = [bytes([t]) for t in range(27)]


def _kept(rack: list[int], returned: tuple[int, ...]) -> bytes:
    return bytes(t for t in range(27) for _ in range(rack[t] - returned[t]))


def _action(move: Move) -> Action:
    """A candidate :class:`Move` as the action a player's turn takes."""
    if move.kind == "pass":
        return None
    if move.kind == "exchange":
        back = text_tiles(move.returned)
        return Exchange(tuple(back.count(t) for t in range(27)))
    row, col, down = parse_coord(move.coord)
    placed = 0
    for at_row, at_col, _ in move.tiles:
        placed |= 1 << (at_row - row if down else at_col - col)
    return (move.score, down, row, col, move.word, placed)


def unseen(position: Position, known_rack: bool) -> list[int]:
    """The tiles the player on turn does not see: the rule set's less the board's and the
    rack's (and the other rack's, where it is known and kept), in tile order."""
    counts = list(position.rules.counts)
    for tile in position.board:
        if tile:
            counts[0 if tile & BLANK else tile] -= 1
    for tile in position.rack:
        counts[tile] -= 1
    if known_rack and position.other_rack:
        for tile in position.other_rack:
            counts[tile] -= 1
    if any(n < 0 for n in counts):
        raise InputError("the position holds more of a tile than the rule set's bag")
    return [t for t in range(27) for _ in range(counts[t])]


def simulate(
    generator: MoveGenerator,
    position: Position,
    leaves: Leaves,
    settings: Settings,
    stop: Callable[[], bool] = lambda: False,
    progress: Callable[[int], None] = lambda done: None,
) -> Simulation:
    """Simulate ``position`` (see the module docstring). ``stop()`` is asked between iterations
    (True: stop, keeping what is done); ``progress(i)`` is told each iteration done."""
    if settings.known_rack and not position.other_rack:
        raise InputError("--known-rack: the position gives no other rack (CGP: RACK/OTHER)")
    memo = LeaveMemo(leaves)
    rules = position.rules
    first = top_by_equity(generator, position, leaves, settings.candidates, memo)
    sim = Simulation(position, settings, [Candidate(move) for move in first])
    player = EquityPlayer(generator, leaves)
    player.memo = memo  # one memo of the leaves for the candidates and the plies
    actions = [_action(c.move) for c in sim.candidates]
    hidden = unseen(position, settings.known_rack)
    mine = position.rack_counts()
    known = [0] * 27
    for tile in (position.other_rack or b"") if settings.known_rack else b"":
        known[tile] += 1
    scores = list(position.scores or (0, 0))
    spread_before = scores[0] - scores[1]
    in_c = _play_outs(generator, position, settings, actions, hidden, mine, known, memo)
    z = NormalDist().inv_cdf(settings.stop_confidence) if settings.stop_confidence else None
    started = time.perf_counter()
    limit = None if settings.time_limit is None else started + settings.time_limit
    for i in range(settings.iterations):
        if stop():
            sim.stopped = "signal"
            break
        if limit is not None and time.perf_counter() >= limit:
            sim.stopped = "time limit"
            break
        seed = f"sim:{settings.seed}:{i}"
        if in_c is not None:  # the whole iteration in C, with the same draws
            live = [not c.dropped for c in sim.candidates]
            results = in_c.iteration(seed_number(seed), seed_number(seed + ":x"), live)
            for candidate, result in zip(sim.candidates, results, strict=True):
                if result is not None:
                    candidate.add(result)
            sim.turns = in_c.turns
        else:
            bag = list(hidden)
            random.Random(seed).shuffle(bag)
            other = list(known)
            if not settings.known_rack:
                draw(other, bag, rules.rack_size)
            base = _Game(rules, bytearray(position.board), (mine, other), scores, bag,
                         position.zeros, seed + ":x")  # fmt: skip
            for k, candidate in enumerate(sim.candidates):
                if not candidate.dropped:
                    candidate.add(_play_out(base.copy(), actions[k], player, sim, spread_before))
        sim.iterations += 1
        progress(sim.iterations)
        if z is not None and sim.iterations % STOP_EVERY == 0:
            _drop_beyond_reach(sim.candidates, z)
    sim.seconds = time.perf_counter() - started
    return sim


def _play_out(
    game: _Game,
    action: Action,
    player: EquityPlayer,
    sim: Simulation,
    spread_before: int,
) -> float:
    """One candidate's result (``action``, its turn), played out from ``game`` (see the
    module docstring)."""
    rules = game.rules
    plies = sim.settings.plies
    memo = player.memo
    kept = game.turn(0, action)
    leftover = memo.value(kept) if plies == 1 else 0.0
    for ply in range(plies):
        if game.over:
            break
        on_turn = 1 - ply % 2  # the other player replies first
        action = player(rules, bytes(game.board), game.racks[on_turn], len(game.bag))
        sim.turns += 1
        kept = game.turn(on_turn, action)
        if ply >= plies - 2:
            worth = memo.value(kept)
            leftover += worth if on_turn == 0 else -worth
    return game.scores[0] - game.scores[1] - spread_before + leftover


def _play_outs(
    generator: MoveGenerator,
    position: Position,
    settings: Settings,
    actions: list[Action],
    hidden: list[int],
    mine: list[int],
    known: list[int],
    memo: LeaveMemo,
) -> Any | None:
    """The iterations played in C (:meth:`~.solve.MoveGenerator.play_outs`), where the tier
    can: the same results as :func:`_play_out`'s; else None."""
    if not generator.plays_turns:
        return None
    firsts = b"".join(_entry(action) for action in actions)
    spec = PlayOutSpec(
        bytes(position.board), mine, known if settings.known_rack else None, bytes(hidden),
        position.scores or (0, 0), position.zeros, firsts, settings.plies,
    )  # fmt: skip
    return generator.play_outs(position.rules, spec, memo.for_native(generator), MAX_ZEROS)


def _entry(action: Action) -> bytes:
    """A candidate's turn as C's log writes one (:data:`.turn_loop.PLAYED`)."""
    if action is None:
        return PLAYED.pack(0, PASS, 0, 0, 0, b"", b"")
    if isinstance(action, Exchange):
        back = _tiles(action.returned)
        return PLAYED.pack(0, EXCHANGE, len(back), 0, 0, back, b"")
    return PLAYED.pack(0, PLACE, 0, 0, 0, b"", pack(action))


def _drop_beyond_reach(candidates: list[Candidate], z: float) -> None:
    """Drop each candidate whose mean plus ``z`` standard errors is below the best one's mean
    less ``z`` of its own."""
    live = [c for c in candidates if not c.dropped]
    best = max(live, key=lambda c: c.mean)
    line = best.mean - z * best.stderr
    for candidate in live:
        if candidate is not best and candidate.mean + z * candidate.stderr < line:
            candidate.dropped = True
