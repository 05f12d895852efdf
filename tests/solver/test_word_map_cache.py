"""The word map kept in the cache beside its lexicon (:mod:`lexibench.solver.word_map_cache`):
read back only when sealed by this user and whole, anything else reported in one line and built
again; a command reads it instead of building it, and a damaged one costs a rebuild, not a
wrong answer or a crash."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from lexibench.solver.word_map_cache import WORD_MAP_SUFFIX, CachedWordMap
from lexibench.structures.backends.kwg.lexicon import NATIVE_UNAVAILABLE, KwgLexicon
from lexibench.structures.saved import UNSEALED, Seal
from tests.commands import run
from tests.solver.games.test_crossword_moves import sample_words

pytestmark = pytest.mark.skipif(NATIVE_UNAVAILABLE is not None, reason="not compiled")


def _store(tmp_path: Path, seal: Seal, told: list[str]) -> CachedWordMap:
    return CachedWordMap(tmp_path / "kwg-key.lexicon", seal, told.append)


def test_a_saved_map_is_read_back_only_under_its_seal(tmp_path: Path) -> None:
    told: list[str] = []
    seal = Seal.new()
    store = _store(tmp_path, seal, told)
    assert store.path.name == f"kwg-key{WORD_MAP_SUFFIX}"
    assert store.load() is None  # nothing yet: not reported
    store.save(b"the tables")
    found = store.load()
    assert found is not None
    assert bytes(found) == b"the tables"
    assert _store(tmp_path, Seal.new(), told).load() is None
    assert told == [f"cache: {store.path}: not sealed by this user; building the word map again"]
    _store(tmp_path, UNSEALED, told).save(b"other")  # no key: nothing written
    assert bytes(store.load() or b"") == b"the tables"


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda data: data[:-1] + bytes([data[-1] ^ 1]), "do not match their digest"),
        (lambda data: b"junk\n" + data, "not a lexibench-wordmap/1 file"),
        (lambda data: b"", "not a lexibench-wordmap/1 file"),
        (lambda data: data.replace(b'"mac":"', b'"mac":"0', 1), "not sealed by this user"),
        (lambda data: b"{" + b"[" * 900 + b"\n" + data, "not a lexibench-wordmap/1 file"),
    ],
)
def test_a_damaged_file_is_reported_in_one_line(
    tmp_path: Path, damage: object, reason: str
) -> None:
    told: list[str] = []
    store = _store(tmp_path, Seal.new(), told)
    store.save(b"the tables")
    store.path.write_bytes(damage(store.path.read_bytes()))  # type: ignore[operator]
    assert store.load() is None
    [line] = told
    assert line.endswith(f"{reason}; building the word map again"), line


def test_a_sealed_map_beside_another_lexicon_is_refused(tmp_path: Path) -> None:
    """The seal names the entry a map belongs to: copied beside another lexicon's entry, it
    is not that lexicon's map."""
    told: list[str] = []
    seal = Seal.new()
    mine = _store(tmp_path, seal, told)
    mine.save(b"the tables")
    other = CachedWordMap(tmp_path / "kwg-other.lexicon", seal, told.append)
    other.path.write_bytes(mine.path.read_bytes())
    assert other.load() is None
    [line] = told
    assert "the word map of another lexicon ('kwg-key.lexicon')" in line


def test_a_fifo_in_its_place_is_refused_without_waiting(tmp_path: Path) -> None:
    told: list[str] = []
    store = _store(tmp_path, Seal.new(), told)
    os.mkfifo(store.path)
    assert store.load() is None
    [line] = told
    assert "cannot read it" in line


def test_a_lexicon_reads_its_map_from_the_store_and_rebuilds_a_bad_one(tmp_path: Path) -> None:
    told: list[str] = []
    seal = Seal.new()
    words = sorted(set(sample_words()))[:3000]
    first = KwgLexicon(words)
    first.keep_word_map_in(_store(tmp_path, seal, told))
    built = first.word_map()
    saved = _store(tmp_path, seal, told).path.read_bytes()
    again = KwgLexicon(words)
    store = _store(tmp_path, seal, told)
    loaded: list[int] = []
    real_load = store.load

    def counted() -> memoryview | None:
        loaded.append(1)
        return real_load()

    store.load = counted  # type: ignore[method-assign]
    again.keep_word_map_in(store)
    read = again.word_map()
    assert loaded == [1]
    assert read.to_bytes() == built.to_bytes()
    assert told == []
    # tables that pass the seal but not their own checks (written by a bug, say): rebuilt
    header, _, _ = saved.partition(b"\n")
    CachedWordMap(tmp_path / "kwg-key.lexicon", seal, told.append).save(b"not tables")
    third = KwgLexicon(words)
    third.keep_word_map_in(_store(tmp_path, seal, told))
    assert third.word_map().to_bytes() == built.to_bytes()
    [line] = told
    assert "shorter than its header; building the word map again" in line
    assert _store(tmp_path, seal, told).load() is not None  # written again, whole
    assert header


def test_selfplay_reads_the_map_the_last_run_kept_and_survives_a_damaged_one(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LEXIBENCH_CACHE_DIR", str(tmp_path))
    words = tmp_path / "words.txt"
    words.write_text("\n".join(sample_words()) + "\n")
    argv = ["selfplay", "--games", "2", "--wordlist", str(words), "--leaves", "english",
            "--word-map", "yes", "--json"]  # fmt: skip
    status, out, err = run(capfd, *argv)
    assert (status, err) == (0, "")
    [kept] = tmp_path.glob(f"*{WORD_MAP_SUFFIX}")
    status, again, err = run(capfd, *argv)
    assert (status, err) == (0, "")
    games = ("players", "moves_played", "exchanges")
    assert {k: json.loads(again)[k] for k in games} == {k: json.loads(out)[k] for k in games}
    kept.write_bytes(kept.read_bytes()[:-10])
    status, damaged, err = run(capfd, *argv)
    assert status == 0
    [line] = err.splitlines()
    assert line.startswith("lexibench: cache: ")
    assert "building the word map again" in line
    assert {k: json.loads(damaged)[k] for k in games} == {k: json.loads(out)[k] for k in games}
    status, _, err = run(capfd, "cache", "--clear")
    assert status == 0
    assert not list(tmp_path.glob(f"*{WORD_MAP_SUFFIX}"))
