"""Word-list loading: sources, normalization, the report, and every bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexibench.solver.defaults import DEFAULT_WORDLIST
from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.rules import score
from lexibench.solver.word_rules import normalize_word
from lexibench.solver.wordlist import load_wordlist


def write(tmp_path: Path, data: bytes, name: str = "words.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_report_counts_every_drop_reason(tmp_path: Path) -> None:
    data = "Cat\n\ncat\nat\nqat\nqueen\ndon't\ncafé\n  Zebra  \n".encode()
    wl = load_wordlist(write(tmp_path, data))
    assert wl.words == ("cat", "queen", "zebra")
    assert wl.lines_read == 9
    assert wl.dropped == {
        "blank": 1,
        "duplicate": 1,
        "too-short": 1,
        "q-without-u": 1,
        "non-letter": 2,
    }
    assert "9 lines read, 3 words kept" in wl.report()


def test_bom_and_crlf_give_the_same_list_and_hash(tmp_path: Path) -> None:
    lf = load_wordlist(write(tmp_path, b"apple\nbanana\ncherry\n", "lf.txt"))
    crlf = load_wordlist(write(tmp_path, b"\xef\xbb\xbfapple\r\nbanana\r\ncherry\r\n", "crlf.txt"))
    assert lf.words == crlf.words == ("apple", "banana", "cherry")
    assert lf.sha256 == crlf.sha256
    assert crlf.lines_read == 3


def test_min_length_is_configurable(tmp_path: Path) -> None:
    wl = load_wordlist(write(tmp_path, b"cat\ncats\n"), min_length=4)
    assert wl.words == ("cats",)
    assert wl.dropped == {"too-short": 1}


def test_default_list_needs_no_files() -> None:
    wl = load_wordlist(DEFAULT_WORDLIST)
    assert len(wl.words) > 200_000
    assert "queen" in wl.words
    assert all(w.isascii() and w.isalpha() and w.islower() for w in wl.words[:1000])
    assert wl.summary()["name"] == "web2"


def test_hand_written_lists_load(wordlists: Path) -> None:
    wl = load_wordlist(wordlists / "tiny.txt")
    assert {"did", "die", "died", "queen"} <= set(wl.words)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "is empty"),
        (b"\n\n  \r\n", "is empty"),
        (b"a\nqi\nab's\n", "none of its 3 lines is a playable word"),
        (b"cat\ndog\n\xff\xfeoops\n", r"line 3: not UTF-8 \(byte 0xff\)"),
    ],
)
def test_bad_files_are_one_line_errors(tmp_path: Path, data: bytes, message: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(InputError, match=message) as info:
        load_wordlist(path)
    assert str(path) in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_wordlist(tmp_path / "nope.txt")


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        load_wordlist(tmp_path)


def test_unreadable_file(tmp_path: Path) -> None:
    import os

    path = write(tmp_path, b"cat\n")
    path.chmod(0)
    if os.access(path, os.R_OK):  # root reads anything: make the read itself fail instead
        path.chmod(0o644)
        path.unlink()
        path.symlink_to(path)  # a symlink loop cannot be read
    with pytest.raises(InputError, match="cannot read it"):
        load_wordlist(path)


def test_system_list_by_name() -> None:
    from lexibench.solver.wordlist import SYSTEM_WORDS

    if SYSTEM_WORDS.is_file():
        assert len(load_wordlist("system").words) > 0
    else:
        with pytest.raises(InputError, match="does not exist on this machine"):
            load_wordlist("system")


def test_normalize_and_score() -> None:
    assert normalize_word("QUIZ") == "quiz"
    assert [score("a" * n) for n in range(3, 11)] == [1, 1, 2, 3, 5, 11, 11, 11]


def test_the_default_list_drops_capitalised_entries() -> None:
    wl = load_wordlist(DEFAULT_WORDLIST)
    assert wl.capitalised == "drop"
    assert wl.dropped["capitalised"] > 20_000
    assert "erastus" not in wl.words  # "Erastus" is a proper noun in web2
    assert "queen" in wl.words
    kept = load_wordlist(DEFAULT_WORDLIST, capitalised="keep")
    assert "erastus" in kept.words
    assert "capitalised" not in kept.dropped
    assert len(kept.words) > len(wl.words)
    summary = wl.summary()
    assert summary["dropped"] == dict(sorted(wl.dropped.items()))
    assert summary["lines_read"] == wl.lines_read
    assert "capitalised" in wl.report()


def test_other_lists_keep_capitalised_entries_unless_asked(tmp_path: Path) -> None:
    path = write(tmp_path, b"Boston\ncat\nAAA\n")
    assert load_wordlist(path).words == ("aaa", "boston", "cat")
    dropped = load_wordlist(path, capitalised="drop")
    assert dropped.words == ("cat",)
    assert dropped.dropped == {"capitalised": 2}
    with pytest.raises(InputError, match="not capitalised"):
        load_wordlist(write(tmp_path, b"Boston\n", "b.txt"), capitalised="drop")
