"""Whether a compiled module was built from the files beside it.

The install compiles some modules (``setup.py``) and writes, beside each, ``<name>.sha256``: a line
``<SHA-256>  <path>`` for every file it was compiled from (the source first, then for a Cython
module the C sources, headers and ``.pxd`` files it reads; paths from the source's folder).
Comparing those with the files on disk catches one edited after the install (an editable checkout
not rebuilt) by content, whatever the files' times (a wheel unpacks them in any order). Benchmarks
and tests refuse to time or test a stale build.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale_reason(source: Path) -> str | None:
    """Why the module compiled from ``source`` (``.py`` or ``.pyx``) does not match the files
    it was compiled from, or None when it does (or when the source is not installed beside it,
    as in a wheel)."""
    if not source.is_file():
        return None
    try:
        lines = source.with_suffix(".sha256").read_text().splitlines()
    except OSError:
        lines = []
    rebuild = "rebuild it with `make` (or pip install -e .)"
    if not lines:
        return f"{source}: no record of the source it was compiled from; {rebuild}"
    for line in lines:
        digest, _, name = line.partition("  ")
        path = source.parent / name if name else source  # a bare digest: the source's
        if not path.is_file() or _digest(path) != digest:
            what = source if path == source else f"{path}, which {source.name} is built from,"
            return f"{what}: changed after it was compiled; {rebuild}"
    return None
