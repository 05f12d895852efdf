"""The crossword game's rule set (the shipped English one, and every malformed field of a rule-set
file) and its positions in CGP: reading, writing back, and every malformed field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.position import Position, parse_cgp, rack_text
from lexibench.solver.games.crossword.rules import RULESETS, load_rules, parse_rules

EMPTY = "/".join(["15"] * 15)
VS_MATT = (
    "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/"
    "5I1N3N3/3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6"
)


def squares_of(symbols: str) -> set[str]:
    rules = load_rules()
    return {
        f"{chr(65 + c)}{r + 1}"
        for r, row in enumerate(rules.layout)
        for c, symbol in enumerate(row)
        if symbol in symbols
    }


def test_the_english_rule_set() -> None:
    rules = load_rules("english")
    assert (rules.rows, rules.cols, rules.rack_size, rules.bingo_bonus) == (15, 15, 7, 50)
    assert sum(rules.counts) == 100
    assert rules.counts[0] == 2
    assert rules.values[0] == 0
    values = "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10"
    for item in values.split():
        assert rules.values[ord(item[0]) - 64] == int(item[1:]), item
    assert squares_of("T") == {"A1", "H1", "O1", "A8", "O8", "A15", "H15", "O15"}
    assert squares_of("D*") == {
        "B2",
        "N2",
        "C3",
        "M3",
        "D4",
        "L4",
        "E5",
        "K5",
        "H8",
        "E11",
        "K11",
        "D12",
        "L12",
        "C13",
        "M13",
        "B14",
        "N14",
    }
    assert squares_of("t") == {
        "F2",
        "J2",
        "B6",
        "F6",
        "J6",
        "N6",
        "B10",
        "F10",
        "J10",
        "N10",
        "F14",
        "J14",
    }
    assert squares_of("d") == {
        "D1",
        "L1",
        "G3",
        "I3",
        "A4",
        "H4",
        "O4",
        "C7",
        "G7",
        "I7",
        "M7",
        "D8",
        "L8",
        "C9",
        "G9",
        "I9",
        "M9",
        "A12",
        "H12",
        "O12",
        "G13",
        "I13",
        "D15",
        "L15",
    }
    assert rules.start == 7 * 15 + 7
    assert rules.word_multiplier[rules.start] == 2


def _rules_text(**change: object) -> str:
    data = json.loads((RULESETS / "english.json").read_text())
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rack_size": 0}, '"rack_size" must be a whole number from 1 to 15'),
        ({"bingo_bonus": "50"}, '"bingo_bonus" must be a whole number'),
        ({"board": ["T..", "..."]}, '"board" must hold the start symbol'),
        ({"board": ["T..d", "*.."]}, '"board" row 2 is 3 squares wide'),
        ({"board": ["T..d"]}, '"board" has 1 rows'),
        ({"board": ["T.x*", "...."]}, "row 1 holds 'x'"),
        ({"start": "!"}, '"start" must be one of the symbols'),
        ({"tiles": {"a": {"count": 1, "value": 1}}}, "\"tiles\" 'a'"),
        ({"tiles": {"?": {"count": 2, "value": 0}}}, '"tiles" holds no letter'),
        ({"tiles": {"A": {"count": -1, "value": 1}}}, '"count" must be a whole number'),
        ({"squares": {".": {"letter": 1}}}, '"word" must be a whole number'),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_a_malformed_rule_set_is_one_line_naming_the_field(
    change: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError) as caught:
        parse_rules(_rules_text(**change), "mine.json")
    assert message in str(caught.value)
    assert str(caught.value).startswith("rule set mine.json")
    assert "\n" not in str(caught.value)


def test_rule_sets_by_name_or_file(tmp_path: Path) -> None:
    mine = tmp_path / "small.json"
    mine.write_text(_rules_text(name="small", board=["T..", ".*.", "..T"], rack_size=3))
    rules = load_rules(str(mine))
    assert (rules.name, rules.rows, rules.cols, rules.rack_size, rules.start) == (
        "small",
        3,
        3,
        3,
        4,
    )
    with pytest.raises(InputError, match="neither a rule set of lexibench"):
        load_rules("klingon")
    with pytest.raises(InputError, match="no such file"):
        load_rules(str(tmp_path / "missing.json"))
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(InputError, match="not JSON"):
        load_rules(str(tmp_path / "bad.json"))


@pytest.mark.parametrize(
    "line",
    [
        f"{EMPTY} AEINRST/ 0/0 0",
        f"{EMPTY} ?? ",
        f"{VS_MATT} AABDELT/ 0/0 0 lex NWL20;",
        f"{VS_MATT} ADE/BGL 120/-3 4 lex CSW21; ld english;",
        "15/15/15/14Q/14U/14I/14N/7FRAWZEYS/7O7/7A7/7M7/7L7/7I7/7K7/7E7 GONOPOR/ 150/224 0",
    ],
)
def test_cgp_round_trips(line: str) -> None:
    position = parse_cgp(line)
    again = parse_cgp(position.to_cgp())
    assert again == position
    assert again.to_cgp() == position.to_cgp()
    assert position.to_cgp().split()[0] == line.split(maxsplit=1)[0]


def test_cgp_fields() -> None:
    position = parse_cgp(f"{VS_MATT} ADE/BGL 120/-3 4 -lex CSW21; ld english;")
    assert rack_text(position.rack) == "ADE"
    assert position.other_rack is not None
    assert rack_text(position.other_rack) == "BGL"
    assert (position.scores, position.zeros) == ((120, -3), 4)
    assert position.options == (("lex", "CSW21"), ("ld", "english"))
    assert position.board[7 * 15 + 11] == 0x80 | 2  # the blank "b" on row 8
    assert position.board[0 * 15 + 7] == 26  # Z
    bare = parse_cgp(f"{EMPTY} Q")
    assert (bare.scores, bare.zeros, bare.other_rack, bare.options) == (None, 0, None, ())
    assert bare.is_empty()
    assert isinstance(bare, Position)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("15/15", "expected the board's rows and the rack"),
        (f"{EMPTY[:-3]} A", "board: 14 rows separated by '/', the board has 15"),
        (f"{EMPTY}/15 A", "board: 16 rows"),
        (EMPTY.replace("15", "14", 1) + " A", "board row 1 '14': 14 squares wide, the board is 15"),
        (EMPTY.replace("15", "16", 1) + " A", "board row 1 '16': more than 15 squares wide"),
        (EMPTY.replace("15", "7CAT6", 1) + " A", "board row 1 '7CAT6': more than 15 squares wide"),
        (EMPTY.replace("15", "7C.T5", 1) + " A", "board row 1 '7C.T5': '.' is not a square"),
        (f"{EMPTY} ABCDEFGH", "rack 'ABCDEFGH': 8 tiles, a rack holds at most 7"),
        (f"{EMPTY} abc", "rack 'abc': 'a' is not a tile"),
        (f"{EMPTY} A/B/C", "at most two racks"),
        (f"{EMPTY} A/b", "other rack 'b': 'b' is not a tile"),
        (f"{EMPTY} A 10/2", "zero-score turns '': a whole number must follow the scores"),
        (f"{EMPTY} A 10/2 x", "zero-score turns 'x'"),
        (f"{EMPTY} A 10-2 0", "scores '10-2': expected <score>/<score>"),
        (f"{EMPTY} A 10/2 0 lex", ""),
        (f"{EMPTY} A 10/2 0 ;;9x y;", "'9x y' is not an opcode"),
        (f"{EMPTY} ZZ", "2 Z tiles on the board and the racks; the rule set english has 1"),
        (f"{EMPTY} ???", "3 blank tiles"),
        (EMPTY.replace("15", "7é7", 1) + " A", "'é' (U+00E9) is not part of the CGP format"),
    ],
)
def test_a_malformed_position_is_one_line_naming_the_field(line: str, message: str) -> None:
    if not message:
        assert parse_cgp(line).options == (("lex", ""),)
        return
    with pytest.raises(InputError) as caught:
        parse_cgp(line)
    text = str(caught.value)
    assert text.startswith("position: ")
    assert message in text
    assert "\n" not in text
