"""Solving many boards: one output line per board, wherever the work runs.

:class:`LinesJob` is a :class:`~lexibench.solver.execution.Job`: every process opens the lexicon
once (or inherits it) and turns batches of boards into JSON lines (:mod:`.lines`), the full line of
``solve --json`` or the summary. :func:`solve_lines` runs it over boards here, in processes or on
a Dask cluster, the lines in input order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from lexibench.solver.execution import HERE, Where, ordered_map
from lexibench.solver.games.boggle.board import Board
from lexibench.solver.games.boggle.lines import LineMaker
from lexibench.solver.games.boggle.solve import (
    DEFAULT_MAX_PATHS,
    find_word_list,
    find_words,
    resolve,
)
from lexibench.solver.lexicons import LexiconSpec, Opened, open_spec
from lexibench.solver.tiers import Tier

#: Boards per batch in worker processes, and per task on Dask (a task costs a few ms).
BATCH: Final = 64
DASK_BATCH: Final = 2_000


class Lines:
    """Makes each board's output line with one lexicon and one set of options."""

    def __init__(self, job: LinesJob, opened: Opened) -> None:
        self.lexicon = opened.lexicon
        self.job = job
        self.tier = resolve(opened.lexicon, job.tier, opened.backend)
        self.maker = LineMaker(opened.wordlist, opened.backend, job.all_paths)

    def __call__(self, board: Board) -> bytes:
        job = self.job
        if job.summary:
            words = find_word_list(board, self.lexicon, min_length=job.min_length, tier=self.tier)
            return self.maker.summary(board, words)
        found = find_words(
            board,
            self.lexicon,
            min_length=job.min_length,
            tier=self.tier,
            all_paths=job.all_paths,
            max_paths=job.max_paths,
        )
        return self.maker.full(board, found)


@dataclass(frozen=True)
class LinesJob:
    """The lines of a boards file: the lexicon to open and what each line holds."""

    spec: LexiconSpec
    tier: Tier = Tier.AUTO
    min_length: int = 3
    all_paths: bool = False
    max_paths: int = DEFAULT_MAX_PATHS
    summary: bool = False

    def open(self) -> Lines:
        """Open the lexicon (from its file or the cache) and make the line maker."""
        return Lines(self, open_spec(self.spec, freeze=True))

    def run(self, state: Lines, batch: list[Board]) -> list[bytes]:
        """The lines of a batch of boards."""
        return list(map(state, batch))


def solve_lines(
    job: LinesJob, boards: Iterable[Board], where: Where = HERE, opened: Opened | None = None
) -> Iterator[bytes]:
    """Every board's line, in input order, made wherever ``where`` says. ``opened``: the lexicon
    this process has already opened for ``job`` (used here, inherited by forked workers)."""
    state = Lines(job, opened) if opened is not None else None
    return ordered_map(job, boards, where, state=state, batch=BATCH, dask_batch=DASK_BATCH)
