"""Fixtures shared by the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

import structures

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"


@pytest.fixture(params=structures.backend_names())
def backend(request: pytest.FixtureRequest) -> str:
    """Every registered backend id; an unavailable one fails loudly rather than skipping."""
    name: str = request.param
    info = structures.backend_info(name)
    if not info.available:
        pytest.fail(f"backend {name} is unavailable here: {info.error}; {info.install_hint}")
    return name


@pytest.fixture
def wordlists() -> Path:
    """The repository's folder of small hand-written word lists."""
    return WORDLISTS
