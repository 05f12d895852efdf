"""The crossword suite's simulation workload (``suites/crossword_sim.py``): which positions, the
settings, the generators that simulate, a round of simulations timed, and the cap of a slow
tier. Made once per session where it costs.

The workload is :data:`POSITIONS_PER_BLANKS` of the headline workload's positions with each of
0, 1 and 2 blanks on the rack (:func:`positions`), each simulated by ``lexibench sim``'s
:func:`~lexibench.solver.games.crossword.sim.simulate` with :data:`CANDIDATES` candidates,
:data:`PLIES` plies and the scale's :data:`ITERATIONS` per candidate, seeded by the run's seed,
the leaves those of lexibench's model written as a KLV2 table and read back
(:func:`leaves`: the table a peer reads too).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Final, TypedDict

from lexibench import structures
from lexibench.benchmarks.harness import crossword_cases as cases
from lexibench.benchmarks.harness.crossword_cases import HEADLINE, WORD_MAP
from lexibench.benchmarks.harness.records import SimCandidate, SimResults
from lexibench.benchmarks.harness.settings import Settings
from lexibench.solver.games.crossword.leave_tables import LeaveTable
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.sim import Settings as SimSettings
from lexibench.solver.games.crossword.sim import Simulation, move_text, simulate
from lexibench.solver.games.crossword.solve import MoveGenerator
from lexibench.solver.tiers import Tier

#: Candidates of each simulation, and plies after each.
CANDIDATES: Final = 5
PLIES: Final = 2
#: Iterations of each candidate, by scale.
ITERATIONS: Final = {"full": 200, "quick": 20}
#: Positions of each count of blanks (0, 1, 2) on the rack, by scale.
POSITIONS_PER_BLANKS: Final = {"full": 4, "quick": 1}
#: Rounds of a case at the native tier (the simulations are seeded: every round does the same
#: work).
ROUNDS: Final = 3
#: The seconds a case at a slower tier may spend, by scale: it runs fewer iterations of each
#: candidate (at least one), in one round, and says so (:func:`cap`).
CAP_S: Final = {"full": 10.0, "quick": 0.5}
#: The generators that simulate: ``(structure, variant, tier)``. The native tier over ``kwg``
#: (the DAWG and the GADDAG walked, the word map spelled), and the step and string tiers of a
#: few structures (capped).
GENERATORS: Final = (
    ("kwg", "words", "native"),
    ("kwg", "gaddag", "native"),
    ("kwg", WORD_MAP, "native"),
    ("array-trie", "words", "step"),
    ("kwg", "gaddag", "step"),
    ("array-trie", "words", "string"),
)


def sim_settings(settings: Settings, iterations: int | None = None) -> SimSettings:
    """The simulations' settings (``iterations``: the scale's, unless given)."""
    count = ITERATIONS[settings.scale] if iterations is None else iterations
    return SimSettings(CANDIDATES, PLIES, count, settings.seed)


@cache
def positions(settings: Settings) -> tuple[Position, ...]:
    """The simulated positions: the first :data:`POSITIONS_PER_BLANKS` of the headline workload's
    (:func:`~benchmarks.harness.crossword_cases.positions`) with 0, then 1, then 2 blanks."""
    per = POSITIONS_PER_BLANKS[settings.scale]
    every = cases.positions(settings)
    return tuple(
        every[i] for blanks in (0, 1, 2) for i in cases.with_blanks(settings, blanks)[:per]
    )


class Case(TypedDict):
    """The fields a simulation record and its peer's share (``SimCaseRecord``'s)."""

    positions: str
    blanks: tuple[int, ...]
    candidates: int
    plies: int
    iterations: int
    seed: int


def case(settings: Settings, chosen: Sequence[Position], iterations: int) -> Case:
    """The :class:`Case` of simulating ``chosen`` (:func:`positions`) ``iterations`` times a
    candidate."""
    blanks = tuple(p.rack.count(0) for p in chosen)
    return Case(
        positions=HEADLINE,
        blanks=blanks,
        candidates=CANDIDATES,
        plies=PLIES,
        iterations=iterations,
        seed=settings.seed,
    )


@cache
def leaves() -> LeaveTable:
    """lexibench's leave model as the KLV2 table a peer reads, read back."""
    return LeaveTable.from_bytes(cases.leave_table(), "lexibench's leave model (KLV2)")


_GENERATORS: dict[tuple[Settings, str], MoveGenerator] = {}


