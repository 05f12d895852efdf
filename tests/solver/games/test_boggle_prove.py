"""The proof: its boards equal those found by scoring every board; its outcomes do not depend on
where classes run; the checkpoint resumes a stopped or crashed run; the command's output and
errors."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.best import make_scorer
from lexibench.solver.games.boggle.board import QU, Board
from lexibench.solver.games.boggle.prove import checkpoint as checkpoints
from lexibench.solver.games.boggle.prove.classes import dispatch_order
from lexibench.solver.games.boggle.prove.partitions import parse_partition, partition
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.solver.games.boggle.prove.proof import prove
from lexibench.solver.tiers import Tier
from lexibench.structures import build_lexicon
from tests.commands import run
from tests.words import MEDIUM_TARGET

CELLS = (*"abcdefghijklmnoprstuvwxyz", QU)


def every_board(
    words: list[str],
    rows: int,
    cols: int,
    cells: tuple[str, ...],
    *,
    target: int = 0,
    below: int = 0,
) -> dict[str, int]:
    """Every board over ``cells`` scoring at least ``target`` (default: the best score less
    ``below``), scored one by one: canonical text -> score."""
    score = make_scorer(build_lexicon("array-trie", words), rows, cols, 3, Tier.NATIVE)
    scores = [(board, score(board)[0]) for board in itertools.product(cells, repeat=rows * cols)]
    target = target or max(points for _, points in scores) - below
    return {
        Board(rows, cols, board).canonical_text(): points
        for board, points in scores
        if points >= target
    }


def proven(result: Any) -> dict[str, int]:
    return {board.canonical: board.score for board in result.boards()}


@pytest.mark.parametrize("tier", ["native", "step"])
def test_a_2x2_proof_over_every_letter_equals_scoring_every_board(
    web2_words: tuple[str, ...], tier: str
) -> None:
    """Every 2x2 board of 26 letters and the Qu tile, with the default partition (a real one)."""
    words = [w for w in web2_words if set(w) <= set("aest")] + ["quest", "quiet", "equate", "quit"]
    expected = every_board(words, 2, 2, CELLS, target=5)
    assert any("q" in board for board in expected)
    result = prove(build_lexicon("array-trie", words), "2x2", 5, tier=tier)
    assert result.complete
    assert proven(result) == expected


@pytest.mark.parametrize(
    ("alphabet", "buckets", "size", "below"),
    [
        ("aest", "ae st", "3x3", 3),
        ("aeiqstu", "aeiu qst", "2x3", 6),
        ("aeiqstu", "ae iqstu", "3x2", 0),
    ],
)
def test_proofs_over_small_alphabets_equal_scoring_every_board(
    web2_words: tuple[str, ...], alphabet: str, buckets: str, size: str, below: int
) -> None:
    rows, cols = map(int, size.split("x"))
    words = [w for w in web2_words if set(w) <= set(alphabet)]
    cells = tuple(QU if letter == "q" else letter for letter in alphabet)
    expected = every_board(words, rows, cols, cells, below=below)
    best = max(expected.values())
    result = prove(
        build_lexicon("array-trie", words),
        size,
        best - below,
        buckets=parse_partition(buckets, alphabet),
    )
    assert proven(result) == expected
    assert result.boards()[0].score == best


def outcomes(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The classes' outcomes of a ``--json`` output, without their times."""
    return [{k: v for k, v in c.items() if k != "seconds"} for c in data["class_outcomes"]]


def prove_json(capfd: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capfd, "prove", "--json", *argv)
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_the_outcomes_are_the_same_here_in_processes_and_on_dask(
    capfd: pytest.CaptureFixture[str], medium_list: str
) -> None:
    common = ("--wordlist", medium_list, "--target", str(MEDIUM_TARGET))
    here = prove_json(capfd, *common)
    assert here["complete"]
    assert here["classes"]["canonical"] == 102
    assert here["best"]["score"] == 406
    assert [b["score"] for b in here["boards"]] == sorted(
        (b["score"] for b in here["boards"]), reverse=True
    )
    two = prove_json(capfd, *common, "--jobs", "2")
    dask = prove_json(capfd, *common, "--dask-workers", "2")
    assert outcomes(here) == outcomes(two) == outcomes(dask)
    assert here["boards"] == two["boards"] == dask["boards"]


