"""Every game of the registry, through the one seam: each tier of each built-in backend answers
its workloads exactly as its brute-force reference does; its declaration is consistent; its
commands are offered by the command line."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from lexibench import structures
from lexibench.solver.games.command import JSON, LexiconOptions, TierOption
from lexibench.solver.games.protocol import Workload, workload_tiers
from lexibench.solver.games.query import QueryGame
from lexibench.solver.games.registry import GAMES, command_games, game, game_names
from lexibench.solver.tiers import Tier, offered
from lexibench.solver.wordlist import load_wordlist
from tests.commands import run

#: Words in the vocabulary, and in the one a structure whose queries scan every word (cost
#: "linear": the unsorted list) is built from, capped openly.
WORDS = 3000
WORDS_LINEAR = 300
#: Puzzles per workload: a quick run's count, at most this many; of a workload declaring tiers
#: of its own (a word search's of one condition kind, whose every kind the conformance tests of
#: tests/structures check on every structure), the first only.
PER_WORKLOAD = 5
PER_KIND_WORKLOAD = 1


@cache
def vocabulary(name: str, capped: bool = False) -> tuple[str, ...]:
    """A seeded sample of the default list under the game's word rules: :data:`WORDS` words of
    at most 8 letters (small enough for the references); ``capped``, a seeded sample of those."""
    rules = game(name).word_rules
    words = load_wordlist(min_length=rules.min_length, q_needs_u=rules.q_needs_u).words
    short = [w for w in words if len(w) <= 8]
    sample = sorted(random.Random(5).sample(short, WORDS))
    return tuple(sorted(random.Random(6).sample(sample, WORDS_LINEAR)) if capped else sample)


def _count(workload: Workload[Any]) -> int:
    return min(workload.quick, PER_WORKLOAD if workload.tiers is None else PER_KIND_WORKLOAD)


@cache
def workload_puzzles(name: str) -> tuple[tuple[Workload[Any], tuple[Any, ...]], ...]:
    """Each workload with its first puzzles (a quick run's count, at most
    :data:`PER_WORKLOAD`, or :data:`PER_KIND_WORKLOAD`), drawn from the full vocabulary."""
    words = vocabulary(name)
    return tuple(
        (workload, tuple(workload.generate(2026, _count(workload), words)))
        for workload in game(name).workloads()
    )


def puzzles(name: str) -> tuple[Any, ...]:
    """Every workload's first puzzles (:func:`workload_puzzles`), in one tuple."""
    return tuple(puzzle for _, drawn in workload_puzzles(name) for puzzle in drawn)


@cache
def expected(name: str, workload: str, capped: bool = False) -> tuple[Any, ...]:
    """The reference's answers to ``workload``'s puzzles over the vocabulary (``capped``: the
    capped one), by key."""
    played = game(name)
    solve = played.reference(vocabulary(name, capped))
    drawn = {w.name: p for w, p in workload_puzzles(name)}[workload]
    return tuple(played.key(solve(puzzle)) for puzzle in drawn)


@pytest.mark.parametrize("name", game_names())
def test_every_tier_of_every_structure_agrees_with_the_reference(name: str, structure: str) -> None:
    """Each structure, lexicon or index, on the tiers each workload offers it (the game's, or the
    workload's own): a lexicon at least the string tier (of the game's); an index the index tier
    exactly when it answers one of the game's query kinds (or the workload's)."""
    played = game(name)
    capped = structures.backend_info(structure).cost == "linear"
    for variant in played.variants:
        strings = list(played.lexicon_words(vocabulary(name, capped), variant))
        try:
            built = structures.build_structure(structure, strings)
        except structures.UnstorableWordError:
            assert variant != "words", f"{structure} cannot store {name}'s words"
            continue  # a variant's strings (a separator) this structure cannot hold
        for workload, drawn in workload_puzzles(name):
            table = workload_tiers(played, workload)
            tiers = offered(table, built)
            assert tiers == offered(table, type(built)), "the class says what an instance does"
            if structures.is_lexicon(built):
                assert Tier.STRING in tiers or workload.tiers is not None
                assert Tier.INDEX not in tiers
            elif workload.tiers is None:
                answers_it = bool(set(played.queries) & set(structures.answers(built)))
                assert tiers == ((Tier.INDEX,) if answers_it else ())
            for tier in tiers:
                solve = played.solver(built, tier, variant)
                got = tuple(played.key(solve(puzzle)) for puzzle in drawn)
                where = f"{name} {workload.name}: {structure} ({variant}, {tier})"
                assert got == expected(name, workload.name, capped), where


def test_every_index_serves_some_game() -> None:
    """An index of the registry is run by the games that ask what it answers: at least one."""
    for name in structures.registry.offered_indexes():
        cls = structures.class_of(structures.structure_class(name))
        assert any(offered(game(g).tiers, cls) for g in game_names()), name


@pytest.mark.parametrize("name", game_names())
def test_the_reference_answers_are_not_trivial(name: str) -> None:
    played = game(name)
    solve = played.reference(vocabulary(name))
    scores = [played.score(solve(puzzle)) for puzzle in puzzles(name)]
    assert sum(scores) > 0
    assert sum(1 for s in scores if s == 0) <= len(scores) // 2


@pytest.mark.parametrize("name", game_names())
def test_a_declaration_is_consistent(name: str) -> None:
    played = game(name)
    assert played.name == name
    assert played.variants[0] == "words"
    assert sorted(c.name for c in played.commands) == sorted(GAMES[name].commands)
    assert played.commands[0].run is None or played.commands[0].has(LexiconOptions)
    for command in played.commands:
        assert command.summary, command.name
        assert not command.summary.endswith("."), command.name
        dests = [option.dest for option in command.own()]
        assert len(dests) == len(set(dests)), command.name
    workloads = played.workloads()
    assert workloads, "a game declares at least one workload"
    assert len({w.name for w in workloads}) == len(workloads)
    words: Sequence[str] = vocabulary(name)
    for workload in workloads:
        assert 0 < workload.quick <= workload.count
        first = workload.generate(7, 3, words)
        assert len(first) == 3
        assert workload.generate(7, 3, words) == first, "the same seed gives the same puzzles"
    puzzle = puzzles(name)[0]
    answer = played.reference(words)(puzzle)
    assert isinstance(played.to_json(puzzle, answer), dict)
    assert played.to_text(puzzle, answer)


@pytest.mark.parametrize("command", sorted(command_games()))
def test_every_game_command_is_offered(command: str, capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capfd, command, "--help")
    assert status == 0, err
    assert out.startswith(f"usage: lexibench {command}")
    status, out, _ = run(capfd, "--help")
    assert f"    {command}" in out


def test_the_query_games_are_one_declared_shape() -> None:
    """Each query game is a :class:`QueryGame`: its one command named as the game, its own
    options then the shared ones, its tiers those of its query kind; a declaration that leaves a
    piece out fails when it is made (on import), naming the piece."""
    query_games = [name for name in game_names() if isinstance(game(name), QueryGame)]
    assert query_games == ["anagram", "pattern", "spellingbee", "wordle"]
    for name in query_games:
        played = game(name)
        assert isinstance(played, QueryGame)
        [command] = played.commands
        assert command.name == name
        assert command.options[len(played.options) :] == (LexiconOptions(), TierOption(), JSON)
        assert played.queries == (played.kind,)
        assert {tier for tier, _ in played.tiers} == {"string", "step", "native", "index"}
        pieces = {field.name: getattr(played, field.name) for field in dataclasses.fields(played)}
        del pieces["walk"]
        with pytest.raises(TypeError, match="walk"):
            QueryGame(**pieces)
