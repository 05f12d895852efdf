"""Getting a ready lexicon: built from a word list, read from a saved file, or from the cache.

The cache keeps every lexicon built from a word list, so the next command with the same word
list and backend loads it instead of normalizing the list and building again. It lives in the
user's cache folder (``platformdirs.user_cache_dir("lexibench")``, ``~/.cache/lexibench`` on
Linux; ``LEXIBENCH_CACHE_DIR`` overrides it) as saved-lexicon files (:mod:`structures.saved`),
one per key. The key is the SHA-256 of:

- the word list's source file as read (for ``web2``, the data file of the english-words
  package), and the options that change what it yields (``--min-length``, ``--capitalised``,
  :data:`~solver.wordlist.NORMALIZATION_VERSION`);
- the backend id, its library and the library's version;
- the saved-file format.

So a changed word list, an upgraded library or a new normalization rule is a new key, never a
stale hit. An entry that cannot be used all the same (truncated, corrupt, edited) is reported in
one line on standard error and rebuilt; a cache that cannot be written is reported and skipped.
Each file is written atomically, so concurrent commands never see half an entry.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from lexibench import structures
from lexibench.solver.errors import InputError
from lexibench.solver.wordlist import (
    DEFAULT_LIMITS,
    NORMALIZATION_VERSION,
    Capitalised,
    Limits,
    Source,
    WordList,
    WordListInfo,
    default_capitalised,
    load_wordlist,
    resolve_source,
)
from lexibench.structures import Lexicon
from lexibench.structures.saved import (
    FORMAT,
    SavedLexiconError,
    library_of,
    load_lexicon,
    save_lexicon,
)

CACHE_ENV: Final = "LEXIBENCH_CACHE_DIR"
SUFFIX: Final = ".lexicon"

Notify = Callable[[str], None]


def _stderr(message: str) -> None:
    print(f"lexibench: {message}", file=sys.stderr)


@dataclass(frozen=True)
class Opened:
    """A lexicon ready to query, with where it came from."""

    backend: str
    lexicon: Lexicon
    wordlist: WordListInfo
    origin: str
    """``"built"`` (from the word list), ``"cache"`` or ``"file"`` (``--lexicon-file``)."""


def cache_dir() -> Path:
    """The cache folder: ``$LEXIBENCH_CACHE_DIR``, else the platform's user cache folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("lexibench", appauthor=False))


def cache_key(backend: str, source: Source, min_length: int, capitalised: Capitalised) -> str:
    """The cache key of a lexicon (see the module docstring)."""
    library, version = library_of(backend)
    fields = {
        "backend": backend,
        "capitalised": capitalised.value,
        "file_format": FORMAT,
        "library": library,
        "library_version": version,
        "min_length": min_length,
        "normalization": NORMALIZATION_VERSION,
        "source_sha256": source.fingerprint,
    }
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def cache_path(backend: str, source: Source, min_length: int, capitalised: Capitalised) -> Path:
    """Where the cache keeps this lexicon."""
    key = cache_key(backend, source, min_length, capitalised)
    return cache_dir() / f"{backend}-{key[:32]}{SUFFIX}"


def _wordlist_of(path: Path | str, meta: dict[str, object]) -> WordListInfo:
    """The word-list description a saved lexicon carries in its header."""
    raw = meta.get("wordlist")
    if not isinstance(raw, dict):
        raise SavedLexiconError(path, "its header names no word list (not written by lexibench)")
    try:
        return WordListInfo.from_dict(raw)
    except (KeyError, TypeError, ValueError):
        raise SavedLexiconError(path, "corrupt header (its word list description)") from None


def _meta(info: WordListInfo) -> dict[str, object]:
    from lexibench import __version__

    return {"wordlist": info.as_dict(), "lexibench": __version__}


def _resolve(
    backend: str, source: str | Path, capitalised: Capitalised | None, limits: Limits
) -> tuple[Source, Capitalised]:
    """Check the backend (an unknown or unavailable one fails before any work) and resolve the
    word-list source and its capitalised-entries policy."""
    structures.backend_class(backend)
    resolved = resolve_source(source, limits)
    return resolved, default_capitalised(resolved.name) if capitalised is None else capitalised


def _build(
    backend: str, source: Source, min_length: int, policy: Capitalised
) -> tuple[Lexicon, WordList]:
    """Load and normalize the word list, then build ``backend`` from it."""
    wordlist = load_wordlist(source, min_length, policy)
    return structures.build_lexicon(backend, wordlist.words), wordlist


def open_lexicon(
    backend: str,
    source: str | Path,
    min_length: int,
    capitalised: Capitalised | None = None,
    use_cache: bool = True,
    notify: Notify = _stderr,
    limits: Limits = DEFAULT_LIMITS,
) -> Opened:
    """The lexicon ``backend`` over the word list ``source``: from the cache when it holds it,
    else built (and then cached, unless ``use_cache`` is False)."""
    resolved, policy = _resolve(backend, source, capitalised, limits)
    path = cache_path(backend, resolved, min_length, policy) if use_cache else None
    if path is not None and path.exists():
        try:
            saved = load_lexicon(path, backend)
            info = _wordlist_of(path, saved.header.meta)
            if (info.min_length, info.capitalised) != (min_length, policy.value):
                raise SavedLexiconError(path, "built with other word-list options")
            return Opened(backend, saved.lexicon, info, "cache")
        except SavedLexiconError as exc:
            notify(f"cache: {exc}; rebuilding it")
    lexicon, wordlist = _build(backend, resolved, min_length, policy)
    if path is not None:
        try:
            save_lexicon(path, backend, lexicon, wordlist.words, _meta(wordlist.info))
        except OSError as exc:
            notify(f"cache: cannot write {path} ({exc.strerror or exc}); continuing without it")
    return Opened(backend, lexicon, wordlist.info, "built")


def open_lexicon_file(path: Path, backend: str | None, min_length: int) -> Opened:
    """The lexicon saved at ``path`` (``--lexicon-file``).

    ``backend``: when given, the file must hold it. Raises :class:`InputError` (one line) when
    the file cannot be used or was built without words shorter than ``min_length`` needs.
    """
    try:
        saved = load_lexicon(path, backend)
        info = _wordlist_of(path, saved.header.meta)
    except structures.LexiconError as exc:
        raise InputError(str(exc)) from None
    if info.min_length > min_length:
        raise InputError(
            f"lexicon file {path}: built with --min-length {info.min_length}, which dropped the "
            f"words of {min_length} letters asked for here (rebuild it with --min-length "
            f"{min_length})"
        )
    return Opened(saved.header.backend, saved.lexicon, info, "file")


def build_lexicon_file(
    backend: str,
    source: str | Path,
    min_length: int,
    capitalised: Capitalised | None,
    output: Path,
    limits: Limits = DEFAULT_LIMITS,
) -> tuple[Opened, int]:
    """Build ``backend`` from ``source`` and save it to ``output``; return it and the file size."""
    resolved, policy = _resolve(backend, source, capitalised, limits)
    lexicon, wordlist = _build(backend, resolved, min_length, policy)
    try:
        size = save_lexicon(output, backend, lexicon, wordlist.words, _meta(wordlist.info))
    except OSError as exc:
        raise InputError(f"output {output}: cannot write it ({exc.strerror or exc})") from None
    return Opened(backend, lexicon, wordlist.info, "built"), size


def cache_entries() -> list[Path]:
    """The cache's files, sorted by name."""
    folder = cache_dir()
    return sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []
