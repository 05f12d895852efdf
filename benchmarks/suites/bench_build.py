"""Build suite: each backend built from the word list, and loaded from its saved file."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from lexibench import structures
from lexibench.benchmarks.harness.recording import library_version, record, wordlist_ref
from lexibench.benchmarks.harness.records import BuildRecord, LoadRecord
from lexibench.benchmarks.harness.timing import time_case
from lexibench.solver.cache import seal
from lexibench.solver.wordlist import WordList
from lexibench.structures.saved import load_lexicon, save_lexicon


def test_build(benchmark: Any, backend: str, wordlist: WordList) -> None:
    """Building from the normalized words."""
    cls = structures.backend_class(backend)
    benchmark.group = "build"

    def build() -> int:
        return len(cls(wordlist.words))

    gc.collect()
    built = time_case(benchmark, build)
    record(benchmark, BuildRecord(backend, library_version(backend), wordlist_ref(wordlist), 1))
    assert built == len(wordlist.words)


def test_load(benchmark: Any, backend: str, wordlist: WordList, tmp_path: Path) -> None:
    """Loading the saved file (``lexibench build``'s output, what the cache holds): the library's
    own format where it has one, else the words, built again."""
    lexicon = structures.build_lexicon(backend, wordlist.words)
    benchmark.group = "load"
    path = tmp_path / f"{backend}.lexicon"
    size = save_lexicon(path, backend, lexicon, wordlist.words, {}, seal())
    del lexicon
    gc.collect()
    loaded = time_case(benchmark, load_lexicon, path, None, seal())
    record(
        benchmark,
        LoadRecord(
            backend, library_version(backend), wordlist_ref(wordlist), 1, serialized_bytes=size
        ),
    )
    assert len(loaded.lexicon) == len(wordlist.words)
