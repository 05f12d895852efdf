"""Equity (``moves --leaves``): every placement, exchange and the pass, each worth its score and
its leave's value; exchanges only while the bag holds a rack's worth; nothing for a leave with the
bag empty; the order; the command's text and JSON; bad leave files refused before any work."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.solver.games.crossword.equity import bag_size, by_equity
from lexibench.solver.games.crossword.leave_model import FEATURES, LeaveModel, default, features
from lexibench.solver.games.crossword.leave_tables import LeaveTable
from lexibench.solver.games.crossword.moves import coord
from lexibench.solver.games.crossword.players import EquityPlayer, Exchange
from lexibench.solver.games.crossword.position import Position, parse_cgp, rack_text
from lexibench.solver.games.crossword.rules import BLANK, load_rules
from lexibench.solver.games.crossword.selfplay import play
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, LeaveValues, MoveGenerator
from lexibench.solver.games.crossword.workload import positions
from lexibench.solver.games.tiles import text_tiles
from lexibench.solver.tiers import Tier
from tests.solver.games.test_crossword_moves import EMPTY, VOCAB, board, cgp, sample_words

LEAVES = {"?": 25.0, "S": 8.0, "E": 4.0, "ES": 12.5, "Q": -7.0, "I": -1.0, "II": -6.0, "A": 1.0}
TABLE = LeaveTable.of({text_tiles(k): v for k, v in LEAVES.items()})


def _moves(text: str):  # type: ignore[no-untyped-def]
    position = parse_cgp(text)
    lexicon = structures.build_lexicon("kwg", VOCAB)
    return MoveGenerator(lexicon, Tier.NATIVE, "words")(position)


def test_each_move_is_worth_its_score_and_its_leave() -> None:
    moves = _moves(cgp(board(("8D", "TAX")), "AEISQ?"))
    ranked = by_equity(moves, TABLE)
    placed = [m for m in ranked if m.kind == "place"]
    assert len(placed) == len(moves)
    for move in placed:
        assert move.equity == pytest.approx(move.score + TABLE.value(text_tiles(move.leave)))
    keys = [(-(m.equity or 0), -m.score) for m in ranked]
    assert keys == sorted(keys)


def test_every_exchange_is_listed_once_while_the_bag_allows() -> None:
    rack = "AEIIS?"
    moves = _moves(cgp(EMPTY, rack))
    assert bag_size(moves.position) == 100 - 6 - 7  # the other player holds a full rack
    exchanges = [m for m in by_equity(moves, TABLE) if m.kind == "exchange"]
    tiles = bytes(sorted(text_tiles(rack)))
    distinct = {bytes(sorted(c)) for size in range(1, 7) for c in combinations(tiles, size)}
    assert sorted(m.returned for m in exchanges) == sorted(rack_text(t) for t in distinct)
    for move in exchanges:
        assert move.score == 0
        assert move.equity == TABLE.value(text_tiles(move.leave))
    keep_s_blank = next(m for m in exchanges if m.returned == "AEII")
    assert keep_s_blank.leave == "S?"
    [passed] = [m for m in by_equity(moves, TABLE) if m.kind == "pass"]
    assert passed.leave == "AEIIS?"


def _without_the_bag(position: Position) -> Position:
    """``position`` under a rule set of exactly its tiles (the board's and the two racks'): the
    bag is empty."""
    used = [0] * 27
    for tile in position.board:
        if tile:
            used[0 if tile & BLANK else tile] += 1
    for tile in position.rack + (position.other_rack or b""):
        used[tile] += 1
    return replace(position, rules=replace(position.rules, counts=tuple(used)))


def test_an_unknown_other_rack_is_a_full_rack_out_of_the_bag() -> None:
    """With the other rack not given, the other player holds seven of the unseen tiles: 14
    unseen allow an exchange, 13 do not (the bag holds 6), and with 7 unseen the bag is empty:
    no exchange, and a leave is worth nothing. A rack given counts as it is."""
    full = _without_the_bag(_moves(cgp(board(("8D", "TAX")), "AEISQ?")).position)
    generate = MoveGenerator(structures.build_lexicon("kwg", ["tax", "axe"]), Tier.NATIVE, "words")
    for extra, bag in ((14, 7), (13, 6), (7, 0)):
        counts = list(full.rules.counts)
        counts[5] += extra  # more E's in the rule set: unseen, on the other rack or in the bag
        position = replace(full, rules=replace(full.rules, counts=tuple(counts)))
        assert bag_size(position) == bag
        assert bag_size(replace(position, other_rack=b"\x05\x05")) == extra - 2
        ranked = by_equity(generate(position), TABLE)
        assert any(m.kind == "exchange" for m in ranked) == (bag >= 7)
        if bag == 0:
            assert all(m.equity == m.score for m in ranked)


def test_an_empty_bag_allows_no_exchange_and_values_no_leave() -> None:
    """Seeded late positions with their bag emptied: equity is the score, and the pass (the
    only other move) is worth nothing."""
    words = sample_words()
    generate = MoveGenerator(structures.build_lexicon("kwg", words), Tier.NATIVE, "words")
    for late in positions("late", 3, 3, words):
        position = _without_the_bag(late)
        assert bag_size(position) == 0
        ranked = by_equity(generate(position), TABLE)
        assert [m.kind for m in ranked if m.kind != "place"] == ["pass"]
        assert all(m.equity == m.score for m in ranked)


def test_the_command_lists_by_equity(tmp_path: Path) -> None:
    path = tmp_path / "leaves.klv2"
    path.write_bytes(TABLE.to_bytes())
    position = cgp(board(("8D", "TAX")), "AEISQ?")
    run = [sys.executable, "-m", "lexibench", "moves", position, "--leaves", str(path)]
    done = subprocess.run([*run, "--json", "--all"], capture_output=True, text=True, check=True)
    listed = json.loads(done.stdout)
    assert listed["count"] == len(listed["moves"])
    kinds = {m["kind"] for m in listed["moves"]}
    assert kinds == {"place", "exchange", "pass"}
    first = listed["moves"][0]
    assert list(first) == ["kind", "coord", "word", "score", "leave", "tiles", "equity"]
    exchange = next(m for m in listed["moves"] if m["kind"] == "exchange")
    assert list(exchange) == ["kind", "exchange", "score", "leave", "equity"]
    text = subprocess.run([*run, "--top", "3"], capture_output=True, text=True, check=True).stdout
    assert "by equity" in text
    assert "  equity  score  coord  word" in text


def test_a_bad_leave_file_is_refused_before_any_work(tmp_path: Path) -> None:
    path = tmp_path / "bad.klv2"
    path.write_bytes(b"\x05\x00\x00\x00")
    position = cgp(EMPTY, "AEI")
    done = subprocess.run(
        [sys.executable, "-m", "lexibench", "moves", position, "--leaves", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert f"{path}: at byte 4: truncated" in line


def _exchanger() -> LeaveModel:
    """A linear model (its values whole thousandths: the player's choice is made in C) that
    prizes keeping blanks and S and hates Q, so that exchanges come first often."""
    weights = [0.0] * FEATURES
    for copies in range(3):
        weights[0 * 3 + copies] = 25.5 * (copies + 1)  # blanks
        weights[19 * 3 + copies] = 8.25  # S
        weights[17 * 3 + copies] = -19.75  # Q
    return LeaveModel(tuple(weights), "test")


PLAYER_LEAVES: dict[str, Any] = {"table": TABLE, "model": default(), "exchanger": _exchanger()}


@pytest.mark.parametrize("word_map", [False, True])
@pytest.mark.parametrize("leaves", sorted(PLAYER_LEAVES))
def test_the_equity_player_plays_what_the_listing_puts_first(leaves: str, word_map: bool) -> None:
    """On seeded positions of every stage (with blanks) the player's turn is the listing's
    first: the same placement, the same exchange, or the pass; chosen in C where the leaves'
    values are whole thousandths (the table's and the models', each found in C), from the
    records in Python elsewhere."""
    words = sample_words()
    lexicon = structures.build_lexicon("kwg", words)
    generate = MoveGenerator(lexicon, Tier.NATIVE, "words", word_map=word_map)
    table = PLAYER_LEAVES[leaves]
    player = EquityPlayer(generate, table)
    kinds: set[str] = set()
    for stage in ("early", "mid", "late"):
        for position in positions(stage, 7, 12, words):
            bag = bag_size(position)
            first = by_equity(generate(position), table)[0]
            turn = player(position.rules, position.board, position.rack_counts(), bag)
            kinds.add(first.kind)
            if first.kind == "place":
                assert isinstance(turn, tuple)
                score, down, row, col, word, _ = turn
                assert (coord(row, col, down), word, score) == (
                    first.coord,
                    first.word,
                    first.score,
                )
            elif first.kind == "exchange":
                assert isinstance(turn, Exchange)
                returned = bytes(t for t in range(27) for _ in range(turn.returned[t]))
                assert rack_text(returned) == first.returned
            else:
                assert turn is None
    native = player.memo.native
    assert native is not None
    assert native.exact  # the memo's values are whole millipoints
    assert native.computed  # a linear model's summed in C, a table's looked up there
    if leaves == "exchanger":
        assert "exchange" in kinds


def test_equity_self_play_exchanges_and_ends_by_the_rules() -> None:
    """A table that prizes keeping blanks and S and hates Q makes the player exchange; the games
    end, and the same seed gives the same game."""
    words = sample_words()
    generate = MoveGenerator(structures.build_lexicon("kwg", words), Tier.NATIVE, "words")
    player = EquityPlayer(generate, TABLE)
    rules = load_rules("english")
    first = play(rules, player, random.Random(3))
    again = play(rules, player, random.Random(3))
    assert (first.scores, first.played, first.exchanges) == (
        again.scores,
        again.played,
        again.exchanges,
    )
    total = sum(play(rules, player, random.Random(seed)).exchanges for seed in range(6))
    assert total > 0


def test_the_model_is_written_as_a_table_the_engines_load(tmp_path: Path) -> None:
    """``lexibench leaves --write``: every leave of 1-6 tiles the English counts allow (914,624,
    as MAGPIE's and wolges' English tables hold), each the model's value."""
    model = LeaveModel(tuple((i % 7 - 3) / 4 for i in range(FEATURES)), "test")
    path = tmp_path / "model.json"
    path.write_text(model.to_json())
    out = tmp_path / "leaves.klv2"
    run = [sys.executable, "-m", "lexibench", "leaves", "--model", str(path), "--write", str(out)]
    done = subprocess.run(run, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == f"wrote 914,624 leaves to {out}"
    table = LeaveTable.from_bytes(out.read_bytes())
    assert len(table) == 914_624
    for leave in ("?", "??", "AEQ?", "Q", "EEEEEE", "AEINST", "UUUVVW"):
        tiles = text_tiles(leave)
        assert table.value(tiles) == pytest.approx(model.value(tiles), abs=1e-3)


def test_features_of_a_leave() -> None:
    """Each tile held once, twice or three or more times; the vowel-consonant balance; a Q
    without a U."""
    assert features(text_tiles("Q")) == [17 * 3, 27 * 3 + 1, FEATURES - 1]
    assert features(text_tiles("QU")) == [17 * 3, 21 * 3, 27 * 3 + 7 + 1]
    assert features(text_tiles("EEE?")) == [0, 5 * 3 + 2, 27 * 3 + 7 + 6 + 5 + 0]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 26), max_size=9).map(bytes),
    st.lists(st.floats(-50, 50, allow_nan=False), min_size=FEATURES, max_size=FEATURES),
)
def test_a_leaves_value_is_its_features_weights_summed_in_order(
    tiles: bytes, weights: list[float]
) -> None:
    """The model's value is its features' weights summed in :func:`features`' order, left to
    right; and the native search, summing them in C, has the same millipoints."""
    model = LeaveModel(tuple(weights))
    total = 0.0
    for i in features(tiles):
        total += weights[i]
    expected = round(total, 3) if tiles else 0.0
    assert model.value(tiles) == expected
    assert model.value(bytes(reversed(tiles))) == expected
    if NATIVE_UNAVAILABLE is None:
        native = LeaveValues(model.value, model.linear_form())
        assert native.millipoints(bytes(sorted(tiles))) == round(expected * 1000)


@pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="not compiled")
@pytest.mark.parametrize("weight", [0.0005, 0.0015, 0.0025, -0.0005, -0.0025, 1.2345, 2.0625])
def test_the_native_sum_rounds_as_python_on_a_half(weight: float) -> None:
    """Sums that land on (or a hair from) half a thousandth round as Python's round(x, 3)."""
    weights = [0.0] * FEATURES
    weights[1 * 3] = weight  # an A held once
    weights[27 * 3 + 1] = weight  # one consonant
    model = LeaveModel(tuple(weights))
    native = LeaveValues(model.value, model.linear_form())
    for tiles in (bytes([1]), bytes([2]), bytes([1, 2]), bytes([1, 1])):
        assert native.millipoints(tiles) == round(model.value(tiles) * 1000), tiles
