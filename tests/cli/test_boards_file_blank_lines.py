"""Blank lines in a boards file, as a user meets them: ``solve --boards-file`` skips them (empty
lines, lines of blanks and CRs) on every path, from a file and from standard input, says how many
with ``--verbose``, and names a later bad line by its line in the file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.commands import TINY

LEXIBENCH = [sys.executable, "-m", "lexibench"]


def _cli(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*LEXIBENCH, *argv], input=stdin, capture_output=True, check=False)


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, int]:
    """A file of 4,000 seeded boards (more than one share for ``--jobs 2``), the same with blank
    lines among them, and how many blank lines it holds."""
    folder = tmp_path_factory.mktemp("boards")
    made = _cli("random", "--count", "4000", "--seed", "3")
    assert made.returncode == 0, made.stderr
    plain = folder / "plain.txt"
    plain.write_bytes(made.stdout)
    lines = made.stdout.splitlines(keepends=True)
    blank_kinds = [b"\n", b"  \n", b"\t\r\n", b"\r\n"]
    spaced = [b"\n"]
    for k, line in enumerate(lines):
        spaced.append(line)
        if k % 5 == 0:
            spaced.append(blank_kinds[k // 5 % len(blank_kinds)])
    with_blanks = folder / "with-blanks.txt"
    with_blanks.write_bytes(b"".join(spaced))
    return plain, with_blanks, 1 + len(range(0, len(lines), 5))


@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["--summary"],
        ["--jobs", "2"],
        ["--summary", "--jobs", "2"],
        ["--lexicon", "dict-trie", "--summary"],
        ["--lexicon", "dict-trie", "--summary", "--jobs", "2"],
    ],
    ids=" ".join,
)
@pytest.mark.parametrize("source", ["file", "stdin"])
def test_blank_lines_are_skipped_and_counted_with_verbose(
    boards: tuple[Path, Path, int], extra: list[str], source: str
) -> None:
    """The output is that of the file without its blank lines; ``--verbose`` says how many were
    skipped, in one line."""
    plain, with_blanks, count = boards
    common = ["--wordlist", TINY, *extra]
    expected = _cli("solve", "--boards-file", str(plain), *common)
    assert expected.returncode == 0, expected.stderr
    where = str(with_blanks) if source == "file" else "-"
    data = with_blanks.read_bytes()
    done = _cli("solve", "--boards-file", where, *common, "--verbose", stdin=data)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected.stdout
    name = str(with_blanks) if source == "file" else "<stdin>"
    said = [line for line in done.stderr.decode().splitlines() if "blank" in line]
    assert said == [f"boards file {name}: {count:,} blank lines skipped"]
    quiet = _cli("solve", "--boards-file", where, *common, stdin=data)
    assert (quiet.returncode, quiet.stdout) == (0, expected.stdout)
    assert b"blank" not in quiet.stderr


def test_verbose_says_nothing_of_blank_lines_where_there_are_none(
    boards: tuple[Path, Path, int],
) -> None:
    plain, _, _ = boards
    done = _cli("solve", "--boards-file", str(plain), "--wordlist", TINY, "--verbose", "--summary")
    assert done.returncode == 0, done.stderr
    assert b"blank" not in done.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("lexicon", ["array-trie", "dict-trie"])
def test_a_bad_line_after_blank_lines_is_named_by_its_line_in_the_file(
    boards: tuple[Path, Path, int], tmp_path: Path, jobs: str, lexicon: str
) -> None:
    """Blank lines count as lines of the file: the error names the bad line's real number,
    after the results of every board before it."""
    _, with_blanks, count = boards
    data = with_blanks.read_bytes() + b"\n \nab1d\nea/st\n"
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    argv = ["--wordlist", TINY, "--summary", "--jobs", jobs, "--lexicon", lexicon, "--verbose"]
    done = _cli("solve", "--boards-file", str(path), *argv)
    assert done.returncode == 2
    assert done.stdout.count(b"\n") == 4000
    number = data.count(b"\n") - 1  # the line before the last
    err = done.stderr.decode().splitlines()
    assert err[-2:] == [
        f"boards file {path}: {count + 2:,} blank lines skipped",
        f"lexibench: error: boards file {path}, line {number}: board: '1' is not a letter a-z",
    ]
