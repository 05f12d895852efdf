"""The compiled search (solver/search.py): the install compiled it, it is current, and it answers
exactly as its own source does when interpreted."""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from lexibench import structures
from lexibench.solver.games.boggle import search
from lexibench.solver.games.boggle.board import Board
from lexibench.solver.games.boggle.dice import random_boards
from lexibench.solver.games.boggle.solve import SearchLoops, interpreted_search
from lexibench.solver.games.compiled import search_build
from lexibench.structures.errors import StaleBuildError
from tests.words import default_words


@cache
def lexicon(name: str) -> structures.Lexicon:
    words = default_words()
    sample = random.Random(7).sample(words, 20_000)
    return structures.build_lexicon(name, sample)


def boards() -> list[Board]:
    found: list[Board] = []
    for rows, cols in ((3, 3), (4, 4), (4, 5), (5, 5)):
        found += random_boards(rows, cols, None, 11, 15)
    return found


def test_the_install_compiled_the_search() -> None:
    if os.environ.get("LEXIBENCH_NO_COMPILE"):
        assert search_build() == "interpreted"
    else:
        assert search_build() == "mypyc", (
            "lexibench.solver.games.boggle.search runs interpreted: the install did not compile it "
            "(see setup.py)"
        )
    assert interpreted_search().build() == "interpreted"


def test_the_staleness_check_compares_content_not_times(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    compiled = tmp_path / "search.cpython-311-x86_64-linux-gnu.so"
    compiled.write_bytes(b"")
    source = tmp_path / "search.py"
    source.write_text("x = 1\n")
    monkeypatch.setattr(search, "build", lambda: "mypyc")
    monkeypatch.setattr(search, "__file__", str(compiled))
    with pytest.raises(
        StaleBuildError, match=r"search\.py: no record of the source it was compiled"
    ):
        search_build()
    record = tmp_path / "search.sha256"
    record.write_text(hashlib.sha256(b"x = 1\n").hexdigest() + "\n")
    # A source newer than the module (as a wheel may unpack it) is fine when its content matches.
    os.utime(compiled, (1_000_000, 1_000_000))
    assert search_build() == "mypyc"
    source.write_text("x = 2\n")
    os.utime(source, (1_000, 1_000))  # older, but edited: refused all the same
    with pytest.raises(StaleBuildError, match=r"search\.py: changed after it was compiled"):
        search_build()


def _run_both(
    call: Callable[[SearchLoops, Board], dict[str, list[tuple[int, ...]]]],
) -> None:
    source = interpreted_search()
    total = 0
    for board in boards():
        expected = call(source, board)
        got = call(search, board)
        assert list(got.items()) == list(expected.items()), board.text()
        total += len(got)
    assert total > 500  # the boards really find words


@pytest.mark.parametrize("all_paths", [False, True])
@pytest.mark.parametrize("name", ["dict-trie", "datrie"])
def test_stepping_compiled_equals_source(name: str, all_paths: bool) -> None:
    lex: Any = lexicon(name)
    _run_both(
        lambda module, board: module.by_steps(
            board.cells, board.neighbours(), lex.root(), lex.child, lex.is_terminal, 3, all_paths
        )
    )


@pytest.mark.parametrize("all_paths", [False, True])
@pytest.mark.parametrize("name", ["dict-trie", "dawg", "sorted-list"])
def test_strings_compiled_equals_source(name: str, all_paths: bool) -> None:
    lex = lexicon(name)
    _run_both(
        lambda module, board: module.by_strings(
            board.cells, board.neighbours(), lex.has_prefix, lex.is_word, 4, all_paths
        )
    )


class Truthy:
    """A user backend whose answers are truthy objects rather than bools (allowed by duck typing:
    the solver only tests them)."""

    def __init__(self, words: list[str]) -> None:
        self.words = set(words)
        self.prefixes = {w[:i] for w in words for i in range(len(w) + 1)}

    def has_prefix(self, s: str) -> object:
        return [s] if s in self.prefixes else []

    def is_word(self, s: str) -> object:
        return 1 if s in self.words else 0

    def root(self) -> str:
        return ""

    def child(self, node: str, letter: str) -> str | None:
        return node + letter if node + letter in self.prefixes else None

    def is_terminal(self, node: str) -> object:
        return self.is_word(node)


def test_truthy_answers_work_compiled_and_interpreted() -> None:
    board = Board(2, 2, ("d", "i", "e", "d"))
    lex = Truthy(["did", "die", "died", "deed"])
    for module in (search, interpreted_search()):
        by_strings = module.by_strings(
            board.cells, board.neighbours(), lex.has_prefix, lex.is_word, 3, False
        )
        by_steps = module.by_steps(
            board.cells, board.neighbours(), lex.root(), lex.child, lex.is_terminal, 3, False
        )
        assert (
            by_strings
            == by_steps
            == {"did": [(0, 1, 3)], "die": [(0, 1, 2)], "died": [(0, 1, 2, 3)]}
        )
