"""pytest-benchmark's JSON around the suites' records: a suite's file (:class:`SuiteFile`), each
timed case in it (:class:`Bench`: its name, pytest-benchmark's statistics and options, and the
suite's record) and the suite run it describes (:class:`Run`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Generic, TypeVar

import msgspec
from msgspec import Meta, Struct

from lexibench.benchmarks.harness.records.parts import Positive, Seconds
from lexibench.benchmarks.harness.records.suite_records import (
    BenchRecord,
    Record,
    RunRecord,
)

R_co = TypeVar("R_co", bound=Record, covariant=True)


class Stats(Struct):
    """pytest-benchmark's statistics of one benchmark, in seconds per round."""

    median: Seconds
    min: Seconds
    max: Seconds
    q1: Seconds
    q3: Seconds
    rounds: Positive
    data: tuple[Seconds, ...] = ()
    """Every round's seconds (per iteration), as pytest-benchmark's JSON holds them."""


class RoundsOptions(Struct):
    """pytest-benchmark's options of one benchmark that say how its rounds were taken (its
    ``--benchmark-min-rounds`` and ``--benchmark-max-time``; its other options are not read)."""

    min_rounds: int | None = None
    max_time: float | None = None


class Bench(Struct, Generic[R_co]):
    """One timed case: pytest-benchmark's name, timing and options, and the suite's record."""

    name: str
    timing: Stats = msgspec.field(name="stats")
    record: R_co = msgspec.field(name="extra_info")
    options: RoundsOptions | None = None
    """How its rounds were taken (None in a file that does not say)."""

    def per_unit_ms(self) -> float:
        """Median milliseconds per unit of work."""
        return self.timing.median * 1000 / self.record.units


class Cpu(Struct):
    """pytest-benchmark's ``machine_info["cpu"]``: the processors."""

    count: Positive
    brand_raw: str | None = None
    """The processor's model, as the system names it."""


class MachineInfo(Struct):
    """pytest-benchmark's ``machine_info``, with the run's record under ``lexibench``."""

    python_version: str
    cpu: Cpu
    lexibench: RunRecord
    """The run's record: its settings, packages, builds, backends and cases not run."""
    system: str | None = None
    """The operating system (``Linux``); then its release and the machine (``x86_64``), as
    :mod:`platform` names them."""
    release: str | None = None
    machine: str | None = None
    python_implementation: str | None = None


class SuiteFile(Struct):
    """A suite's pytest-benchmark JSON (the fields the reports read)."""

    machine_info: MachineInfo
    benchmarks: Annotated[tuple[Bench[BenchRecord], ...], Meta(min_length=1)]
    datetime: str


@dataclass(frozen=True)
class Run:
    """A suite run's description: machine, Python, packages, settings, what was left out."""

    datetime: str
    machine: str
    cpus: int
    system: str
    python: str
    record: RunRecord
    source: str = ""
    """The raw file it came from (``games.json``)."""

    @classmethod
    def of(cls, data: SuiteFile, source: str = "") -> Run:
        mi = data.machine_info
        system = f"{mi.system or '?'} {mi.release or ''} {mi.machine or ''}"
        return cls(
            datetime=data.datetime,
            machine=mi.cpu.brand_raw or "unknown CPU",
            cpus=mi.cpu.count,
            system=system.replace("  ", " ").strip(),
            python=f"{mi.python_implementation or '?'} {mi.python_version}",
            record=mi.lexibench,
            source=source,
        )
