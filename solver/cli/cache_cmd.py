"""``lexibench cache``: what the cache of built lexicons holds, and clearing some or all of it."""

from __future__ import annotations

import argparse
import json
import time
from datetime import datetime

from lexibench.solver import values
from lexibench.solver.cache import cache_dir
from lexibench.solver.cache_listing import CacheEntry, listing, matches
from lexibench.solver.cli.options import checked
from lexibench.solver.cli.runtime import emit
from lexibench.solver.cli.table import text_table
from lexibench.solver.errors import InputError
from lexibench.solver.word_map_cache import word_map_path


def register(parser: argparse.ArgumentParser) -> None:
    """Add this command's options."""
    clear = "delete the entries the filters select (every entry, with no filter)"
    parser.add_argument("--clear", action="store_true", help=clear)
    parser.add_argument("--backend", metavar="ID", help="only entries of this backend")
    source = "this word list (its name or path as given, or the start of its SHA-256)"
    parser.add_argument("--wordlist", metavar="PATH|NAME", help=f"only entries built from {source}")
    parser.add_argument(
        "--older-than",
        type=checked(values.positive_number),
        metavar="DAYS",
        help="only entries written more than DAYS days ago",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON array of the entries")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """List the entries the filters select (or delete them)."""
    now = time.time()
    entries = listing()
    if args.backend is not None:
        _check_backend(args.backend, entries)
    chosen = [
        entry
        for entry in entries
        if matches(entry, args.backend, args.wordlist, args.older_than, now)
    ]
    if args.clear:
        for entry in chosen:
            entry.path.unlink(missing_ok=True)
            word_map_path(entry.path).unlink(missing_ok=True)
        emit(f"removed {len(chosen)} cached lexicon(s) from {cache_dir()}")
        return 0
    if args.json:
        emit(json.dumps([entry.as_json() for entry in chosen]))
        return 0
    emit(f"cache: {cache_dir()}")
    if not chosen:
        emit("no entry" + (" matches" if _filtered(args) else ""))
        return 0
    headers = ["backend", "word list", "words", "sha256", "options", "bytes", "written"]
    emit(text_table(headers, [_row(entry) for entry in chosen]))
    total = sum(entry.size for entry in chosen)
    emit(f"{len(chosen)} lexicon(s), {total:,} bytes")
    return 0


def _check_backend(backend: str, entries: list[CacheEntry]) -> None:
    """Refuse a ``--backend`` that is no structure's id and no entry's (a plugin's entries stay
    selectable after the plugin is gone), naming the nearest id."""
    from lexibench.structures import registry
    from lexibench.structures.errors import nearest

    known = {*registry.offered_structures(), *(e.backend for e in entries if e.backend)}
    if backend not in known:
        near = nearest(backend, sorted(known))
        hint = f"; did you mean {near}?" if near else " (see lexibench backends)"
        raise InputError(f"--backend {backend}: no such structure, and no cache entry of it{hint}")


def _filtered(args: argparse.Namespace) -> bool:
    return any(v is not None for v in (args.backend, args.wordlist, args.older_than))


def _row(entry: CacheEntry) -> list[str]:
    written = datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d %H:%M")
    info = entry.wordlist
    if entry.backend is None or info is None:
        problem = entry.problem or "no word list in its header"
        return ["?", f"({problem})", "", "", "", f"{entry.size:,}", written]
    return [
        entry.backend,
        info.name,
        f"{info.words:,}",
        info.sha256[:12],
        entry.options(),
        f"{entry.size:,}",
        written,
    ]
