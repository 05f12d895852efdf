"""The Lexicon contract as a test suite any backend can run, built-in or from a plugin.

lexibench runs it against every built-in backend (``tests/structures/test_conformance.py``). A
package that adds a backend through the ``lexibench.backends`` entry point runs the same suite on
its own backend by subclassing :class:`LexiconConformance` in one of its test files::

    from lexibench.structures.conformance import LexiconConformance

    class TestMyTrie(LexiconConformance):
        backend = "my-trie"   # the id your entry point registers

and running pytest with the ``test`` extra installed (``pip install 'lexibench[test]'``: pytest
and hypothesis). The suite covers the contract written in :mod:`structures.protocol`: words and
prefixes (a word is its own prefix, ``""`` is a prefix of a non-empty lexicon), tricky keys,
the empty lexicon, one-shot iterables, unstorable words, stepping (when offered), saved files,
and a property-based comparison with :class:`ReferenceLexicon` over a small alphabet.

Importing this module imports pytest and hypothesis; nothing else in ``structures`` does.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.structures.errors import UnstorableWordError
from lexibench.structures.protocol import Lexicon, PersistentLexicon, SteppingLexicon
from lexibench.structures.saved import (
    SavedLexiconError,
    Seal,
    checks_its_files,
    load_lexicon,
    save_lexicon,
)

#: Keys that trip up tries and sorted lists alike.
TRICKY = [
    "a",  # a single letter
    "cat",  # a word that is a prefix of a longer word ...
    "cats",  # ... and a word with no extensions
    "hello",  # only "h", "he", ... are prefixes, none is a word
    "queen",  # 'qu' words
    "quiz",
    "quizzes",
    "zebra",
    "cat",  # a duplicate in the input
]
DISTINCT = sorted(set(TRICKY))
ALPHABET = "abcq"


class ReferenceLexicon:
    """The trivially correct lexicon: ``set(words)`` for ``is_word``, a brute-force scan of every
    word for ``has_prefix``."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = set(words)

    def __len__(self) -> int:
        return len(self.words)

    def is_word(self, s: str) -> bool:
        """``s in set(words)``."""
        return s in self.words

    def has_prefix(self, s: str) -> bool:
        """Some word starts with ``s``: a scan of every word."""
        return any(w.startswith(s) for w in self.words)