def test_the_outcomes_are_the_same_at_every_tier(
    capfd: pytest.CaptureFixture[str], medium_list: str
) -> None:
    common = ("--wordlist", medium_list, "--target", "100", "--size", "2x3")
    native = prove_json(capfd, *common)
    step = prove_json(capfd, *common, "--tier", "step")
    other = prove_json(capfd, *common, "--lexicon", "dict-trie")
    assert outcomes(native) == outcomes(step) == outcomes(other)
    assert native["boards"] == step["boards"] == other["boards"] != []
    assert [d["tier"] for d in (native, step, other)] == ["native", "step", "step"]


def test_the_text_output_states_the_proof(
    capfd: pytest.CaptureFixture[str], medium_list: str
) -> None:
    status, out, _ = run(capfd, "prove", "--wordlist", medium_list, "--target", "406")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("3x3 boards scoring at least 406 under ")
    assert "medium.txt (3,961 words): 1 (each once" in lines[0]
    assert "proven: no 3x3 board scores more than" in out
    assert "102 canonical of 512 (partition two" in out
    status, out, _ = run(capfd, "prove", "--wordlist", medium_list, "--target", "407")
    assert status == 0
    assert "proven: no 3x3 board scores 407 or more" in out


def test_the_default_target_is_the_best_search(
    capfd: pytest.CaptureFixture[str], medium_list: str
) -> None:
    """Where no best board is known for the list, the search sets the target, and says so."""
    status, out, err = run(capfd, "prove", "--json", "--wordlist", medium_list, "--seed", "3")
    assert status == 0, err
    data = json.loads(out)
    origin = data["target_from"]
    assert origin["from"] == "best"
    assert origin["seed"] == 3
    assert data["target"] == origin["score"]
    assert data["best"]["score"] >= data["target"]
    assert err.splitlines() == [
        "target: no best 3x3 board is known for this word list: searching for a good board "
        "(20,000 evaluations, --seed 3; --target sets one)"
    ]


