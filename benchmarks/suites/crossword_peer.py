"""The crossword suite's cases beside MAGPIE, where the user has built it (opt-in:
``LEXIBENCH_MAGPIE`` names a MAGPIE folder built with ``make magpie BUILD=release``;
:mod:`benchmarks.peers.magpie`). ``bench_crossword.py`` imports them, so they run as that
suite's cases; this file alone is no suite (pytest does not collect it by itself).

- **move generation** (:func:`test_crossword_peer`): MAGPIE's generator with the run's KWG, from
  the KWG alone and with its word map, on the native cases' positions: every move and the best
  by score (the headline positions by blanks on the rack, and Macondo's benchmark position), and
  the best turn by equity (the headline positions by blanks, the same KLV2 leave table on both
  sides: lexibench's leave model written as one). Each of MAGPIE's rounds goes in step with a
  round of each of lexibench's native generators on the same positions (:class:`_Paired`), so
  the report divides medians of rounds taken side by side in one run.
- **self-play** (:func:`test_crossword_selfplay_peer`): MAGPIE's ``autoplay``, both players by
  static equity, from its KWG and from its word map, beside ``lexibench selfplay --leaves FILE``
  (the same KWG and KLV2 table, as many games), every side a whole process timed from outside,
  in alternating rounds (:class:`_Alternating`): games per CPU-second.

Answers are checked after timing: MAGPIE's placements and best scores against the reference's;
by equity, each position's best turn against each of lexibench's generators' (the same kind and
equity, and the same placement or one lexibench ranks as high: a tie, which the two break
apart); in self-play, that every process played the games asked for, each side the same ones in
every round.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Sequence
from statistics import median
from typing import TYPE_CHECKING, Any, Final

import pytest

from lexibench.benchmarks.harness import crossword_cases as cases
from lexibench.benchmarks.harness.crossword_cases import (
    GAME,
    GENERATORS,
    HEADLINE,
    VS_MATT,
    WORD_MAP,
)
from lexibench.benchmarks.harness.recording import not_run, record
from lexibench.benchmarks.harness.records import (
    CrosswordPeerRecord,
    PeerLexicon,
    PeerSelfPlay,
    SelfPlayRecord,
)
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.processes.environment import user_env
from lexibench.solver.games.crossword.equity import Leaves, by_equity, millipoints
from lexibench.solver.games.crossword.leave_tables import LeaveTable
from lexibench.solver.games.crossword.moves import Move
from lexibench.solver.games.crossword.position import Position, parse_cgp
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE

if TYPE_CHECKING:
    from lexibench.benchmarks.peers.magpie import DataFolder, PeerRun
    from lexibench.benchmarks.peers.magpie_autoplay import Autoplay

#: The peer's cases (positions, blanks, mode): the native cases' positions (the headline
#: workload's by blanks, and Macondo's benchmark position) by score, every move or the best;
#: and the best turn by equity on the headline workload's.
PEER_CASES: Final = tuple(
    (name, blanks, mode)
    for mode in ("all", "best", "equity")
    for name, blanks in ((HEADLINE, 0), (HEADLINE, 1), (HEADLINE, 2), ("vs-matt", 0))
    if mode != "equity" or name == HEADLINE
)
#: The harness's mode for each case's: by score, or (``best``) by equity.
PEER_MODES: Final = {"all": "allscore", "best": "bestscore", "equity": "best"}
#: The rounds of a peer's case, each in step with a round of lexibench's generators (each
#: short: many of them, for a steadier median on a shared machine).
PAIRED_ROUNDS: Final = 21


@pytest.mark.parametrize(("name", "blanks", "mode"), PEER_CASES)
@pytest.mark.parametrize("lexicon", ["kwg", "wmp"])
def test_crossword_peer(
    benchmark: Any,
    request: pytest.FixtureRequest,
    lexicon: PeerLexicon,
    name: str,
    blanks: int,
    mode: str,
    settings: Settings,
) -> None:
    """MAGPIE's generator on the native cases' positions with the run's KWG, from it alone or
    with MAGPIE's word map (``wmp``): its own seconds of generation per round (its board's
    preparation apart), in step with rounds of lexibench's native generators on the same
    positions (:class:`_Paired`); by score, its moves checked equal to the reference's; by
    equity (the KLV2 table of :func:`~benchmarks.harness.crossword_cases.leave_table` on both
    sides), its best turns equal to lexibench's."""
    from lexibench.benchmarks.peers import magpie

    if magpie.unavailable() is not None:
        pytest.skip("MAGPIE is not built here (opt-in: LEXIBENCH_MAGPIE)")
    if name == HEADLINE:
        chosen = cases.with_blanks(settings, blanks)
        positions = [cases.positions(settings)[i] for i in chosen]
        expected = [cases.expected(settings)[i] for i in chosen]
    else:
        positions = [parse_cgp(VS_MATT)]
        expected = [cases.reference_key(settings, positions[0])]
    if not positions or any(p.rules.name != "english" for p in positions):
        not_run(request, CrosswordPeerRecord, magpie.NAME,
                f"not run: no {name} position with {blanks} blank(s) under the English rules",
                tier="native", game=GAME, variant=lexicon)  # fmt: skip
    if mode == "equity" and NATIVE_UNAVAILABLE is not None:  # nothing to check its turns by
        not_run(request, CrosswordPeerRecord, magpie.NAME, f"not run: {NATIVE_UNAVAILABLE}",
                tier="native", game=GAME, variant=lexicon)  # fmt: skip
    kwg = cases.kwg(settings, "gaddag").kwg_bytes()  # type: ignore[attr-defined]
    table = cases.leave_table()
    leaves = LeaveTable.from_bytes(table, "lexibench's leave model") if mode == "equity" else None
    lines = [p.to_cgp() for p in positions]
    benchmark.group = f"crossword peer {name}, {blanks} blank(s), {mode} moves"
    paired = _Paired(settings, mode, positions, leaves)
    run = benchmark.pedantic(
        magpie.generate, args=(lines, kwg, table, PEER_MODES[mode]),
        kwargs={"rounds": PAIRED_ROUNDS, "word_maps": lexicon == "wmp", "between": paired},
        rounds=1, iterations=1,
    )  # fmt: skip
    if mode == "all":
        listed = magpie.generate(
            lines, kwg, table, "allscore", word_maps=lexicon == "wmp", every_move=True
        )
        assert listed.moves is not None
        assert listed.counts == run.counts
        for i, (moves, position) in enumerate(zip(listed.moves, positions, strict=True)):
            ours = [m for m in expected[i] if not position.is_empty() or m[0][0].isdigit()]
            assert magpie.placements(moves) == ours, f"{name} position {i}: MAGPIE's moves differ"
    elif mode == "best":
        for i, best in enumerate(run.best):
            top = max((m[2] for m in expected[i]), default=None)
            assert (best.score if best else None) == top, f"{name} position {i}: best differs"
    else:
        assert leaves is not None
        _check_best_turns(run, paired, leaves, name)
    record(
        benchmark,
        CrosswordPeerRecord(
            *cases.magpie_fields(settings),
            len(positions),
            lexicon=lexicon,
            positions=name,
            blanks=blanks,
            mode=mode,  # type: ignore[arg-type]
            moves=sum(run.counts),
            round_seconds=run.round_seconds,
            prepare_seconds=run.prepare_seconds,
            paired_seconds=paired.seconds(),
        ),
    )


