"""The report's crossword-game section: DAWG against GADDAG.

From the games suite's crossword records (every structure x algorithm x tier on the seeded
positions: positions/s and moves/s) and the crossword suite's (the lexicons' build time, saved size
and resident memory; native generation by blanks on the rack; Macondo's benchmark position;
whole-process self-play), with the verdicts as ratios against the published figures
(``benchmarks/data/crossword.toml``): Gordon's 5x size and 2x speed, the Go engine's 7.2x size and
0.9x speed, Macondo's 118 us per position and 70 games/s (figures from other hardware; where
MAGPIE ran beside lexibench, its figures measured here in their place: :mod:`.crossword_peer`,
whose tables this section shows too); and the simulation (``lexibench sim``) through each
generator, and beside MAGPIE's where it ran (:mod:`.crossword_sim`'s tables).
"""

from __future__ import annotations

import tomllib
from collections import defaultdict
from importlib import resources
from typing import Any, Final

from lexibench.benchmarks.harness.records import (
    CrosswordLexiconRecord,
    CrosswordMovegenRecord,
    CrosswordNodesRecord,
    CrosswordPeerRecord,
    EquityRecord,
    Results,
    SelfPlayRecord,
)
from lexibench.benchmarks.report import rows
from lexibench.benchmarks.report.formatting import footnotes, notes, num, spread, table
from lexibench.benchmarks.report.sections import EMPTY, Section, crossword_peer, crossword_sim
from lexibench.benchmarks.report.sections.crossword_peer import GENERATOR_NAMES
from lexibench.solver.games.protocol import plural

GAME: Final = "crossword"
ALGORITHM: Final = crossword_sim.ALGORITHM
MIB: Final = 2**20


def published_figures() -> list[dict[str, Any]]:
    """The published figures (``benchmarks/data/crossword.toml``)."""
    data = resources.files("lexibench.benchmarks").joinpath("data", "crossword.toml")
    figures: list[dict[str, Any]] = tomllib.loads(data.read_text(encoding="utf-8"))["figure"]
    return figures


def _moves_table(results: Results) -> list[str]:
    lines: list[str] = []
    for workload, table_rows in rows.game_rows(results, GAME).items():
        unit = rows.unit_of(results, GAME)
        full = rows.full_units(table_rows)  # a row that ran fewer positions is not ranked
        measured = [r for r in table_rows if r.value and r.units == full and r.backend != "filter"]
        fastest = min((r.value.median for r in measured if r.value), default=None)
        markers, note_lines = notes([(r.backend, r.note) for r in table_rows])
        body = []
        for r in table_rows:
            v = r.value
            moves = None if r.words is None or not r.units else r.words / r.units
            body.append(
                [
                    r.backend + markers.get(r.backend, ""),
                    ALGORITHM.get(r.variant, r.variant) if r.backend != "filter" else "",
                    r.tier,
                    num(v.median) if v else "not run",
                    spread(v.low, v.high) if v else "",
                    num(1000 / v.median) if v else "",
                    num(moves * 1000 / v.median) if v and moves is not None else "",
                    f"{v.median / fastest:,.2f}" if v and fastest and r.units == full else "",
                ]
            )
        headers = ["structure", "algorithm", "tier", f"ms/{unit}", "min-max", f"{plural(unit)}/s"]
        headers += ["moves/s", "vs fastest"]
        lines += [f"### Every structure: {workload}", "", table(headers, body)]
        lines += [*footnotes(note_lines), ""]
    return lines


def _lexicons(results: Results) -> dict[str, dict[str, CrosswordLexiconRecord]]:
    found: dict[str, dict[str, CrosswordLexiconRecord]] = defaultdict(dict)
    for bench in results.of(CrosswordLexiconRecord):
        found[bench.record.backend][bench.record.variant] = bench.record
    return found


