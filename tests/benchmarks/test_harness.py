"""The benchmark harness's declarations: workloads, options, caps from the registry."""

from __future__ import annotations

import json
import re
from dataclasses import fields, replace
from pathlib import Path

import pytest

from lexibench import structures
from lexibench.benchmarks.harness import games, workloads
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.records import (
    RECORDS,
    SCHEMAS,
    SUITES,
    default_inputs,
    load,
    parse,
    schema_of,
)
from lexibench.benchmarks.harness.references import References, TrieLexicon, check
from lexibench.benchmarks.harness.settings import Settings, option_name
from lexibench.benchmarks.suites.bench_scaling import BoardBudget
from lexibench.solver.errors import InputError
from lexibench.solver.games.protocol import workload_tiers
from lexibench.solver.games.registry import game, game_names
from lexibench.solver.tiers import offered
from lexibench.solver.wordlist import load_wordlist
from tests.commands import ROOT

#: The workload options are documented beside the benchmarks, not in the top-level README.
README = ROOT / "benchmarks" / "README.md"


def test_query_sets_are_what_they_say() -> None:
    words = load_wordlist().words[:20000]
    sets = workloads.query_sets(words, seed=1, count=300)
    vocab = set(words)
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    assert all(q in vocab for q in sets["hits"])
    assert not any(q in prefixes for q in sets["misses"])
    for k in (2, 4, 8):
        assert all(len(q) == k and q in prefixes for q in sets[f"prefix-{k}"])
    assert len(sets["mixed"]) == 300
    assert sets == workloads.query_sets(words, seed=1, count=300)


def test_the_games_cases_come_from_the_registries() -> None:
    """Every game's workloads x structures x the tiers the game offers each: none of a game's
    cases is missing, none is one the game does not offer; quick runs the headline workloads."""
    settings = Settings(backends="dict-trie,marisa,array-trie,alphagram-map,position-bitsets")
    found = games.cases(settings, settings.backend_list())
    assert {c.game for c in found} == set(game_names())
    indexed = {(c.game, c.structure) for c in found if c.tier == "index"}
    assert indexed == {
        ("anagram", "alphagram-map"), ("anagram", "position-bitsets"),
        ("pattern", "position-bitsets"),
        ("search", "alphagram-map"), ("search", "position-bitsets"),
        ("wordle", "position-bitsets"),
    }  # fmt: skip
    for name in game_names():
        played = game(name)
        for workload in played.workloads():
            for structure in settings.backend_list():
                cls = structures.class_of(structures.structure_class(structure))
                tiers = set(offered(workload_tiers(played, workload), cls))
                ran = {c.tier for c in found if (c.game, c.workload, c.structure)
                       == (name, workload.name, structure)}  # fmt: skip
                assert ran == tiers, (name, workload.name, structure)
    quick = games.cases(Settings(scale="quick"), ["dict-trie"])
    assert {(c.game, c.workload) for c in quick} == {
        (name, game(name).workloads()[0].name) for name in game_names()
    }
    assert games.count_of(Settings(puzzles=7), game("boggle").workloads()[0]) == 7


def test_a_slow_structure_is_capped_by_its_estimated_cost() -> None:
    settings = Settings(wordlist="web2", puzzles=3)
    slow = structures.build_lexicon(
        "unsorted-list", games.lexicon_strings("web2", "boggle", "words")
    )
    case = games.GameCase("boggle", "4x4", "unsorted-list", "words", "string")
    capped = games.cap(settings, case, slow)
    assert capped.count in (0, 1)
    assert capped.note is not None
    assert "a scan of every word" in capped.note
    fast = games.GameCase("boggle", "4x4", "dict-trie", "words", "step")
    assert games.cap(settings, fast, None).count == 3


