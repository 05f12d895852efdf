"""Letter partitions: the buckets a board class draws each cell's letters from.

A partition splits the alphabet (a-z; ``q`` is the Qu tile) into buckets. A top-level class of
boards gives each cell one bucket, and holds every board whose cells take a letter of their
bucket. A partition may give the corner, edge and centre cells buckets of their own; every
symmetry of the board maps each kind of cell to its own kind, so classes stay closed under them.

The named partitions are data (``partitions.toml`` beside this module); any other is written
like them: ``"aeiou bdfgjqvwxz lnrsy chkmpt"``, optionally followed by clauses for one kind of
cell, ``"aeijou bcdfgmpqvwxz hklnrsty, corner: aeiosuy bcdfghjklmnpqrtvwxz"``. Every bucket list
must hold each letter of the alphabet exactly once: a letter left out would leave the boards that
use it unproven.
"""

from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from lexibench.solver.errors import InputError

ALPHABET: Final = string.ascii_lowercase
#: The kinds of cell, in the order a partition's text names them.
KINDS: Final = ("corner", "edge", "centre")
#: Boards of at most this many cells are proven with :data:`SMALL_DEFAULT` by default (the
#: paper's choice for 3x3); larger ones with :data:`LARGE_DEFAULT` (its choice for 3x4 and 4x4).
SMALL_CELLS: Final = 9
SMALL_DEFAULT: Final = "two"
LARGE_DEFAULT: Final = "mixed"

Buckets = tuple[str, ...]


@dataclass(frozen=True)
class Partition:
    """Buckets for every kind of cell (see the module docstring)."""

    name: str
    """The preset's name, or ``"custom"``."""
    buckets: tuple[tuple[str, Buckets], ...]
    """``(kind, buckets)`` for each of :data:`KINDS`."""
    about: str = ""

    def of_kind(self, kind: str) -> Buckets:
        """The buckets of cells of ``kind``."""
        return dict(self.buckets)[kind]

    @property
    def text(self) -> str:
        """The partition written out: the buckets most kinds share, then a clause for each
        other kind (reparses to this partition)."""
        kinds = dict(self.buckets)
        common = kinds["centre"] if kinds["centre"] in (kinds["edge"], kinds["corner"]) else None
        common = common or kinds["edge"]
        parts = [" ".join(common)]
        parts += [f"{kind}: {' '.join(kinds[kind])}" for kind in KINDS if kinds[kind] != common]
        return ", ".join(parts)

    def cell_buckets(self, rows: int, cols: int) -> tuple[Buckets, ...]:
        """The buckets of every cell of an R x C board, row-major."""
        return tuple(self.of_kind(cell_kind(rows, cols, index)) for index in range(rows * cols))


def cell_kind(rows: int, cols: int, index: int) -> str:
    """``"corner"`` for a cell on two sides of the board, ``"edge"`` on one, else ``"centre"``.

    >>> [cell_kind(3, 3, i) for i in (0, 1, 4)]
    ['corner', 'edge', 'centre']
    """
    row, col = divmod(index, cols)
    sides = (row in (0, rows - 1)) + (col in (0, cols - 1))
    return ("centre", "edge", "corner")[sides]


def _buckets(text: str, where: str, alphabet: str) -> Buckets:
    buckets = tuple("".join(sorted(bucket)) for bucket in text.split())
    if not buckets:
        raise InputError(f"partition {where}: no buckets")
    seen: dict[str, str] = {}
    for bucket in buckets:
        for letter in bucket:
            if letter not in alphabet:
                raise InputError(
                    f"partition {where}: {letter!r} is not one of the letters {alphabet}"
                )
            if letter in seen:
                raise InputError(f"partition {where}: the letter {letter} is in two buckets")
            seen[letter] = bucket
    missing = [letter for letter in alphabet if letter not in seen]
    if missing:
        raise InputError(
            f"partition {where}: no bucket holds {', '.join(missing)} (every letter must be in "
            "one bucket, or the boards using it go unproven)"
        )
    return buckets


def parse_partition(text: str, alphabet: str = ALPHABET, name: str = "custom") -> Partition:
    """A partition from its text (see the module docstring), checked to split ``alphabet``.

    >>> parse_partition("aeiosuy bcdfghjklmnpqrtvwxz").of_kind("edge")
    ('aeiosuy', 'bcdfghjklmnpqrtvwxz')
    >>> parse_partition("aei bc, corner: abcei", alphabet="abcei").text
    'aei bc, corner: abcei'
    """
    clauses = [clause.strip() for clause in text.lower().split(",")]
    common: Buckets | None = None
    kinds: dict[str, Buckets] = {}
    for clause in clauses:
        kind, colon, rest = clause.partition(":")
        kind = kind.strip()
        if not colon:
            if common is not None:
                raise InputError(f"partition {text!r}: two clauses name no kind of cell")
            common = _buckets(clause, repr(text), alphabet)
            continue
        if kind not in KINDS:
            raise InputError(
                f"partition {text!r}: {kind!r} is not a kind of cell ({', '.join(KINDS)})"
            )
        if kind in kinds:
            raise InputError(f"partition {text!r}: two clauses for {kind} cells")
        kinds[kind] = _buckets(rest, f"{text!r} ({kind})", alphabet)
    for kind in KINDS:
        if kind not in kinds:
            if common is None:
                raise InputError(f"partition {text!r}: no buckets for {kind} cells")
            kinds[kind] = common
    return Partition(name, tuple((kind, kinds[kind]) for kind in KINDS))


@cache
def presets() -> dict[str, Partition]:
    """The named partitions of ``partitions.toml``, by name."""
    data = tomllib.loads(resources.files(__package__).joinpath("partitions.toml").read_text())
    found = {}
    for name, entry in data.items():
        clauses = [entry["buckets"]] + [f"{kind}: {entry[kind]}" for kind in KINDS if kind in entry]
        partition = parse_partition(", ".join(clauses), name=name)
        found[name] = Partition(name, partition.buckets, entry.get("about", ""))
    return found


def default_partition(rows: int, cols: int) -> str:
    """The preset a proof of an R x C board uses unless told otherwise."""
    return SMALL_DEFAULT if rows * cols <= SMALL_CELLS else LARGE_DEFAULT


def partition(name_or_text: str) -> Partition:
    """A preset by name, or a partition written out (a name that is neither is one line)."""
    found = presets().get(name_or_text.strip().lower())
    if found is not None:
        return found
    if not any(ch.isspace() or ch in ",:" for ch in name_or_text.strip()):
        raise InputError(
            f"--partition {name_or_text!r}: no such preset ({', '.join(presets())}); or write "
            "the buckets out, such as 'aeiou bdfgjqvwxz lnrsy chkmpt'"
        )
    return parse_partition(name_or_text)
