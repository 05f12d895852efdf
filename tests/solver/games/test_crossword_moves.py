"""Crossword move generation: every generator (Appel-Jacobson and Gordon, each tier, several
backends) against the brute-force reference on hand-written edge positions, seeded positions and
positions drawn by hypothesis; the scores of published plays; the order and the greedy choice;
the compiled modules; self-play."""

from __future__ import annotations

import importlib.util
import os
import random
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.solver.games.crossword import moves, search
from lexibench.solver.games.crossword.moves import Moves, coord, pack, sort_key
from lexibench.solver.games.crossword.players import greedy
from lexibench.solver.games.crossword.position import Position, parse_cgp
from lexibench.solver.games.crossword.reference import reference_moves, score_placement
from lexibench.solver.games.crossword.rules import BLANK, TIERS, RuleSet, load_rules, parse_rules
from lexibench.solver.games.crossword.selfplay import play
from lexibench.solver.games.crossword.solve import (
    NATIVE_UNAVAILABLE,
    MoveGenerator,
    move_generator,
    native_build,
)
from lexibench.solver.games.crossword.solve import record_move as native_record_move
from lexibench.solver.games.crossword.workload import STAGES, positions
from lexibench.solver.games.registry import game
from lexibench.solver.tiers import Tier, offered
from lexibench.structures.gaddag import gaddag_strings
from tests.words import default_words

EMPTY = ["15"] * 15
#: Backends each generator runs on here (test_games runs every backend on the workloads).
BACKENDS = ("kwg", "dict-trie", "marisa")

Key = tuple[tuple[str, str, int], ...]


def key(moves: Moves) -> Key:
    """Every move's coordinate, word and score, sorted (duplicates kept)."""
    crossword = game("crossword")
    found: Key = crossword.key(moves)  # type: ignore[assignment]
    return found


def generators(words: Sequence[str], backends: Sequence[str] = BACKENDS) -> list[tuple[str, Any]]:
    """``(label, generator)`` for each backend, variant and tier."""
    out: list[tuple[str, Any]] = []
    for backend in backends:
        for variant in ("words", "gaddag"):
            strings = list(gaddag_strings(words)) if variant == "gaddag" else list(words)
            lexicon = structures.build_lexicon(backend, strings)
            for tier in offered(TIERS, lexicon):
                out.append((f"{backend} {variant} {tier}", MoveGenerator(lexicon, tier, variant)))
    return out


def check(position: Position, words: Sequence[str], backends: Sequence[str] = BACKENDS) -> Key:
    """Every generator finds exactly the reference's moves; the reference's key."""
    expected = key(Moves(position, reference_moves(position, words)))
    for label, generate in generators(words, backends):
        assert key(generate(position)) == expected, label
    return expected


def _parse(coordinate: str) -> tuple[int, int, bool]:
    if coordinate[0].isalpha():
        return int(coordinate[1:]) - 1, ord(coordinate[0]) - 65, True
    return int(coordinate[:-1]) - 1, ord(coordinate[-1]) - 65, False


def board(*plays: tuple[str, str]) -> list[str]:
    """CGP rows of a 15x15 board holding ``plays``: ``("8D", "CAT")`` across, ``("D8", "CAT")``
    down (a lower-case letter: a blank)."""
    grid = [["." for _ in range(15)] for _ in range(15)]
    for where, word in plays:
        down = where[0].isalpha()
        row, col, _ = _parse(where)
        for k, letter in enumerate(word):
            r, c = (row + k, col) if down else (row, col + k)
            grid[r][c] = letter
    rows = []
    for line in grid:
        text, run = "", 0
        for square in line:
            if square == ".":
                run += 1
                continue
            text += (str(run) if run else "") + square
            run = 0
        rows.append(text + (str(run) if run else ""))
    return rows


def cgp(rows: list[str], rack: str) -> str:
    return "/".join(rows) + f" {rack}/ 0/0 0"


VOCAB_TEXT = """
aa ab ad ae ai at ax ba be bi da de ea ed ee ef ei el em en er es et ex fa fe id if in is it la
li ma me na ne oe oi on or os pa pe qi re sa si ta te ti xi za ate eat eta tea tae sat sea set
tes sit its tis ait tie ties site sate seat east eats teas etas quit qat qats cat cats act acts
scat taxi taxis tax axe axes zeta zetas retinas retains stainer nastier antsier ratines retsina
stearin anestri stained sainted instead detains satin stain saint antis tains dine dines snide
nides side sided die died dies ides ideas aside ideal ideals sailed ladies dais said aid aids
raid raids dear dare read dares reads fear fare fares
"""
VOCAB = sorted(set(VOCAB_TEXT.split()))


