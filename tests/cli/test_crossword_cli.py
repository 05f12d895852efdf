"""``lexibench moves`` and ``lexibench selfplay``: the JSON shape, the options, every bad input in
one line; lexicon files and cache entries holding the GADDAG strings."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests.commands import run

EMPTY = "/".join(["15"] * 15)
MID = "15/15/15/15/15/15/15/7QAT5/7I7/7D7/15/15/15/15/15 AEINST?/ 30/0 0"
WORDS = """\
aa ab ad ae ai at ax ba be bi da de ea ed ee ef ei el em en er es et ex fa fe id if in
is it la li ma me na ne oe oi on or os pa pe qi re sa si ta te ti xi za ate eat eta tea tae sat
sea set tes sit its tis ait tie ties site sate seat east eats teas etas quit qat qats aid aids
said dais sad tad tads dint dints tain tains satin stain saint antis instead detains sainted
stained satined retinas retains stainer nastier antsier ratines retsina stearin anestri
"""


@pytest.fixture
def wordlist(tmp_path: Path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS.split()) + "\n")
    return str(path)


def moves_json(capfd: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capfd, "moves", *argv, "--json")
    assert (status, err) == (0, ""), err
    data: dict[str, Any] = json.loads(out)
    return data


def test_moves_json_shape(capfd: pytest.CaptureFixture[str], wordlist: str) -> None:
    data = moves_json(capfd, MID, "--wordlist", wordlist)
    assert set(data) == {"count", "moves"}
    moves = data["moves"]
    assert isinstance(moves, list)
    assert isinstance(data["count"], int)
    assert len(moves) == 10 < data["count"]
    for move in moves:
        assert set(move) == {"coord", "word", "score", "leave", "tiles"}
        assert isinstance(move["score"], int)
        assert isinstance(move["leave"], str)
        for row, col, letter in move["tiles"]:
            assert 0 <= row < 15
            assert 0 <= col < 15
            assert len(letter) == 1
    order = [(-m["score"], m["coord"], m["word"]) for m in moves]
    assert order == sorted(order)
    everything = moves_json(capfd, MID, "--wordlist", wordlist, "--all")
    assert len(everything["moves"]) == everything["count"] == data["count"]
    assert everything["moves"][:10] == moves
    top = moves_json(capfd, MID, "--wordlist", wordlist, "--top", "3")
    assert top["moves"] == moves[:3]


def test_a_move_as_json(capfd: pytest.CaptureFixture[str], wordlist: str) -> None:
    """QAT across from H8 and QID down from H8: S hooked after QAT (K8, row 7 and column 10
    from 0), natural or blank, is two moves; a blank's letter is in lower case."""
    data = moves_json(capfd, MID, "--wordlist", wordlist, "--all")
    moves = {(m["coord"], m["word"]): m for m in data["moves"]}
    qats = moves[("8H", "QATS")]
    assert qats["tiles"] == [[7, 10, "S"]]
    assert qats["leave"] == "AEINT?"
    blank_qats = moves[("8H", "QATs")]
    assert blank_qats["tiles"] == [[7, 10, "s"]]
    assert blank_qats["leave"] == "AEINST"
    assert qats["score"] == blank_qats["score"] + 1
    down = [m for m in data["moves"] if m["coord"][0].isalpha()]
    assert down


@pytest.mark.parametrize(
    "options",
    [
        ["--algorithm", "dawg"],
        ["--algorithm", "gaddag", "--tier", "step"],
        ["--algorithm", "dawg", "--tier", "string", "--lexicon", "marisa"],
        ["--algorithm", "gaddag", "--tier", "step", "--lexicon", "dict-trie"],
        ["--lexicon", "sqlite", "--no-cache"],
    ],
)
def test_every_algorithm_tier_and_lexicon_gives_the_same_moves(
    capfd: pytest.CaptureFixture[str], wordlist: str, options: list[str]
) -> None:
    native = moves_json(capfd, MID, "--wordlist", wordlist, "--all")
    assert moves_json(capfd, MID, "--wordlist", wordlist, "--all", *options) == native


