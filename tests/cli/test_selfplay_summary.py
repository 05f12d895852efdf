"""``lexibench selfplay``'s summary (issue 55): the announcement names the match, and the text and
``--json`` name each player (``greedy``, or ``equity`` with its leave values) and give each one's
own results, counted by player whichever seat it took, as games played one by one give them."""

from __future__ import annotations

import json
import math
import random
import re
import statistics
from pathlib import Path
from typing import Any

import pytest

from lexibench import structures
from lexibench.solver.games.crossword.leave_tables import LeaveTable
from lexibench.solver.games.crossword.players import EquityPlayer, greedy
from lexibench.solver.games.crossword.rules import load_rules
from lexibench.solver.games.crossword.selfplay import play
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, MoveGenerator
from lexibench.solver.games.tiles import text_tiles
from lexibench.solver.tiers import Tier
from tests.commands import run
from tests.solver.games.test_crossword_moves import sample_words

#: A leave table that prizes blanks and S and hates Q: the equity player exchanges now and then.
LEAVES = {"?": 25.0, "S": 8.0, "E": 4.0, "ES": 12.5, "Q": -7.0, "I": -1.0, "II": -6.0, "A": 1.0}
GAMES, SEED = 6, 3
HEADER = ["player", "won", "drawn", "lost", "win rate", "mean score", "mean spread", "exchanges"]

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason=str(NATIVE_UNAVAILABLE))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The word list and the leave table (a CSV), as files."""
    folder = tmp_path_factory.mktemp("selfplay")
    words = folder / "words.txt"
    words.write_text("\n".join(sample_words()) + "\n")
    leaves = folder / "prizes.csv"
    leaves.write_text("".join(f"{leave},{value}\n" for leave, value in LEAVES.items()))
    return str(words), str(leaves)


def selfplay(capfd: pytest.CaptureFixture[str], files: tuple[str, str], *argv: str) -> str:
    """``lexibench selfplay`` over the sample words, ``GAMES`` games of seed ``SEED``: its
    output (status 0, nothing on standard error)."""
    common = ["selfplay", "--games", str(GAMES), "--seed", str(SEED), "--wordlist", files[0]]
    status, out, err = run(capfd, *common, *argv)
    assert (status, err) == (0, ""), err
    return out


def expected(against: bool) -> list[dict[str, Any]]:
    """Each player's results, from the games played one by one (game j's bag shuffled as the
    command shuffles it: against a rival, games 2k and 2k + 1 from one bag, the seats swapped):
    the equity player (by the table) first, then the greedy one; each first in every other
    game."""
    generate = MoveGenerator(structures.build_lexicon("kwg", sample_words()), Tier.NATIVE, "words")
    table = LeaveTable.of({text_tiles(k): v for k, v in LEAVES.items()})
    equity, rival = EquityPlayer(generate, table), greedy(generate)
    rules = load_rules("english")
    sides: list[dict[str, Any]] = [{"wins": 0, "draws": 0, "losses": 0, "points": 0, "spread": 0,
                                    "exchanges": 0, "first_in": 0, "games": []}
                                   for _ in range(2)]  # fmt: skip
    for j in range(GAMES):
        seat = j % 2 if against else 0
        first, second = (equity, rival) if seat == 0 else (rival, equity)
        if not against:
            second = equity
        bag = j // 2 if against else j  # against a rival, each pair of games shares its bag
        result = play(rules, first, random.Random(f"selfplay:{SEED}:{bag}"), second=second)
        for side, at in zip(sides, (seat, 1 - seat), strict=True):
            mine, theirs = result.scores[at], result.scores[1 - at]
            side["first_in"] += at == 0
            side["wins"] += mine > theirs
            side["draws"] += mine == theirs
            side["losses"] += mine < theirs
            side["points"] += mine
            side["spread"] += mine - theirs
            side["exchanges"] += result.exchanged[at]
            side["games"].append(mine - theirs)
    return sides


def check_pairs(players: list[dict[str, Any]], sides: list[dict[str, Any]]) -> None:
    """Against a rival, each player's ``spread_stderr``: its pairs' mean spreads' standard
    deviation over the square root of their count."""
    for player, side in zip(players, sides, strict=True):
        spreads = side["games"]
        pairs = [(a + b) / 2 for a, b in zip(spreads[::2], spreads[1::2], strict=False)]
        assert player["pairs"] == len(pairs) == GAMES // 2
        error = statistics.stdev(pairs) / math.sqrt(len(pairs))
        assert player["spread_stderr"] == pytest.approx(error, abs=0.0051)


def check_sides(players: list[dict[str, Any]], sides: list[dict[str, Any]]) -> None:
    """The command's ``players`` are the counted ``sides``, each mean over ``GAMES``."""
    for player, side in zip(players, sides, strict=True):
        for key in ("first_in", "wins", "draws", "losses", "exchanges"):
            assert player[key] == side[key], key
        assert player["mean_score"] == round(side["points"] / GAMES, 2)
        assert player["mean_spread"] == round(side["spread"] / GAMES, 2)
        assert player["win_rate"] == round((side["wins"] + side["draws"] / 2) / GAMES, 4)


def table(text: str) -> list[list[str]]:
    """The players' table of the text summary: each row's cells (at least two blanks apart)."""
    lines = text.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("player ")))
    return [re.split(r" {2,}", line.strip()) for line in lines[start : start + 3]]


