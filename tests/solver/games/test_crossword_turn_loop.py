"""Turns played in C (:mod:`~lexibench.solver.games.crossword.turn_loop`): self-play's games are
the Python loop's, turn for turn, with exchanges, two players of other leaves and the game's end;
C stops at an exchange and leaves it to the caller; bad input is refused with nothing changed."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from lexibench import structures
from lexibench.solver.games.crossword import turn_loop
from lexibench.solver.games.crossword.leave_model import default
from lexibench.solver.games.crossword.players import EquityPlayer
from lexibench.solver.games.crossword.rules import load_rules
from lexibench.solver.games.crossword.selfplay import MAX_ZEROS, GameResult, bag_of, draw, play
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, MoveGenerator
from lexibench.solver.tiers import Tier
from tests.solver.games.test_crossword_equity import PLAYER_LEAVES
from tests.solver.games.test_crossword_moves import sample_words

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="not compiled")

RULES = load_rules("english")


@cache
def _generator(variant: str, word_map: bool) -> MoveGenerator:
    from lexibench.solver.games.registry import game

    strings = list(dict.fromkeys(game("crossword").lexicon_words(sample_words(), variant)))
    lexicon = structures.build_lexicon("kwg", strings)
    return MoveGenerator(lexicon, Tier.NATIVE, variant, word_map=word_map)


def _game(first: Any, second: Any, seed: int, in_c: bool) -> GameResult:
    """A game with every event kept; ``in_c`` False plays it in Python (keeping each turn's
    state, which the loop in C does not)."""
    generator = first.generator
    counted = play(
        RULES, first, random.Random(seed), second=second, record=True, keep_turns=not in_c,
        counter=lambda: generator.generated,
    )  # fmt: skip
    counted.turns = []
    return counted


@pytest.mark.parametrize(
    ("variant", "word_map"), [("words", False), ("gaddag", False), ("words", True)]
)
def test_games_in_c_are_the_python_loops_turn_for_turn(variant: str, word_map: bool) -> None:
    """The same events (every placement, exchange and pass, the end's points), scores, moves
    found and exchanges, over seeded games: one player that exchanges often against one of
    lexibench's model, each first in turn, and the model against itself."""
    generator = _generator(variant, word_map)
    exchanger = EquityPlayer(generator, PLAYER_LEAVES["exchanger"])
    model = EquityPlayer(generator, default())
    assert turn_loop.in_c(exchanger, model) is not None
    kinds: set[str] = set()
    for seed in range(4):
        for first, second in ((exchanger, model), (model, exchanger), (model, model)):
            in_c = _game(first, second, seed, True)
            in_python = _game(first, second, seed, False)
            assert in_c == in_python, (seed, first.leaves, second.leaves)
            kinds.update(event.kind for event in in_c.events)
    assert {"place", "exchange", "out"} <= kinds or {"place", "exchange", "stuck"} <= kinds


@pytest.mark.parametrize(
    ("variant", "word_map"), [("words", False), ("gaddag", False), ("words", True)]
)
def test_a_game_seeded_by_a_string_is_played_whole_in_c_with_python_s_draws(
    variant: str, word_map: bool
) -> None:
    """``play(rules, first, "text")`` (the shuffle, the racks and the exchanges in C, with C's
    copy of Python's random) gives the game ``play(rules, first, random.Random("text"))``
    gives, exchanges included: scores, placements, exchanges by player, moves found."""
    generator = _generator(variant, word_map)
    exchanger = EquityPlayer(generator, PLAYER_LEAVES["exchanger"])
    model = EquityPlayer(generator, default())
    exchanges = 0
    for seed in range(4):
        for first, second in ((exchanger, model), (model, exchanger)):
            text = f"selfplay:{seed}:{first is model}"
            counts = []
            for rng in (text, random.Random(text)):
                result = play(RULES, first, rng, second=second,
                              counter=lambda: generator.generated)  # fmt: skip
                counts.append((result.scores, result.played, result.exchanges,
                               result.exchanged, result.generated))  # fmt: skip
            assert counts[0] == counts[1], (seed, text)
            exchanges += counts[0][2]
    assert exchanges > 0


def _state(seed: int) -> turn_loop.State:
    rng = random.Random(seed)
    bag = bag_of(RULES)
    rng.shuffle(bag)
    racks = ([0] * 27, [0] * 27)
    for rack in racks:
        draw(rack, bag, RULES.rack_size)
    return turn_loop.State(bytearray(RULES.squares), racks, [0, 0], bag)


def test_c_stops_at_an_exchange_and_leaves_it_to_the_caller() -> None:
    """The exchange is the last turn of the log, the player still on turn, its rack, the bag and
    the scoreless turns as they were before it."""
    generator = _generator("words", False)
    player = EquityPlayer(generator, PLAYER_LEAVES["exchanger"])
    in_c = turn_loop.in_c(player, player)
    assert in_c is not None
    for seed in range(20):
        state = _state(seed)
        turns = turn_loop.play(generator, RULES, state, in_c[1], turn_loop.WHOLE_GAME, MAX_ZEROS)
        if turns[-1].kind != turn_loop.EXCHANGE:
            assert state.over
            continue
        last = turns[-1]
        assert state.player == last.player
        assert not state.over
        returned = last.exchange().returned
        assert sum(returned) == last.length > 0
        assert all(state.racks[last.player][t] >= n for t, n in enumerate(returned))
        assert sum(state.racks[last.player]) == RULES.rack_size
        return
    pytest.fail("no exchange chosen in 20 games")


def test_a_limit_of_turns_stops_mid_game() -> None:
    generator = _generator("gaddag", False)
    player = EquityPlayer(generator, default())
    in_c = turn_loop.in_c(player, player)
    assert in_c is not None
    state = _state(1)
    turns = turn_loop.play(generator, RULES, state, in_c[1], 3, MAX_ZEROS)
    assert [turn.player for turn in turns] == [0, 1, 0]
    assert state.player == 1
    assert sum(turn.score for turn in turns) == sum(state.scores)


def _refused(generator: MoveGenerator, state: turn_loop.State, leaves: Any, message: str) -> None:
    before = (bytes(state.board), [list(r) for r in state.racks], list(state.bag))
    with pytest.raises(ValueError, match=message):
        turn_loop.play(generator, RULES, state, leaves, 5, MAX_ZEROS)
    assert (bytes(state.board), [list(r) for r in state.racks], list(state.bag)) == before


def test_bad_input_is_refused_with_nothing_changed() -> None:
    """Leaves not of whole thousandths, a tile past 26 in the bag, a negative count or too many
    tiles on a rack, a board of another size."""
    generator = _generator("words", False)
    player = EquityPlayer(generator, default())
    in_c = turn_loop.in_c(player, player)
    assert in_c is not None
    leaves = in_c[1]
    rough = generator.leave_values(lambda tiles: 0.0001, None, thousandths=False)
    _refused(generator, _state(1), (rough, rough), "whole thousandths")
    state = _state(1)
    state.bag.append(27)
    _refused(generator, state, leaves, "the bag holds tiles 0-26")
    state = _state(1)
    state.racks[1][5] = -1
    _refused(generator, state, leaves, "no negative count")
    state = _state(1)
    state.racks[0][5] = 17
    _refused(generator, state, leaves, "at most 16 tiles")
    state = _state(1)
    state.board = bytearray(10)
    _refused(generator, state, leaves, "does not match the rule set")


def test_a_given_first_placement_is_played_then_the_choices() -> None:
    """The first turn given (a placement's record) is played as given, the next chosen; a
    record that is no move of that rack on that board is refused, nothing played."""
    from lexibench.solver.games.crossword.moves import pack, unpack

    generator = _generator("words", False)
    player = EquityPlayer(generator, default())
    in_c = turn_loop.in_c(player, player)
    assert in_c is not None
    seed = next(
        seed
        for seed in range(50)
        if turn_loop.play(generator, RULES, _state(seed), in_c[1], 1, MAX_ZEROS)[0].kind
        == turn_loop.PLACE
    )
    chosen = turn_loop.play(generator, RULES, _state(seed), in_c[1], 1, MAX_ZEROS)[0]
    move = unpack(chosen.record)[0]
    other = (move[0] + 1, *move[1:])  # another score: played as given all the same
    state = _state(seed)
    turns = turn_loop.play(generator, RULES, state, in_c[1], 2, MAX_ZEROS, pack(other))
    assert unpack(turns[0].record)[0] == other
    assert turns[0].score == move[0] + 1
    assert turns[1].player == 1
    assert state.scores[0] == move[0] + 1
    score, down, row, col, word, placed = move
    bad = [
        (score, down, row + 14, col, word, placed),  # off the board
        (score, down, row, col, word, 0),  # no tile placed
        (score, down, row, col, "Q" * len(word), placed),  # tiles the rack lacks
    ]
    for record in [*map(pack, bad), b"short"]:
        state = _state(seed)
        before = (bytes(state.board), [list(r) for r in state.racks], list(state.bag))
        with pytest.raises(ValueError, match="placement"):
            turn_loop.play(generator, RULES, state, in_c[1], 2, MAX_ZEROS, record)
        assert (bytes(state.board), [list(r) for r in state.racks], list(state.bag)) == before


def test_in_c_only_for_two_equity_players_of_one_native_generator() -> None:
    native = _generator("words", False)
    other = _generator("gaddag", False)
    lexicon = structures.build_lexicon("dict-trie", sample_words())
    step = MoveGenerator(lexicon, Tier.STEP, "words")
    assert turn_loop.in_c(EquityPlayer(native, default()), EquityPlayer(other, default())) is None
    assert turn_loop.in_c(EquityPlayer(step, default()), EquityPlayer(step, default())) is None
    assert turn_loop.in_c(EquityPlayer(native, default()), lambda *a: None) is None
