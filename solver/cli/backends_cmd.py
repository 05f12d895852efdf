"""``lexibench backends``: every registered structure (lexicon backends and indexes) with its
status and what it answers."""

from __future__ import annotations

import argparse
import json
import textwrap

from lexibench import structures
from lexibench.solver.cli.runtime import emit
from lexibench.solver.cli.table import text_table


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("--json", action="store_true", help="print a JSON array instead of a table")
    whole = "the whole table: availability, file format, source and each problem in full"
    parser.add_argument("--verbose", action="store_true", help=f"{whole} (wider than a terminal)")
    parser.set_defaults(run=run)


def _file_format(info: structures.BackendInfo) -> str:
    if not info.available:
        return ""
    return info.file_format or "words"


def _problem(info: structures.BackendInfo) -> str:
    if not info.available:
        return f"{info.error}; {info.install_hint}" if info.install_hint else str(info.error)
    return f"native tier: {info.native_error}" if info.native_error else ""


def _answers(info: structures.BackendInfo) -> str:
    """What the structure answers: a lexicon every game through its protocol (and, natively,
    the query kinds its compiled code answers); an index its query kinds alone."""
    if not info.available:
        return ""
    if info.role == "index":
        return ", ".join(info.answers)
    native = f"; native: {', '.join(info.answers)}" if info.answers else ""
    return f"words, prefixes{native}"


def _tiers(info: structures.BackendInfo) -> str:
    """The tiers a structure offers a search: ``string``, ``step``, ``native``; ``index`` for
    an index."""
    if info.role == "index":
        return "index"
    return " ".join(
        ["string", *(["step"] if info.stepping else []), *(["native"] if info.native else [])]
    )


def _short_table(infos: list[structures.BackendInfo]) -> str:
    """The table that fits 100 columns: each available structure's tiers and the query kinds it
    answers itself; then a line for each unavailable one or missing tier (``--verbose``: the
    whole table)."""
    headers = ["id", "role", "version", "tiers", "answers itself"]
    shown = [info for info in infos if info.available]
    cells = [[info.id, info.role, info.version or "", _tiers(info)] for info in shown]
    lead = sum(max(len(c) for c in column) + 2 for column in zip(headers, *cells, strict=False))
    rows = []  # the kinds a structure answers wrapped to the 100 columns, under one another
    for row, info in zip(cells, shown, strict=True):
        kinds = textwrap.wrap(" ".join(info.answers), max(100 - lead, 20)) or [""]
        rows += [[*row, kinds[0]], *([""] * len(row) + [more] for more in kinds[1:])]
    table = text_table(headers, rows)
    notes = [f"{info.id}: unavailable ({_problem(info)})" for info in infos if not info.available]
    notes += [
        f"{info.id}: native tier unavailable ({info.native_error})"
        for info in infos
        if info.available and info.native_error
    ]
    return "\n".join([table, *("\n".join(textwrap.wrap(n, 100)) for n in notes)])


def run(args: argparse.Namespace) -> int:
    """Print the table (or JSON) of structures, the lexicons first, then the indexes."""
    infos = sorted(
        structures.all_structure_info(),
        key=lambda i: (structures.registry.ROLES.index(i.role), i.id),
    )
    if args.json:
        emit(json.dumps([info.as_dict() for info in infos], indent=2))
        return 0
    if not args.verbose:
        emit(_short_table(infos))
        return 0
    rows = [
        [
            info.id,
            info.role,
            "yes" if info.available else "no",
            info.version or "",
            "yes" if info.stepping else "",
            "yes" if info.native else ("unavailable" if info.native_error else ""),
            _answers(info),
            _file_format(info),
            info.source,
            _problem(info),
        ]
        for info in infos
    ]
    headers = ["id", "role", "available", "version", "stepping", "native", "answers"]
    headers += ["file format", "source", "problem"]
    emit(text_table(headers, rows))
    return 0
