"""The suites' records: one per suite, in each benchmark's ``extra_info`` (:data:`BenchRecord`),
and the run's record, ``machine_info["lexibench"]`` of every suite's file (:class:`RunRecord`).
Each is a msgspec Struct tagged by its schema (its ``schema`` field, such as
``"lexibench-games/3"``); every record names the word list it used (:class:`WordListRef`)."""

from __future__ import annotations

import typing
from typing import Annotated, ClassVar, Final, Literal

import msgspec
from msgspec import Meta, Struct

from lexibench.benchmarks.harness.records.parts import Count, Part, Positive, Seconds, Share
from lexibench.benchmarks.harness.settings import Settings

Tier = Literal["string", "step", "index", "native", "auto", "reference"]
"""How a case asked its structure: a tier of :mod:`solver.tiers` (``auto``: the fastest the
structure offers), or ``reference`` for a row that is no structure: a baseline solver
(:mod:`benchmarks.baselines`) or the game's brute-force reference."""

REFERENCE_ROW: Final = "filter"
"""Every game's row of its brute-force reference (:meth:`~solver.games.protocol.Game.reference`,
a filter over the word list): its ``backend``, the name the records and the tables give it."""
REFERENCE_TIER: Final = "reference"
"""The ``tier`` of the rows that are no structure (the reference, the baselines): never a
candidate answer."""


class WordListRef(Part):
    """The word list a measurement used."""

    name: str
    words: Positive
    sha256: str


class Record(Struct, forbid_unknown_fields=True, tag_field="schema"):
    """What every timed case records beside pytest-benchmark's timing.

    ``units`` is the work of one round (boards, queries, puzzles; 1 for a build or a load); the
    report divides by it. ``cap`` (where a suite has one) explains a workload smaller than the
    others' (the slow baseline), which is then timed in a group of its own.
    """

    suite: ClassVar[str]
    """The suite's name: its raw file's entries, its not-run cases, its tables."""
    unit: ClassVar[str]
    """What one unit of its work is."""

    backend: str
    library_version: str | None
    wordlist: WordListRef
    units: Positive
    cap: str | None = None
    """Why the workload is smaller than the others' (None: it is not)."""


class BoardsRecord(Record, kw_only=True):
    """Boggle boards of one size through one backend at one tier (no tag of its own: the
    suites' records below have one)."""

    tier: Tier
    size: str
    """``RxC``."""


class SolveRecord(BoardsRecord, kw_only=True):
    """Boggle boards of one size solved through one backend at one tier (no tag of its own)."""

    words: Count
    """Words found, summed over the round's boards."""


class GameRecord(Record, tag="lexibench-games/3", kw_only=True):
    """A game's seeded workload solved with one structure, variant and tier (or a row that is no
    structure: a baseline solver, the game's brute-force reference). ``backend`` is the
    structure's id (or the row's name); ``units`` the puzzles of a round."""

    suite = "games"
    unit = "puzzle"
    game: str
    workload: str
    unit_name: str
    """What one puzzle of the game is called (``board``, ``puzzle``, ``position``)."""
    variant: str
    """The lexicon's variant (``words``; a game may add others, such as ``gaddag``)."""
    tier: Tier
    score: Count
    """The answers' points (or sizes), summed over the round's puzzles."""


class SolveInterpretedRecord(SolveRecord, tag="lexibench-solve-interpreted/4", kw_only=True):
    """Boggle boards of one size solved with the search's source run by the interpreter."""

    suite = "solve-interpreted"
    unit = "board"


class BuildRecord(Record, tag="lexibench-build/3"):
    """Building a backend from the word list."""

    suite = "build"
    unit = "build"


class LoadRecord(Record, tag="lexibench-load/3", kw_only=True):
    """Loading a backend's saved file."""

    suite = "load"
    unit = "load"
    serialized_bytes: Count


class LookupRecord(Record, tag="lexibench-lookup/3", kw_only=True):
    """One look-up over one named query set."""

    suite = "lookup"
    unit = "query"
    op: Literal["is_word", "has_prefix"]
    query_set: str


