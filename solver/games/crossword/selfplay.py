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
same moves. The command's summary counts each player's results (wins, mean final score, ...)
by player, whichever seat it took in each game. With ``--gcg DIR`` each game is also kept as
its events (:class:`~.gcg_write.Event`: every turn, then the racks' points at the end) and
written to DIR as a game record (:mod:`.gcg_write`); without it nothing is kept.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.execution import Stop
from lexibench.solver.games.call import Call, Report
from lexibench.solver.games.crossword import turn_loop
from lexibench.solver.games.crossword.gcg_write import (
    Event,
    RecordFolder,
    check_folder,
    record_text,
)
from lexibench.solver.games.crossword.moves import RawMove, unpack
from lexibench.solver.games.crossword.players import (
    Action,
    Chooser,
    EquityPlayer,
    Exchange,
    NamedLeaves,
    Player,
    greedy,
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


@dataclass
class Side:
    """One player's results over the games of a run, whichever seat it took in each."""

    player: Player
    first_in: int = 0
    """The games it moved first in."""
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: int = 0
    """Its final scores, summed."""
    spread: int = 0
    """Its final score less the other's, summed."""
    exchanges: int = 0
    pairs: int = 0
    """The pairs of games counted (``paired``: two games from one bag, the seats swapped)."""
    _pair_mean: float = 0.0
    _pair_squares: float = 0.0
    _open: int | None = None
    """The spread of a pair's first game, until its second is counted."""

    def add(self, result: GameResult, seat: int, paired: bool = False) -> None:
        """Count game ``result``, in which it sat at ``seat`` (0: it moved first); ``paired``:
        the games come in pairs (the second of each from the first's bag, the seats swapped),
        and each pair's mean spread is one sample of :meth:`spread_stderr`."""
        mine, theirs = result.scores[seat], result.scores[1 - seat]
        self.first_in += seat == 0
        self.wins += mine > theirs
        self.draws += mine == theirs
        self.losses += mine < theirs
        self.points += mine
        self.spread += mine - theirs
        self.exchanges += result.exchanged[seat]
        if not paired:
            return
        if self._open is None:
            self._open = mine - theirs
            return
        sample = (self._open + mine - theirs) / 2  # Welford's running mean and squares
        self._open = None
        self.pairs += 1
        delta = sample - self._pair_mean
        self._pair_mean += delta / self.pairs
        self._pair_squares += delta * (sample - self._pair_mean)

    def spread_stderr(self) -> float | None:
        """The standard error of its mean spread, over the pairs of games counted: the pairs'
        mean spreads' standard deviation over the square root of their count (the luck of the
        draw is shared within a pair, so the pairs are the independent samples); None before
        two pairs, or where the games are not paired."""
        n = self.pairs
        return math.sqrt(self._pair_squares / (n - 1) / n) if n > 1 else None

    def as_dict(self, games: int) -> dict[str, Any]:
        """Its results for ``--json``: who it is, then its counts and its means over ``games``."""
        count = games or 1  # no game played: every mean is 0
        return {
            "name": self.player.name,
            "player": self.player.kind,
            "leaves": self.player.leaves,
            "first_in": self.first_in,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round((self.wins + self.draws / 2) / count, 4),
            "mean_score": round(self.points / count, 2),
            "mean_spread": round(self.spread / count, 2),
            "exchanges": self.exchanges,
            **({"pairs": self.pairs, "spread_stderr": _rounded(self.spread_stderr())}
               if self.pairs or self._open is not None else {}),
        }  # fmt: skip


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def selfplay(call: Call) -> Report:
    """``lexibench selfplay``: games played to the end, greedy or by equity (``--leaves``), the
    equity player against another with ``--against`` (the greedy one, or an equity player with
    other leaves), each pair of games with the same bag and the seats swapped; timed (not the
    lexicon's loading, nor the records' writing), with what they played and found and each player's
    results. ``--gcg DIR``: each game is written to DIR as it ends, a game record (GCG) that
    ``moves --gcg`` replays; DIR (new or empty) is checked before the lexicon is opened."""
    from lexibench.solver.games.crossword.rules import load_rules
    from lexibench.solver.games.crossword.solve import MoveGenerator, word_map_choice

    options = call.options
    rules = load_rules(options["rules"])
    against: str | NamedLeaves | None = options.get("against")  # "greedy", or leave values
    leaves: NamedLeaves | None = options.get("leaves")
    if against is not None and leaves is None:
        raise InputError("--against: give --leaves, the first player's leave values")
    gcg: str | None = options.get("gcg")
    if gcg is not None:
        check_folder(gcg, rules)  # before the lexicon is opened, and any game played
    plan = call.plan()
    spell = word_map_choice(options.get("word_map", "auto"), plan.tier, many_turns=True)
    opened = call.open(plan)
    generator = MoveGenerator(opened.lexicon, plan.tier, plan.variant, spell)
    choose: Chooser = (
        greedy(generator) if leaves is None else EquityPlayer(generator, leaves.values)
    )
    rival: Chooser | None = None
    rival_leaves = against if isinstance(against, NamedLeaves) else None
    if against is not None:
        rival = (
            greedy(generator)
            if rival_leaves is None
            else EquityPlayer(generator, rival_leaves.values)
        )
    one = Side(Player.of(leaves))
    other = Side(one.player if rival is None else Player.of(rival_leaves))

    def generated() -> int:
        return generator.generated

    asked, seed = options["games"], options["seed"]
    records = None if gcg is None else _Records(gcg, asked, seed, rules, opened.wordlist.name)
    games = played = found = exchanged = 0
    writing = 0.0
    stop = Stop()
    started = time.perf_counter()
    with call.session.stopping(stop) as caught:  # a signal: no game starts after this one
        for j in range(asked):
            if stop.is_set():
                break
            # a rival: each first in every other game, each pair of games with the same bag
            rng = f"selfplay:{seed}:{j if rival is None else j // 2}"  # (play seeds with it)
            seat = j % 2 if rival is not None else 0
            keep = records is not None
            if rival is None:
                result = play(rules, choose, rng, counter=generated, record=keep)
            else:
                first, second = (choose, rival) if seat == 0 else (rival, choose)
                result = play(rules, first, rng, counter=generated, second=second, record=keep)
            one.add(result, seat, paired=rival is not None)
            other.add(result, 1 - seat, paired=rival is not None)
            games += 1
            played += result.played
            exchanged += result.exchanges
            found += result.generated
            if records is not None:  # written as it ends: a stopped run keeps it
                began = time.perf_counter()
                seats = (one, other) if seat == 0 else (other, one)
                records.write(j, result, (seats[0].player, seats[1].player))
                writing += time.perf_counter() - began
    seconds = time.perf_counter() - started - writing  # the games', not the records' writing
    call.session.phase("search")
    rate = 1 / seconds if seconds > 0 else 0.0
    data: dict[str, Any] = {
        "games": games,
        "seed": seed,
        **({"against": other.player.name} if rival is not None else {}),
        "seconds": round(seconds, 6),
        "games_per_second": round(games * rate, 3),
        "moves_played": played,
        "moves_per_second": round(played * rate, 3),
        "moves_generated": found,
        "generated_per_second": round(found * rate, 3),
        "players": [one.as_dict(games), other.as_dict(games)],
        "draws": one.draws,
        "exchanges": exchanged,
        "lexicon": plan.structure,
        "tier": plan.tier.value,
        "algorithm": generator.algorithm,
        "wordlist": opened.wordlist.name,
    }
    if rival is not None:  # the equity player's, as "players" gives them first
        mine = data["players"][0]
        data.update(
            wins=mine["wins"],
            win_rate=mine["win_rate"],
            mean_spread=mine["mean_spread"],
            spread_stderr=mine["spread_stderr"],
            pairs=mine["pairs"],
        )
    if records is not None:
        data["gcg"] = {"folder": records.folder.path, "files": records.folder.written}
    if caught.name is not None:
        data["stopped"] = caught.name
    of = f" of {asked:,}, stopped by {caught.name}" if caught.name is not None else ""
    return Report(lambda: data, lambda: summary(data, of), caught.signum)


class _Records:
    """``--gcg DIR``: the folder, made now (checked before the lexicon was opened), and what
    each game's record says besides its events."""

    def __init__(self, path: str, asked: int, seed: int, rules: RuleSet, wordlist: str) -> None:
        from pathlib import PurePath

        self.folder = RecordFolder(path, asked).create()
        self.asked, self.seed, self.rules = asked, seed, rules
        self.lexicon = PurePath(wordlist).name or wordlist

    def write(self, j: int, result: GameResult, players: tuple[Player, Player]) -> None:
        """Write game ``j`` (from 0), ``players`` the first to move first."""
        from lexibench import __version__

        description = (
            f"lexibench {__version__} selfplay, seed {self.seed}, game {j + 1} of {self.asked} "
            f"({self.rules.name} rules)"
        )
        self.folder.write(j + 1, record_text(result.events, players, self.lexicon, description))


#: The columns of the players' table: heading, the field of :meth:`Side.as_dict`, its format.
_COLUMNS: Final = (
    ("won", "wins", "{:,}"),
    ("drawn", "draws", "{:,}"),
    ("lost", "losses", "{:,}"),
    ("win rate", "win_rate", "{:.1%}"),
    ("mean score", "mean_score", "{:.2f}"),
    ("mean spread", "mean_spread", "{:+.2f}"),
    ("exchanges", "exchanges", "{:,}"),
)


def summary(data: dict[str, Any], stopped: str = "") -> str:
    """The text of ``lexibench selfplay``'s report ``data`` (its ``--json``): the match, the
    speed, a table of each player's results (a draw counts half in the win rate; the spread is
    its final score less the other's; the same player on both sides is named by its seat too),
    and the lexicon. ``stopped`` follows the count of games (`` of 10, stopped by SIGINT``)."""
    games = data["games"]
    players = data["players"]
    names = [side["name"] for side in players]
    match = f"{names[0]} against {names[1]}"
    if names[0] == names[1] and "against" in data:  # alike, each first in every other game
        names = [f"{names[0]}, player 1", f"{names[1]}, player 2"]
    elif names[0] == names[1]:  # the same player on both sides, each always in the same seat
        names = [f"{names[0]}, first to move", f"{names[1]}, second to move"]
    seating = ", each first in every other game" if "against" in data else ""
    rows = [["player", *(heading for heading, _, _ in _COLUMNS)]]
    rows += [
        [name, *(form.format(side[key]) for _, key, form in _COLUMNS)]
        for name, side in zip(names, players, strict=True)
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    table = [
        "  ".join([row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in range(1, len(row))])
        for row in rows
    ]
    return "\n".join(
        [
            f"{games:,} game{'s' if games != 1 else ''}{stopped}, {match}{seating} "
            f"(seed {data['seed']})",
            f"in {data['seconds']:.3f} s: {data['games_per_second']:,.1f} games/s; "
            f"{data['moves_played']:,} moves played: {data['moves_per_second']:,.0f} moves/s "
            f"({data['moves_generated']:,} moves generated, {data['generated_per_second']:,.0f}/s)",
            *table,
            *_paired(data, names[0]),
            f"word list {data['wordlist']}, lexicon {data['lexicon']} "
            f"({data['tier']}, {data['algorithm']})",
            *_written(data),
        ]
    )


def _paired(data: dict[str, Any], name: str) -> list[str]:
    """The line giving the first player's mean spread with its standard error over the pairs
    of games (``--against``), where there are two pairs or more."""
    if data.get("spread_stderr") is None:
        return []
    return [
        f"{name}: mean spread {data['mean_spread']:+.2f}, standard error "
        f"{data['spread_stderr']:.2f} ({data['pairs']:,} pairs of games)"
    ]


def _written(data: dict[str, Any]) -> list[str]:
    """The line naming the records written (``--gcg DIR``), if any were asked for."""
    if "gcg" not in data:
        return []
    from lexibench.structures.files import printable

    files, folder = data["gcg"]["files"], printable(data["gcg"]["folder"])
    return [f"game records: {files:,} GCG file{'s' if files != 1 else ''} in {folder}"]
