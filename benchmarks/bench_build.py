"""Build suite: each backend built from the word list, and loaded from its saved file."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import structures
from benchmarks.conftest import Settings, base_info
from solver.wordlist import WordList
from structures.saved import load_lexicon, save_lexicon


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
    """Loading the saved file (``lexibench build``'s output, what the cache holds): the library's
    own format where it has one, else the words, built again."""
    lexicon = structures.build_lexicon(backend, wordlist.words)
    benchmark.group = "load"
    benchmark.extra_info.update(base_info("build", backend, settings, wordlist), op="load")
    path = tmp_path / f"{backend}.lexicon"
    benchmark.extra_info["serialized_bytes"] = save_lexicon(
        path, backend, lexicon, wordlist.words, {}
    )
    benchmark.extra_info["file_format"] = load_lexicon(path).header.payload_format
    del lexicon
    gc.collect()
    loaded = benchmark.pedantic(load_lexicon, args=(path,), rounds=5, iterations=1)
    assert len(loaded.lexicon) == len(wordlist.words)