def test_a_case_whose_round_would_pass_the_budget_runs_the_puzzles_that_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Solved once, untimed, in order: the first puzzles within the budget (at least one), in
    one round, said in the note; a case within it runs every puzzle."""
    import time

    monkeypatch.setitem(
        games.BUDGETS, "quick", games.Budget(scan_s=3.0, round_s=0.05, variant_build_s=2.0)
    )
    settings = Settings(scale="quick")
    case = games.GameCase("pattern", "star", "pytrie", "words", "string")
    solved: list[int] = []

    def slow(puzzle: int) -> int:
        solved.append(puzzle)
        time.sleep(0.02)
        return puzzle

    capped = games.budget_cap(settings, case, slow, list(range(10)))
    assert 1 <= capped.count < 10
    assert solved == list(range(capped.count))
    assert capped.note == (
        f"first {capped.count} of the 10 patterns, 1 round (a round of all of them would take "
        "over 0.05 s)"
    )
    whole = games.budget_cap(settings, case, lambda p: p, list(range(10)))
    assert (whole.count, whole.note) == (10, None)
    assert whole.round_s is not None
    assert whole.round_s < 0.05  # the untimed pass measured the round


def test_the_puzzle_during_which_the_budget_runs_out_is_stopped_and_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The untimed pass does not wait for the puzzle that outlasts the budget: it is stopped when
    the budget is spent, and counted among the round's puzzles (the timed round solves it)."""
    import time

    monkeypatch.setitem(
        games.BUDGETS, "quick", games.Budget(scan_s=3.0, round_s=0.2, variant_build_s=2.0)
    )
    settings = Settings(scale="quick")
    case = games.GameCase("pattern", "star", "pytrie", "words", "string")

    def third_never_ends(puzzle: int) -> int:
        while puzzle == 2:
            pass
        return puzzle

    start = time.perf_counter()
    capped = games.budget_cap(settings, case, third_never_ends, list(range(10)))
    assert time.perf_counter() - start < 2.0
    assert capped.count == 3
    assert capped.note == (
        "first 3 of the 10 patterns, 1 round (a round of all of them would take over 0.2 s)"
    )


