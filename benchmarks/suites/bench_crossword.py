"""Crossword suite: what the crossword game's generators cost beyond the games suite's
positions per second (every structure x variant x tier, in ``bench_games.py``):

- **the lexicons** each generator searches: every backend built from the game's word list (the
  ``words`` variant, Appel and Jacobson's DAWG algorithm) and from its GADDAG strings
  (``gaddag``, Gordon's), built once, in a fresh process: the build's time, the resident
  memory and the saved file's size; for ``kwg``, the nodes of its array and
  those of its DAWG alone (the rest is the GADDAG's). A build still running after the scale's
  :attr:`~benchmarks.harness.games.Budget.fresh_build_s` is stopped and listed as not run (a
  Python-level trie takes minutes over the GADDAG strings, which would otherwise be a tenth of
  ``make bench``);
- **native move generation** over ``kwg`` (the DAWG and the GADDAG of one array, generated in
  C), on 30 of the headline workload's positions (9 at the quick scale) by blanks on the
  rack (0, 1, 2), every move or only the best, and on Macondo's benchmark position (VsMatt, rack
  AABDELT);
- **self-play**: ``lexibench selfplay --games N`` as a whole process (start-up, the lexicon
  from the cache, the games), timed from outside;
- **equity against greedy**: ``lexibench selfplay --leaves english --against greedy --games N``,
  one process, one round: the win rate and mean spread of lexibench's own leave model;
- **the leave model against an engine's table**, where the user gives one (opt-in:
  ``LEXIBENCH_RIVAL_LEAVES``, MAGPIE-DATA's ``NWL23.klv2``): 10,000 games in pairs from one bag,
  the model's mean spread and its standard error (the case of ``crossword_strength.py``);
- **beside MAGPIE**, where the user built it (opt-in): its move generation and its self-play
  beside lexibench's, in alternating rounds (the cases of ``crossword_peer.py``, imported here),
  and one position's best turn asked from the command line, whole processes on both sides (the
  case of ``crossword_turn_peer.py``);
- **simulation** (``lexibench sim``): seeded mid positions (0-2 blanks) simulated through each
  generator that can, play-outs per second and per CPU-second (slow tiers capped openly), and
  beside MAGPIE's simulation with the same settings (the cases of ``crossword_sim.py``, imported
  here).

Answers are checked after timing, against the game's brute-force reference on the same positions
(every move, or the best one); self-play's rounds must play the same games.
"""

from __future__ import annotations

import gc
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import pytest

from lexibench import structures
from lexibench.benchmarks.harness import crossword_cases as cases
from lexibench.benchmarks.harness import games
from lexibench.benchmarks.harness.crossword_cases import (
    GAME,
    GENERATORS,
    HEADLINE,
    VARIANTS,
    VS_MATT,
    WORD_MAP,
)
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import (
    CrosswordLexiconRecord,
    CrosswordMovegenRecord,
    CrosswordNodesRecord,
    EquityRecord,
    SelfPlayRecord,
)
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import time_case
from lexibench.benchmarks.processes import memory
from lexibench.benchmarks.processes.environment import user_env
from lexibench.benchmarks.suites.crossword_peer import (  # noqa: F401 (this suite's cases)
    test_crossword_peer,
    test_crossword_selfplay_peer,
)
from lexibench.benchmarks.suites.crossword_sim import (  # noqa: F401 (this suite's cases)
    test_crossword_sim,
    test_crossword_sim_peer,
)
from lexibench.benchmarks.suites.crossword_strength import (  # noqa: F401 (this suite's case)
    test_crossword_leaves_against_an_engine,
)
from lexibench.benchmarks.suites.crossword_turn_peer import (  # noqa: F401 (this suite's case)
    test_crossword_turn_peer,
)
from lexibench.solver.games.crossword.equity import by_equity
from lexibench.solver.games.crossword.leave_model import default as default_leaves
from lexibench.solver.games.crossword.moves import Moves
from lexibench.solver.games.crossword.position import Position, parse_cgp
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, rules_args
from lexibench.solver.games.registry import game as game_of


