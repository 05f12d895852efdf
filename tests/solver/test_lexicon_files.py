"""Saved lexicons and the cache, through the command line and the Python API."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from lexibench.solver.cache import cache_dir, cache_entries
from lexibench.solver.plan import open_lexicon
from lexibench.solver.wordlist import Capitalised
from tests.commands import TINY, run


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("LEXIBENCH_CACHE_DIR", str(folder))
    return folder


def test_build_then_solve_from_the_file(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "tiny.lexicon"
    status, out, err = run(
        capfd, "build", "--wordlist", TINY, "--lexicon", "marisa", "--output", str(out_file)
    )
    assert status == 0
    assert out == ""
    assert f"wrote {out_file}: lexicon marisa over {TINY} (23 words)" in err
    status, out, _ = run(capfd, "solve", "ea/st", "--lexicon-file", str(out_file), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["lexicon"] == "marisa"
    assert data["wordlist"]["name"] == TINY
    assert data["count"] == 7
    status, out, _ = run(capfd, "solve", "ea/st", "--wordlist", TINY, "--json")
    assert json.loads(out)["words"] == data["words"]
    assert json.loads(out)["wordlist"] == data["wordlist"]


def test_letterboxed_reads_a_lexicon_file(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    vocab = tmp_path / "lb.txt"
    vocab.write_text("crampet\ntwiglike\npragmatic\ncakewalk\n")
    saved = tmp_path / "lb.lexicon"
    assert run(capfd, "build", "--wordlist", str(vocab), "-o", str(saved))[0] == 0
    status, out, _ = run(capfd, "letterboxed", "rme wcl tgk api", "--lexicon-file", str(saved))
    assert status == 0
    assert "crampet - twiglike" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--lexicon", "dawg"], "holds lexicon 'marisa', not 'dawg'"),
        (["--wordlist", TINY], "give --lexicon-file or --wordlist/--capitalised, not both"),
        (["--no-cache"], "--no-cache has no effect with --lexicon-file"),
        (["--min-length", "2"], "built with --min-length 3"),
    ],
)
def test_lexicon_file_conflicts(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    saved = tmp_path / "m.lexicon"
    assert run(capfd, "build", "--wordlist", TINY, "--lexicon", "marisa", "-o", str(saved))[0] == 0
    status, out, err = run(capfd, "solve", "ea/st", "--lexicon-file", str(saved), *argv)
    assert (status, out) == (2, "")
    assert err.startswith("lexibench: error: ")
    assert message in err
    assert len(err.splitlines()) == 1


def test_a_damaged_lexicon_file_is_refused(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "d.lexicon"
    assert run(capfd, "build", "--wordlist", TINY, "-o", str(saved))[0] == 0
    data = saved.read_bytes()
    saved.write_bytes(data[:-5])
    status, out, err = run(capfd, "solve", "ea/st", "--lexicon-file", str(saved))
    assert (status, out) == (2, "")
    assert f"lexicon file {saved}: truncated or padded" in err
    saved.write_text("just some words\n")
    status, out, err = run(capfd, "solve", "ea/st", "--lexicon-file", str(saved))
    assert (status, out) == (2, "")
    assert "not a lexibench lexicon file" in err


def test_cache_is_written_then_hit(own_cache: Path) -> None:
    first = open_lexicon("dict-trie", TINY)
    assert first.origin == "built"
    assert [p.name.split("-")[0] for p in cache_entries()] == ["dict"]
    second = open_lexicon("dict-trie", TINY)
    assert second.origin == "cache"
    assert second.wordlist == first.wordlist
    assert open_lexicon("dict-trie", TINY, min_length=4).origin == "built"  # another key
    assert open_lexicon("dict-trie", TINY, capitalised=Capitalised.DROP).origin == "built"
    assert open_lexicon("marisa", TINY).origin == "built"
    assert len(cache_entries()) == 4
    assert open_lexicon("marisa", TINY, cache=False).origin == "built"
    assert len(cache_entries()) == 4


def test_a_changed_word_list_is_a_new_key(own_cache: Path, tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\n")
    assert open_lexicon("dawg", words).origin == "built"
    assert open_lexicon("dawg", words).origin == "cache"
    words.write_text("cat\ndog\nemu\n")
    again = open_lexicon("dawg", words)
    assert again.origin == "built"
    assert again.lexicon.is_word("emu")


def test_a_damaged_cache_entry_is_rebuilt_with_a_message(own_cache: Path) -> None:
    assert open_lexicon("dawg", TINY).origin == "built"
    (entry,) = cache_entries()
    entry.write_bytes(entry.read_bytes()[:-10])
    messages: list[str] = []
    rebuilt = open_lexicon("dawg", TINY, notify=messages.append)
    assert rebuilt.origin == "built"
    assert rebuilt.lexicon.is_word("queen")
    assert len(messages) == 1
    assert "truncated or padded (1,5" in messages[0]
    assert messages[0].endswith("bytes); rebuilding it")
    assert open_lexicon("dawg", TINY).origin == "cache"  # and written again, whole


def test_an_unwritable_cache_is_skipped_with_a_message(own_cache: Path) -> None:
    own_cache.write_text("a file where the folder should be")
    messages: list[str] = []
    opened = open_lexicon("dawg", TINY, notify=messages.append)
    assert opened.origin == "built"
    assert len(messages) == 1
    assert "cannot write" in messages[0]


def test_cli_cache_options_and_command(capfd: pytest.CaptureFixture[str], own_cache: Path) -> None:
    status, _, err = run(capfd, "solve", "ea/st", "--wordlist", TINY, "--verbose")
    assert status == 0
    assert "lexicon array-trie: built from the word list and cached" in err
    status, _, err = run(capfd, "solve", "ea/st", "--wordlist", TINY, "--verbose")
    assert "lexicon array-trie: loaded from the cache" in err
    assert f"{TINY}: 23 lines read, 23 words kept" in err
    status, _, err = run(capfd, "solve", "ea/st", "--wordlist", TINY, "--verbose", "--no-cache")
    assert "built from the word list (not cached)" in err
    status, out, _ = run(capfd, "cache")
    assert status == 0
    assert str(cache_dir()) in out
    assert "1 lexicon(s)" in out
    status, out, _ = run(capfd, "cache", "--clear")
    assert "removed 1 cached lexicon(s)" in out
    assert cache_entries() == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_the_default_cache_folder_follows_the_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LEXIBENCH_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    assert cache_dir() == Path("/somewhere/cache/lexibench")


def test_the_cache_listing_names_each_entry_and_clears_by_filter(
    capfd: pytest.CaptureFixture[str], own_cache: Path, tmp_path: Path
) -> None:
    import os

    other = tmp_path / "other.txt"
    other.write_text("cat\ndog\nemu\n")
    open_lexicon("dawg", TINY)
    open_lexicon("marisa", TINY, min_length=4)
    open_lexicon("dawg", other)
    status, out, _ = run(capfd, "cache")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"cache: {own_cache}"
    assert lines[1].split() == ["backend", "word", "list", "words", "sha256", "options", "bytes",
                                "written"]  # fmt: skip
    rows = lines[3:-1]
    assert [row.split()[:2] for row in rows] == sorted(
        [["dawg", str(other)], ["dawg", TINY], ["marisa", TINY]]
    )  # by backend, then word list
    assert "--min-length 4, capitalised keep" in rows[2]
    assert lines[-1].startswith("3 lexicon(s), ")
    status, out, _ = run(capfd, "cache", "--json", "--backend", "marisa")
    (entry,) = json.loads(out)
    assert entry["backend"] == "marisa"
    assert entry["wordlist"]["name"] == TINY
    assert entry["wordlist"]["min_length"] == 4
    assert entry["wordlist"]["words"] == 19  # the words of 4 letters or more
    assert entry["bytes"] == Path(entry["file"]).stat().st_size
    # An old entry, cleared by age; then one word list's entries; then the rest.
    (old,) = [p for p in cache_entries() if p.name.startswith("marisa")]
    os.utime(old, (1_000_000_000, 1_000_000_000))
    status, out, _ = run(capfd, "cache", "--clear", "--older-than", "30")
    assert out == f"removed 1 cached lexicon(s) from {own_cache}\n"
    status, out, _ = run(capfd, "cache", "--clear", "--wordlist", str(other))
    assert out.startswith("removed 1 cached lexicon(s)")
    status, out, _ = run(capfd, "cache", "--backend", "marisa")
    assert out.splitlines()[-1] == "no entry matches"
    status, out, _ = run(capfd, "cache", "--clear")
    assert out.startswith("removed 1 cached lexicon(s)")
    status, out, err = run(capfd, "cache", "--older-than", "-1")
    assert (status, err.count("\n")) == (2, 1)


def test_two_processes_building_one_entry_at_once_both_succeed(own_cache: Path) -> None:
    import os
    import subprocess

    env = {**os.environ, "LEXIBENCH_CACHE_DIR": str(own_cache)}
    command = [sys.executable, "-m", "lexibench", "solve", "perslatgsineters", "--json",
               "--lexicon", "dict-trie", "--wordlist", "web2"]  # fmt: skip
    for _round in range(2):  # the first round builds in both; the second reads in both
        runs = [
            subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for _ in range(2)
        ]
        outs = [process.communicate(timeout=120) for process in runs]
        assert [process.returncode for process in runs] == [0, 0]
        assert outs[0] == outs[1]
        assert outs[0][1] == b""
        assert [p.name.split("-")[0] for p in own_cache.glob("*.lexicon")] == ["dict"]
    assert open_lexicon("dict-trie").origin == "cache"


def test_a_full_cache_costs_a_warning_not_the_answer(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from lexibench.solver import lexicons

    def full(*_args: object, **_kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(lexicons, "save_lexicon", full)
    messages: list[str] = []
    opened = open_lexicon("dawg", TINY, notify=messages.append)
    assert opened.lexicon.is_word("queen")
    assert len(messages) == 1
    assert "cannot write" in messages[0]
    assert "No space left on device" in messages[0]
    assert "continuing without it" in messages[0]


def test_a_read_only_cache_costs_a_warning_not_the_answer(
    capfd: pytest.CaptureFixture[str], own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing into the folder fails as on a read-only file system (a folder's mode would not
    stop root, who runs CI); the command still answers, with one line on stderr."""
    import errno
    import tempfile

    def read_only(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    status, out, err = run(capfd, "solve", "ea/st", "--json", "--wordlist", TINY)
    assert status == 0
    assert json.loads(out)["count"] == 7
    assert err.count("\n") == 1
    assert err.startswith("lexibench: cache: cannot write ")
    assert "(Read-only file system); continuing without it" in err


def test_a_cached_list_is_named_as_the_command_names_it(own_cache: Path) -> None:
    """The cache is keyed by the list's content: the same file named another way hits the same
    entry, and the answer names the list as this command did."""
    import os

    absolute = open_lexicon("dawg", TINY)
    relative = open_lexicon("dawg", os.path.relpath(TINY))
    assert (absolute.origin, relative.origin) == ("built", "cache")
    assert relative.wordlist.name == os.path.relpath(TINY)
    assert open_lexicon("dawg", TINY).wordlist.name == TINY