EDGE_POSITIONS = {
    "empty board": cgp(EMPTY, "AEINRST"),
    "empty board, one blank": cgp(EMPTY, "AEI?ST"),
    "empty board, two blanks": cgp(EMPTY, "DE??"),
    "a full rack bingo beside a word": cgp(board(("8D", "TAX")), "AEINRST"),
    "the top edge": cgp(board(("1A", "SATIN")), "AEDIST"),
    "the left edge, down": cgp(board(("A1", "SATIN")), "AEDIST"),
    "the bottom right corner": cgp(board(("15K", "DIES"), ("O11", "DIES")), "AEITS"),
    "single tiles": cgp(board(("8G", "AT")), "S"),
    "a single blank": cgp(board(("8G", "AT")), "?"),
    "parallel plays": cgp(board(("8D", "SATIN")), "AEE"),
    "fit between two tiles": cgp(board(("8D", "SA"), ("8G", "D")), "IE"),
    "through a blank on the board": cgp(board(("8D", "sATIN")), "EDE?"),
    "through two blanks on the board": cgp(board(("8D", "sAtIN")), "EDES"),
    "a hole between words": cgp(board(("8D", "TAX"), ("D8", "TIE"), ("10D", "EAT")), "ASDIE"),
    "hooks front and back": cgp(board(("8E", "EAT"), ("H8", "TIES")), "SAQ"),
}


@pytest.mark.parametrize("name", sorted(EDGE_POSITIONS))
def test_edge_positions_agree_with_the_reference(name: str) -> None:
    position = parse_cgp(EDGE_POSITIONS[name])
    found = check(position, VOCAB)
    assert found, f"{name}: no move at all (a useless case)"


def test_an_empty_board_is_played_across_and_down_through_the_start() -> None:
    position = parse_cgp(EDGE_POSITIONS["empty board"])
    moves = move_generator(structures.build_lexicon("kwg", VOCAB))(position).sorted()
    coords = {m.coord for m in moves}
    assert "8H" in coords
    assert "H8" in coords
    for move in moves:
        squares = {(r, c) for r, c, _ in move.tiles}
        assert (7, 7) in squares
    bingo = [m for m in moves if len(m.tiles) == 7]
    assert bingo
    assert all(m.score >= 50 for m in bingo)
    assert {m.word for m in bingo} >= {"RETINAS", "STAINER", "NASTIER"}


def test_a_single_tile_is_listed_once() -> None:
    """S after AT makes ATS (across) and nothing down: found once, across. S below A makes AS
    down and nothing across: found once, down."""
    position = parse_cgp(EDGE_POSITIONS["single tiles"])
    lexicon = structures.build_lexicon("kwg", ["at", "as", "ats", "sat", "ta", "st"])
    moves = move_generator(lexicon)(position).sorted()
    listed = [(m.coord, m.word) for m in moves]
    assert len(listed) == len(set(listed))
    tiles = [m.tiles for m in moves]
    assert len(tiles) == len(set(tiles))
    assert ("8G", "ATS") in listed
    assert ("G8", "AS") in listed
    assert ("8F", "SAT") in listed
    assert not any(word == "S" for _, word in listed)


def test_blank_uses_are_distinct_moves() -> None:
    position = parse_cgp(cgp(board(("8G", "AT")), "E?"))
    lexicon = structures.build_lexicon("kwg", ["ate", "eat", "tea", "at"])
    moves = move_generator(lexicon)(position).sorted()
    words = {(m.coord, m.word) for m in moves}
    assert {("8F", "EAT"), ("8F", "eAT"), ("8G", "ATE"), ("8G", "ATe")} <= words
    blank_eat = next(m for m in moves if (m.coord, m.word) == ("8F", "eAT"))
    natural_eat = next(m for m in moves if (m.coord, m.word) == ("8F", "EAT"))
    assert natural_eat.score == blank_eat.score + 1
    assert blank_eat.leave == "E"
    assert natural_eat.leave == "?"
    assert blank_eat.tiles == ((7, 5, "e"),)