def _lexicon_table(results: Results) -> list[str]:
    built = _lexicons(results)
    if not built:
        return []
    refused = {
        (n.backend, n.variant): n.reason for n in results.not_run if n.suite == "crossword-lexicon"
    }
    body = []
    for backend in sorted(set(built) | {b for b, _ in refused}):
        cells = [backend]
        for variant in ("words", "gaddag"):
            r = built[backend].get(variant)
            if r is None:
                cells += ["not run", "", "", ""]
                continue
            cells += [
                num(r.build_seconds),
                num(r.saved_bytes / MIB),
                num(r.rss_bytes / MIB),
                f"{r.strings:,}",
            ]
        words, gaddag = built[backend].get("words"), built[backend].get("gaddag")
        ratio = (
            gaddag.saved_bytes / words.saved_bytes
            if words and gaddag and words.saved_bytes
            else None
        )
        cells.append(f"{ratio:,.1f}" if ratio else "")
        body.append(cells)
    headers = ["backend", "words: build s", "saved MiB", "RSS MiB", "strings"]
    headers += ["GADDAG: build s", "saved MiB", "RSS MiB", "strings", "GADDAG/words saved"]
    reasons = sorted({f"{b} ({v}): {r}" for (b, v), r in refused.items()})
    lines = [
        "### The lexicons",
        "",
        "Each backend built from the game's words (Appel and Jacobson's algorithm searches them) "
        "and from their GADDAG strings (Gordon's), once, in a fresh process: the build's time "
        "(`build s`), the resident-set growth (`RSS`) and the saved file's size. `kwg` is one "
        "array holding the DAWG and the GADDAG either way (built from the strings it checks "
        "that they are a word list's GADDAG strings first).",
        "",
        table(headers, body),
    ]
    if reasons:
        lines += [
            "",
            *(reason.replace(": not run: ", ": not run, ", 1) + "." for reason in reasons),
        ]
    kwg = built.get("kwg", {}).get("words")
    if kwg is not None and kwg.kwg_nodes and kwg.kwg_dawg_nodes:
        gaddag_nodes = kwg.kwg_nodes - 2 - kwg.kwg_dawg_nodes
        lines += [
            "",
            f"The KWG: {kwg.kwg_nodes:,} nodes of 4 bytes ({num(4 * kwg.kwg_nodes / MIB)} MiB "
            f"as a .kwg file), {kwg.kwg_dawg_nodes:,} of them reached from the DAWG's root and "
            f"{gaddag_nodes:,} more by the GADDAG: the GADDAG part is "
            f"{gaddag_nodes / kwg.kwg_dawg_nodes:,.1f}x the DAWG. For scale (other lexicons): "
            "wolges mentions a KWG of about 1.5 million nodes (6 MB) for an unnamed lexicon; the "
            "Go solver's SOWPODS DAWG is 732.5 KB and its GADDAG 5.12 MB.",
        ]
    return [*lines, ""]


def _movegen(results: Results) -> dict[tuple[str, int, str, str], Any]:
    return {
        (b.record.positions, b.record.blanks, b.record.mode, b.record.variant): b
        for b in results.of(CrosswordMovegenRecord)
    }


#: The heading of the native generation's table.
NATIVE_HEADING: Final = "Native generation: DAWG, GADDAG and the word map"
#: Each generator of the native table, and its column there.
NATIVE_COLUMNS: Final = {v: f"{name} ms/position" for v, name in GENERATOR_NAMES.items()}


def best_turn_times(results: Results) -> dict[int, dict[str, tuple[float, str]]]:
    """The best turn by equity on the mid positions, by blanks on the rack: each generator's
    ms per position (:data:`NATIVE_COLUMNS`' keys) and its column in the native table."""
    found = _movegen(results)
    out: dict[int, dict[str, tuple[float, str]]] = {}
    for blanks in sorted({k for p, k, m, _ in found if p == "mid" and m == "equity"}):
        times = {
            variant: (b.per_unit_ms(), column)
            for variant, column in NATIVE_COLUMNS.items()
            if (b := found.get(("mid", blanks, "equity", variant)))
        }
        if times:
            out[blanks] = times
    return out


