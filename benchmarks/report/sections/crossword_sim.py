"""Simulation (``lexibench sim``), for the report's crossword section: the crossword suite's
simulation cases (``suites/crossword_sim.py``).

- **Each generator** (:class:`CrosswordSimRecord`): the seeded mid positions simulated with the
  same settings through each generator that can (the native tier over ``kwg``, the step and
  string tiers of a few structures, capped openly): play-outs per second (the median round) and
  per CPU-second (:func:`sim_rows`). The fastest uncapped ones are the headline's need
  "simulation" (:func:`headline`).
- **Beside MAGPIE** (:class:`CrosswordSimPeerRecord`, where it ran): MAGPIE's simulation with the
  same settings from its KWG and from its word map beside lexibench's word-map generator in
  alternating rounds: play-outs per CPU-second of the simulations (MAGPIE's process less one that
  only loads), the ratio by MAGPIE's faster, and whether the two name the same best candidate
  where both separate it from the second by more than 3 standard errors (:func:`peer_rows`,
  :func:`agreement_lines`).
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median
from typing import Final

from lexibench.benchmarks.harness.records import (
    AGREEMENT_Z,
    CrosswordSimPeerRecord,
    CrosswordSimRecord,
    PeerLexicon,
    Results,
    separation,
)
from lexibench.benchmarks.report.formatting import footnotes, notes, num, spread, table

HEADING: Final = "Simulation"
#: Each algorithm as the tables name it (the records' ``variant``).
ALGORITHM: Final = {"words": "dawg", "gaddag": "gaddag", "word-map": "word map"}
#: The records this section reads.
RECORDS: Final = (CrosswordSimRecord, CrosswordSimPeerRecord)
#: What MAGPIE simulated from, as the tables name it.
PEER_LEXICONS: Final[dict[str, str]] = {"kwg": "KWG", "wmp": "word map"}


@dataclass(frozen=True)
class SimRow:
    """One generator's simulations: its settings, ms per play-out (median round) and its spread,
    play-outs per CPU-second (median round), and why capped."""

    structure: str
    algorithm: str
    tier: str
    candidates: int
    plies: int
    iterations: int
    ms: float
    low: float
    high: float
    per_cpu_s: float
    note: str | None

    @property
    def per_s(self) -> float:
        """Play-outs per second (the median round)."""
        return 1000 / self.ms

    @property
    def label(self) -> str:
        """``kwg (native, word map)``: the structure, tier and algorithm."""
        return f"{self.structure} ({self.tier}, {self.algorithm})"


def sim_rows(results: Results) -> list[SimRow]:
    """Every generator's row, the fastest first (capped rows after the others)."""
    found = []
    for b in results.of(CrosswordSimRecord):
        r, units = b.record, b.record.units
        found.append(
            SimRow(
                r.backend,
                ALGORITHM.get(r.variant, r.variant),
                r.tier,
                r.candidates,
                r.plies,
                r.iterations,
                b.per_unit_ms(),
                b.timing.min * 1000 / units,
                b.timing.max * 1000 / units,
                units / median(r.cpu_seconds),
                r.cap,
            )
        )
    return sorted(found, key=lambda row: (row.note is not None, row.ms))


def headline(results: Results) -> list[SimRow]:
    """The uncapped generators' rows, fastest first (the headline's need "simulation")."""
    return [row for row in sim_rows(results) if row.note is None]


def _settings_text(r: CrosswordSimRecord | CrosswordSimPeerRecord) -> str:
    blanks = ", ".join(f"{r.blanks.count(k)} with {k}" for k in sorted(set(r.blanks)))
    return (
        f"{len(r.blanks)} seeded {r.positions} positions ({blanks} blank(s) on the rack), "
        f"{r.candidates} candidates x {r.plies} plies x {r.iterations} iterations of each, "
        f"seed {r.seed}"
    )


def _generator_table(results: Results) -> list[str]:
    found = sim_rows(results)
    if not found:
        return []
    markers, note_lines = notes([(row.label, row.note) for row in found])
    fastest = min((row.ms for row in found if row.note is None), default=None)
    body = [
        [
            row.structure + markers.get(row.label, ""),
            row.algorithm,
            row.tier,
            str(row.iterations),
            num(row.ms),
            spread(row.low, row.high),
            num(row.per_s),
            num(row.per_cpu_s),
            f"{row.ms / fastest:,.2f}" if fastest and row.note is None else "",
        ]
        for row in found
    ]
    headers = ["structure", "algorithm", "tier", "iterations", "ms/play-out", "min-max"]
    headers += ["play-outs/s", "play-outs/CPU-s", "vs fastest"]
    first = next(iter(results.of(CrosswordSimRecord))).record
    text = (
        "`lexibench sim`'s simulation (`solver/games/crossword/sim.py`): "
        f"{_settings_text(first)}; the leave values lexibench's model written as a KLV2 table "
        "and read back (the table MAGPIE reads beside it). A play-out is one iteration of one "
        "candidate: its move, then the plies, each side its best turn by static equity, the "
        "other player's rack drawn from the unseen tiles; its result is the spread gained plus "
        "the last two plies' leave values (MAGPIE's, ranking by spread). Every generator finds "
        "the same numbers with the same settings (checked). Times are the median round's, "
        "wall; play-outs/CPU-s divides by the process's CPU seconds of the same rounds; a "
        "slower tier runs fewer iterations of each candidate, in one round (its footnote)."
    )
    return [f"### {HEADING}", "", text, "", table(headers, body), *footnotes(note_lines), ""]


