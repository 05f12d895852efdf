"""The table of best known boards (solver/games/boggle/prove/known_boards.toml): every entry is a
board of its size with a status, and the default list's boards score what the table says."""

from __future__ import annotations

import pytest

from lexibench.solver.games.boggle.best import make_scorer
from lexibench.solver.games.boggle.board import parse_size
from lexibench.solver.games.boggle.prove import known
from lexibench.solver.tiers import Tier
from lexibench.solver.wordlist import words_sha256
from lexibench.structures import build_lexicon


def test_every_entry_is_a_board_of_its_size_with_a_status() -> None:
    table = known._table()
    assert {name for name, _ in table.values()} >= {"web2", "ENABLE2K"}
    for sha256, (name, boards) in table.items():
        assert len(sha256) == 64
        assert boards
        for size, board in boards.items():
            assert (board.wordlist, board.size) == (name, size)
            assert board.status in known.STATUSES
            shape = board.board()
            assert (shape.rows, shape.cols) == parse_size(size)
            assert board.score > 0


def test_the_default_lists_boards_score_what_the_table_says(web2_words: tuple[str, ...]) -> None:
    name, boards = known.known_boards(words_sha256(web2_words))
    assert name == "web2"
    assert set(boards) == {"3x3", "3x4", "4x4"}
    lexicon = build_lexicon("array-trie", web2_words)
    for board in boards.values():
        shape = board.board()
        score = make_scorer(lexicon, shape.rows, shape.cols, 3, Tier.NATIVE)
        assert score(shape.cells)[0] == board.score, board.size
    assert [boards[size].proven for size in ("3x3", "3x4", "4x4")] == [True, True, False]


@pytest.mark.parametrize("sha256", [None, "", "0" * 64])
def test_a_list_the_table_does_not_hold_has_no_boards(sha256: str | None) -> None:
    assert known.known_boards(sha256) == (None, {})
    assert known.best_known(sha256 or "", 3, 3) is None
