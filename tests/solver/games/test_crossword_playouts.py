"""A simulation's iterations played whole in C (:class:`~.movegen.PlayOuts`): C's copy of
Python's random shuffles as ``random.Random(text).shuffle`` does, and every iteration gives
the results that playing it turn by turn in Python gives (exchanges, passes, one ply or three,
a known rack), to the last bit."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.solver.games.crossword import sim as sim_module
from lexibench.solver.games.crossword import solve
from lexibench.solver.games.crossword.leave_model import default
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.selfplay import exchange as real_exchange
from lexibench.solver.games.crossword.sim import Settings, Simulation, simulate, unseen
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, MoveGenerator, seed_number
from lexibench.solver.games.crossword.workload import positions
from lexibench.solver.tiers import Tier
from tests.solver.games.test_crossword_moves import sample_words
from tests.solver.games.test_crossword_sim import _strings

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="needs the native tier")
LEAVES = default()
#: Tiles a rack would rather not keep: a rack of them exchanges.
AWKWARD = {ord(c) - 64 for c in "QVWXZJKFBCGMPY"}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.integers(0, 130))
def test_c_shuffles_as_python_random(text: str, size: int) -> None:
    from lexibench.solver.games.crossword import movegen

    items = list(range(size))
    random.Random(text).shuffle(items)
    assert list(movegen.shuffled(seed_number(text), bytes(range(size)))) == items


def test_a_seed_with_leading_zero_bytes_or_of_any_length_seeds_as_python() -> None:
    from lexibench.solver.games.crossword import movegen

    for text in ("\x00", "\x00\x00abc", "sim:1:0", "x" * 1000, f"sim:{10**600}:3"):
        items = list(range(90))
        random.Random(text).shuffle(items)
        assert list(movegen.shuffled(seed_number(text), bytes(range(90)))) == items


@cache
def _generators() -> dict[str, MoveGenerator]:
    words = structures.build_lexicon("kwg", _strings("words"))
    gaddag = structures.build_lexicon("kwg", _strings("gaddag"))
    return {
        "walked": MoveGenerator(words, Tier.NATIVE, "words"),
        "gaddag": MoveGenerator(gaddag, Tier.NATIVE, "gaddag"),
        "word map": MoveGenerator(words, Tier.NATIVE, "words", word_map=True),
    }


def _awkward(position: Position) -> Position:
    """``position`` with a rack of the unseen tiles a player would rather exchange, and the
    other player's rack known (the next unseen tiles)."""
    pool = sorted(unseen(position, False) + list(position.rack))
    rack = [t for t in pool if t in AWKWARD][:7]
    rest = list(pool)
    for tile in rack:
        rest.remove(tile)
    other = bytes(sorted(random.Random(7).sample(rest, 7)))
    return replace(position, rack=bytes(sorted(rack)), other_rack=other)


@cache
def _positions() -> list[Position]:
    found = positions("mid", 5, 3, sample_words())  # 0, 1 and 2 blanks
    late = positions("late", 5, 1, sample_words())
    return [*found, _awkward(found[0]), *late]


def _numbers(done: Simulation) -> list[tuple[str, float, float, int]]:
    return [
        (c.move.kind + (c.move.word or ""), c.mean, c.results.squares, c.iterations)
        for c in done.candidates
    ]


@pytest.mark.parametrize("plies", [1, 2, 3])
@pytest.mark.parametrize("known_rack", [False, True])
@pytest.mark.parametrize("name", ["walked", "gaddag", "word map"])
def test_iterations_in_c_give_python_s_results(
    name: str, plies: int, known_rack: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    generator = _generators()[name]
    played = Settings(candidates=6, plies=plies, iterations=10, seed=plies, known_rack=known_rack)
    for position in _positions():
        if known_rack and not position.other_rack:
            position = replace(position, other_rack=_awkward(position).other_rack)
        in_c = simulate(generator, position, LEAVES, played)
        with monkeypatch.context() as patch:
            patch.setattr(solve, "draws_in_c", lambda: False)  # every turn from Python
            in_python = simulate(generator, position, LEAVES, played)
        assert _numbers(in_c) == _numbers(in_python)
        assert in_c.turns == in_python.turns


def test_exchanges_are_played_in_c_as_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The awkward rack's candidates hold an exchange, and its plies exchange too (counted in
    Python): both agree."""
    generator = _generators()["word map"]
    position = _awkward(positions("mid", 5, 1, sample_words())[0])
    played = Settings(candidates=8, plies=2, iterations=20, seed=11)
    in_c = simulate(generator, position, LEAVES, played)
    assert any(c.move.kind == "exchange" for c in in_c.candidates)
    exchanged = []

    def counted(*args: object) -> None:
        exchanged.append(1)
        real_exchange(*args)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(solve, "draws_in_c", lambda: False)
        patch.setattr(sim_module, "exchange", counted)
        in_python = simulate(generator, position, LEAVES, played)
    candidates = sum(c.move.kind == "exchange" for c in in_c.candidates) * played.iterations
    assert len(exchanged) > candidates  # some in the plies too
    assert _numbers(in_c) == _numbers(in_python)


def test_a_candidate_that_does_not_fit_is_refused() -> None:
    from lexibench.solver.games.crossword.turn_loop import EXCHANGE, PLAYED

    generator = _generators()["walked"]
    position = _positions()[0]
    spec = solve.PlayOutSpec(
        bytes(position.board), position.rack_counts(), None, bytes(unseen(position, False)),
        (0, 0), 0, PLAYED.pack(0, EXCHANGE, 1, 0, 0, b"\x1a", b""), 2,
    )  # fmt: skip
    leaves = _native_leaves(generator)
    rack = position.rack_counts()
    if rack[26] == 0:  # Z: not on this rack
        with pytest.raises(ValueError, match="the rack lacks"):
            generator.play_outs(position.rules, spec, leaves, 6)
    bad = spec._replace(firsts=PLAYED.pack(0, 9, 0, 0, 0, b"", b""))
    with pytest.raises(ValueError, match="a placement, an exchange or the pass"):
        generator.play_outs(position.rules, bad, leaves, 6)
    crowded = spec._replace(known=[0, *[1] * 26])  # 26 tiles: no rack holds them
    with pytest.raises(ValueError, match="at most 16 tiles"):
        generator.play_outs(position.rules, crowded, leaves, 6)


def _native_leaves(generator: MoveGenerator) -> object:
    from lexibench.solver.games.crossword.equity import LeaveMemo

    return LeaveMemo(LEAVES).for_native(generator)
