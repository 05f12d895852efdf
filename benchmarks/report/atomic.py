"""Writing result files atomically (see :mod:`structures.atomic`), and the JSON form used here:
a record of :mod:`benchmarks.harness.records`, checked against its schema, as indented,
key-sorted JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from msgspec import Struct

from lexibench.benchmarks.harness.records import encode
from lexibench.structures.atomic import write_bytes_atomic, write_text_atomic

__all__ = ["write_bytes_atomic", "write_json_atomic", "write_text_atomic"]


def write_json_atomic(path: Path, record: Struct) -> None:
    """Write ``record`` as indented, key-sorted JSON (atomically) and say so on stderr."""
    write_text_atomic(path, json.dumps(encode(record), indent=2, sort_keys=True) + "\n")
    print(f"wrote {path}", file=sys.stderr)
