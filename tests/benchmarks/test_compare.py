"""``lexibench compare``: the test and interval over rounds, a planted slowdown flagged, runs of
one distribution not flagged, the exit statuses, bad input; runs of different work refused (or,
``--anyway``, compared only where the work is the same), runs of different cases compared on
the cases they share."""

from __future__ import annotations

import json
import math
import random
import shutil
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.benchmarks.harness.records import SUITES
from lexibench.benchmarks.harness.settings import Settings
from lexibench.benchmarks.report import significance
from lexibench.benchmarks.report.compare import CHOOSING, SUITE_SETTINGS, change, compare
from lexibench.solver.errors import InputError
from tests.commands import ROOT, run

FIXTURE = ROOT / "tests" / "fixtures" / "results"


@pytest.mark.parametrize(("n", "m"), [(2, 2), (3, 3), (3, 5), (7, 4), (12, 12)])
def test_exact_counts_cover_every_ordering(n: int, m: int) -> None:
    counts = significance._u_counts(n, m)
    assert sum(counts) == math.comb(n + m, n)
    assert list(counts) == list(reversed(counts))  # U's null distribution is symmetric


def test_exact_p_of_small_separated_samples() -> None:
    # 3 against 3, every new round slower: 1 ordering of 20
    assert significance.one_sided_p([1, 2, 3], [4, 5, 6]) == pytest.approx(1 / 20)
    assert significance.one_sided_p([4, 5, 6], [1, 2, 3]) == pytest.approx(1 / 20)
    assert significance.one_sided_p([1.0], [2.0]) == 1.0  # one round: no test


def test_normal_approximation_is_close_to_the_exact_test() -> None:
    rng = random.Random(7)
    base = [rng.gauss(1.0, 0.1) for _ in range(30)]
    new = [rng.gauss(1.05, 0.1) for _ in range(30)]
    exact = significance.one_sided_p(base, new)
    big_base, big_new = base + [x + 1e-9 for x in base], new + [y + 1e-9 for y in new]
    assert len(big_base) > significance.EXACT_LIMIT
    approx = significance.one_sided_p(big_base, big_new)  # the same shape, twice the rounds
    assert approx < exact  # more rounds, more certainty
    assert 0 < approx < 1


def test_interval_has_its_coverage() -> None:
    """Over many seeded pairs of runs from one distribution, the 90% interval of the ratio holds
    1 about 90% of the time (at least 85%)."""
    rng = random.Random(11)
    held = 0
    for _ in range(400):
        base = [rng.lognormvariate(0, 0.1) for _ in range(8)]
        new = [rng.lognormvariate(0, 0.1) for _ in range(8)]
        moved = significance.shift(base, new)
        assert moved.exact
        held += moved.low <= 1 <= moved.high
    assert held >= 0.85 * 400


def test_planted_slowdown_is_flagged_and_noise_is_not() -> None:
    rng = random.Random(3)
    flagged = 0
    for _ in range(300):  # one distribution: noise of 5% a round
        base = tuple(rng.lognormvariate(0, 0.05) for _ in range(5))
        new = tuple(rng.lognormvariate(0, 0.05) for _ in range(5))
        flagged += change("case", base, new).verdict != "no change"
    assert flagged == 0
    base = tuple(rng.lognormvariate(0, 0.05) for _ in range(3))
    slow = tuple(2 * rng.lognormvariate(0, 0.05) for _ in range(3))
    got = change("case", base, slow)
    assert got.verdict == "slower"
    assert 1.7 < got.ratio < 2.3
    assert change("case", slow, base).verdict == "faster"
    assert change("case", (1.0,), (2.0,)).verdict == "untested"


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(1e-6, 10.0), min_size=1, max_size=12))
def test_a_run_against_itself_is_no_change(rounds: list[float]) -> None:
    got = change("case", tuple(rounds), tuple(rounds))
    assert got.verdict in ("no change", "untested")
    assert got.ratio == pytest.approx(1.0)


