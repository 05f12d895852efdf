"""The table generator on a small real run (tests/fixtures/results): determinism, the answer
section, every malformed input refused with its file and field, and publishing all or nothing."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lexibench.benchmarks.harness.records import default_inputs, load
from lexibench.benchmarks.report import build as report
from lexibench.benchmarks.report import publish
from lexibench.benchmarks.report.sections import solve
from lexibench.benchmarks.report.sections.answer import answer_lines
from lexibench.solver.cli import main
from lexibench.solver.errors import InputError
from lexibench.structures.errors import BadInputError
from tests.benchmarks.conftest import FIXTURE, FixtureReport
from tests.commands import ROOT

RAW_FILES = sorted(p.name for p in (FIXTURE / "raw").glob("*.json"))


def inputs() -> list[Path]:
    return default_inputs(FIXTURE)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def written(fixture_report: FixtureReport) -> tuple[Path, Path]:
    """The fixture run's report, written once for the tests of this process
    (tests/benchmarks/conftest.py): its output folder, and a README with markers whose block it
    replaced. Tests only read it; :func:`published` gives each test a copy of its own to change."""
    return fixture_report.out, fixture_report.readme


@pytest.fixture
def published(tmp_path: Path, written: tuple[Path, Path]) -> tuple[Path, Path]:
    """An output folder with a report already in it, and a README with markers: a copy of
    :func:`written` (the same bytes and permission bits), this test's own."""
    out, readme = tmp_path / "out", tmp_path / "README.md"
    shutil.copytree(written[0], out)
    shutil.copy2(written[1], readme)
    return out, readme


def rendered_in(written: tuple[Path, Path], out: Path) -> dict[Path, bytes]:
    """What :func:`report.render` gives for the fixture run and ``out``: the files of
    :func:`written`'s report, under ``out`` (a render is the same bytes whatever the folder and
    whenever it is made: :func:`test_tables_are_deterministic`). For tests of how files are
    written, which need not render the plots again."""
    kept = "history/"  # the runs kept beside the report, which the runner writes, not a render
    return {
        out / name: data for name, data in snapshot(written[0]).items() if not name.startswith(kept)
    }


def test_fixture_is_a_whole_run() -> None:
    assert "games.json" in RAW_FILES
    assert "startup.json" in RAW_FILES
    assert (FIXTURE / "memory.json").is_file()


def test_tables_are_deterministic(tmp_path: Path, written: tuple[Path, Path]) -> None:
    """The report written again (here, after other tests ran in this process) is the module's
    report, byte for byte: the Markdown, the plots and the HTML pages."""
    shutil.copytree(written[0] / "history", tmp_path / "a" / "history")  # the same run kept
    report.write_report(load(inputs()), tmp_path / "a")
    assert snapshot(tmp_path / "a") == snapshot(written[0])
    text = (tmp_path / "a" / "report.md").read_text()
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[:3] == [
        "## Which structure should I use?",
        "## The run",
        "## Start-up and time to first answer",
    ]
    for heading in ("## Solve 4x4", "## Solve 5x5", "## Build, load and memory", "## Letter Boxed"):
        assert heading in headings
    assert "![ms per 4x4 board](plots/solve-4x4.png)" in text
    assert "fitted slope" in (tmp_path / "a" / "scaling.md").read_text()


def test_tiers_published_figures_and_pitfalls_are_reported(written: tuple[Path, Path]) -> None:
    """The tiers beside the plain-Python reference, each article's figures beside this run's
    with a verdict, and the pitfall rows marked as such."""
    text = (written[0] / "report.md").read_text()
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert "## Tiers" in headings
    assert "## Published results reproduced" in headings
    assert "## Pitfalls" in headings
    tiers = text.split("## Tiers", 1)[1].split("\n## ", 1)[0]
    assert "| array-trie   | native" in tiers
    assert "| plain-python | reference" in tiers
    published = text.split("## Published results reproduced", 1)[1].split("\n## ", 1)[0]
    for title in ("Solving Scramble With Friends", "Letter Boxed: an algorithmic solution"):
        assert f"### {title}" in published
    assert "held" in published
    assert "baseline" in published
    pitfalls = text.split("## Pitfalls", 1)[1].split("\n## ", 1)[0]
    assert "no-pruning (pitfall)" in pitfalls
    assert "completion-list (pitfall)" in pitfalls
    assert "12,029,640" in pitfalls  # the 4x4 board's paths, and the projection over them


