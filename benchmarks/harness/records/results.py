"""What a set of raw files loads to (:class:`Results`): every timed case, every suite run's
description and the fresh-process measurements, with when each file was measured."""

from __future__ import annotations

import datetime as dt
import typing
from dataclasses import dataclass, field
from typing import Final, TypeVar

from lexibench.benchmarks.harness.records.process_files import (
    BulkFile,
    MemoryFile,
    MemorySweepFile,
    StartupFile,
)
from lexibench.benchmarks.harness.records.suite_files import Bench, Run
from lexibench.benchmarks.harness.records.suite_records import BackendMeta, NotRun, Record

R = TypeVar("R", bound=Record)

#: The most hours between the first and the last raw file of one run (``make bench`` takes under
#: one).
ONE_RUN_HOURS: Final = 2


def moment(stamp: str) -> dt.datetime:
    """An ISO 8601 time (a naive one taken as UTC)."""
    found = dt.datetime.fromisoformat(stamp)
    return found if found.tzinfo else found.replace(tzinfo=dt.UTC)


@dataclass
class Results:
    """Everything loaded from a set of raw files."""

    benches: list[Bench[Record]] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    memory: MemoryFile | None = None
    memory_sweep: MemorySweepFile | None = None
    bulk: BulkFile | None = None
    startup: StartupFile | None = None
    sources: list[str] = field(default_factory=list)
    measured: dict[str, str] = field(default_factory=dict)
    """When each raw file was measured (its ``datetime``), by its name."""

    @property
    def run(self) -> Run | None:
        """The description of the newest suite run."""
        return max(self.runs, key=lambda r: r.datetime) if self.runs else None

    def span(self) -> tuple[str, str] | None:
        """The oldest and the newest of the raw files' measurement times (ISO 8601)."""
        if not self.measured:
            return None
        stamps = sorted(self.measured.values(), key=moment)
        return stamps[0], stamps[-1]

    @property
    def one_run(self) -> bool:
        """True when every raw file was measured within :data:`ONE_RUN_HOURS` of the others,
        as one ``make bench`` measures them; False when some were measured again later (one
        suite re-run, say), so the report says each file's date."""
        span = self.span()
        if span is None:
            return True
        return (moment(span[1]) - moment(span[0])).total_seconds() <= ONE_RUN_HOURS * 3600

    @property
    def not_run(self) -> list[NotRun]:
        return [item for run in self.runs for item in run.record.not_run]

    @property
    def backends(self) -> dict[str, BackendMeta]:
        """What the runs recorded of each backend (the newest run last, so it wins)."""
        merged: dict[str, BackendMeta] = {}
        for run in sorted(self.runs, key=lambda r: r.datetime):
            merged.update(run.record.backends)
        return merged

    def of(self, suite: type[R]) -> list[Bench[R]]:
        """The benchmarks of one suite, by its record type."""
        return [typing.cast(Bench[R], b) for b in self.benches if type(b.record) is suite]

    def not_run_of(self, suite: type[Record]) -> list[NotRun]:
        """The cases of one suite (by its record type) that were not run."""
        return [c for c in self.not_run if c.suite == suite.suite]
