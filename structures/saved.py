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

Nothing here unpickles or evaluates anything: the header is JSON, and the payload's size and
SHA-256 must match it. A checksum proves nothing of who wrote a file, though (anyone can compute
one), so what reaches a reader is decided by who can vouch for the payload:

- the words (format ``words``) are safe to read from anywhere: the structure is built from them
  again, as from any word list;
- a format of lexibench's own whose reader checks everything its queries assume
  (``FILE_CHECKED = True`` on the class: array-trie's, kwg's) is read from anywhere, and checked
  in full when the file is not sealed;
- a library's own format (marisa-trie's, dawgdic's, libdatrie's, pyahocorasick's, SQLite's, a
  plugin's) reaches the library only from a *sealed* file: one lexibench wrote for this user,
  whose header carries an HMAC-SHA256 of itself (its payload's SHA-256 included) under this
  user's key (:class:`Seal`; the solver keeps the key beside the cache). Those readers were not
  written against crafted input (a flipped byte can crash marisa-trie or libdatrie, or send
  dawgdic into an endless loop), so a file from elsewhere in such a format is refused, with the
  way to rebuild it.

:func:`load_lexicon` refuses, with a :class:`SavedLexiconError` whose message is one line, a file
that is not one of these, is truncated or corrupt, was written by another format version, for
another backend, with another version of the backend's library, or in a library's format without
this user's seal.

A backend may also declare a file format of its own without this header (its registry entry's
:class:`~lexibench.structures.registry.BareFile`: kwg's ``.kwg``, the engines' bare node array).
A file so named that does not open with :data:`MAGIC` is that backend's (:func:`bare_backend`):
:func:`load_bare` reads it by the declared reader, a registered input format that checks it as a
file from elsewhere, and :func:`dump_bare` writes it by the structure's declared method. Such a
file carries nothing but the structure: the words it holds are all that is known of its list.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, cast

from lexibench.structures.atomic import write_bytes_atomic
from lexibench.structures.errors import BadInputError, LexiconError, NotALexiconError
from lexibench.structures.files import FORMATS, input_format, read_regular
from lexibench.structures.protocol import PERSISTENT_MEMBERS, Lexicon, PersistentLexicon, class_has
from lexibench.structures.queries import Structure, answers, is_lexicon
from lexibench.structures.registry import (
    backend_info,
    bare_file_named,
    bare_file_of,
    structure_class,
)

MAGIC: Final = b"LEXIBENCH LEXICON\n"
FORMAT: Final = 1
WORDS_FORMAT: Final = "words"
#: The header line is short; anything longer is not a header.
_MAX_HEADER: Final = 1 << 16


class SavedLexiconError(BadInputError):
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


KEY_BYTES: Final = 32
"""The size of a seal's key."""


@dataclass(frozen=True)
class Seal:
    """What marks a saved file as written by lexibench for this user: an HMAC-SHA256 of the
    header line (which holds the payload's SHA-256) under ``key``. ``trusted``: payload
    digests this process may take as sealed without the key (a worker given a file its main
    process opened and checked)."""

    key: bytes | None
    trusted: frozenset[str] = frozenset()

    @classmethod
    def new(cls) -> Seal:
        """A seal with a fresh random key, known to this process alone."""
        import secrets  # not at start-up: a key is made once a user, read after

        return cls(secrets.token_bytes(KEY_BYTES))

    @classmethod
    def at(cls, path: Path) -> Seal:
        """The seal whose key is kept in the file ``path``, made there (readable by this user
        alone) on first use; two processes making it at once agree on one key. ``OSError``
        when it can be neither read nor made; ``ValueError`` for a file that is not a key."""
        try:
            key = read_regular(path, KEY_BYTES + 1)
        except FileNotFoundError:
            import secrets

            staged = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
            fd = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(secrets.token_bytes(KEY_BYTES))
                    handle.flush()
                    os.fsync(handle.fileno())
                with contextlib.suppress(FileExistsError):  # another process made it first
                    os.link(staged, path)
            finally:
                staged.unlink(missing_ok=True)
            key = read_regular(path, KEY_BYTES + 1)
        if len(key) != KEY_BYTES:
            raise ValueError(f"{path}: not a lexibench key ({len(key)} bytes, not {KEY_BYTES})")
        return cls(key)

    def trusting(self, digest: str) -> Seal:
        """This seal, also taking a payload of SHA-256 ``digest`` as sealed."""
        return Seal(self.key, self.trusted | {digest})

    def mac(self, unsealed: bytes) -> str | None:
        """The seal of a header line (without its ``mac``), or None without a key."""
        if self.key is None:
            return None
        return hmac.new(self.key, MAGIC + unsealed, hashlib.sha256).hexdigest()

    def signed(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """``fields`` (a header's, as :func:`header_line` writes them) with their ``mac``
        added, where this seal has a key (as they are without one)."""
        mac = self.mac(header_line(fields))
        return dict(fields) if mac is None else {**fields, "mac": mac}

    def sealed(self, raw: Mapping[str, Any]) -> bool:
        """Whether the header ``raw`` (as read, ``mac`` included) was sealed with this key."""
        given = raw.get("mac")
        if self.key is None or not isinstance(given, str):
            return False
        expected = self.mac(header_line({k: v for k, v in raw.items() if k != "mac"}))
        return expected is not None and hmac.compare_digest(expected, given)

    def vouches(self, header: Header, raw: Mapping[str, Any]) -> bool:
        """Whether the header ``raw`` (as read, ``mac`` included) was sealed with this key, or
        its payload is one this seal trusts."""
        return header.payload_sha256 in self.trusted or self.sealed(raw)


UNSEALED: Final = Seal(None)
"""No key: every file is read as one from elsewhere."""


def header_line(fields: Mapping[str, Any]) -> bytes:
    """A header's fields as the line a saved file (and a cached word map) holds: JSON, the keys
    sorted, no spaces: what a seal's ``mac`` is taken over."""
    return json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()


def checks_its_files(cls: object) -> bool:
    """Whether a persistent class's ``from_bytes`` checks everything its queries assume, so
    that a file from anywhere may reach it (``FILE_CHECKED = True``; see the module docstring)."""
    return bool(getattr(cls, "FILE_CHECKED", False))


def library_of(backend: str) -> tuple[str, str]:
    """(distribution, version) of the library behind ``backend``; ("python", its version) for
    a backend written here on the standard library."""
    info = backend_info(backend)
    version = info.version or "unknown"
    if info.distribution is None:
        return "python", version.removeprefix("python ")
    return info.distribution, version


def dump_lexicon(
    backend: str,
    lexicon: Structure,
    words: Iterable[str],
    meta: Mapping[str, Any],
    seal: Seal = UNSEALED,
) -> bytes:
    """The saved form of ``lexicon`` (built as structure ``backend`` from ``words``), sealed
    with ``seal``'s key when it has one."""
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
    return MAGIC + header_line(seal.signed(header.as_dict())) + b"\n" + payload


def save_lexicon(
    path: Path,
    backend: str,
    lexicon: Structure,
    words: Iterable[str],
    meta: Mapping[str, Any],
    seal: Seal = UNSEALED,
) -> int:
    """Write :func:`dump_lexicon`'s output to ``path`` atomically; return its size in bytes."""
    data = dump_lexicon(backend, lexicon, words, meta, seal)
    write_bytes_atomic(path, data)
    return len(data)


def _field(raw: Mapping[str, Any], name: str, kind: type) -> Any:
    """``raw[name]``, which must be of ``kind`` (an int is never a bool), a count never
    negative."""
    value = raw[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"its {name} is not a {kind.__name__}")
    if isinstance(value, int) and value < 0:
        raise ValueError(f"its {name} is negative")
    return value


def _parse_header(path: Path | str, data: bytes) -> tuple[Header, dict[str, Any], int]:
    """The checked header at the start of ``data``, the JSON object as read, and where the
    payload starts."""
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
            shown = repr(raw.get("format"))
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            raise SavedLexiconError(
                path,
                f"written in file format {shown}; this version of lexibench "
                f"reads format {FORMAT} (rebuild it with `lexibench build`)",
            )
        header = Header(
            backend=_field(raw, "backend", str),
            library=_field(raw, "library", str),
            library_version=_field(raw, "library_version", str),
            payload_format=_field(raw, "payload_format", str),
            payload_bytes=_field(raw, "payload_bytes", int),
            payload_sha256=_field(raw, "payload_sha256", str),
            words=_field(raw, "words", int),
            meta=_field(raw, "meta", dict),
        )
    except SavedLexiconError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        reason = f"{exc}" if isinstance(exc, TypeError | ValueError) and "its " in str(exc) else ""
        raise SavedLexiconError(path, f"corrupt header ({reason or type(exc).__name__})") from None
    except RecursionError:
        raise SavedLexiconError(path, "corrupt header (nested too deeply)") from None
    return header, raw, end + 1


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


def load_lexicon_bytes(
    path: Path | str, data: bytes, backend: str | None = None, seal: Seal = UNSEALED
) -> Saved:
    """Check and load a saved lexicon from ``data`` (read from ``path``, named in errors).

    ``backend``: when given, the file must hold that backend. ``seal``: this user's, which tells
    a file lexibench wrote for them (see the module docstring for what that decides). Raises
    :class:`SavedLexiconError` for every reason the file cannot be used, and the registry's
    errors for an unknown or unavailable backend.
    """
    header, raw, start = _parse_header(path, data)
    if backend is not None and header.backend != backend:
        raise SavedLexiconError(path, f"holds lexicon {header.backend!r}, not {backend!r}")
    try:
        cls = structure_class(header.backend)
        library, version = library_of(header.backend)
    except LexiconError as exc:  # unknown, or its library not installed here
        raise SavedLexiconError(path, str(exc)) from None
    if (header.library, header.library_version) != (library, version):
        raise SavedLexiconError(
            path,
            f"written with {header.library!r} {header.library_version!r}, but {library} "
            f"{version} is installed (rebuild it with `lexibench build`)",
        )
    payload = data[start:]
    if len(payload) != header.payload_bytes:
        raise SavedLexiconError(
            path, f"truncated or padded ({len(payload):,} of {header.payload_bytes:,} bytes)"
        )
    if hashlib.sha256(payload).hexdigest() != header.payload_sha256:
        raise SavedLexiconError(path, "corrupt (its checksum does not match)")
    lexicon = _decode(path, cls, header, payload, seal.vouches(header, raw))
    if len(lexicon) != header.words:
        raise SavedLexiconError(
            path, f"corrupt (holds {len(lexicon):,} words, its header says {header.words:,})"
        )
    return Saved(header, lexicon)


def _decode(path: Path | str, cls: Any, header: Header, payload: bytes, sealed: bool) -> Structure:
    persistent = isinstance(cls, type) and class_has(cls, PERSISTENT_MEMBERS)
    expected = cls.FILE_FORMAT if persistent else WORDS_FORMAT
    if header.payload_format != expected:
        raise SavedLexiconError(
            path, f"holds format {header.payload_format!r}; {header.backend} reads {expected!r}"
        )
    if persistent and not sealed and not checks_its_files(cls):
        raise SavedLexiconError(
            path,
            f"holds {header.library}'s own format, which its reader does not check against "
            "crafted contents, and lexibench did not write it for this user (no seal of "
            "theirs); rebuild it here with `lexibench build`",
        )
    try:
        if persistent and checks_its_files(cls):
            lexicon: Structure = cls.from_bytes(payload, checked=not sealed)
        elif persistent:
            lexicon = cls.from_bytes(payload)
        else:
            lexicon = cls(payload.decode().split("\n") if payload else [])
    except MemoryError:
        raise
    except Exception as exc:  # its reader refused it
        if not persistent:  # the words, built again
            reason = "not UTF-8" if isinstance(exc, UnicodeDecodeError) else str(exc)
            reason = (reason.splitlines() or ["refused"])[0]
            raise SavedLexiconError(path, f"corrupt (its words: {reason})") from None
        if checks_its_files(cls) and isinstance(exc, ValueError):
            reason = (str(exc).splitlines() or ["refused"])[0]
            raise SavedLexiconError(path, f"corrupt ({reason})") from None
        reason = f"{type(exc).__name__}: {exc}".splitlines()[0]
        raise SavedLexiconError(path, f"corrupt (the library refused it: {reason})") from None
    return lexicon


@input_format("saved-lexicon", "lexicon file", 1 << 40)
def parse_saved(data: bytes, name: str) -> Saved:
    """A saved lexicon's bytes as a file from elsewhere (no seal) is read: the format's reader
    for the registry of formats (:mod:`lexibench.structures.files`)."""
    return load_lexicon_bytes(name, data)


def load_lexicon(path: Path, backend: str | None = None, seal: Seal = UNSEALED) -> Saved:
    """Read ``path`` and :func:`load_lexicon_bytes` it. Only a regular file is read, and no more
    of it than its header declares (and one byte, to tell a padded file)."""
    head = _read(path, len(MAGIC) + _MAX_HEADER)
    header, _, start = _parse_header(path, head)
    size = start + header.payload_bytes + 1
    data = head[:size] if len(head) >= size else _read(path, size)
    return load_lexicon_bytes(path, data, backend, seal)


# Bare files -------------------------------------------------------------------------------------

#: A bare file's reader (:attr:`~lexibench.structures.registry.BareFile.reader`): its bytes, its
#: name and the view asked for, to the structure and the words the file holds.
BareReader = Callable[[bytes, str, str], tuple[Structure, list[str]]]


@dataclass(frozen=True)
class Bare:
    """A structure read from a bare file (a backend's own format, no header): all that is known
    of its word list is the words it holds."""

    backend: str
    structure: Structure
    words: list[str]
    """The words the file holds, sorted."""


def bare_backend(path: Path) -> str | None:
    """The backend whose bare file ``path`` is (:func:`~lexibench.structures.registry.
    bare_file_named`): its name is one a backend declares and its first bytes are not a saved
    file's (lexibench's own format under such a name is a saved file, :func:`load_lexicon`'s).
    None for any other file, and for one that cannot be read (:func:`load_lexicon` says why)."""
    found = bare_file_named(path)
    if found is None:
        return None
    try:
        saved = read_regular(path, len(MAGIC)).startswith(MAGIC)
    except OSError:
        return None
    return None if saved else found[0]


def load_bare(path: Path, backend: str | None = None, view: str = "words") -> Bare:
    """The structure in the bare file ``path`` (see :func:`bare_backend`), read by its backend's
    declared reader, answering over ``view`` (``"words"``, or ``"gaddag"``: the GADDAG strings
    of its words), and the words it holds. ``backend``: when given, the file must be that
    backend's. Raises :class:`~lexibench.structures.errors.BadInputError` (one line naming the
    file) for a file its reader refuses, one of another backend or no bare file's name, and the
    registry's errors for an unavailable backend."""
    found = bare_file_named(path)
    if found is None:
        raise SavedLexiconError(path, "not named as any backend's own file")
    held, declared = found
    if backend not in (None, held):
        raise SavedLexiconError(
            path, f"a {declared.suffix} file holds the {held} backend, not {backend}"
        )
    structure_class(held)  # imports the backend's module, which registers its reader
    reader = FORMATS[declared.reader]
    structure, words = cast(BareReader, reader.parse)(reader.read(path), str(path), view)
    return Bare(held, structure, words)


def dump_bare(backend: str, structure: Structure) -> bytes:
    """The bare file of ``structure`` (built as ``backend``, which declares a bare file format:
    :class:`~lexibench.structures.registry.BareFile`), by its declared writer."""
    declared = bare_file_of(backend)
    if declared is None:
        raise ValueError(f"{backend} declares no file format of its own without a header")
    written: bytes = getattr(structure, declared.writer)()
    return written
