"""The compiled bulk lines (bulk_lines.pyx, bulk.py's block path): byte for byte what the Python
line maker makes, every form of board parsed in compiled code, the same input checks and errors
at the same line numbers, blank lines skipped and counted on every path, and the per-board path
where nothing is compiled. Shares of a file in worker processes: test_boggle_bulk_shares."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.execution import Processes
from lexibench.solver.games.boggle import bulk
from lexibench.solver.games.boggle.board import Board
from lexibench.solver.games.boggle.boards_file import MAX_LINE
from lexibench.solver.games.boggle.bulk import compiled_lines
from lexibench.solver.games.boggle.dice import random_boards
from lexibench.solver.lexicons import LexiconSpec, open_spec
from tests.commands import ROOT, TINY
from tests.solver.games.bulk_paths import (
    SHAPES,
    by_board,
    compiled_run,
    make_job,
    opened_trie,
    seeded_text,
)

LEXIBENCH = [sys.executable, "-m", "lexibench"]

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("LEXIBENCH_NO_COMPILE")), reason="the compiled lines are not built"
)


@pytest.mark.parametrize("options", [{}, {"all_paths": True}], ids=["full", "all-paths"])
def test_long_words_and_paths_are_the_python_lines_byte_for_byte(
    tmp_path: Path, options: dict[str, Any]
) -> None:
    """Words and paths around and past the 16 letters and cells the compiled maker copies whole
    (15, 16, 17 and up to 25), on a 5x5 board whose rows, read back and forth, spell them."""
    snake = "abcdefghijklmnoprstuvwxyz"
    rows = [snake[r * 5 : r * 5 + 5] for r in range(5)]
    board = "/".join(row if r % 2 == 0 else row[::-1] for r, row in enumerate(rows))
    words = {snake[:n] for n in (3, 4, 15, 16, 17, 20, 25)} | {"edcba", "fed", "onmlk"}
    words_path = tmp_path / "long-words.txt"
    words_path.write_text("\n".join(sorted(words)) + "\n")
    job = make_job(words_path, **options)
    data = f"{board}\n{board.upper()}\n".encode()
    expected, error = by_board(job, data, tmp_path)
    assert error is None
    assert all(f'"word":"{snake[:n]}"'.encode() in expected for n in (15, 16, 17, 25))
    assert compiled_run(job, data, tmp_path) == (expected, None)


@pytest.mark.parametrize(
    "options",
    [{}, {"summary": True}, {"all_paths": True}, {"min_length": 4}],
    ids=["full", "summary", "all-paths", "min-length-4"],
)
def test_the_compiled_lines_are_the_python_lines_byte_for_byte(
    words_file: Path, tmp_path: Path, options: dict[str, Any]
) -> None:
    job = make_job(words_file, **options)
    data = seeded_text()
    expected, error = by_board(job, data, tmp_path)
    assert error is None
    assert expected.count(b"\n") == 40 * len(SHAPES)
    assert compiled_run(job, data, tmp_path) == (expected, None)


def test_the_compiled_lines_match_a_run_of_the_current_command(
    words_file: Path, tmp_path: Path
) -> None:
    """Each line is what ``solve BOARD --json`` prints for the board, compact."""
    import json

    boards = [b.text() for b in random_boards(4, 4, "new", 9, 5)] + ["qu u a/e e e/t s r"]
    job = make_job(words_file)
    out, _ = compiled_run(job, ("\n".join(boards) + "\n").encode(), tmp_path)
    for board, line in zip(boards, out.splitlines(), strict=True):
        one = subprocess.run(
            [*LEXIBENCH, "solve", board, "--json", "--wordlist", str(words_file)],
            capture_output=True,
            check=True,
        ).stdout
        assert line == json.dumps(json.loads(one), separators=(",", ":")).encode()


#: What lines of a boards file are made of: letters in both cases, the Qu tile in its forms,
#: separators and blanks, and what the parser refuses (a digit, a control character, non-ASCII,
#: a CR in the middle).
PIECES = ["a", "E", "s", "t", "q", "Q", "qu", "QU", "u", "U", "/", " ", "\t", "1", "\r", "é", "z"]
#: What blank lines are made of (a CR anywhere in one: it is still blank).
BLANK_PIECES = [" ", "\t", "\r"]


@st.composite
def boards_text(draw: st.DrawFn) -> bytes:
    """Lines mostly valid (seeded boards, some in upper case or with blanks), some blank, some
    not boards."""
    lines = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.integers(-1, 3))
        if kind == -1:
            line = "".join(draw(st.lists(st.sampled_from(BLANK_PIECES), max_size=4)))
        elif kind == 0:
            line = "".join(draw(st.lists(st.sampled_from(PIECES), max_size=20)))
        else:
            rows, cols = draw(st.sampled_from([(2, 2), (3, 3), (4, 4), (2, 5), (1, 3)]))
            (board,) = random_boards(rows, cols, "uniform", draw(st.integers(0, 99)), 1)
            line = board.text()
            if kind == 2:
                line = line.upper()
            elif kind == 3:
                line = " ".join(line)
        lines.append(line.encode())
    end = draw(st.sampled_from([b"\n", b"\r\n", b""]))
    bom = draw(st.sampled_from([b"", b"\xef\xbb\xbf"]))
    return bom + b"\n".join(lines) + end


@settings(max_examples=150, deadline=None)
@given(boards_text(), st.booleans(), st.booleans())
def test_any_file_gives_the_lines_and_the_error_of_the_python_path(
    words_file: Path,
    tmp_path_factory: pytest.TempPathFactory,
    data: bytes,
    summary: bool,
    q_means_qu: bool,
) -> None:
    """Lines the compiled parser does not recognise go through the Python parser: the output, the
    blank lines skipped and the first bad line's error (with its number) are the same either
    way, in either form."""
    tmp_path = tmp_path_factory.mktemp("any")
    job = make_job(words_file, summary=summary, q_means_qu=q_means_qu)
    blanks: list[int] = []
    compiled = compiled_run(job, data, tmp_path, blanks=blanks)
    assert compiled == by_board(job, data, tmp_path, blanks=blanks)
    assert blanks[0] == blanks[1]


#: One board in every form ``solve`` accepts.
FORMS = {
    "compact": "lqureslusaticnren",
    "slashed": "lqure/slus/atic/nren",
    "spaced": "l qu r e s l u s a t i c n r e n",
    "spaced rows": "l qu r e / s l u s / a t i c / n r e n",
    "tabs and blanks around": "\t L QU R E S\tL U S A T I C N R E N  ",
    "mixed case": "LqUrE/SlUs/aTiC/nReN",
    "lone q": "l q r e s l u s a t i c n r e n",
    "qu then u": "qu u a/e e e/t s r",
    "one row": "abcqu/",
    "one row, blanks": "  a b c q /",
}
#: Boards in the peers' form, each q the Qu tile (``--q-means-qu``).
PEERS_FORMS = {
    "peers": "lqrslusaticnrenx",
    "peers, upper case": "LQURSLUSATICNREN",
}
FORM_CASES = [pytest.param(text, False, id=name) for name, text in FORMS.items()] + [
    pytest.param(text, True, id=name) for name, text in PEERS_FORMS.items()
]


@pytest.mark.parametrize(("text", "q_means_qu"), FORM_CASES)
@pytest.mark.parametrize("summary", [False, True], ids=["full", "summary"])
def test_every_form_is_parsed_by_the_compiled_parser(
    words_file: Path, tmp_path: Path, text: str, q_means_qu: bool, summary: bool
) -> None:
    """Every form of board a file may hold is made in compiled code, not handed to the Python
    parser, and gives the Python path's line."""
    job = make_job(words_file, summary=summary, q_means_qu=q_means_qu)
    maker = compiled_lines(job, opened_trie(str(words_file)))
    assert maker is not None
    data = (text + "\n") * 3
    out, pos, boards, blanks, stopped = maker.lines(data.encode(), 0, True, 1 << 20)
    assert (pos, boards, blanks, stopped) == (len(data), 3, 0, False)
    assert (out, None) == by_board(job, data.encode(), tmp_path)


