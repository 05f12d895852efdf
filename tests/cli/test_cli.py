"""The ``lexibench`` command line: every command, the JSON shapes, and every bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from lexibench import structures
from tests.commands import TINY, run


def test_solve_human_output(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capfd, "solve", "d i / e d", "--wordlist", TINY)
    assert status == 0
    assert err == ""
    assert "  D  I\n  E  D" in out
    assert "    1  died  0,0 0,1 1,0 1,1" in out
    assert out.rstrip().endswith("3 words, 3 points")


def test_solve_json_shape(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capfd, "solve", "qu i / t e", "--wordlist", TINY, "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"board", "rows", "cols", "wordlist", "lexicon", "words", "count", "score"}
    assert data["board"] == "qui/te"
    assert (data["rows"], data["cols"], data["lexicon"]) == (2, 2, "array-trie")
    assert data["wordlist"]["name"] == TINY
    assert data["wordlist"]["words"] == 23
    assert len(data["wordlist"]["sha256"]) == 64
    assert data["wordlist"]["lines_read"] == 23
    assert data["wordlist"]["dropped"] == {}
    assert data["words"] == [
        {"word": "quiet", "score": 2, "path": [[0, 0], [0, 1], [1, 1], [1, 0]]},
        {"word": "quite", "score": 2, "path": [[0, 0], [0, 1], [1, 0], [1, 1]]},
        {"word": "quit", "score": 1, "path": [[0, 0], [0, 1], [1, 0]]},
    ]
    assert (data["count"], data["score"]) == (3, 5)


def test_the_peers_form_with_q_means_qu(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A letter per cell with q the Qu tile (hybrid-boggle's form): refused without the option,
    naming it; read with it, on the command line and in a boards file (compiled path)."""
    status, out, err = run(capfd, "solve", "qite", "--wordlist", TINY, "--json")
    assert (status, out) == (2, "")
    assert "'qi' is not a cell" in err
    assert "--q-means-qu" in err
    status, out, _ = run(capfd, "solve", "qite", "--q-means-qu", "--wordlist", TINY, "--json")
    assert status == 0
    assert json.loads(out)["board"] == "qui/te"
    assert json.loads(out)["score"] == 5
    boards = tmp_path / "peers.txt"
    boards.write_text("qite\nQITE\n")
    status, out, _ = run(
        capfd,
        "solve",
        "--boards-file",
        str(boards),
        "--q-means-qu",
        "--summary",
        "--wordlist",
        TINY,
    )
    assert status == 0
    assert out == '{"board":"qui/te","count":3,"score":5}\n' * 2


