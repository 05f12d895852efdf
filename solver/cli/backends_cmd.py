"""``lexibench backends``: every registered lexicon backend with its status."""

from __future__ import annotations

import argparse
import json

from lexibench import structures
from lexibench.solver.cli.runtime import emit
from lexibench.solver.cli.table import text_table


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("--json", action="store_true", help="print a JSON array instead of a table")
    parser.set_defaults(run=run)


def _file_format(info: structures.BackendInfo) -> str:
    if not info.available:
        return ""
    return info.file_format or "words"


def _problem(info: structures.BackendInfo) -> str:
    if not info.available:
        return f"{info.error}; {info.install_hint}" if info.install_hint else str(info.error)
    return f"native tier: {info.native_error}" if info.native_error else ""


def run(args: argparse.Namespace) -> int:
    """Print the table (or JSON) of backends."""
    infos = structures.all_backend_info()
    if args.json:
        emit(json.dumps([info.as_dict() for info in infos], indent=2))
        return 0
    rows = [
        [
            info.id,
            "yes" if info.available else "no",
            info.version or "",
            "yes" if info.stepping else "",
            "yes" if info.native else ("unavailable" if info.native_error else ""),
            _file_format(info),
            info.source,
            _problem(info),
        ]
        for info in infos
    ]
    headers = ["id", "available", "version", "stepping", "native", "file format", "source"]
    headers.append("problem")
    emit(text_table(headers, rows))
    return 0
