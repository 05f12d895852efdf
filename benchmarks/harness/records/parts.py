"""The pieces every record of the results schema is built from: the measured quantities (counts,
times) and :class:`Part` (a record's piece, with no schema tag of its own); and a record's JSON
form: :func:`encode` (checked against its schema first)
and :func:`write_raw_file` (a raw file written whole, atomically)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Final

import msgspec
from msgspec import Meta, Struct

from lexibench.structures.atomic import write_text_atomic

Count = Annotated[int, Meta(ge=0)]
Positive = Annotated[int, Meta(ge=1)]
#: The shortest and the longest time a measurement may record: a time of 0 (or under a
#: nanosecond, which no clock here resolves) is no measurement, and the tables divide by it.
SHORTEST_S: Final = 1e-9
LONGEST_S: Final = 1e9
Seconds = Annotated[float, Meta(ge=SHORTEST_S, le=LONGEST_S)]
"""A measured time."""
Share = Annotated[float, Meta(ge=0, le=LONGEST_S)]
"""Part of a measured time (a phase of a process, a game's share of a suite), which may be 0."""


class Part(Struct, forbid_unknown_fields=True):
    """A piece of a record (no tag of its own)."""


def schema_of(record_type: Any) -> str:
    """The schema tag of a record type."""
    tag = record_type.__struct_config__.tag
    assert isinstance(tag, str), record_type
    return tag


def encode(record: Struct) -> Any:
    """``record`` as JSON-ready builtins, after checking it against its schema (a writer can
    never produce what :func:`load` refuses)."""
    data = msgspec.to_builtins(record)
    msgspec.convert(data, type(record))
    return data


def write_raw_file(path: Path, record: Struct) -> None:
    """Write ``record`` (checked by :func:`encode`) as indented, key-sorted JSON, atomically (see
    :mod:`structures.atomic`), and say so on stderr."""
    write_text_atomic(path, json.dumps(encode(record), indent=2, sort_keys=True) + "\n")
    print(f"wrote {path}", file=sys.stderr)
