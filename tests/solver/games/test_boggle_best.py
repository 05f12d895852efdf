"""The best-board search: determinism per seed, the same result through every backend, tier and
way of running the chains, the proven best reached, and the errors."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexibench.solver.games.boggle.best import (
    chain_budgets,
    default_budget,
    search,
)
from lexibench.solver.games.boggle.board import Board, neighbours, parse_board
from lexibench.solver.games.boggle.rules import total as words_score
from lexibench.solver.games.boggle.solve import solve
from lexibench.solver.wordlist import load_wordlist
from lexibench.structures import Lexicon, build_lexicon
from tests.commands import TINY, run

#: The words of the default list made only of these letters: small enough to search every 3x3
#: board over them (4**9 = 262,144 boards, a few seconds).
PROOF_LETTERS = "aest"
#: Every cell a board can hold.
CELLS = (*"abcdefghijklmnoprstuvwxyz", "qu")


@pytest.fixture(scope="module")
def proof_lexicon(web2_words: tuple[str, ...]) -> Lexicon:
    return build_lexicon("array-trie", [w for w in web2_words if set(w) <= set(PROOF_LETTERS)])


def test_the_same_seed_gives_the_same_search(web2_words: tuple[str, ...]) -> None:
    lexicon = build_lexicon("array-trie", web2_words)
    first = search(lexicon, 3, 3, seed=11, budget=3_000, restarts=3)
    again = search(lexicon, 3, 3, seed=11, budget=3_000, restarts=3)
    other = search(lexicon, 3, 3, seed=12, budget=3_000, restarts=3)
    assert first.board == again.board
    assert first.trajectory()[-1][:2] == again.trajectory()[-1][:2]
    assert [(e, s) for e, s, _ in first.trajectory()] == [(e, s) for e, s, _ in again.trajectory()]
    assert [c.best for c in first.chains] == [c.best for c in again.chains]
    assert first.evaluations == 3_000
    assert [c.evaluations for c in first.chains] == [1_000, 1_000, 1_000]
    assert [c.best for c in first.chains] != [c.best for c in other.chains]


def test_the_reported_score_is_the_solvers(web2_words: tuple[str, ...]) -> None:
    lexicon = build_lexicon("dict-trie", web2_words)
    result = search(lexicon, 3, 4, seed=5, budget=2_000, restarts=2)
    solution = solve(result.board, lexicon)
    assert (result.score, result.count) == (solution.score, solution.count)
    scores = [s for _, s, _ in result.trajectory()]
    assert scores == sorted(set(scores))
    assert scores[-1] == result.score
    evaluations = [e for e, _, _ in result.trajectory()]
    assert evaluations == sorted(evaluations)
    assert evaluations[-1] <= result.evaluations


@pytest.mark.parametrize(
    ("backend", "tier"),
    [
        ("dict-trie", "step"),
        ("marisa", "string"),
        ("prefix-set", "string"),
        ("pygtrie", "string"),
        ("lexpy-dawg", "step"),
    ],
)
def test_every_backend_and_tier_follows_the_same_course(
    web2_words: tuple[str, ...], backend: str, tier: str
) -> None:
    """Identical answers make identical searches: the same boards at the same evaluations."""
    words = web2_words[::7]
    native = search(build_lexicon("array-trie", words), 4, 4, seed=3, budget=600, restarts=2)
    other = search(build_lexicon(backend, words), 4, 4, seed=3, budget=600, restarts=2, tier=tier)
    assert [c.best for c in other.chains] == [c.best for c in native.chains]
    assert [(e, s) for e, s, _ in other.trajectory()] == [(e, s) for e, s, _ in native.trajectory()]


def _exhaustive_best(lexicon: Lexicon) -> tuple[int, set[str]]:
    """The best score over every 3x3 board of :data:`PROOF_LETTERS`, and its boards (canonical).

    A board holding any other letter scores no more than one with that cell changed to one of
    these letters (no stored word uses it, so no path through it counts): the best over these
    boards is the best over all boards."""
    nbrs = neighbours(3, 3)
    path_words = lexicon.path_words  # type: ignore[attr-defined]
    best, boards = -1, set[str]()
    for cells in itertools.product(PROOF_LETTERS, repeat=9):
        score = words_score(path_words(cells, nbrs, 3))
        if score > best:
            best, boards = score, set()
        if score == best:
            boards.add(Board(3, 3, cells).canonical_text())
    return best, boards


def test_seeded_runs_reach_the_proven_best_3x3(proof_lexicon: Lexicon) -> None:
    """Every 3x3 board over the letters is scored to prove the best; five seeded searches with a
    budget of 5,000 evaluations (under 2% of the boards) each reach it."""
    best, boards = _exhaustive_best(proof_lexicon)
    assert best == 82
    for seed in range(5):
        result = search(proof_lexicon, 3, 3, seed=seed, budget=5_000, restarts=2)
        assert result.score == best, f"seed {seed}"
        assert result.board.canonical_text() in boards


def test_symmetries_and_canonical_text() -> None:
    board = parse_board("perslatgsineters")
    images = set(board.images())
    assert len(images) == 8
    assert board.canonical_text() == "perslatgsineters"
    turned = parse_board("sgesrtnreaieplst")  # the same board, turned (hybrid-boggle's example)
    assert turned.canonical_text() == "perslatgsineters"
    oblong = parse_board("pers/late/sind")
    assert len(set(oblong.images())) == 4
    assert parse_board("dnis/etal/srep").canonical_text() == oblong.canonical_text()


def test_a_tiny_board_ends_when_every_board_is_scored(web2_words: tuple[str, ...]) -> None:
    """1x2 has 676 boards: the chains stop once they have scored what their moves reach, instead
    of spinning through the budget; the answer is the exhaustive best."""
    lexicon = build_lexicon("array-trie", [w for w in web2_words if len(w) <= 3])
    result = search(lexicon, 1, 2, seed=1, budget=50_000, restarts=2)
    assert result.evaluations <= 2 * 676
    best = max(
        words_score(lexicon.path_words((a, b), neighbours(1, 2), 3))  # type: ignore[attr-defined]
        for a in CELLS
        for b in CELLS
    )
    assert result.score == best


def test_budgets() -> None:
    assert chain_budgets(10, 3) == [4, 3, 3]
    assert sum(chain_budgets(200_001, 4)) == 200_001
    assert default_budget(4, 4) == 1_000_000
    assert default_budget(4, 3) == default_budget(3, 4)
    assert default_budget(5, 5) == 25 * 62_500


def test_a_smaller_board_never_gets_a_larger_budget() -> None:
    """Before, a 2x2 search ran 250,000 evaluations (62,500 per cell) and a 3x3 one 20,000."""
    sizes = sorted((r * c, default_budget(r, c)) for r in range(1, 11) for c in range(1, 11))
    budgets = [budget for _, budget in sizes]
    assert budgets == sorted(budgets)
    assert default_budget(2, 6) == default_budget(3, 4) == 60_000  # by the cells alone


def _json_without_time(out: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(out)
    assert isinstance(data["seconds"], float)
    del data["seconds"]
    return data


def test_cli_json_and_jobs_give_one_result(capfd: pytest.CaptureFixture[str]) -> None:
    common = ["best", "--size", "3x3", "--evaluations", "2000", "--seed", "4", "--json"]
    status, out, err = run(capfd, *common)
    assert (status, err) == (0, "")
    one = _json_without_time(out)
    assert set(one) >= {"board", "score", "count", "evaluations", "seed", "trajectory"}
    assert one["evaluations"] == 2000
    assert one["seed"] == 4
    assert one["restarts"] == 4
    assert one["lexicon"] == "array-trie"
    assert one["tier"] == "native"
    trajectory = one["trajectory"]
    assert isinstance(trajectory, list)
    assert trajectory[-1][1] == one["score"]
    status, out, _ = run(capfd, *common, "--jobs", "2")
    assert status == 0
    assert _json_without_time(out) == one


def test_cli_text_output(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capfd, "best", "--size", "2x2", "--wordlist", TINY, "--evaluations", "300")
    assert status == 0
    assert out.startswith("best 2x2 board: ")
    assert "evaluations/s; lexicon array-trie (native)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "0x3"], "size '0x3'"),
        (["--size", "11x11"], "the search takes at most 100"),
        (["--size", "1x1"], "at least 2 cells"),
        (["--evaluations", "0"], "must be at least 1"),
        (["--evaluations", "3", "--restarts", "4"], "each restart needs at least one"),
        (["--restarts", "x"], "is not a whole number"),
        (["--tier", "native", "--lexicon", "dict-trie"], "has no native tier"),
        (["--jobs", "2", "--dask-workers", "2"], "give --jobs or --dask-workers"),
        (["--scheduler", "a", "--dask-workers", "2"], "not allowed with argument"),
        (["--dask-timeout", "0"], "must be above 0"),
        (["--wordlist", "/no/such/file.txt"], "no such file"),
    ],
)
def test_cli_errors(capfd: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capfd, "best", *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("lexibench: error: ")
    assert message in err


def test_unreachable_scheduler_is_one_line_within_the_wait(
    capfd: pytest.CaptureFixture[str],
) -> None:
    for command in (["best", "--size", "2x2"], ["solve", "--boards-file", TINY]):
        status, out, err = run(
            capfd, *command, "--wordlist", TINY, "--scheduler", "tcp://127.0.0.1:9",
            "--dask-timeout", "1",
        )  # fmt: skip
        assert (status, out) == (2, "")
        assert err.count("\n") == 1
        assert "--scheduler tcp://127.0.0.1:9: cannot connect to a Dask scheduler" in err
        assert "waited at most 1 s" in err


def test_without_dask_the_options_name_the_extra(tmp_path: Path) -> None:
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text("import sys\nsys.modules['distributed'] = None\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.getcwd()])}
    for command in (["best", "--size", "2x2"], ["solve", "--boards-file", TINY]):
        done = subprocess.run(
            [sys.executable, "-m", "lexibench", *command, "--wordlist", TINY,
             "--dask-workers", "1"],
            env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr.count("\n") == 1
        assert "needs the 'dask' extra" in done.stderr
        assert "pip install 'lexibench[dask]'" in done.stderr


def test_a_local_dask_cluster_gives_the_same_results(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Both jobs on a two-worker local cluster: byte for byte what one process prints."""
    boards = tmp_path / "boards.txt"
    status, out, _ = run(capfd, "random", "--count", "4500", "--seed", "9")
    boards.write_text(out)
    status, alone, _ = run(capfd, "solve", "--boards-file", str(boards))
    assert status == 0
    status, clustered, err = run(
        capfd, "solve", "--boards-file", str(boards), "--dask-workers", "2"
    )
    assert (status, err) == (0, "")
    assert clustered == alone
    assert len(alone.splitlines()) == 4500
    common = ["best", "--size", "3x3", "--evaluations", "1500", "--seed", "2", "--json"]
    status, out, _ = run(capfd, *common)
    status_dask, out_dask, _ = run(capfd, *common, "--dask-workers", "2")
    assert (status, status_dask) == (0, 0)
    assert _json_without_time(out_dask) == _json_without_time(out)