def test_moves_from_standard_input_and_as_text(
    capfd: pytest.CaptureFixture[str], wordlist: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(MID + "\n"))
    status, out, err = run(capfd, "moves", "-", "--wordlist", wordlist, "--top", "2")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == list("ABCDEFGHIJKLMNO")
    assert lines[8].split() == ["8", *["."] * 7, "Q", "A", "T", *["."] * 5]
    assert "rack AEINST?" in out
    assert "lexicon kwg (native, gaddag)" in out
    assert "score  coord  word" in out
    assert ", the best 2" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["15/15 A"], "position: board: 2 rows separated by '/', the board has 15"),
        ([f"{EMPTY} ABCDEFGH"], "rack 'ABCDEFGH': 8 tiles, a rack holds at most 7"),
        ([MID, "--lexicon", "array-trie"], "array-trie cannot hold crossword's gaddag strings"),
        ([MID, "--tier", "native", "--lexicon", "dict-trie"], "has no native tier"),
        ([MID, "--top", "3", "--all"], "not allowed with argument"),
        ([MID, "--top", "0"], "must be at least 1"),
        ([MID, "--rules", "klingon"], "rule set 'klingon'"),
        ([MID, "--algorithm", "trie"], "invalid choice"),
        ([MID, "--lexicon", "nosuch"], "unknown lexicon 'nosuch'"),
    ],
)
def test_bad_input_is_one_line(
    capfd: pytest.CaptureFixture[str], wordlist: str, argv: list[str], message: str
) -> None:
    status, out, err = run(capfd, "moves", *argv, "--wordlist", wordlist)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("lexibench: error: ")
    assert message in err


def test_a_position_from_standard_input_is_one_line(
    capfd: pytest.CaptureFixture[str], wordlist: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(MID + "\n" + MID + "\n"))
    status, out, err = run(capfd, "moves", "-", "--wordlist", wordlist)
    assert (status, out) == (2, "")
    assert "position from standard input: expected one line, got 2" in err


def test_selfplay_reports_games_and_moves_per_second(
    capfd: pytest.CaptureFixture[str], wordlist: str
) -> None:
    common = ["selfplay", "--games", "3", "--seed", "4", "--wordlist", wordlist, "--json"]
    status, out, err = run(capfd, *common)
    assert (status, err) == (0, ""), err
    data = json.loads(out)
    assert {"games", "seed", "seconds", "games_per_second", "moves_played", "moves_per_second",
            "moves_generated", "lexicon", "tier", "algorithm"} <= set(data)  # fmt: skip
    assert (data["games"], data["seed"], data["lexicon"]) == (3, 4, "kwg")
    assert data["moves_played"] > 3
    assert data["games_per_second"] > 0
    status, out, _ = run(capfd, *common, "--word-map", "no")
    walked = json.loads(out)  # every move made at each turn, as the other tiers make them
    assert status == 0
    assert data["moves_generated"] < walked["moves_generated"]  # spelled, bounded
    for options in (
        ["--tier", "step", "--algorithm", "dawg"],
        ["--lexicon", "dict-trie"],
        ["--word-map", "no"],
    ):
        status, out, _ = run(capfd, *common, *options)
        again = json.loads(out)
        assert status == 0
        for field in ("moves_played", "players"):
            assert again[field] == data[field], (options, field)
        assert again["moves_generated"] == walked["moves_generated"], options
    status, out, err = run(capfd, *common, "--tier", "step", "--word-map", "yes")
    assert (status, out) == (2, "")
    assert "--word-map yes: the word map is spelled at the native tier, not step" in err
    status, out, _ = run(capfd, "selfplay", "--games", "2", "--wordlist", wordlist)
    assert status == 0
    assert "2 games, greedy against greedy (seed 1)" in out
    assert "games/s" in out
    assert "moves/s" in out


def test_a_position_beyond_the_bag_is_read_with_a_warning_unless_strict(
    capfd: pytest.CaptureFixture[str], wordlist: str
) -> None:
    """Three blanks (the engines' test positions hold such): listed with a one-line warning;
    ``--strict`` refuses it before any word list is read."""
    position = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AE???/"
    status, out, err = run(capfd, "moves", position, "--wordlist", wordlist, "--top", "1")
    assert status == 0
    assert err.splitlines() == [
        "warning: position: 3 blank tiles on the board and the racks; the rule set english has "
        "2; no bag holds it (its moves are listed all the same)"
    ]
    assert "moves, the best 1" in out
    status, out, err = run(capfd, "moves", position, "--strict", "--wordlist", "/nonexistent")
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        "lexibench: error: position: 3 blank tiles on the board and the racks; the rule set "
        "english has 2"
    ]


