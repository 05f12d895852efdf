"""The libraries added in the wider field: the traps each adapter pins down, the backend listed
with a reason, and the two pitfalls of the published articles."""

from __future__ import annotations

import pytest

from lexibench import structures
from lexibench.benchmarks.baselines.pitfalls import (
    CompletionListLexicon,
    every_path_words,
    simple_paths,
)
from lexibench.benchmarks.report.articles import load_articles
from lexibench.solver.games.boggle.board import neighbours, parse_board
from lexibench.solver.games.boggle.dice import random_boards
from lexibench.solver.games.boggle.solve import find_words
from lexibench.structures.backends.dawg import DawgLexicon
from lexibench.structures.backends.dawg_python import DawgPythonLexicon
from lexibench.structures.backends.lexpy_dawg import LexpyDawgLexicon
from lexibench.structures.backends.lexpy_trie import LexpyTrieLexicon
from lexibench.structures.backends.sqlite import SqliteLexicon, _upper_bound

WORDS = ["cat", "cats", "car", "dog", "zebra", "queen"]


def test_dawg_python_reads_the_dawg_backends_payload_byte_for_byte() -> None:
    """One structure, two implementations: the same bytes, read by C++ and by Python."""
    payload = DawgLexicon(WORDS).to_bytes()
    reader = DawgPythonLexicon.from_bytes(payload)
    assert reader.to_bytes() == payload
    assert DawgPythonLexicon(WORDS).to_bytes() == payload
    assert DawgLexicon.from_bytes(reader.to_bytes()).is_word("zebra")
    assert [reader.is_word(w) for w in ("cat", "ca", "cats", "\ud800")] == [
        True,
        False,
        True,
        False,
    ]


@pytest.mark.parametrize("cls", [LexpyTrieLexicon, LexpyDawgLexicon])
def test_lexpy_empty_string_and_word_count(cls: type) -> None:
    """lexpy counts the root as the empty word and len() as nodes: the adapter does not."""
    lex = cls([*WORDS, "cat"])
    assert len(lex) == len(WORDS)
    assert not lex.is_word("")
    assert lex.has_prefix("")
    empty = cls([])
    assert not empty.has_prefix("")
    assert not empty.is_word("")


def test_sqlite_prefix_ranges_at_the_edges_of_unicode() -> None:
    top = chr(0x10FFFF)
    lex = SqliteLexicon(["a" + top, top + "x", "ab", "\ud7ffz"])
    assert lex.has_prefix(top)
    assert lex.has_prefix("a" + top)
    assert not lex.has_prefix("b")
    assert lex.has_prefix("\ud7ff")
    assert not lex.is_word("\udc00")  # not encodable: False, never an exception
    assert not lex.has_prefix("\udc00")
    assert _upper_bound("ab") == "ac"
    assert _upper_bound(top * 2) is None
    assert _upper_bound("a" + top) == "b"
    assert _upper_bound("\ud7ff") == "\ue000"  # the surrogates are skipped
    with pytest.raises(structures.UnstorableWordError, match="NUL"):
        SqliteLexicon(["a\0b"])


def test_hat_trie_is_listed_with_its_reason_not_offered() -> None:
    info = structures.backend_info("hat-trie")
    assert not info.available
    assert "no prefix search" in (info.error or "")
    assert info.install_hint is None
    assert "hat-trie" not in structures.available_backend_names()
    with pytest.raises(structures.BackendUnavailableError, match="equal_prefix_range"):
        structures.build_lexicon("hat-trie", ["cat"])


def test_simple_paths_are_counted_without_listing_them() -> None:
    assert simple_paths(1, 1) == 1
    assert simple_paths(2, 2) == 64
    assert simple_paths(3, 3) == 10_305
    assert every_path_words(tuple("abcdefghi"), neighbours(3, 3), lambda s: False)[1] == 10_305
    with pytest.raises(ValueError, match="at most 16 cells"):
        simple_paths(5, 5)


def test_the_pitfalls_find_the_right_words_the_slow_way() -> None:
    vocab = ["tea", "eat", "ate", "tee", "seat", "east", "teas", "sat", "set", "tes"]
    trie = structures.build_lexicon("dict-trie", vocab)
    completions = CompletionListLexicon(vocab)
    assert not completions.has_prefix("x")
    for board in random_boards(3, 3, "frequency", seed=5, count=15):
        right = set(find_words(board, trie))
        assert set(find_words(board, completions, tier="string")) == right
        naive, paths = every_path_words(board.cells, board.neighbours(), set(vocab).__contains__)
        assert naive == right
        assert paths == 10_305
    found, tested = every_path_words(
        parse_board("seat/east/teas/sate").cells, neighbours(4, 4), set(vocab).__contains__,
        max_paths=1_000,
    )  # fmt: skip
    assert tested == 1_000
    assert found  # the first thousand paths already spell some words


def test_published_figures_name_their_sources() -> None:
    articles = load_articles()
    assert {a["id"] for a in articles} == {"scramble", "letterboxed", "naive"}
    for article in articles:
        assert article["title"]
        assert article["site"]
        keys = {f["key"] for f in article["figure"]}
        assert article["baseline"] in keys
        for figure in article["figure"]:
            assert figure["ours"]["suite"] in {"solve", "build", "games", "pitfall"}