class ScalingDictionaryRecord(SolveRecord, tag="lexibench-scaling-dictionary/3", kw_only=True):
    """The same boards on a nested subset of the word list."""

    suite = "scaling-dictionary"
    unit = "board"
    subset_words: Positive
    build_seconds: Seconds


class ScalingBoardRecord(SolveRecord, tag="lexibench-scaling-board/3", kw_only=True):
    """Square boards of one size, while a backend stays within the budget."""

    suite = "scaling-board"
    unit = "board"
    budget_ms: Positive


class PitfallRecord(Record, tag="lexibench-pitfall/3", kw_only=True):
    """One row of the pitfall suite: ``backend`` names the row (``no-pruning``, ``pruned``,
    ``completion-list``); ``pitfall`` marks the articles' mistakes."""

    suite = "pitfall"
    unit = "board"
    size: str
    pitfall: bool
    words: Count
    paths: Count | None = None
    """Paths tested per board (the no-pruning rows)."""
    board_paths: Count | None = None
    """Simple paths the board has in all."""


class SearchRun(Part):
    """One seeded best-board search: what it found, and its best score's rises."""

    seed: Count
    board: str
    score: Count
    evaluations: Positive
    seconds: Seconds
    trajectory: Annotated[tuple[tuple[int, int, float], ...], Meta(min_length=1)]
    """``(evaluations, best score, seconds)`` at every rise."""

    def reached(self, target: int) -> tuple[int, float] | None:
        """``(evaluations, seconds)`` when the best score first reached ``target``, or None."""
        for evaluations, score, seconds in self.trajectory:
            if score >= target:
                return evaluations, seconds
        return None


class SearchRecord(Part):
    """The runs of one best-board case: budget, chains per run, and each run."""

    budget: Positive
    restarts: Positive
    runs: Annotated[tuple[SearchRun, ...], Meta(min_length=1)]


class BestRecord(BoardsRecord, tag="lexibench-best/3", kw_only=True):
    """Best-board searches through one backend and tier: the comparison search (one chain) or
    the seeded runs with the default budget (several chains)."""

    suite = "best"
    unit = "evaluation"
    search: SearchRecord


class CrosswordLexiconRecord(Record, tag="lexibench-crossword-lexicon/1", kw_only=True):
    """A lexicon the crossword game's generators search, built from the game's word list: the
    words (``variant`` ``words``, Appel and Jacobson's DAWG algorithm) or their GADDAG strings
    (``gaddag``, Gordon's), on one backend. The timing is one in-process build; the memory is
    measured in a fresh process (:mod:`benchmarks.processes.memory`)."""

    suite = "crossword-lexicon"
    unit = "build"
    variant: str
    strings: Positive
    """Strings stored: the words, or their GADDAG strings (one per letter of every word)."""
    saved_bytes: Count
    """Its saved file (structures.saved: the library's own format, or the strings)."""
    rss_bytes: Count
    """Resident-set growth of the build, in a fresh process."""
    build_seconds: Seconds
    """That fresh process's build time."""
    kwg_nodes: Count | None = None
    """For ``kwg``: the nodes of its array (DAWG and GADDAG)."""
    kwg_dawg_nodes: Count | None = None
    """For ``kwg``: the nodes the DAWG reaches (the rest is the GADDAG's)."""


class CrosswordMovegenRecord(Record, tag="lexibench-crossword-movegen/1", kw_only=True):
    """Native move generation over ``kwg`` on one set of positions (a workload's positions
    with ``blanks`` blanks on the rack, or a published position): every move (``mode``
    ``all``), or the first in order only (``best``, a greedy player's question)."""

    suite = "crossword-movegen"
    unit = "position"
    variant: str
    """``words`` (the DAWG algorithm) or ``gaddag``."""
    tier: Tier
    positions: str
    """The workload (``mid``, ...) or the published position's name."""
    blanks: Count
    mode: Literal["all", "best", "equity"]
    """``equity``: the best turn by equity (lexibench's leave model), found best-first."""
    moves: Count
    """Legal moves of the round's positions, summed."""


