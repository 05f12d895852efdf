"""The crossword suite's simulation cases (``lexibench sim``: :mod:`~lexibench.solver.games.
crossword.sim`). ``bench_crossword.py`` imports them, so they run as that suite's cases; this
file alone is no suite. The workload, the generators and the cap are
:mod:`benchmarks.harness.crossword_sim`'s.

- **each generator** (:func:`test_crossword_sim`): the seeded mid positions (0, 1 and 2 blanks)
  simulated with the same settings through the native tier over ``kwg`` (DAWG, GADDAG, word map),
  3 rounds, and through the step and string tiers of a few structures, capped openly (fewer
  iterations, one round, said in the record): play-outs per second and per CPU-second. Checked:
  every generator finds the same numbers with the same settings (the same seed, the same
  turns), and the same candidates at any iteration count.
- **beside MAGPIE** (:func:`test_crossword_sim_peer`, opt-in: ``LEXIBENCH_MAGPIE``): MAGPIE's
  simulation with the same settings (:mod:`benchmarks.peers.magpie_sim`: one thread, the same
  candidates, plies and iterations, no adaptive sampling or stopping, ranked by spread, the same
  KWG and KLV2 table, no inference, the opponent's rack unknown), from its KWG and from its word
  map, whole processes (and one that only loads, to take loading out), in alternating rounds
  with lexibench's word-map generator. Checked: MAGPIE ran every iteration and chose the same
  candidates (the same static equities; the same moves but for ties); where both separate their
  best candidate from the second by more than 3 standard errors, whether they name the same one
  is recorded (a difference is shown, not fatal: sampling noise), and by more than 5 on both
  sides a difference fails the case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import pytest

from lexibench.benchmarks.harness import crossword_cases as cases
from lexibench.benchmarks.harness import crossword_sim as sim
from lexibench.benchmarks.harness.crossword_cases import GAME, HEADLINE, WORD_MAP
from lexibench.benchmarks.harness.fixtures import LexiconCache
from lexibench.benchmarks.harness.games import lexicon_strings
from lexibench.benchmarks.harness.recording import library_version, not_run, record, wordlist_ref
from lexibench.benchmarks.harness.records import (
    AGREEMENT_Z,
    CrosswordSimPeerRecord,
    CrosswordSimRecord,
    PeerLexicon,
    SimCandidate,
    SimResults,
    agreement,
    separation,
)
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.harness.timing import group_name
from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, MoveGenerator
from lexibench.solver.tiers import Tier

if TYPE_CHECKING:
    from lexibench.benchmarks.peers.magpie import DataFolder
    from lexibench.benchmarks.peers.magpie_sim import SimRun

#: Where both simulations separate their best candidate from the second by more than this many
#: standard errors, naming different ones fails the case.
FATAL_Z: Final = 5.0
#: Rounds beside MAGPIE, by scale: in each, lexibench's rounds and MAGPIE's processes in turn.
PEER_ROUNDS: Final = {"full": 3, "quick": 2}

#: Each generator's results in this session, by settings and iterations: every later generator
#: must find the same.
_FOUND: dict[tuple[Settings, int], tuple[str, SimResults]] = {}


def _generator(
    settings: Settings, lexicons: LexiconCache, structure: str, variant: str, tier: str
) -> MoveGenerator:
    if tier == "native":
        return sim.native(settings, variant)
    if structure == "kwg":
        lexicon: Any = cases.kwg(settings, variant)
    else:
        strings = lexicon_strings(settings.wordlist, GAME, variant)
        lexicon = lexicons.structure(structure, strings, key=(GAME, variant))
    return MoveGenerator(lexicon, Tier(tier), variant)


def _check_same(settings: Settings, iterations: int, found: SimResults, what: str) -> None:
    """The same numbers as every generator before with these settings, and the same candidates
    as any (the candidates do not depend on the iterations)."""
    moves = [sorted((c.move, c.equity) for c in position) for position in found]
    for (kept_settings, kept_iterations), (name, results) in _FOUND.items():
        if kept_settings != settings:
            continue
        if kept_iterations == iterations:
            assert results == found, f"{what}: other numbers than {name}'s, with the same seed"
        theirs = [sorted((c.move, c.equity) for c in position) for position in results]
        assert theirs == moves, f"{what}: other candidates than {name}'s"
    _FOUND.setdefault((settings, iterations), (what, found))


@pytest.mark.parametrize(
    ("structure", "variant", "tier"),
    sim.GENERATORS,
    ids=[f"structure={s}-variant={v}-tier={t}" for s, v, t in sim.GENERATORS],
)
def test_crossword_sim(
    benchmark: Any,
    request: pytest.FixtureRequest,
    structure: str,
    variant: str,
    tier: str,
    settings: Settings,
    lexicons: LexiconCache,
) -> None:
    """The simulated positions through one generator: play-outs per second (the rounds) and
    per CPU-second; at a slower tier, fewer iterations of each candidate, one round."""
    if tier == "native" and NATIVE_UNAVAILABLE is not None:
        not_run(request, CrosswordSimRecord, structure, f"not run: {NATIVE_UNAVAILABLE}",
                tier=tier, game=GAME, variant=variant)  # fmt: skip
    missing = sim.structure_unavailable(settings, structure)
    if missing is not None:
        not_run(request, CrosswordSimRecord, structure, missing, tier=tier, game=GAME,
                variant=variant)  # fmt: skip
    generator = _generator(settings, lexicons, structure, variant, tier)
    chosen = sim.positions(settings)
    full = sim.sim_settings(settings)
    slow = tier != "native"
    if slow:  # the iterations that fit, by one of the positions with each count of blanks
        capped = sim.cap(settings, sim.estimate(settings, generator, chosen, full))
    else:
        sim.warm(generator, chosen[:1], full)
        capped = sim.Cap(full.iterations, None)
    one = sim.SimRound(generator, chosen, sim.sim_settings(settings, capped.iterations))
    base = (
        f"crossword sim {HEADLINE}, {sim.CANDIDATES} candidates x {sim.PLIES} plies x "
        f"{full.iterations} iterations"
    )
    benchmark.group = group_name(base, capped.note)
    rounds = 1 if slow else sim.ROUNDS
    benchmark.pedantic(one, rounds=rounds, iterations=1, warmup_rounds=0)
    what = f"{structure} ({tier}, {variant})"
    _check_same(settings, capped.iterations, one.results, what)
    record(
        benchmark,
        CrosswordSimRecord(
            structure,
            library_version(structure),
            wordlist_ref(cases.words(settings)),
            one.playouts,
            cap=capped.note,
            variant=variant,
            tier=tier,  # type: ignore[arg-type]
            **sim.case(settings, chosen, capped.iterations),
            turns=one.turns,
            cpu_seconds=tuple(one.cpu),
            results=one.results,
        ),
    )


def test_crossword_sim_peer(
    benchmark: Any, request: pytest.FixtureRequest, settings: Settings
) -> None:
    """MAGPIE's simulation of the same positions with the same settings, from its KWG and from
    its word map, beside lexibench's word-map generator, in alternating rounds
    (:class:`_Alternating`): CPU seconds of the simulations on each side, and whether the two
    name the same best candidate where both separate it."""
    from lexibench.benchmarks.peers import magpie

    if magpie.unavailable() is not None:
        pytest.skip("MAGPIE is not built here (opt-in: LEXIBENCH_MAGPIE)")
    chosen = sim.positions(settings)
    if NATIVE_UNAVAILABLE is not None or any(p.rules.name != "english" for p in chosen):
        reason = NATIVE_UNAVAILABLE or "the positions are not under the English rules"
        not_run(request, CrosswordSimPeerRecord, magpie.NAME, f"not run: {reason}",
                tier="native", game=GAME, variant=WORD_MAP)  # fmt: skip
    full = sim.sim_settings(settings)
    generator = sim.native(settings, WORD_MAP)
    sim.warm(generator, chosen[:1], full)
    ours = sim.SimRound(generator, chosen, full)
    kwg = cases.kwg(settings, "gaddag").kwg_bytes()  # type: ignore[attr-defined]
    benchmark.group = (
        f"crossword sim beside MAGPIE {HEADLINE}, {sim.CANDIDATES} candidates x {sim.PLIES} "
        f"plies x {full.iterations} iterations"
    )
    with magpie.data_folder(kwg, cases.leave_table(), word_maps=True) as data:
        rounds = _Alternating(ours, data, settings)
        benchmark.pedantic(
            rounds, rounds=PEER_ROUNDS[settings.scale], iterations=1, warmup_rounds=0
        )
    results = {lexicon: _checked(runs, ours.results, full.iterations)
               for lexicon, runs in rounds.theirs.items()}  # fmt: skip
    agreed = {lexicon: _agreement(ours.results, found) for lexicon, found in results.items()}
    playouts = sum(c.iterations for position in results["kwg"] for c in position)
    record(
        benchmark,
        CrosswordSimPeerRecord(
            *cases.magpie_fields(settings),
            playouts,
            **sim.case(settings, chosen, full.iterations),
            cpu_seconds=rounds.of("cpu_seconds"),
            load_cpu_seconds=rounds.of("cpu_seconds", loading=True),
            wall_seconds=rounds.of("wall_seconds"),
            load_wall_seconds=rounds.of("wall_seconds", loading=True),
            reported_seconds={
                lexicon: tuple(sum(run.seconds) for run in runs)
                for lexicon, runs in rounds.theirs.items()
            },
            results=results,
            lexibench_variant=WORD_MAP,
            lexibench_units=ours.playouts,
            lexibench_cpu_seconds=tuple(ours.cpu),
            lexibench_wall_seconds=tuple(ours.wall),
            lexibench_results=ours.results,
            agreement=agreed,
        ),
    )


def _checked(runs: list[SimRun], ours: SimResults, iterations: int) -> SimResults:
    """MAGPIE's results of one lexicon, checked: the same in every round, every candidate run
    ``iterations`` times, the same candidates as lexibench's."""
    found = tuple(
        tuple(SimCandidate(r.move, r.equity, r.mean, r.stderr, r.iterations) for r in position)
        for position in runs[0].positions
    )
    assert all(run.positions == runs[0].positions for run in runs), "MAGPIE's rounds differ"
    for i, (mine, theirs) in enumerate(zip(ours, found, strict=True)):
        assert all(c.iterations == iterations for c in theirs), (
            f"position {i}: MAGPIE ran other iterations than {iterations}: "
            f"{[c.iterations for c in theirs]}"
        )
        assert sim.same_candidates(mine, theirs), (
            f"position {i}: MAGPIE's candidates {[(c.move, c.equity) for c in theirs]} are not "
            f"lexibench's {[(c.move, c.equity) for c in mine]}"
        )
    return found


