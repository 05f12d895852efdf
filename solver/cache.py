"""The cache of built lexicons: where it lives and how an entry is keyed.

The cache keeps every lexicon built from a word list, so the next command with the same word
list and backend loads it instead of normalizing the list and building again. It lives in the
user's cache folder (``platformdirs.user_cache_dir("lexibench")``, ``~/.cache/lexibench`` on
Linux; ``LEXIBENCH_CACHE_DIR`` overrides it) as saved-lexicon files
(:mod:`lexibench.structures.saved`), one per key. The key is the SHA-256 of:

- the word list's source file as read (for ``web2``, the data file of the english-words
  package), and what changes what it yields: the game's word rules (minimum length, the Qu
  rule), the capitalised-entries policy and the normalization's version;
- the backend id, its library and the library's version;
- the saved-file format.

So a changed word list, an upgraded library or a new normalization rule is a new key, never a
stale hit.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from lexibench.solver.wordlist import NORMALIZATION_VERSION, Capitalised, Source, WordListInfo
from lexibench.solver.words import WordRules
from lexibench.structures.saved import FORMAT, library_of

CACHE_ENV: Final = "LEXIBENCH_CACHE_DIR"
SUFFIX: Final = ".lexicon"


def cache_dir() -> Path:
    """The cache folder: ``$LEXIBENCH_CACHE_DIR``, else the platform's user cache folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("lexibench", appauthor=False))


def cache_key(backend: str, source: Source, rules: WordRules, capitalised: Capitalised) -> str:
    """The cache key of a lexicon (see the module docstring)."""
    library, version = library_of(backend)
    fields = {
        "backend": backend,
        "capitalised": capitalised.value,
        "file_format": FORMAT,
        "library": library,
        "library_version": version,
        "min_length": rules.min_length,
        "normalization": NORMALIZATION_VERSION,
        "source_sha256": source.fingerprint,
    }
    if not rules.q_needs_u:  # the key of every list made under the Qu rule is unchanged
        fields["q_needs_u"] = False
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def cache_path(backend: str, source: Source, rules: WordRules, capitalised: Capitalised) -> Path:
    """Where the cache keeps this lexicon."""
    key = cache_key(backend, source, rules, capitalised)
    return cache_dir() / f"{backend}-{key[:32]}{SUFFIX}"


def cache_entries() -> list[Path]:
    """The cache's files, sorted by name."""
    folder = cache_dir()
    return sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


@dataclass(frozen=True)
class CacheEntry:
    """One cached lexicon, described from its header (its payload is not read)."""

    path: Path
    size: int
    """Bytes on disk."""
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

    def options(self) -> str:
        """The word-list options it was built with, in the CLI's words."""
        info = self.wordlist
        if info is None:
            return ""
        rules = f"--min-length {info.min_length}, capitalised {info.capitalised}"
        return rules + ("" if info.q_needs_u else ", q without u kept")

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
            "problem": self.problem,
        }


def describe(path: Path) -> CacheEntry:
    """The :class:`CacheEntry` of the cache file ``path``."""
    from lexibench.structures.errors import LexiconError
    from lexibench.structures.saved import read_header

    status = path.stat()
    try:
        header = read_header(path)
        raw = header.meta.get("wordlist")
        info = WordListInfo.from_dict(raw) if isinstance(raw, dict) else None
    except (LexiconError, KeyError, TypeError, ValueError) as exc:
        return CacheEntry(path, status.st_size, status.st_mtime, None, problem=str(exc))
    return CacheEntry(
        path,
        status.st_size,
        status.st_mtime,
        header.backend,
        header.library,
        header.library_version,
        info,
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