# --- published plays ----------------------------------------------------------------------

PUBLISHED = [
    # (board rows, rack, play as the engines print it, score); MAGPIE's test/test_constants.h
    (
        "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/"
        "5I1N3N3/3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6",
        "A",
        "15C A(VENGED)",
        12,
    ),
    (
        "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/"
        "5I1N3N3/3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6",
        "A",
        "1L (F)A",
        5,
    ),
    (
        "14E/14N/14d/14U/4GLOWS5R/8PET3E/7FAXING1R/6JAY1TEEMS/2B2BOY4N2/2L1DOE5U2/2ANEW5PI2/"
        "2MO1LEU3ON2/2EH7HE2/15/15",
        "AAEIRST",
        "5B AIR(GLOWS)",
        12,
    ),
    (
        "14E/14N/14d/14U/4GLOWS5R/8PET3E/7FAXING1R/6JAY1TEEMS/2B2BOY4N2/2L1DOE5U2/2ANEW5PI2/"
        "2MO1LEU3ON2/2EH7HE2/15/15",
        "AAEIRST",
        "5C RE(GLOWS)",
        11,
    ),
    ("15/15/3THERMOS2A2/15/15/15/15/15/15/15/15/15/15/15/15", "ABEHINT", "3B HI(THERMOS)T", 36),
    ("15/15/3THERMOS2A2/15/15/15/15/15/15/15/15/15/15/15/15", "ABEHINT", "3B NE(THERMOS)T", 30),
    (
        "15/15/15/14Q/14U/14I/14N/7FRAWZEYS/7O7/7A7/7M7/7L7/7I7/7K7/7E7",
        "GONOPOR",
        "15A GONOPOR(E)",
        86,
    ),
    ("/".join(EMPTY), "PIZZAQQ", "8D PIZZA", 56),
    (
        "7N6M/5ZOON4AA/7B5UN/2S4L3LADY/2T4E2QI1I1/2A2PORN3NOR/2BICE2AA1DA1E/6GUVS1OP1F/8ET1LA1U/"
        "5J3R1E1UT/4VOTE1I1R1NE/5G1MICKIES1/6FE1T1THEW/6OR3E1XI/6OY6G",
        "DDESW??",
        "14B hEaDW(OR)DS",
        106,
    ),
    (
        "1PACIFYING5/1IS12/YE13/1REQUALIFIED3/H1L12/EDS12/NO3T9/1RAINWASHING3/UM3O9/T2E1O9/"
        "1WAKEnERS6/1OnETIME7/OOT2E1B7/N6U7/1JACULATING4",
        "ABEOPXZ",
        "A1 OX(Y)P(HEN)B(UT)AZ(ON)E",
        1780,
    ),
]


def words_made(position: Position, coordinate: str, word: str) -> list[str]:
    """Every run of two tiles or more on the board once ``word`` is played at ``coordinate``
    (the main word, its cross-words, and the words already there)."""
    rules = position.rules
    squares = bytearray(position.board)
    row, col, down = _parse(coordinate)
    for k, letter in enumerate(word):
        square = (row + k) * 15 + col if down else row * 15 + col + k
        if not squares[square]:
            squares[square] = ord(letter.upper()) - 64 | (BLANK if letter.islower() else 0)
    runs: list[str] = []
    for lines in (
        [[r * 15 + c for c in range(15)] for r in range(rules.rows)],
        [[r * 15 + c for r in range(15)] for c in range(rules.cols)],
    ):
        for line in lines:
            text = "".join(chr(96 + (squares[s] & 0x7F)) if squares[s] else " " for s in line)
            runs += [run for run in text.split() if len(run) >= 2]
    return runs


