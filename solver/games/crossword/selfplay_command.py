"""``lexibench selfplay``: games played to the end (:mod:`.selfplay` plays each one), each
player's results counted whichever seat it took (:class:`Side`), the report's text and JSON,
and the game records ``--gcg DIR`` writes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.execution import Stop
from lexibench.solver.games.call import Call, Report
from lexibench.solver.games.crossword.gcg_write import RecordFolder, check_folder, record_text
from lexibench.solver.games.crossword.players import (
    Chooser,
    EquityPlayer,
    NamedLeaves,
    Player,
    greedy,
)
from lexibench.solver.games.crossword.rules import RuleSet
from lexibench.solver.games.crossword.running_mean import RunningMean
from lexibench.solver.games.crossword.selfplay import GameResult, play


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
    pairs: RunningMean = field(default_factory=RunningMean)
    """Each pair's mean spread (``paired``: two games from one bag, the seats swapped)."""
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
        self.pairs.add((self._open + mine - theirs) / 2)
        self._open = None

    def spread_stderr(self) -> float | None:
        """The standard error of its mean spread, over the pairs of games counted: the pairs'
        mean spreads' standard deviation over the square root of their count (the luck of the
        draw is shared within a pair, so the pairs are the independent samples); None before
        two pairs, or where the games are not paired."""
        return self.pairs.stderr()

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
            **({"pairs": self.pairs.count, "spread_stderr": _rounded(self.spread_stderr())}
               if self.pairs.count or self._open is not None else {}),
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
            spread_stderr=mine.get("spread_stderr"),  # (none before a game: a signal)
            pairs=mine.get("pairs", 0),
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