def _reachable(nodes: Sequence[int], root: int) -> int:
    """The nodes reachable from pointer node ``root`` of a KWG array."""
    seen: set[int] = set()
    lists = [nodes[root] & 0x3FFFFF]
    while lists:
        index = lists.pop()
        while index and index not in seen:
            seen.add(index)
            lists.append(nodes[index] & 0x3FFFFF)
            if nodes[index] & 0x400000:
                break
            index += 1
    return len(seen)


@pytest.mark.parametrize("variant", VARIANTS)
def test_crossword_lexicon(
    benchmark: Any,
    request: pytest.FixtureRequest,
    backend: str,
    variant: str,
    settings: Settings,
    tmp_path: Path,
) -> None:
    """A backend built from the crossword's words, or from their GADDAG strings: one round."""
    strings = games.lexicon_strings(settings.wordlist, GAME, variant)
    try:  # a backend that cannot hold the variant's strings refuses those of one word too
        structures.build_lexicon(backend, game_of(GAME).lexicon_words(["ab"], variant))
    except structures.UnstorableWordError as exc:
        reason = f"not run: cannot store the {variant} strings ({exc.reason})"
        not_run(request, CrosswordLexiconRecord, backend, reason, game=GAME, variant=variant)
    benchmark.group = "crossword lexicon build (fresh process)"
    words_file = tmp_path / "strings.txt"
    words_file.write_text("\n".join(dict.fromkeys(strings)), encoding="utf-8")
    # One build, in a fresh process: its time, resident-set growth, saved size and count (the
    # round pytest-benchmark times is the whole child process; the record holds the build's).
    limit = games.BUDGETS[settings.scale].fresh_build_s
    try:
        fresh = time_case(
            benchmark, memory.measure_in_child, backend, words_file, limit, capped=True
        )
    except memory.ChildTimeoutError:
        reason = (
            f"not run: its build in a fresh process went past the {settings.scale} scale's "
            f"{limit:g} s and was stopped there"
        )
        not_run(request, CrosswordLexiconRecord, backend, reason, game=GAME, variant=variant)
    nodes = dawg_nodes = None
    if backend == "kwg":  # its array's nodes: a second build, of the fastest builder
        array = structures.backend_class(backend)(strings).kwg()  # type: ignore[attr-defined]
        nodes, dawg_nodes = len(array), _reachable(array, 0)
    count = int(fresh["count"])
    record(
        benchmark,
        CrosswordLexiconRecord(
            backend,
            library_version(backend),
            wordlist_ref(cases.words(settings)),
            1,
            variant=variant,
            strings=count,
            saved_bytes=int(fresh["serialized_bytes"]),
            rss_bytes=max(0, int(fresh["rss_bytes"])),
            build_seconds=float(fresh["build_seconds"]),
            kwg_nodes=nodes,
            kwg_dawg_nodes=dawg_nodes,
        ),
    )
    assert count == len(set(strings))


def _movegen_case(
    benchmark: Any,
    request: pytest.FixtureRequest,
    settings: Settings,
    variant: str,
    mode: str,
    name: str,
    blanks: int,
    positions: Sequence[Position],
) -> list[Any]:
    if NATIVE_UNAVAILABLE is not None:
        not_run(request, CrosswordMovegenRecord, "kwg", f"not run: {NATIVE_UNAVAILABLE}",
                tier="native", game=GAME, variant=variant)  # fmt: skip
    if not positions:
        not_run(request, CrosswordMovegenRecord, "kwg",
                f"not run: no {name} position has {blanks} blank(s)", tier="native", game=GAME,
                variant=variant)  # fmt: skip
    generator = cases.generator(settings, variant)
    solve = cases.solver(generator, mode)
    benchmark.group = f"crossword native {name}, {blanks} blank(s), {mode} moves"
    gc.collect()
    answers = time_case(benchmark, cases.solve_all, solve, positions)
    moves = [len(generator(p)) for p in positions]
    record(
        benchmark,
        CrosswordMovegenRecord(
            *cases.kwg_fields(settings),
            len(positions),
            variant=variant,
            tier="native",
            positions=name,
            blanks=blanks,
            mode=mode,  # type: ignore[arg-type]
            moves=sum(moves),
        ),
    )
    return answers


