"""The report's tests' shared fixture: the fixture run's report, rendered once per test process
(its plots and pages take about 10 s here) for test_tables.py and test_html_report.py alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from lexibench.benchmarks.harness.records import default_inputs, load
from lexibench.benchmarks.report import build, html
from lexibench.benchmarks.report.history import Manifest, kept_files
from tests.commands import ROOT

#: The small real run the report's tests read.
FIXTURE = ROOT / "tests" / "fixtures" / "results"


class FixtureReport(NamedTuple):
    """The fixture run's report as :func:`fixture_report` wrote it."""

    out: Path
    """The results folder: the raw files' report, and one run kept in its history."""
    readme: Path
    """A README with headline markers, whose block the report replaced."""
    documents: tuple[Any, ...]
    """The documents the HTML pages were made from."""


@pytest.fixture(scope="session")
def fixture_report(tmp_path_factory: pytest.TempPathFactory) -> FixtureReport:
    """The fixture run (tests/fixtures/results) written as ``lexibench tables --readme`` writes
    it, into a results folder that keeps one earlier run in its history. Tests only read it; one
    that changes files works on a copy."""
    folder = tmp_path_factory.mktemp("fixture-report")
    out = folder / "results"
    raw = {str(p.relative_to(FIXTURE)): p.read_bytes() for p in default_inputs(FIXTURE)}
    manifest = Manifest(
        commit="0123456789abcdef0123456789abcdef01234567",
        dirty=False,
        datetime="2026-11-26T12:00:00+00:00",
        steps={"suite games": 10.0, "tables": 2.0},
        seconds=12.0,
    )
    for path, data in kept_files(out, manifest, raw).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    readme = folder / "README.md"
    readme.write_text(f"# x\n{build.README_START}\nold\n{build.README_END}\ntail\n")
    made: list[tuple[Any, ...]] = []
    real = html.pages

    def pages(*args: Any) -> dict[Path, bytes]:
        made.append(args)
        return real(*args)

    inputs = default_inputs(FIXTURE)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(html, "pages", pages)
        build.write_report(load(inputs), out, readme, inputs=inputs)
    ((documents, _, _),) = made
    return FixtureReport(out, readme, tuple(documents))