def _check_best_turns(run: PeerRun, paired: _Paired, leaves: Leaves, name: str) -> None:
    """Each position's best turn by equity, MAGPIE's against each of lexibench's generators':
    the same kind and the same equity (MAGPIE writes it to three decimals, equity's unit; a
    pass's is its sentinel, not compared), and the same placement, or one that lexibench ranks
    as high (a tie, which the two engines break apart)."""
    from lexibench.benchmarks.peers.magpie import placement

    for variant, answers in paired.answers.items():
        for i, (ours, theirs) in enumerate(zip(answers, run.first, strict=True)):
            what = f"{name} position {i} ({variant})"
            assert theirs is not None, f"{what}: MAGPIE found no turn"
            assert theirs.kind == ours.kind, (
                f"{what}: MAGPIE's best turn is a {theirs.kind} ({theirs.move}), lexibench's a "
                f"{ours.kind}"
            )
            if ours.kind == "pass":
                continue
            assert millipoints(theirs.equity) == millipoints(ours.equity), (
                f"{what}: MAGPIE's best turn {theirs.move} is worth {theirs.equity:.3f}, "
                f"lexibench's {ours.coord} {ours.word} {ours.equity:.3f}"
            )
            found = placement(theirs)
            if ours.kind == "place" and found != (ours.coord, ours.word, ours.score):
                tied = paired.tied(variant, paired.positions[i], ours, leaves)
                assert found in tied, (
                    f"{what}: MAGPIE's best turn {theirs.move} is not among lexibench's of its "
                    f"equity, {theirs.equity:.3f}: {sorted(tied)}"
                )


