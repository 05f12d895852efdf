"""The query games' commands: their JSON shapes and orderings, every structure that can serve them
(lexicons at each tier, the indexes), and their one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexibench import structures
from tests.commands import run

WORDS = [
    "at", "ta", "eat", "tea", "ate", "east", "seat", "teas", "tease", "abide", "speed",
    "bride", "aside", "crane", "glam", "gala", "glamping", "paling", "a",
]  # fmt: skip


@pytest.fixture
def words(tmp_path: Path) -> str:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return str(path)


def as_json(capfd: pytest.CaptureFixture[str], *argv: str) -> object:
    status, out, err = run(capfd, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def test_anagram_json_longest_first_with_blanks(
    capfd: pytest.CaptureFixture[str], words: str
) -> None:
    data = as_json(capfd, "anagram", "tea?", "--wordlist", words)
    assert data == {
        "count": 8,
        "words": [
            {"word": "east", "blanks": "s"},
            {"word": "seat", "blanks": "s"},
            {"word": "teas", "blanks": "s"},
            {"word": "ate", "blanks": ""},
            {"word": "eat", "blanks": ""},
            {"word": "tea", "blanks": ""},
            {"word": "at", "blanks": ""},
            {"word": "ta", "blanks": ""},
        ],
    }
    full = as_json(capfd, "anagram", "TEA?", "--full", "--wordlist", words)
    assert [w["word"] for w in full["words"]] == ["east", "seat", "teas"]  # type: ignore[index]
    longer = as_json(capfd, "anagram", "tea?", "--min-length", "4", "--wordlist", words)
    assert longer["count"] == 3  # type: ignore[index]
    assert as_json(capfd, "anagram", "", "--wordlist", words) == {"count": 0, "words": []}


@pytest.mark.parametrize(
    ("lexicon", "tier"),
    [
        ("alphagram-map", "index"),
        ("alphagram-map", "auto"),
        ("array-trie", "native"),
        ("array-trie", "step"),
        ("dict-trie", "step"),
        ("marisa", "string"),
    ],
)
def test_anagram_on_every_kind_of_structure(
    capfd: pytest.CaptureFixture[str], words: str, lexicon: str, tier: str
) -> None:
    if tier == "native" and structures.backend_info(lexicon).native_error:
        pytest.skip("array-trie's compiled walks are not built here")
    data = as_json(
        capfd, "anagram", "tea?", "--wordlist", words, "--lexicon", lexicon, "--tier", tier
    )
    assert data["count"] == 8  # type: ignore[index]


def test_pattern_json_sorted(capfd: pytest.CaptureFixture[str], words: str) -> None:
    assert as_json(capfd, "pattern", "??", "--wordlist", words) == {
        "count": 2,
        "words": ["at", "ta"],
    }
    every = sorted(w for w in WORDS if len(w) >= 2)
    for text in ("*", "***"):
        for lexicon in ("position-bitsets", "array-trie", "sorted-list"):
            data = as_json(capfd, "pattern", text, "--wordlist", words, "--lexicon", lexicon)
            assert data == {"count": len(every), "words": every}, (text, lexicon)
    assert as_json(capfd, "pattern", "?a*", "--wordlist", words)["words"] == [  # type: ignore[index]
        "east", "eat", "gala", "paling", "ta",
    ]  # fmt: skip


def test_spellingbee_json(capfd: pytest.CaptureFixture[str], words: str) -> None:
    for lexicon in ("letter-mask-map", "array-trie", "dawg"):
        data = as_json(capfd, "spellingbee", "g aimlnp", "--wordlist", words, "--lexicon", lexicon)
        assert data == {
            "count": 4,
            "score": 1 + 1 + 15 + 6,
            "words": ["gala", "glam", "glamping", "paling"],
            "pangrams": ["glamping"],
        }


def test_wordle_json_and_suggestion(capfd: pytest.CaptureFixture[str], words: str) -> None:
    for lexicon in ("position-bitsets", "array-trie", "datrie"):
        data = as_json(
            capfd, "wordle", "--guess", "speed=bbyby", "--wordlist", words, "--lexicon", lexicon
        )
        assert data == {"count": 2, "words": ["abide", "bride"]}
    data = as_json(capfd, "wordle", "--guess", "speed=bbyby", "--suggest", "--wordlist", words)
    assert data == {
        "count": 2,
        "words": ["abide", "bride"],
        "suggest": {"guess": "abide", "expected": 1.0},
    }
    none = as_json(capfd, "wordle", "--guess", "speed=ggggb", "--suggest", "--wordlist", words)
    assert none == {"count": 0, "words": [], "suggest": None}
    every = as_json(capfd, "wordle", "--length", "3", "--wordlist", words)
    assert every == {"count": 3, "words": ["ate", "eat", "tea"]}


def test_text_output(capfd: pytest.CaptureFixture[str], words: str) -> None:
    status, out, _ = run(capfd, "anagram", "tea?", "--wordlist", words)
    assert status == 0
    assert out.splitlines()[:3] == [
        "rack: tea?",
        "8 words (a blank's letter in capitals)",
        " 4: eaSt Seat teaS",
    ]
    status, out, _ = run(
        capfd, "wordle", "--guess", "speed=bbyby", "--suggest", "--wordlist", words
    )
    assert status == 0
    assert "suggested guess: abide (expected 1.00 words left)" in out
    status, out, _ = run(capfd, "spellingbee", "gaimlnp", "--wordlist", words)
    assert out.splitlines()[1] == "4 words, 23 points; pangrams: glamping"
    status, out, _ = run(capfd, "pattern", "t?", "--wordlist", words)
    assert out.splitlines() == ["pattern: t?", "1 words", "ta"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["anagram", "ab1"], "rack 'ab1': '1' is neither a letter a-z nor ?"),
        (["anagram", "abc", "--lexicon", "letter-mask-map"], "cannot serve Anagrams (an index"),
        (["anagram", "abc", "--lexicon", "dict-trie", "--tier", "index"], "has no index tier"),
        (["anagram", "abc", "--lexicon", "alphagram-map", "--tier", "step"], "has no step tier"),
        (["pattern", ""], "pattern '': it is empty"),
        (["pattern", "a.b"], "'.' is not a letter a-z"),
        (["pattern", "a?", "--lexicon", "letter-mask-map"], "cannot serve Crossword patterns"),
        (["spellingbee", "abc"], "3 letters; give seven"),
        (["spellingbee", "abcdefa"], "a repeated"),
        (["wordle", "--guess", "speed"], "write it WORD=FEEDBACK"),
        (["wordle", "--guess", "speed=bbbbb", "--length", "4"], "but --length 4"),
        (["wordle", "--length", "1"], "1 must be at least 2"),
        (["solve", "abcd", "--lexicon", "alphagram-map"], "cannot serve Boggle (an index"),
        (["letterboxed", "rme wcl tgk api", "--lexicon", "alphagram-map"], "cannot serve"),
    ],
)
def test_errors_are_one_line_exit_2(
    capfd: pytest.CaptureFixture[str], words: str, argv: list[str], message: str
) -> None:
    status, out, err = run(capfd, *argv, "--wordlist", words)
    assert status == 2
    assert out == ""
    assert message in err, err
    assert len(err.strip().splitlines()) == 1


def test_a_saved_index_serves_its_game(
    capfd: pytest.CaptureFixture[str], words: str, tmp_path: Path
) -> None:
    saved = tmp_path / "alphagrams.lexicon"
    status, _, err = run(
        capfd, "build", "--game", "anagram", "--lexicon", "alphagram-map", "--wordlist", words,
        "--output", str(saved),
    )  # fmt: skip
    assert status == 0, err
    data = as_json(capfd, "anagram", "tea?", "--lexicon-file", str(saved))
    assert data["count"] == 8  # type: ignore[index]
    status, _, err = run(capfd, "solve", "ea/st", "--lexicon-file", str(saved))
    assert status == 2
    assert "cannot serve Boggle" in err


def test_without_the_compiled_walks_and_kernel(tmp_path: Path, words: str) -> None:
    """As installed with LEXIBENCH_NO_COMPILE=1: array-trie offers no native tier to the query
    games (--tier native is one clean error, auto falls back to step) and --suggest grades with
    the interpreted twin, with the same answers."""
    import os
    import subprocess
    import sys

    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text(
        "import sys\n"
        "sys.modules['lexibench.structures.backends.array_trie.queries'] = None\n"
        "sys.modules['lexibench.solver.games.wordle.grader'] = None\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.getcwd()])}

    def lexibench(*argv: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "lexibench", *argv, "--wordlist", words, "--no-cache"]
        return subprocess.run(command, env=env, capture_output=True, text=True, check=False)

    refused = lexibench("anagram", "tea?", "--lexicon", "array-trie", "--tier", "native")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert "has no native tier" in refused.stderr
    assert "not compiled" in refused.stderr
    fallback = lexibench("anagram", "tea?", "--lexicon", "array-trie", "--json")
    assert json.loads(fallback.stdout)["count"] == 8
    suggested = lexibench("wordle", "--guess", "speed=bbyby", "--suggest", "--json")
    assert json.loads(suggested.stdout)["suggest"] == {"guess": "abide", "expected": 1.0}