def native(settings: Settings, variant: str) -> MoveGenerator:
    """The native generator of ``variant`` (``words``, ``gaddag``, or the word map), as
    ``lexibench sim`` makes it (cross-sets kept from turn to turn), once a session."""
    key = (settings, variant)
    if key not in _GENERATORS:
        word_map = variant == WORD_MAP
        lexicon = cases.kwg(settings, "words" if word_map else variant)
        algorithm = "words" if word_map else variant
        _GENERATORS[key] = MoveGenerator(lexicon, Tier.NATIVE, algorithm, word_map=word_map)
    return _GENERATORS[key]


def candidates(sim: Simulation) -> tuple[SimCandidate, ...]:
    """A simulation's candidates as the records keep them, best mean first."""
    return tuple(
        SimCandidate(move_text(c.move), c.equity, c.mean, c.stderr, c.iterations)
        for c in sim.ranked()
    )


class SimRound:
    """A round of a case: every position simulated through ``generator`` with ``chosen``'s
    settings; each round's CPU and wall seconds are kept, and the last round's results, play-outs
    and turns."""

    def __init__(
        self, generator: MoveGenerator, chosen: Sequence[Position], sim: SimSettings
    ) -> None:
        self.generator = generator
        self.chosen = chosen
        self.sim = sim
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self.results: SimResults = ()
        self.playouts = 0
        self.turns = 0

    def __call__(self) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        done = [simulate(self.generator, p, leaves(), self.sim) for p in self.chosen]
        self.cpu.append(max(time.process_time() - cpu, 1e-9))
        self.wall.append(time.perf_counter() - wall)
        self.results = tuple(candidates(sim) for sim in done)
        self.playouts = sum(c.iterations for sim in done for c in sim.candidates)
        self.turns = sum(sim.turns for sim in done)


def warm(generator: MoveGenerator, probed: Sequence[Position], sim: SimSettings) -> float:
    """One iteration of each of ``probed``, untimed (a word map is built at its first use): its
    seconds."""
    start = time.perf_counter()
    for position in probed:
        simulate(generator, position, leaves(), replace(sim, iterations=1))
    return time.perf_counter() - start


def estimate(
    settings: Settings, generator: MoveGenerator, chosen: Sequence[Position], sim: SimSettings
) -> float:
    """The seconds of one iteration of every position of ``chosen``: one of the first with each
    count of blanks, :func:`warm`, times how many positions each stands for."""
    probed = chosen[:: POSITIONS_PER_BLANKS[settings.scale]]
    return warm(generator, probed, sim) * len(chosen) / len(probed)


@dataclass(frozen=True)
class Cap:
    """The iterations a case at a slower tier runs, and why fewer than the scale's."""

    iterations: int
    note: str | None


def cap(settings: Settings, seconds: float) -> Cap:
    """The iterations of each candidate that fit the scale's :data:`CAP_S` (at least one), by
    ``seconds``, those of one iteration of every position (:func:`estimate`)."""
    full = ITERATIONS[settings.scale]
    fits = max(1, min(full, int(CAP_S[settings.scale] // max(seconds, 1e-9))))
    if fits == full:
        return Cap(full, None)
    return Cap(
        fits,
        f"{fits} of the {full} iterations per candidate, 1 round (all of them would take about "
        f"{seconds * full:,.0f} s)",
    )


#: How far apart two static equities may be and still be the same: MAGPIE writes two decimals,
#: lexibench keeps three.
EQUITY_TOLERANCE: Final = 0.006


def same_candidates(ours: Sequence[SimCandidate], theirs: Sequence[SimCandidate]) -> bool:
    """Whether two simulations chose the same candidates: as many, the same static equities
    (within :data:`EQUITY_TOLERANCE`), and the same moves but where an equity ties with another
    candidate's or is the last one's (the engines break ties apart, and a tie with the last may
    reach past the list)."""
    mine, yours = sorted(c.equity for c in ours), sorted(c.equity for c in theirs)
    if len(mine) != len(yours):
        return False
    if any(abs(a - b) > EQUITY_TOLERANCE for a, b in zip(mine, yours, strict=True)):
        return False

    def tied(c: SimCandidate) -> bool:
        near = sum(abs(c.equity - d.equity) <= EQUITY_TOLERANCE for d in ours)
        return near > 1 or abs(c.equity - mine[0]) <= EQUITY_TOLERANCE

    moves = {c.move for c in theirs}
    return all(c.move in moves for c in ours if not tied(c))


def structure_unavailable(settings: Settings, name: str) -> str | None:
    """Why ``name`` cannot run here (not installed, or left out by ``--lexibench-backends``)."""
    info = structures.backend_info(name)
    if not info.available:
        return f"not run: {name} is not available ({info.error})"
    chosen = settings.backend_list()
    if chosen and name not in chosen:
        return f"not run: {name} is not among --lexibench-backends"
    return None