def test_the_best_board_search_is_reported(written: tuple[Path, Path]) -> None:
    """Evaluations per second for every backend and tier, the seeded runs per size against
    their target, the seconds to reach each target, the two plots, and the Dask bulk rows."""
    out = written[0]
    text = (out / "report.md").read_text()
    section = text.split("## Best-board search", 1)[1].split("\n## ", 1)[0]
    speed = section.split("### Evaluations per second", 1)[1].split("###", 1)[0]
    rows = [line for line in speed.splitlines() if line.startswith("| ") and "---" not in line]
    assert rows[1].startswith("| array-trie ")
    assert "| native" in rows[1]
    scores = {row.split("|")[6].strip() for row in rows[1:]}
    assert len(scores) == 1  # the same search through every backend
    runs = section.split("### Seeded runs", 1)[1].split("###", 1)[0]
    for size in ("3x3", "3x4", "4x4"):
        assert f"| {size} " in runs
    assert "(best of this run)" in runs  # the fixture's sample list has no known boards
    assert "### Seconds to reach a score, 4x4" in section
    assert " †" in section
    assert (out / "plots" / "best-search-evaluations.png").stat().st_size > 1000
    assert (out / "plots" / "best-search-seconds.png").stat().st_size > 1000
    scaling = (out / "scaling.md").read_text()
    assert "| --dask-workers 2 " in scaling


def test_the_known_boards_name_enable2k_proven_boards() -> None:
    from lexibench.benchmarks.report.sections.best import known_boards

    name, boards = known_boards("92fb9a1fdee0ed22c3176ef627a97d4f7a6c9841ab6416aa16ed8d86a195ed06")
    assert name == "ENABLE2K"
    assert {size: (b.board, b.score, b.status) for size, b in boards.items()} == {
        "3x3": ("streaedlp", 545, "proven"),
        "3x4": ("perslatesind", 1651, "proven"),
        "4x4": ("perslatgsineters", 3625, "proven"),
    }
    assert boards["4x4"].targets == (3000, 3400, 3625)
    assert known_boards("0" * 64) == (None, {})


def test_the_answer_names_a_best_and_a_runner_up_per_need() -> None:
    lines = "\n".join(answer_lines(load(inputs()), "4x4")).splitlines()
    rows = [line for line in lines if line.startswith("| ") and "**" in line]
    needs = [(row.split("|")[1].strip(), row.split("|")[2].strip()) for row in rows]
    assert needs == [
        ("Boggle", "many boards"),
        ("Boggle", "one board from a cold start"),
        ("Boggle", "least memory"),
        ("Boggle", "smallest file"),
        ("Boggle", "fastest build"),
        ("Boggle", "letter-by-letter stepping"),
        ("Boggle", "no C compiler (pure Python)"),
        ("Letter Boxed", "puzzles"),
    ]
    assert all(row.split("|")[4].strip() for row in rows)  # a runner-up everywhere
    assert any(line.startswith("The Pareto set") for line in lines)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _report_tables(text: str) -> list[tuple[str, list[dict[str, str]]]]:
    """Each heading of a report (its text and a newline) with the rows of the first table
    under it, each row by its column headers (a footnote marker dropped)."""
    found: list[tuple[str, list[dict[str, str]]]] = []
    for block in re.split(r"^#+ ", text, flags=re.MULTILINE)[1:]:
        heading, _, body = block.partition("\n")
        first: list[str] = []
        for line in body.splitlines():
            if line.startswith("|"):
                first.append(line)
            elif first:
                break
        if len(first) > 2:
            header = _cells(first[0])
            rows = [dict(zip(header, _cells(line), strict=True)) for line in first[2:]]
            for row in rows:
                row.update({k: v.split(" [")[0] for k, v in row.items()})
            found.append((heading + "\n", rows))
    return found


def _figure(text: str) -> float:
    """The number a table cell or a headline figure starts with."""
    match = re.match(r"[\d,.]+", text)
    assert match, text
    return float(match.group().replace(",", ""))


def test_every_headline_figure_is_the_one_its_table_holds(written: tuple[Path, Path]) -> None:
    """Each need's best and runner-up figure, found again in the report's own table for the
    backend, tier and build the headline names (the pure-Python need: the interpreted search)."""
    from lexibench.benchmarks.report.sections.answer import game_needs, needs

    results = load(inputs())
    tables = _report_tables((written[0] / "report.md").read_text())
    checked = 0
    for need in needs(results, "4x4") + game_needs(results):
        for candidate in need.ranked[:2]:
            where = candidate.where
            assert where is not None, (need.need, candidate.label)
            body = next(rows for heading, rows in tables if heading.startswith(where.heading))
            matching = [r for r in body if all(r.get(k) == v for k, v in where.row)]
            assert matching, (need.need, where)
            held = _figure(matching[0][where.column])
            assert held == pytest.approx(candidate.value, rel=0.01), (need.need, candidate)
            assert _figure(candidate.text) == pytest.approx(held, rel=0.01), (need.need, candidate)
            checked += 1
    assert checked >= 16
    pure = next(n for n in needs(results, "4x4") if n.need.startswith("no C compiler"))
    assert all("interpreted" in c.label for c in pure.ranked)