@pytest.mark.parametrize(("rows", "rack", "play", "score"), PUBLISHED)
def test_published_plays_score_as_published(rows: str, rack: str, play: str, score: int) -> None:
    """The scores of named plays do not depend on the lexicon: with a lexicon of exactly the
    words the play makes, every generator finds it with the published score."""
    # MAGPIE's PIZZAQQ holds more Zs and Qs than the English set: the rack is set, not parsed
    tiles = sorted(ord(x) - 64 for x in rack if x != "?") + [0] * rack.count("?")
    position = replace(parse_cgp(f"{rows} /"), rack=bytes(tiles))
    coordinate, shown = play.split()
    word = shown.replace("(", "").replace(")", "")
    lexicon_words = sorted(set(words_made(position, coordinate, word)))
    found = check(position, lexicon_words, ("kwg", "dict-trie"))
    assert (coordinate, word, score) in found
    row, col, down = _parse(coordinate)
    placed = {}
    for k, letter in enumerate(word):
        square = (row + k) * 15 + col if down else row * 15 + col + k
        if not position.board[square]:
            placed[square] = ord(letter.upper()) - 64 | (BLANK if letter.islower() else 0)
    assert score_placement(position.rules, position.board, placed, down) == score
    move = next(
        m
        for m in move_generator(structures.build_lexicon("kwg", lexicon_words))(position).sorted()
        if (m.coord, m.word) == (coordinate, word)
    )
    assert move.shown() == shown


# --- seeded positions and hypothesis --------------------------------------------------------


@cache
def sample_words() -> tuple[str, ...]:
    words = default_words(min_length=2, q_needs_u=False)
    return tuple(sorted(random.Random(11).sample([w for w in words if len(w) <= 9], 4000)))


@pytest.mark.parametrize("stage", STAGES)
def test_seeded_positions_agree_with_the_reference(stage: str) -> None:
    words = sample_words()
    for position in positions(stage, 7, 4, words):
        check(position, words, ("kwg",))


TINY_RULES = parse_rules(
    """{"name": "tiny", "rack_size": 4, "bingo_bonus": 20, "start": "*",
    "squares": {".": {"letter": 1, "word": 1}, "d": {"letter": 2, "word": 1},
                "t": {"letter": 3, "word": 1}, "D": {"letter": 1, "word": 2},
                "T": {"letter": 1, "word": 3}, "*": {"letter": 1, "word": 2}},
    "board": ["T..d..", ".t..D.", "..*...", "d...t.", ".D...d", "T....T"],
    "tiles": {"A": {"count": 6, "value": 1}, "B": {"count": 4, "value": 3},
              "E": {"count": 6, "value": 1}, "T": {"count": 4, "value": 2},
              "Z": {"count": 2, "value": 10}, "?": {"count": 2, "value": 0}}}""",
    "tiny",
)
TINY_LETTERS = "abetz"


@st.composite
def tiny_positions(draw: st.DrawFn) -> tuple[Position, list[str]]:
    """A 6x6 board with tiles strewn (words or not), a rack, and words over five letters (some
    of one letter, which never count), some of them read off the board so that moves exist."""
    rules = TINY_RULES
    squares = bytearray(rules.squares)
    for _ in range(draw(st.integers(0, 10))):
        square = draw(st.integers(0, rules.squares - 1))
        tile = ord(draw(st.sampled_from(TINY_LETTERS))) - 96
        squares[square] = tile | (BLANK if draw(st.booleans()) and draw(st.booleans()) else 0)
    rack_letters = draw(st.lists(st.sampled_from(TINY_LETTERS + "??"), max_size=4))
    rack = sorted(ord(x) - 96 for x in rack_letters if x != "?")
    rack_bytes = bytes(rack) + bytes(rack_letters.count("?"))
    words = draw(st.lists(st.text(TINY_LETTERS, min_size=1, max_size=6), max_size=25))
    text = "".join(chr(96 + (t & 0x7F)) if t else " " for t in squares)
    for row in range(rules.rows):
        line = text[row * 6 : row * 6 + 6]
        words += [run + x for run in line.split() for x in "ae"]
        words += [x + run for run in line.split() for x in "bt"]
    return Position(rules, bytes(squares), rack_bytes), sorted(set(words))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=tiny_positions())
def test_random_small_positions_agree_with_the_reference(case: tuple[Position, list[str]]) -> None:
    position, words = case
    check(position, words, ("kwg", "dict-trie"))


