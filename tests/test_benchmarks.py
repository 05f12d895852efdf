"""The benchmark code: a smoke pass of every suite, the whole pipeline with a throwaway backend,
and the table generator on a small fixture (determinism, errors, atomic writes)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import report, results_io
from benchmarks.atomic import write_text_atomic
from benchmarks.workloads import letterboxed_puzzles, query_sets
from solver import search
from solver.errors import InputError
from solver.wordlist import load_wordlist
from tests.plugin import install_plugin

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "results"
#: What a full run writes into results/raw/ (memory.json goes beside it).
RAW_FILES = [
    "build.json",
    "bulk.json",
    "letterboxed.json",
    "lookup.json",
    "scaling-memory.json",
    "scaling.json",
    "solve.json",
    "startup.json",
]


@pytest.fixture(scope="module")
def sample_wordlist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A seeded 4,000-word sample of the default list, small enough for every backend."""
    words = random.Random(3).sample(load_wordlist().words, 4000)
    path = tmp_path_factory.mktemp("words") / "sample.txt"
    path.write_text("\n".join(sorted(words)) + "\n")
    return path


def _run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False, env=env)


def test_smoke_every_suite(sample_wordlist: Path) -> None:
    done = _run(
        [
            sys.executable, "-m", "pytest", "benchmarks", "--benchmark-disable", "-q",
            "-p", "no:cacheprovider", "--lexibench-wordlist", str(sample_wordlist),
            "--lexibench-boards", "2", "--lexibench-sizes", "3x3,4x4,6x6",
            "--lexibench-queries", "40", "--lexibench-puzzles", "2", "--lexibench-rounds", "1",
            "--lexibench-sweep", "smoke",
        ]
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout
    assert "failed" not in done.stdout


def test_pipeline_picks_up_a_new_backend(sample_wordlist: Path, tmp_path: Path) -> None:
    """An entry-point backend is benchmarked, measured and tabled with no other change."""
    plugin = install_plugin(tmp_path / "plugin")
    env = {**os.environ, "PYTHONPATH": f"{plugin}{os.pathsep}{ROOT}"}
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n{report.README_START}\nold\n{report.README_END}\n\nrest\n")
    out = tmp_path / "results"
    done = _run(
        [
            sys.executable, "-m", "benchmarks.run", "--wordlist", str(sample_wordlist),
            "--results", str(out), "--readme", str(readme), "--memory-runs", "1",
            "--sweep", "smoke", "--bulk-counts", "20",
            "--lexibench-boards", "2", "--lexibench-sizes", "4x4", "--lexibench-queries", "20",
            "--lexibench-puzzles", "1", "--lexibench-rounds", "1",
        ],
        env,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert sorted(p.name for p in (out / "raw").iterdir()) == RAW_FILES
    text = (out / "report.md").read_text()
    solve_4x4 = text.split("## Solve 4x4")[1].split("##")[0]
    assert "| tuple-scan " in solve_4x4
    assert "| dict-trie " in solve_4x4
    assert "| step " in solve_4x4
    assert "Not measured, unavailable here: broken" in text
    startup = text.split("## Start-up and time to first answer")[1].split("##")[0]
    assert "| tuple-scan " in startup
    builds = text.split("## Compiled and interpreted search (4x4)")[1].split("##")[0]
    assert "| tuple-scan " in builds
    assert "| dict-trie " in builds
    assert f"solver search {'compiled with mypyc' if search.build() == 'mypyc' else 'interp'}" in (
        text
    )
    assert "tuple-scan" in json.loads((out / "memory.json").read_text())["backends"]
    assert (out / "plots" / "solve-4x4.png").stat().st_size > 1000
    scaling = (out / "scaling.md").read_text()
    for heading in ("## Dictionary size", "## Board size", "## Bulk runs"):
        assert heading in scaling
    assert "| tuple-scan " in scaling.split("## Board size")[1]
    new_readme = readme.read_text()
    assert "old" not in new_readme
    assert "| tuple-scan " in new_readme
    assert new_readme.endswith("\n\nrest\n")


def _fixture_inputs() -> list[Path]:
    return results_io.default_inputs(FIXTURE)


def test_tables_from_fixture_are_deterministic(tmp_path: Path) -> None:
    results = results_io.load_results(_fixture_inputs())
    first = [p.read_bytes() for p in report.write_report(results, tmp_path / "a")]
    second = [p.read_bytes() for p in report.write_report(results, tmp_path / "b")]
    assert first == second
    text = (tmp_path / "a" / "report.md").read_text()
    for heading in ("## The run", "## Solve 4x4", "## Build, load and memory", "## Letter Boxed"):
        assert heading in text
    assert "## Look-ups: `is_word`" in text
    assert "![ms per 4x4 board](plots/solve-4x4.png)" in text
    scaling = (tmp_path / "a" / "scaling.md").read_text()
    assert "log-log slope" in scaling
    assert "Measured speed-up from `--jobs 2`" in scaling


def test_fixture_table_values() -> None:
    results = results_io.load_results(_fixture_inputs())
    table, notes = report.solve_table(results, "4x4")
    lines = table.splitlines()
    assert lines[0].split("|")[1].strip() == "backend"
    first = [cell.strip() for cell in lines[2].split("|")[1:-1]]
    assert first[4] == "1.00"  # the fastest row leads, with ratio 1
    ratios = [
        float(line.split("|")[5].replace(",", "")) for line in lines[2:] if "not run" not in line
    ]
    assert ratios == sorted(ratios)
    assert any("unsorted-list" in line and "[1]" in line for line in lines)
    assert notes
    assert notes[0].startswith("[1] unsorted-list: first 1 of the")


def test_tables_command(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    from solver.cli import main

    inputs = [str(p) for p in _fixture_inputs()]
    assert main(["tables", "--out", str(tmp_path), *inputs]) == 0
    assert "report.md" in capfd.readouterr().err
    assert (tmp_path / "plots" / "memory-vs-speed.png").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{not json", "not valid JSON (line 1"),
        ('{"benchmarks": [{"name": "x", "extra_info": {}}]}', "is not lexibench's"),
        ('{"hello": 1}', "neither a pytest-benchmark JSON nor a lexibench results file"),
        ('{"schema": "lexibench-memory/1"}', "without a 'backends' object"),
    ],
)
def test_bad_results_files(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    from solver.cli import main

    path = tmp_path / "raw.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(InputError, match=re.escape(message)):
        results_io.load_results([path])
    assert main(["tables", "--out", str(tmp_path / "out"), str(path)]) == 2
    captured = capfd.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_readme_without_markers_is_an_error(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# nothing here\n")
    with pytest.raises(InputError, match="has no headline markers"):
        report.update_readme(readme, "table")
    assert readme.read_text() == "# nothing here\n"


def test_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "report.md"
    target.write_text("old report\n")

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_text_atomic(target, "new report\n")
    assert target.read_text() == "old report\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]


def test_query_sets_are_what_they_say() -> None:
    words = load_wordlist().words[:20000]
    sets = query_sets(words, seed=1, count=300)
    vocab = set(words)
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
    assert all(q in vocab for q in sets["hits"])
    assert not any(q in prefixes for q in sets["misses"])
    for k in (2, 4, 8):
        assert all(len(q) == k and q in prefixes for q in sets[f"prefix-{k}"])
    assert len(sets["mixed"]) == 300
    assert sets == query_sets(words, seed=1, count=300)


def test_letterboxed_puzzles_are_valid_and_seeded() -> None:
    puzzles = letterboxed_puzzles(seed=4, count=10)
    assert puzzles == letterboxed_puzzles(seed=4, count=10)
    for box in puzzles:
        assert len(set(box.letters)) == 12
        assert "q" not in box.letters


def test_fixture_is_present() -> None:
    assert FIXTURE.is_dir(), "tests/fixtures/results holds a small real run for the table tests"
    assert sorted(p.name for p in _fixture_inputs()) == sorted([*RAW_FILES, "memory.json"])