def test_a_package_not_installed_is_said_so(tmp_path: Path) -> None:
    """A quick run's report printed 'Cython None ... mypy None' (a package looked for and not
    found is recorded without a version): the run section lists it as not installed."""
    from lexibench.benchmarks.report.sections import run_info

    copy = tmp_path / "results"
    shutil.copytree(FIXTURE, copy)
    for path in (copy / "raw").glob("*.json"):
        data = json.loads(path.read_text())
        if "benchmarks" in data:
            packages = data["machine_info"]["lexibench"]["packages"]
            packages |= {"Cython": None, "mypy": None}
            path.write_text(json.dumps(data))
    lines = run_info.render(load(default_inputs(copy))).lines
    [packages_line] = [line for line in lines if line.startswith("- Packages: ")]
    assert "None" not in packages_line
    assert packages_line.endswith("; not installed: Cython, mypy")
    assert "msgspec 0." in packages_line
    fixture_line = next(
        line for line in run_info.render(load(inputs())).lines if line.startswith("- Packages")
    )
    assert "not installed" not in fixture_line


def test_solve_table_is_sorted_by_number_with_spread() -> None:
    table, notes = solve.table(load(inputs()), "4x4")
    lines = table.splitlines()
    header = [c.strip() for c in lines[0].split("|")[1:-1]]
    assert header[:6] == ["backend", "tier", "ms/board", "min-max", "boards/s", "vs fastest"]
    ratios = [
        float(line.split("|")[6].replace(",", ""))
        for line in lines[2:]
        if "not run" not in line and "[" not in line
    ]
    assert ratios[0] == 1.0
    assert ratios == sorted(ratios)
    assert notes
    assert notes[0].startswith("[1] unsorted-list: first 1 of the")


def test_tables_command(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "--out", str(tmp_path), *map(str, inputs())]) == 0
    out, err = capfd.readouterr()
    assert out == ""
    assert "report.md" in err
    assert (tmp_path / "plots" / "tradeoff.png").exists()
    assert (tmp_path / "plots" / "build-load.png").exists()


def _broken(tmp_path: Path, name: str, change: object) -> Path:
    """A copy of a fixture raw file with one change applied to its JSON."""
    data = json.loads((FIXTURE / "raw" / name).read_text())
    assert callable(change)
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def _first_bench(data: dict[str, Any]) -> dict[str, Any]:
    benches = data["benchmarks"]
    assert isinstance(benches, list)
    first: dict[str, Any] = benches[0]
    return first


def _unknown_schema(name: str, schema: str) -> tuple[str, Callable[[Any], object], str]:
    """The case of a raw file ``name`` whose first record is tagged ``schema``, not one of
    this version's."""
    return (
        name,
        lambda d: _first_bench(d)["extra_info"].update(schema=schema),
        f"extra_info, field 'schema': unknown schema '{schema}'",
    )