def test_against_greedy_names_both_players_and_counts_each_ones_results(
    capfd: pytest.CaptureFixture[str], files: tuple[str, str]
) -> None:
    data = json.loads(selfplay(capfd, files, "--leaves", files[1], "--against", "greedy", "--json"))
    names = ["equity (prizes.csv leaves)", "greedy"]
    assert [p["name"] for p in data["players"]] == names
    assert [(p["player"], p["leaves"]) for p in data["players"]] == [
        ("equity", "prizes.csv"),
        ("greedy", None),
    ]
    sides = expected(against=True)
    check_sides(data["players"], sides)
    check_pairs(data["players"], sides)
    assert data["spread_stderr"] == data["players"][0]["spread_stderr"]
    assert data["pairs"] == GAMES // 2
    assert [p["first_in"] for p in data["players"]] == [GAMES // 2, GAMES // 2]
    assert sum(side["exchanges"] for side in sides) > 0  # the table makes the equity player swap
    assert data["players"][1]["exchanges"] == 0  # the greedy player never exchanges
    equity = data["players"][0]
    assert (data["against"], data["wins"], data["win_rate"], data["mean_spread"]) == (
        "greedy",
        equity["wins"],
        equity["win_rate"],
        equity["mean_spread"],
    )
    assert data["exchanges"] == equity["exchanges"]
    text = selfplay(capfd, files, "--leaves", files[1], "--against", "greedy")
    lines = text.splitlines()
    assert lines[0] == (
        f"{GAMES} games, equity (prizes.csv leaves) against greedy, each first in every other "
        f"game (seed {SEED})"
    )
    rows = table(text)
    assert rows[0] == HEADER
    for row, player in zip(rows[1:], data["players"], strict=True):
        assert row == [
            player["name"],
            str(player["wins"]),
            str(player["draws"]),
            str(player["losses"]),
            f"{player['win_rate']:.1%}",
            f"{player['mean_score']:.2f}",
            f"{player['mean_spread']:+.2f}",
            str(player["exchanges"]),
        ]
    assert lines[-2] == (
        f"equity (prizes.csv leaves): mean spread {equity['mean_spread']:+.2f}, standard error "
        f"{equity['spread_stderr']:.2f} ({GAMES // 2} pairs of games)"
    )
    assert lines[-1] == f"word list {files[0]}, lexicon kwg (native, gaddag)"


def test_the_same_player_on_both_sides_is_told_apart_by_its_seat(
    capfd: pytest.CaptureFixture[str], files: tuple[str, str]
) -> None:
    data = json.loads(selfplay(capfd, files, "--leaves", files[1], "--json"))
    assert [p["name"] for p in data["players"]] == ["equity (prizes.csv leaves)"] * 2
    assert [p["first_in"] for p in data["players"]] == [GAMES, 0]
    assert not {"against", "wins", "spread_stderr"} & set(data)
    assert not {"pairs", "spread_stderr"} & set(data["players"][0])
    check_sides(data["players"], expected(against=False))
    text = selfplay(capfd, files, "--leaves", files[1])
    assert text.splitlines()[0] == (
        f"{GAMES} games, equity (prizes.csv leaves) against equity (prizes.csv leaves) "
        f"(seed {SEED})"
    )
    assert [row[0] for row in table(text)[1:]] == [
        "equity (prizes.csv leaves), first to move",
        "equity (prizes.csv leaves), second to move",
    ]
    text = selfplay(capfd, files)
    assert text.splitlines()[0] == f"{GAMES} games, greedy against greedy (seed {SEED})"
    assert [row[0] for row in table(text)[1:]] == [
        "greedy, first to move",
        "greedy, second to move",
    ]


def test_lexibench_own_leaves_are_named_english(
    capfd: pytest.CaptureFixture[str], files: tuple[str, str]
) -> None:
    out = selfplay(capfd, files, "--leaves", "english", "--against", "greedy", "--json")
    assert [p["name"] for p in json.loads(out)["players"]] == ["equity (english leaves)", "greedy"]


def test_a_leave_file_name_is_shown_safely(
    capfd: pytest.CaptureFixture[str], files: tuple[str, str], tmp_path: Path
) -> None:
    """A file's name goes to the terminal: its control characters are shown escaped."""
    odd = tmp_path / "odd\x1b[2J.csv"
    odd.write_text(Path(files[1]).read_text())
    out = selfplay(capfd, files, "--leaves", str(odd), "--games", "1")
    assert "equity (odd\\x1b[2J.csv leaves) against equity" in out
    assert "\x1b" not in out


def test_against_other_leaves_pairs_the_games_on_one_bag(
    capfd: pytest.CaptureFixture[str], files: tuple[str, str]
) -> None:
    """``--against FILE``: an equity player with other leave values; each pair of games draws
    from one bag, the seats swapped, so that the same leaves on both sides tie every pair."""
    data = json.loads(selfplay(capfd, files, "--leaves", files[1], "--against", files[1], "--json"))
    names = ["equity (prizes.csv leaves)", "equity (prizes.csv leaves)"]
    assert [p["name"] for p in data["players"]] == names
    assert data["against"] == names[1]
    one, other = data["players"]
    assert one["mean_spread"] == other["mean_spread"] == 0  # each pair: the same games, swapped
    assert one["wins"] == other["wins"]
    text = selfplay(capfd, files, "--leaves", files[1], "--against", "english")
    assert "equity (prizes.csv leaves) against equity (english leaves)" in text
    assert [row[0] for row in table(text)[1:]] == [*names[:1], "equity (english leaves)"]
