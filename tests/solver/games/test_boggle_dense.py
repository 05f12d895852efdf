"""Dense boards: seeded, near the best boards known, and much denser than random boards."""

from __future__ import annotations

import pytest

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import parse_board
from lexibench.solver.games.boggle.dense import SEEDS, dense_boards
from lexibench.solver.games.boggle.dice import random_boards
from lexibench.solver.games.boggle.solve import find_words
from lexibench.solver.games.registry import game
from lexibench.solver.lexicons import LexiconSpec, open_spec


def test_the_same_seed_gives_the_same_boards() -> None:
    assert list(dense_boards(4, 4, 3, 50)) == list(dense_boards(4, 4, 3, 50))
    assert list(dense_boards(4, 4, 3, 50)) != list(dense_boards(4, 4, 4, 50))


def test_each_board_is_a_seed_changed_by_a_few_moves() -> None:
    seeds = [parse_board(text) for text in SEEDS[4, 4]]
    changed = sorted(
        min(sum(a != b for a, b in zip(board.cells, s.cells, strict=True)) for s in seeds)
        for board in dense_boards(4, 4, 1, 200)
    )
    assert changed[100] <= 2  # one move (a letter, or a swap: two cells), sometimes more
    assert changed[-1] < 16


def test_dense_boards_hold_many_more_words_than_random_ones() -> None:
    lexicon = open_spec(LexiconSpec(structure="array-trie")).lexicon
    dense = [len(find_words(b, lexicon)) for b in dense_boards(4, 4, 2, 100)]
    plain = [len(find_words(b, lexicon)) for b in random_boards(4, 4, "new", 2, 100)]
    assert sum(dense) > 3 * sum(plain)


def test_the_game_declares_the_dense_workload() -> None:
    (dense,) = [w for w in game("boggle").workloads() if w.name == "4x4-dense"]
    assert dense.generate(5, 10, []) == list(dense_boards(4, 4, 5, 10))


def test_a_shape_without_seed_boards_is_one_clean_error() -> None:
    with pytest.raises(InputError, match="7x7 has no seed boards"):
        list(dense_boards(7, 7, 0, 1))