def _native_table(results: Results) -> list[str]:
    found = _movegen(results)
    keys = sorted({(p, k, m) for p, k, m, _ in found}, key=lambda x: (x[0] != "mid", x))
    if not keys:
        return []
    body = []
    for positions, blanks, mode in keys:
        dawg = found.get((positions, blanks, mode, "words"))
        gaddag = found.get((positions, blanks, mode, "gaddag"))
        spelled = found.get((positions, blanks, mode, "word-map"))
        any_bench = dawg or gaddag or spelled
        per = any_bench.record.moves / any_bench.record.units if any_bench else None
        d = dawg.per_unit_ms() if dawg else None
        g = gaddag.per_unit_ms() if gaddag else None
        w = spelled.per_unit_ms() if spelled else None
        every = found.get((positions, blanks, "all", "gaddag"))
        whole = every.per_unit_ms() if every else None
        walked = [t for t in (d, g) if t]
        every_walked = [
            b.per_unit_ms()
            for v in ("words", "gaddag")
            if (b := found.get((positions, blanks, "all", v)))
        ]
        body.append(
            [
                positions,
                str(blanks),
                mode,
                str(any_bench.record.units) if any_bench else "",
                num(per),
                num(d),
                num(g),
                f"{g / d:,.2f}" if d and g else "",
                f"{whole / g:,.2f}" if whole and g else "",
                num(w),
                f"{min(walked) / w:,.2f}" if walked and w else "",
                f"{min(every_walked) / w:,.2f}" if every_walked and w else "",
            ]
        )
    headers = ["positions", "blanks", "moves", "n", "moves/position", "DAWG ms/position"]
    headers += ["GADDAG ms/position", "GADDAG/DAWG time", "GADDAG: every move's time / this"]
    headers += ["word map ms/position", "faster walk / word map"]
    headers += ["faster walk of every move / word map"]
    return [
        f"### {NATIVE_HEADING}",
        "",
        "One KWG array, the whole generation in C over it (`kwg`, native tier): Appel and "
        "Jacobson's algorithm from the DAWG's root, Gordon's from the GADDAG's, on the headline "
        "workload's positions by blanks on the rack and on Macondo's benchmark position "
        "(`vs-matt`: VsMatt, rack AABDELT, with this run's word list); `all`: every move scored "
        "and recorded, `best`: the first in order only (a greedy player's question), `equity`: "
        "the best turn by equity (lexibench's leave model, exchanges and the pass included), "
        "found best-first: each anchor's moves bounded first (score and best leave), the "
        "anchors searched in descending bound until the best found beats the next bound. "
        "`word map`: the same questions with the moves spelled from the KWG's word map "
        "(`--word-map yes`, the map built before timing): span by span, each part of the rack "
        "bounded with its own letters and leave, the map asked only where that reaches the best "
        "found; its last column sets it beside the faster walk of every move (the issue's "
        "measure of the best turn against listing every move).",
        "",
        table(headers, body),
        "",
    ]


def _nodes_table(results: Results) -> list[str]:
    """The dictionary work of each algorithm beside its time: why the GADDAG is or is not the
    faster here."""
    nodes = {
        (r.positions, r.blanks, r.variant): r
        for r in (b.record for b in results.of(CrosswordNodesRecord))
    }
    found = _movegen(results)
    body = []
    for positions, blanks in sorted({(p, k) for p, k, _ in nodes}):
        dawg = nodes.get((positions, blanks, "words"))
        gaddag = nodes.get((positions, blanks, "gaddag"))
        if dawg is None or gaddag is None:
            continue
        d_all = found.get((positions, blanks, "all", "words"))
        g_all = found.get((positions, blanks, "all", "gaddag"))
        time = g_all.per_unit_ms() / d_all.per_unit_ms() if d_all and g_all else None
        body.append(
            [
                positions,
                str(blanks),
                f"{dawg.entered // dawg.units:,}",
                f"{gaddag.entered // gaddag.units:,}",
                f"{gaddag.entered / dawg.entered:,.2f}" if dawg.entered else "",
                f"{gaddag.steps / dawg.steps:,.2f}" if dawg.steps else "",
                f"{time:,.2f}" if time else "",
            ]
        )
    headers = ["positions", "blanks", "DAWG nodes entered/position", "GADDAG nodes entered"]
    headers += ["GADDAG/DAWG nodes", "GADDAG/DAWG letters tried", "GADDAG/DAWG time (native)"]
    text = (
        "What the time of the two algorithms comes from: the lexicon steps each takes on the "
        "same positions, every move the same, counted through `kwg`'s step tier (the native "
        "walk made in Python, each `child` counted: letters tried, and the nodes entered where "
        "one was found), cross-sets included. Gordon's advantage is the left parts that Appel "
        "and Jacobson's algorithm builds and that lead nowhere; lexibench's DAWG walk builds a "
        "left part only over the free squares before the previous anchor, and on a mid-game "
        "board anchors are close together. The GADDAG holds each word once per split point and "
        "walks from an anchor leftwards, across the separator, then rightwards. Set the nodes "
        "ratio beside the time ratio: where they move together, the dictionary work is what "
        "decides the verdict."
    )
    return _section("Why, in nodes", text, headers, body)