def test_a_puzzle_over_the_first_limit_ends_the_case_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At a scale with a limit per puzzle, the puzzles before the first one over it run (none:
    the case is not run)."""
    import time

    budget = games.Budget(scan_s=3.0, round_s=10.0, variant_build_s=2.0, first_s=0.05)
    monkeypatch.setitem(games.BUDGETS, "quick", budget)
    settings = Settings(scale="quick")
    case = games.GameCase("pattern", "star", "pytrie", "words", "string")

    def third_is_slow(puzzle: int) -> int:
        time.sleep(0.1 if puzzle == 2 else 0)
        return puzzle

    capped = games.budget_cap(settings, case, third_is_slow, list(range(10)))
    assert capped.count == 2
    # a puzzle over the round's budget but within the limit is waited for, and counted
    monkeypatch.setitem(games.BUDGETS, "quick", replace(budget, round_s=0.02))
    first_is_long = games.budget_cap(
        settings, case, lambda p: time.sleep(0.03 if p == 0 else 0), list(range(10))
    )
    assert first_is_long.count == 1
    assert first_is_long.note is not None
    assert first_is_long.note.startswith("first 1 of the 10 patterns, 1 round")
    monkeypatch.setitem(games.BUDGETS, "quick", budget)
    assert capped.note is not None
    assert "the next took over 0.05 s" in capped.note
    first = games.budget_cap(settings, case, lambda p: time.sleep(0.1), list(range(10)))
    assert first.count == 0
    assert first.note is not None
    assert first.note.startswith("not run: its first pattern alone took over 0.05 s")

    # a puzzle over the limit is stopped at it, not waited for
    def endless_loop(puzzle: int) -> int:
        while True:
            puzzle += 1

    start = time.perf_counter()
    endless = games.budget_cap(settings, case, endless_loop, list(range(10)))
    assert endless.count == 0
    assert time.perf_counter() - start < 2.0


def test_every_workload_option_has_help_and_is_in_the_readme() -> None:
    text = README.read_text()
    for f in fields(Settings):
        assert f.metadata["help"], f.name
        assert f"`{option_name(f.name)}" in text, f"{option_name(f.name)} is not in the README"


def test_schema_tags_are_distinct() -> None:
    assert len(set(SCHEMAS)) == len(SCHEMAS)


@pytest.mark.parametrize("backend", sorted(structures.BUILTIN))
def test_caps_follow_the_declared_cost(backend: str) -> None:
    linear = structures.backend_info(backend).cost == "linear"
    assert workloads.is_slow(backend) is linear
    cap = workloads.board_cap(backend, "4x4", 100)
    assert (cap.note is not None) is linear
    assert (workloads.query_cap(backend, 10_000).count < 10_000) is linear


def test_each_case_carries_the_options_its_rounds_were_taken_with() -> None:
    """pytest-benchmark's options of each case are read with it (the committed run's: at least 3
    rounds within 0.1 s), and a malformed one refuses its file naming the case and the field."""
    results = load(default_inputs(ROOT / "results"))
    assert {(b.options.min_rounds, b.options.max_time) for b in results.benches if b.options} == {
        (3, 0.1)
    }
    assert all(b.options is not None for b in results.benches)
    data = json.loads((ROOT / "results" / "raw" / "lookup.json").read_text())
    data["benchmarks"][0]["options"]["max_time"] = "soon"
    name = data["benchmarks"][0]["name"]
    with pytest.raises(
        InputError, match=f"benchmark '{re.escape(name)}', options, field 'max_time'"
    ):
        parse(json.dumps(data).encode(), "lookup.json")


def test_every_suite_has_its_record_tagged_by_its_name() -> None:
    tags = {schema_of(kind) for kind in RECORDS}
    assert {tag.rpartition("/")[0] for tag in tags} == {f"lexibench-{name}" for name in SUITES}


def test_reference_answers_do_not_depend_on_what_ran_before() -> None:
    words = load_wordlist().words[:20000]
    first = References(words).boggle("4x4", 5, seed=3)
    other = References(words)
    other.boggle("3x3", 2, seed=3, words=words[:5000])  # another list, asked first
    assert other.boggle("4x4", 5, seed=3) == first
    assert other.boggle("4x4", 2, seed=3) == first[:2]  # a capped case: the same boards
    check(first[:2], first, "a capped case")
    with pytest.raises(AssertionError, match="disagrees with the reference on item 1"):
        check([first[0], first[1] + 1], first, "a wrong case")


def test_the_reference_lexicon_answers_as_a_set_would() -> None:
    words = ("cat", "cats", "dog")
    lexicon = TrieLexicon(words)
    assert len(lexicon) == 3
    assert [lexicon.is_word(s) for s in ("cat", "ca", "cats", "do", "dogs", "")] == [
        True, False, True, False, False, False,
    ]  # fmt: skip
    assert [lexicon.has_prefix(s) for s in ("", "ca", "cats", "dog", "x", "cat$")] == [
        True, True, True, True, False, False,
    ]  # fmt: skip


def test_the_board_budget_does_not_depend_on_which_sizes_ran() -> None:
    """A size goes on only while every smaller size stayed within the budget; a smaller size
    not measured in this session is measured on demand."""
    sweep = workloads.sweep("smoke")
    budget = BoardBudget(sweep, 3, LexiconCache(load_wordlist().words[:3000]))
    assert budget.over("dict-trie", "6x6") is None
    assert {size for _, size in budget.ms} == {"3x3", "4x4"}  # measured on demand
    budget.ms["dict-trie", "3x3"] = workloads.BOARD_BUDGET_MS + 1.0
    assert budget.over("dict-trie", "4x4") == workloads.BOARD_BUDGET_MS + 1.0
    assert budget.over("dict-trie", "6x6") == workloads.BOARD_BUDGET_MS + 1.0
    assert budget.over("dict-trie", "3x3") is None


def test_only_a_run_into_the_published_results_refreshes_the_readme() -> None:
    from lexibench.benchmarks import run

    assert run.default_readme(run.RESULTS) == "README.md"
    assert run.default_readme(Path("results")) == "README.md"
    for elsewhere in (run.QUICK_RESULTS, run.BACKEND_RESULTS, Path("/tmp/experiment")):
        assert run.default_readme(elsewhere) == ""


def test_the_simulation_cases_share_one_leave_table_and_build_their_shared_fields() -> None:
    """The simulation suites read lexibench's leave model once a process (a table read again per
    position would be timed, and each simulation would start with its memo empty), and a case's
    fields are a fresh dict each time."""
    from lexibench.benchmarks.harness import crossword_sim

    assert hasattr(crossword_sim.leaves, "cache_info"), "the leave table is read at every call"
    settings = Settings()
    chosen = crossword_sim.positions(settings)
    one = crossword_sim.case(settings, chosen, 7)
    assert one == crossword_sim.case(settings, chosen, 7)
    assert one is not crossword_sim.case(settings, chosen, 7)
    assert (one["positions"], one["iterations"], len(one["blanks"])) == ("mid", 7, len(chosen))


class _Node:
    """A built structure's node, in a cycle with itself where ``cyclic``."""

    def __init__(self, cyclic: bool) -> None:
        self.next: _Node | None = self if cyclic else None


def test_a_dropped_build_is_freed_and_one_in_cycles_collected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A build the cache held alone is freed as it is dropped, the run's objects staying frozen
    (no whole collection a build); a build of cycles is collected all the same."""
    import gc
    import weakref

    from lexibench.benchmarks.harness import fixtures

    def build(name: str, words: tuple[str, ...]) -> list[_Node]:
        return [_Node(cyclic=name == "cycles") for _ in range(3 * fixtures.LEFT_FROZEN)]

    monkeypatch.setattr(structures, "build_structure", build)
    cache = LexiconCache(("a", "b"))
    try:
        for name in ("plain", "cycles", "plain"):
            built = cache.structure(name)
            first = weakref.ref(built[0])  # type: ignore[index]
            run_frozen = cache._frozen_before
            assert run_frozen > 0
            assert gc.get_freeze_count() >= run_frozen + 3000
            del built
            cache.structure("other", ("a",))  # the build before is dropped
            assert first() is None  # freed (or, in cycles, collected)
            if name == "plain":  # the run stayed frozen: no whole collection
                assert cache._frozen_before >= run_frozen
    finally:
        cache.clear()
        gc.unfreeze()
