"""Self-play: two players who each play their highest-scoring move (greedy), or their move of
highest equity (with a leave table: :class:`~.equity.EquityPlayer`).

A game: the bag (every tile of the rule set, or every tile but the blanks) is shuffled by a
seeded ``random.Random``; each player draws a rack; on each turn the player on turn plays the
move its chooser picks: the greedy player the first move in the moves' order (highest score, then
coordinate, then word), or a pass when there is none; the equity player may also exchange (it
draws as many tiles as it returns, then puts the returned tiles in the bag, which is shuffled,
as the rules say). A player draws back up to a full rack after a move. The game ends when a
player has played every tile and the bag is empty (that player adds twice the value of the other's
rack), or after six scoreless turns in a row (each player loses the value of their own rack). The
same seed gives the same game with every generator, tier and backend, since they all give the
same moves. A game may keep its events (:class:`~.gcg_write.Event`: every turn, then the racks'
points at the end), which ``--gcg DIR`` writes as a game record (:mod:`.gcg_write`). The
command, its summary of each player's results and its records: :mod:`.selfplay_command`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lexibench.solver.games.crossword import turn_loop
from lexibench.solver.games.crossword.gcg_write import (
    Event,
)
from lexibench.solver.games.crossword.moves import RawMove, unpack
from lexibench.solver.games.crossword.players import (
    Action,
    Chooser,
    Exchange,
)
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import BLANK, RuleSet
from lexibench.solver.games.crossword.solve import draws_in_c, seed_number

#: Scoreless turns in a row that end a game.
MAX_ZEROS = 6


@dataclass
class Turn:
    """The state before a turn: what a position of the workloads is made from."""

    board: bytes
    racks: tuple[list[int], list[int]]
    """Each player's rack (counts per tile), the player on turn first."""
    scores: tuple[int, int]
    """The player on turn's score first."""
    zeros: int
    bag: int
    """Tiles left in the bag."""
    number: int
    """0 for the first turn."""


@dataclass
class GameResult:
    """A game played: its turns (the state before each), its final scores, the moves played
    and the moves the generators found along the way."""

    turns: list[Turn] = field(default_factory=list)
    scores: list[int] = field(default_factory=lambda: [0, 0])
    played: int = 0
    generated: int = 0
    exchanges: int = 0
    exchanged: list[int] = field(default_factory=lambda: [0, 0])
    """The exchanges of each player, the first to move first."""
    events: list[Event] = field(default_factory=list)
    """Every turn and the end's points, in order (with ``record=True``; else empty)."""


Watch = Callable[[int, bytes | None, int, int], None]
"""Told of each turn: ``(player, the tiles kept or None for an exchange or a pass, the turn's
score, tiles in the bag before the player draws)``."""


def bag_of(rules: RuleSet, blanks: bool = True) -> list[int]:
    """Every tile of the rule set (0: a blank), in tile order."""
    return [t for t in range(27) if t or blanks for _ in range(rules.counts[t])]


def draw(rack: list[int], bag: list[int], size: int) -> None:
    for _ in range(min(size - sum(rack), len(bag))):
        rack[bag.pop()] += 1


def exchange(
    rack: list[int], bag: list[int], returned: tuple[int, ...], rng: random.Random
) -> None:
    """Return ``returned`` (counts per tile) from ``rack``: draw as many first, then put them in
    the bag and shuffle it."""
    count = sum(returned)
    if count > len(bag) or any(rack[t] < n for t, n in enumerate(returned)):
        raise ValueError("an exchange of tiles the rack lacks, or more than the bag holds")
    drawn = [bag.pop() for _ in range(count)]
    for tile, n in enumerate(returned):
        rack[tile] -= n
        bag.extend([tile] * n)
    for tile in drawn:
        rack[tile] += 1
    rng.shuffle(bag)


def rack_value(rules: RuleSet, rack: list[int]) -> int:
    """The points of the tiles on ``rack`` (counts per tile)."""
    return sum(rules.values[t] * n for t, n in enumerate(rack))


def _held(rack: list[int]) -> bytes:
    """A rack's tiles (counts per tile) as tile numbers."""
    return bytes(t for t in range(27) for _ in range(rack[t]))