PeerLexicon = Literal["kwg", "wmp"]
"""What a crossword peer generates from: the KWG alone, or its word map (``.wmp``) beside it."""


class CrosswordPeerRecord(Record, tag="lexibench-crossword-peer/1", kw_only=True):
    """A peer's move generator (MAGPIE, where the user built it) on the positions of one
    :class:`CrosswordMovegenRecord` case, timed inside its own process; ``backend`` is the peer's
    name and ``library_version`` its commit. pytest-benchmark's timing is the peer's whole
    process (loading, generating, lexibench's rounds between; the first case of a word map
    also makes it); the tables use ``round_seconds``."""

    suite = "crossword-peer"
    unit = "position"
    lexicon: PeerLexicon
    """What the peer generated from: the KWG alone, or its word map (``.wmp``) beside it."""
    positions: str
    blanks: Count
    mode: Literal["all", "best", "equity"]
    """``all`` and ``best``: by score; ``equity``: the best turn by equity, the same leave table
    (lexibench's leave model written as KLV2) on both sides."""
    moves: Count
    """The moves the peer listed, summed over the positions: every legal one (placements,
    exchanges and the pass) for ``all``, one a position for ``best`` and ``equity``."""
    round_seconds: tuple[Seconds, ...]
    """Each round's seconds of generation over all the positions (the peer's generator alone,
    a monotonic clock, as pytest-benchmark's)."""
    prepare_seconds: tuple[Seconds, ...] = ()
    """Each round's seconds of preparing the boards (their cross-sets and anchors: MAGPIE
    makes them as a position is loaded, lexibench's generator in each call)."""
    paired_seconds: dict[str, tuple[Seconds, ...]] = msgspec.field(default_factory=dict)
    """lexibench's native generators (by the native cases' variant: ``words``, ``gaddag``,
    ``word-map``) on the same positions in the same way, timed in step with the peer: before
    each of the peer's rounds, one round of each (in turn, the first moved to the end each
    round), so that each round of both sides is measured within a second of the other's, on
    the same processor (both processes kept on one meanwhile); each round of either side
    follows an untimed pass over the same positions (empty: not measured so, as the word map's
    cases in files written before they were)."""


class CrosswordNodesRecord(Record, tag="lexibench-crossword-nodes/1", kw_only=True):
    """The dictionary work of one algorithm on the native cases' positions with ``blanks``
    blanks, counted through ``kwg``'s step tier (the native tier's walk, made in Python with
    each step counted): what the time of DAWG against GADDAG comes from. The timing is that
    slow counting run's, not a figure to compare."""

    suite = "crossword-nodes"
    unit = "position"
    variant: str
    """``words`` (the DAWG algorithm) or ``gaddag``."""
    positions: str
    blanks: Count
    steps: Count
    """The lexicon's ``child`` asked: a letter tried from a node."""
    entered: Count
    """The steps that found a child: nodes entered."""
    moves: Count


class PeerSelfPlay(Part):
    """A crossword peer's self-play (MAGPIE's ``autoplay``, where the user built it) beside
    ``lexibench selfplay``'s (its :class:`SelfPlayRecord`): as many games, both players by
    static equity from the same KLV2 table over the same KWG, each side a whole process timed
    from outside; a round runs one process of each in turn (lexibench's, the peer's from its KWG,
    from its word map; the first moved to the end each round)."""

    name: str
    version: str | None
    """The peer's commit (None: not a Git checkout)."""
    turns: Count
    """The turns of the peer's games in one process (the same in every round, from either
    lexicon)."""
    cpu_seconds: dict[PeerLexicon, tuple[Seconds, ...]]
    """Each round's CPU seconds of the peer's process, by what it generated from."""
    wall_seconds: dict[PeerLexicon, tuple[Seconds, ...]]
    """Each round's wall seconds of the peer's process, by what it generated from."""
    lexibench_cpu_seconds: tuple[Seconds, ...]
    """Each round's CPU seconds of lexibench's process, in the same rounds."""
    lexibench_game_seconds: tuple[Seconds, ...] = ()
    """Each round's seconds of lexibench's games, as its process reports them (its JSON's
    ``seconds``: no start-up, no loading of the lexicon or its word map)."""


