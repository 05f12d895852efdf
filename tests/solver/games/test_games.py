"""Every game of the registry, through the one seam: each tier of each built-in backend answers
its workloads exactly as its brute-force reference does; its declaration is consistent; its
commands are offered by the command line."""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from lexibench import structures
from lexibench.solver.games.registry import GAMES, command_games, game, game_names
from lexibench.solver.tiers import Tier
from lexibench.solver.wordlist import load_wordlist
from tests.commands import run

#: Words in the vocabulary of a backend whose every query scans every word (cost "linear", the
#: unsorted list): it answers the same puzzles over a sample of the vocabulary, so that it is
#: checked on every puzzle of every game in seconds.
LINEAR_WORDS = 300


@cache
def vocabulary(name: str, size: int = 3000) -> tuple[str, ...]:
    """A seeded sample of the default list under the game's word rules: 3,000 words of at most
    8 letters (small enough for the references); ``size`` smaller: a seeded sample of those."""
    rules = game(name).word_rules
    words = load_wordlist(min_length=rules.min_length, q_needs_u=rules.q_needs_u).words
    short = [w for w in words if len(w) <= 8]
    full = tuple(sorted(random.Random(5).sample(short, 3000)))
    return full if size >= len(full) else tuple(sorted(random.Random(6).sample(full, size)))


def vocabulary_size(backend: str) -> int:
    """The vocabulary a backend is checked over (see :data:`LINEAR_WORDS`)."""
    return LINEAR_WORDS if structures.backend_info(backend).cost == "linear" else 3000


@cache
def puzzles(name: str) -> tuple[Any, ...]:
    """Every workload's first puzzles (a quick run's count, at most 5 each)."""
    words = vocabulary(name)
    return tuple(
        puzzle
        for workload in game(name).workloads()
        for puzzle in workload.generate(2026, min(workload.quick, 5), words)
    )


@cache
def expected(name: str, size: int = 3000) -> tuple[Any, ...]:
    """The reference's answers over the vocabulary of ``size`` words, by key."""
    played = game(name)
    solve = played.reference(vocabulary(name, size))
    return tuple(played.key(solve(puzzle)) for puzzle in puzzles(name))


@pytest.mark.parametrize("name", game_names())
def test_every_tier_of_every_backend_agrees_with_the_reference(name: str, backend: str) -> None:
    played = game(name)
    size = vocabulary_size(backend)
    for variant in played.variants:
        strings = list(played.lexicon_words(vocabulary(name, size), variant))
        try:
            lexicon = structures.build_lexicon(backend, strings)
        except structures.UnstorableWordError:
            assert variant != "words", f"{backend} cannot store {name}'s words"
            continue  # a variant's strings (a separator) this backend cannot hold
        tiers = played.tiers(lexicon, variant)
        assert Tier.STRING in tiers
        for tier in tiers:
            solve = played.solver(lexicon, tier, variant)
            got = tuple(played.key(solve(puzzle)) for puzzle in puzzles(name))
            assert got == expected(name, size), f"{name}: {backend} ({variant}, {tier})"


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
    package = GAMES[name].target.partition(":")[0].rpartition(".")[0]
    for command in GAMES[name].commands:
        command_module = importlib.import_module(f"{package}.{command}_cmd")
        assert callable(command_module.register), command
        assert (command_module.__doc__ or "").startswith(f"``lexibench {command}``: "), command
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
    for compiled in played.compiled:
        assert compiled.startswith(f"lexibench.solver.games.{name}."), compiled


@pytest.mark.parametrize("command", sorted(command_games()))
def test_every_game_command_is_offered(command: str, capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capfd, command, "--help")
    assert status == 0, err
    assert out.startswith(f"usage: lexibench {command}")
    status, out, _ = run(capfd, "--help")
    assert f"    {command}" in out


def test_every_compiled_source_is_built_and_tracked() -> None:
    """The games' compiled modules are exactly setup.py's mypyc list, and the Makefile rebuilds
    the install when any compiled source (mypyc or Cython) changes."""
    import ast

    from tests.commands import ROOT

    tree = ast.parse((ROOT / "setup.py").read_text())
    lists = {
        node.targets[0].id: [element.value for element in node.value.elts]  # type: ignore[attr-defined]
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in ("MYPYC", "CYTHON")
    }
    compiled = {
        module.replace(".", "/") + ".py" for name in game_names() for module in game(name).compiled
    }
    assert set(lists["MYPYC"]) == compiled
    makefile = (ROOT / "Makefile").read_text()
    for source in lists["MYPYC"] + lists["CYTHON"]:
        assert source.removeprefix("lexibench/") in makefile, source