def _turn(player: int, held: bytes, move: Action) -> Event:
    """The event of a turn: ``player`` holding ``held`` plays ``move``."""
    if move is None:
        return Event(player, "pass", held, 0)
    if isinstance(move, Exchange):
        return Event(player, "exchange", held, 0, move)
    return Event(player, "place", held, move[0], move)


def _stuck(
    rules: RuleSet,
    racks: tuple[list[int], list[int]],
    result: GameResult,
    record: bool,
    counted: bool = False,
) -> GameResult:
    """The end after six scoreless turns: each player loses the value of their own rack
    (``counted``: taken from the scores already, in C; only the events kept)."""
    for k in (0, 1):
        value = rack_value(rules, racks[k])
        if not counted:
            result.scores[k] -= value
        if record:
            result.events.append(Event(k, "stuck", _held(racks[k]), -value))
    return result


def play(
    rules: RuleSet,
    choose: Chooser,
    rng: random.Random | str,
    *,
    blanks: bool = True,
    keep_turns: bool = False,
    counter: Callable[[], int] | None = None,
    watch: Watch | None = None,
    second: Chooser | None = None,
    record: bool = False,
) -> GameResult:
    """Play one game (see the module docstring). ``choose`` picks each turn; ``counter``,
    when given, says how many moves the last choice looked at (summed in ``generated``);
    ``keep_turns`` records the state before every turn; ``blanks=False`` leaves the blanks out
    of the bag; ``watch`` is told every turn (see :data:`Watch`); ``second``, when given, picks
    the second player's turns (``choose`` the first's); ``record`` keeps the game's
    :class:`~.gcg_write.Event` s (``result.events``), what its game record says. ``rng``
    shuffles the bag and each exchange's: a ``random.Random``, or the string that seeds one
    (then, where both players choose by equity at the native tier and nothing is recorded, the
    whole game is one call into C, whose copy of Python's random draws the same tiles)."""
    choosers = (choose, choose if second is None else second)
    bag = bag_of(rules, blanks)
    racks = ([0] * 27, [0] * 27)
    board = bytearray(rules.squares)
    result = GameResult()
    in_c = None if keep_turns or watch is not None else turn_loop.in_c(*choosers)
    if in_c is not None and isinstance(rng, str) and not record and draws_in_c():
        state = turn_loop.State(board, racks, result.scores, bag)
        return _whole_in_c(rules, state, in_c, seed_number(rng), result)
    rng = random.Random(rng) if isinstance(rng, str) else rng
    rng.shuffle(bag)
    for rack in racks:
        draw(rack, bag, rules.rack_size)
    if in_c is not None:  # every turn chosen and played in C: the same game
        state = turn_loop.State(board, racks, result.scores, bag)
        return _played_in_c(rules, state, in_c, rng, result, record)
    scores = result.scores
    zeros = 0
    player = 0
    number = 0
    cols = rules.cols
    while True:
        rack = racks[player]
        if keep_turns:
            result.turns.append(
                Turn(
                    bytes(board),
                    (list(rack), list(racks[1 - player])),
                    (scores[player], scores[1 - player]),
                    zeros,
                    len(bag),
                    number,
                )
            )
        held = _held(rack) if record else b""
        move = choosers[player](rules, bytes(board), rack, len(bag))
        if counter is not None:
            result.generated += counter()
        number += 1
        if record:
            result.events.append(_turn(player, held, move))
        if isinstance(move, Exchange):
            exchange(rack, bag, move.returned, rng)
            result.exchanges += 1
            result.exchanged[player] += 1
            move = None
        if move is None and watch is not None:
            watch(player, None, 0, len(bag))
        if move is None:
            zeros += 1
            if zeros >= MAX_ZEROS:
                return _stuck(rules, racks, result, record)
            player = 1 - player
            continue
        score = move[0]
        place(board, rack, move, cols)
        if watch is not None:
            watch(player, _held(rack), score, len(bag))
        scores[player] += score
        result.played += 1
        zeros = 0 if score else zeros + 1
        draw(rack, bag, rules.rack_size)
        if not any(rack):
            other = racks[1 - player]
            scores[player] += 2 * rack_value(rules, other)
            if record:
                result.events.append(
                    Event(player, "out", _held(other), 2 * rack_value(rules, other))
                )
            return result
        if zeros >= MAX_ZEROS:
            return _stuck(rules, racks, result, record)
        player = 1 - player