@pytest.mark.parametrize(
    ("size", "score", "board"), [("3x3", 511, "lergatnis"), ("3x4", 1304, "blgn/eaie/rstr")]
)
def test_the_default_target_is_the_best_known_board(
    capfd: pytest.CaptureFixture[str], size: str, score: int, board: str
) -> None:
    """Under the default list, a proof without --target targets the proven best board's score
    (for 3x4, not the seeded search's 1,205, below it: a proof that lists boards it need not),
    and says which board it is and that it is proven: on standard error, in --json and in the
    text."""
    said = f"target {score:,}: the best known {size} board for web2, {board} (proven best)"
    status, out, err = run(capfd, "prove", "--size", size, "--sample", "1", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["target"] == score
    assert data["target_from"] == {
        "from": "known", "wordlist": "web2", "board": board, "score": score, "status": "proven",
    }  # fmt: skip
    assert f"{said}; --target sets another" in err.splitlines()
    assert "searching" not in err
    status, out, _ = run(capfd, "prove", "--size", size, "--sample", "1")
    assert status == 0
    assert said in out.splitlines()


@pytest.fixture
def medium_known(
    capfd: pytest.CaptureFixture[str], medium_list: str, monkeypatch: pytest.MonkeyPatch
) -> Callable[[int], int]:
    """A table of known boards holding the medium list's 2x3 board ate/sin, at the score it
    scores plus ``off`` (a wrong table's entry for ``off`` other than 0): returns its score."""
    from lexibench.solver.games.boggle.prove import known

    status, out, _ = run(capfd, "solve", "ate/sin", "--json", "--wordlist", medium_list)
    assert status == 0
    solved = json.loads(out)

    def table(off: int) -> int:
        entry = known.KnownBoard(
            "medium", "2x3", "atesin", solved["score"] + off, known.BEST_KNOWN, "a test"
        )
        boards = {solved["wordlist"]["sha256"]: ("medium", {"2x3": entry})}
        monkeypatch.setattr(known, "_table", lambda: boards)
        return int(solved["score"])

    return table


def test_a_known_target_is_recorded_in_the_checkpoint_and_resumed(
    capfd: pytest.CaptureFixture[str],
    medium_list: str,
    medium_known: Callable[[int], int],
    tmp_path: Path,
) -> None:
    """A board known but not proven is said so; the checkpoint records where the target came
    from, and a resumed proof reads it there (no note: the target is the checkpoint's)."""
    score = medium_known(0)
    ckpt = tmp_path / "proof.ckpt"
    common = ("--size", "2x3", "--wordlist", medium_list, "--checkpoint", str(ckpt))
    status, out, err = run(capfd, "prove", *common, "--json", "--sample", "5")
    assert status == 0, err
    data = json.loads(out)
    origin = {
        "from": "known", "wordlist": "medium", "board": "ate/sin", "score": score,
        "status": "best known",
    }  # fmt: skip
    assert (data["target"], data["target_from"]) == (score, origin)
    said = (
        f"target {score}: the best known 2x3 board for medium, ate/sin (the best found, not proven)"
    )
    assert err.splitlines() == [f"{said}; --target sets another"]
    assert json.loads(ckpt.read_text().splitlines()[0])["target_from"] == origin
    status, out, err = run(capfd, "prove", *common)
    assert (status, err) == (0, "")
    assert said in out.splitlines()
    assert "proven: no 2x3 board scores more than" in out
    assert "ate/sin" in out


def test_a_known_board_that_does_not_score_its_score_here_is_not_the_target(
    capfd: pytest.CaptureFixture[str], medium_list: str, medium_known: Callable[[int], int]
) -> None:
    score = medium_known(1)
    status, out, err = run(capfd, "prove", "--json", "--size", "2x3", "--wordlist", medium_list)
    assert status == 0, err
    assert json.loads(out)["target_from"]["from"] == "best"
    assert err.splitlines() == [
        f"target: the best known 2x3 board for medium, atesin, scores {score} here, not "
        f"{score + 1}: searching for a good board (13,333 evaluations, --seed 0; --target sets one)"
    ]


def test_a_checkpoint_resumes_a_stopped_proof(
    capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path
) -> None:
    ckpt = str(tmp_path / "proof.ckpt")
    common = ("--wordlist", medium_list, "--target", str(MEDIUM_TARGET), "--checkpoint", ckpt)
    whole = prove_json(capfd, "--wordlist", medium_list, "--target", str(MEDIUM_TARGET))
    first = prove_json(capfd, *common, "--time-limit", "0.4")
    assert not first["complete"]
    assert first["stopped"] == "time limit"
    done = first["classes"]["done"]
    assert 0 < done < 102
    lines = [json.loads(line) for line in Path(ckpt).read_text().splitlines()]
    assert len(lines) == 1 + done + 1  # the header, the classes, what the run did
    run_record = lines[-1]["run"]
    assert run_record["classes"] == done
    assert run_record["stopped"] == "time limit"
    assert run_record["cpu_seconds"] <= run_record["seconds"] * 2
    again = prove_json(capfd, *common, "--jobs", "2")  # other jobs: the same proof
    assert again["complete"]
    runs = [
        json.loads(line)["run"]
        for line in Path(ckpt).read_text().splitlines()[1:]
        if "run" in json.loads(line)
    ]
    assert [r["classes"] for r in runs] == [done, 102 - done]
    assert runs[1]["where"] == "2 processes"
    assert runs[1]["stopped"] is None
    assert runs[1]["process_cpu_seconds"] >= runs[1]["cpu_seconds"] * 0.9  # the workers' too
    assert again["classes"]["resumed"] == done
    assert outcomes(again) == outcomes(whole)
    assert again["boards"] == whole["boards"]
    status, out, _ = run(capfd, "prove", "--wordlist", medium_list, "--checkpoint", ckpt)
    assert status == 0  # the target comes from the checkpoint: nothing left to do
    assert f"at least {MEDIUM_TARGET}" in out
    assert "(102 from the checkpoint)" in out


def test_a_sample_proves_the_first_classes_of_the_order_and_projects_the_whole(
    capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path
) -> None:
    """``--sample N`` proves the first N classes of the shuffled order, says it stopped on a
    sample and projects the whole proof's CPU from them; a larger N goes on from the checkpoint,
    and the proof without ``--sample`` ends as one run from the start does."""
    ckpt = str(tmp_path / "proof.ckpt")
    common = ("--wordlist", medium_list, "--target", str(MEDIUM_TARGET), "--checkpoint", ckpt)
    whole = prove_json(capfd, "--wordlist", medium_list, "--target", str(MEDIUM_TARGET))
    first = prove_json(capfd, *common, "--sample", "10")
    assert (first["stopped"], first["classes"]["done"], first["complete"]) == ("sample", 10, False)
    plan = ProofPlan(3, 3, partition("two"), MEDIUM_TARGET)
    order = dispatch_order(list(plan.space.canonical_ids()))
    assert sorted(o["id"] for o in outcomes(first)) == sorted(order[:10])
    estimate, low, high = first["projected_cpu_seconds"]
    assert low <= estimate <= high
    assert estimate == pytest.approx(first["cpu_seconds"] / 10 * 102, rel=0.01)
    status, out, _ = run(capfd, "prove", *common, "--sample", "25", "--jobs", "2")
    assert status == 0
    assert "stopped early (a sample, the first classes of the shuffled order): 25 of 102" in out
    assert "with a larger --sample (or without it) to resume" in out
    assert "the whole proof, projected from the classes done (a uniform sample): about" in out
    again = prove_json(capfd, *common)
    assert again["complete"]
    assert again["stopped"] is None
    assert again["classes"]["resumed"] == 25
    assert again["projected_cpu_seconds"] == pytest.approx([again["cpu_seconds"]] * 3, abs=0.002)
    assert outcomes(again) == outcomes(whole)


def test_a_record_cut_short_by_a_crash_is_proven_again(
    capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path
) -> None:
    ckpt = tmp_path / "proof.ckpt"
    common = ("--wordlist", medium_list, "--target", "406", "--checkpoint", str(ckpt))
    whole = prove_json(capfd, *common, "--size", "2x3")
    lines = ckpt.read_bytes().splitlines(keepends=True)
    ckpt.write_bytes(b"".join(lines[:5]) + lines[5][:17])  # a crash in the sixth record
    status, out, err = run(capfd, "prove", "--json", *common, "--size", "2x3")
    assert status == 0
    assert "dropped a record cut short (a crash)" in err
    again = json.loads(out)
    assert again["classes"]["resumed"] == 4
    assert outcomes(again) == outcomes(whole)
    assert ckpt.read_bytes().count(b"\n") == len(lines)


def test_a_checkpoint_of_other_options_is_refused(
    capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path
) -> None:
    ckpt = str(tmp_path / "proof.ckpt")
    prove_json(
        capfd, "--wordlist", medium_list, "--target", "406", "--checkpoint", ckpt, "--size", "2x2"
    )
    for other, why in [
        (("--target", "400"), "target 406 there, 400 here"),
        (("--partition", "three"), "partition"),
        (("--min-length", "4"), "min_length"),
    ]:
        status, out, err = run(
            capfd, "prove", "--wordlist", medium_list, "--checkpoint", ckpt, "--size", "2x2", *other
        )
        assert status == 2
        assert out == ""
        assert why in err
        assert len(err.strip().splitlines()) == 1
    status, _, err = run(
        capfd, "prove", "--wordlist", medium_list, "--checkpoint", ckpt, "--size", "2x3"
    )
    assert status == 2
    assert "size '2x2' there, '2x3' here" in err
    small = tmp_path / "other.txt"
    small.write_text("ate\neat\ntea\n")
    status, _, err = run(
        capfd, "prove", "--wordlist", str(small), "--checkpoint", ckpt, "--size", "2x2"
    )
    assert status == 2
    assert "wordlist_sha256" in err
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    status, _, err = run(capfd, "prove", "--wordlist", medium_list, "--checkpoint", str(notes))
    assert status == 2
    assert "not a checkpoint of lexibench prove" in err
    assert notes.read_text() == "my notes\n"


def test_a_checkpoint_in_use_is_refused(tmp_path: Path) -> None:
    plan = ProofPlan(2, 2, partition("two"), 5)
    path = tmp_path / "proof.ckpt"
    with (
        checkpoints.Checkpoint(path, plan.fingerprint("a" * 64), {}),
        pytest.raises(InputError, match="another proof is using it"),
    ):
        checkpoints.Checkpoint(path, plan.fingerprint("a" * 64), {})
    with checkpoints.Checkpoint(path, plan.fingerprint("a" * 64), {}) as reopened:
        assert reopened.outcomes == {}


def test_sigint_stops_with_the_checkpoint_saved(medium_list: str, tmp_path: Path) -> None:
    """A signal stops the proof: the classes finished are in the checkpoint, the output says
    stopped, the exit status is the signal's; the same command then finishes the proof."""
    ckpt = tmp_path / "proof.ckpt"
    argv = [
        sys.executable, "-m", "lexibench", "prove", "--wordlist", medium_list,
        "--target", str(MEDIUM_TARGET), "--checkpoint", str(ckpt), "--json", "--jobs", "2",
    ]  # fmt: skip
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if ckpt.exists() and ckpt.read_text().count("\n") >= 4:
            break
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    if process.returncode == 0:  # pragma: no cover - the proof ended before the signal
        pytest.skip("the proof finished before the signal arrived")
    assert process.returncode == 128 + signal.SIGINT, err
    data = json.loads(out)
    assert data["stopped"] == "SIGINT"
    kept = ckpt.read_text().count("\n") - 2  # the header and the run's record
    assert kept == data["classes"]["done"] >= 3
    assert json.loads(ckpt.read_text().splitlines()[-1])["run"]["stopped"] == "SIGINT"
    env = dict(os.environ)
    finished = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    again = json.loads(finished.stdout)
    assert again["complete"]
    assert again["classes"]["resumed"] == kept


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--target", "0"), "0 must be at least 1"),
        (("--tier", "string"), "invalid choice"),
        (("--lexicon", "marisa"), "lexicon marisa: cannot serve a proof (it cannot step"),
        (("--lexicon", "dict-trie", "--tier", "native"), "has no native tier"),
        (("--partition", "aeiou"), "no such preset"),
        (("--partition", "aeiou bcd"), "no bucket holds"),
        (("--size", "4x4", "--partition", "aeiou bcdfghjklmnpqrstvwxyz"), "need 80 bits"),
        (("--jobs", "2", "--dask-workers", "2"), "not both"),
    ],
)
def test_errors_are_one_line(
    capfd: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(
        capfd, "prove", "--wordlist", "wordlists/tiny.txt", "--target", "5", *argv
    )
    assert status == 2
    assert out == ""
    assert message in err


def test_a_dask_proof_checkpoints_and_resumes(
    capfd: pytest.CaptureFixture[str], medium_list: str, tmp_path: Path
) -> None:
    """On a local Dask cluster: a run stopped by its time limit keeps what came back in the
    checkpoint, and a second run on the cluster finishes the proof as one process does."""
    pytest.importorskip("distributed")
    ckpt = str(tmp_path / "proof.ckpt")
    common = ("--wordlist", medium_list, "--target", str(MEDIUM_TARGET))
    whole = prove_json(capfd, *common)
    first = prove_json(
        capfd, *common, "--checkpoint", ckpt, "--dask-workers", "2", "--time-limit", "3"
    )
    lines = Path(ckpt).read_text().splitlines()
    done = first["classes"]["done"]
    assert len(lines) == 1 + done + (done > 0)  # the header, the classes, what the run did
    again = prove_json(capfd, *common, "--checkpoint", ckpt, "--dask-workers", "2")
    assert again["complete"]
    assert again["classes"]["resumed"] == first["classes"]["done"]
    assert outcomes(again) == outcomes(whole)


def test_without_the_compiled_bound(medium_list: str, tmp_path: Path) -> None:
    """As installed with LEXIBENCH_NO_COMPILE=1: the proof runs at the step tier, and asking
    for the native tier is one line with the reason."""
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text(
        "import sys\nsys.modules['lexibench.solver.games.boggle.prove.tree_search'] = None\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.getcwd()])}
    command = [sys.executable, "-m", "lexibench", "prove", "--size", "2x2", "--wordlist"]
    command += [medium_list, "--target", "20", "--lexicon", "array-trie"]
    done = subprocess.run([*command, "--json"], env=env, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["tier"] == "step"
    refused = subprocess.run(
        [*command, "--tier", "native"], env=env, capture_output=True, text=True, check=False
    )
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert (
        "has no native tier (lexibench.solver.games.boggle.prove.tree_search is not compiled"
        in (refused.stderr)
    )


def test_the_time_limit_stops_handing_out_classes(
    capfd: pytest.CaptureFixture[str], medium_list: str
) -> None:
    """At the time limit the command stops handing out classes, not only its workers: 34,960
    classes left for a Dask cluster would otherwise go out one task each, to come back empty."""
    pytest.importorskip("distributed")
    start = time.monotonic()
    data = prove_json(
        capfd, "--wordlist", medium_list, "--target", "400", "--partition", "four",
        "--dask-workers", "2", "--time-limit", "2",
    )  # fmt: skip
    assert data["stopped"] == "time limit"
    assert data["classes"]["done"] < data["classes"]["canonical"] == 34_960
    assert time.monotonic() - start < 60


def test_a_worker_with_another_word_list_refuses_to_prove(medium_list: str) -> None:
    """A worker (here: this process) whose copy of the word list is not the proof's: one line,
    before any class."""
    from lexibench.solver.games.boggle.prove.job import ProveJob
    from lexibench.solver.lexicons import LexiconSpec

    plan = ProofPlan(3, 3, partition("two"), MEDIUM_TARGET)
    spec = LexiconSpec("array-trie", medium_list)
    with pytest.raises(InputError, match="is not the proof's"):
        ProveJob(spec, plan, Tier.NATIVE, None, "0" * 64).open()
    state = ProveJob(spec, plan, Tier.NATIVE, None, None).open()
    assert state.bound is not None
