"""Saved lexicons: one file format for every structure of the registry (lexicons and indexes),
with a header that is checked on load.

A saved file is::

    LEXIBENCH LEXICON\\n
    {"format": 1, "backend": ..., "library": ..., "library_version": ..., ...}\\n
    payload

The header is one line of JSON: the container format, the backend id, the library and its
version, the payload's format, size and SHA-256, the word count and the caller's own ``meta``
(the solver puts its word list's description there). The payload is the library's own format
where it has one (:class:`~structures.protocol.PersistentLexicon`: marisa-trie, dawgdic,
libdatrie); for the other backends and every index it is the words, sorted, UTF-8, one per line
(format ``words``), and loading builds the structure from them again.

Nothing here unpickles or evaluates anything: the header is JSON, and a payload reaches a library
only after its size and SHA-256 match the header. :func:`read_lexicon` refuses, with a
:class:`SavedLexiconError` whose message is one line, a file that is not one of these, is
truncated or corrupt, was written by another format version, for another backend, or with
another version of the backend's library.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from lexibench.structures.atomic import write_bytes_atomic
from lexibench.structures.errors import LexiconError, NotALexiconError
from lexibench.structures.protocol import PERSISTENT_MEMBERS, Lexicon, PersistentLexicon, class_has
from lexibench.structures.queries import Structure, answers, is_lexicon
from lexibench.structures.registry import backend_info, structure_class
from lexibench.structures.files import read_regular

MAGIC: Final = b"LEXIBENCH LEXICON\n"
FORMAT: Final = 1
WORDS_FORMAT: Final = "words"
#: The header line is short; anything longer is not a header.
_MAX_HEADER: Final = 1 << 16


class SavedLexiconError(LexiconError, ValueError):
    """A saved lexicon that cannot be used: the message names the file and the reason."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"lexicon file {path}: {reason}")


@dataclass(frozen=True)
class Header:
    """The checked header of a saved lexicon."""

    backend: str
    library: str
    library_version: str
    payload_format: str
    payload_bytes: int
    payload_sha256: str
    words: int
    meta: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The header's JSON object."""
        return {
            "format": FORMAT,
            "backend": self.backend,
            "library": self.library,
            "library_version": self.library_version,
            "payload_format": self.payload_format,
            "payload_bytes": self.payload_bytes,
            "payload_sha256": self.payload_sha256,
            "words": self.words,
            "meta": self.meta,
        }


def library_of(backend: str) -> tuple[str, str]:
    """(distribution, version) of the library behind ``backend``; ("python", its version) for
    a backend written here on the standard library."""
    info = backend_info(backend)
    version = info.version or "unknown"
    if info.distribution is None:
        return "python", version.removeprefix("python ")
    return info.distribution, version


def dump_lexicon(
    backend: str, lexicon: Structure, words: Iterable[str], meta: Mapping[str, Any]
) -> bytes:
    """The saved form of ``lexicon`` (built as structure ``backend`` from ``words``)."""
    if isinstance(lexicon, PersistentLexicon) and class_has(type(lexicon), PERSISTENT_MEMBERS):
        payload = lexicon.to_bytes()
        payload_format = type(lexicon).FILE_FORMAT
    else:
        payload = "\n".join(sorted(set(words))).encode()
        payload_format = WORDS_FORMAT
    library, version = library_of(backend)
    header = Header(
        backend=backend,
        library=library,
        library_version=version,
        payload_format=payload_format,
        payload_bytes=len(payload),
        payload_sha256=hashlib.sha256(payload).hexdigest(),
        words=len(lexicon),
        meta=dict(meta),
    )
    line = json.dumps(header.as_dict(), sort_keys=True, separators=(",", ":")).encode()
    return MAGIC + line + b"\n" + payload


def save_lexicon(
    path: Path, backend: str, lexicon: Structure, words: Iterable[str], meta: Mapping[str, Any]
) -> int:
    """Write :func:`dump_lexicon`'s output to ``path`` atomically; return its size in bytes."""
    data = dump_lexicon(backend, lexicon, words, meta)
    write_bytes_atomic(path, data)
    return len(data)


def _parse_header(path: Path | str, data: bytes) -> tuple[Header, int]:
    if not data.startswith(MAGIC):
        raise SavedLexiconError(path, "not a lexibench lexicon file")
    end = data.find(b"\n", len(MAGIC), len(MAGIC) + _MAX_HEADER)
    if end < 0:
        raise SavedLexiconError(path, "corrupt or truncated header")
    try:
        raw = json.loads(data[len(MAGIC) : end])
        if not isinstance(raw, dict):
            raise TypeError("not an object")
        if raw.get("format") != FORMAT:
            raise SavedLexiconError(
                path,
                f"written in file format {raw.get('format')!r}; this version of lexibench "
                f"reads format {FORMAT} (rebuild it with `lexibench build`)",
            )
        header = Header(
            backend=str(raw["backend"]),
            library=str(raw["library"]),
            library_version=str(raw["library_version"]),
            payload_format=str(raw["payload_format"]),
            payload_bytes=int(raw["payload_bytes"]),
            payload_sha256=str(raw["payload_sha256"]),
            words=int(raw["words"]),
            meta=dict(raw["meta"]),
        )
    except (ValueError, TypeError, KeyError) as exc:
        if isinstance(exc, SavedLexiconError):
            raise
        raise SavedLexiconError(path, f"corrupt header ({type(exc).__name__})") from None
    return header, end + 1