def _whole_in_c(
    rules: RuleSet,
    state: turn_loop.State,
    in_c: tuple[Any, tuple[Any, Any]],
    draws: bytes,
    result: GameResult,
) -> GameResult:
    """:func:`play`'s game from its start in one call into C (:func:`.turn_loop.play` with
    ``draws``): the bag's shuffle, the racks, every turn and exchange; the counts read from
    its log (C counted the end's points in the scores)."""
    generator, leaves = in_c
    turns = turn_loop.play(
        generator, rules, state, leaves, turn_loop.WHOLE_GAME, MAX_ZEROS, draws=draws
    )
    result.generated += generator.generated
    for turn in turns:
        if turn.kind == turn_loop.PLACE:
            result.played += 1
        elif turn.kind == turn_loop.EXCHANGE:
            result.exchanges += 1
            result.exchanged[turn.player] += 1
    return result


def _played_in_c(
    rules: RuleSet,
    state: turn_loop.State,
    in_c: tuple[Any, tuple[Any, Any]],
    rng: random.Random,
    result: GameResult,
    record: bool,
) -> GameResult:
    """:func:`play`'s game with every turn chosen and played in C (:mod:`.turn_loop`) but the
    exchanges, played here as :func:`play` plays them."""
    generator, leaves = in_c
    racks = state.racks
    while True:
        turns = turn_loop.play(generator, rules, state, leaves, turn_loop.WHOLE_GAME, MAX_ZEROS)
        result.generated += generator.generated
        for turn in turns:
            if turn.kind == turn_loop.PLACE:
                result.played += 1
            if record and turn.kind != turn_loop.EXCHANGE:
                move = unpack(turn.record)[0] if turn.kind == turn_loop.PLACE else None
                result.events.append(_turn(turn.player, turn.held, move))
        if not turns or turns[-1].kind != turn_loop.EXCHANGE:
            break
        player = state.player
        swap = turns[-1].exchange()
        if record:
            result.events.append(_turn(player, _held(racks[player]), swap))
        exchange(racks[player], state.bag, swap.returned, rng)
        result.exchanges += 1
        result.exchanged[player] += 1
        state.zeros += 1
        if state.zeros >= MAX_ZEROS:
            return _stuck(rules, racks, result, record)
        state.player = 1 - player
    if record and state.over:  # the end's events (C counted its points in the scores)
        last = turns[-1] if turns else None
        if last is not None and last.kind == turn_loop.PLACE and not any(racks[last.player]):
            other = racks[1 - last.player]
            worth = 2 * rack_value(rules, other)
            result.events.append(Event(last.player, "out", _held(other), worth))
        else:
            _stuck(rules, racks, result, record, counted=True)
    return result


def place(board: bytearray, rack: list[int], move: RawMove, cols: int) -> None:
    """Put the tiles ``move`` places on ``board`` (``cols`` squares a row), from ``rack``."""
    _, down, row, col, word, placed = move
    for i, letter in enumerate(word):
        if placed >> i & 1:
            square = (row + i) * cols + col if down else row * cols + col + i
            if letter.islower():
                board[square] = (ord(letter) - 96) | BLANK
                rack[0] -= 1
            else:
                tile = ord(letter) - 64
                board[square] = tile
                rack[tile] -= 1


def position_of(rules: RuleSet, turn: Turn, rack: list[int] | None = None) -> Position:
    """The position before ``turn`` (with ``rack`` instead of the player's own, when given)."""
    mine = turn.racks[0] if rack is None else rack

    def tiles(counts: list[int]) -> bytes:
        return bytes(t for t in [*range(1, 27), 0] for _ in range(counts[t]))

    return Position(
        rules,
        turn.board,
        tiles(mine),
        tiles(turn.racks[1]),
        turn.scores,
        turn.zeros,
    )
