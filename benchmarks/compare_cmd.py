"""``lexibench compare BASE NEW``: did a change make a case faster or slower, and can it be trusted?

Registered with the command line through the ``lexibench.commands`` entry point, as ``lexibench
tables`` is. Reads two runs (results folders or raw files) and prints, per case, the ratio of
medians with its interval, the one-sided Mann-Whitney p-value over the rounds and a verdict
(:mod:`benchmarks.report.compare`); text or ``--json``. Runs whose shared cases did different
work (another word list, scale, seed, rounds, ...) are refused, naming the differences, unless
``--anyway`` asks for the cases whose work is the same. Exit status 0, or 1 with
``--fail-on-slower PCT`` when some case is slower by at least PCT percent; 2 on bad input or
runs of different work.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING

from lexibench.solver.cli.runtime import emit
from lexibench.solver.cli.table import text_table
from lexibench.solver.errors import InputError

if TYPE_CHECKING:
    from lexibench.benchmarks.report.compare import Change, Comparison

#: The most cases of a kind (not comparable, in one run only) the text lists without --all.
LISTED = 10


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("base", type=Path, help="the base run: a results folder or a raw file")
    parser.add_argument("new", type=Path, help="the new run: a results folder or a raw file")
    parser.add_argument(
        "--base",
        dest="more_base",
        type=Path,
        action="append",
        default=[],
        metavar="RUN",
        help="another run of the base code (repeatable): each case is then stood for by its "
        "fastest run, so a load on the machine in one run does not make a change",
    )
    parser.add_argument(
        "--new",
        dest="more_new",
        type=Path,
        action="append",
        default=[],
        metavar="RUN",
        help="another run of the new code (repeatable), likewise",
    )
    parser.add_argument(
        "--fail-on-slower",
        type=float,
        default=None,
        metavar="PCT",
        help="exit 1 when a case is slower (by the test) by at least PCT percent",
    )
    parser.add_argument(
        "--threshold",
        type=float,
        default=10.0,
        metavar="PCT",
        help="a change under PCT percent is no change (default 10)",
    )
    parser.add_argument(
        "--alpha", type=float, default=0.05, help="the test's one-sided level (default 0.05)"
    )
    parser.add_argument(
        "--anyway",
        action="store_true",
        help="compare runs whose work differs (another word list, scale, seed, rounds, ...), "
        "which are otherwise refused: verdicts only for the cases whose work is the same, the "
        "others listed as not comparable",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="list every case, not only the changed ones (and every case not compared)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Compare, render, and choose the exit status."""
    from lexibench.benchmarks.report.compare import compare

    if not 0 < args.alpha < 1:
        raise InputError(f"--alpha {args.alpha}: must lie between 0 and 1")
    for name in ("threshold", "fail_on_slower"):
        value = getattr(args, name)
        if value is not None and (not math.isfinite(value) or value < 0):
            option = "--" + name.replace("_", "-")
            raise InputError(f"{option} {value}: must be a percentage of 0 or more")
    result = compare(
        [args.base, *args.more_base],
        [args.new, *args.more_new],
        args.alpha,
        args.threshold / 100,
        anyway=args.anyway,
    )
    failing = [] if args.fail_on_slower is None else result.slower_than(args.fail_on_slower)
    if args.json:
        emit(json.dumps(_as_json(args, result, failing), separators=(",", ":")))
    else:
        emit(_as_text(args, result, failing))
    return 1 if failing else 0


def _as_json(args: argparse.Namespace, result: Comparison, failing: list[Change]) -> object:
    from dataclasses import asdict

    return {
        "base": str(args.base),
        "new": str(args.new),
        "alpha": args.alpha,
        "threshold_percent": args.threshold,
        "runs": list(result.runs),
        "shift": _finite(result.shift()),
        "both_ways": result.both_ways(),
        "counts": {v: result.count(v) for v in ("slower", "faster", "no change", "untested")},
        "failing": len(failing),
        "differences": result.differences,
        "work_differences": result.work_differences,
        "not_comparable": [
            {"key": u.key, "differs": list(u.differs)} for u in result.not_comparable
        ],
        "only_base": result.only_base,
        "only_new": result.only_new,
        "cases": [{k: _finite(v) for k, v in asdict(change).items()} for change in result.changes],
    }


