"""The benchmark suites: a smoke pass of every suite, pytest-benchmark's own views, and the whole
pipeline with a throwaway backend added through an entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexibench.benchmarks.harness.records import load
from lexibench.benchmarks.report import build as report
from lexibench.solver.games.boggle import search
from tests.commands import ROOT
from tests.plugin import install_plugin

#: What a full run writes into results/raw/ (memory.json goes beside it).
RAW_FILES = [
    "best.json",
    "build.json",
    "bulk.json",
    "crossword.json",
    "games.json",
    "interpreted.json",
    "lookup.json",
    "pitfalls.json",
    "prove.json",
    "scaling-memory.json",
    "scaling.json",
    "startup.json",
]
FAST = ["--benchmark-max-time=0.0001", "--benchmark-min-rounds=2"]


def _run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False, env=env)


def test_smoke_every_suite(sample_wordlist: Path) -> None:
    done = _run(
        [
            sys.executable, "-m", "pytest", "benchmarks/suites", "--benchmark-disable",
            "-q", "-rs",
            "-p", "no:cacheprovider", "--lexibench-wordlist", str(sample_wordlist),
            "--lexibench-boards", "2", "--lexibench-sizes", "3x3,4x4,6x6",
            "--lexibench-queries", "40", "--lexibench-puzzles", "2", "--lexibench-sweep", "smoke",
            "--lexibench-scale", "quick", "--lexibench-search-budget", "3000",
        ]
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout
    assert "failed" not in done.stdout
    # Cases not run are skips with their reason, never timed no-ops.
    assert "SKIPPED" in done.stdout
    assert "not run" in done.stdout  # each skip says why


def test_pytest_benchmark_views_show_no_false_row(sample_wordlist: Path, tmp_path: Path) -> None:
    """Group by any parameter, a histogram, and `pytest-benchmark compare` all work; every group
    holds rows doing the same work per round; no case is a timed no-op."""
    out = tmp_path / "games.json"
    done = _run(
        [
            sys.executable, "-m", "pytest", "benchmarks/suites/bench_games.py",
            "--benchmark-only",
            "-q", "-p", "no:cacheprovider", f"--benchmark-json={out}",
            "--benchmark-group-by=param:structure", f"--benchmark-histogram={tmp_path / 'hist'}",
            "--lexibench-wordlist", str(sample_wordlist), "--lexibench-puzzles", "3",
            "--lexibench-games", "boggle", "--lexibench-workloads", "4x4,6x6",
            "--lexibench-backends", "unsorted-list,dawg,dict-trie",
            *FAST,
        ]
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert list(tmp_path.glob("hist*.svg"))
    data = json.loads(out.read_text())
    for bench in data["benchmarks"]:
        assert set(bench["params"]) >= {"game", "workload", "structure", "variant", "tier"}
        assert bench["extra_info"]["units"] >= 1
    groups: dict[str, set[int]] = {}
    for bench in data["benchmarks"]:
        groups.setdefault(bench["group"], set()).add(bench["extra_info"]["units"])
    assert all(len(units) == 1 for units in groups.values()), groups
    rows = {b["extra_info"]["backend"] for b in data["benchmarks"]}
    assert rows >= {"dawg", "dict-trie", "filter", "plain-python"}
    results = load([out])
    assert {c.backend for c in results.not_run} <= {"unsorted-list"}
    for group_by in ("param:workload", "param:tier", "param:structure", "group"):
        compare = _run(
            [
                sys.executable,
                "-m",
                "pytest_benchmark.cli",
                "compare",
                str(out),
                f"--group-by={group_by}",
            ]
        )
        assert compare.returncode == 0, compare.stderr[-2000:]


WORDLESS = '''
class WordlessLexicon:
    """A backend that gives wrong answers: it knows every prefix, and no word."""

    def __init__(self, words):
        words = set(words)
        self._count = len(words)
        self._prefixes = {w[:i] for w in words for i in range(len(w) + 1)}

    def __len__(self):
        return self._count

    def is_word(self, s):
        return False

    def has_prefix(self, s):
        return s in self._prefixes
'''


@pytest.fixture(scope="module")
def wordless(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder to put on ``sys.path``: the ``wordless`` backend, with its entry point."""
    folder = tmp_path_factory.mktemp("wordless")
    (folder / "wordless_mod.py").write_text(WORDLESS)
    dist_info = folder / "wordless-0.1.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: wordless\nVersion: 0.1\n")
    (dist_info / "entry_points.txt").write_text(
        "[lexibench.backends]\nwordless = wordless_mod:WordlessLexicon\n"
    )
    return folder