def _section(title: str, text: str, headers: list[str], body: list[list[str]]) -> list[str]:
    """A titled table with its explanation, or nothing where the run has no rows for it."""
    if not body:
        return []
    return [f"### {title}", "", text, "", table(headers, body), ""]


def _selfplay_table(results: Results) -> list[str]:
    body = []
    alone = [b for b in results.of(SelfPlayRecord) if b.record.peer is None]  # beside MAGPIE:
    ordered = sorted(alone, key=lambda b: b.record.players != "greedy")  # crossword_peer's
    for b in ordered:
        r = b.record
        seconds = b.timing.median
        body.append(
            [
                r.players,
                ALGORITHM.get(r.variant, r.variant),
                f"{r.units:,}",
                num(seconds),
                num(r.units / seconds),
                num(r.units / r.cpu_seconds) if r.cpu_seconds else "",
                num(r.moves_played / seconds),
                num(r.moves_generated / seconds),
            ]
        )
    headers = ["players", "algorithm", "games", "s, whole process", "games/s", "games/CPU-s"]
    headers += ["moves/s", "moves generated/s"]
    text = (
        "`lexibench selfplay --games N --seed S --lexicon kwg --tier native` as a whole process "
        "(start-up, the lexicon and, where it spells, its word map from the cache, N games), "
        "timed from outside: `greedy` players, or both by `equity` (`--leaves english`); the "
        "moves walked over the DAWG or the GADDAG (`--word-map no`), or spelled from the word "
        "map (`--word-map yes`). games/CPU-s divides by the process's CPU time (this machine is "
        "shared). Moves generated: those the search made (spelled and bounded, far fewer)."
    )
    return _section("Self-play", text, headers, body)


def _equity_table(results: Results) -> list[str]:
    """The equity player (lexibench's own leave model) against the greedy one, then against
    an engine's leave table where the run was given one."""
    found = [b.record for b in results.of(EquityRecord)]
    body = [
        [
            r.leaves,
            f"{r.units:,}",
            f"{r.wins:,}",
            f"{r.draws:,}",
            f"{r.win_rate:.1%}",
            f"{r.mean_spread:+.1f}",
            f"{r.exchanges:,}",
            num(r.units / r.cpu_seconds) if r.cpu_seconds else "",
        ]
        for r in found
        if r.against == "greedy"
    ]
    headers = ["leaves", "games", "won", "drawn", "win rate", "mean spread", "exchanges"]
    headers += ["games/CPU-s"]
    text = (
        "`lexibench selfplay --leaves english --against greedy --games N --seed S` as one whole "
        "process: the equity player, with lexibench's own leave model (trained by self-play: "
        "`solver/games/crossword/leave_model.py`), against the greedy player, each moving first "
        "in every other game. The win rate counts a draw as half; the spread is the equity "
        "player's final score less the greedy player's. Each turn is chosen in C (the best "
        "turn by equity, found best-first; the greedy player's best by score), the game's loop "
        "in Python: only two equity players' games run whole in C."
    )
    lines = _section("Equity against greedy", text, headers, body) if body else []
    return lines + _strength_table([r for r in found if r.against != "greedy"])


