"""Game records (GCG): parsed, replayed, and stood at any turn; bad records refused in one line
naming the file and the line; ``moves --gcg``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.gcg import parse_gcg, position_at, read_gcg
from lexibench.solver.games.crossword.position import rack_text, to_cgp
from lexibench.solver.games.crossword.rules import BLANK, load_rules

GAME = """#character-encoding UTF-8
#player1 ann Ann Example
#player2 bob Bob Example
#lexicon TEST
>ann: AEINRST 8D RETAINS +66 66
>bob: ?DHLOWZ J8 .HOuLD +22 22
#note a note between the turns
>ann: ABCEFGI -ABC +0 66
>bob: AEEIWZ? - +0 22
>ann: DEFGIIO 9C FIG +14 80
>bob: AEEIWZ? 7I ZA +31 53
>bob: AEEIWZ? -- -31 22
>ann: DEIIOQ (challenge) +5 85
>bob: AEEIWZ? 10A WEE +16 38
"""
RULES = load_rules("english")


def _square(rules_cols: int, coord: str) -> int:
    col = ord(coord[0]) - 65
    return (int(coord[1:]) - 1) * rules_cols + col


def test_a_record_is_parsed_turn_by_turn() -> None:
    record = parse_gcg(GAME, "game.gcg")
    assert record.players == ("ann", "bob")
    kinds = [t.kind for t in record.turns]
    assert kinds == ["place", "place", "exchange", "pass", "place", "place", "withdrawn",
                     "challenge", "place"]  # fmt: skip
    assert record.turns[1].coord == "J8"
    assert record.turns[2].exchanged == "ABC"


def test_the_position_before_a_turn() -> None:
    record = parse_gcg(GAME, "game.gcg")
    first = position_at(record, RULES, 1)
    assert not any(first.board)
    assert rack_text(first.rack) == "AEINRST"
    third = position_at(record, RULES, 3)
    cols = RULES.cols
    assert third.board[_square(cols, "D8")] == ord("R") - 64
    assert third.board[_square(cols, "J11")] == (ord("U") - 64) | BLANK  # the blank u
    assert rack_text(third.rack) == "ABCEFGI"
    assert (third.scores, third.zeros) == ((66, 22), 0)
    fifth = position_at(record, RULES, 5)
    assert (fifth.scores, fifth.zeros) == ((66, 22), 2)  # an exchange and a pass
    withdrawn = position_at(record, RULES, 8)
    assert withdrawn.board[_square(cols, "I7")] == 0  # ZA taken back
    assert withdrawn.board[_square(cols, "C9")] == ord("F") - 64
    assert withdrawn.scores == (80, 22)
    last = position_at(record, RULES, 9)
    assert last.scores == (22, 85)
    assert to_cgp(last).split()[1] == "AEEIWZ?"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (">ann: AEINRST 8D RETAINS +66\n", "line 1: expected '>nick: RACK <move> +score total'"),
        ("hello\n", "line 1: 'hello' is neither a #pragma nor a >player: event"),
        (">ann: AEINRST 8D RETA1NS +66 66\n", "line 1: word 'RETA1NS'"),
        (">ann: AEINRST 8Z9 RETAINS +66 66\n", "line 1: move '8Z9 RETAINS'"),
        ("#player1 a\n#player2 b\n>c: AB 8D AB +4 4\n", "line 3: player 'c' is neither"),
        ("#note nothing\n", "no moves"),
    ],
)
def test_a_malformed_record_is_named_in_one_line(text: str, problem: str) -> None:
    with pytest.raises(InputError, match=re.escape(problem)):
        parse_gcg(text, "bad.gcg")


@pytest.mark.parametrize(
    ("text", "turn", "problem"),
    [
        (">a: AB 8D .B +4 4\n>b: C 8A C +3 3\n", 2, "line 1: 8D .B: '.' at an empty square"),
        (">a: AB 8D AX +4 4\n>b: C 8A C +3 3\n", 2, "line 1: 8D AX: the rack AB has no 'X'"),
        (">a: AB 8N ABC +4 4\n>b: C 8A C +3 3\n", 2, "runs off the board"),
        (">a: AB 8D AB +4 4\n", 3, "turn 3: the record has turns 1 to 1"),
    ],
)
def test_a_record_that_does_not_replay_is_named(text: str, turn: int, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        position_at(parse_gcg(text, "bad.gcg"), RULES, turn, "bad.gcg")


def test_only_a_regular_file_is_read(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not a regular file"):
        read_gcg(str(tmp_path), RULES)
    with pytest.raises(InputError, match="no such file"):
        read_gcg(str(tmp_path / "missing.gcg"), RULES)


def test_moves_at_a_turn_of_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.gcg"
    path.write_text(GAME)
    words = tmp_path / "words.txt"
    words.write_text("retains\nshould\nfig\nwee\nbag\ncab\nface\n")
    run = [sys.executable, "-m", "lexibench", "moves", "--gcg", str(path), "--turn", "3"]
    done = subprocess.run([*run, "--wordlist", str(words)], capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "rack ABCEFGI" in done.stdout
    assert " 8 . . . R E T A I N S" in done.stdout
    both = subprocess.run([*run, "15/" * 14 + "15 A", "--wordlist", str(words)],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert both.returncode == 2
    assert "give a CGP position or --gcg FILE, not both" in both.stderr


#: Scored by hand on the English board: RETAINS from 8D, R on the double letter of D8, the centre
#: doubling the word: (2 + 6) x 2 + the bingo's 50 = 66; then SHOULD down from J8 through the S,
#: O on the triple letter of J10, the blank u worth 0: 1 + 4 + 3 + 0 + 1 + 2 = 11.
SCORED = """#player1 ann Ann
#player2 bob Bob
>ann: AEINRST 8D RETAINS +66 66
>bob: ?DHLOWZ J8 .HOuLD +11 11
>ann: ABCEFGI - +0 66
"""


def test_strict_rescores_every_placement_and_checks_every_total(tmp_path: Path) -> None:
    from lexibench.solver.games.crossword.gcg import check_scores

    check_scores(parse_gcg(SCORED, "good.gcg"), RULES, "good.gcg")
    with pytest.raises(InputError, match=re.escape(
        "game.gcg: line 6: J8 .HOuLD scores 11 under the english rules, the record says +22"
    )):  # fmt: skip
        check_scores(parse_gcg(GAME, "game.gcg"), RULES, "game.gcg")
    wrong_total = SCORED.replace("+11 11", "+11 12")
    with pytest.raises(InputError, match=re.escape(
        "bad.gcg: line 4: the total 12 is not the player's 0 +11 (11)"
    )):  # fmt: skip
        check_scores(parse_gcg(wrong_total, "bad.gcg"), RULES, "bad.gcg")
    path = tmp_path / "game.gcg"
    path.write_text(GAME)
    assert read_gcg(str(path), RULES, 3).scores == (66, 22)  # its own scores, by default
    with pytest.raises(InputError, match=re.escape("line 6: J8 .HOuLD scores 11")):
        read_gcg(str(path), RULES, 3, strict=True)
    good = tmp_path / "good.gcg"
    good.write_text(SCORED)
    assert read_gcg(str(good), RULES, strict=True).scores == (66, 11)
    words = tmp_path / "words.txt"
    words.write_text("retains\nshould\nfig\nwee\n")
    done = subprocess.run(
        [sys.executable, "-m", "lexibench", "moves", "--gcg", str(path), "--strict",
         "--wordlist", str(words)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "line 6: J8 .HOuLD scores 11 under the english rules, the record says +22" in (
        done.stderr
    )
