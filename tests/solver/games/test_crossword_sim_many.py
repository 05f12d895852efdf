"""A positions file (``sim --positions``, :mod:`~lexibench.solver.games.crossword.sim_many`): read
through the file gate and checked whole, every bad line one error naming the file and the line;
blank lines skipped, the others keeping their numbers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lexibench.solver.errors import InputError
from lexibench.solver.execution import HERE, Dask, Processes
from lexibench.solver.games.crossword import sim_many
from lexibench.solver.games.crossword.rules import load_rules
from lexibench.solver.games.crossword.sim_many import (
    check_positions,
    positions_of,
    read_positions,
    where_for,
)

EMPTY = "/".join(["15"] * 15)
MID = "15/15/15/15/15/15/15/7QAT5/7I7/7D7/15/15/15/15/15 AEINST?/ 30/0 0"
RULES = load_rules()


def _check(data: bytes, **flags: bool) -> list[tuple[int, str]]:
    return check_positions(data, "p.txt", RULES, **flags)


def test_blank_lines_are_skipped_and_the_others_keep_their_numbers() -> None:
    data = f"\ufeff{EMPTY} AEINRST 0/0 0\r\n\n \t\r\n{MID}\n\n{EMPTY} ADEIST? 0/0 0".encode()
    found = _check(data)
    assert [number for number, _ in found] == [1, 4, 6]
    positions = list(positions_of(found, RULES, strict=False))
    assert [p.line for p in positions] == [1, 4, 6]
    assert positions[1].position.to_cgp() == MID
    assert positions[0].position.rack == bytes([1, 5, 9, 14, 18, 19, 20])


@pytest.mark.parametrize(
    ("data", "flags", "message"),
    [
        (f"{EMPTY} AB 0/0 0\n15/15 AB\n".encode(), {}, "line 2: board: 2 rows"),
        (f"{EMPTY} AB 0/0 0\n\n{EMPTY} \xff 0/0 0\n".encode("latin-1"), {}, "line 3: not UTF-8"),
        (f"{EMPTY} A\u00e9 0/0 0\n".encode(), {}, "line 1: "),
        (f"{EMPTY} ????AAA 0/0 0\n".encode(), {}, "line 1: the position holds more of a tile"),
        (f"{EMPTY} ????AAA 0/0 0\n".encode(), {"strict": True}, "line 1: 4 blank tiles"),
        (f"{MID}\n{EMPTY} AB 0/0 0\n".encode(), {"known_rack": True}, "line 1: --known-rack"),
        (b"\n \n\r\n", {}, "p.txt: no position in it"),
        (b"", {}, "p.txt: no position in it"),
    ],
)
def test_a_bad_line_is_one_error_naming_the_file_and_the_line(
    data: bytes, flags: dict[str, bool], message: str
) -> None:
    with pytest.raises(InputError) as caught:
        _check(data, **flags)
    text = str(caught.value)
    assert text.startswith("positions file p.txt")
    assert message in text
    assert "\n" not in text
    assert "position: " not in text  # the line's own error, without parse_cgp's prefix


def test_the_file_goes_through_the_gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="it is a FIFO, not a regular file"):
        read_positions(str(fifo), RULES)  # refused without waiting for a writer
    with pytest.raises(InputError, match="no such file"):
        read_positions(str(tmp_path / "missing.txt"), RULES)
    with pytest.raises(InputError, match="it is a directory"):
        read_positions(str(tmp_path), RULES)
    big = tmp_path / "big.txt"
    big.write_text(f"{MID}\n" * 10)
    assert len(read_positions(str(big), RULES)) == 10
    monkeypatch.setattr(sim_many, "MAX_FILE", 100)
    with pytest.raises(InputError, match=r"positions file .*big.txt: larger than 100 bytes"):
        read_positions(str(big), RULES)


def test_no_more_worker_processes_than_positions() -> None:
    assert where_for(Processes(4), 2) == Processes(2)
    assert where_for(Processes(2), 5) == Processes(2)
    assert where_for(HERE, 3) == HERE
    assert where_for(Dask(workers=3), 1) == Dask(workers=3)
