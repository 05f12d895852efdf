"""``lexibench backends``: every registered lexicon backend with its status."""

from __future__ import annotations

import argparse
import json

from tabulate import tabulate

import structures


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("--json", action="store_true", help="print a JSON array instead of a table")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the table (or JSON) of backends."""
    infos = structures.all_backend_info()
    if args.json:
        print(json.dumps([info.as_dict() for info in infos], indent=2))
        return 0
    rows = [
        [
            info.id,
            "yes" if info.available else "no",
            info.version or "",
            "yes" if info.stepping else "",
            "yes" if info.persistent else "",
            info.source,
            "" if info.available else f"{info.error}; {info.install_hint}",
        ]
        for info in infos
    ]
    headers = ["id", "available", "version", "stepping", "save/load", "source", "problem"]
    print(tabulate(rows, headers=headers))
    return 0