def _agreement(ours: SimResults, theirs: SimResults) -> tuple[Any, ...]:
    """Each position's :func:`agreement`; a difference where both separate their best by more
    than :data:`FATAL_Z` standard errors fails the case."""
    for i, (mine, yours) in enumerate(zip(ours, theirs, strict=True)):
        sure = min(separation(mine), separation(yours)) > FATAL_Z
        assert not (sure and mine[0].move != yours[0].move), (
            f"position {i}: lexibench's best candidate {mine[0].move} and MAGPIE's "
            f"{yours[0].move}, each over {FATAL_Z:g} standard errors ahead of its second"
        )
    return tuple(agreement(a, b, AGREEMENT_Z) for a, b in zip(ours, theirs, strict=True))


class _Alternating:
    """A round beside MAGPIE: lexibench's round of simulations, then MAGPIE's from its KWG and
    from its word map, each a process that simulates and one that only loads (the first side
    moved to the end each round, so none always runs first)."""

    def __init__(self, ours: sim.SimRound, data: DataFolder, settings: Settings) -> None:
        from lexibench.benchmarks.peers import magpie_sim

        self.ours = ours
        self.data = data
        chosen = sim.positions(settings)
        peer = magpie_sim.Settings(sim.CANDIDATES, sim.PLIES, ours.sim.iterations, settings.seed)
        self.commands = {
            lexicon: magpie_sim.command(data, peer, word_maps=lexicon == "wmp")
            for lexicon in ("kwg", "wmp")
        }
        self.scripts = (magpie_sim.script(chosen), magpie_sim.script(chosen, simulate=False))
        self.count = len(chosen)
        self.order: list[str] = ["lexibench", "kwg", "wmp"]
        self.theirs: dict[PeerLexicon, list[SimRun]] = {"kwg": [], "wmp": []}
        self.loading: dict[PeerLexicon, list[SimRun]] = {"kwg": [], "wmp": []}

    def __call__(self) -> None:
        from lexibench.benchmarks.peers import magpie_sim

        for side in self.order:
            if side == "lexibench":
                self.ours()
                continue
            lexicon: PeerLexicon = "wmp" if side == "wmp" else "kwg"
            argv = self.commands[lexicon]
            self.theirs[lexicon].append(
                magpie_sim.run(argv, self.data, self.scripts[0], self.count)
            )
            self.loading[lexicon].append(magpie_sim.run(argv, self.data, self.scripts[1], 0))
        self.order.append(self.order.pop(0))

    def of(self, field: str, *, loading: bool = False) -> dict[PeerLexicon, tuple[float, ...]]:
        """Each round's ``cpu_seconds`` or ``wall_seconds`` of MAGPIE's processes that simulated
        (or, ``loading``, of those that only loaded), by lexicon."""
        runs = self.loading if loading else self.theirs
        return {lexicon: tuple(getattr(r, field) for r in found) for lexicon, found in runs.items()}
