"""The engines' own ``.kwg`` files (wolges, MAGPIE, Macondo): ``lexibench build`` writes one,
``--lexicon-file FILE.kwg`` reads one; a bad one is one line, status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexibench.solver.lexicons import open_lexicon_file
from lexibench.solver.wordlist import load_wordlist
from tests.commands import run

POSITION = "15/15/15/15/15/15/15/6RAT6/15/15/15/15/15/15/15 AEINST?"


def test_a_kwg_file_gives_the_moves_of_its_word_list(
    capfd: pytest.CaptureFixture[str], sample_wordlist: Path, tmp_path: Path
) -> None:
    """Built with ``--output FILE.kwg`` (the node array alone), read back with
    ``--lexicon-file``: the same moves by both algorithms, and the word list described by the
    words of its DAWG, hashed as the list itself is."""
    kwg = tmp_path / "sample.kwg"
    status, _, err = run(capfd, "build", "--game", "crossword", "--wordlist",
                         str(sample_wordlist), "--output", str(kwg))  # fmt: skip
    assert status == 0, err
    assert not kwg.read_bytes().startswith(b"LEXIBENCH")  # the engines' layout, no header
    for algorithm in ("gaddag", "dawg"):
        common = ("moves", POSITION, "--all", "--json", "--algorithm", algorithm)
        status, out, err = run(capfd, *common, "--wordlist", str(sample_wordlist))
        assert status == 0, err
        built = json.loads(out)
        status, out, err = run(capfd, *common, "--lexicon-file", str(kwg))
        assert status == 0, err
        read = json.loads(out)
        assert read["moves"] == built["moves"]
        assert read["count"] == built["count"] > 0
    opened = open_lexicon_file(kwg, min_length=2, q_needs_u=False)
    words = load_wordlist(str(sample_wordlist), min_length=2, q_needs_u=False)
    assert (opened.id, opened.wordlist.words) == ("kwg", len(words.words))
    assert opened.wordlist.sha256 == words.sha256


@pytest.mark.parametrize(
    ("cut", "problem"),
    [
        (1, "kwg: {size:,} bytes are not whole 4-byte nodes (cut short?)"),
        (None, "its DAWG holds no word"),
    ],
)
def test_a_bad_kwg_file_is_one_line(
    capfd: pytest.CaptureFixture[str],
    sample_wordlist: Path,
    tmp_path: Path,
    cut: int | None,
    problem: str,
) -> None:
    kwg = tmp_path / "bad.kwg"
    status, _, err = run(capfd, "build", "--game", "crossword", "--wordlist",
                         str(sample_wordlist), "--output", str(kwg))  # fmt: skip
    assert status == 0, err
    data = kwg.read_bytes()
    kwg.write_bytes(data[:-cut] if cut else (0x40_0000).to_bytes(4, "little") * 2)
    status, out, err = run(capfd, "moves", POSITION, "--lexicon-file", str(kwg))
    assert status == 2
    assert out == ""
    size = len(data) - (cut or 0)
    assert err == f"lexibench: error: lexicon file {kwg}: {problem.format(size=size)}\n"


def test_only_kwg_writes_a_kwg_file(
    capfd: pytest.CaptureFixture[str], sample_wordlist: Path, tmp_path: Path
) -> None:
    out = tmp_path / "x.kwg"
    status, _, err = run(capfd, "build", "--game", "crossword", "--lexicon", "array-trie",
                         "--wordlist", str(sample_wordlist), "--output", str(out))  # fmt: skip
    assert status == 2
    assert "a .kwg file holds the kwg backend (--lexicon kwg), not array-trie" in err
    status, _, err = run(capfd, "build", "--lexicon", "kwg", "--wordlist", str(sample_wordlist),
                         "--output", str(out))  # fmt: skip
    assert status == 2  # Boggle's rules drop words the crossword game plays: no header says so
    assert "a .kwg file carries no word rules" in err
    assert "build it with --game crossword" in err
    assert not out.exists()
