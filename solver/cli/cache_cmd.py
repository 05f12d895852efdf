"""``lexibench cache``: show or clear the cache of built lexicons."""

from __future__ import annotations

import argparse

from lexibench.solver.cache import cache_dir, cache_entries
from lexibench.solver.cli.runtime import emit
from lexibench.solver.cli.table import text_table


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    parser.add_argument("--clear", action="store_true", help="delete every cached lexicon")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """List the cache's files (or delete them)."""
    entries = cache_entries()
    if args.clear:
        for path in entries:
            path.unlink(missing_ok=True)
        emit(f"removed {len(entries)} cached lexicon(s) from {cache_dir()}")
        return 0
    emit(f"cache: {cache_dir()}")
    if entries:
        rows = [[path.name, f"{path.stat().st_size:,}"] for path in entries]
        emit(text_table(["file", "bytes"], rows))
        total = sum(path.stat().st_size for path in entries)
        emit(f"{len(entries)} lexicon(s), {total:,} bytes")
    else:
        emit("empty")
    return 0
