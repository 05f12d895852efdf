"""A lexicon's word map kept in the cache beside the lexicon's entry, so that a process that
needs it (self-play, simulation, many positions) reads it instead of building it again.

The file (``kwg-<key>.wordmap``, beside ``kwg-<key>.lexicon``) is one header line, JSON with the
format, the entry it belongs to (the lexicon's file name, which holds its key), the payload's
SHA-256 and an HMAC of the line under this user's seal (:func:`lexibench.solver.cache.seal`,
the key that seals the cache's lexicons), then the map's tables
(:meth:`~lexibench.structures.backends.kwg.wordmap.WordMap.to_bytes`). It is read only as a
regular file, only when the seal vouches for it, it names this entry (a sealed map copied
beside another lexicon is refused) and the payload matches its digest, and the tables are
checked again as they are copied in (sizes, every group within the letters, an empty slot in
each table); anything else is reported in one line and the map is built again and written over
the file. Reading web2's map (a 19 MB file; hashing it is most of the cost) takes about half as
long as building it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Final

from lexibench.structures.saved import Seal, header_line

#: The suffix of a word map's file, beside its lexicon's (:data:`~.cache.SUFFIX`).
WORD_MAP_SUFFIX: Final = ".wordmap"
FORMAT: Final = "lexibench-wordmap/1"
#: The largest word map file read (web2's is 19 MB).
MAX_WORD_MAP_BYTES: Final = 1 << 30
#: The longest header line read.
MAX_HEADER: Final = 1024


def word_map_path(entry: Path) -> Path:
    """Where the cache keeps the word map of its entry ``entry`` (a lexicon's file)."""
    return entry.with_suffix(WORD_MAP_SUFFIX)


class CachedWordMap:
    """The store of one lexicon's word map (:class:`~lexibench.structures.backends.kwg.lexicon.
    WordMapStore`): the file beside the cache entry ``entry``, sealed with ``seal``; ``notify``
    is told, in one line, of a file that cannot be used or written."""

    def __init__(self, entry: Path, seal: Seal, notify: Callable[[str], None]) -> None:
        self.path = word_map_path(entry)
        self.entry = entry.name
        self.seal = seal
        self.notify = notify

    def load(self) -> memoryview | None:
        """The map's bytes, where the file is there, regular and vouched for; else None."""
        from lexibench.structures.files import read_regular

        try:
            data = read_regular(self.path, MAX_WORD_MAP_BYTES + MAX_HEADER + 1)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self.refused(f"cannot read it ({exc.strerror or exc})")
            return None
        end = data.find(b"\n", 0, MAX_HEADER)
        reason = None
        try:
            header = json.loads(data[:end]) if end > 0 and data[:1] == b"{" else None
        except (ValueError, RecursionError):  # (a line of a thousand "[{")
            header = None
        payload = memoryview(data)[end + 1 :]
        if not isinstance(header, dict) or header.get("format") != FORMAT or "entry" not in header:
            reason = f"not a {FORMAT} file"
        elif len(data) > MAX_WORD_MAP_BYTES + MAX_HEADER:
            reason = "larger than any word map"
        elif not self.seal.sealed(header):
            reason = "not sealed by this user"
        elif header.get("entry") != self.entry:
            reason = f"the word map of another lexicon ({header.get('entry')!r})"
        elif hashlib.sha256(payload).hexdigest() != header.get("sha256"):
            reason = "its tables do not match their digest"
        if reason is not None:
            self.refused(reason)
            return None
        return payload

    def save(self, data: bytes) -> None:
        """Write the map (``data``) whole, sealed, over any file there; none without a key."""
        from lexibench.structures.atomic import write_bytes_atomic

        fields = {"format": FORMAT, "entry": self.entry, "sha256": hashlib.sha256(data).hexdigest()}
        signed = self.seal.signed(fields)
        if "mac" not in signed:  # no key: nothing would vouch for it
            return
        try:
            write_bytes_atomic(self.path, header_line(signed) + b"\n" + data)
        except OSError as exc:
            self.notify(f"cache: cannot write {self.path} ({exc.strerror or exc}); continuing")

    def refused(self, reason: str) -> None:
        """Report the file that cannot be used (it is built again, and written over)."""
        self.notify(f"cache: {self.path}: {reason}; building the word map again")