class SelfPlayRecord(Record, tag="lexibench-selfplay/1", kw_only=True):
    """``lexibench selfplay --games N``, whole process (start-up, the lexicon from the cache, the
    games); ``units`` the games."""

    suite = "selfplay"
    unit = "game"
    variant: str
    tier: Tier
    seed: Count
    moves_played: Count
    moves_generated: Count
    cpu_seconds: Seconds
    """CPU seconds of one process (the median round's)."""
    players: str = "greedy"
    """``greedy`` (the first move by score) or ``equity`` (both by equity, ``--leaves
    english``; beside a peer, ``--leaves`` lexibench's leave model written as KLV2)."""
    peer: PeerSelfPlay | None = None
    """A peer's self-play with the same games count, lexicon and leave table, its processes
    in alternating rounds with lexibench's (None: no peer ran beside it)."""


class CrosswordTurnPeerRecord(Record, tag="lexibench-crossword-turn-peer/1", kw_only=True):
    """One position's best turn by equity (the position's ``blanks`` on its rack), each side a
    whole process timed from outside, a process of each per round: ``lexibench moves CGP
    --leaves FILE --top 1`` beside a peer's console asked the same (MAGPIE's, where the user built
    it: :mod:`benchmarks.peers.magpie_turn`) from its KWG and from its word map (``cpu_seconds``
    and ``wall_seconds`` by lexicon), the same KWG and KLV2 table, and the Python running
    lexibench doing nothing (``interpreter_cpu_seconds``, ``python -c pass``: the floor of any
    command in Python). ``units`` 1; ``backend`` the peer, ``library_version`` its commit."""

    suite = "crossword-turn-peer"
    unit = "position"
    blanks: Count
    cpu_seconds: dict[PeerLexicon, tuple[Seconds, ...]]
    wall_seconds: dict[PeerLexicon, tuple[Seconds, ...]]
    lexibench_cpu_seconds: tuple[Seconds, ...]
    lexibench_wall_seconds: tuple[Seconds, ...]
    interpreter_cpu_seconds: tuple[Seconds, ...]


class EquityRecord(Record, tag="lexibench-equity/1", kw_only=True):
    """``lexibench selfplay --leaves english --against RIVAL --games N``, one whole process:
    the equity player (lexibench's own leave model) against the greedy one, or against an
    equity player with an engine's leave table (``against``), each first in every other game,
    each pair of games from one bag; ``units`` the games."""

    suite = "equity"
    unit = "game"
    variant: str
    tier: Tier
    seed: Count
    leaves: str
    """The leave values the equity player used (``english``: lexibench's own model)."""
    wins: Count
    draws: Count
    win_rate: Annotated[float, Meta(ge=0, le=1)]
    """The equity player's wins, a draw counting half, over the games."""
    mean_spread: float
    """The equity player's final score less the greedy player's, the mean over the games."""
    exchanges: Count
    """The equity player's exchanges, over the games."""
    cpu_seconds: Seconds
    against: str = "greedy"
    """The rival: ``greedy``, or the file name of the leave table its equity player uses."""
    against_sha256: str | None = None
    """That table's SHA-256 (which table it was)."""
    pairs: Count | None = None
    spread_stderr: float | None = None
    """The standard error of ``mean_spread``, over the pairs of games."""