class _Paired:
    """lexibench's native generators (:data:`GENERATORS`, where compiled) on a peer case's
    positions, a round of each before each of the peer's rounds (``magpie.generate``'s
    ``between``): the first generator moves to the end each round, so none always runs right
    before the peer. Each round of either side is timed after an untimed pass over the same
    positions (the harness's ``-s``), warm as consecutive rounds are, and on the same processor
    as the other side's (``magpie.generate`` keeps both processes on one meanwhile). By equity,
    with ``leaves``: each generator's leaves valued once across positions and rounds, as a
    player keeps them."""

    def __init__(
        self,
        settings: Settings,
        mode: str,
        positions: Sequence[Position],
        leaves: Leaves | None = None,
    ) -> None:
        self.positions = positions
        self.order = [] if NATIVE_UNAVAILABLE is not None else list(GENERATORS)
        self.generators = {v: cases.generator(settings, v) for v in self.order}
        self.solvers = {v: cases.solver(self.generators[v], mode, leaves) for v in self.order}
        self.rounds: dict[str, list[float]] = {v: [] for v in self.order}
        self.answers: dict[str, list[Any]] = {}
        """Each generator's answers in its last round."""

    def __call__(self) -> None:
        for variant in self.order:
            cases.solve_all(self.solvers[variant], self.positions)  # warm, as the peer's pass
            start = time.perf_counter()
            answers = cases.solve_all(self.solvers[variant], self.positions)
            self.rounds[variant].append(time.perf_counter() - start)
            self.answers[variant] = answers
        self.order.append(self.order.pop(0))

    def seconds(self) -> dict[str, tuple[float, ...]]:
        """Each generator's seconds per round, in the peer's rounds' order."""
        return {v: tuple(r) for v, r in self.rounds.items()}

    def tied(
        self, variant: str, position: Position, best: Move, leaves: Leaves
    ) -> set[tuple[str, str, int]]:
        """The placements of ``position`` as high by equity as ``best`` (every move ranked by
        ``variant``'s generator): ``(coord, word, score)``."""
        ranked = by_equity(self.generators[variant](position), leaves)
        line = millipoints(best.equity or 0.0)
        return {
            (m.coord, m.word, m.score)
            for m in ranked
            if m.kind == "place" and millipoints(m.equity or 0.0) == line
        }


#: Games of each self-play process beside MAGPIE's at the quick scale, few to keep the quick run
#: short (each process's start-up weighs more there); the full scale plays ``equity_games``.
QUICK_PEER_GAMES: Final = 50
#: Rounds of the self-play beside MAGPIE: a process of each side in every round.
PEER_SELFPLAY_ROUNDS: Final = 3


