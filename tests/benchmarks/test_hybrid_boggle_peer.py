"""The opt-in peer (hybrid-boggle's C++ scorer): its plumbing, with a stand-in for the extension
(the real one is never built by lexibench), and its one-line error where it is not built."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from lexibench.benchmarks.peers import hybrid_boggle
from tests.commands import TINY

#: A stand-in for hybrid-boggle's cpp_boggle: a board scores its number of "q" (Qu) cells, plus
#: one per word of the list, so the test sees the letters, the shape and the words handed over.
STAND_IN = """
class Trie:
    @staticmethod
    def create_from_file(path):
        return Trie([w for w in open(path).read().split() if len(w) >= 3])
    @staticmethod
    def create_from_wordlist(words):
        return Trie(list(words))
    def __init__(self, words):
        self.words = words
class Boggler22:
    def __init__(self, trie):
        self.trie = trie
    def score(self, letters):
        assert len(letters) == 4, letters
        return 1000 * letters.count("q") + len(self.trie.words)
"""


def _run(tmp_path: Path, env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "lexibench.benchmarks.processes.hybrid_boggle_scorer", *argv]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


def test_the_peer_scores_each_board_with_the_extension_it_is_pointed_at(tmp_path: Path) -> None:
    (tmp_path / "cpp_boggle.py").write_text(STAND_IN)
    boards = tmp_path / "boards.txt"
    boards.write_text("qu a/e s\nab/cd\n")
    env = {**os.environ, hybrid_boggle.ENV: str(tmp_path)}
    done = _run(tmp_path, env, "--boards-file", str(boards), "--wordlist", TINY)
    assert done.returncode == 0, done.stderr
    words = len([w for w in Path(TINY).read_text().split() if len(w) >= 3])
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines == [
        {"board": "qu a/e s", "score": 1000 + words},
        {"board": "ab/cd", "score": words},
    ]
    boards.write_text("abc/def/ghi/jkl/mno/pst\n")
    done = _run(tmp_path, env, "--boards-file", str(boards), "--wordlist", TINY)
    assert done.returncode == 2
    assert done.stderr.strip().endswith("hybrid-boggle scores no 6x3 board")


def test_without_the_extension_the_peer_says_how_to_get_it(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != hybrid_boggle.ENV}
    boards = tmp_path / "boards.txt"
    boards.write_text("ab/cd\n")
    done = _run(tmp_path, env, "--boards-file", str(boards))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"set {hybrid_boggle.ENV} to the folder" in done.stderr
    assert "hybrid-boggle's README" in done.stderr
    missing = {**env, hybrid_boggle.ENV: str(tmp_path / "nowhere")}
    assert "not a folder" in _run(tmp_path, missing, "--boards-file", str(boards)).stderr