class ProveRecord(BoardsRecord, tag="lexibench-prove/1", kw_only=True):
    """The proof's work on a seeded sample of one size's top-level classes (``units``: the
    classes a round proves) through one backend and tier of the tree bound (step: any backend
    that steps, in Python; native: array-trie's node array in C)."""

    suite = "prove"
    unit = "class"
    partition: str
    target: Positive
    """The score the proof asks about: no board of the classes reaching it, or which do."""
    classes: Positive
    """The canonical classes of the whole proof of this size (the sample is drawn from them)."""
    outcomes: dict[str, int]
    """How the round's classes ended: ``pruned``, ``searched``, ``found``."""
    bounds: tuple[int, ...]
    """Each class's top-level tree bound, in the sample's order (how tight the bound is)."""
    class_seconds: tuple[float, ...] = ()
    """Each class's own CPU seconds, in the sample's order (the 3x4 sample, where a peer proves
    the same classes: the per-class side by side)."""


class SimCandidate(Part):
    """A candidate of a simulated position: its move (as ``lexibench sim`` writes it), static
    equity, mean result, the mean's standard error, and its iterations."""

    move: str
    equity: float
    mean: float
    stderr: Annotated[float, Meta(ge=0)]
    iterations: Count


SimResults = tuple[tuple[SimCandidate, ...], ...]
"""Each position's candidates, best mean first."""
Rounds = Annotated[tuple[Seconds, ...], Meta(min_length=1)]
"""Each round's seconds."""
Agreement = Literal["agree", "differ", "unseparated"]
"""Whether two simulations of a position name the same best candidate, where both separate it
from their second (:func:`agreement`)."""


def separation(ranked: tuple[SimCandidate, ...]) -> float:
    """How many standard errors the best mean is above the second: their difference over
    ``sqrt(se1**2 + se2**2)`` (the error of a difference of independent means, more than that
    of candidates played from the same draws); 0 with one candidate, inf with no error."""
    if len(ranked) < 2:
        return 0.0
    first, second = ranked[0], ranked[1]
    error = (first.stderr**2 + second.stderr**2) ** 0.5
    gap = first.mean - second.mean
    return gap / error if error else (float("inf") if gap > 0 else 0.0)


def agreement(
    ours: tuple[SimCandidate, ...], theirs: tuple[SimCandidate, ...], z: float
) -> Agreement:
    """``agree`` or ``differ`` on the best candidate where both separate it from their second
    by more than ``z`` standard errors (:func:`separation`), else ``unseparated``."""
    if min(separation(ours), separation(theirs)) <= z:
        return "unseparated"
    return "agree" if ours[0].move == theirs[0].move else "differ"


class SimCaseRecord(Record, kw_only=True):
    """What a simulation case and its peer's share: the positions (a workload's, each with its
    blanks) and the settings, the same on both sides."""

    positions: str
    blanks: tuple[Count, ...]
    """Each position's blanks on the rack."""
    candidates: Positive
    plies: Positive
    iterations: Positive
    seed: Count


class CrosswordSimRecord(SimCaseRecord, tag="lexibench-crossword-sim/1", kw_only=True):
    """``lexibench sim``'s simulation (:mod:`solver.games.crossword.sim`) of a workload's
    positions through one generator (``backend``, ``variant``, ``tier``), the same settings on
    each: ``units`` the play-outs of a round (a candidate's iteration: its move and the plies
    after it), ``iterations`` each candidate's (fewer at a slow tier: ``cap`` says so)."""

    suite = "crossword-sim"
    unit = "play-out"
    variant: str
    """``words``, ``gaddag`` or ``word-map`` (the words' KWG, the moves spelled from its map)."""
    tier: Tier
    turns: Count
    """Turns chosen in the plies of a round."""
    cpu_seconds: Rounds
    """Each round's CPU seconds (the process's, the simulations alone)."""
    results: SimResults


