"""The best turns by equity without making every move (the native tier's best-first search over
per-anchor bounds, walking the KWG as a DAWG or a GADDAG, or spelling from the word map): the same
answer as every move listed by equity, on seeded positions of every stage with 0, 1 and 2 blanks,
for several leave values (lexibench's model, a table of a few leaves, none: every tie), and for any
number of turns asked. Every move spelled from the word map is every move walked."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.solver.games.crossword.equity import (
    LeaveMemo,
    Leaves,
    by_equity,
    nothing,
    order,
    pass_move,
    top_by_equity,
    top_by_score,
)
from lexibench.solver.games.crossword.leave_model import default
from lexibench.solver.games.crossword.leave_tables import LeaveTable
from lexibench.solver.games.crossword.position import Position, parse_cgp
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, MoveGenerator
from lexibench.solver.games.crossword.workload import STAGES, positions
from lexibench.solver.tiers import Tier
from tests.solver.games.test_crossword_equity import TABLE
from tests.solver.games.test_crossword_moves import EDGE_POSITIONS, sample_words

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="not compiled")

NONE = LeaveTable.of({})
LEAVES: dict[str, Leaves] = {"model": default(), "table": TABLE, "none": NONE}


@cache
def _generators() -> dict[str, MoveGenerator]:
    words = sample_words()
    out = {}
    for variant in ("words", "gaddag"):
        strings = list(dict.fromkeys(_strings(words, variant)))
        out[variant] = MoveGenerator(structures.build_lexicon("kwg", strings), Tier.NATIVE, variant)
    lexicon = structures.build_lexicon("kwg", list(dict.fromkeys(_strings(words, "words"))))
    out["map"] = MoveGenerator(lexicon, Tier.NATIVE, "words", word_map=True)
    return out


def _strings(words: tuple[str, ...], variant: str) -> list[str]:
    from lexibench.solver.games.registry import game

    return list(game("crossword").lexicon_words(words, variant))


@cache
def _positions() -> tuple[Position, ...]:
    words = sample_words()
    found = [p for stage in STAGES for p in positions(stage, 7, 16, words)]
    return tuple(found) + tuple(parse_cgp(text) for text in EDGE_POSITIONS.values())


def _expected(generator: MoveGenerator, position: Position, leaves: Leaves, top: int) -> list:  # type: ignore[type-arg]
    """The first ``top`` of every move (walked) listed by equity."""
    walked = _generators()["gaddag" if generator.variant == "gaddag" else "words"]
    return by_equity(walked(position), leaves)[:top]


def test_every_move_spelled_from_the_word_map_is_every_move_walked() -> None:
    spelled, walked = _generators()["map"], _generators()["words"]
    assert spelled.word_map
    assert not walked.word_map
    for i, position in enumerate(_positions()):
        assert spelled(position).sorted() == walked(position).sorted(), f"position {i}"
        assert spelled.generated == walked.generated


def test_the_best_move_by_score_spelled_is_the_best_walked() -> None:
    spelled, walked = _generators()["map"], _generators()["words"]
    for i, position in enumerate(_positions()):
        args = (position.rules, position.board, position.rack_counts())
        assert spelled.best_raw(*args) == walked.best_raw(*args), f"position {i}"


def test_where_the_lexicon_offers_a_map_none_takes_it() -> None:
    lexicon = structures.build_lexicon("kwg", ["ab", "ba"])
    assert MoveGenerator(lexicon, Tier.NATIVE, "words", word_map=None).word_map
    assert not MoveGenerator(lexicon, Tier.NATIVE, "words").word_map
    assert not MoveGenerator(lexicon, Tier.STEP, "words", word_map=None).word_map
    partial = structures.build_lexicon("kwg", ["ab", "c" * 16])
    assert not MoveGenerator(partial, Tier.NATIVE, "words", word_map=None).word_map
    other = structures.build_lexicon("dict-trie", ["ab", "ba"])
    assert not MoveGenerator(other, Tier.STEP, "words", word_map=None).word_map


def test_a_word_map_that_cannot_hold_every_word_is_refused() -> None:
    lexicon = structures.build_lexicon("kwg", ["ab", "c" * 16])
    with pytest.raises(ValueError, match="cannot hold every word"):
        MoveGenerator(lexicon, Tier.NATIVE, "words", word_map=True)


@pytest.mark.parametrize("variant", ["words", "gaddag", "map"])
@pytest.mark.parametrize("leaves", sorted(LEAVES))
@pytest.mark.parametrize("top", [1, 10])
def test_the_best_turns_are_every_moves_best(variant: str, leaves: str, top: int) -> None:
    generator = _generators()[variant]
    for i, position in enumerate(_positions()):
        found = top_by_equity(generator, position, LEAVES[leaves], top)
        assert found == _expected(generator, position, LEAVES[leaves], top), f"position {i}"


@pytest.mark.parametrize("variant", ["words", "gaddag", "map"])
@pytest.mark.parametrize("top", [1, 3, 25])
def test_the_top_by_score_are_every_moves_first(variant: str, top: int) -> None:
    """The top-by-score recorder (the heap with no leave and no exchange) keeps the first of
    every move in the moves' order, ties included, and makes fewer moves than every one."""
    generator = _generators()[variant]
    walked = _generators()["gaddag" if variant == "gaddag" else "words"]
    made = every = 0
    for i, position in enumerate(_positions()):
        found = top_by_score(generator, position, top)
        made += generator.generated
        assert found == walked(position).sorted()[:top], f"position {i}"
        every += walked.generated
    assert made < every