@st.composite
def tiny_games(draw: st.DrawFn) -> tuple[list[Position], list[str]]:
    """A tiny board changed a few squares at a time (tiles laid and taken away), a rack for
    each, and words as :func:`tiny_positions` draws them."""
    first, words = draw(tiny_positions())
    squares = bytearray(first.board)
    out = [first]
    for _ in range(draw(st.integers(1, 5))):
        for _ in range(draw(st.integers(1, 4))):
            square = draw(st.integers(0, TINY_RULES.squares - 1))
            letter = draw(st.sampled_from(" " + TINY_LETTERS))
            squares[square] = 0 if letter == " " else ord(letter) - 96
        rack = bytes(sorted(draw(st.lists(st.sampled_from([1, 2, 5, 20, 26, 0]), max_size=4))))
        out.append(Position(TINY_RULES, bytes(squares), rack))
    return out, words


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=tiny_games())
def test_a_native_generator_kept_from_board_to_board_answers_afresh(
    case: tuple[list[Position], list[str]],
) -> None:
    """The native generator keeps the cross-sets of the lines a new board leaves as they were:
    each board's moves are still exactly the reference's."""
    boards, words = case
    for variant, keep in (("words", True), ("gaddag", True), ("words", False)):
        held = gaddag_strings(words) if variant == "gaddag" else words
        lexicon = structures.build_lexicon("kwg", held)
        kept = MoveGenerator(lexicon, Tier.NATIVE, variant, keep_cross_sets=keep)
        for position in boards:
            expected = key(Moves(position, reference_moves(position, words)))
            assert key(kept(position)) == expected, (variant, keep)


def test_a_kept_generator_follows_the_board_becoming_empty_and_not() -> None:
    """The start square is an anchor only while the board is empty, though its lines may not
    change when a tile appears elsewhere: a generator keeping its cross-sets answers afresh on
    an empty board, then one tile far from the start, then the empty board again."""
    words = ["ab", "ba", "tab", "bat", "zeta", "beta", "tea", "eat"]
    far = bytearray(TINY_RULES.squares)
    far[5 * 6 + 5] = ord("a") - 96  # the bottom right corner: not the start's row or column
    rack = bytes(sorted(ord(x) - 96 for x in "abet"))
    boards = [bytes(TINY_RULES.squares), bytes(far), bytes(TINY_RULES.squares)]
    for variant in ("words", "gaddag"):
        held = gaddag_strings(words) if variant == "gaddag" else words
        kept = MoveGenerator(structures.build_lexicon("kwg", held), Tier.NATIVE, variant)
        for board in boards:
            position = Position(TINY_RULES, board, rack)
            expected = key(Moves(position, reference_moves(position, words)))
            assert key(kept(position)) == expected, variant


def test_a_kwg_file_whose_node_1_is_not_the_words_gaddag_gives_the_words_moves() -> None:
    """A ``.kwg`` file whose node 1 points at the DAWG again, or at the GADDAG of other words,
    read in the words view: the native generator reads every cross-set through the DAWG, and its
    moves are the reference's."""
    from array import array

    from lexibench.structures.backends.kwg.lexicon import KwgLexicon
    from tests.structures.test_kwg import _with_dawg

    words = list(VOCAB)
    nodes = array("I", KwgLexicon(words).kwg_bytes())
    dawg_only = array("I", nodes)
    dawg_only[1] = nodes[0]  # a root pointer with an arc, to the DAWG: not a GADDAG
    others = KwgLexicon(sorted({w[::-1] for w in words} | {"qi", "za"})).kwg_bytes()
    files = {
        "dawg twice": dawg_only.tobytes(),
        "other gaddag": _with_dawg(array("I", others), words),
    }
    for label, data in files.items():
        lexicon, found = KwgLexicon.from_kwg(data, "words")
        assert found == words, label
        assert not lexicon.gaddag_of_words, label
        generate = MoveGenerator(lexicon, Tier.NATIVE, "words")
        for name, text in EDGE_POSITIONS.items():
            position = parse_cgp(text)
            expected = key(Moves(position, reference_moves(position, words)))
            assert key(generate(position)) == expected, f"{label}: {name}"
    assert KwgLexicon.from_kwg(nodes.tobytes(), "words")[0].gaddag_of_words


# --- order, the greedy choice, compiled code, self-play --------------------------------------