@dataclass(frozen=True)
class PeerRow:
    """The simulations beside MAGPIE: play-outs per CPU-second of lexibench's generator and of
    MAGPIE's by lexicon (medians of the rounds; MAGPIE's simulations alone: its process less
    the loading one's), MAGPIE's loading CPU seconds and its own time's play-outs per second."""

    ours: float
    ours_wall: float
    theirs: dict[PeerLexicon, float]
    loading: dict[PeerLexicon, float]
    reported: dict[PeerLexicon, float | None]

    @property
    def faster(self) -> PeerLexicon:
        """MAGPIE's faster lexicon."""
        return max(self.theirs, key=lambda lexicon: self.theirs[lexicon])

    @property
    def ratio(self) -> float:
        """lexibench's CPU per play-out over MAGPIE's faster (above 1: MAGPIE is faster)."""
        return self.theirs[self.faster] / self.ours


def peer_rows(results: Results) -> list[tuple[CrosswordSimPeerRecord, PeerRow]]:
    """Each simulation case beside MAGPIE, with its row."""
    out = []
    for b in results.of(CrosswordSimPeerRecord):
        r = b.record
        theirs = {lex: r.units / median(r.sim_cpu_seconds(lex)) for lex in r.cpu_seconds}
        if not theirs:
            continue
        reported = {
            lex: r.units / median(s) if s and median(s) > 0 else None
            for lex, s in r.reported_seconds.items()
        }
        row = PeerRow(
            r.lexibench_units / median(r.lexibench_cpu_seconds),
            r.lexibench_units / median(r.lexibench_wall_seconds),
            theirs,
            {lex: median(s) for lex, s in r.load_cpu_seconds.items() if s},
            reported,
        )
        out.append((r, row))
    return out


def agreement_lines(r: CrosswordSimPeerRecord) -> list[str]:
    """Each lexicon's agreement with lexibench on the best candidate, and every difference."""
    lines = []
    for lexicon, verdicts in r.agreement.items():
        both = [i for i, v in enumerate(verdicts) if v != "unseparated"]
        agree = [i for i in both if verdicts[i] == "agree"]
        text = (
            f"MAGPIE's {PEER_LEXICONS.get(lexicon, lexicon)}: both separate their best candidate "
            f"from the second by more than {AGREEMENT_Z:g} standard errors on {len(both)} of the "
            f"{len(verdicts)} positions; they name the same one on {len(agree)}"
        )
        differ = []
        found = r.results.get(lexicon, ())
        for i in both:
            if verdicts[i] == "differ" and i < min(len(found), len(r.lexibench_results)):
                ours, theirs = r.lexibench_results[i], found[i]
                if not ours or not theirs:
                    continue
                differ.append(
                    f"position {i + 1}: lexibench {ours[0].move} ({separation(ours):.1f} SE), "
                    f"MAGPIE {theirs[0].move} ({separation(theirs):.1f} SE)"
                )
        lines.append(f"- {text}" + (f"; they differ on {'; '.join(differ)}." if differ else "."))
    return lines


def _peer_table(results: Results) -> list[str]:
    found = peer_rows(results)
    if not found:
        return []
    lines = []
    for r, row in found:
        ours = ["lexibench (kwg native, word map)", num(row.ours), num(row.ours_wall), "", ""]
        body = [[*ours, f"{row.ratio:,.2f}"]]
        for lexicon, value in row.theirs.items():
            body.append(
                [
                    f"MAGPIE ({PEER_LEXICONS.get(lexicon, lexicon)})",
                    num(value),
                    num(row.reported.get(lexicon)),
                    num(row.loading.get(lexicon)),
                    "faster" if lexicon == row.faster else "",
                    "",
                ]
            )
        headers = ["side", "play-outs/CPU-s", "play-outs/s", "loading CPU s", "MAGPIE's"]
        headers += ["lexibench CPU / MAGPIE's faster"]
        text = (
            f"MAGPIE (jvc56/MAGPIE, C; {r.library_version or 'unknown commit'}), built by hand "
            "and opt-in (`LEXIBENCH_MAGPIE`: `benchmarks/peers/magpie_sim.py` pins its flags), "
            f"simulating the same {_settings_text(r)}: its console's `gsim -` (one thread, its "
            "own best candidates by static equity, `-iterations N -minplayiterations N -sr rr "
            "-threshold none`: every candidate N iterations, no adaptive sampling or stopping, "
            "`-sinfer false`, the opponent's rack unknown), the same KWG and KLV2 table, from "
            "its KWG alone and with its word map; its candidates ranked by its mean result "
            "(spread plus leftover, not win probability). Rounds alternate: lexibench's "
            "word-map generator over every position, then each of MAGPIE's, a process that "
            "simulates and one that only loads the lexicon, the leaves and the positions; "
            "MAGPIE's play-outs/CPU-s divide by the first's CPU seconds less the second's "
            "(`loading CPU s`), its play-outs/s by its own time of its simulations (wall, to 10 "
            "ms each); lexibench's by the CPU and wall seconds of its simulations. Medians of "
            "the rounds. The last column is lexibench's CPU per play-out over MAGPIE's faster "
            "(above 1: MAGPIE is faster). Checked: MAGPIE ran every iteration and chose the same "
            "candidates (the same static equities, the same moves but for ties). Each side draws "
            "its own tiles, so their means differ by their errors; the best candidate:"
        )
        lines += ["### Simulation beside MAGPIE", "", text, "", *agreement_lines(r), ""]
        lines += [table(headers, body), ""]
    return lines


def render_lines(results: Results) -> list[str]:
    """The simulation tables, where their cases ran (nothing otherwise)."""
    return _generator_table(results) + _peer_table(results)