class CrosswordSimPeerRecord(SimCaseRecord, tag="lexibench-crossword-sim-peer/1", kw_only=True):
    """A peer's simulation (MAGPIE's, where the user built it) of a :class:`CrosswordSimRecord`
    case's positions with its settings, the same KWG and KLV2 leave table, from the KWG alone and
    from its word map, each a whole process timed from outside beside one that only loads; a
    round runs, in turn, lexibench's generator ``lexibench_variant`` on every position and the
    peer's processes. ``units`` is the peer's play-outs of a process."""

    suite = "crossword-sim-peer"
    unit = "play-out"
    cpu_seconds: dict[PeerLexicon, Rounds]
    """Each round's CPU seconds of the peer's process, by what it generated from."""
    load_cpu_seconds: dict[PeerLexicon, tuple[Share, ...]]
    """... of the same process given the positions but no simulation: loading alone."""
    wall_seconds: dict[PeerLexicon, Rounds]
    load_wall_seconds: dict[PeerLexicon, tuple[Share, ...]]
    reported_seconds: dict[PeerLexicon, tuple[Share, ...]]
    """Each round's sum of the peer's own times of its simulations (wall, to 10 ms each)."""
    results: dict[PeerLexicon, SimResults]
    lexibench_variant: str
    lexibench_units: Positive
    """lexibench's play-outs of a round."""
    lexibench_cpu_seconds: Rounds
    lexibench_wall_seconds: Rounds
    lexibench_results: SimResults
    agreement: dict[PeerLexicon, tuple[Agreement, ...]]
    """By position, at more than :data:`AGREEMENT_Z` standard errors (:func:`agreement`)."""

    def sim_cpu_seconds(self, lexicon: PeerLexicon) -> tuple[float, ...]:
        """Each round's CPU seconds of the peer's simulations: its process less the loading
        one's of the same round, where recorded (at least a nanosecond)."""
        loads = self.load_cpu_seconds.get(lexicon, ())
        return tuple(
            max(cpu - (loads[i] if i < len(loads) else 0.0), 1e-9)
            for i, cpu in enumerate(self.cpu_seconds[lexicon])
        )


#: How many standard errors apart a simulation's best two candidates must be for the case to
#: compare the best candidate with the peer's.
AGREEMENT_Z: Final = 3.0


BenchRecord = (
    GameRecord
    | CrosswordLexiconRecord
    | CrosswordMovegenRecord
    | CrosswordPeerRecord
    | CrosswordSimRecord
    | CrosswordSimPeerRecord
    | CrosswordTurnPeerRecord
    | CrosswordNodesRecord
    | SelfPlayRecord
    | EquityRecord
    | SolveInterpretedRecord
    | BuildRecord
    | LoadRecord
    | LookupRecord
    | ScalingDictionaryRecord
    | ScalingBoardRecord
    | PitfallRecord
    | BestRecord
    | ProveRecord
)
"""Any suite's record."""

RECORDS: Final[tuple[type[Record], ...]] = typing.get_args(BenchRecord)
#: The suites by name, each with its record.
SUITES: Final = {record.suite: record for record in RECORDS}


# --- the run's record: machine_info["lexibench"] of every suite's file -------------------------


class NotRun(Part, omit_defaults=True):
    """A case the suites skipped on purpose, with the reason the tables print."""

    suite: str
    backend: str
    reason: str
    tier: Tier | None = None
    size: str | None = None
    op: str | None = None
    query_set: str | None = None
    game: str | None = None
    workload: str | None = None
    variant: str | None = None

    def __post_init__(self) -> None:
        if self.suite not in SUITES:
            raise ValueError(f"unknown suite {self.suite!r}")


class BackendMeta(Part):
    """What the registry declared about a backend in the run."""

    version: str | None
    distribution: str | None
    pure_python: bool
    cost: str
    stepping: bool
    file_format: str | None


class RunRecord(Part, tag_field="schema", tag="lexibench-run/3"):
    """A suite run's settings, package versions, what each backend declared, what was left
    out; pytest-benchmark describes the machine beside it."""

    packages: dict[str, str | None]
    unavailable: dict[str, str]
    solver_build: str
    native_build: str
    settings: Settings
    wordlist: WordListRef
    not_run: tuple[NotRun, ...]
    backends: dict[str, BackendMeta]
    seconds: Seconds | None = None
    """The suite's wall time, start to end of its pytest session (None in older files)."""
    seconds_by_game: dict[str, Share] = msgspec.field(default_factory=dict)
    """The games suite's wall time by game: its cases' set-up, calls and tear-down."""