def test_a_q_before_a_letter_names_the_peers_option(words_file: Path, tmp_path: Path) -> None:
    data = b"lqrslusaticnrenx\n"
    out, error = compiled_run(make_job(words_file), data, tmp_path)
    assert out == b""
    assert error is not None
    assert "line 1: board: 'qr' is not a cell" in error
    assert "--q-means-qu reads every q as the Qu tile" in error
    peers, error = compiled_run(make_job(words_file, q_means_qu=True), data, tmp_path)
    assert error is None
    assert peers.startswith(b'{"board":"lqurs/lusa/ticn/renx"')


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        (b"ab\xe9d\n", "line 4: not UTF-8 (byte 0xe9)"),
        (b"ab1d\n", "line 4: board: '1' is not a letter a-z"),
        (b"a" * 50_000 + b"\n", "line 4: longer than any board accepted"),
        (b"a" * 50_000, "line 4: longer than any board accepted"),
        (b"ab\rd\n", "line 4: board: '\\r' is not a letter a-z"),
        (b"abcd\r", "line 4: board: '\\r' is not a letter a-z"),
        ("/".join(["a" * 101] * 100).encode() + b"\n", "line 4: board: 100x101 is 10,100 cells"),
        (b"\n \r\n\t\n/\n", "line 7: board: it is empty"),  # after blank lines, skipped
    ],
)
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bad_line_is_reported_after_the_lines_before_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, tail: bytes, message: str, jobs: int
) -> None:
    monkeypatch.setattr(bulk, "CHUNK", 8)  # a share a line: the bad line is in a later share
    data = b"ea/st\nd i / e d\nqu i / t e\n" + tail + b"ea/st\n"
    job = make_job(Path(TINY))
    out, error = compiled_run(job, data, tmp_path, Processes(jobs) if jobs > 1 else None)
    assert (out, error) == by_board(job, data, tmp_path)
    assert out.count(b"\n") == 3
    assert error is not None
    assert error.endswith(message) or message in error


