"""``lexibench selfplay --gcg DIR`` (issue 57): every game played written to DIR as a game record
that ``moves --gcg FILE --strict`` replays, at any turn, whose last totals are the games' results
as the summary counts them; DIR new or empty, anything else refused in one line (status 2) before
a game is played; a run stopped by SIGINT keeps the records of the games it finished."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lexibench.solver.games.crossword.gcg import check_scores, parse_gcg
from lexibench.solver.games.crossword.rules import load_rules
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE
from tests.cli.test_crossword_cli import WORDS
from tests.commands import run

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason=str(NATIVE_UNAVAILABLE))

RULES = load_rules("english")


@pytest.fixture
def wordlist(tmp_path: Path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS.split()) + "\n")
    return str(path)


def refused(capfd: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line of a refusal: status 2, nothing on standard output."""
    status, out, err = run(capfd, *argv)
    assert (status, out) == (2, ""), err
    [line] = err.splitlines()
    assert line.startswith("lexibench: error: --gcg "), line
    return line


def finals(path: Path) -> dict[str, int]:
    """Each player's last total in the record at ``path``, by nickname, after replaying it
    strictly (every placement re-scored, every total checked)."""
    record = parse_gcg(path.read_text(), path.name)
    check_scores(record, RULES, path.name)
    totals = dict.fromkeys(record.players, 0)
    for turn in record.turns:
        totals[record.players[turn.player]] = turn.total
    return totals


def test_each_game_is_a_record_that_replays_and_ends_at_its_result(
    capfd: pytest.CaptureFixture[str], wordlist: str, tmp_path: Path
) -> None:
    leaves = tmp_path / "leaves.csv"
    leaves.write_text("?,25\nS,8\nQ,-9\nV,-6\nE,3\nES,11\n")
    folder = tmp_path / "records"
    games = 6
    status, out, err = run(
        capfd, "selfplay", "--games", str(games), "--seed", "3", "--wordlist", wordlist,
        "--leaves", str(leaves), "--against", "greedy", "--gcg", str(folder), "--json",
    )  # fmt: skip
    assert (status, err) == (0, ""), err
    data = json.loads(out)
    assert data["gcg"] == {"folder": str(folder), "files": games}
    paths = sorted(folder.iterdir())
    assert [p.name for p in paths] == [f"game-{n:04d}.gcg" for n in range(1, games + 1)]
    equity, greedy = data["players"]
    wins = points = spread = 0
    for number, path in enumerate(paths, 1):
        text = path.read_text()
        first = "equity" if number % 2 else "greedy"  # each first in every other game
        assert f"#player1 {first} " in text
        assert "#player1 equity equity (leaves.csv leaves)" in text or "#player2 equity " in text
        assert "#lexicon words.txt" in text
        assert f"seed 3, game {number} of {games} (english rules)" in text
        totals = finals(path)
        wins += totals["equity"] > totals["greedy"]
        points += totals["equity"]
        spread += totals["equity"] - totals["greedy"]
        turns = text.count("\n>")
        for turn in (1, turns // 2, turns):
            status, _, err = run(capfd, "moves", "--gcg", str(path), "--turn", str(turn),
                                 "--strict", "--wordlist", wordlist, "--top", "1")  # fmt: skip
            assert (status, err) == (0, ""), (path.name, turn, err)
    assert (equity["wins"], greedy["losses"]) == (wins, wins)
    assert equity["mean_score"] == round(points / games, 2)
    assert equity["mean_spread"] == round(spread / games, 2)


def test_the_summary_names_the_folder_and_a_new_folder_is_made(
    capfd: pytest.CaptureFixture[str], wordlist: str, tmp_path: Path
) -> None:
    folder = tmp_path / "new"
    status, out, err = run(capfd, "selfplay", "--games", "2", "--wordlist", wordlist,
                           "--gcg", str(folder))  # fmt: skip
    assert (status, err) == (0, ""), err
    assert out.splitlines()[-1] == f"game records: 2 GCG files in {folder}"
    assert sorted(p.name for p in folder.iterdir()) == ["game-0001.gcg", "game-0002.gcg"]
    for path in folder.iterdir():
        assert "#player1 greedy1 greedy\n#player2 greedy2 greedy\n" in path.read_text()
        finals(path)
    empty = tmp_path / "empty"
    empty.mkdir()
    status, out, _ = run(capfd, "selfplay", "--games", "1", "--wordlist", wordlist, "--gcg",
                         str(empty), "--json")  # fmt: skip
    assert status == 0
    assert json.loads(out)["gcg"]["files"] == 1
    status, out, _ = run(capfd, "selfplay", "--games", "1", "--wordlist", wordlist, "--json")
    assert "gcg" not in json.loads(out)  # no folder asked: none written, none named


def test_a_folder_that_is_not_empty_is_refused_before_any_game(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "game-0001.gcg").write_text("mine\n")
    # refused before the word list is looked at, and so before any game
    line = refused(capfd, "selfplay", "--wordlist", str(tmp_path / "missing.txt"),
                   "--gcg", str(folder))  # fmt: skip
    assert line.endswith("the folder is not empty (it holds game-0001.gcg); give a new or "
                         "empty folder")  # fmt: skip
    assert [p.name for p in folder.iterdir()] == ["game-0001.gcg"]
    assert (folder / "game-0001.gcg").read_text() == "mine\n"


def test_a_file_or_a_folder_in_no_folder_is_refused(
    capfd: pytest.CaptureFixture[str], wordlist: str, tmp_path: Path
) -> None:
    mine = tmp_path / "notes.txt"
    mine.write_text("mine\n")
    line = refused(capfd, "selfplay", "--wordlist", wordlist, "--gcg", str(mine))
    assert line.endswith("it is a file, not a folder (give a new or empty folder)")
    assert mine.read_text() == "mine\n"
    line = refused(capfd, "selfplay", "--wordlist", wordlist, "--gcg", str(tmp_path / "a" / "b"))
    assert line.endswith(f"its folder {tmp_path / 'a'} does not exist")
    assert not (tmp_path / "a").exists()
    line = refused(capfd, "selfplay", "--wordlist", wordlist, "--gcg", wordlist)
    assert "which would be written over" in line


def test_a_stopped_run_keeps_the_games_it_wrote(wordlist: str, tmp_path: Path) -> None:
    """SIGINT: the game under way ends, is written, and no other starts; every file is whole,
    one per game the summary counts, and no temporary is left."""
    folder = tmp_path / "records"
    argv = [sys.executable, "-m", "lexibench", "selfplay", "--games", "1000000", "--wordlist",
            wordlist, "--gcg", str(folder), "--json"]  # fmt: skip
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            if folder.is_dir() and len(os.listdir(folder)) >= 3:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGINT, err
    data = json.loads(out)
    assert data["stopped"] == "SIGINT"
    names = sorted(os.listdir(folder))
    assert names == [f"game-{n:07d}.gcg" for n in range(1, data["games"] + 1)]
    assert data["gcg"]["files"] == data["games"] >= 3
    for name in names:
        finals(folder / name)