#: The mean spread a game the shipped leave model must reach against an engine's table.
STRENGTH_TARGET: Final = -5.0


def _strength_table(found: list[EquityRecord]) -> list[str]:
    """lexibench's leave model against an engine's leave table, both played by lexibench's
    engine, in pairs of games from one bag."""
    if not found:
        return []
    body = [
        [
            r.leaves,
            f"{r.against} ({(r.against_sha256 or '')[:12]})",
            f"{r.units:,}",
            f"{r.pairs:,}" if r.pairs is not None else "",
            f"{r.win_rate:.1%}",
            f"{r.mean_spread:+.2f}",
            f"{r.spread_stderr:.2f}" if r.spread_stderr is not None else "",
            "met" if r.mean_spread >= STRENGTH_TARGET else "not met",
        ]
        for r in found
    ]
    headers = ["leaves", "against (SHA-256)", "games", "pairs", "win rate", "mean spread"]
    headers += ["standard error", f"at least {STRENGTH_TARGET:+.0f}"]
    text = (
        "`lexibench selfplay --leaves english --against TABLE --word-map yes --games N --seed S` "
        "as one whole process: lexibench's own leave model against an engine's leave table "
        "(opt-in: `LEXIBENCH_RIVAL_LEAVES` names the file, MAGPIE-DATA's `NWL23.klv2`, never "
        "shipped), both players lexibench's engine choosing by equity, each moving first in "
        "every other game, each pair of games from one bag (the same draws, the seats swapped). "
        "The mean spread is the model's final score less the table's player's, over the games; "
        "its standard error is the pairs' mean spreads' standard deviation over the square root "
        "of their count. The last column: whether the model reaches the issue's target, a mean "
        "spread of at least -5 points a game."
    )
    return _section("Leave model against an engine's table", text, headers, body)


def _time_ratio(results: Results) -> float | None:
    """GADDAG time over DAWG time, native, every move of the headline positions (all blanks)."""
    found = _movegen(results)
    totals: dict[str, float] = defaultdict(float)
    for (positions, _, mode, variant), bench in found.items():
        if positions == "mid" and mode == "all":
            totals[variant] += bench.timing.median
    if totals.get("words") and totals.get("gaddag"):
        return totals["gaddag"] / totals["words"]
    return None


def _ours(results: Results, what: str) -> tuple[float | None, str]:
    """This run's figure beside a published one (``what``: which), and what it is."""
    if what == "size":
        kwg = _lexicons(results).get("kwg", {}).get("words")
        if kwg is not None and kwg.kwg_nodes and kwg.kwg_dawg_nodes:
            gaddag = kwg.kwg_nodes - 2 - kwg.kwg_dawg_nodes
            return gaddag / kwg.kwg_dawg_nodes, "kwg: GADDAG nodes over DAWG nodes"
        return None, "kwg's nodes"
    if what == "time":
        ratio = _time_ratio(results)
        return ratio, "kwg native, every move of the mid positions, GADDAG time over DAWG time"
    if what == "vs-matt":
        found = _movegen(results).get(("vs-matt", 0, "best", "gaddag"))
        value = found.per_unit_ms() * 1000 if found else None
        return value, "kwg native GADDAG, VsMatt AABDELT, best move, us (this machine, web2)"
    if what == "selfplay":
        rate = _games_per_s(results, "gaddag", "greedy")
        if rate is not None:
            return rate, "lexibench selfplay, GADDAG, whole process"
    if what == "selfplay-equity":
        rate = _games_per_s(results, "word-map", "equity")
        if rate is not None:
            return rate, "lexibench selfplay --leaves english, word map, whole process"
    return None, what


def _games_per_s(results: Results, variant: str, players: str) -> float | None:
    """Self-play games per second (whole process) of ``players`` over ``variant``'s moves."""
    for b in results.of(SelfPlayRecord):
        r = b.record
        if r.variant == variant and r.players == players and r.peer is None:
            return r.units / b.timing.median
    return None


