"""Fixtures of the game tests."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.words import default_words


@pytest.fixture(scope="module")
def words_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """30,000 words of the default list (with every Qu word of it), as a file."""
    words = default_words()
    chosen = set(random.Random(5).sample(words, 30_000)) | {w for w in words if "qu" in w}
    path = tmp_path_factory.mktemp("words") / "words.txt"
    path.write_text("\n".join(sorted(chosen)) + "\n")
    return path