def test_selfplay_by_equity(
    capfd: pytest.CaptureFixture[str], wordlist: str, tmp_path: Path
) -> None:
    """``--leaves``: both players choose by equity; the same games through every tier."""
    from lexibench.solver.games.crossword.leave_tables import LeaveTable
    from lexibench.solver.games.tiles import text_tiles

    leaves = tmp_path / "leaves.csv"
    leaves.write_text("?,25\nS,8\nQ,-9\nV,-6\nE,3\nES,11\n")
    common = ["selfplay", "--games", "3", "--seed", "2", "--wordlist", wordlist, "--json"]
    status, out, err = run(capfd, *common, "--leaves", str(leaves))
    assert (status, err) == (0, ""), err
    data = json.loads(out)
    assert [p["name"] for p in data["players"]] == ["equity (leaves.csv leaves)"] * 2
    assert data["games"] == 3
    klv2 = tmp_path / "leaves.klv2"
    table = LeaveTable.of({text_tiles(k): v for k, v in {"?": 25, "S": 8, "Q": -9, "V": -6,
                                                          "E": 3, "ES": 11}.items()})  # fmt: skip
    klv2.write_bytes(table.to_bytes())
    status, out, _ = run(capfd, *common, "--leaves", str(klv2), "--tier", "step")
    again = json.loads(out)
    assert [p["name"] for p in again["players"]] == ["equity (leaves.klv2 leaves)"] * 2
    for field in ("moves_played", "exchanges"):
        assert again[field] == data[field], field
    for side, other in zip(again["players"], data["players"], strict=True):
        assert {**side, "name": "", "leaves": ""} == {**other, "name": "", "leaves": ""}
    status, out, _ = run(capfd, *common)
    assert [p["name"] for p in json.loads(out)["players"]] == ["greedy", "greedy"]


def test_a_gaddag_lexicon_file(
    capfd: pytest.CaptureFixture[str], wordlist: str, tmp_path: Path
) -> None:
    saved = tmp_path / "gaddag.lexicon"
    status, _, err = run(
        capfd, "build", "--game", "crossword", "--variant", "gaddag", "--lexicon", "dict-trie",
        "--wordlist", wordlist, "--output", str(saved),
    )  # fmt: skip
    assert status == 0
    assert "(crossword's gaddag strings)" in err
    from_file = moves_json(capfd, MID, "--lexicon-file", str(saved), "--all", "--tier", "step")
    assert from_file == moves_json(capfd, MID, "--wordlist", wordlist, "--all")
    status, out, err = run(capfd, "moves", MID, "--lexicon-file", str(saved), "--algorithm", "dawg")
    assert (status, out) == (2, "")
    assert "holds crossword's gaddag strings, this search needs the words" in err
    status, _, err = run(
        capfd, "build", "--game", "boggle", "--variant", "gaddag", "--output", str(saved)
    )
    assert status == 2
    assert "game boggle has no lexicon variant 'gaddag' (it has: words)" in err


def test_the_cache_keeps_the_two_variants_apart(
    capfd: pytest.CaptureFixture[str], wordlist: str
) -> None:
    dawg = moves_json(
        capfd, MID, "--wordlist", wordlist, "--algorithm", "dawg", "--lexicon", "marisa"
    )
    gaddag = moves_json(capfd, MID, "--wordlist", wordlist, "--lexicon", "marisa")
    assert dawg == gaddag
    again = moves_json(
        capfd, MID, "--wordlist", wordlist, "--algorithm", "dawg", "--lexicon", "marisa"
    )
    assert again == dawg
    status, out, _ = run(capfd, "cache", "--json", "--backend", "marisa")
    assert status == 0
    entries = json.loads(out)
    assert {entry["variant"] for entry in entries} >= {None, "crossword:gaddag"}


@pytest.mark.parametrize(
    ("rows", "why"),
    [
        ("15/15/15/15/15/15/15/3QAT9/15/15/15/15/15/15/15", "the start square H8 is empty"),
        (
            "15/15/15/15/15/15/15/7QAT5/15/15/15/15/15/15/AB13",
            "the tile at A15 is not joined to the start square by tiles",
        ),
    ],
)
def test_a_position_no_game_reaches_is_answered_after_a_warning(
    capfd: pytest.CaptureFixture[str], wordlist: str, rows: str, why: str
) -> None:
    status, out, err = run(capfd, "moves", f"{rows} AEINST?", "--wordlist", wordlist, "--json")
    assert status == 0
    assert (
        err == f"warning: position: {why}; no game reaches it (its moves are listed all the same)\n"
    )
    assert json.loads(out)["count"] > 0