def _finite(value: object) -> object:
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _seconds(value: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value * 1e9:.3g} ns"


def _as_text(args: argparse.Namespace, result: Comparison, failing: list[Change]) -> str:
    runs = "" if result.runs == (1, 1) else f" (runs: {result.runs[0]} base, {result.runs[1]} new)"
    lines = [f"lexibench compare: {args.base} -> {args.new}{runs}"]
    lines += [f"note: the runs differ in {d}" for d in result.differences]
    lines += [f"note: the work differs (compared anyway): {d}" for d in result.work_differences]
    shown = [
        c
        for c in sorted(result.changes, key=lambda c: -c.ratio if math.isfinite(c.ratio) else 0)
        if args.all or c.verdict in ("slower", "faster")
    ]
    if shown:
        rows = [
            [
                c.key,
                _seconds(c.base),
                _seconds(c.new),
                f"{c.ratio:.2f}x",
                f"{c.low:.2f}-{c.high:.2f}x",
                f"{c.p:.3g}",
                f"{c.rounds[0]}/{c.rounds[1]}",
                c.verdict,
            ]
            for c in shown
        ]
        headers = ["case", "base", "new", "ratio", "interval", "p", "rounds", "verdict"]
        lines += ["", text_table(headers, rows)]
    counts = ", ".join(
        f"{result.count(v)} {v}" for v in ("slower", "faster", "no change", "untested")
    )
    lines += [
        "",
        f"{len(result.changes)} cases compared: {counts} (one-sided Mann-Whitney at "
        f"{args.alpha:g}, changes under {args.threshold:g}% are no change)",
    ]
    shift = result.shift()
    if math.isfinite(shift):
        lines.append(
            f"the median case: {shift:.2f}x (the whole run's move: the machine, or a change to "
            "every case alike)"
        )
    if result.both_ways():
        lines.append(
            "cases moved both ways in numbers, the mark of a noisy machine more than of a "
            "change: run each side again and add the runs with --base RUN and --new RUN"
        )
    if result.not_comparable:
        by_what: dict[str, int] = {}
        for unlike in result.not_comparable:
            for name in unlike.differs:
                by_what[name] = by_what.get(name, 0) + 1
        ordered = sorted(by_what.items(), key=lambda item: (-item[1], item[0]))
        counts = ", ".join(f"{name} in {n:,}" for name, n in ordered)
        lines.append(
            f"not comparable: {len(result.not_comparable)} case(s) whose work differs ({counts})"
        )
        lines += _listed(args, [f"{u.key} ({', '.join(u.differs)})" for u in result.not_comparable])
    if result.only_base or result.only_new:
        lines.append(
            f"not compared: {len(result.only_base)} case(s) only in the base run, "
            f"{len(result.only_new)} only in the new one"
        )
        lines += _listed(args, [f"only in the base run: {k}" for k in result.only_base])
        lines += _listed(args, [f"only in the new run: {k}" for k in result.only_new])
    if args.fail_on_slower is not None:
        lines.append(
            f"{len(failing)} case(s) slower by {args.fail_on_slower:g}% or more"
            + (": exit 1" if failing else "")
        )
    return "\n".join(lines)


def _listed(args: argparse.Namespace, keys: list[str]) -> list[str]:
    """``keys`` as indented lines: every one with ``--all``, else the first :data:`LISTED` and
    how many more."""
    shown = keys if args.all else keys[:LISTED]
    lines = [f"  {key}" for key in shown]
    if len(keys) > len(shown):
        lines.append(f"  ... and {len(keys) - len(shown):,} more (--all lists every one)")
    return lines