def test_solve_all_paths_and_options(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capfd, "solve", "ea/st", "--wordlist", TINY, "--json", "--all-paths",
        "--lexicon", "datrie", "--tier", "string", "--min-length", "4",
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    words = {w["word"]: w for w in data["words"]}
    assert set(words) == {"east", "eats", "sate", "seat", "teas"}
    assert all(w["paths"][0] == w["path"] for w in words.values())
    assert data["lexicon"] == "datrie"


def test_every_backend_solves_the_same(capfd: pytest.CaptureFixture[str]) -> None:

    outputs = set()
    for name in structures.registry.offered_builtins():
        status, out, _ = run(
            capfd, "solve", "ea/st", "--wordlist", TINY, "--json", "--lexicon", name
        )
        assert status == 0
        data = json.loads(out)
        outputs.add(json.dumps(data["words"]))
    assert len(outputs) == 1


def test_random_boards(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capfd, "random", "--count", "3", "--seed", "5")
    assert status == 0
    assert out.splitlines() == ["oaeb/ztev/aeed/tihw", "inag/mbvo/egpd/yhty", "saps/wdye/sjun/yoha"]
    status, out, _ = run(capfd, "random", "--size", "3x5", "--dice", "uniform", "--count", "2")
    assert [len(line.split("/")) for line in out.splitlines()] == [3, 3]


def test_boards_file_json_lines_in_order(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("ea/st\nd i / e d\nqu i / t e\n")
    status, out, _ = run(capfd, "solve", "--boards-file", str(boards), "--wordlist", TINY)
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [d["board"] for d in lines] == ["ea/st", "di/ed", "qui/te"]
    assert [d["count"] for d in lines] == [7, 3, 3]


@pytest.mark.parametrize("lexicon", ["array-trie", "dict-trie", "marisa"])
@pytest.mark.parametrize("extra", [[], ["--all-paths"], ["--min-length", "4"]])
def test_each_line_is_what_json_prints_for_that_board(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, lexicon: str, extra: list[str]
) -> None:
    """The bulk lines are built straight from the search result, not through Solution objects:
    each must hold exactly what ``solve BOARD --json`` prints, whatever the tier."""
    texts = ["ea/st", "d i / e d", "qu i / t e", "seat/east/teas"]
    boards = tmp_path / "boards.txt"
    boards.write_text("\n".join(texts) + "\n")
    common = ["--wordlist", TINY, "--lexicon", lexicon, *extra]
    status, out, _ = run(capfd, "solve", "--boards-file", str(boards), *common)
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    singles = []
    for text in texts:
        status, one, _ = run(capfd, "solve", text, "--json", *common)
        assert status == 0
        singles.append(json.loads(one))
    assert lines == singles
    status, out, _ = run(capfd, "solve", "--boards-file", str(boards), "--summary", *common)
    assert status == 0
    summaries = [json.loads(line) for line in out.splitlines()]
    assert summaries == [
        {"board": s["board"], "count": s["count"], "score": s["score"]} for s in singles
    ]


def test_tier_choices_and_refusals(capfd: pytest.CaptureFixture[str]) -> None:
    common = ["ea/st", "--wordlist", TINY, "--json"]
    outs = []
    for tier in ("string", "step", "native", "auto"):
        status, out, _ = run(capfd, "solve", *common, "--lexicon", "array-trie", "--tier", tier)
        assert status == 0
        outs.append(json.loads(out)["words"])
    assert all(words == outs[0] for words in outs)
    status, out, err = run(capfd, "solve", *common, "--lexicon", "dict-trie", "--tier", "native")
    assert (status, out) == (2, "")
    assert "lexicon dict-trie: has no native tier" in err
    status, out, err = run(capfd, "solve", *common, "--summary")
    assert (status, out) == (2, "")
    assert "--summary goes with --boards-file" in err


def test_boards_from_stdin(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"ea/st\n")))
    status, out, _ = run(capfd, "solve", "--boards-file", "-", "--wordlist", TINY)
    assert status == 0
    assert json.loads(out)["board"] == "ea/st"


