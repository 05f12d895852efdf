"""lexibench beside MAGPIE, for the report's crossword section: what the crossword suite's
cases beside MAGPIE measured (where the user built it: ``benchmarks/peers/magpie.py``).

- **Move generation** (:class:`CrosswordPeerRecord`): for each case (positions, blanks on the
  rack, every move or the best by score or the best turn by equity), MAGPIE's time from its KWG
  and from its word map, and lexibench's fastest generator timed in step with MAGPIE's faster of
  the two; every ratio divides by that faster one (:func:`generation_rows`).
- **Self-play** (a :class:`SelfPlayRecord` with a ``peer``): ``lexibench selfplay`` and MAGPIE's
  ``autoplay`` as whole processes, games per CPU-second, the ratio by MAGPIE's faster lexicon.
- **One position from the command line** (:class:`CrosswordTurnPeerRecord`): ``lexibench moves
  --top 1`` and MAGPIE's console as whole processes, CPU ms, the ratio by MAGPIE's faster
  lexicon, beside the bare interpreter's start (:func:`turn_rows`).

Where these ran, they are the comparison with MAGPIE's engine family measured on this machine,
so the crossword section's verdicts put them in place of the figures published for other
hardware (:func:`measured_instead`).
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median
from typing import Final

from lexibench.benchmarks.harness.records import (
    Bench,
    CrosswordMovegenRecord,
    CrosswordPeerRecord,
    CrosswordTurnPeerRecord,
    PeerLexicon,
    Results,
    SelfPlayRecord,
)
from lexibench.benchmarks.report.formatting import num, table

#: Each of lexibench's native generators (by its cases' variant), as the tables name it.
GENERATOR_NAMES: Final = {"words": "DAWG", "gaddag": "GADDAG", "word-map": "word map"}
#: What MAGPIE generated from, as the tables name it.
PEER_LEXICONS: Final[dict[str, str]] = {"kwg": "KWG", "wmp": "word map"}
#: The cases' modes, in the table's order.
MODES: Final = ("all", "best", "equity")


@dataclass(frozen=True)
class GenerationRow:
    """One case beside MAGPIE: MAGPIE's ms per position from each lexicon (preparation
    included) and of it the preparation's, lexibench's fastest generator (ms per position,
    which, and where it was timed: in step with MAGPIE's faster lexicon, with the other one, or
    in the native cases) and the ratio of lexibench's time to MAGPIE's faster."""

    positions: str
    blanks: int
    mode: str
    peer_ms: dict[PeerLexicon, tuple[float, float]]
    ours_ms: float | None
    ours_generator: str
    ours_timed: str
    """``faster`` (in step with MAGPIE's faster lexicon), ``kwg`` or ``wmp`` (in step with that
    one, the faster having no rounds of lexibench's: a file written before they were), or
    ``native`` (the native cases' times: none in step)."""

    @property
    def faster(self) -> PeerLexicon:
        """MAGPIE's faster lexicon for this case."""
        return min(self.peer_ms, key=lambda lexicon: self.peer_ms[lexicon][0])

    @property
    def ratio(self) -> float | None:
        """lexibench's time over MAGPIE's faster time (above 1: MAGPIE is faster)."""
        if self.ours_ms is None:
            return None
        return self.ours_ms / self.peer_ms[self.faster][0]


def peer_ms(r: CrosswordPeerRecord) -> tuple[float, float]:
    """The peer's ms per position, preparation included (the median round), and of it the
    preparation's."""
    preparing = r.prepare_seconds or (0.0,) * len(r.round_seconds)
    whole = [g + p for g, p in zip(r.round_seconds, preparing, strict=True)]
    return median(whole) * 1000 / r.units, median(preparing) * 1000 / r.units


def in_step_ms(r: CrosswordPeerRecord | None) -> tuple[float, str] | None:
    """The fastest of lexibench's generators timed in step with the peer (its median round,
    ms per position) and its variant, or None where the record has no such rounds."""
    if r is None or not r.paired_seconds:
        return None
    fastest = min(((median(s), v) for v, s in r.paired_seconds.items() if s), default=None)
    return None if fastest is None else (fastest[0] * 1000 / r.units, fastest[1])


def generation_rows(results: Results) -> list[GenerationRow]:
    """Every case beside MAGPIE, the headline positions first, then by blanks and mode."""
    peer: dict[tuple[str, int, str], dict[PeerLexicon, CrosswordPeerRecord]] = {}
    for bench in results.of(CrosswordPeerRecord):
        r = bench.record
        peer.setdefault((r.positions, r.blanks, r.mode), {})[r.lexicon] = r
    native: dict[tuple[str, int, str], list[Bench[CrosswordMovegenRecord]]] = {}
    for b in results.of(CrosswordMovegenRecord):
        native.setdefault((b.record.positions, b.record.blanks, b.record.mode), []).append(b)
    out = []
    for key in sorted(peer, key=lambda k: (k[0] != "mid", k[0], k[1], MODES.index(k[2]))):
        records = peer[key]
        times = {lexicon: peer_ms(r) for lexicon, r in records.items()}
        faster = min(times, key=lambda lexicon: times[lexicon][0])
        ours: tuple[float, str] | None = None
        timed = "native"
        for lexicon in (faster, *(other for other in records if other != faster)):
            ours = in_step_ms(records[lexicon])
            if ours is not None:
                timed = "faster" if lexicon == faster else lexicon
                break
        if ours is None:  # no rounds in step: the native cases' fastest
            ours = min(((b.per_unit_ms(), b.record.variant) for b in native.get(key, [])),
                       default=None)  # fmt: skip
        out.append(
            GenerationRow(
                *key,
                peer_ms=times,
                ours_ms=ours[0] if ours else None,
                ours_generator=ours[1] if ours else "",
                ours_timed=timed,
            )
        )
    return out


def _generation_table(results: Results) -> list[str]:
    found = generation_rows(results)
    if not found:
        return []
    body = []
    for row in found:
        kwg, wmp = row.peer_ms.get("kwg"), row.peer_ms.get("wmp")
        generator = GENERATOR_NAMES.get(row.ours_generator, row.ours_generator)
        where = {"faster": "", "native": "; native cases"}.get(
            row.ours_timed, f"; in step with MAGPIE's {PEER_LEXICONS.get(row.ours_timed, '')}"
        )
        body.append(
            [
                row.positions,
                str(row.blanks),
                row.mode,
                num(kwg[0]) if kwg else "",
                num(kwg[1]) if kwg else "",
                num(wmp[0]) if wmp else "",
                num(wmp[1]) if wmp else "",
                PEER_LEXICONS[row.faster],
                f"{num(row.ours_ms)} ({generator}{where})" if row.ours_ms else "",
                f"{row.ratio:,.2f}" if row.ratio else "",
            ]
        )
    versions = sorted(
        {b.record.library_version or "unknown commit" for b in results.of(CrosswordPeerRecord)}
    )
    headers = ["positions", "blanks", "moves", "MAGPIE KWG ms", "of which preparing"]
    headers += ["MAGPIE word map ms", "of which preparing", "MAGPIE's faster"]
    headers += ["lexibench's fastest in step with it, ms", "lexibench / MAGPIE's faster"]
    text = (
        f"MAGPIE (jvc56/MAGPIE, C; {', '.join(versions)}), built by hand and opt-in "
        "(`LEXIBENCH_MAGPIE`: `benchmarks/peers/magpie.py`), on the native cases' positions "
        "with the same KWG file, from the KWG alone and with its `.wmp` word map of the same "
        "lexicon, timed inside its process with a C clock, per position: its `generate_moves` "
        "and the board's preparation (its cross-sets and anchors, which MAGPIE makes as it loads "
        "a position and lexibench's generator in each call, so both are counted; `of which "
        "preparing` gives that part). `all`: every move by score (appended to MAGPIE's "
        "small-move list, as lexibench appends its records; up to 127 exchanges and the pass "
        "among MAGPIE's), `best`: the best by score, `equity`: the best turn by equity, with the "
        "same KLV2 leave table on both sides (lexibench's leave model written as one; exchanges "
        "and the pass among the turns). Checked: MAGPIE's placements and best scores equal the "
        "reference's; by equity, each position's best turn is of the same kind and equity as "
        "each of lexibench's generators', and the same placement or one of the same equity (a "
        "tie the two break apart). Each of MAGPIE's rounds runs in step with a round of each of "
        "lexibench's three native generators on the same positions (the same calls as the "
        "native cases, a round of each before each of MAGPIE's rounds, which waits for them; "
        "both processes kept on one processor meanwhile, each round after an untimed pass), so "
        "both sides are measured within a second of each other, round after round. Every time is "
        "the median of its rounds. lexibench's column is its fastest generator by median round, "
        "timed in step with MAGPIE's faster (from its KWG or its word map, both in this run); "
        "the last column divides it by MAGPIE's faster time: above 1, MAGPIE is faster."
    )
    return ["### Beside MAGPIE", "", text, "", table(headers, body), ""]


@dataclass(frozen=True)
class SelfPlayRow:
    """lexibench's self-play beside MAGPIE's: games per CPU-second of each (MAGPIE's by
    lexicon, medians of the rounds) and the ratio of CPU times by MAGPIE's faster."""

    games: int
    ours: float
    """lexibench's games per CPU-second."""
    ours_games_alone: float | None
    """lexibench's games per second by its own timing of them (wall seconds: no start-up, no
    loading of the lexicon or its word map), None where not recorded."""
    ours_turns: float
    theirs: dict[PeerLexicon, float]
    """MAGPIE's games per CPU-second, by lexicon."""
    theirs_turns: float

    @property
    def ratio(self) -> float:
        """lexibench's CPU time over MAGPIE's faster (above 1: MAGPIE is faster)."""
        return max(self.theirs.values()) / self.ours


def selfplay_rows(results: Results) -> list[SelfPlayRow]:
    """Each self-play case beside MAGPIE's autoplay."""
    out = []
    for b in results.of(SelfPlayRecord):
        r, peer = b.record, b.record.peer
        if peer is None or not peer.lexibench_cpu_seconds:
            continue
        ours_cpu = median(peer.lexibench_cpu_seconds)
        games = median(peer.lexibench_game_seconds) if peer.lexibench_game_seconds else None
        theirs = {lex: r.units / median(s) for lex, s in peer.cpu_seconds.items() if s}
        if not theirs:
            continue
        out.append(
            SelfPlayRow(
                r.units,
                r.units / ours_cpu,
                r.units / games if games is not None else None,
                r.moves_played / r.units,
                theirs,
                peer.turns / r.units,
            )
        )
    return out


def _selfplay_table(results: Results) -> list[str]:
    found = selfplay_rows(results)
    if not found:
        return []
    body = [
        [
            f"{row.games:,}",
            num(row.ours),
            num(row.ours_games_alone),
            num(row.ours_turns),
            num(row.theirs.get("kwg")),
            num(row.theirs.get("wmp")),
            num(row.theirs_turns),
            f"{row.ratio:,.2f}",
        ]
        for row in found
    ]
    headers = ["games", "lexibench games/CPU-s", "its games alone, games/s", "turns/game"]
    headers += ["MAGPIE KWG games/CPU-s", "MAGPIE word map games/CPU-s", "turns/game"]
    headers += ["lexibench CPU / MAGPIE's faster"]
    text = (
        "`lexibench selfplay --games N --seed S --leaves FILE.klv2 --word-map yes --lexicon kwg "
        "--tier native` beside MAGPIE's `autoplay games N -seed S` (both players by static "
        "equity: `-s1 equity -r1 best`, the same for player 2, no simulation, no PlayChooser, "
        "one thread), from its KWG alone and with its word map: the same KWG (lexibench's, in a "
        "data folder of MAGPIE's) and the same KLV2 table (lexibench's leave model), every side "
        "a whole process (start-up and loading included: lexibench's lexicon and its word map "
        "from its cache, where an untimed first process left them, MAGPIE's word map read from "
        "a file made before), timed from outside by CPU seconds, a process of each side per "
        "round in turn, the median of the rounds; `its games alone`: lexibench's own timing of "
        "its games (wall seconds, no start-up, lexicon or word map loading), to tell the "
        "process's fixed costs apart (MAGPIE reports none). The games "
        "are not the same games (each program shuffles its own "
        "bag, and MAGPIE's equity adds an opening and an end-game correction lexibench's has "
        "not): games/CPU-s over many is what compares; turns/game shows how alike they are. "
        "The last column is lexibench's CPU time per game over MAGPIE's faster: above 1, "
        "MAGPIE is faster."
    )
    return ["### Self-play beside MAGPIE", "", text, "", table(headers, body), ""]


@dataclass(frozen=True)
class TurnRow:
    """One position's best turn from the command line beside MAGPIE's: CPU ms of each whole
    process (medians of the rounds; MAGPIE's by lexicon) and of the bare interpreter's."""

    blanks: int
    ours_ms: float
    interpreter_ms: float
    theirs_ms: dict[PeerLexicon, float]

    @property
    def ratio(self) -> float:
        """lexibench's CPU time over MAGPIE's faster (above 1: MAGPIE is faster)."""
        return self.ours_ms / min(self.theirs_ms.values())


def turn_rows(results: Results) -> list[TurnRow]:
    """Each position asked from the command line beside MAGPIE's console, by blanks."""
    out = []
    for b in results.of(CrosswordTurnPeerRecord):
        r = b.record
        theirs = {lex: median(s) * 1000 for lex, s in r.cpu_seconds.items() if s}
        if not theirs or not r.lexibench_cpu_seconds or not r.interpreter_cpu_seconds:
            continue
        ours, floor = median(r.lexibench_cpu_seconds), median(r.interpreter_cpu_seconds)
        out.append(TurnRow(r.blanks, ours * 1000, floor * 1000, theirs))
    return sorted(out, key=lambda row: row.blanks)


def _turn_table(results: Results) -> list[str]:
    found = turn_rows(results)
    if not found:
        return []
    body = [
        [
            str(row.blanks),
            num(row.ours_ms),
            num(row.interpreter_ms),
            num(row.theirs_ms.get("kwg")),
            num(row.theirs_ms.get("wmp")),
            f"{row.ratio:,.2f}",
        ]
        for row in found
    ]
    headers = ["blanks", "lexibench CPU ms", "Python doing nothing, CPU ms"]
    headers += ["MAGPIE KWG CPU ms", "MAGPIE word map CPU ms", "lexibench / MAGPIE's faster"]
    text = (
        "One position's best turn by equity asked from the command line: `lexibench moves CGP "
        "--leaves FILE.klv2 --top 1 --lexicon kwg --tier native` (`--word-map auto`, the "
        "library's choice: one position is walked, no word map loaded; the lexicon from its "
        "cache, where an untimed first process left it) beside "
        "MAGPIE's console given the same position (`cgp ...` then `generate`, its best move by "
        "static equity, one thread), from its KWG alone and with its word map: the same KWG and "
        "KLV2 table (lexibench's leave model), the first position of the headline workload's "
        "with each count of blanks. Every side is a whole process timed from outside by CPU "
        "seconds, one of each per round in turn, the median of the rounds; `Python doing "
        "nothing` is `python -c pass` with the interpreter that runs lexibench, the floor of "
        "any command written in Python. Both sides' best turns agree (kind, score, equity). "
        "The last column divides lexibench's time by MAGPIE's faster: above 1, MAGPIE is faster."
    )
    return ["### One position from the command line, beside MAGPIE", "", text, "",
            table(headers, body), ""]  # fmt: skip


def render_lines(results: Results) -> list[str]:
    """The tables beside MAGPIE, where its cases ran (nothing otherwise)."""
    return _generation_table(results) + _selfplay_table(results) + _turn_table(results)


def measured_instead(results: Results, ours: str) -> str | None:
    """What this run measured beside MAGPIE in place of a figure published for other hardware
    (``ours``: which of this run's figures the published one is set beside: ``vs-matt``,
    Macondo's benchmark position, or ``selfplay-equity``), None where MAGPIE's case did not
    run."""
    if ours == "vs-matt":
        row = next(
            (r for r in generation_rows(results) if (r.positions, r.mode) == ("vs-matt", "best")),
            None,
        )
        if row is None or row.ratio is None:
            return None
        theirs = row.peer_ms[row.faster][0] * 1000
        return (
            f"measured beside MAGPIE here instead: MAGPIE {num(theirs)} us (its "
            f"{PEER_LEXICONS[row.faster]}), lexibench / MAGPIE {row.ratio:,.2f}"
        )
    if ours == "selfplay-equity":
        played = selfplay_rows(results)
        if not played:
            return None
        first = played[0]
        return (
            f"measured beside MAGPIE here instead: MAGPIE {num(max(first.theirs.values()))} "
            f"games/CPU-s, lexibench {num(first.ours)}, lexibench CPU / MAGPIE {first.ratio:,.2f}"
        )
    return None