CASES: dict[str, tuple[str, Callable[[Any], object], str]] = {
    "empty benchmarks": (
        "games.json",
        lambda d: d.update(benchmarks=[]),
        "field 'benchmarks': is empty",
    ),
    "no units": (
        "games.json",
        lambda d: _first_bench(d)["extra_info"].pop("units"),
        "extra_info, field 'units': missing",
    ),
    "bad median": (
        "games.json",
        lambda d: _first_bench(d)["stats"].update(median="fast"),
        "stats, field 'median': expected a number from 1e-09 to 1e+09, not 'fast'",
    ),
    "unknown record schema": _unknown_schema("lookup.json", "lexibench-dance/3"),
    "a field of another suite's record": (
        "build.json",
        lambda d: _first_bench(d)["extra_info"].update(tier="string"),
        "extra_info, field 'tier': not a field of this record",
    ),
    "an old record": _unknown_schema("games.json", "lexibench/2"),
    "not-run case of an unknown suite": (
        "interpreted.json",
        lambda d: d["machine_info"]["lexibench"]["not_run"][0].update(suite="dance"),
        "machine_info.lexibench, field 'not_run[0]': unknown suite 'dance'",
    ),
    "no machine info": (
        "build.json",
        lambda d: d.pop("machine_info"),
        "field 'machine_info': missing",
    ),
    "bad not-run entry": (
        "games.json",
        lambda d: d["machine_info"]["lexibench"]["not_run"].append({"suite": "solve"}),
        "field 'backend': missing",
    ),
    "memory without runs": (
        "memory.json",
        lambda d: next(iter(d["backends"].values())).update(rss_bytes_runs=[]),
        "backends['array-trie'], field 'rss_bytes_runs': is empty",
    ),
    "bulk with a bad run": (
        "bulk.json",
        lambda d: d["runs"][0].update(jobs=0),
        "runs[0], field 'jobs': expected a whole number >= 1, not 0",
    ),
    "search run with a broken trajectory": (
        "best.json",
        lambda d: _first_bench(d)["extra_info"]["search"]["runs"][0].update(trajectory=[[1, 2]]),
        "extra_info.search.runs[0], field 'trajectory[0]': expected a list of 3, not [1, 2]",
    ),
    "a date that is no date": (
        "lookup.json",
        lambda d: d.update(datetime="last tuesday"),
        "datetime 'last tuesday' is not an ISO 8601 time",
    ),
    "start-up without cases": (
        "startup.json",
        lambda d: d.update(cases={}),
        "field 'cases': is empty",
    ),
    "start-up phase not a number": (
        "startup.json",
        lambda d: next(iter(d["backends"].values()))["phases_cached"].update(search=None),
        "backends['array-trie'].phases_cached, field 'search': expected a number from 0 to 1e+09, "
        "not None",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_malformed_file_is_refused_naming_file_and_field(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], case: str, published: tuple[Path, Path]
) -> None:
    name, change, message = CASES[case]
    source = FIXTURE / "raw" / name if name != "memory.json" else FIXTURE / name
    data = json.loads(source.read_text())
    change(data)
    bad = tmp_path / name
    bad.write_text(json.dumps(data))
    others = [p for p in inputs() if p.name != name]
    with pytest.raises(InputError) as info:
        load([*others, bad])
    assert str(info.value).startswith(f"results file {bad}: ")
    assert message in str(info.value)
    out, readme = published
    before = snapshot(out), readme.read_bytes()
    status = main(["tables", "--out", str(out), "--readme", str(readme), *map(str, [*others, bad])])
    captured = capfd.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.startswith("lexibench: error: results file ")
    assert len(captured.err.splitlines()) == 1
    assert (snapshot(out), readme.read_bytes()) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{not json", "not valid JSON (line 1"),
        ('{"hello": 1}', "not a lexibench results file"),
        ('{"schema": "lexibench-memory/1", "backends": {}}', "not a lexibench results file"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
def test_files_that_are_not_results(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "raw.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(BadInputError, match=re.escape(message)):
        load([path])


def test_readme_without_markers_changes_nothing(
    published: tuple[Path, Path], capfd: pytest.CaptureFixture[str]
) -> None:
    out, readme = published
    readme.write_text("# no markers\n")
    before = snapshot(out)
    assert main(["tables", "--out", str(out), "--readme", str(readme), *map(str, inputs())]) == 2
    assert "has no headline markers" in capfd.readouterr().err
    assert snapshot(out) == before
    assert readme.read_text() == "# no markers\n"


def test_output_paths_are_checked_first(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert main(["tables", "--out", str(a_file), *map(str, inputs())]) == 2
    assert "is a file, not a folder" in capfd.readouterr().err
    out = tmp_path / "out"
    out.mkdir()
    (out / "plots").write_text("not a folder")
    assert main(["tables", "--out", str(out), *map(str, inputs())]) == 2
    assert f"output {out / 'plots'}: is a file, not a folder" in capfd.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["plots"]


def test_a_failure_at_any_point_leaves_everything_as_it_was(
    published: tuple[Path, Path], written: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    out, readme = published
    results = load(inputs())
    real_replace = os.replace
    total = 0

    def counting_replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        nonlocal total
        total += 1
        real_replace(src, dst)

    # Every write below renders the same files (test_tables_are_deterministic): the module's,
    # and each write checks the paths, makes the README's block, and publishes.
    rendered = rendered_in(written, out)
    with monkeypatch.context() as rendered_once:
        rendered_once.setattr(report, "render", lambda *_: dict(rendered))
        (out / "plots" / "stale.png").write_bytes(b"an earlier run's plot")
        with monkeypatch.context() as patch:  # how many renames the publication makes
            patch.setattr(os, "replace", counting_replace)
            report.write_report(results, out, readme)
        assert total > 10
        (out / "plots" / "stale.png").write_bytes(b"an earlier run's plot")
        before = snapshot(out), readme.read_bytes()
        for step in range(total):
            calls = [0]

            def failing_replace(
                src: str | os.PathLike[str],
                dst: str | os.PathLike[str],
                fail_at: int = step,
                calls: list[int] = calls,
            ) -> None:
                calls[0] += 1
                if calls[0] == fail_at + 1:
                    raise OSError(28, "No space left on device", str(dst))
                real_replace(src, dst)

            with monkeypatch.context() as patch:
                patch.setattr(os, "replace", failing_replace)
                with pytest.raises(publish.PublishError, match="nothing was changed"):
                    report.write_report(results, out, readme)
            assert (snapshot(out), readme.read_bytes()) == before, f"failure at rename {step}"
        report.write_report(results, out, readme)
    assert not (out / "plots" / "stale.png").exists()


def test_written_files_get_the_usual_modes_and_a_symlink_is_written_through(
    tmp_path: Path, written: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    monkeypatch.setattr(report, "render", lambda _results, where, *_: rendered_in(written, where))
    real = tmp_path / "docs" / "README.md"
    real.parent.mkdir()
    real.write_text(f"{report.README_START}\n{report.README_END}\n")
    real.chmod(0o640)
    link = tmp_path / "README.md"
    link.symlink_to(real)
    old = os.umask(0o022)
    try:
        report.write_report(load(inputs()), out, link)
    finally:
        os.umask(old)
    assert stat.S_IMODE((out / "report.md").stat().st_mode) == 0o644
    assert stat.S_IMODE((out / "plots" / "solve-4x4.png").stat().st_mode) == 0o644
    assert link.is_symlink()
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert "### Which structure should I use?" in real.read_text()


def test_a_file_size_limit_is_one_line_and_changes_nothing(published: tuple[Path, Path]) -> None:
    out, readme = published
    before = snapshot(out), readme.read_bytes()

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    done = subprocess.run(
        [sys.executable, "-m", "lexibench", "tables", "--out", str(out), "--readme", str(readme),
         *map(str, inputs())],
        capture_output=True, text=True, check=False, preexec_fn=limit,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("lexibench: error: cannot write ")
    assert "nothing was changed" in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert (snapshot(out), readme.read_bytes()) == before


def test_regenerating_the_committed_results_changes_no_byte(tmp_path: Path) -> None:
    results_dir = ROOT / "results"
    copy = tmp_path / "results"
    shutil.copytree(results_dir, copy)
    before = snapshot(copy)
    report.write_report(load(default_inputs(copy)), copy)
    assert snapshot(copy) == before


def test_a_partial_run_makes_a_partial_report(tmp_path: Path) -> None:
    """One suite's raw file is enough for report.md; the README's headline needs solve data."""
    results = load([FIXTURE / "raw" / "lookup.json"])
    report.write_report(results, tmp_path)
    text = (tmp_path / "report.md").read_text()
    assert "## Look-ups: `is_word`" in text
    assert "## Solve" not in text
    readme = tmp_path / "README.md"
    readme.write_text(f"{report.README_START}\n{report.README_END}\n")
    with pytest.raises(InputError, match="no Boggle benchmarks"):
        report.write_report(results, tmp_path, readme)


def test_raw_files_of_several_runs_say_when_each_was_measured() -> None:
    """Files of one run (within two hours) give one date; a suite measured again later makes
    the report, its intro and the README's line say the span and each file's date."""
    from lexibench.benchmarks.report.sections import run_info

    results = load(default_inputs(FIXTURE))
    stamp = "2026-11-20T10:00:00+00:00"
    results.measured = dict.fromkeys(results.sources, stamp)
    assert results.one_run
    text = "\n".join(run_info.render(results).lines)
    assert "- Date: " in text
    assert "(2026-11-20 10:00 UTC)" not in text
    later = results.sources[0]
    results.measured[later] = "2026-11-20T13:00:00+00:00"
    assert not results.one_run
    assert results.span() == (stamp, "2026-11-20T13:00:00+00:00")
    text = "\n".join(run_info.render(results).lines)
    assert "- Dates: from 2026-11-20 10:00 UTC to 2026-11-20 13:00 UTC: not one run" in text
    assert f"`{later}` (2026-11-20 13:00 UTC)" in text
    assert "(several runs)" in report.headline(results)