def test_one_cluster_runs_both_jobs_in_turn(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An existing cluster (--scheduler) keeps its workers between jobs: each job finds its own
    kind of worker state, not the previous job's."""
    import distributed

    boards = tmp_path / "boards.txt"
    boards.write_text("perslatgsineters\nqu i / t e\n")
    common = ["--wordlist", TINY]
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        address = cluster.scheduler_address
        best = ["best", "--size", "2x2", "--evaluations", "200", "--json", *common]
        solve = ["solve", "--boards-file", str(boards), *common]
        status, out, err = run(capfd, *best, "--scheduler", address)
        assert (status, err) == (0, "")
        assert _json_without_time(out) == _json_without_time(run(capfd, *best)[1])
        status, out, err = run(capfd, *solve, "--scheduler", address)
        assert (status, err) == (0, "")
        assert out == run(capfd, *solve)[1]
        status, out, err = run(capfd, *solve, "--summary", "--scheduler", address)
        assert (status, err) == (0, "")
        assert out == run(capfd, *solve, "--summary")[1]


LONG = ["best", "--size", "4x4", "--evaluations", "100000000", "--wordlist", TINY, "--json"]


def _search_then_signal(extra: list[str], signum: int | None) -> tuple[int, dict[str, object]]:
    """A search far too long to finish, stopped by ``signum`` once it runs (or by its own
    ``--time-limit`` when ``signum`` is None): its status and what it printed."""
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "lexibench", *LONG, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    if signum is not None:
        time.sleep(1.5)  # the lexicon is built in a fraction of that: the search is running
        process.send_signal(signal.Signals(signum))
    out, err = process.communicate(timeout=60)
    if signum is None:
        assert err == "", err
    else:  # the line that says what stopped it
        word = "interrupted" if signum == signal.SIGINT else "terminated"
        name = signal.Signals(signum).name
        assert err == f"lexibench: {word} ({name}): what was found so far is above\n", err
    return process.returncode, json.loads(out)


@pytest.mark.parametrize(
    ("extra", "signum", "status", "reason"),
    [
        (["--time-limit", "1"], None, 0, "time limit"),
        (["--time-limit", "1", "--jobs", "2"], None, 0, "time limit"),
        ([], 2, 130, "SIGINT"),
        ([], 15, 143, "SIGTERM"),
        (["--jobs", "2"], 2, 130, "SIGINT"),
        (["--jobs", "2"], 15, 143, "SIGTERM"),
    ],
)
def test_a_stopped_search_prints_its_best_board_so_far(
    extra: list[str], signum: int | None, status: int, reason: str
) -> None:
    code, result = _search_then_signal(extra, signum)
    assert code == status
    assert result["complete"] is False
    assert result["stopped"] == reason
    assert isinstance(result["evaluations"], int)
    assert 0 < result["evaluations"] < 100_000_000
    assert isinstance(result["score"], int)
    assert result["score"] > 0
    board = parse_board(str(result["board"]))
    lexicon = build_lexicon("dict-trie", load_wordlist(TINY).words)
    assert solve(board, lexicon).score == result["score"]