@pytest.mark.parametrize("mode", ["all", "best", "equity"])
@pytest.mark.parametrize("blanks", [0, 1, 2])
@pytest.mark.parametrize("variant", GENERATORS)
def test_crossword_native(
    benchmark: Any,
    request: pytest.FixtureRequest,
    variant: str,
    blanks: int,
    mode: str,
    settings: Settings,
) -> None:
    """Native generation over ``kwg`` on the headline workload's positions with ``blanks``
    blanks: every move, the best by score, or the best turn by equity (lexibench's leave
    model; found best-first without making every move)."""
    chosen = cases.with_blanks(settings, blanks)
    positions = [cases.positions(settings)[i] for i in chosen]
    answers = _movegen_case(
        benchmark, request, settings, variant, mode, HEADLINE, blanks, positions
    )
    if mode == "equity":  # the first turn of every move by equity (the reference's moves)
        for i, answer in zip(chosen, answers, strict=True):
            first = by_equity(cases.reference_moves(settings)[i], default_leaves())[0]
            same = (answer.kind, answer.coord, answer.word, answer.score, answer.equity)
            assert same == (first.kind, first.coord, first.word, first.score, first.equity), (
                f"{HEADLINE} position {i}: the best turn by equity differs"
            )
        return
    expected = cases.expected(settings)
    for i, answer in zip(chosen, answers, strict=True):
        cases.check(answer, expected[i], mode, f"{HEADLINE} position {i}")


@pytest.mark.parametrize("mode", ["all", "best"])
@pytest.mark.parametrize("variant", GENERATORS)
def test_crossword_published_position(
    benchmark: Any, request: pytest.FixtureRequest, variant: str, mode: str, settings: Settings
) -> None:
    """Macondo's benchmark position (VsMatt, rack AABDELT) with the run's word list."""
    position = parse_cgp(VS_MATT)
    answers = _movegen_case(benchmark, request, settings, variant, mode, "vs-matt", 0, [position])
    cases.check(answers[0], cases.reference_key(settings, position), mode, "vs-matt")


@pytest.mark.parametrize("blanks", [0, 1, 2])
@pytest.mark.parametrize("variant", VARIANTS)
def test_crossword_nodes(
    benchmark: Any, request: pytest.FixtureRequest, variant: str, blanks: int, settings: Settings
) -> None:
    """The lexicon steps each algorithm takes on the native cases' positions with ``blanks``
    blanks: ``kwg``'s step tier (the same walk as the native tier's), each ``child`` counted;
    its moves checked against the reference."""
    from lexibench.solver.games.crossword import search

    everything = cases.positions(settings)
    chosen = cases.with_blanks(settings, blanks)
    if settings.scale == "quick":  # counted in Python: one position shows it, no 2-blank one
        chosen = chosen[:1] if blanks < 2 else []
    if not chosen:
        not_run(request, CrosswordNodesRecord, "kwg", f"not run: no {HEADLINE} position with "
                f"{blanks} blank(s) at the {settings.scale} scale", game=GAME,
                variant=variant)  # fmt: skip
    lexicon: Any = cases.kwg(settings, variant)
    counts = {"steps": 0, "entered": 0}

    def child(node: Any, letter: str) -> Any:
        counts["steps"] += 1
        found = lexicon.child(node, letter)
        counts["entered"] += found is not None
        return found

    gaddag = variant == "gaddag"
    access = search.StepAccess(lexicon.root(), child, lexicon.is_terminal, gaddag)

    def count() -> list[Any]:
        found = []
        for i in chosen:
            position = everything[i]
            walk = search.Generator(access, gaddag, *rules_args(position.rules))
            found.append(walk.generate(position.board, position.rack_counts()))
        return found

    benchmark.group = f"crossword nodes, {blanks} blank(s)"
    answers = benchmark.pedantic(count, rounds=1, iterations=1)
    expected = cases.expected(settings)
    for i, raw in zip(chosen, answers, strict=True):
        moves = game_of(GAME).key(Moves(everything[i], raw))
        assert moves == expected[i], f"{HEADLINE} position {i} disagrees with the reference"
    record(
        benchmark,
        CrosswordNodesRecord(
            *cases.kwg_fields(settings),
            len(chosen),
            variant=variant,
            positions=HEADLINE,
            blanks=blanks,
            steps=counts["steps"],
            entered=counts["entered"],
            moves=sum(len(raw) for raw in answers),
        ),
    )


