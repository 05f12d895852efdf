"""Build suite: each backend built from the word list, and loaded from its saved file."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from lexibench import structures
from lexibench.benchmarks.harness.recording import record
from lexibench.benchmarks.harness.timing import time_case
from lexibench.solver.wordlist import WordList
from lexibench.structures.saved import load_lexicon, save_lexicon


def test_build(benchmark: Any, backend: str, wordlist: WordList) -> None:
    """Building from the normalized words."""
    cls = structures.backend_class(backend)
    benchmark.group = "build"
    record(benchmark, "build", backend, wordlist, 1)

    def build() -> int:
        return len(cls(wordlist.words))

    gc.collect()
    assert time_case(benchmark, build) == len(wordlist.words)


def test_load(benchmark: Any, backend: str, wordlist: WordList, tmp_path: Path) -> None:
    """Loading the saved file (``lexibench build``'s output, what the cache holds): the library's
    own format where it has one, else the words, built again."""
    lexicon = structures.build_lexicon(backend, wordlist.words)
    benchmark.group = "load"
    path = tmp_path / f"{backend}.lexicon"
    size = save_lexicon(path, backend, lexicon, wordlist.words, {})
    record(benchmark, "load", backend, wordlist, 1, serialized_bytes=size)
    del lexicon
    gc.collect()
    loaded = time_case(benchmark, load_lexicon, path)
    assert len(loaded.lexicon) == len(wordlist.words)