@pytest.mark.parametrize(
    ("suite", "select", "backend", "failure"),
    [
        ("bench_games.py", "test_game and boggle and 4x4", "wordless", "disagrees with the game"),
        ("bench_games.py", "test_game and boggle and 6x6", "dict-trie", None),
        ("bench_games.py", "test_game and letterboxed", "wordless", "disagrees with the game"),
        (
            "bench_interpreted.py",
            "test_solve_interpreted",
            "wordless",
            "disagrees with the reference",
        ),
        ("bench_best.py", "test_search_speed", "wordless", "the search took another course"),
        (
            "bench_scaling.py",
            "test_dictionary_size and all",
            "wordless",
            "disagrees with the reference",
        ),
        ("bench_scaling.py", "test_board_size and 4x4", "dict-trie", None),
    ],
)
def test_answers_are_checked_whatever_cases_run(
    sample_wordlist: Path,
    wordless: Path,
    suite: str,
    select: str,
    backend: str,
    failure: str | None,
) -> None:
    """A case run alone (``-k``, one backend) is checked against the reference's answers, not
    against whichever case ran first: a backend with wrong answers fails on its own, a right one
    passes on its own."""
    env = {**os.environ, "PYTHONPATH": f"{wordless}{os.pathsep}{ROOT}"}
    done = _run(
        [
            sys.executable, "-m", "pytest", f"benchmarks/suites/{suite}", "-k", select,
            "--benchmark-disable", "-q", "-p", "no:cacheprovider",
            "--lexibench-wordlist", str(sample_wordlist), "--lexibench-backends", backend,
            "--lexibench-boards", "3", "--lexibench-sizes", "4x4,6x6", "--lexibench-puzzles", "3",
            "--lexibench-sweep", "smoke", "--lexibench-search-compare", "100",
        ],
        env,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert " passed" in output or " failed" in output, output[-3000:]
    if failure is None:
        assert done.returncode == 0, output[-3000:]
    else:
        assert done.returncode == 1, output[-3000:]
        assert failure in output


def test_pipeline_picks_up_a_new_backend(sample_wordlist: Path, tmp_path: Path) -> None:
    """An entry-point backend is benchmarked, measured and tabled with no other change: the
    runner's every step, with the plugin's backend beside two built-in ones (every backend in
    every suite is :func:`test_smoke_every_suite`'s)."""
    plugin = install_plugin(tmp_path / "plugin")
    env = {**os.environ, "PYTHONPATH": f"{plugin}{os.pathsep}{ROOT}"}
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\n{report.README_START}\nold\n{report.README_END}\n\nrest\n")
    out = tmp_path / "results"
    done = _run(
        [
            sys.executable, "-m", "lexibench.benchmarks.run",
            "--lexibench-wordlist", str(sample_wordlist),
            "--results", str(out), "--readme", str(readme), "--memory-runs", "1",
            "--startup-runs", "1", "--lexibench-sweep", "smoke", "--bulk-counts", "20",
            "--lexibench-scale", "quick",
            "--lexibench-boards", "2", "--lexibench-sizes", "4x4", "--lexibench-queries", "20",
            "--lexibench-puzzles", "1", "--lexibench-search-runs", "1",
            "--lexibench-search-budget", "300", "--lexibench-search-compare", "30",
            "--lexibench-backends", "array-trie,dict-trie,tuple-scan", *FAST,
        ],
        env,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert sorted(p.name for p in (out / "raw").iterdir()) == RAW_FILES
    assert not (out / ".staging").exists()
    text = (out / "report.md").read_text()
    assert text.startswith("# lexibench results: a quick run\n")  # not the published run's
    assert "## Which structure should I use? (a quick run)" in text
    solve_4x4 = text.split("## Solve 4x4")[1].split("\n## ")[0]
    assert "| plain-python " in solve_4x4
    assert "| filter " in solve_4x4
    assert "| tuple-scan " in solve_4x4
    assert "| dict-trie " in solve_4x4
    assert "| step " in solve_4x4
    assert "Not measured, unavailable here: broken" in text
    assert "## Which structure should I use?" in text
    assert "## Best-board search" in text
    assert "| array-trie  | native |" in text.split("## Proving the best board")[1]
    cost = text.split("### What the run cost")[1].split("\n## ")[0]  # recorded by the suites
    assert "| games " in cost
    assert "| Boggle " in cost
    startup = text.split("## Start-up and time to first answer")[1].split("\n## ")[0]
    assert "| tuple-scan " in startup
    builds = text.split("## Compiled and interpreted search (4x4)")[1].split("\n## ")[0]
    assert "| tuple-scan " in builds
    assert f"solver search {'compiled with mypyc' if search.build() == 'mypyc' else 'interp'}" in (
        text
    )
    assert "lexi-plugin 1.2.3" in text  # the plugin's library version is recorded
    assert "tuple-scan" in json.loads((out / "memory.json").read_text())["backends"]
    assert (out / "plots" / "solve-4x4.png").stat().st_size > 1000
    scaling = (out / "scaling.md").read_text()
    for heading in ("## Dictionary size", "## Board size", "## Bulk runs"):
        assert heading in scaling
    assert "| tuple-scan " in scaling.split("## Board size")[1]
    bulk_runs = scaling.split("## Bulk runs")[1]
    for form in ("slashed", "spaced", "peers"):  # every form a file may hold, the same lines
        assert f"| {form} " in bulk_runs
    new_readme = readme.read_text()
    assert "\nold\n" not in new_readme
    assert "[results/report.md](results/report.md)" in new_readme  # the answer, its tables linked
    assert "### Which structure should I use?" in new_readme
    assert new_readme.endswith("\n\nrest\n")
