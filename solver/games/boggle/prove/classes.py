"""Board classes: which top-level classes a proof covers, their ids, and the split order.

A top-level class gives each cell of an R x C board one bucket of its partition
(:mod:`.partitions`). Its id is the mixed-radix number whose digit ``i`` (least significant
first) is the bucket of cell ``i``, row-major. A rotation or reflection of the board maps a class
to another class holding the turned boards, which score the same; so only *canonical* classes,
those whose id is the smallest of their images, need a proof: for any board B, some symmetry g
maps B's class to a canonical class, which holds g(B), and g(B) scores as B.

The split order is the order in which a class's cells are fixed to single letters, and the
order the orderly tree sorts a word's cells in: the best-connected cells first (they take part in
the most words), nearest the centre first among equals, then by index.
"""

from __future__ import annotations

import itertools
import math
import operator
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import neighbours, symmetries
from lexibench.solver.games.boggle.prove.partitions import Buckets, Partition

#: The most classes (symmetric ones included) a proof enumerates: more is a board far beyond
#: what a proof can finish (4x4 with the default partition has 8.5 million).
MAX_CLASSES: Final = 100_000_000


@dataclass(frozen=True)
class ClassSpace:
    """The top-level classes of R x C boards under per-cell buckets (see the module docstring)."""

    rows: int
    cols: int
    buckets: tuple[Buckets, ...]
    """Per cell (row-major), its buckets."""

    @cached_property
    def radices(self) -> tuple[int, ...]:
        """Per cell, its number of buckets."""
        return tuple(len(b) for b in self.buckets)

    @cached_property
    def total(self) -> int:
        """The number of classes, symmetric ones included."""
        return math.prod(self.radices)

    def digits(self, class_id: int) -> tuple[int, ...]:
        """Per cell, the index of its bucket in class ``class_id``."""
        if not 0 <= class_id < self.total:
            raise ValueError(f"class {class_id}: ids run from 0 to {self.total - 1}")
        out = []
        for radix in self.radices:
            class_id, digit = divmod(class_id, radix)
            out.append(digit)
        return tuple(out)

    def class_id(self, digits: tuple[int, ...]) -> int:
        """The id of the class whose cell ``i`` holds bucket ``digits[i]``."""
        value = 0
        for digit, radix in zip(reversed(digits), reversed(self.radices), strict=True):
            value = value * radix + digit
        return value

    def letters(self, class_id: int) -> tuple[str, ...]:
        """Per cell, the letters class ``class_id`` allows (``q``: the Qu tile)."""
        return tuple(b[d] for b, d in zip(self.buckets, self.digits(class_id), strict=True))

    def text(self, class_id: int) -> str:
        """The class written out: each cell's letters in brackets, rows joined by ``/``."""
        cells = [f"[{letters}]" for letters in self.letters(class_id)]
        return "/".join(
            "".join(cells[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)
        )

    def images(self, class_id: int) -> list[int]:
        """The ids of the class's images under every symmetry of the board (itself first)."""
        digits = self.digits(class_id)
        return [
            self.class_id(tuple(digits[k] for k in image))
            for image in symmetries(self.rows, self.cols)
        ]

    @cached_property
    def _image_getters(self) -> list[Callable[[tuple[int, ...]], tuple[int, ...]]]:
        """For each symmetry but the identity, the :func:`operator.itemgetter` that reads a
        class's digits, most significant first (the last cell first), as its image's."""
        n = self.rows * self.cols
        return [
            operator.itemgetter(*[n - 1 - image[n - 1 - k] for k in range(n)])
            for image in symmetries(self.rows, self.cols)[1:]
        ]

    def is_canonical(self, class_id: int) -> bool:
        """True when no image of the class has a smaller id: its digits, most significant first,
        are no larger than any image's (read as :meth:`canonical_ids` reads them).

        Raises ``ValueError`` for an id out of range."""
        if self.rows * self.cols == 1:
            self.digits(class_id)
            return True
        high_first = self.digits(class_id)[::-1]
        return all(high_first <= get(high_first) for get in self._image_getters)

    def canonical_ids(self) -> Iterator[int]:
        """Every canonical class id, ascending.

        Digit tuples are produced most significant first (the last cell first), which is
        ascending id order; a class is canonical when its tuple is no larger than any image's,
        each image read by one :func:`operator.itemgetter` call."""
        n = self.rows * self.cols
        getters = self._image_getters
        ranges = [range(radix) for radix in reversed(self.radices)]
        for class_id, high_first in enumerate(itertools.product(*ranges)):
            if n == 1 or all(high_first <= get(high_first) for get in getters):
                yield class_id

    @cached_property
    def canonical_count(self) -> int:
        """The number of canonical classes (one per orbit), by Burnside's lemma: the mean over
        the board's symmetries of the classes each leaves as they are (those whose cells of a
        cycle of the symmetry share one bucket), without listing any class."""
        fixed = 0
        group = symmetries(self.rows, self.cols)
        for image in group:
            seen = [False] * len(image)
            count = 1
            for start in range(len(image)):
                if seen[start]:
                    continue
                radix, k = self.radices[start], start
                while not seen[k]:  # the cycle of the symmetry through ``start``
                    seen[k] = True
                    radix = min(radix, self.radices[k])
                    k = image[k]
                count *= radix
            fixed += count
        return fixed // len(group)

    def sample(self, count: int, rng: random.Random) -> list[int]:
        """``count`` distinct canonical class ids (all, when there are no more), ascending, drawn
        uniformly: random ids are drawn and the canonical ones kept, so no class is listed
        (each orbit of g images has one canonical id among its ids)."""
        if count >= self.canonical_count:
            return list(self.canonical_ids())
        found: set[int] = set()
        while len(found) < count:
            class_id = rng.randrange(self.total)
            if self.is_canonical(class_id):
                found.add(class_id)
        return sorted(found)


def dispatch_order(class_ids: list[int]) -> list[int]:
    """``class_ids`` in the order a proof hands them out: shuffled, the same way every time (a
    generator seeded with a fixed text). Classes differ in cost by orders of magnitude and
    neighbouring ids are alike, so in this order the classes done so far are a fair sample of
    all: the estimate of the time left holds, and a partial run projects the whole.

    >>> dispatch_order([1, 2, 3, 4, 5]) == dispatch_order([1, 2, 3, 4, 5]) != [1, 2, 3, 4, 5]
    True
    """
    shuffled = list(class_ids)
    random.Random("lexibench prove: dispatch order").shuffle(shuffled)
    return shuffled


def split_order(rows: int, cols: int) -> tuple[int, ...]:
    """The cells of an R x C board in split order (see the module docstring).

    >>> split_order(3, 3)
    (4, 1, 3, 5, 7, 0, 2, 6, 8)
    """
    nbrs = neighbours(rows, cols)
    middle_row, middle_col = (rows - 1) / 2, (cols - 1) / 2

    def key(cell: int) -> tuple[int, float, int]:
        row, col = divmod(cell, cols)
        return (-len(nbrs[cell]), (row - middle_row) ** 2 + (col - middle_col) ** 2, cell)

    return tuple(sorted(range(rows * cols), key=key))


def check_classes(rows: int, cols: int, chosen: Partition) -> None:
    """Refuse a proof of more classes than :data:`MAX_CLASSES`, before any work."""
    total = ClassSpace(rows, cols, chosen.cell_buckets(rows, cols)).total
    if total > MAX_CLASSES:
        raise InputError(
            f"--size {rows}x{cols} with partition {chosen.name}: {total:,} classes, more than a "
            f"proof takes ({MAX_CLASSES:,})"
        )
