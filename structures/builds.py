"""Whether a compiled module was built from the source beside it.

The install compiles some modules (``setup.py``) and writes, beside each, ``<name>.sha256``: the
SHA-256 of the source it compiled. Comparing that with the source on disk catches a source edited
after the install (an editable checkout not rebuilt) by content, whatever the files' times (a
wheel unpacks them in any order). Benchmarks and tests refuse to time or test a stale build.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def stale_reason(source: Path) -> str | None:
    """Why the module compiled from ``source`` (``.py`` or ``.pyx``) does not match it, or None
    when it does (or when the source is not installed beside it, as in a wheel)."""
    if not source.is_file():
        return None
    try:
        compiled_from = source.with_suffix(".sha256").read_text().strip()
    except OSError:
        compiled_from = ""
    if compiled_from == hashlib.sha256(source.read_bytes()).hexdigest():
        return None
    what = (
        "changed after it was compiled"
        if compiled_from
        else "no record of the source it was compiled from"
    )
    return f"{source}: {what}; rebuild it with `make` (or pip install -e .)"