def test_the_top_by_score_at_a_tier_without_the_recorder_is_every_moves_first() -> None:
    lexicon = structures.build_lexicon("dict-trie", list(sample_words()))
    stepped, walked = MoveGenerator(lexicon, Tier.STEP, "words"), _generators()["words"]
    for i, position in enumerate(_positions()[:6]):
        expected = walked(position).sorted()[:5]
        assert top_by_score(stepped, position, 5) == expected, f"position {i}"
    with pytest.raises(ValueError, match="at least 1"):
        top_by_score(walked, _positions()[0], 0)


@pytest.mark.parametrize("variant", ["gaddag", "map"])
def test_the_search_makes_fewer_moves_than_every_one(variant: str) -> None:
    generator = _generators()[variant]
    made = every = 0
    for position in _positions():
        top_by_equity(generator, position, LEAVES["model"], 1)
        made += generator.generated
        generator(position)
        every += generator.generated
    assert made < every


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    top=st.integers(1, 40),
    weights=st.lists(st.integers(-30_000, 30_000), min_size=27, max_size=27),
)
def test_any_leave_values_and_any_count_of_turns(seed: int, top: int, weights: list[int]) -> None:
    """Leaves worth any sum of per-tile values (in thousandths), ties included."""

    class PerTile:
        def value(self, tiles: bytes) -> float:
            return sum(weights[t] for t in tiles) / 1000

    everything = _positions()
    position = everything[random.Random(seed).randrange(len(everything))]
    generator = _generators()[("words", "gaddag", "map")[seed % 3]]
    found = top_by_equity(generator, position, PerTile(), top)
    assert found == _expected(generator, position, PerTile(), top)


def test_each_leave_is_valued_once_and_kept_in_millipoints() -> None:
    asked: list[bytes] = []

    class Counting:
        def value(self, tiles: bytes) -> float:
            asked.append(tiles)
            return TABLE.value(tiles)

    generator = _generators()["gaddag"]
    memo = LeaveMemo(Counting())
    position = parse_cgp(EDGE_POSITIONS["empty board, one blank"])
    first = top_by_equity(generator, position, memo.leaves, 5, memo)
    again = len(asked)
    assert top_by_equity(generator, position, memo.leaves, 5, memo) == first
    assert len(asked) == again  # every leave kept
    assert len(set(asked)) == len(asked)
    assert asked == [bytes(sorted(tiles)) for tiles in asked]
    native = memo.for_native(generator)
    assert native is not None
    assert len(native) <= len(asked)


class _HalfMillipoints:
    """Leave values on the half millipoint (``n + 0.0005``) and with long tails: where a
    rounding made twice, or made differently in C and in Python, would order turns apart."""

    def value(self, tiles: bytes) -> float:
        seed = sum((t + 1) * 31**i for i, t in enumerate(sorted(tiles))) % 20_011
        tail = 0.0005 if seed % 3 else 0.000123456
        return float((seed % 4001 - 2000) / 100 + tail)


@pytest.mark.parametrize("variant", ["words", "gaddag", "map"])
def test_equity_is_whole_millipoints_in_c_and_in_python(variant: str) -> None:
    """Equity's one unit: a leave's value is rounded to millipoints once, so that the C search
    (which keeps no slack) and every move listed by equity in Python agree on every position,
    on half-millipoint values too."""
    generator = _generators()[variant]
    leaves = _HalfMillipoints()
    for position in _positions()[:60]:
        for top in (1, 3):
            assert top_by_equity(generator, position, leaves, top) == _expected(
                generator, position, leaves, top
            )


def test_with_the_bag_empty_or_as_a_game_knows_it() -> None:
    """With the bag empty every leave is worth nothing (the C search gets no leave values) and
    no exchange is listed; a game's own count of the bag stands in for the position's."""
    from tests.solver.games.test_crossword_equity import _without_the_bag

    generator = _generators()["words"]
    for position in _positions()[:40]:
        empty = _without_the_bag(position)
        assert top_by_equity(generator, empty, TABLE, 5) == _expected(generator, empty, TABLE, 5)
        found = top_by_equity(generator, position, TABLE, 5, bag=0)
        listed = [m._replace(equity=float(m.score)) for m in generator(position).sorted()]
        assert found == sorted([*listed, pass_move(position, nothing)], key=order)[:5]


