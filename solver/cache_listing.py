"""What the cache holds, for ``lexibench cache``: each entry described from its header (backend,
library, word list and the options it was built with), and the filters that select entries to
clear. The cache itself (where it lives, how an entry is keyed) is :mod:`lexibench.solver.cache`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from lexibench.solver.cache import cache_entries
from lexibench.solver.word_map_cache import word_map_path
from lexibench.solver.wordlist import WordListInfo


@dataclass(frozen=True)
class CacheEntry:
    """One cached lexicon, described from its header (its payload is not read)."""

    path: Path
    size: int
    """Bytes on disk (with its word map's, where one is kept beside it)."""
    modified: float
    """When it was written (seconds since the epoch)."""
    backend: str | None
    """The backend it holds; None when the header cannot be read (see ``problem``)."""
    library: str | None = None
    library_version: str | None = None
    wordlist: WordListInfo | None = None
    """The word list it was built from, and the options it was built with."""
    problem: str | None = None
    """Why the entry cannot be described (it would be rebuilt when next wanted)."""
    variant: str | None = None
    """``game:variant`` when it holds a game's variant strings instead of the words."""

    def options(self) -> str:
        """The word-list options it was built with, in the CLI's words."""
        info = self.wordlist
        if info is None:
            return ""
        rules = f"--min-length {info.min_length}, capitalised {info.capitalised}"
        rules += "" if info.q_needs_u else ", q without u kept"
        if self.variant is not None:
            game, _, variant = self.variant.partition(":")
            rules += f", {game}'s {variant} strings"
        return rules

    def as_json(self) -> dict[str, object]:
        """Every field, JSON-ready."""
        info = self.wordlist
        return {
            "file": str(self.path),
            "bytes": self.size,
            "modified": datetime.fromtimestamp(self.modified, UTC).isoformat(timespec="seconds"),
            "backend": self.backend,
            "library": self.library,
            "library_version": self.library_version,
            "wordlist": None if info is None else info.as_dict(),
            "variant": self.variant,
            "problem": self.problem,
        }


def describe(path: Path) -> CacheEntry:
    """The :class:`CacheEntry` of the cache file ``path``."""
    from lexibench.solver.lexicons import variant_of
    from lexibench.structures.errors import LexiconError
    from lexibench.structures.saved import read_header

    status = path.stat()
    kept = word_map_path(path)
    size = status.st_size + (kept.stat().st_size if kept.is_file() else 0)
    try:
        header = read_header(path)
        raw = header.meta.get("wordlist")
        info = WordListInfo.from_dict(raw) if isinstance(raw, dict) else None
        game, name = variant_of(header.meta)
    except (LexiconError, KeyError, TypeError, ValueError) as exc:
        return CacheEntry(path, size, status.st_mtime, None, problem=str(exc))
    return CacheEntry(
        path,
        size,
        status.st_mtime,
        header.backend,
        header.library,
        header.library_version,
        info,
        variant=None if name == "words" else f"{game}:{name}",
    )


def listing() -> list[CacheEntry]:
    """Every cache entry, described, sorted by backend then word list then file name."""
    entries = [describe(path) for path in cache_entries()]
    return sorted(
        entries,
        key=lambda e: (e.backend or "", e.wordlist.name if e.wordlist else "", e.path.name),
    )


def matches(
    entry: CacheEntry,
    backend: str | None = None,
    wordlist: str | None = None,
    older_than_days: float | None = None,
    now: float | None = None,
) -> bool:
    """True when ``entry`` holds ``backend``, was built from ``wordlist`` (its name as given, the
    same file, or the start of its SHA-256) and is older than ``older_than_days`` (each only when
    given)."""
    if backend is not None and entry.backend != backend:
        return False
    if wordlist is not None and not _same_wordlist(entry.wordlist, wordlist):
        return False
    if older_than_days is not None:
        age = (now if now is not None else time.time()) - entry.modified
        if age < older_than_days * 86_400:
            return False
    return True


def _same_wordlist(info: WordListInfo | None, wanted: str) -> bool:
    if info is None:
        return False
    if info.name == wanted or (len(wanted) >= 8 and info.sha256.startswith(wanted.lower())):
        return True
    try:
        return Path(info.name).resolve() == Path(wanted).resolve() and Path(wanted).exists()
    except OSError:
        return False
