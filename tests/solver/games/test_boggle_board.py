"""Board parsing, canonical text, neighbour lists, and seeded random boards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import (
    Board,
    neighbours,
    parse_board,
    parse_board_slowly,
    parse_size,
)
from lexibench.solver.games.boggle.dice import CLASSIC_DICE, NEW_DICE, random_boards


@pytest.mark.parametrize(
    ("text", "size", "cells"),
    [
        ("abc def ghi", "3x3", "abcdefghi"),
        ("PERSLATGSINETERS", "4x4", "perslatgsineters"),
        ("pers/late/sind", "3x4", "perslatesind"),
        ("abcde/fghij/klmno/purst", "4x5", "abcdefghijklmnopurst"),
        ("a", "1x1", "a"),
        ("ab/cd/ef", "3x2", "abcdef"),
    ],
)
def test_shapes(text: str, size: str, cells: str) -> None:
    board = parse_board(text)
    assert board.size == size
    assert "".join(board.cells) == cells


@pytest.mark.parametrize("n", [5, 6])
def test_larger_squares(n: int) -> None:
    assert parse_board("e" * n * n).size == f"{n}x{n}"


def test_qu_tile_in_both_spellings() -> None:
    a = parse_board("l qu r e / s l u s / a t i c / n r e n")
    b = parse_board("l q r e/slus/atic/nren")
    assert a == b
    assert a.cells[1] == "qu"
    assert a.text() == "lqure/slus/atic/nren"


def test_q_tile_next_to_u_cell_round_trips() -> None:
    board = Board(1, 3, ("qu", "u", "a"))
    assert board.text() == "qu ua/"
    assert parse_board(board.text()) == board


def test_neighbours_order_and_corners() -> None:
    table = neighbours(3, 3)
    assert table[0] == (1, 3, 4)
    assert table[4] == (0, 1, 2, 3, 5, 6, 7, 8)
    assert neighbours(1, 1) == ((),)
    assert neighbours(3, 3) is table  # computed once per shape


@pytest.mark.parametrize(("text", "shape"), [("4x4", (4, 4)), ("3X5", (3, 5)), (" 6 x 6 ", (6, 6))])
def test_parse_size(text: str, shape: tuple[int, int]) -> None:
    assert parse_size(text) == shape


@pytest.mark.parametrize("text", ["0x4", "4x", "x4", "four", "4x4x4", "-1x3", "4"])
def test_bad_sizes(text: str) -> None:
    with pytest.raises(InputError, match="expected RxC"):
        parse_size(text)


def test_random_boards_are_reproducible_and_pinned() -> None:
    first = [b.text() for b in random_boards(4, 4, "new", seed=5, count=3)]
    assert first == [b.text() for b in random_boards(4, 4, "new", seed=5, count=3)]
    # Pinned: the same on every machine and Python version (only Random.random() is used).
    assert first == ["oaeb/ztev/aeed/tihw", "inag/mbvo/egpd/yhty", "saps/wdye/sjun/yoha"]


@pytest.mark.parametrize(("kind", "dice"), [("new", NEW_DICE), ("classic", CLASSIC_DICE)])
def test_dice_boards_use_each_die_once(kind: str, dice: tuple[str, ...]) -> None:
    for board in random_boards(4, 4, kind, seed=1, count=50):
        letters = ["q" if c == "qu" else c for c in board.cells]
        assert _perfect_matching(letters, dice)


def _perfect_matching(letters: list[str], dice: tuple[str, ...]) -> bool:
    """Can every cell be given its own die showing that cell's letter? (Kuhn's algorithm.)"""
    owner: dict[int, int] = {}  # die -> cell

    def assign(cell: int, seen: set[int]) -> bool:
        for d, faces in enumerate(dice):
            if letters[cell] in faces and d not in seen:
                seen.add(d)
                if d not in owner or assign(owner[d], seen):
                    owner[d] = cell
                    return True
        return False

    return all(assign(cell, set()) for cell in range(len(letters)))


def test_other_sizes_and_dice() -> None:
    boards = list(random_boards(5, 6, None, seed=2, count=20))
    assert all(b.size == "5x6" for b in boards)
    uniform = "".join(c for b in random_boards(10, 10, "uniform", seed=3, count=5) for c in b.cells)
    assert len(set(uniform.replace("qu", "q"))) == 26


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": 5, "cols": 5, "dice": "new"}, "is a 4x4 set"),
        ({"dice": "weird"}, "choose one of"),
        ({"count": -1}, "at least 0"),
    ],
)
def test_bad_random_options(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        list(random_boards(**kwargs))  # type: ignore[arg-type]


def _outcome(parse: object, text: str) -> object:
    try:
        return parse(text)  # type: ignore[operator]
    except InputError as exc:
        return str(exc)


@given(st.text(alphabet="abcqQuU/ \tzé", max_size=40))
def test_fast_path_agrees_with_the_full_parser(text: str) -> None:
    """The fast path for plain rows gives exactly the board (or the error) the full parser
    gives, on any text."""
    assert _outcome(parse_board, text) == _outcome(parse_board_slowly, text)


@given(st.lists(st.sampled_from(["a", "b", "qu", "u", "z"]), min_size=1, max_size=36), st.data())
def test_fast_path_on_random_shapes(cells: list[str], data: st.DataObject) -> None:
    """Boards as ``lexibench random`` writes them (rows joined by "/", Qu as "qu") parse the same
    both ways, whatever the shape."""
    cols = data.draw(st.integers(1, len(cells)))
    rows = len(cells) // cols
    board = Board(rows, cols, tuple(cells[: rows * cols]))
    for text in (board.text(), board.text().upper()):
        assert _outcome(parse_board, text) == _outcome(parse_board_slowly, text) == board
