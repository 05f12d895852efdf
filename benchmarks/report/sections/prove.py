"""The report's "Proving the best board" section: the proof suite's classes per second through
every backend and tier of the tree bound, how tight the bound is, the projected CPU time of the
whole 3x4 proof beside hybrid-boggle's, and the proven boards of the run's word list and of
ENABLE2K (``solver/games/boggle/prove/known_boards.toml``)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from lexibench.benchmarks.harness.records import Bench, ProveRecord, Results
from lexibench.benchmarks.peers import hybrid_boggle
from lexibench.benchmarks.report.formatting import num, table
from lexibench.benchmarks.report.sections import EMPTY, Section, whole_proof
from lexibench.benchmarks.report.sections.best import known_boards

#: ENABLE2K's SHA-256 as lexibench records it (known_boards.toml's key for its proven boards).
ENABLE2K_SHA256 = "92fb9a1fdee0ed22c3176ef627a97d4f7a6c9841ab6416aa16ed8d86a195ed06"

Case = Bench[ProveRecord]
#: The peer's name in the records (the proof suite's).
PEER = hybrid_boggle.NAME


def classes_per_s(bench: Case) -> float:
    """Classes proved per second (the round's median over its classes)."""
    return 1000 / bench.per_unit_ms()


def _sample(bench: Case) -> tuple[int, int, str, str]:
    """What classes a case proved: the first ``units`` of the seeded sample (a capped case
    stops early), against its target and partition, over its word list. Cases of one sample
    did the same work; only they rank against each other."""
    r = bench.record
    return r.units, r.target, r.partition, r.wordlist.sha256


def fastest(results: Results) -> list[tuple[str, str, str, float]]:
    """``(backend (tier), backend, tier, classes/s)`` of the 3x3 rows that proved the most
    classes (the whole sample, where a row did: a capped row proved its first few, cheaper or
    dearer than the rest, and does not rank against them), fastest first (the answer's need)."""
    found = [
        b for b in results.of(ProveRecord) if b.record.size == "3x3" and b.record.backend != PEER
    ]
    if not found:
        return []
    widest = max(_sample(b) for b in found)
    ranked = sorted((b for b in found if _sample(b) == widest), key=lambda b: -classes_per_s(b))
    return [
        (f"{b.record.backend} ({b.record.tier})", b.record.backend, b.record.tier, classes_per_s(b))
        for b in ranked
    ]


def sample_text(results: Results) -> str:
    """The classes :func:`fastest` ranks on, in words: ``N sampled`` (or ``first N sampled``,
    where every row was capped)."""
    found = [
        b for b in results.of(ProveRecord) if b.record.size == "3x3" and b.record.backend != PEER
    ]
    if not found:
        return ""
    widest = max(found, key=_sample)
    capped = all(b.record.cap for b in found if _sample(b) == _sample(widest))
    units = widest.record.units
    return f"first {units} sampled" if capped else f"{units} sampled"


def _speed_table(benches: Sequence[Case]) -> list[str]:
    """The rows grouped by the classes they proved (the whole sample first, then each capped
    sample), each ranked only within its group (``vs fastest``: its time over the fastest of
    the rows that proved the same classes; empty for a row alone with its classes)."""
    groups: dict[tuple[int, int, str, str], list[Case]] = {}
    for b in sorted(benches, key=lambda b: (-b.record.units, -classes_per_s(b))):
        groups.setdefault(_sample(b), []).append(b)
    body = []
    for group in groups.values():
        best = max(classes_per_s(b) for b in group)
        for b in group:
            r = b.record
            done = ", ".join(f"{k} {v}" for k, v in r.outcomes.items() if v)
            body.append(
                [
                    r.backend,
                    r.tier,
                    (f"first {r.units}*" if r.cap else f"{r.units}"),
                    num(b.per_unit_ms() / 1000),
                    num(classes_per_s(b)),
                    f"{best / classes_per_s(b):,.1f}x" if len(group) > 1 else "",
                    done,
                ]
            )
    headers = [
        "backend",
        "tier",
        "classes",
        "s/class",
        "classes/s",
        "vs fastest on the same classes",
        "outcomes",
    ]
    notes = sorted({f"{b.record.backend}: {b.record.cap}" for b in benches if b.record.cap})
    lines = [table(headers, body), "", *(f"\\* {n}" for n in notes), ""]
    if len(groups) > 1:
        lines += [
            "The rows are grouped by the classes they proved and ranked only within a group: "
            "the classes differ in cost (their bounds differ), so a row on the first few of "
            "them does not compare with one on more.",
            "",
        ]
    return lines


def _tightness(bench: Case) -> list[str]:
    r = bench.record
    ratios = [bound / r.target for bound in r.bounds]
    below = sum(1 for bound in r.bounds if bound < r.target)
    return [
        f"How tight the bound is ({r.backend}, {r.tier}): over the {len(ratios)} sampled classes "
        f"the top-level tree bound is {num(statistics.median(ratios))}x the target in the "
        f"median (from {num(min(ratios))}x to {num(max(ratios))}x); {below} of them "
        f"({below / len(ratios):.0%}) are pruned by it at once, the others split cell by cell.",
        "",
    ]


def _projection(bench: Case) -> list[str]:
    r = bench.record
    seconds = bench.per_unit_ms() / 1000
    projected = seconds * r.classes
    entries = [e for e in whole_proof.published() if e["size"] == "3x4"]
    entries.sort(key=lambda e: e["wordlist_sha256"] != r.wordlist.sha256)  # its list first
    lines = [
        f"**3x4, projected.** The native tier took {num(seconds)} s a class on {r.units} seeded "
        f"3x4 classes (partition `{r.partition}`, target {r.target:,}, {r.wordlist.name}): "
        f"the whole proof's {r.classes:,} classes would take about "
        f"{projected / 3600:,.1f} CPU hours on this run's machine"
    ]
    if entries:
        theirs = entries[0]
        published_s = float(theirs["cpu_seconds"])
        differs = [
            *(["word list"] if theirs["wordlist_sha256"] != r.wordlist.sha256 else []),
            *(["target"] if int(theirs["target"]) != r.target else []),
            "machine",
        ]
        lines[0] += (
            f", against {theirs['tool']}'s published {published_s / 3600:.2f} h "
            f"({theirs['cpu_measure']}, {theirs['machine']}) under {theirs['wordlist']}, target "
            f"{int(theirs['target']):,} (another {', '.join(differs)}: "
            f"{projected / published_s:,.1f}x)"
        )
    return [lines[0] + ".", ""]


def _peer(benches: Sequence[Case], size: str) -> list[Case]:
    """The peer's case of ``size``, if it ran (at most one)."""
    return [b for b in benches if b.record.size == size and b.record.backend == PEER][:1]


def _side_by_side(ours: Case, *peer_case: Case) -> list[str]:
    """A size's sampled classes, each one's CPU seconds here (the native tier) and by the
    peer."""
    if not peer_case:
        return []
    mine, theirs = ours.record, peer_case[0].record
    pairs = list(zip(mine.class_seconds, theirs.class_seconds, strict=False))
    if _sample(ours) != _sample(peer_case[0]) or not pairs or len(pairs) != len(mine.bounds):
        return []
    body = [
        [str(i + 1), f"{bound:,}", num(a), num(b), f"{a / b:.2f}x" if b > 0 else ""]
        for i, ((a, b), bound) in enumerate(zip(pairs, mine.bounds, strict=True))
    ]
    total_ours = sum(a for a, _ in pairs)
    total_peer = sum(b for _, b in pairs)
    ratios = [a / b for a, b in pairs if b > 0]
    if total_peer <= 0 or not ratios:
        return []
    version = f" at {theirs.library_version}" if theirs.library_version else ""
    return [
        f"**{mine.size}, side by side with {theirs.backend}'s prover{version}** (its "
        "`HybridTreeBreaker` with `break_all`'s settings, built by the user: opt-in), on the "
        "same sampled classes, partition and target, in the same process, one after the other; "
        "each class's CPU seconds (the thread's, both sides; each builds its tree per class), "
        "and its boards checked equal to lexibench's, class by class:",
        "",
        table(["class", "tree bound", "lexibench s", f"{theirs.backend} s", "ratio"], body),
        "",
        f"In all, lexibench took {num(total_ours)} s of CPU against {num(total_peer)} s: "
        f"{total_ours / total_peer:.2f}x its time (the median class "
        f"{statistics.median(ratios):.2f}x).",
        "",
    ]


def _proven(results: Results) -> list[str]:
    run = results.run
    sha = run.record.wordlist.sha256 if run else None
    body = []
    for which in dict.fromkeys([sha, ENABLE2K_SHA256]):
        name, known = known_boards(which)
        for size, k in sorted(known.items()):
            body.append([name or "", size, k.board, f"{k.score:,}", k.status, k.source])
    if not body:
        return []
    return [
        "The best boards known for the run's word list and for ENABLE2K "
        "(`solver/games/boggle/prove/known_boards.toml`; hybrid-boggle writes its boards column by "
        "column):",
        "",
        table(["word list", "size", "board", "score", "status", "source"], body),
        "",
    ]


def render(results: Results) -> Section:
    benches = results.of(ProveRecord)
    whole = whole_proof.render_lines()
    if not benches and not whole:
        return EMPTY
    lines = [
        "## Proving the best board",
        "",
        "`lexibench prove` bounds every class of boards (each cell a bucket of letters) with a "
        "tree of the words the class could spell, and splits the classes whose bound reaches the "
        "target: a walk of the lexicon by prefixes along every path of every letter choice. The "
        "suite proves a seeded sample of the canonical classes, with the same target (the best "
        "known board's score for the word list, else that of a seeded `lexibench best` search), "
        "through every backend that steps (the bound in Python) and array-trie's node array (in "
        "C); every class's outcome, bound and boards are checked against the native tier's.",
        "",
    ]
    small = [b for b in benches if b.record.size == "3x3" and b.record.backend != PEER]
    if small:
        r = max(small, key=_sample).record  # the widest sample (capped rows prove its first few)
        lines += [
            f"### 3x3: {r.units if not r.cap else ''} sampled classes of {r.classes:,} "
            f"(partition `{r.partition}`, target {r.target:,})".replace(":  ", ": "),
            "",
            *_speed_table(small),
        ]
        native = [b for b in small if b.record.tier == "native"]
        if native:
            lines += _tightness(native[0])
            lines += _side_by_side(native[0], *_peer(benches, "3x3"))
    large = [b for b in benches if b.record.size == "3x4" and b.record.backend == "array-trie"]
    if large:
        lines += _projection(large[0])
        lines += _side_by_side(large[0], *_peer(benches, "3x4"))
    return Section.of([*lines, *whole, *_proven(results)])
