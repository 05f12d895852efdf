"""Fixtures shared by the test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexibench import structures

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"


@pytest.fixture(params=structures.registry.offered_builtins())
def backend(request: pytest.FixtureRequest) -> str:
    """Every built-in backend of the registry; an unavailable one fails loudly rather than
    skipping. (A plugin's backend is tested by its own package, with structures.conformance:
    installing one never changes what these tests run.)"""
    name: str = request.param
    info = structures.backend_info(name)
    if not info.available:
        pytest.fail(f"backend {name} is unavailable here: {info.error}; {info.install_hint}")
    return name


@pytest.fixture(params=structures.registry.offered_structures())
def structure(request: pytest.FixtureRequest) -> str:
    """Every built-in structure of the registry, both kinds (lexicon backends and indexes); an
    unavailable one fails loudly rather than skipping."""
    name: str = request.param
    info = structures.backend_info(name)
    if not info.available:
        pytest.fail(f"structure {name} is unavailable here: {info.error}; {info.install_hint}")
    return name


@pytest.fixture
def wordlists() -> Path:
    """The repository's folder of small hand-written word lists."""
    return WORDLISTS


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every test (and every subprocess it starts) caches lexicons in a private folder, never in
    the user's cache."""
    folder = tmp_path_factory.mktemp("lexicon-cache")
    previous = os.environ.get("LEXIBENCH_CACHE_DIR")
    os.environ["LEXIBENCH_CACHE_DIR"] = str(folder)
    yield folder
    if previous is None:
        del os.environ["LEXIBENCH_CACHE_DIR"]
    else:
        os.environ["LEXIBENCH_CACHE_DIR"] = previous