def ratio_verdict(published: float, ours: float | None) -> str:
    """Whether this run's ratio (GADDAG over DAWG) is on the published side of 1, and how far.

    >>> ratio_verdict(0.5, 1.26)
    'did not hold (1.26x, the other side of 1)'
    >>> ratio_verdict(5.0, 6.43), ratio_verdict(1.1, None)
    ('held (1.29x the published ratio)', 'not measured')
    """
    if ours is None:
        return "not measured"
    if (published > 1) == (ours > 1):
        return f"held ({ours / published:,.2f}x the published ratio)"
    return f"did not hold ({ours:,.2f}x, the other side of 1)"


def _verdicts(results: Results) -> list[str]:
    body = []
    replaced = False
    for figure in published_figures():
        ours, what = _ours(results, figure["ours"])
        if "ratio" in figure:
            ratio = float(figure["ratio"])
            published = f"{ratio:g}x"
            held = ratio_verdict(ratio, ours)
            shown = f"{ours:,.2f}x" if ours is not None else ""
        else:
            unit = "us" if "us" in figure else "games/s"
            value = float(figure.get("us", figure.get("games_per_s", 0.0)))
            published = f"{value:g} {unit}"
            shown = f"{num(ours)} {unit}" if ours is not None else ""
            scaled = f"{ours / value:,.2f}x the published figure" if ours else "not measured"
            here = crossword_peer.measured_instead(results, figure["ours"])
            held = here or f"other hardware: {scaled}"
            replaced |= here is not None
        body.append([figure["key"], figure["claim"], published, shown, what, held])
    headers = ["figure", "published", "value", "this run", "measured as", "verdict"]
    sources = [f"- `{f['key']}`: {f['source']}." for f in published_figures()]
    return [
        "### Against the published figures",
        "",
        "Ratios travel between machines and languages; the absolute figures (microseconds, games "
        "per second) were measured on other hardware, with other lexicons, and are given for "
        "scale only."
        + (
            " MAGPIE (a C rewrite of Macondo) ran beside lexibench here: its figures measured on "
            "this machine are the verdicts in place of Macondo's published ones (below: Beside "
            "MAGPIE)."
            if replaced
            else ""
        ),
        "",
        table(headers, body),
        "",
        *sources,
        "",
    ]


def render(results: Results) -> Section:
    """The section, when the raw files hold any crossword row."""
    has_rows = bool(rows.game_rows(results, GAME)) if GAME in rows.games(results) else False
    extra = any(
        True
        for suite in (
            CrosswordLexiconRecord,
            CrosswordMovegenRecord,
            CrosswordNodesRecord,
            CrosswordPeerRecord,
            *crossword_sim.RECORDS,
            SelfPlayRecord,
            EquityRecord,
        )
        for _ in results.of(suite)
    )
    if not has_rows and not extra:
        return EMPTY
    lines = [
        "## Crossword game (Scrabble): DAWG against GADDAG",
        "",
        "Every legal move of seeded positions (greedy self-play at four stages, 0, 1 and 2 "
        "blanks on the rack), generated by Appel and Jacobson's algorithm over a lexicon of the "
        "words (`dawg`) and by Gordon's over a lexicon of their GADDAG strings (`gaddag`), on "
        "every structure and tier that can hold them, every answer checked against the game's "
        "brute-force reference; at the native tier also spelled from the KWG's word map (`word "
        "map`: each multiset of letters to its words, as MAGPIE's engine does). `moves/s`: "
        "legal moves found per second.",
        "",
    ]
    lines += _verdicts(results)
    lines += _native_table(results)
    lines += _nodes_table(results)
    lines += crossword_peer.render_lines(results)
    lines += crossword_sim.render_lines(results)
    lines += _lexicon_table(results)
    lines += _selfplay_table(results)
    lines += _equity_table(results)
    if has_rows:
        lines += _moves_table(results)
    return Section.of(lines)
