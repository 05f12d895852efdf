"""The crossword suite's case of one position asked from the command line, beside MAGPIE where
the user built it (opt-in: ``LEXIBENCH_MAGPIE``; the case here is imported by
``bench_crossword.py``).

A player who asks for one position's best turn runs a whole process: ``lexibench moves CGP
--leaves FILE --top 1`` (native tier, ``--word-map auto``: one position is walked, no word map
loaded; the lexicon from its cache, filled by an untimed first process) against MAGPIE's console
given the same position (:mod:`benchmarks.peers.magpie_turn`), from its KWG alone and with its
word map: the same KWG and the same KLV2 table (lexibench's leave model). A round runs one
process of each in turn (the first moved to the end each round), and one of the Python that runs
lexibench doing nothing: the floor of any command written in Python. Each is timed from outside,
by CPU seconds. The positions: the first of the headline workload's with 0, 1 and 2 blanks.
Both sides' best turns are checked to agree: the same kind, score and equity (MAGPIE writes two
decimals).
"""

from __future__ import annotations

import json
import sys
import tempfile
from typing import Any, Final

import pytest

from lexibench.benchmarks.harness import crossword_cases as cases
from lexibench.benchmarks.harness.crossword_cases import GAME, HEADLINE
from lexibench.benchmarks.harness.recording import not_run, record
from lexibench.benchmarks.harness.records import CrosswordTurnPeerRecord, PeerLexicon
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.processes.environment import user_env
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE

#: Rounds of each position's processes (a few at the quick scale).
TURN_ROUNDS: Final = 11
QUICK_TURN_ROUNDS: Final = 3
#: The sides of a round, in their first round's order.
SIDES: Final = ("lexibench", "kwg", "wmp", "python")


@pytest.mark.parametrize("blanks", [0, 1, 2])
def test_crossword_turn_peer(
    benchmark: Any, request: pytest.FixtureRequest, blanks: int, settings: Settings
) -> None:
    """One position's best turn by equity, ``lexibench moves --top 1`` beside MAGPIE's console,
    every side a whole process timed from outside, in alternating rounds."""
    from lexibench.benchmarks.peers import magpie

    if magpie.unavailable() is not None:
        pytest.skip("MAGPIE is not built here (opt-in: LEXIBENCH_MAGPIE)")
    chosen = cases.with_blanks(settings, blanks)
    if NATIVE_UNAVAILABLE is not None or not chosen:
        why = NATIVE_UNAVAILABLE or f"no {HEADLINE} position with {blanks} blank(s)"
        not_run(request, CrosswordTurnPeerRecord, magpie.NAME, f"not run: {why}",
                tier="native", game=GAME, variant=f"{blanks} blank(s)")  # fmt: skip
    position = cases.positions(settings)[chosen[0]]
    cgp = position.to_cgp()
    kwg = cases.kwg(settings, "gaddag").kwg_bytes()  # type: ignore[attr-defined]
    benchmark.group = f"crossword one position beside MAGPIE, {blanks} blank(s)"
    with magpie.data_folder(kwg, cases.leave_table(), word_maps=True) as data:
        table = data.path / "lexica" / f"{magpie.LEXICON}.klv2"
        env = user_env({"LEXIBENCH_CACHE_DIR": _cache_folder()})
        ours = [
            sys.executable, "-m", "lexibench", "moves", cgp, "--leaves", str(table), "--top",
            "1", "--wordlist", settings.wordlist, "--lexicon", "kwg", "--tier", "native",
            "--json",
        ]  # fmt: skip
        rounds = _Rounds(ours, env, data, cgp)
        rounds.side("lexibench")  # the lexicon into the cache (the first case's), untimed
        rounds.cpu["lexibench"].clear()
        rounds.wall["lexibench"].clear()
        count = QUICK_TURN_ROUNDS if settings.scale == "quick" else TURN_ROUNDS
        benchmark.pedantic(rounds, rounds=count, iterations=1, warmup_rounds=0)
    _check(rounds.answers, blanks)
    peer: tuple[PeerLexicon, ...] = ("kwg", "wmp")
    kept = CrosswordTurnPeerRecord(
        *cases.magpie_fields(settings),
        1,
        blanks=blanks,
        cpu_seconds={lexicon: tuple(rounds.cpu[lexicon]) for lexicon in peer},
        wall_seconds={lexicon: tuple(rounds.wall[lexicon]) for lexicon in peer},
        lexibench_cpu_seconds=tuple(rounds.cpu["lexibench"]),
        lexibench_wall_seconds=tuple(rounds.wall["lexibench"]),
        interpreter_cpu_seconds=tuple(rounds.cpu["python"]),
    )
    record(benchmark, kept)


#: The cache folder of lexibench's processes in this case, one a session (made by the first
#: position's untimed process, read by the others'), removed as the process ends.
_CACHE: list[tempfile.TemporaryDirectory[str]] = []


def _cache_folder() -> str:
    """lexibench's cache folder for the case's processes, made on first use."""
    if not _CACHE:
        _CACHE.append(tempfile.TemporaryDirectory(prefix="lexibench-turn-cache-"))
    return _CACHE[0].name


class _Rounds:
    """A round of the case: one process of each side in turn (lexibench's, MAGPIE's from its
    KWG and from its word map, the bare interpreter's), the first moved to the end each round;
    each side's CPU and wall seconds and its last answer kept."""

    def __init__(self, ours: list[str], env: dict[str, str], data: Any, cgp: str) -> None:
        from lexibench.benchmarks.peers import magpie_turn

        self.ours = ours
        self.env = env
        self.data = data
        self.script = magpie_turn.script(cgp)
        self.order = list(SIDES)
        self.cpu: dict[str, list[float]] = {side: [] for side in SIDES}
        self.wall: dict[str, list[float]] = {side: [] for side in SIDES}
        self.answers: dict[str, Any] = {}

    def side(self, name: str) -> None:
        """One process of the side ``name``, timed."""
        from lexibench.benchmarks.peers import magpie, magpie_turn

        if name in ("kwg", "wmp"):
            argv = magpie_turn.command(self.data, word_maps=name == "wmp")
            turn = magpie_turn.run(argv, self.data, self.script)
            self.answers[name] = turn.best
            cpu, wall = turn.cpu_seconds, turn.wall_seconds
        else:
            argv = self.ours if name == "lexibench" else [sys.executable, "-c", "pass"]
            done, cpu, wall = magpie.run_timed(argv, name, env=self.env)
            assert done.returncode == 0, done.stderr
            if name == "lexibench":
                self.answers[name] = json.loads(done.stdout)["moves"][0]
        self.cpu[name].append(cpu)
        self.wall[name].append(wall)

    def __call__(self) -> None:
        for name in self.order:
            self.side(name)
        self.order.append(self.order.pop(0))


def _check(answers: dict[str, Any], blanks: int) -> None:
    """MAGPIE's best turn, from either lexicon, against lexibench's: the same kind, and for a
    placement the same score and equity (to MAGPIE's two decimals; the placement itself may be
    another of the same equity, a tie the two engines break apart)."""
    ours = answers["lexibench"]
    for lexicon in ("kwg", "wmp"):
        theirs = answers[lexicon]
        what = f"{blanks} blank(s), MAGPIE's {lexicon}: {theirs.move} {theirs.equity}, lexibench's"
        what += f" {ours['kind']} {ours.get('coord', '')} {ours.get('word', '')} {ours['equity']}"
        assert theirs.kind == ours["kind"], what
        if ours["kind"] == "place":
            assert theirs.score == ours["score"], what
            assert abs(theirs.equity - ours["equity"]) <= 0.0051, what