SELFPLAY_ROUNDS: Final = 3


def _selfplay(
    benchmark: Any,
    settings: Settings,
    games_count: int,
    options: list[str],
    rounds: int,
    warm: bool = True,
) -> tuple[list[float], list[dict[str, Any]]]:
    """``lexibench selfplay --games N --json`` with ``options``, over ``kwg`` at the native
    tier, each of ``rounds`` rounds a fresh process, the lexicon in a cache of their own (filled
    first by an untimed process where ``warm``; else the round builds it): each round's CPU
    seconds and output."""
    command = cases.selfplay_command(settings, games_count, options)
    with tempfile.TemporaryDirectory() as cache:
        env = user_env({"LEXIBENCH_CACHE_DIR": cache})
        if warm:
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
            assert done.returncode == 0, done.stderr
        one_process = cases.Process(command, env)
        benchmark.pedantic(one_process, rounds=rounds, iterations=1, warmup_rounds=0)
    return one_process.cpu, one_process.outputs


@pytest.mark.parametrize("players", ["greedy", "equity"])
@pytest.mark.parametrize("variant", GENERATORS)
def test_crossword_selfplay(
    benchmark: Any, request: pytest.FixtureRequest, variant: str, players: str, settings: Settings
) -> None:
    """``lexibench selfplay --games N`` in a fresh process, the lexicon in a cache of its own
    (filled by a first, untimed process), native tier: greedy players (``--games`` the
    suite's ``selfplay_games``), or both by equity with lexibench's leave model (``--leaves
    english``, ``equity_games`` games, 20 at the quick scale: the engines' measure is games per
    CPU-second over many); the moves walked over the DAWG or the GADDAG, or spelled from the
    word map."""
    if NATIVE_UNAVAILABLE is not None:
        not_run(request, SelfPlayRecord, "kwg", f"not run: {NATIVE_UNAVAILABLE}",
                tier="native", game=GAME, variant=f"{variant}, {players}")  # fmt: skip
    algorithm = "gaddag" if variant == "gaddag" else "dawg"
    spell = "yes" if variant == WORD_MAP else "no"
    equity = players == "equity"
    games_count = _equity_games(settings) if equity else settings.selfplay_games
    options = ["--algorithm", algorithm, "--word-map", spell]
    options += ["--leaves", "english"] if equity else []
    benchmark.group = f"crossword selfplay, {players}, {games_count} games"
    cpu, outputs = _selfplay(benchmark, settings, games_count, options, SELFPLAY_ROUNDS)
    cpu_seconds = sorted(cpu)[len(cpu) // 2]
    kept = cases.selfplay_record(
        settings, games_count, outputs, cpu_seconds, variant=variant, players=players
    )
    record(benchmark, kept)


#: Games of the equity player against the greedy one at the quick scale.
QUICK_EQUITY_GAMES: Final = 20


def _equity_games(settings: Settings) -> int:
    """The games a case by equity plays: the suite's ``equity_games``, 20 at the quick scale."""
    return QUICK_EQUITY_GAMES if settings.scale == "quick" else settings.equity_games


def test_crossword_equity_strength(
    benchmark: Any, request: pytest.FixtureRequest, settings: Settings
) -> None:
    """``lexibench selfplay --leaves english --against greedy`` in a fresh process, one round:
    the strength of lexibench's own leave model (win rate and mean spread against the greedy
    player), and what playing by equity costs."""
    if NATIVE_UNAVAILABLE is not None:
        not_run(request, EquityRecord, "kwg", f"not run: {NATIVE_UNAVAILABLE}",
                tier="native", game=GAME, variant="gaddag")  # fmt: skip
    games_count = _equity_games(settings)
    benchmark.group = f"crossword equity against greedy, {games_count} games"
    options = ["--leaves", "english", "--against", "greedy"]
    cpu, outputs = _selfplay(benchmark, settings, games_count, options, 1, warm=False)
    assert outputs[0]["games"] == games_count
    record(benchmark, cases.equity_record(settings, outputs[0], cpu[0], variant="gaddag"))
