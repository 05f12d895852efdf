"""Where a file is expected (issue 54): every option that names an input refuses a FIFO, a
device, a socket or a folder in one line at once (a FIFO hung every command), and no command
writes over one of its own inputs, by any name (build, leaves and prove replaced them with
status 0). Run as a user runs them.

These back solver/README.md's "Files" claims."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.commands import ROOT, TINY
from tests.hostile.cli import answered, lexibench, refused

EMPTY = "/".join(["15"] * 15)
#: Each command, with the option that names an input file (``{}`` where the file goes).
INPUTS = [
    ["solve", "ea/st", "--wordlist", "{}"],
    ["solve", "--boards-file", "{}"],
    ["solve", "ea/st", "--lexicon-file", "{}"],
    ["anagram", "abc", "--wordlist", "{}"],
    ["pattern", "c?t", "--wordlist", "{}"],
    ["spellingbee", "e dilstc", "--wordlist", "{}"],
    ["wordle", "--guess", "crane=bbybg", "--wordlist", "{}"],
    ["letterboxed", "dle isa tbc fgh", "--wordlist", "{}"],
    ["best", "--size", "2x2", "--wordlist", "{}"],
    ["prove", "--size", "2x2", "--wordlist", "{}"],
    ["build", "--wordlist", "{}", "--output", "out.lexicon"],
    ["moves", f"{EMPTY} DIEDSAT", "--rules", "{}"],
    ["moves", f"{EMPTY} DIEDSAT", "--leaves", "{}"],
    ["moves", "--gcg", "{}"],
    ["selfplay", "--games", "1", "--wordlist", "{}"],
    ["leaves", "--write", "out.klv2", "--model", "{}"],
    ["compare", "{}", str(ROOT / "tests" / "fixtures" / "results")],
    ["tables", "{}", "--out", "out"],
]


@pytest.fixture(params=["fifo", "device", "socket", "folder"])
def not_a_file(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A path that names something other than a regular file, and how the refusal names it."""
    kind = request.param
    if kind == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
        yield str(path), "FIFO"
    elif kind == "device":
        yield "/dev/zero", "device"
    elif kind == "socket":
        path = tmp_path / "sock"
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        try:
            yield str(path), "socket"
        finally:
            server.close()
    else:
        yield str(tmp_path), "directory"


@pytest.mark.parametrize("argv", INPUTS, ids=lambda argv: " ".join(argv[:2] + argv[-2:-1]))
def test_every_input_refuses_what_is_not_a_file(
    argv: list[str], not_a_file: tuple[str, str], tmp_path: Path
) -> None:
    path, what = not_a_file
    if argv[0] in ("compare", "tables") and what == "directory":
        pytest.skip("a folder is what compare and tables take")
    began = time.monotonic()
    done = lexibench(*[part.replace("{}", path) for part in argv], timeout=30, cwd=tmp_path)
    line = refused(done)
    # a leave table's name decides its format: a path without one is refused for that first
    assert what in line or "not a folder" in line or "no extension" in line, line
    assert time.monotonic() - began < 15


@pytest.fixture
def wordlist(tmp_path: Path) -> Path:
    path = tmp_path / "w.txt"
    path.write_bytes(Path(TINY).read_bytes())
    return path


def _names(path: Path) -> list[Path]:
    """``path`` and two more names of it: a symbolic link and a hard link."""
    symbolic = path.with_name(f"symbolic-{path.name}")
    symbolic.symlink_to(path.name)
    hard = path.with_name(f"hard-{path.name}")
    os.link(path, hard)
    return [path, symbolic, hard]


@pytest.mark.parametrize(
    "argv",
    [
        ["build", "--wordlist", "{in}", "--output", "{out}"],
        ["leaves", "--train", "1", "--generations", "2", "--wordlist", "{in}", "--out", "{out}"],
        ["prove", "--size", "2x2", "--wordlist", "{in}", "--checkpoint", "{out}"],
        ["solve", "--boards-file", "{in}", "--wordlist", "{in}", "--lexicon-file", "{out}"],
    ],
    ids=["build", "leaves --out", "prove --checkpoint", "two inputs"],
)
def test_no_command_writes_over_its_input(argv: list[str], wordlist: Path) -> None:
    before = wordlist.read_bytes()
    for name in _names(wordlist):
        args = [part.replace("{in}", str(wordlist)).replace("{out}", str(name)) for part in argv]
        if argv[0] == "solve":  # a lexicon file given with a word list: refused for that first
            continue
        refused(lexibench(*args), "which would be written over")
        assert wordlist.read_bytes() == before


def test_leaves_write_refuses_its_model_and_a_device_at_once(tmp_path: Path) -> None:
    """``leaves --write m.json --model m.json`` replaced the model; ``--write /dev/null`` trained
    for 6 s before its status 1."""
    model = tmp_path / "m.json"
    model.write_text('{"method": "by hand", "weights": [1.0]}')
    before = model.read_bytes()
    refused(lexibench("leaves", "--write", str(model), "--model", str(model)), "written over")
    assert model.read_bytes() == before
    began = time.monotonic()
    refused(lexibench("leaves", "--write", "/dev/null"), "character device")
    assert time.monotonic() - began < 5


@pytest.mark.parametrize(
    "argv",
    [
        ["anagram", "\u212aab"],
        ["pattern", "\u212a?t"],
        ["spellingbee", "\u212a aimlnp"],
        ["wordle", "--guess", "cra\u212ae=bbybg"],
        ["solve", "\u212aa/st"],
        ["letterboxed", "\u212aab cde fgh ijl"],
    ],
    ids=lambda argv: argv[0],
)
def test_the_kelvin_sign_is_not_a_k(argv: list[str]) -> None:
    """Python lower-cases the Kelvin sign to "k": every command refuses it, naming U+212A."""
    refused(lexibench(*argv, "--wordlist", TINY), "U+212A")


def test_max_word_length_holds_on_a_cache_hit(tmp_path: Path) -> None:
    """A list with a 300-letter line, cached under --max-word-length 400, is still refused
    under the default limit (the hit read no line)."""
    listed = tmp_path / "long.txt"
    listed.write_text("a" * 300 + "\ncat\ndogs\n")
    answered(lexibench("anagram", "tac", "--wordlist", str(listed), "--max-word-length", "400"))
    refused(lexibench("anagram", "tac", "--wordlist", str(listed)), "line 1: 300 characters")