def _run_with_slowdown(tmp_path: Path, factor: float) -> tuple[Path, str]:
    """A copy of the fixture's run with one games case ``factor`` times slower: the folder and
    the case's name."""
    new = tmp_path / "new"
    shutil.copytree(FIXTURE, new)
    path = new / "raw" / "games.json"
    data = json.loads(path.read_text())
    bench = next(b for b in data["benchmarks"] if len(b["stats"]["data"]) >= 2)
    stats = bench["stats"]
    stats["data"] = [x * factor for x in stats["data"]]
    for key in ("min", "max", "mean", "median", "q1", "q3"):
        stats[key] *= factor
    path.write_text(json.dumps(data))
    return new, bench["name"]


def test_the_committed_shape_against_itself(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capfd, "compare", str(FIXTURE), str(FIXTURE), "--fail-on-slower", "5")
    assert (status, err) == (0, "")
    assert "0 slower, 0 faster" in out
    assert "0 case(s) slower by 5% or more" in out


def test_planted_slowdown_in_a_run(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # rounds of 2 against 2 cannot pass a test at 5% (p is 1/6 at best): a planted slowdown
    # with two rounds is flagged at the level 0.2
    new, name = _run_with_slowdown(tmp_path, 2.0)
    status, out, err = run(
        capfd, "compare", str(FIXTURE), str(new), "--alpha", "0.2", "--fail-on-slower", "50"
    )
    assert status == 1, err
    assert name in out
    assert "1 slower, 0 faster" in out
    status, out, _ = run(capfd, "compare", str(FIXTURE), str(new), "--json", "--alpha", "0.2")
    assert status == 0  # no --fail-on-slower: a report only
    report = json.loads(out)
    slower = [c for c in report["cases"] if c["verdict"] == "slower"]
    assert [c["key"] for c in slower] == [f"games: {name}"]
    assert slower[0]["ratio"] == pytest.approx(2.0)
    assert report["counts"]["slower"] == 1


def test_raw_files_compare_alone(tmp_path: Path) -> None:
    new, _ = _run_with_slowdown(tmp_path, 1.0)
    result = compare(FIXTURE / "raw" / "games.json", new / "raw" / "games.json")
    assert result.changes
    assert all(c.key.startswith("games: ") for c in result.changes)
    assert result.count("slower") == result.count("faster") == 0


def _changed(tmp_path: Path, name: str, edit: Callable[[dict[str, Any]], object]) -> Path:
    """A copy of the fixture's run (a results folder) with ``edit`` applied to its raw file
    ``name`` (its JSON, changed in place)."""
    new = tmp_path / "new"
    if not new.exists():
        shutil.copytree(FIXTURE, new)
    path = new / "raw" / name
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    return new


def _settings(data: dict[str, Any]) -> dict[str, Any]:
    settings: dict[str, Any] = data["machine_info"]["lexibench"]["settings"]
    return settings


def _refused(capfd: pytest.CaptureFixture[str], new: Path, *named: str) -> str:
    status, out, err = run(capfd, "compare", str(FIXTURE), str(new))
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1, err
    assert "did not measure the same work" in err
    assert "--anyway" in err
    for part in named:
        assert part in err, (part, err)
    return err


def test_a_changed_seed_is_refused_naming_it(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    def seed(data: dict[str, Any]) -> None:
        _settings(data)["seed"] += 1

    new = _changed(tmp_path, "games.json", seed)
    _refused(capfd, new, "setting seed: 2026 against 2027")
    with pytest.raises(InputError, match="setting seed: 2026 against 2027"):
        compare(FIXTURE, new)


def test_a_quick_run_against_a_full_one_is_refused(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The scale, another word list (its checksum in every record), fewer puzzles a round and
    shorter rounds: each named in the one line."""

    def quick(data: dict[str, Any]) -> None:
        _settings(data)["scale"] = "quick"
        data["machine_info"]["lexibench"]["wordlist"]["sha256"] = "0" * 64
        for bench in data["benchmarks"]:
            bench["extra_info"]["wordlist"] |= {"name": "sample-10000", "sha256": "0" * 64}
            bench["extra_info"]["units"] = 1
            bench["options"]["max_time"] = 0.02

    new = _changed(tmp_path, "games.json", quick)
    err = _refused(
        capfd,
        new,
        "word list: /tmp/fx/sample-4000-of-web2.txt (4,000 words, sha256 f03c06afbdca) "
        "against sample-10000 (4,000 words, sha256 000000000000)",
        "setting scale: full against quick",
        "work per round: ",
        "rounds: at least 2 within 1e-05 s against at least 2 within 0.02 s",
    )
    assert err.index("word list") < err.index("setting scale") < err.index("rounds")


def test_anyway_compares_only_the_cases_of_the_same_work(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """The games file of another seed: its cases are listed as not comparable, every other
    suite's compared; and one look-up case with another count of queries alone is left out."""

    def seed(data: dict[str, Any]) -> None:
        _settings(data)["seed"] += 1

    def fewer(data: dict[str, Any]) -> None:
        data["benchmarks"][0]["extra_info"]["units"] -= 1

    new = _changed(tmp_path, "games.json", seed)
    _changed(tmp_path, "lookup.json", fewer)
    fewer_key = (
        "lookup: "
        + json.loads((FIXTURE / "raw" / "lookup.json").read_text())["benchmarks"][0]["name"]
    )
    result = compare(FIXTURE, new, anyway=True)
    unlike = {u.key: u.differs for u in result.not_comparable}
    games = {k for k in unlike if k.startswith("games: ")}
    assert len(games) == 98  # every games case
    assert all(unlike[k] == ("setting seed",) for k in games)
    assert unlike[fewer_key] == ("work per round",)
    assert len(unlike) == 99
    compared = {c.key for c in result.changes}
    assert not compared & set(unlike)
    assert {k.split(":")[0] for k in compared} >= {"lookup", "build", "bulk", "startup"}
    assert result.work_differences[0] == "setting seed: 2026 against 2027"
    status, out, err = run(capfd, "compare", str(FIXTURE), str(new), "--anyway")
    assert (status, err) == (0, "")
    assert "note: the work differs (compared anyway): setting seed: 2026 against 2027" in out
    assert "not comparable: 99 case(s) whose work differs (setting seed in 98, work per" in out
    assert "... and 89 more (--all lists every one)" in out
    status, out, _ = run(capfd, "compare", str(FIXTURE), str(new), "--anyway", "--all")
    assert out.count("(setting seed)") == 98
    assert f"  {fewer_key} (work per round)" in out
    status, out, _ = run(capfd, "compare", str(FIXTURE), str(new), "--anyway", "--json")
    report = json.loads(out)
    assert {"key": fewer_key, "differs": ["work per round"]} in report["not_comparable"]
    assert len(report["cases"]) == len(result.changes)


def test_a_setting_a_suite_does_not_read_is_no_difference_of_work(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Builds read the word list alone: another seed or count of boards in the build suite's
    run is noted, and its cases compared."""

    def others(data: dict[str, Any]) -> None:
        _settings(data)["seed"] += 1
        _settings(data)["boards"] += 1

    new = _changed(tmp_path, "build.json", others)
    result = compare(FIXTURE / "raw" / "build.json", new / "raw" / "build.json")
    assert result.changes
    assert not result.not_comparable
    assert "setting seed: 2026 against 2027" in result.differences


def test_other_rounds_are_refused_and_compared_anyway_in_full(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Rounds taken otherwise (pytest-benchmark's options) are a difference to be told of, but
    not of the work: anyway, every case is compared."""

    def rounds(data: dict[str, Any]) -> None:
        for bench in data["benchmarks"]:
            bench["options"]["min_rounds"] = 5

    new = _changed(tmp_path, "lookup.json", rounds)
    _refused(capfd, new, "rounds: at least 2 within 1e-05 s against at least 5 within 1e-05 s")
    result = compare(FIXTURE, new, anyway=True)
    assert not result.not_comparable
    assert len(result.changes) == len(compare(FIXTURE, FIXTURE).changes)
    assert result.work_differences == [
        "rounds: at least 2 within 1e-05 s against at least 5 within 1e-05 s"
    ]


def test_other_backends_are_no_difference_of_work(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """A run of fewer structures (its backends setting another): the common cases compared, the
    others listed as in one run only, with no refusal."""
    dropped: list[str] = []

    def fewer(data: dict[str, Any]) -> None:
        _settings(data)["backends"] = "array-trie,dict-trie"
        kept: list[dict[str, Any]] = []
        for bench in data["benchmarks"]:
            if bench["extra_info"]["backend"] in ("array-trie", "dict-trie"):
                kept.append(bench)
            else:
                dropped.append(bench["name"])
        data["benchmarks"] = kept

    new = _changed(tmp_path, "games.json", fewer)
    status, out, err = run(capfd, "compare", str(FIXTURE), str(new))
    assert (status, err) == (0, ""), err
    assert "note: the runs differ in setting backends:  against array-trie,dict-trie" in out
    assert f"not compared: {len(dropped)} case(s) only in the base run, 0 only in the new" in out
    assert f"  only in the base run: games: {sorted(dropped)[0]}" in out
    result = compare(FIXTURE, new)
    assert result.only_base == sorted(f"games: {name}" for name in dropped)
    assert not result.not_comparable


def test_every_suite_names_the_settings_it_reads() -> None:
    """A suite of the records not in the table would be taken to read every setting (refusing
    runs that differ in a setting it does not read); a name there must be a setting."""
    assert set(SUITE_SETTINGS) == set(SUITES)
    names = {f.name for f in fields(Settings)}
    assert names >= CHOOSING
    for suite, read in SUITE_SETTINGS.items():
        assert set(read) <= names - CHOOSING, suite


def test_bad_input(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capfd, "compare", str(tmp_path / "absent"), str(FIXTURE))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert "absent: no such file or folder" in err
    not_results = tmp_path / "x.json"
    not_results.write_text('{"schema": "something else"}')
    status, _, err = run(capfd, "compare", str(not_results), str(FIXTURE))
    assert status == 2
    assert "not a lexibench results file" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    status, _, err = run(capfd, "compare", str(empty), str(FIXTURE))
    assert status == 2
    assert "no raw files" in err
    status, _, err = run(capfd, "compare", str(FIXTURE), str(FIXTURE), "--alpha", "2")
    assert status == 2
    assert "--alpha" in err
    with pytest.raises(InputError, match="no case in common"):
        compare(FIXTURE / "raw" / "games.json", FIXTURE / "raw" / "lookup.json")


def test_a_load_in_one_run_is_outvoted_by_another_run(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # the new side's first run was disturbed at one case (2x), its second run was not: with
    # both runs given, the case's fastest run stands for it and nothing is flagged
    disturbed, name = _run_with_slowdown(tmp_path, 2.0)
    quiet = tmp_path / "quiet"
    shutil.copytree(FIXTURE, quiet)
    args = ["compare", str(FIXTURE), str(disturbed), "--alpha", "0.2", "--json"]
    status, out, _ = run(capfd, *args)
    assert json.loads(out)["counts"]["slower"] == 1
    status, out, err = run(capfd, *args, "--new", str(quiet))
    assert (status, err) == (0, "")
    report = json.loads(out)
    assert report["runs"] == [1, 2]
    assert report["counts"]["slower"] == 0
    assert report["shift"] == pytest.approx(1.0)
    # slow in every new run: still flagged
    again = tmp_path / "again"
    shutil.copytree(disturbed, again)
    status, out, _ = run(capfd, *args, "--new", str(again))
    slower = [c["key"] for c in json.loads(out)["cases"] if c["verdict"] == "slower"]
    assert slower == [f"games: {name}"]


def test_cases_moving_both_ways_are_named_as_noise() -> None:
    from lexibench.benchmarks.report.compare import Comparison

    rng = random.Random(5)
    base = [tuple(rng.lognormvariate(0, 0.01) for _ in range(8)) for _ in range(40)]
    new = [tuple(x * (2.0 if i % 5 == 0 else 0.5 if i % 5 == 1 else 1.0) for x in rounds)
           for i, rounds in enumerate(base)]  # fmt: skip
    changes = [change(f"c{i}", b, n) for i, (b, n) in enumerate(zip(base, new, strict=True))]
    result = Comparison(changes)
    assert (result.count("slower"), result.count("faster")) == (8, 8)
    assert result.both_ways()
    assert result.shift() == pytest.approx(1.0)
    one_way = Comparison([c for c in changes if c.verdict != "faster"])
    assert not one_way.both_ways()