@st.composite
def words_and_queries(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Words over a small alphabet, and queries: prefixes of the words, and random strings."""
    words = draw(st.lists(st.text(ALPHABET, min_size=1, max_size=6), max_size=30))
    prefixes = [w[:i] for w in words for i in range(len(w) + 1)]
    from_members = draw(st.lists(st.sampled_from(prefixes), max_size=20)) if prefixes else []
    at_random = draw(st.lists(st.text(ALPHABET + "z", max_size=7), max_size=20))
    return words, from_members + at_random


class LexiconConformance:
    """Subclass it (``class TestMine(LexiconConformance)``) and set :attr:`backend`, or override
    the ``backend`` fixture to run it over several ids."""

    backend: ClassVar[str] = ""

    @pytest.fixture(name="backend")
    def _backend(self) -> str:
        if not self.backend:
            pytest.fail("set the class attribute `backend` to the id of the backend to test")
        info = structures.backend_info(self.backend)
        if not info.available:
            pytest.fail(f"backend {self.backend} is unavailable: {info.error}; {info.install_hint}")
        return self.backend

    @pytest.fixture
    def lexicon(self, backend: str) -> Lexicon:
        return structures.build_lexicon(backend, TRICKY)

    def test_counts_distinct_words(self, lexicon: Lexicon) -> None:
        assert len(lexicon) == len(DISTINCT)

    @pytest.mark.parametrize("word", DISTINCT)
    def test_every_stored_word_is_a_word_and_its_own_prefix(
        self, lexicon: Lexicon, word: str
    ) -> None:
        assert lexicon.is_word(word)
        assert lexicon.has_prefix(word)

    @pytest.mark.parametrize("prefix", ["h", "he", "hel", "hell", "c", "ca", "qu", "quiz", "que"])
    def test_proper_prefixes_are_prefixes_not_words(self, lexicon: Lexicon, prefix: str) -> None:
        assert lexicon.has_prefix(prefix)
        assert lexicon.is_word(prefix) is (prefix in TRICKY)

    @pytest.mark.parametrize(
        "miss", ["b", "catz", "catsa", "hellos", "q", "qa", "zz", "A", "CAT", "é", "\u212a"]
    )
    def test_misses_are_neither(self, lexicon: Lexicon, miss: str) -> None:
        assert lexicon.has_prefix(miss) is (miss == "q")  # "queen" starts with q
        assert not lexicon.is_word(miss)

    def test_empty_string_is_a_prefix_but_not_a_word(self, lexicon: Lexicon) -> None:
        assert lexicon.has_prefix("")
        assert not lexicon.is_word("")

    def test_empty_lexicon(self, backend: str) -> None:
        lex = structures.build_lexicon(backend, [])
        assert len(lex) == 0
        assert not lex.has_prefix("")
        assert not lex.has_prefix("a")
        assert not lex.is_word("a")

    def test_builds_from_a_one_shot_generator(self, backend: str) -> None:
        lex = structures.build_lexicon(backend, (w for w in reversed(TRICKY)))
        assert len(lex) == len(DISTINCT)
        assert lex.is_word("quizzes")

    def test_a_prefix_of_a_word_is_not_a_word(self, backend: str) -> None:
        lex = structures.build_lexicon(backend, ["hello"])
        assert not lex.is_word("h")
        assert lex.has_prefix("h")
        assert lex.has_prefix("hello")
        assert not lex.has_prefix("helloo")

    @pytest.mark.parametrize("bad", ["", 3, None, b"cat"])
    def test_unstorable_words_raise_at_build_time(self, backend: str, bad: object) -> None:
        with pytest.raises(UnstorableWordError, match=backend):
            structures.build_lexicon(backend, ["cat", bad])  # type: ignore[list-item]

    @pytest.mark.parametrize("query", ["cat\0", "c\0", "\0", "\0cat", "cats\0x"])
    def test_a_nul_character_in_a_query_is_neither(self, lexicon: Lexicon, query: str) -> None:
        """C libraries end strings at NUL: "cat\\0" must not answer as "cat"."""
        assert not lexicon.is_word(query)
        assert not lexicon.has_prefix(query)

    def test_a_word_with_a_nul_is_stored_whole_or_refused(self, backend: str) -> None:
        try:
            lex = structures.build_lexicon(backend, ["ab\0c", "x"])
        except UnstorableWordError:
            return
        assert lex.is_word("ab\0c")
        assert not lex.is_word("ab")
        assert lex.has_prefix("ab\0")
        assert len(lex) == 2

    def test_stepping_agrees_with_whole_string_queries(self, backend: str) -> None:
        lex = structures.build_lexicon(backend, TRICKY)
        assert structures.can_step(lex) is isinstance(lex, SteppingLexicon)
        assert structures.backend_info(backend).stepping is isinstance(lex, SteppingLexicon)
        if not isinstance(lex, SteppingLexicon):
            return
        probes = ["", "a", "c", "ca", "cat", "cats", "catz", "q", "qu", "quizzes", "h", "x"]
        for probe in probes:
            node = lex.root()
            for letter in probe:
                node = lex.child(node, letter)
                if node is None:
                    break
            assert (node is not None) is lex.has_prefix(probe), probe
            assert (node is not None and bool(lex.is_terminal(node))) is lex.is_word(probe), probe

    def test_stepping_nodes_are_not_changed_by_walking_on(self, backend: str) -> None:
        lex = structures.build_lexicon(backend, TRICKY)
        if not isinstance(lex, SteppingLexicon):
            return
        c = lex.child(lex.root(), "c")
        assert c is not None
        assert lex.child(c, "a") is not None
        assert lex.child(c, "z") is None
        ca = lex.child(c, "a")  # c is still the node of "c"
        assert ca is not None
        assert lex.child(ca, "t") is not None

    def test_saved_file_round_trip(self, backend: str, tmp_path: Path) -> None:
        """Saves and loads (its library's format, or its words) with equal answers."""
        lex = structures.build_lexicon(backend, TRICKY)
        info = structures.backend_info(backend)
        assert info.persistent is isinstance(lex, PersistentLexicon)
        path = tmp_path / "lexicon.lexicon"
        seal = Seal.new()
        save_lexicon(path, backend, lex, TRICKY, {"note": "test"}, seal)
        saved = load_lexicon(path, backend, seal)
        assert saved.header.payload_format == (info.file_format or "words")
        assert saved.header.meta == {"note": "test"}
        loaded = saved.lexicon
        assert type(loaded) is type(lex)
        assert len(loaded) == len(lex)
        for probe in ["", "c", "cat", "cats", "he", "hello", "quiz", "x", "catz"]:
            assert loaded.is_word(probe) is lex.is_word(probe)
            assert loaded.has_prefix(probe) is lex.has_prefix(probe)

    def test_saved_file_from_elsewhere(self, backend: str, tmp_path: Path) -> None:
        """A file without this user's seal (written elsewhere, or by hand): the words and a
        format whose reader checks everything (``FILE_CHECKED``) load, checked in full; a
        library's own format is refused in one line that says why."""
        lex = structures.build_lexicon(backend, TRICKY)
        path = tmp_path / "lexicon.lexicon"
        save_lexicon(path, backend, lex, TRICKY, {}, Seal.new())  # another user's seal
        persistent = isinstance(lex, PersistentLexicon)
        if persistent and not checks_its_files(type(lex)):
            with pytest.raises(SavedLexiconError, match="no seal of theirs") as refused:
                load_lexicon(path, backend, Seal.new())
            assert "\n" not in str(refused.value)
        else:
            loaded = load_lexicon(path, backend, Seal.new()).lexicon
            assert [loaded.is_word(w) for w in TRICKY] == [lex.is_word(w) for w in TRICKY]

    @settings(
        max_examples=60,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(case=words_and_queries())
    def test_matches_the_reference(self, backend: str, case: tuple[list[str], list[str]]) -> None:
        words, queries = case
        lex = structures.build_lexicon(backend, words)
        ref = ReferenceLexicon(words)
        assert len(lex) == len(ref)
        for q in queries + words:
            assert lex.is_word(q) is ref.is_word(q), q
            assert lex.has_prefix(q) is ref.has_prefix(q), q
