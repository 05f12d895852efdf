"""Simulation (``lexibench sim``, :mod:`~lexibench.solver.games.crossword.sim`): the same seed
gives the same numbers on every structure and tier, a result is MAGPIE's spread plus leftover,
the stopping rule drops what is beyond reach, and a stop keeps what is done."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache

import pytest

from lexibench import structures
from lexibench.solver.games.crossword.equity import top_by_equity
from lexibench.solver.games.crossword.leave_model import default
from lexibench.solver.games.crossword.position import Position, parse_cgp
from lexibench.solver.games.crossword.sim import Settings, simulate, unseen
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, MoveGenerator
from lexibench.solver.games.crossword.workload import positions
from lexibench.solver.tiers import Tier
from tests.solver.games.test_crossword_moves import sample_words

LEAVES = default()


def _strings(variant: str) -> list[str]:
    from lexibench.solver.games.registry import game

    return list(dict.fromkeys(game("crossword").lexicon_words(sample_words(), variant)))


@cache
def _generators() -> dict[str, MoveGenerator]:
    """Every way lexibench generates moves: the native tier (walked, over the words' and the
    GADDAG's graph, and spelled from the word map), the step and string tiers."""
    out = {}
    if NATIVE_UNAVAILABLE is None:
        for variant in ("words", "gaddag"):
            lexicon = structures.build_lexicon("kwg", _strings(variant))
            out[f"kwg native {variant}"] = MoveGenerator(lexicon, Tier.NATIVE, variant)
        words = structures.build_lexicon("kwg", _strings("words"))
        out["kwg native word map"] = MoveGenerator(words, Tier.NATIVE, "words", word_map=True)
    trie = structures.build_lexicon("dict-trie", _strings("gaddag"))
    out["dict-trie step gaddag"] = MoveGenerator(trie, Tier.STEP, "gaddag")
    listed = structures.build_lexicon("marisa", _strings("words"))
    out["marisa string words"] = MoveGenerator(listed, Tier.STRING, "words")
    return out


@cache
def _mid() -> Position:
    return positions("mid", 5, 1, sample_words())[0]


def _numbers(generator: MoveGenerator, settings: Settings) -> list[tuple[str, float, int]]:
    sim = simulate(generator, _mid(), LEAVES, settings)
    return [(c.move.word or c.move.kind, round(c.mean, 6), c.iterations) for c in sim.ranked()]


def test_the_same_seed_gives_the_same_numbers_on_every_structure_and_tier() -> None:
    settings = Settings(candidates=4, plies=2, iterations=6, seed=3)
    found = {name: _numbers(g, settings) for name, g in _generators().items()}
    first = next(iter(found.values()))
    assert all(numbers == first for numbers in found.values()), found
    again = _numbers(next(iter(_generators().values())), settings)
    assert again == first
    other = _numbers(next(iter(_generators().values())), Settings(4, 2, 6, seed=4))
    assert other != first


def test_a_result_is_the_spread_gained_plus_the_last_two_leaves() -> None:
    """One candidate, one iteration, played by hand as the module docstring defines it."""
    import random

    from lexibench.solver.games.crossword.equity import LeaveMemo
    from lexibench.solver.games.crossword.players import EquityPlayer
    from lexibench.solver.games.crossword.selfplay import draw
    from lexibench.solver.games.crossword.sim import _action, _Game

    generator = next(iter(_generators().values()))
    position = _mid()
    rules = position.rules
    [best] = top_by_equity(generator, position, LEAVES, 1)
    sim = simulate(generator, position, LEAVES, Settings(1, 2, 1, seed=9))
    bag = unseen(position, False)
    random.Random("sim:9:0").shuffle(bag)
    other = [0] * 27
    draw(other, bag, rules.rack_size)
    before = position.scores or (0, 0)
    game = _Game(rules, bytearray(position.board), (position.rack_counts(), other),
                 list(before), bag, position.zeros, "sim:9:0:x")  # fmt: skip
    player = EquityPlayer(generator, LEAVES)
    memo = LeaveMemo(LEAVES)
    game.turn(0, _action(best))
    leftover = 0.0
    for ply, on_turn in enumerate((1, 0)):
        if game.over:
            break
        kept = game.turn(on_turn, player(rules, bytes(game.board), game.racks[on_turn],
                                         len(game.bag)))  # fmt: skip
        worth = memo.value(kept)
        leftover += worth if on_turn == 0 else -worth
        assert ply < 2
    expected = game.scores[0] - game.scores[1] - (before[0] - before[1]) + leftover
    assert sim.candidates[0].mean == pytest.approx(expected)


def test_the_stopping_rule_drops_candidates_beyond_reach() -> None:
    generator = next(iter(_generators().values()))
    settings = Settings(candidates=8, plies=2, iterations=160, seed=1, stop_confidence=0.95)
    sim = simulate(generator, _mid(), LEAVES, settings)
    dropped = [c for c in sim.candidates if c.dropped]
    assert dropped
    assert all(c.iterations % 16 == 0 for c in dropped)  # dropped at a look
    assert min(c.iterations for c in dropped) < 160
    assert max(c.iterations for c in sim.candidates) == 160
    assert not sim.ranked()[0].dropped


def test_a_stop_keeps_the_iterations_done() -> None:
    generator = next(iter(_generators().values()))
    asked = iter(range(100))
    sim = simulate(generator, _mid(), LEAVES, Settings(3, 2, 50), stop=lambda: next(asked) >= 5)
    assert sim.iterations == 5
    assert sim.stopped == "signal"
    assert all(c.iterations == 5 for c in sim.candidates)


def _sim(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lexibench", "sim", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_the_command_prints_each_candidate_and_its_json(tmp_path: object) -> None:
    text = _mid().to_cgp()
    done = _sim(text, "--candidates", "3", "--iterations", "20", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["iterations"] == 20
    assert [sorted(c) for c in data["candidates"]] == [
        sorted(["move", "score", "leave", "equity", "mean", "stderr", "iterations"])
    ] * 3
    means = [c["mean"] for c in data["candidates"]]
    assert means == sorted(means, reverse=True)
    shown = _sim(text, "--candidates", "3", "--iterations", "20")
    assert shown.returncode == 0
    assert "3 candidates by static equity (english leaves), 2 plies, 20 iterations" in shown.stdout


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--known-rack"], "--known-rack: the position gives no other rack"),
        (["--stop-confidence", "1.5"], "must be from 0.5 to 0.999999"),
        (["--plies", "0"], "--plies"),
        (["--time-limit", "-1"], "--time-limit"),
    ],
)
def test_bad_options_are_one_line(argv: list[str], message: str) -> None:
    from dataclasses import replace

    done = _sim(replace(_mid(), other_rack=None).to_cgp(), *argv)
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert message in line


def test_a_bad_position_is_one_line() -> None:
    done = _sim("15/15 AB")
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1


def test_unseen_tiles_are_the_bags_less_what_the_player_sees() -> None:
    position = parse_cgp("/".join(["15"] * 15) + " AEINST?/ 0/0 0")
    hidden = unseen(position, False)
    assert len(hidden) == 100 - 7
    assert hidden.count(0) == 1
