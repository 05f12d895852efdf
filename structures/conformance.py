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

The query kinds (:mod:`structures.queries`) have their suite here too, :class:`QueryConformance`:
every kind a structure answers with its own methods (an index's, or a lexicon's compiled ones)
against :func:`reference_query`, a filter over the same words, and each kind's edge cases. A
plugin's index runs it the same way (``class TestMine(QueryConformance): structure = "mine"``).

Importing this module imports pytest and hypothesis; nothing else in ``structures`` does.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.structures.errors import UnstorableWordError
from lexibench.structures.protocol import Lexicon, PersistentLexicon, SteppingLexicon
from lexibench.structures.queries import QUERY_MEMBERS
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


# ---- the query kinds ----------------------------------------------------------------------------

#: The small alphabet the query kinds are drawn over, and a letter no word of it has.
KIND_ALPHABET = "abcde"
_WORDS = st.lists(st.text(KIND_ALPHABET, min_size=1, max_size=6), max_size=40)
_LETTERS = st.sampled_from(KIND_ALPHABET + "z")
_BOUNDS = st.dictionaries(_LETTERS, st.integers(0, 3), max_size=3)
_COUNT = st.integers(0, 4)


def _spelled(word: str, letters: str, blanks: int) -> bool:
    have = Counter(letters)
    return sum(max(0, n - have[ch]) for ch, n in Counter(word).items()) <= blanks


def _matches(parts: Sequence[str | None], word: str) -> bool:
    regex = "".join(
        ".*" if p is None else "(?!)" if not p else "[" + re.escape(p) + "]" for p in parts
    )
    return bool(parts) and re.fullmatch(regex, word, re.DOTALL) is not None