#: Blank lines of every kind: empty, blanks, a CRLF's CR, CRs anywhere; one longer than the
#: compiled parser reads (it goes to the Python parser, which skips it too).
BLANK_LINES = [b"", b" ", b"\t \t", b"\r", b" \r \r", b" " * (MAX_LINE - 1)]


@pytest.mark.parametrize("way", ["here", "workers", "stream", "by board"])
@pytest.mark.parametrize("summary", [False, True], ids=["full", "summary"])
def test_blank_lines_are_skipped_and_counted_on_every_path(
    monkeypatch: pytest.MonkeyPatch, words_file: Path, tmp_path: Path, way: str, summary: bool
) -> None:
    """A file with blank lines between (and before, and after) its boards gives the lines of the
    file without them, on every path, and counts them; the last line may be blank without its
    LF."""
    monkeypatch.setattr(bulk, "CHUNK", 300)  # many shares: blank lines at their edges
    data = seeded_text(6)
    lines = data.split(b"\n")[:-1]
    spaced = b"\n".join(
        blank + b"\n" + line if k % 3 == 0 else line
        for k, line in enumerate(lines)
        for blank in [BLANK_LINES[k // 3 % len(BLANK_LINES)]]
    )
    spaced = b"\n\n" + spaced + b"\n \r\n\r"
    count = 2 + len(range(0, len(lines), 3)) + 2
    job = make_job(words_file, summary=summary)
    expected = compiled_run(job, data, tmp_path)
    assert expected[1] is None
    blanks: list[int] = []
    if way == "by board":
        assert by_board(job, spaced, tmp_path, blanks) == expected
    else:
        if way == "stream":
            monkeypatch.setattr(bulk, "_file_path", lambda reader: None)
        where = None if way == "here" else Processes(2)
        assert compiled_run(job, spaced, tmp_path, where, blanks) == expected
    assert blanks == [count]


@pytest.mark.parametrize("way", ["here", "workers", "by board"])
def test_a_bad_line_after_blank_lines_is_named_by_its_line_in_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, way: str
) -> None:
    monkeypatch.setattr(bulk, "CHUNK", 8)  # a share a line
    data = b"\n\nea/st\n \r\n\t\nd i / e d\n\n" * 3 + b"ab1d\nea/st\n"
    job = make_job(Path(TINY))
    blanks: list[int] = []
    if way == "by board":
        out, error = by_board(job, data, tmp_path, blanks)
    else:
        out, error = compiled_run(
            job, data, tmp_path, Processes(2) if way == "workers" else None, blanks
        )
    assert out.count(b"\n") == 6
    assert error is not None
    assert error.endswith("line 22: board: '1' is not a letter a-z")
    assert blanks == [15]


def test_a_blank_line_longer_than_any_board_is_refused(tmp_path: Path) -> None:
    """A blank line is skipped only where a board's line could be as long: a longer one is
    refused as too long (the reader stops there, never reads on to its end)."""
    data = b"ea/st\n" + b" " * (MAX_LINE + 1) + b"\nea/st\n"
    job = make_job(Path(TINY))
    out, error = compiled_run(job, data, tmp_path)
    assert (out, error) == by_board(job, data, tmp_path)
    assert error is not None
    assert "line 2: longer than any board accepted" in error


def test_too_many_paths_is_reported_after_the_boards_before_it(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join("a" * k for k in range(3, 10)) + "\n")
    data = b"ab/cd\naaa/aaa/aaa\nab/cd\n"
    job = make_job(words, all_paths=True, max_paths=10)
    out, error = compiled_run(job, data, tmp_path)
    assert out == by_board(job, b"ab/cd\n", tmp_path)[0]
    assert error == (
        "board aaa/aaa/aaa: more than 10 paths with --all-paths (raise the cap with --max-paths)"
    )


def test_without_the_compiled_lines_the_board_by_board_path_makes_the_same_output(
    words_file: Path, tmp_path: Path
) -> None:
    """As where bulk_lines is not built: solve --boards-file takes the per-board path, with
    the same output."""
    boards = tmp_path / "boards.txt"
    boards.write_bytes(seeded_text(5))
    command = [sys.executable, "-m", "lexibench", "solve", "--boards-file", str(boards)]
    command += ["--wordlist", str(words_file), "--lexicon", "array-trie"]
    compiled = subprocess.run(command, capture_output=True, check=True).stdout
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(
        "import sys\nsys.modules['lexibench.solver.games.boggle.bulk_lines'] = None\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(blocker), str(ROOT)])}
    blocked = subprocess.run(command, capture_output=True, check=True, env=env).stdout
    assert blocked == compiled
    check = "from lexibench.solver.games.boggle import bulk_lines"
    assert subprocess.run([sys.executable, "-c", check], env=env, check=False).returncode != 0


def test_other_tiers_and_backends_take_the_board_by_board_path(words_file: Path) -> None:
    opened = opened_trie(str(words_file))
    assert compiled_lines(make_job(words_file, tier="step"), opened) is None
    assert compiled_lines(make_job(words_file), opened) is not None
    dawg = open_spec(LexiconSpec(structure="dawg", wordlist=str(words_file)))
    assert compiled_lines(make_job(words_file), dawg) is None


def test_board_line_refuses_what_is_not_a_board(words_file: Path) -> None:
    maker = compiled_lines(make_job(words_file), opened_trie(str(words_file)))
    assert maker is not None
    board = Board(2, 2, ("qu", "u", "e", "s"))
    assert maker.board_line(board.cells, 2, 2).startswith(b'{"board":"qu u/es"')
    with pytest.raises(ValueError, match="not a cell"):
        maker.board_line(("ab", "c", "d", "e"), 2, 2)
    with pytest.raises(ValueError, match="do not make"):
        maker.board_line(("a", "b"), 2, 2)


def test_kept_lines_are_not_moved_or_cleared_while_a_view_of_them_lives(words_file: Path) -> None:
    maker = compiled_lines(make_job(words_file, summary=True), opened_trie(str(words_file)))
    assert maker is not None
    data = seeded_text(3)
    out, *_ = maker.lines(data, 0, True, 1 << 30)
    maker.clear()
    assert maker.lines(data, 0, True, 1 << 30, keep=True)[0] == b""
    view = maker.kept()
    assert bytes(view) == out
    with pytest.raises(BufferError):
        maker.clear()
    with pytest.raises(BufferError):  # growing past its room would move the lines under it
        maker.lines(data * 200, 0, True, 1 << 30, keep=True)
    assert bytes(view) == out
    view.release()
    maker.clear()
    assert len(maker.kept()) == 0


@pytest.mark.parametrize("limit", [1, 100, 1 << 12, 1 << 30])
def test_pieces_are_made_in_place_whatever_their_limit(words_file: Path, limit: int) -> None:
    """Lines made without keep are written into the bytes object returned, grown where a line
    needs more room than it was made with (a dense board's lines with every path, past the
    limit and its slack) and shrunk to its lines: the pieces join into every line, each piece
    ends at a line's end, and the lines kept before are dropped (as clear() drops them)."""
    maker = compiled_lines(make_job(words_file, all_paths=True), opened_trie(str(words_file)))
    assert maker is not None
    rows = ["selaret", "tinesal", "aretsin", "lesnait", "sertale", "nitales", "aerstil"]
    big = "/".join(row * 2 for row in rows * 2)  # 14x14: every path of its words, 100s of KB
    data = f"{big}\n".encode() * 2 + seeded_text(2)
    maker.lines(data, 0, True, 1 << 30, keep=True)
    assert len(maker.kept()) > 0
    whole, *_ = maker.lines(data, 0, True, 1 << 30)
    assert len(maker.kept()) == 0
    assert max(map(len, whole.split(b"\n"))) > (1 << 16)  # one line outgrows the slack
    pieces, pos = [], 0
    while pos < len(data):
        piece, pos, boards, _, stopped = maker.lines(data, pos, True, limit)
        assert not stopped
        assert boards > 0
        assert piece.endswith(b"\n")
        assert piece.count(b"\n") == boards
        pieces.append(piece)
    assert b"".join(pieces) == whole
    if limit == 1:
        assert len(pieces) == whole.count(b"\n")  # a line a piece