def read_header(path: Path, data: bytes | None = None) -> Header:
    """The header of the saved lexicon at ``path`` (its payload is neither read nor checked)."""
    return _parse_header(path, _read(path, len(MAGIC) + _MAX_HEADER) if data is None else data)[0]


def _read(path: Path, limit: int = -1) -> bytes:
    """At most ``limit`` bytes of the regular file at ``path`` (all of them: -1)."""
    try:
        return read_regular(path, limit)
    except FileNotFoundError:
        raise SavedLexiconError(path, "no such file") from None
    except IsADirectoryError:
        raise SavedLexiconError(path, "is a directory, not a file") from None
    except OSError as exc:
        raise SavedLexiconError(path, f"cannot read it ({exc.strerror})") from None
    except MemoryError:
        raise SavedLexiconError(path, "too large to read into memory") from None


@dataclass(frozen=True)
class Saved:
    """A loaded structure and the header it came with."""

    header: Header
    structure: Structure
    """What the file holds: a lexicon, or an index."""

    @property
    def lexicon(self) -> Lexicon:
        """The structure, which must be a lexicon (:class:`NotALexiconError` for an index)."""
        if not is_lexicon(self.structure):
            raise NotALexiconError(self.header.backend, answers(self.structure))
        lexicon: Lexicon = self.structure  # type: ignore[assignment]
        return lexicon


def load_lexicon_bytes(path: Path | str, data: bytes, backend: str | None = None) -> Saved:
    """Check and load a saved lexicon from ``data`` (read from ``path``, named in errors).

    ``backend``: when given, the file must hold that backend. Raises :class:`SavedLexiconError`
    for every reason the file cannot be used, and the registry's errors for an unknown or
    unavailable backend.
    """
    header, start = _parse_header(path, data)
    if backend is not None and header.backend != backend:
        raise SavedLexiconError(path, f"holds lexicon {header.backend!r}, not {backend!r}")
    cls = structure_class(header.backend)
    library, version = library_of(header.backend)
    if (header.library, header.library_version) != (library, version):
        raise SavedLexiconError(
            path,
            f"written with {header.library} {header.library_version}, but {library} {version} "
            "is installed (rebuild it with `lexibench build`)",
        )
    payload = data[start:]
    if len(payload) != header.payload_bytes:
        raise SavedLexiconError(
            path, f"truncated or padded ({len(payload):,} of {header.payload_bytes:,} bytes)"
        )
    if hashlib.sha256(payload).hexdigest() != header.payload_sha256:
        raise SavedLexiconError(path, "corrupt (its checksum does not match)")
    lexicon = _decode(path, cls, header, payload)
    if len(lexicon) != header.words:
        raise SavedLexiconError(
            path, f"corrupt (holds {len(lexicon):,} words, its header says {header.words:,})"
        )
    return Saved(header, lexicon)


def _decode(path: Path | str, cls: Any, header: Header, payload: bytes) -> Structure:
    persistent = isinstance(cls, type) and class_has(cls, PERSISTENT_MEMBERS)
    expected = cls.FILE_FORMAT if persistent else WORDS_FORMAT
    if header.payload_format != expected:
        raise SavedLexiconError(
            path, f"holds format {header.payload_format!r}; {header.backend} reads {expected!r}"
        )
    try:
        if persistent:
            lexicon: Structure = cls.from_bytes(payload)
        else:
            lexicon = cls(payload.decode().split("\n") if payload else [])
    except MemoryError:
        raise
    except Exception as exc:  # the library's own parser refused it
        reason = f"{type(exc).__name__}: {exc}".splitlines()[0]
        raise SavedLexiconError(path, f"corrupt (the library refused it: {reason})") from None
    return lexicon


def load_lexicon(path: Path, backend: str | None = None) -> Saved:
    """Read ``path`` and :func:`load_lexicon_bytes` it. Only a regular file is read, and no more
    of it than its header declares (and one byte, to tell a padded file)."""
    head = _read(path, len(MAGIC) + _MAX_HEADER)
    header, start = _parse_header(path, head)
    size = start + header.payload_bytes + 1
    data = head[:size] if len(head) >= size else _read(path, size)
    return load_lexicon_bytes(path, data, backend)
