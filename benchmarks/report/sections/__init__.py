"""The sections of the reports, one module each, in one convention.

Each module exposes ``render(results: Results) -> Section``: the section's Markdown lines and
its plots (matplotlib figures by PNG file name; the lines show them as ``plots/<name>``, the
HTML report as interactive figures), or an empty
:class:`Section` when the raw files have nothing for it. :mod:`benchmarks.report.build`
assembles them, in its order, into ``report.md`` and ``scaling.md`` and writes the plots.

``report.md``: :mod:`.answer` (which structure to use), :mod:`.run_info` (machine, packages,
workload), :mod:`.startup` (start-up and time to first answer), :mod:`.solve` (a table and a
plot per board size), :mod:`.tiers`, :mod:`.best` (the best-board search), :mod:`.prove` (proving
the best board), :mod:`.articles`
(the articles' figures reproduced), :mod:`.pitfalls`, :mod:`.interpreted` (compiled and
interpreted search), :mod:`.memory` (build, load and memory), :mod:`.lookups`,
:mod:`.games` (every other game), :mod:`.crossword` (the crossword game: DAWG against GADDAG).
``scaling.md``: :mod:`.dictionary` (dictionary size, with the memory
sweep), :mod:`.board_size`, :mod:`.bulk`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@dataclass(frozen=True)
class Section:
    """One section of a report: its Markdown lines, and its plots by PNG file name."""

    lines: tuple[str, ...] = ()
    plots: Mapping[str, Figure] = field(default_factory=dict)

    @classmethod
    def of(cls, lines: list[str], plots: Mapping[str, Figure] | None = None) -> Section:
        return cls(tuple(lines), dict(plots or {}))


EMPTY = Section()
"""A section with nothing to show."""


@dataclass(frozen=True)
class Document:
    """A report's Markdown file and the sections it was made of (each named by its module), for
    the HTML report to lay out again."""

    path: Path
    intro: tuple[str, ...]
    sections: tuple[tuple[str, Section], ...]