def _hooks(words: set[str], word: str) -> tuple[str, str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return (
        "".join(c for c in letters if c + word in words),
        "".join(c for c in letters if word + c in words),
    )


def reference_query(kind: str, words: Iterable[str], *arguments: Any) -> list[str]:
    """The answer to a query of ``kind`` (:data:`~lexibench.structures.queries.QUERY_KINDS`)
    with its method's ``arguments``, by a filter over the distinct ``words``: sorted."""
    stored = set(words)
    test: Callable[[str], bool]
    if kind == "anagram":
        letters, blanks, min_length = arguments
        test = lambda w: len(w) >= min_length and _spelled(w, letters, blanks)  # noqa: E731
    elif kind == "pattern":
        (pattern,) = arguments
        parts = [None if c == "*" else "abcdefghijklmnopqrstuvwxyz" if c == "?" else c
                 for c in pattern]  # fmt: skip
        test = lambda w: _matches(parts, w)  # noqa: E731
    elif kind == "classes":
        (parts,) = arguments
        test = lambda w: _matches(parts, w)  # noqa: E731
    elif kind == "letterset":
        letters, required, min_length = arguments
        test = lambda w: (  # noqa: E731
            len(w) >= min_length and set(w) <= set(letters) and set(required) <= set(w)
        )
    elif kind == "positions":
        allowed, at_least, at_most = arguments
        test = lambda w: (  # noqa: E731
            len(w) == len(allowed)
            and all(ch in ok for ch, ok in zip(w, allowed, strict=True))
            and all(w.count(c) >= n for c, n in at_least.items())
            and all(w.count(c) <= n for c, n in at_most.items())
        )
    elif kind == "length":
        shortest, longest = arguments
        test = lambda w: shortest <= len(w) <= longest  # noqa: E731
    elif kind == "contains":
        (at_least,) = arguments
        test = lambda w: all(w.count(c) >= n for c, n in at_least.items())  # noqa: E731
    elif kind == "hooks":
        front, fewest, most = arguments
        test = lambda w: fewest <= len(_hooks(stored, w)[0 if front else 1]) <= most  # noqa: E731
    elif kind == "family":
        fewest, most = arguments
        keys = Counter("".join(sorted(w)) for w in stored)
        test = lambda w: fewest <= keys["".join(sorted(w))] <= most  # noqa: E731
    elif kind == "weight":
        values, lowest, highest = arguments
        test = lambda w: lowest <= sum(values.get(c, 0) for c in w) <= highest  # noqa: E731
    else:
        raise ValueError(f"unknown query kind {kind!r}")
    return sorted(w for w in stored if test(w))


#: Per query kind: the arguments of its method, drawn over :data:`KIND_ALPHABET` (with a letter
#: no word has, ``z``, and the edges: nothing allowed, open ranges, crossing bounds).
KIND_ARGUMENTS: dict[str, st.SearchStrategy[tuple[Any, ...]]] = {
    "anagram": st.tuples(
        st.text(KIND_ALPHABET + "z", max_size=7), st.integers(0, 2), st.integers(1, 4)
    ),
    "pattern": st.tuples(st.text(KIND_ALPHABET + "?*z", max_size=8)),
    "classes": st.tuples(
        st.lists(st.none() | st.text(KIND_ALPHABET + "z", max_size=3), max_size=6)
    ),
    "letterset": st.tuples(
        st.text(KIND_ALPHABET + "z", max_size=5),
        st.text(KIND_ALPHABET, max_size=2),
        st.integers(1, 4),
    ),
    "positions": st.tuples(
        st.lists(st.text(KIND_ALPHABET, min_size=1, max_size=5), min_size=1, max_size=5),
        _BOUNDS,
        _BOUNDS,
    ),
    "length": st.tuples(st.integers(0, 7), st.integers(0, 7) | st.just(1 << 30)),
    "contains": st.tuples(_BOUNDS),
    "hooks": st.tuples(st.booleans(), _COUNT, _COUNT | st.just(1 << 30)),
    "family": st.tuples(_COUNT, _COUNT | st.just(1 << 30)),
    "weight": st.tuples(
        st.dictionaries(_LETTERS, st.integers(0, 12), max_size=5),
        st.integers(-2, 30),
        st.integers(-2, 30) | st.just(1 << 30),
    ),
}


class QueryConformance:
    """The query kinds' contracts (:mod:`lexibench.structures.queries`) as a suite: every kind a
    structure answers against :func:`reference_query` over the same words, property-based, and
    each kind's edge cases. Subclass it and set :attr:`structure` (or override the
    ``structure`` fixture to run it over several ids); a kind the structure does not answer is
    skipped."""

    structure: ClassVar[str] = ""

    @pytest.fixture(name="structure")
    def _structure(self) -> str:
        if not self.structure:
            pytest.fail("set the class attribute `structure` to the id of the structure to test")
        return self.structure

    @staticmethod
    def kinds(structure: str) -> tuple[str, ...]:
        """The kinds ``structure`` answers with methods of its own."""
        return structures.answers(structures.structure_class(structure))

    @settings(
        max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    @given(words=_WORDS, data=st.data())
    def test_every_kind_matches_the_reference(
        self, structure: str, words: list[str], data: st.DataObject
    ) -> None:
        built: Any = structures.build_structure(structure, words)
        for kind in self.kinds(structure):
            arguments = data.draw(KIND_ARGUMENTS[kind], label=kind)
            method = getattr(built, QUERY_MEMBERS[kind][0])
            got = method(*arguments)
            assert len(got) == len(set(got)), (kind, arguments)
            assert sorted(got) == reference_query(kind, words, *arguments), (kind, arguments)
            if structures.alphabetical(built):  # it says so: its answers come sorted
                assert got == sorted(got), (kind, arguments)
            estimate = getattr(built, "estimate", None)
            if estimate is not None:
                guess = estimate(kind, *arguments)
                assert guess is None or guess >= 0
            outside = getattr(built, "outside", None)
            if outside is not None:  # the words it does not answer, each once
                rest = outside(kind, *arguments)
                assert sorted(rest) == sorted(set(words) - set(got)), (kind, arguments)
                if structures.alphabetical(built):
                    assert rest == sorted(rest), (kind, arguments)
        if "hooks" in self.kinds(structure):
            probe = data.draw(st.text(KIND_ALPHABET + "z", min_size=1, max_size=5), label="word")
            for word in [probe, *words[:5]]:
                assert built.hook_letters(word) == _hooks(set(words), word), word

    def test_the_search_kinds_edge_cases(self, structure: str) -> None:
        """The new kinds at their edges: an empty structure, nothing allowed, open ranges,
        bounds that cross, a letter no word has, values of 0."""
        kinds = self.kinds(structure)
        words = ["a", "ab", "ba", "abc", "cab", "abcab", "bb", "b"]
        built: Any = structures.build_structure(structure, words)
        empty: Any = structures.build_structure(structure, [])
        if "classes" in kinds:
            assert sorted(built.class_pattern_words(["ab", "ab"])) == ["ab", "ba", "bb"]
            assert built.class_pattern_words([]) == []
            assert built.class_pattern_words(["", None]) == []
            assert sorted(built.class_pattern_words([None])) == sorted(words)
            assert sorted(built.class_pattern_words([None, "c", None, "b"])) == ["abcab", "cab"]
            assert empty.class_pattern_words([None]) == []
        if "length" in kinds:
            assert sorted(built.length_words(3, 3)) == ["abc", "cab"]
            assert sorted(built.length_words(0, 1 << 30)) == sorted(words)
            assert built.length_words(4, 3) == []
            assert empty.length_words(0, 9) == []
        if "contains" in kinds:
            assert sorted(built.containing_words({"b": 2})) == ["abcab", "bb"]
            assert sorted(built.containing_words({})) == sorted(words)
            assert built.containing_words({"z": 1}) == []
            assert sorted(built.containing_words({"z": 0, "c": 1})) == ["abc", "abcab", "cab"]
        if "hooks" in kinds:
            assert sorted(built.hooked_words(True, 1, 1 << 30)) == ["a", "ab", "b"]
            assert built.hooked_words(False, 2, 2) == ["b"]  # ba, bb
            assert built.hooked_words(True, 3, 2) == []
            assert built.hook_letters("ab") == ("c", "c")
            assert built.hook_letters("zz") == ("", "")
            assert empty.hooked_words(True, 0, 9) == []
        if "family" in kinds:
            assert sorted(built.family_words(2, 2)) == ["ab", "abc", "ba", "cab"]
            assert sorted(built.family_words(0, 1)) == ["a", "abcab", "b", "bb"]
            assert empty.family_words(0, 9) == []
        if "weight" in kinds:
            values = {"a": 1, "b": 3, "z": 10}
            assert sorted(built.weighted_words(values, 4, 4)) == ["ab", "abc", "ba", "cab"]
            assert sorted(built.weighted_words({}, 0, 0)) == sorted(words)
            assert built.weighted_words(values, 5, 4) == []
            assert empty.weighted_words(values, 0, 9) == []
