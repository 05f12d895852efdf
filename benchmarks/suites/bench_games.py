"""Games suite: every registered game's seeded workloads on every structure (lexicon backends and
indexes), variant and tier the game offers it, beside the game's brute-force reference and its
baselines, from the two registries.

One round solves every puzzle of a workload (``--lexibench-puzzles``, else the workload's own
count); the report divides by it. Answers are checked after timing: every case must give, on
every puzzle, the same answer (the game's :meth:`~solver.games.protocol.Game.key`) as the game's
brute-force reference, whichever cases run (:func:`~benchmarks.harness.references.game_answers`).
A structure that scans every word per query runs the first puzzle in one round when that is
estimated to fit the scale's budget (:data:`~benchmarks.harness.games.BUDGETS`), else it is
listed as not run with the estimate. Any other case whose round would take longer than the
budget's round (a Python-level tier walking a whole trie for a pattern with a leading ``*``) runs
the first puzzles that fit, in one round, and says so (at the full scale, the untimed pass that
finds them stops the puzzle during which the budget runs out rather than waiting for it). A
structure whose build of a later variant (the crossword's GADDAG strings) is estimated to take
over :attr:`~benchmarks.harness.games.Budget.variant_build_s` does not run that variant, and says
so (the crossword suite times every such build).
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from lexibench import structures
from lexibench.benchmarks.baselines import BASELINES
from lexibench.benchmarks.harness import games
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.games import REFERENCE_PUZZLES, GameCase
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import REFERENCE_ROW, GameRecord
from lexibench.benchmarks.harness.references import game_answers
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name, time_case
from lexibench.solver.games.protocol import plural
from lexibench.solver.games.registry import game as game_of
from lexibench.solver.tiers import Tier
from lexibench.structures import Structure


def _solve_all(solve: Callable[[Any], Any], puzzles: Sequence[Any]) -> list[Any]:
    """The timed work of a round: every puzzle's answer."""
    return [solve(puzzle) for puzzle in puzzles]


def _group(case_game: str, workload: str, cap: str | None) -> str:
    return group_name(f"{case_game} {workload}", cap)


@pytest.fixture
def case(game: str, workload: str, structure: str, variant: str, tier: str) -> GameCase:
    """The case of the games suite's parameters (each a parameter of its own, for
    ``--benchmark-group-by=param:NAME``)."""
    return GameCase(game, workload, structure, variant, tier)


@pytest.mark.game_rows("structures")
def test_game(
    benchmark: Any,
    request: pytest.FixtureRequest,
    case: GameCase,
    settings: Settings,
    lexicons: LexiconCache,
) -> None:
    played = game_of(case.game)
    where = {"game": case.game, "workload": case.workload, "variant": case.variant}
    strings = games.lexicon_strings(settings.wordlist, case.game, case.variant)
    too_slow = games.variant_build_note(settings, case, lexicons.seconds)
    if too_slow is not None:
        not_run(request, GameRecord, case.structure, too_slow, tier=case.tier, **where)
    try:
        built: Structure = lexicons.structure(
            case.structure, strings, key=(case.game, case.variant, settings.wordlist)
        )
    except structures.UnstorableWordError as exc:
        reason = f"not run: cannot store the {case.variant} strings ({exc})"
        not_run(request, GameRecord, case.structure, reason, tier=case.tier, **where)
    cap = games.cap(settings, case, built)
    if cap.count == 0:
        not_run(request, GameRecord, case.structure, cap.note or "not run", tier=case.tier, **where)
    puzzles = games.puzzles(settings, case.game, case.workload)[: cap.count]
    solve = played.solver(built, Tier(case.tier), case.variant)
    if cap.note is None:
        cap = games.budget_cap(settings, case, solve, puzzles)
        if cap.count == 0:
            not_run(
                request, GameRecord, case.structure, cap.note or "not run", tier=case.tier, **where
            )
        puzzles = puzzles[: cap.count]
    benchmark.group = _group(case.game, case.workload, cap.note)
    answers = time_case(
        benchmark,
        _solve_all,
        solve,
        puzzles,
        capped=cap.note is not None,
        round_s=cap.round_s,
        config=request.config,
    )
    _record(benchmark, settings, case, len(puzzles), sum(map(played.score, answers)), cap.note)
    expected = game_answers(settings, case.game, case.workload)
    for i, answer in enumerate(answers):
        assert played.key(answer) == expected[i][0], (
            f"{case.id}: puzzle {i} disagrees with the game's reference"
        )


@pytest.mark.game_rows("solvers")
def test_game_solver(benchmark: Any, case: GameCase, settings: Settings) -> None:
    """A row that is no structure, on the same puzzles: the game's brute-force reference, timed
    on the first :data:`~benchmarks.harness.games.REFERENCE_PUZZLES` puzzles in one round, or a
    baseline solver (:mod:`benchmarks.baselines`), in full rounds, whose scores must be the
    reference's."""
    played = game_of(case.game)
    words = games.game_words(settings.wordlist, case.game).words
    puzzles = games.puzzles(settings, case.game, case.workload)
    reference = case.structure == REFERENCE_ROW
    note = None
    if reference:
        if len(puzzles) > REFERENCE_PUZZLES:
            note = f"first {REFERENCE_PUZZLES} of the {len(puzzles)} {plural(played.unit)}, 1 round"
        puzzles = puzzles[:REFERENCE_PUZZLES]
        solve = played.reference(words)
    else:  # a baseline answers with the score
        solve = next(b for b in BASELINES[case.game] if b.name == case.structure).build(words)
    benchmark.group = _group(case.game, case.workload, note)
    answers = time_case(benchmark, _solve_all, solve, puzzles, capped=reference)
    scores = [played.score(answer) for answer in answers] if reference else answers
    _record(benchmark, settings, case, len(puzzles), sum(scores), note)
    found = [played.key(answer) for answer in answers] if reference else scores
    expected = game_answers(settings, case.game, case.workload)[: len(puzzles)]
    assert found == [key if reference else score for key, score in expected], (
        f"{case.structure} disagrees with {case.game}'s reference"
    )


def _record(
    benchmark: Any, settings: Settings, case: GameCase, units: int, score: int, cap: str | None
) -> None:
    played = game_of(case.game)
    row = case.structure
    version = (
        library_version(row)
        if row in structures.backend_names()
        else f"python {platform.python_version()}"
    )
    record(
        benchmark,
        GameRecord(
            row,
            version,
            wordlist_ref(games.game_words(settings.wordlist, case.game)),
            units,
            game=case.game,
            workload=case.workload,
            unit_name=played.unit,
            variant=case.variant,
            tier=case.tier,  # type: ignore[arg-type]
            score=score,
            cap=cap,
        ),
    )
