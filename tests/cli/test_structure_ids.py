"""An unknown structure id, as a user meets it: ``--lexicon marisaa`` is one line naming the id it
likely misspells, the structures this command can use, then the others apart with why (indexes
that answer none of the game's queries, lexicons a proof cannot step, unavailable ones with their
install hint), before any word list is read. The id is checked in one place, the plan."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from lexibench import structures
from lexibench.solver.errors import InputError
from lexibench.solver.games.registry import game
from lexibench.solver.lexicons import LexiconSpec
from lexibench.solver.plan import Request, open_lexicon, resolve
from lexibench.structures import registry
from tests.commands import TINY, run


def refusal(capfd: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line ``lexibench ARGV`` refuses with (status 2, nothing on standard output),
    without its ``lexibench: error:``."""
    status, out, err = run(capfd, *argv)
    assert (status, out) == (2, ""), err
    [line] = err.splitlines()
    assert line.startswith("lexibench: error: unknown lexicon ")
    return line.removeprefix("lexibench: error: ")


class Refusal(NamedTuple):
    """A refusal's parts: what precedes ``known:``, the ids known, and the texts after ``not for
    SERVES:`` and ``unavailable:`` (empty without)."""

    head: str
    known: list[str]
    not_for: str
    unavailable: str


def refused(capfd: pytest.CaptureFixture[str], serves: str, *argv: str) -> Refusal:
    """The parts of the line ``lexibench ARGV`` refuses with (:func:`refusal`), whose search is
    ``serves`` (``Boggle``)."""
    line = refusal(capfd, *argv)
    head, rest = line.split(" known: ", 1) if "did you mean" in line else line.split("; known: ")
    known, _, rest = rest.partition("; not for ")
    not_for, _, unavailable = rest.partition("; unavailable: ")
    if not_for:
        assert not_for.startswith(f"{serves}: ")
        not_for = not_for.removeprefix(f"{serves}: ")
    elif "; unavailable: " in known:
        known, unavailable = known.split("; unavailable: ")
    return Refusal(head, known.split(", "), not_for, unavailable)


def available(names: list[str]) -> list[str]:
    return [name for name in names if structures.backend_info(name).available]


def test_a_misspelt_id_for_solve_names_the_nearest_and_the_lexicons(
    capfd: pytest.CaptureFixture[str],
) -> None:
    found = refused(capfd, "Boggle", "solve", "ea/st", "--lexicon", "marisaa")
    assert found.head == "unknown lexicon 'marisaa'; did you mean marisa?"
    assert found.known == available(structures.backend_names())  # no index: Boggle cannot use one
    assert "word-map (an index for anagram queries)" in found.not_for
    for index in structures.index_names():
        assert index in found.not_for
    assert found.unavailable.startswith("hat-trie (hat-trie-python 0.6 binds no prefix search")


def test_a_query_game_lists_the_indexes_that_answer_its_queries(
    capfd: pytest.CaptureFixture[str],
) -> None:
    found = refused(capfd, "Anagrams", "anagram", "retain", "--lexicon", "alphagram-mapp")
    assert found.head == "unknown lexicon 'alphagram-mapp'; did you mean alphagram-map?"
    assert {"alphagram-map", "word-map", "position-bitsets", "dict-trie"} <= set(found.known)
    assert "letter-mask-map" not in found.known
    assert found.not_for == "letter-mask-map (an index for letterset queries)"


def test_a_proof_lists_the_lexicons_that_step(capfd: pytest.CaptureFixture[str]) -> None:
    found = refused(capfd, "a proof", "prove", "--size", "2x2", "--lexicon", "dict-tree")
    assert found.head == "unknown lexicon 'dict-tree'; did you mean dict-trie?"
    assert found.known == [
        name
        for name in available(structures.backend_names())
        if structures.backend_info(name).stepping
    ]
    assert "marisa" not in found.known
    assert "marisa" in found.not_for
    assert found.not_for.endswith("(it cannot step, and a proof walks the lexicon node by node: "
                                  "see `lexibench backends` for one that can)")  # fmt: skip


def test_the_nearest_is_said_even_where_the_command_cannot_use_it(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """An index's id cut short, given to solve: its id is named (the user meant it), and the rest
    of the line says why solve cannot use it."""
    found = refused(capfd, "Boggle", "solve", "ea/st", "--lexicon", "alphagram")
    assert found.head == "unknown lexicon 'alphagram'; did you mean alphagram-map?"
    assert "alphagram-map" not in found.known
    assert "alphagram-map" in found.not_for


def test_an_id_like_none_gets_no_suggestion(capfd: pytest.CaptureFixture[str]) -> None:
    line = refusal(capfd, "solve", "ea/st", "--lexicon", "nope", "--wordlist", TINY)
    assert line.startswith("unknown lexicon 'nope'; known: array-trie, ")
    assert "did you mean" not in line


def test_an_unavailable_structure_is_named_with_its_install_hint(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(
        registry._registered.__globals__,
        "BUILTIN",
        {**registry.BUILTIN, "ghost": registry.Entry("no_such_module:Ghost", "ghost-trie")},
    )
    found = refused(capfd, "Boggle", "solve", "ea/st", "--lexicon", "ghosts")
    assert found.head == "unknown lexicon 'ghosts'; did you mean ghost?"
    assert "ghost" not in found.known
    assert found.unavailable.startswith("ghost (pip install ghost-trie), hat-trie (")


def test_the_id_is_checked_once_by_the_plan_before_any_word_list_is_read(
    tmp_path: Path,
) -> None:
    """The plan checks the id (the spec's own checks no longer do), with the game's tiers; a
    caller opening a lexicon without a plan gets the same check, before its word list is read."""
    LexiconSpec(structure="marisaa").check()  # the option checks alone
    with pytest.raises(InputError, match=r"did you mean marisa[?] known: .*not for Boggle: "):
        resolve(game("boggle"), Request("marisaa", wordlist=str(tmp_path / "none.txt")))
    with pytest.raises(InputError, match=r"did you mean marisa[?] known: alphagram-map, "):
        open_lexicon("marisaa", tmp_path / "none.txt")