def test_a_failing_leave_value_is_raised_and_the_generator_stays_usable() -> None:
    generator = _generators()["gaddag"]
    position = _positions()[50]

    class Failing:
        def value(self, tiles: bytes) -> float:
            raise KeyError(tiles)

    with pytest.raises(KeyError):
        top_by_equity(generator, position, Failing(), 1)
    assert top_by_equity(generator, position, TABLE, 1) == _expected(generator, position, TABLE, 1)


def test_a_leave_value_that_asks_the_same_generator_is_refused() -> None:
    generator = _generators()["gaddag"]
    position = _positions()[50]

    class Asking:
        def value(self, tiles: bytes) -> float:
            generator(position)
            return 0.0

    with pytest.raises(RuntimeError, match="this generator is busy"):
        top_by_equity(generator, position, Asking(), 1)
    assert top_by_equity(generator, position, TABLE, 1) == _expected(generator, position, TABLE, 1)


def test_leave_values_made_without_init_are_refused_not_a_crash() -> None:
    from lexibench.solver.games.crossword.movegen import LeaveValues

    generator = _generators()["words"]
    position = _positions()[50]
    bare = LeaveValues.__new__(LeaveValues)
    rules = position.rules
    with pytest.raises(ValueError, match="no value function"):
        generator.top_raw(rules, position.board, position.rack_counts(), 1, bare, True)


class _TiedExchanges:
    """Every leave of at most two tiles worth 60 points, the rest nothing: many exchanges tie
    at the top, to be ordered by fewer tiles returned, then by the tiles returned."""

    def value(self, tiles: bytes) -> float:
        return 60.0 if len(tiles) <= 2 else 0.0


@pytest.mark.parametrize("variant", ["words", "map"])
def test_the_exchange_chosen_in_c_is_the_first_of_the_tied(variant: str) -> None:
    generator = _generators()[variant]
    leaves = _TiedExchanges()
    kinds = set()
    for position in _positions()[:60]:
        first = top_by_equity(generator, position, leaves, 1)
        assert first == _expected(generator, position, leaves, 1)
        kinds.add(first[0].kind)
    assert "exchange" in kinds


def test_the_choice_in_c_needs_leaves_of_whole_thousandths() -> None:
    """``best_turn`` orders turns by their equities in millipoints: refused for values not
    promised to be whole thousandths, taken for a table that promises it and for the linear
    model (exact, computed in C)."""
    generator = _generators()["map"]
    position = _positions()[50]
    rules, board, rack = position.rules, position.board, position.rack_counts()
    table = generator.leave_values(TABLE.value)
    assert not table.exact
    with pytest.raises(ValueError, match="whole thousandths"):
        generator.best_turn_raw(rules, board, rack, table, True)
    promised = generator.leave_values(TABLE.value, thousandths=True)
    assert promised.exact
    assert not promised.computed
    assert generator.best_turn_raw(rules, board, rack, promised, True) is not None
    model = default()
    exact = generator.leave_values(model.value, model.linear_form())
    assert exact.exact
    found = generator.best_turn_raw(rules, board, rack, exact, True)
    assert found is not None
    record, equity, passing, _, _ = found
    first = by_equity(_generators()["words"](position), model)[0]
    if first.kind == "place":
        assert record
        assert equity == round((first.equity or 0.0) * 1000)
    assert passing == exact.millipoints(bytes(sorted(position.rack)))


@pytest.mark.parametrize("variant", ["words", "map"])
def test_the_choice_in_c_takes_the_rack_as_counts_or_as_its_tiles(variant: str) -> None:
    """``best_turn_raw`` given the rack's tiles (``Position.rack``, counted in C) chooses as
    given its 27 counts; a rack past 16 tiles or a tile past 26 is refused."""
    generator = _generators()[variant]
    model = default()
    exact = generator.leave_values(model.value, model.linear_form())
    for position in _positions()[:40]:
        rules, board = position.rules, position.board
        counted = generator.best_turn_raw(rules, board, position.rack_counts(), exact, True)
        assert generator.best_turn_raw(rules, board, position.rack, exact, True) == counted
    rules, board = position.rules, position.board
    with pytest.raises(ValueError, match="at most 16 tiles, not 17"):
        generator.best_turn_raw(rules, board, bytes(17), exact, True)
    with pytest.raises(ValueError, match="0-26, not 27"):
        generator.best_turn_raw(rules, board, bytes([1, 27]), exact, True)