def test_crossword_selfplay_peer(
    benchmark: Any, request: pytest.FixtureRequest, settings: Settings
) -> None:
    """MAGPIE's ``autoplay`` (both players by static equity, one thread; from its KWG and from
    its word map) beside ``lexibench selfplay --leaves FILE --word-map yes`` (native tier), the
    same KWG and KLV2 table (lexibench's leave model), as many games, seeded alike: every side a
    whole process, its CPU seconds measured from outside, a process of each per round
    (:class:`_Alternating`); lexibench's lexicon in a cache of its own, filled first."""
    from lexibench.benchmarks.peers import magpie

    if magpie.unavailable() is not None:
        pytest.skip("MAGPIE is not built here (opt-in: LEXIBENCH_MAGPIE)")
    if NATIVE_UNAVAILABLE is not None:
        not_run(request, SelfPlayRecord, "kwg", f"not run: {NATIVE_UNAVAILABLE}",
                tier="native", game=GAME, variant=f"{WORD_MAP}, beside MAGPIE")  # fmt: skip
    games_count = QUICK_PEER_GAMES if settings.scale == "quick" else settings.equity_games
    kwg = cases.kwg(settings, "gaddag").kwg_bytes()  # type: ignore[attr-defined]
    benchmark.group = f"crossword selfplay beside MAGPIE, {games_count} games"
    with magpie.data_folder(kwg, cases.leave_table(), word_maps=True) as data:
        table = data.path / "lexica" / f"{magpie.LEXICON}.klv2"
        options = ["--leaves", str(table), "--word-map", "yes"]
        env = user_env({"LEXIBENCH_CACHE_DIR": str(data.path / "cache")})
        filled = subprocess.run(  # the lexicon into the cache, untimed
            cases.selfplay_command(settings, 1, options), env=env, capture_output=True,
            text=True, check=False,
        )  # fmt: skip
        assert filled.returncode == 0, filled.stderr
        ours = cases.Process(cases.selfplay_command(settings, games_count, options), env)
        rounds = _Alternating(ours, data, games_count, settings.seed)
        benchmark.pedantic(rounds, rounds=PEER_SELFPLAY_ROUNDS, iterations=1, warmup_rounds=0)
    theirs = [run for runs in rounds.theirs.values() for run in runs]
    assert all(run.games == games_count for run in theirs), "MAGPIE played other games"
    assert len({run.turns for run in theirs}) == 1, "MAGPIE's rounds played different games"
    peer = PeerSelfPlay(
        magpie.NAME,
        magpie.version(data.root),
        theirs[0].turns,
        {lex: tuple(r.cpu_seconds for r in runs) for lex, runs in rounds.theirs.items()},
        {lex: tuple(r.wall_seconds for r in runs) for lex, runs in rounds.theirs.items()},
        tuple(ours.cpu),
        tuple(o["seconds"] for o in ours.outputs),
    )
    kept = cases.selfplay_record(
        settings,
        games_count,
        ours.outputs,
        median(ours.cpu),
        variant=WORD_MAP,
        players="equity",
        peer=peer,
    )
    record(benchmark, kept)


class _Alternating:
    """A round of the self-play beside MAGPIE: one process of each side in turn (lexibench's,
    then MAGPIE's from its KWG and from its word map; the first moved to the end each round,
    so none always runs first)."""

    def __init__(self, ours: cases.Process, data: DataFolder, games_count: int, seed: int):
        from lexibench.benchmarks.peers import magpie_autoplay

        self.ours = ours
        self.data = data
        self.order: list[str] = ["lexibench", "kwg", "wmp"]
        self.commands = {
            lexicon: magpie_autoplay.command(data, games_count, seed, word_maps=lexicon == "wmp")
            for lexicon in ("kwg", "wmp")
        }
        self.theirs: dict[PeerLexicon, list[Autoplay]] = {"kwg": [], "wmp": []}

    def __call__(self) -> None:
        from lexibench.benchmarks.peers import magpie_autoplay

        for side in self.order:
            if side == "lexibench":
                self.ours()
            else:
                lexicon: PeerLexicon = "wmp" if side == "wmp" else "kwg"
                self.theirs[lexicon].append(magpie_autoplay.run(self.commands[side], self.data))
        self.order.append(self.order.pop(0))
