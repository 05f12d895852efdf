"""The depth-first solver: known answers, every backend and mode alike, and the brute force."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import Board, parse_board
from lexibench.solver.games.boggle.dice import random_boards
from lexibench.solver.games.boggle.reference import filter_words
from lexibench.solver.games.boggle.solve import find_words, resolve, solve, word_list_on
from lexibench.solver.tiers import Tier
from tests.reference import TabulatedReferenceLexicon, every_path
from tests.words import default_words

SCRAMBLE = "l qu r e / s l u s / a t i c / n r e n"


def words_of(board: str, vocab: list[str], backend: str = "dict-trie", **kw: object) -> set[str]:
    lex = structures.build_lexicon(backend, vocab)
    return set(find_words(parse_board(board), lex, **kw))  # type: ignore[arg-type]


def test_worked_2x2_example() -> None:
    found = words_of("d i / e d", ["did", "die", "died", "dei", "ided", "dee"])
    assert found == {"did", "die", "died", "dei", "ided"}


def test_a_word_needing_a_cell_twice_is_not_found() -> None:
    # "deed" needs two e's; the board has one. "dee" likewise.
    assert words_of("d i / e d", ["deed", "dee", "died"]) == {"died"}


def test_scramble_board_qu_words() -> None:
    vocab = ["quire", "queue", "rule", "lures", "slut", "sue", "tic", "cent", "rent", "lure"]
    # rule: no e touches the l after u; quire: no i touches Qu; queue: one u cell, one e.
    assert words_of(SCRAMBLE, vocab) == {"lures", "lure", "slut", "sue", "tic"}
    solution = solve(
        parse_board(SCRAMBLE), structures.build_lexicon("dict-trie", ["qure", "lqure"])
    )
    # The Qu tile counts as two letters: "lqure" is 5 letters long, worth 2 points.
    assert [(w.word, w.score, w.path) for w in solution.words] == [
        ("lqure", 2, ((0, 0), (0, 1), (0, 2), (0, 3))),
        ("qure", 1, ((0, 1), (0, 2), (0, 3))),
    ]


def test_qu_cell_is_one_cell_of_a_path_and_scores_two_letters() -> None:
    solution = solve(
        parse_board("qu i / t e"), structures.build_lexicon("dict-trie", ["quit", "quite"])
    )
    assert {w.word: (w.score, len(w.path)) for w in solution.words} == {
        "quit": (1, 3),
        "quite": (2, 4),
    }


def test_non_square_board() -> None:
    assert words_of("pers/late/sind", ["pets", "tens", "sine", "lest", "per"]) >= {"per", "sine"}


def test_min_length_and_ordering() -> None:
    board = parse_board("c a t s")  # 1x4 would need "/": use 2x2
    board = parse_board("ca/ts")
    lex = structures.build_lexicon("dict-trie", ["cat", "cats", "at", "act", "acts", "scat"])
    solution = solve(board, lex, min_length=3)
    assert [w.word for w in solution.words] == ["act", "acts", "cat", "cats", "scat"]
    assert solution.score == 5
    assert [w.word for w in solve(board, lex, min_length=4).words] == ["acts", "cats", "scat"]


def test_first_path_is_the_documented_order_and_all_paths_lists_every_one() -> None:
    board = parse_board("ab/ba")
    lex = structures.build_lexicon("dict-trie", ["aba", "bab"])
    first = find_words(board, lex)
    every = find_words(board, lex, all_paths=True)
    assert first["aba"] == [(0, 1, 3)]
    assert every["aba"] == [(0, 1, 3), (0, 2, 3), (3, 1, 0), (3, 2, 0)]
    assert set(every) == set(first)


def test_step_tier_refused_for_a_backend_that_cannot() -> None:
    lex = structures.build_lexicon("marisa", ["cat"])
    with pytest.raises(InputError, match="lexicon MarisaLexicon: has no step tier"):
        resolve(lex, "step")
    assert resolve(lex, "auto") is Tier.STRING
    assert resolve(structures.build_lexicon("datrie", ["cat"]), "auto") is Tier.STEP
    with pytest.raises(InputError, match="has no native tier"):
        resolve(lex, "native")
    array = structures.build_lexicon("array-trie", ["cat"])
    assert resolve(array, "auto") is Tier.NATIVE
    assert resolve(array, "step") is Tier.STEP


def modes_of(lex: structures.Lexicon) -> list[str]:
    """The tiers ``lex`` offers."""
    modes = ["string"]
    if structures.can_step(lex):
        modes.append("step")
    if structures.can_solve_natively(lex):
        modes.append("native")
    return modes


@cache
def differential_vocab() -> tuple[str, ...]:
    """A seeded 1,500-word sample of the default list's words of 3-6 letters.

    Small enough for the unsorted list and the brute-force reference to finish in seconds.
    """
    words = default_words()
    short = [w for w in words if len(w) <= 6]
    return tuple(sorted(random.Random(7).sample(short, 1500)))


DIFF_BOARDS = [
    *random_boards(4, 4, "new", seed=11, count=120),
    *random_boards(3, 3, "frequency", seed=12, count=60),
    *random_boards(5, 5, "frequency", seed=13, count=60),
    *random_boards(3, 4, "frequency", seed=14, count=30),
    *random_boards(4, 4, "uniform", seed=15, count=30),
]


@cache
def reference_results() -> list[dict[str, list[tuple[int, ...]]]]:
    lex = TabulatedReferenceLexicon(differential_vocab())
    return [find_words(b, lex, tier="string", all_paths=True) for b in DIFF_BOARDS]


def test_reference_results_are_not_trivial() -> None:
    counts = [len(r) for r in reference_results()]
    assert sum(counts) > 1000
    assert sum(1 for c in counts if c == 0) < len(counts) // 4


#: About how many of :data:`DIFF_BOARDS` a backend whose every query scans every word checks
#: (evenly spaced, so every size and kind of board is among them; a sublinear one checks them
#: all): 60 of them took it a third of a minute here, against a second for any other backend.
SCAN_BOARDS = 20


def test_every_backend_and_mode_gives_identical_words_paths_and_scores(backend: str) -> None:
    lex = structures.build_lexicon(backend, differential_vocab())
    expected = reference_results()
    boards = DIFF_BOARDS
    if structures.backend_info(backend).cost == "linear":
        chosen = range(0, len(DIFF_BOARDS), len(DIFF_BOARDS) // SCAN_BOARDS)
        boards = [DIFF_BOARDS[i] for i in chosen]
        expected = [expected[i] for i in chosen]
    for mode in modes_of(lex):
        got = [find_words(b, lex, tier=mode, all_paths=True) for b in boards]
        assert got == expected, mode
        first = [find_words(b, lex, tier=mode) for b in boards[:40]]
        assert first == [{w: p[:1] for w, p in r.items()} for r in expected[:40]], mode
        # Scores follow from the words, which list them in the same order.
        words = [word_list_on(b, lex, resolve(lex, mode)) for b in boards[:40]]
        assert words == [list(r) for r in expected[:40]], mode
        longer = [find_words(b, lex, min_length=5, tier=mode) for b in boards[:40]]
        assert longer == [{w: p[:1] for w, p in r.items() if len(w) >= 5} for r in expected[:40]], (
            mode
        )


LETTERS = ["a", "b", "e", "t", "qu"]


@st.composite
def small_cases(draw: st.DrawFn) -> tuple[Board, list[str]]:
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(1, 3))
    cells = tuple(
        draw(st.lists(st.sampled_from(LETTERS), min_size=rows * cols, max_size=rows * cols))
    )
    board = Board(rows, cols, cells)
    # Words drawn from real paths (so hits happen) and at random (so misses do).
    spelled = draw(
        st.lists(st.lists(st.sampled_from(LETTERS), min_size=1, max_size=5), max_size=12)
    )
    vocab = ["".join(w) for w in spelled]
    return board, vocab


@settings(max_examples=150, deadline=None)
@given(case=small_cases())
def test_solver_matches_brute_force(case: tuple[Board, list[str]]) -> None:
    board, vocab = case
    # Add words that really lie on the board: the letters of some prefix of each row.
    vocab += ["".join(board.cells[: k + 1]) for k in range(len(board.cells))]
    expected = every_path(board, vocab)
    for name in ("array-trie", "dict-trie", "datrie", "marisa"):
        lex = structures.build_lexicon(name, vocab)
        for mode in modes_of(lex):
            assert find_words(board, lex, tier=mode, all_paths=True) == expected
            first = {w: p[:1] for w, p in expected.items()}
            assert find_words(board, lex, tier=mode) == first
            assert word_list_on(board, lex, resolve(lex, mode)) == list(first)
    # The word filter (the game's reference) finds the same words and the same first paths.
    assert filter_words(board, sorted(set(vocab))) == {
        w: p[:1] for w, p in sorted(expected.items())
    }


def test_solve_states_the_defaults_of_its_options() -> None:
    """``solve`` passes its options to ``find_words``; its docstring names their defaults, which
    are find_words' own."""
    import inspect

    from lexibench.solver.games.boggle.rules import DEFAULT_MAX_PATHS
    from lexibench.solver.word_rules import DEFAULT_MIN_LENGTH

    defaults = {k: p.default for k, p in inspect.signature(find_words).parameters.items()}
    assert (defaults["min_length"], defaults["max_paths"]) == (
        DEFAULT_MIN_LENGTH,
        DEFAULT_MAX_PATHS,
    )
    assert (defaults["tier"], defaults["all_paths"]) == ("auto", False)
    text = " ".join((solve.__doc__ or "").split())
    assert f"``min_length`` {DEFAULT_MIN_LENGTH}," in text
    assert f"``max_paths`` {DEFAULT_MAX_PATHS:,} unless given" in text
    assert "``tier`` ``auto``, ``all_paths`` False," in text
