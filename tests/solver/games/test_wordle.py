"""Wordle: its repeated-letter feedback, the feedback made exact constraints (every structure at
every tier against grading every word, property-based), the suggested guess (the compiled kernel
against its interpreted twin), and the played-out workload."""

from __future__ import annotations

import os
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.errors import InputError
from lexibench.solver.games.answer import solve
from lexibench.solver.games.wordle import grading
from lexibench.solver.games.wordle.game import GAME
from lexibench.solver.games.wordle.grading import best_guess, grade, split_score
from lexibench.solver.games.wordle.puzzle import Guess, make_position, parse_guess
from lexibench.solver.games.wordle.reference import reference_answer
from lexibench.solver.games.wordle.workload import played_games
from lexibench.structures import build_structure
from lexibench.structures.builds import compiled
from tests.solver.games.tiers import disagreeing, every_answer

WORDS = ["abide", "speed", "bride", "aside", "crane", "eerie", "steed", "spend", "deeds", "ideas"]


@pytest.mark.parametrize(
    ("guess", "answer", "feedback"),
    [
        ("speed", "abide", "bbyby"),  # two e's guessed, one in the answer: the first is yellow
        ("abide", "speed", "bbbyy"),
        ("speed", "steed", "gbggg"),
        ("eerie", "speed", "yybbb"),  # the answer's two e's: two yellows, the third black
        ("deeds", "speed", "yygby"),  # the second d: black (the answer has one d)
        ("crane", "crane", "ggggg"),
        ("aaaaa", "abide", "gbbbb"),
    ],
)
def test_grading_handles_repeated_letters_as_wordle_does(
    guess: str, answer: str, feedback: str
) -> None:
    assert grade(guess, answer) == feedback


def test_speed_against_abide_leaves_abide_on_every_structure() -> None:
    position = make_position(["speed=bbyby"])
    answers = every_answer("wordle", WORDS, position)
    assert set(answers.values()) == {(("abide", "bride"), None)}
    assert {"position-bitsets/index", "array-trie/string", "marisa/string"} <= set(answers)


@pytest.mark.parametrize(
    "feedback",
    ["bbbyb", "ggggy", "bbgbg"],  # a black e before a yellow e; ...; fits no word of the list
)
def test_feedback_no_answer_gives_allows_nothing(feedback: str) -> None:
    position = make_position([f"speed={feedback}"])
    assert reference_answer(position, WORDS).words == ()
    assert not disagreeing("wordle", WORDS, position)


@pytest.mark.parametrize(
    ("guesses", "length", "message"),
    [
        (["speed"], None, "write it WORD=FEEDBACK"),
        (["speed=bbyb"], None, "5 letters but 4 marks"),
        (["speed=bbyxb"], None, "feedback 'x' is none of g"),
        (["spe3d=bbbbb"], None, "'3' is not a letter"),
        (["speed=bbbbb", "bide=bbbb"], None, "guesses of different lengths"),
        (["speed=bbbbb"], 6, "guesses of 5 letters, but --length 6"),
        ([], 1, "word length 1: must be 2 to 15"),
    ],
)
def test_bad_guesses_are_one_line(guesses: list[str], length: int | None, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        make_position(guesses, length)
    assert "\n" not in str(info.value)


def test_a_position_takes_its_length_from_its_guesses() -> None:
    assert make_position([]).length == 5
    assert make_position([], 6).length == 6
    assert make_position(["abc=gyb"]).length == 3
    assert parse_guess("ABC=GYB") == Guess("abc", "gyb")


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Words of four letters over a small alphabet, and guesses: feedback an answer of the list
    gives, or any feedback at all (possible or not)."""
    words = draw(st.lists(st.text("abcde", min_size=4, max_size=4), min_size=1, max_size=30))
    answer = draw(st.sampled_from(words))
    guesses = []
    for _ in range(draw(st.integers(0, 3))):
        guess = draw(st.text("abcdef", min_size=4, max_size=4))
        real = draw(st.booleans())
        feedback = grade(guess, answer) if real else draw(st.text("gyb", min_size=4, max_size=4))
        guesses.append(f"{guess}={feedback}")
    return words, guesses


@settings(max_examples=60, deadline=None)
@given(case=positions())
def test_every_structure_and_tier_agrees_with_grading_every_word(
    case: tuple[list[str], list[str]],
) -> None:
    words, guesses = case
    position = make_position(guesses, 4)
    assert not disagreeing("wordle", sorted(set(words)), position)


@settings(max_examples=60, deadline=None)
@given(
    guesses=st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=25),
    candidates=st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=25),
)
def test_the_compiled_kernel_chooses_as_its_interpreted_twin(
    guesses: list[str], candidates: list[str]
) -> None:
    pool = sorted(set(guesses))
    compiled = best_guess(pool, candidates)
    interpreted = best_guess(pool, candidates, compiled=False)
    assert compiled == interpreted
    assert compiled is not None
    assert compiled[1] == split_score(pool[compiled[0]], candidates)


def test_the_suggestion_prefers_a_candidate_on_a_tie_then_the_first() -> None:
    # every guess splits {abc, abd} in two: the candidates win the tie, the first of them first
    assert best_guess(["abc", "abd", "xyz"], ["abd", "abc"]) == (0, 2)
    assert best_guess(["xyz", "abc"], ["abd", "abc"]) == (1, 2)
    assert best_guess([], ["abc"]) is None


def test_the_suggestion_is_the_same_on_every_structure() -> None:
    position = make_position(["crane=bbbby"], suggest=True)
    expected = reference_answer(position, WORDS)
    assert expected.suggestion is not None
    assert set(every_answer("wordle", WORDS, position).values()) == {
        (expected.words, expected.suggestion)
    }


def test_long_words_sort_their_codes_instead_of_a_table() -> None:
    words = ["abcdefghijklm", "abcdefghijkla", "mlkjihgfedcba", "aaaaaaaaaaaaa"]
    position = make_position([], 13, suggest=True)
    found = solve(GAME, position, build_structure("position-bitsets", words))
    assert found.suggestion == reference_answer(position, words).suggestion


def test_the_compiled_kernel_is_in_use() -> None:
    build = compiled("lexibench.solver.games.wordle.grader").build()
    if os.environ.get("LEXIBENCH_NO_COMPILE"):
        assert build == "interpreted"
    else:
        assert build == "cython", grading.GRADER_UNAVAILABLE


def test_played_games_open_with_crane_and_end_when_won() -> None:
    games = played_games(7, 12, WORDS)
    assert len(games) == 12
    assert all(g.guesses[0].word == "crane" for g in games)
    for earlier, later in pairwise(games):
        if len(later.guesses) > 1:
            assert later.guesses[:-1] == earlier.guesses
        else:  # a new game: the one before was won
            assert earlier.guesses[-1].feedback == "ggggg"
