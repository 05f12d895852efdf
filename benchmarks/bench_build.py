"""Build suite: each backend built from the word list; and loaded from a file where it can."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import structures
from benchmarks.conftest import Settings, base_info
from solver.wordlist import WordList
from structures import PersistentLexicon


def test_build(benchmark: Any, backend: str, settings: Settings, wordlist: WordList) -> None:
    cls = structures.backend_class(backend)
    benchmark.group = "build"
    benchmark.extra_info.update(base_info("build", backend, settings, wordlist), op="build")

    def build() -> int:
        return len(cls(wordlist.words))

    gc.collect()
    count = benchmark.pedantic(build, rounds=3, iterations=1)
    assert count == len(wordlist.words)


def test_load(
    benchmark: Any, backend: str, settings: Settings, wordlist: WordList, tmp_path: Path
) -> None:
    lexicon = structures.build_lexicon(backend, wordlist.words)
    benchmark.group = "load"
    benchmark.extra_info.update(base_info("build", backend, settings, wordlist), op="load")
    if not isinstance(lexicon, PersistentLexicon):
        benchmark.extra_info["not_run"] = True
        benchmark.extra_info["cap"] = "the library has no file format"
        benchmark.pedantic(lambda: None, rounds=1, iterations=1)
        return
    path = tmp_path / f"{backend}.bin"
    lexicon.save(path)
    benchmark.extra_info["serialized_bytes"] = path.stat().st_size
    cls = type(lexicon)
    del lexicon
    gc.collect()
    loaded = benchmark.pedantic(cls.load, args=(path,), rounds=5, iterations=1)
    assert len(loaded) == len(wordlist.words)
