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
- what the lexicon holds, when it is not the words (a game's variant: ``crossword:gaddag``);
- the longest line the word list may have (``--max-word-length``), when it is not the default:
  a hit never reads the list's lines, so an entry is only for the limit it was checked under;
- the saved-file format.

So a changed word list, an upgraded library or a new normalization rule is a new key, never a
stale hit.

Beside a ``kwg`` entry the cache keeps its word map once a command has built it
(``kwg-<key>.wordmap``, sealed as the entries are: :mod:`lexibench.solver.word_map_cache`), so
that the next command that spells moves from it reads it instead of building it; clearing an
entry clears its word map.

The folder also keeps this user's seal (:func:`seal`, the file ``seal.key``): the key whose
HMAC marks a saved file as written by lexibench for them, so that a library's own format
(marisa-trie's, dawgdic's, ...) is read only from such a file (see
:mod:`lexibench.structures.saved`). Clearing the cache keeps it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Final

from lexibench.solver.word_rules import WordRules
from lexibench.solver.wordlist import (
    DEFAULT_LIMITS,
    NORMALIZATION_VERSION,
    Capitalised,
    Source,
)
from lexibench.structures.saved import FORMAT, Seal, library_of

CACHE_ENV: Final = "LEXIBENCH_CACHE_DIR"
SUFFIX: Final = ".lexicon"
SEAL_FILE: Final = "seal.key"


def cache_dir() -> Path:
    """The cache folder: ``$LEXIBENCH_CACHE_DIR``, else the platform's user cache folder."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("lexibench", appauthor=False))


def cache_key(
    backend: str,
    source: Source,
    rules: WordRules,
    capitalised: Capitalised,
    variant: str | None = None,
) -> str:
    """The cache key of a lexicon (see the module docstring); ``variant``: ``game:variant`` for
    a lexicon holding a game's variant strings instead of the words."""
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
    if variant is not None:  # nor that of every lexicon of the words
        fields["variant"] = variant
    if source.limits.max_line != DEFAULT_LIMITS.max_line:  # nor under the default line limit
        fields["max_line"] = source.limits.max_line
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


def cache_path(
    backend: str,
    source: Source,
    rules: WordRules,
    capitalised: Capitalised,
    variant: str | None = None,
) -> Path:
    """Where the cache keeps this lexicon."""
    key = cache_key(backend, source, rules, capitalised, variant)
    return cache_dir() / f"{backend}-{key[:32]}{SUFFIX}"


def cache_entries() -> list[Path]:
    """The cache's files, sorted by name."""
    folder = cache_dir()
    return sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


def seal() -> Seal:
    """This user's seal: its key kept in the cache folder (readable by them alone), made there
    on first use. Where the folder can be neither read nor made, a key for this process alone:
    the files it writes in a library's own format are then read back by this process only."""
    return _seal_in(cache_dir())


@functools.cache
def _seal_in(folder: Path) -> Seal:
    """The seal kept in ``folder`` (read once a process)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return Seal.at(folder / SEAL_FILE)
    except (OSError, ValueError):
        return Seal.new()