def test_moves_are_ordered_and_the_best_is_the_first() -> None:
    words = sample_words()
    for variant in ("words", "gaddag"):
        held = gaddag_strings(words) if variant == "gaddag" else words
        strings = structures.build_lexicon("kwg", held)
        for tier in offered(TIERS, strings):
            generate = MoveGenerator(strings, tier, variant)
            for position in positions("mid", 3, 6, words):
                moves = generate(position).sorted()
                assert moves == sorted(moves, key=sort_key)
                best = generate.best_raw(position.rules, position.board, position.rack_counts())
                if not moves:
                    assert best is None
                    continue
                assert best is not None
                score, down, row, col, word, _ = best
                assert (score, coord(row, col, down), word) == (
                    moves[0].score,
                    moves[0].coord,
                    moves[0].word,
                )


def test_the_install_compiled_both_generators() -> None:
    if os.environ.get("LEXIBENCH_NO_COMPILE"):
        assert search.build() == "interpreted"
        assert native_build() == "interpreted"
        assert Tier.NATIVE not in offered(TIERS, structures.backend_class("kwg"))
    else:
        assert search.build() == "mypyc"
        assert native_build() == "cython"


def test_the_compiled_search_answers_as_its_source() -> None:
    source = Path(search.__file__).with_name("search.py")
    spec = importlib.util.spec_from_file_location("crossword_search_source", source)
    assert spec is not None
    assert spec.loader is not None
    interpreted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(interpreted)
    assert interpreted.build() == "interpreted"
    words = sample_words()
    lexicon: Any = structures.build_lexicon("dict-trie", words)
    rules = load_rules()
    premiums = (list(rules.letter_multiplier), list(rules.word_multiplier), list(rules.values))
    for position in positions("early", 5, 3, words):
        raw: list[list[Any]] = []
        for module in (search, interpreted):
            access = module.StepAccess(lexicon.root(), lexicon.child, lexicon.is_terminal, False)
            generator = module.Generator(access, False, 15, 15, *premiums, rules.start, 7, 50)
            raw.append(sorted(generator.generate(position.board, position.rack_counts())))
        assert raw[0] == raw[1]


def test_self_play_is_the_same_game_through_every_tier() -> None:
    words = sample_words()
    rules: RuleSet = load_rules()
    results = []
    for backend, variant, tier in (
        ("kwg", "words", "native"),
        ("kwg", "gaddag", "native"),
        ("dict-trie", "gaddag", "step"),
        ("marisa", "words", "string"),
    ):
        cls = structures.backend_class(backend)
        if tier == "native" and Tier.NATIVE not in offered(TIERS, cls):
            continue
        strings = list(gaddag_strings(words)) if variant == "gaddag" else list(words)
        generator = MoveGenerator(structures.build_lexicon(backend, strings), Tier(tier), variant)
        result = play(rules, greedy(generator), random.Random(5), keep_turns=True)
        results.append((result.scores, result.played, [t.board for t in result.turns]))
    assert all(r == results[0] for r in results)
    assert results[0][1] > 3


@pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason=str(NATIVE_UNAVAILABLE))
@settings(max_examples=300, deadline=None)
@given(
    st.integers(-(2**31), 2**31 - 1),
    st.booleans(),
    st.integers(0, 20),
    st.integers(0, 20),
    st.lists(st.tuples(st.integers(1, 26), st.booleans(), st.booleans()), min_size=1, max_size=15),
    st.lists(st.integers(0, 26), max_size=9),
)
def test_a_record_makes_the_same_move_in_c_as_in_python(
    score: int,
    down: bool,
    row: int,
    col: int,
    letters: list[tuple[int, bool, bool]],
    extra: list[int],
) -> None:
    """The native ``record_move`` (the best turn's Move, made in C) and ``moves.record_move``:
    the same Move from any record, or the same error where the rack lacks a placed tile."""
    word = "".join(chr(96 + t) if blank else chr(64 + t) for t, blank, _ in letters)
    placed = sum(1 << i for i, (_, _, put) in enumerate(letters) if put)
    rack = bytes(sorted(extra + [0 if blank else t for t, blank, put in letters if put]))
    for candidate in (rack, rack[1:]):  # (the second may lack a placed tile)
        record = pack((score, down, row, col, word, placed))
        try:
            expected = moves.record_move(record, candidate, 3.5)
        except ValueError as error:
            with pytest.raises(ValueError, match=re.escape(str(error))):
                native_record_move(record, candidate, 3.5)
            continue
        assert native_record_move(record, candidate, 3.5) == expected
        assert native_record_move(record, candidate, None) == expected._replace(equity=None)
