"""``lexibench search``: its output (one word a line, --count, --json's fields, --sort, --limit) on
every structure that can serve a search, and its one-line errors (exit status 2, nothing on
standard output)."""

from __future__ import annotations

import json

import pytest

from tests.commands import TINY, run


def out_of(capfd: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = run(capfd, "search", *argv, "--wordlist", TINY)
    assert status == 0, err
    assert err == ""
    return out


@pytest.mark.parametrize(
    "lexicon", ["array-trie", "position-bitsets", "alphagram-map", "dict-trie", "marisa"]
)
def test_one_word_a_line_alphabetically(capfd: pytest.CaptureFixture[str], lexicon: str) -> None:
    more = ["pattern:*"] if lexicon != "alphagram-map" else []
    out = out_of(capfd, "anagram:TEA?", *more, "--lexicon", lexicon)
    assert out.splitlines() == ["east", "eats", "sate", "seat", "teas"]


def test_combined_and_negated_conditions(capfd: pytest.CaptureFixture[str]) -> None:
    assert out_of(capfd, "anagrams:3-").split() == [
        "dies", "east", "eats", "ides", "sate", "seat", "side", "teas",
    ]  # fmt: skip
    assert out_of(capfd, "anagrams:3-", "not:pattern:*s", "pattern:[!s]*").split() == ["east"]
    assert out_of(capfd, "fronthooks:1-").split() == ["eat"]  # seat
    assert out_of(capfd, "pattern:qu@#*", "not:length:5").split() == ["quests", "quit"]


def test_count_alone(capfd: pytest.CaptureFixture[str]) -> None:
    assert out_of(capfd, "length:3", "--count") == "4\n"
    assert json.loads(out_of(capfd, "length:3", "--count", "--json")) == {"count": 4}


def test_sort_by_probability_and_limit(capfd: pytest.CaptureFixture[str]) -> None:
    # the ways to draw each from the bag: eat, tea 9 x 12 x 6 = 648; die 432; did 6 x 9 = 54
    assert out_of(capfd, "length:3", "--sort", "probability").split() == [
        "eat", "tea", "die", "did",
    ]  # fmt: skip
    assert out_of(capfd, "length:3", "--sort", "probability", "--limit", "2").split() == [
        "eat",
        "tea",
    ]
    assert out_of(capfd, "prefix:qu", "--sort", "length", "--limit", "3").split() == [
        "quests", "queen", "quest",
    ]  # fmt: skip


@pytest.mark.parametrize("lexicon", ["array-trie", "position-bitsets", "dict-trie"])
def test_json_fields(capfd: pytest.CaptureFixture[str], lexicon: str) -> None:
    data = json.loads(out_of(capfd, "subanagram:tea?", "suffix:a", "--json", "--lexicon", lexicon))
    assert data == {
        "count": 1,
        "words": [
            {
                "word": "tea",
                "length": 3,
                "points": 3,
                "front_hooks": "",
                "back_hooks": "s",
                "blanks": [""],
            }
        ],
    }
    eat = json.loads(out_of(capfd, "anagram:?at", "--json", "--lexicon", lexicon))["words"][0]
    assert (eat["word"], eat["front_hooks"], eat["blanks"]) == ("eat", "s", ["e"])


def test_nothing_found_prints_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    assert out_of(capfd, "prefix:zz") == ""
    assert json.loads(out_of(capfd, "prefix:zz", "--json")) == {"count": 0, "words": []}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["length:7-x"], "condition 'length:7-x', position 10: expected the range's upper end"),
        (["pattern:a[bc"], "condition 'pattern:a[bc', position 10: the class opened here"),
        (["lenght:3"], "condition 'lenght:3', position 1: unknown condition 'lenght'"),
        (["length:3", "anagram:ab1"], "condition 'anagram:ab1', position 11: '1' is not"),
        (["not:"], "condition 'not:', position 5: expected a condition"),
        ([], "the following arguments are required: CONDITION"),
        (["pattern:c?t", "--lexicon", "alphagram-map"], "lexicon alphagram-map: cannot serve the "
         "word search (it answers anagram, family; not pattern or classes)"),
        (["anagram:cat", "--lexicon", "alphagram-map", "--json"], "not hooks"),
        (["anagrams:2-", "--lexicon", "array-trie", "--tier", "native"], "lexicon array-trie: "
         "has no native tier"),
        (["length:3", "--lexicon", "dict-trie", "--tier", "index"], "has no index tier"),
        (["length:3", "--sort", "random"], "invalid choice: 'random'"),
        (["length:3", "--limit", "-1"], "--limit"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line(
    capfd: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capfd, "search", *argv, "--wordlist", TINY)
    assert status == 2
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert message in err, err
