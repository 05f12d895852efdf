"""Every game's parser, and the proof's partitions, refuse bad text in one line that says what is
wrong (an :class:`InputError`): one test, every parser."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lexibench.solver.errors import InputError
from lexibench.solver.games.anagram.puzzle import parse_rack
from lexibench.solver.games.boggle.board import parse_board
from lexibench.solver.games.boggle.prove.partitions import partition
from lexibench.solver.games.letterboxed.puzzle import parse_box
from lexibench.solver.games.pattern.puzzle import parse_pattern
from lexibench.solver.games.spellingbee.puzzle import parse_hive

#: Each parser, and the bad texts it refuses with (a pattern of) what its error says.
BAD: dict[Callable[[str], object], list[tuple[str, str]]] = {
    parse_rack: [
        ("ab1", "'1' is neither a letter a-z nor ?"),
        ("ab_", "'_' is neither"),
        ("é", r"'é' \(U\+00E9\)"),
        ("?????", "5 blanks; the most is 4"),
        ("a" * 16, "16 tiles; the most is 15"),
    ],
    parse_pattern: [
        ("", "it is empty"),
        ("c.t", "'.' is not a letter a-z, ?"),
        ("c t", "' ' is not a letter"),
        ("?" * 65, "longer than 64 letters"),
    ],
    parse_hive: [
        ("gaimln", "6 letters; give seven"),
        ("gaimlnpq", "8 letters"),
        ("gaimlng", "g repeated"),
        ("gaiml1p", "'1' is not a letter"),
    ],
    parse_board: [
        ("", "empty"),
        (" / ", "empty"),
        ("ab1d", "'1' is not a letter"),
        ("abc/de/fgh", r"rows of unequal length \(3, 2, 3\)"),
        ("abcde", "5 cells is not a square"),
        ("qxyz", "'qx' is not a cell"),
        ("ab//cd", "row 2 is empty"),
        ("é", "not a letter"),
    ],
    parse_box: [
        ("rme wcl tgk", "four groups of three letters"),
        ("rme wcl tgk apii", "four groups of three letters"),
        ("rme wcl tgk ap1", "not a-z"),
        ("rme wcl tgk apr", "r repeated"),
        ("rre wcl tgk api", "r repeated"),
    ],
    partition: [
        ("aeiou bcdfg", "no bucket holds "),
        ("aeiou abcdefghijklmnopqrstuvwxyz", "the letter a is in two buckets"),
        ("aeiou bcdfghjklmnpqrstvwxyz1", "'1' is not one of the letters"),
        ("aeiou bcdfghjklmnpqrstvwxyz, middle: abcdefghijklmnopqrstuvwxyz", "not a kind"),
        ("seven", "no such preset"),
        ("corner: abcdefghijklmnopqrstuvwxyz", "no buckets for edge cells"),
    ],
}


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [(parse, text, message) for parse, cases in BAD.items() for text, message in cases],
    ids=[f"{parse.__name__}-{n}" for parse, cases in BAD.items() for n in range(len(cases))],
)
def test_bad_text_is_one_line(parse: Callable[[str], object], text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        parse(text)
    assert "\n" not in str(info.value)