def test_jobs_2_equals_jobs_1(tmp_path: Path) -> None:
    """Real processes, the default word list, input order kept."""
    boards = subprocess.run(
        [sys.executable, "-m", "lexibench", "random", "--count", "150", "--seed", "9"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    path = tmp_path / "boards.txt"
    path.write_text(boards)
    outs = [
        subprocess.run(
            [
                sys.executable,
                "-m",
                "lexibench",
                "solve",
                "--boards-file",
                str(path),
                "--jobs",
                jobs,
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for jobs in ("1", "2")
    ]
    assert outs[0] == outs[1]
    assert len(outs[0].splitlines()) == 150
    assert sum(json.loads(line)["count"] for line in outs[0].splitlines()) > 150 * 50


def test_jobs_on_too_few_boards_says_so_and_runs_one_process(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file of one share (the compiled path) or one board (board by board) is solved here,
    with a note; the lines are those of --jobs 1."""
    boards = tmp_path / "boards.txt"
    boards.write_text("ea/st\nqu i/t e\n")
    common = ["--boards-file", str(boards), "--wordlist", TINY]
    status, one, err = run(capfd, "solve", *common)
    assert (status, err) == (0, "")
    status, two, err = run(capfd, "solve", *common, "--jobs", "2")
    assert (status, two) == (0, one)
    assert err == (
        "--jobs 2: 64 KiB of boards at most, solved in this process (another would not pay)\n"
    )
    boards.write_text("ea/st\n")
    status, out, err = run(capfd, "solve", *common, "--jobs", "2", "--lexicon", "dawg")
    assert status == 0
    assert json.loads(out)["board"] == "ea/st"
    assert "--jobs 2: one board, solved in this process" in err


def test_letterboxed(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    vocab = tmp_path / "lb.txt"
    vocab.write_text("crampet\ntwiglike\npragmatic\ncakewalk\nmeat\ntam\n")
    status, out, _ = run(
        capfd, "letterboxed", "RME-WCL-TGK-API", "--wordlist", str(vocab), "--json"
    )
    assert status == 0
    assert json.loads(out) == {
        "sides": ["rme", "wcl", "tgk", "api"],
        "words": ["cakewalk", "crampet", "pragmatic", "tam", "twiglike"],
        "solutions": [["crampet", "twiglike"], ["pragmatic", "cakewalk"]],
    }
    status, out, _ = run(capfd, "letterboxed", "rme wcl tgk api", "--wordlist", str(vocab))
    assert status == 0
    assert "crampet - twiglike" in out


def test_backends_json(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capfd, "backends", "--json")
    assert status == 0
    data = json.loads(out)
    assert [d["id"] for d in data] == structures.backend_names() + structures.index_names()
    assert {d["role"] for d in data if d["id"] in structures.index_names()} == {"index"}
    assert next(d for d in data if d["id"] == "alphagram-map")["answers"] == ["anagram", "family"]
    offered = structures.registry.offered_structures()
    assert all(d["available"] and d["version"] for d in data if d["id"] in offered)
    listed = [d for d in data if d["id"] not in offered]
    assert [d["id"] for d in listed] == ["hat-trie"]
    assert not listed[0]["available"]
    assert listed[0]["install_hint"] is None
    status, out, _ = run(capfd, "backends")
    assert "sortedcontainers" in out
    assert "position-bitsets  index" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "ab1d"], "'1' is not a letter"),
        (["solve", "abc/de"], "rows of unequal length"),
        (["solve", ""], "board: it is empty"),
        (["solve", "qxab"], "'qx' is not a cell"),
        (["solve", "abcd", "--lexicon", "nope"], "unknown lexicon 'nope'"),
        (["solve", "abcd", "--lexicon", "marisa", "--tier", "step"], "has no step tier"),
        (["solve", "abcd", "--wordlist", "/nonexistent/words.txt"], "no such file"),
        (["solve"], "give a BOARD, or --boards-file FILE for many boards"),
        (
            ["solve", "abcd", "--boards-file", "b.txt"],
            "give a BOARD or --boards-file FILE, not both",
        ),
        (["solve", "abcd", "--jobs", "2"], "--jobs goes with --boards-file"),
        (["best", "--size", "4"], "expected RxC"),
        (
            ["solve", "--board", "abcd"],
            "unrecognized arguments: --board; did you mean --boards-file?",
        ),
        (["solve", "abcd", "--word", "w.txt"], "did you mean --wordlist? (options are never abbr"),
        (["solve", "abcd", "--min-length", "0"], "must be at least 1"),
        (["solve", "abcd", "--tier", "fast"], "invalid choice: 'fast'"),
        (["random", "--size", "4by4"], "expected RxC"),
        (["random", "--size", "5x5", "--dice", "new"], "is a 4x4 set"),
        (["random", "--count", "x"], "not a whole number"),
        (["letterboxed", "abc def ghi"], "four groups of three letters"),
        (["letterboxed", "abc dea ghi jkl"], "a repeated"),
        (["nonsense"], "invalid choice: 'nonsense'"),
    ],
)
def test_bad_input_is_one_line_exit_2_nothing_on_stdout(
    capfd: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(
        capfd,
        *argv,
        *(
            ["--wordlist", TINY]
            if argv[0] == "solve" and "--wordlist" not in argv and argv != ["solve"]
            else []
        ),
    )
    assert status == 2
    assert out == ""
    assert err.startswith("lexibench: error: ")
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_unavailable_backend_is_a_clean_error(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexibench.structures import registry

    monkeypatch.setitem(
        registry._registered.__globals__, "BUILTIN",
        {**registry.BUILTIN, "ghost": registry.Entry("no_such_module:Ghost", "ghost-trie")},
    )  # fmt: skip
    status, out, err = run(capfd, "solve", "abcd", "--lexicon", "ghost")
    assert status == 2
    assert out == ""
    assert "lexicon 'ghost' is unavailable" in err
    assert "pip install ghost-trie" in err


def test_boards_file_bad_line_stops_after_the_good_ones(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("ea/st\nd i / e d\nab1d\nqu i / t e\n")
    status, out, err = run(capfd, "solve", "--boards-file", str(boards), "--wordlist", TINY)
    assert status == 2
    assert [json.loads(line)["board"] for line in out.splitlines()] == ["ea/st", "di/ed"]
    assert f"boards file {boards}, line 3: board: '1' is not a letter a-z" in err
    assert len(err.strip().splitlines()) == 1


def test_help_on_every_command(capfd: pytest.CaptureFixture[str]) -> None:
    for command in ("solve", "random", "letterboxed", "backends"):
        status, out, _ = run(capfd, command, "--help")
        assert status == 0
        assert "usage: lexibench " + command in out
    status, out, _ = run(capfd, "solve", "--help")
    assert "dict-trie" in out  # the default lexicon is named


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--jobs", "2", "--lexicon", "marisa", "--tier", "step"], "has no step tier"),
        (["--jobs", "2", "--wordlist", "/nonexistent.txt"], "word list /nonexistent.txt: no such"),
        (["--jobs", "2", "--lexicon", "nope"], "unknown lexicon 'nope'"),
        (["--jobs", "0"], "must be at least 1"),
    ],
)
def test_boards_file_option_errors(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("ea/st\nd i / e d\n")
    status, out, err = run(capfd, "solve", "--boards-file", str(boards), *extra)
    assert status == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_missing_boards_file(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capfd, "solve", "--boards-file", str(tmp_path / "none.txt"))
    assert status == 2
    assert out == ""
    assert f"boards file {tmp_path / 'none.txt'}: no such file" in err


def test_a_tier_the_backend_lacks_is_refused_before_any_word_list_is_read(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexibench.solver import lexicons

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the word list was read before the options were checked")

    monkeypatch.setattr(lexicons, "load_wordlist", never)
    monkeypatch.setattr(lexicons, "resolve_source", never)
    for argv in (
        ["solve", "abcd", "--lexicon", "pygtrie", "--tier", "native", "--no-cache"],
        ["best", "--size", "3x3", "--lexicon", "marisa", "--tier", "step"],
        ["letterboxed", "rme wcl tgk api", "--lexicon", "dawg", "--tier", "step"],
    ):
        status, out, err = run(capfd, *argv)
        assert (status, out) == (2, ""), argv
        assert err.startswith("lexibench: error: lexicon "), err
        assert "tier" in err, err


@pytest.mark.parametrize(
    "argv",
    [["--help"], *([name, "--help"] for name in ("anagram", "pattern", "spellingbee", "wordle"))],
)
def test_help_has_no_markup(capfd: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Summaries and option help are written once, with reST literals for the docs; a terminal
    shows them plain (``?`` reads '?')."""
    status, out, _ = run(capfd, *argv)
    assert status == 0
    assert "``" not in out


def test_backends_fit_a_terminal(capfd: pytest.CaptureFixture[str]) -> None:
    """The table fits 100 columns; --verbose has every detail (wider)."""
    status, out, _ = run(capfd, "backends")
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "string step native  anagram letterset pattern positions" in out  # array-trie
    status, out, _ = run(capfd, "backends", "--verbose")
    assert status == 0
    assert "file format" in out
