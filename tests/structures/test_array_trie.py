"""array-trie: its layout, its interpreted core against its compiled one, its native search's
edge cases, and its file format refusing what it did not write."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench.solver.games.boggle.board import neighbours
from lexibench.structures.backends.array_trie.lexicon import ArrayTrieLexicon, build_nodes
from lexibench.structures.backends.array_trie.walk import TERMINAL, PythonCore
from lexibench.structures.errors import TooManyPathsError, UnstorableWordError

WORDS = ["cat", "cats", "car", "dog", "do", "queen", "zebra"]


class InterpretedTrie(PythonCore):
    """The interpreted core over the same nodes, as an install without compiling uses it."""

    def __init__(self, words: list[str]) -> None:
        unique = sorted(set(words))
        self._attach(build_nodes(unique), len(unique))


def test_the_layout_is_breadth_first_with_children_in_letter_order() -> None:
    nodes = build_nodes(["ab", "ac", "b"])
    masks = nodes[0::2]
    firsts = nodes[1::2]
    # root -> a, b; a -> b, c: nodes 0 root, 1 a, 2 b(word), 3 ab(word), 4 ac(word)
    assert list(masks) == [0b11, 0b110, TERMINAL, TERMINAL, TERMINAL]
    assert list(firsts[:2]) == [1, 3]


def test_the_node_array_is_handed_out_read_only() -> None:
    """node_array(): the layout itself, as 32-bit items, read-only, from either core."""
    for trie in (ArrayTrieLexicon(WORDS), InterpretedTrie(WORDS)):
        view = ArrayTrieLexicon.node_array(trie)  # type: ignore[arg-type]
        assert (view.format, view.itemsize, view.readonly) == ("I", 4, True)
        assert list(view) == list(build_nodes(sorted(WORDS)))
        with pytest.raises(TypeError):
            view[0] = 1


def test_the_compiled_core_is_in_use() -> None:
    """The install compiled the native core (CI builds it like a user's pip install)."""
    assert ArrayTrieLexicon.NATIVE_UNAVAILABLE is None
    assert hasattr(ArrayTrieLexicon, "find_paths")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text("abcqz", min_size=1, max_size=6), max_size=40),
    st.lists(st.text("abcqzé", max_size=7), max_size=30),
)
def test_interpreted_core_answers_as_the_compiled_one(words: list[str], queries: list[str]) -> None:
    compiled = ArrayTrieLexicon(words)
    interpreted = InterpretedTrie(words)
    assert len(compiled) == len(interpreted)
    for q in queries + words:
        assert compiled.is_word(q) == interpreted.is_word(q), q
        assert compiled.has_prefix(q) == interpreted.has_prefix(q), q
        node_c: int | None = compiled.root()
        node_i: int | None = interpreted.root()
        for ch in q:
            assert node_c is not None
            assert node_i is not None
            node_c = compiled.child(node_c, ch)
            node_i = interpreted.child(node_i, ch)
            assert node_c == node_i
            if node_c is None or node_i is None:
                break
            assert compiled.is_terminal(node_c) == interpreted.is_terminal(node_i)


@pytest.mark.parametrize("bad", ["Cat", "café", "don't", "a b", "x1"])
def test_only_a_to_z_can_be_stored(bad: str) -> None:
    with pytest.raises(UnstorableWordError, match="only the letters a-z"):
        ArrayTrieLexicon(["cat", bad])


def test_native_search_on_a_graph() -> None:
    """find_paths is about graphs, not boards: cells of several letters, any adjacency."""
    lex = ArrayTrieLexicon(WORDS)
    cells = ("c", "a", "ts", "r")
    nbrs = ((1,), (0, 2, 3), (1,), (1,))
    assert lex.find_paths(cells, nbrs, 3, False) == {"cats": [(0, 1, 2)], "car": [(0, 1, 3)]}
    assert lex.path_words(cells, nbrs, 3) == ["cats", "car"]
    assert lex.find_paths(cells, nbrs, 4, False) == {"cats": [(0, 1, 2)]}
    # a cell outside a-z starts and continues nothing
    assert lex.find_paths(("c", "a", "é", "r"), nbrs, 3, False) == {"car": [(0, 1, 3)]}
    assert lex.find_paths((), (), 3, False) == {}
    assert ArrayTrieLexicon([]).find_paths(cells, nbrs, 1, True) == {}


def test_path_total_weighs_the_words_path_words_finds() -> None:
    lex = ArrayTrieLexicon(WORDS)
    cells = ("c", "a", "ts", "r")
    nbrs = ((1,), (0, 2, 3), (1,), (1,))
    assert lex.path_total(cells, nbrs, 3, (0, 0, 0, 10, 20)) == (30, 2)  # cats 20, car 10
    assert lex.path_total(cells, nbrs, 3, (7,)) == (14, 2)  # one weight for every length
    assert lex.path_total(cells, nbrs, 4, (0, 0, 0, 10, 20)) == (20, 1)
    assert lex.path_total((), (), 3, (1,)) == (0, 0)
    with pytest.raises(ValueError, match="at least one weight"):
        lex.path_total(cells, nbrs, 3, ())


@given(
    st.lists(st.text("abc", min_size=1, max_size=6), max_size=30),
    st.lists(st.sampled_from(["a", "b", "c", "qu"]), min_size=9, max_size=9),
)
@settings(max_examples=200, deadline=None)
def test_path_total_agrees_with_the_word_list(words: list[str], cells: list[str]) -> None:
    lex = ArrayTrieLexicon(words)
    nbrs = neighbours(3, 3)
    found = lex.path_words(tuple(cells), nbrs, 2)
    weights = (0, 1, 2, 3, 5)
    expected = sum(weights[min(len(w), len(weights) - 1)] for w in found)
    assert lex.path_total(tuple(cells), nbrs, 2, weights) == (expected, len(found))


def test_native_search_all_paths_and_the_cap() -> None:
    lex = ArrayTrieLexicon(["aa", "aaa"])
    cells = ("a",) * 4
    nbrs = tuple(tuple(j for j in range(4) if j != i) for i in range(4))
    every = lex.find_paths(cells, nbrs, 2, True)
    assert len(every["aa"]) == 12
    assert len(every["aaa"]) == 24
    assert lex.find_paths(cells, nbrs, 2, False) == {"aa": [(0, 1)], "aaa": [(0, 1, 2)]}
    with pytest.raises(TooManyPathsError, match="more than 10 paths"):
        lex.find_paths(cells, nbrs, 2, True, 10)
    # the marks of one search do not leak into the next
    assert lex.find_paths(cells, nbrs, 2, False) == {"aa": [(0, 1)], "aaa": [(0, 1, 2)]}


def test_new_arrays_after_a_search_replace_the_old_marks() -> None:
    """The marks and word strings a search leaves are sized by the old arrays: attaching new ones
    drops them first, whatever the new size."""
    lex = ArrayTrieLexicon(["ab"])
    cells, nbrs = ("a", "b"), ((1,), (0,))
    assert lex.path_words(cells, nbrs, 2) == ["ab"]
    bigger = ArrayTrieLexicon([*WORDS, "ba"])._node_array()
    lex._attach(bigger, len(WORDS) + 1)
    assert lex.path_words(cells, nbrs, 2) == ["ba"]
    assert lex.to_bytes() == ArrayTrieLexicon([*WORDS, "ba"]).to_bytes()


def _by_steps(
    lex: ArrayTrieLexicon,
    cells: tuple[str, ...],
    nbrs: tuple[tuple[int, ...], ...],
    all_paths: bool,
) -> dict[str, list[tuple[int, ...]]]:
    """The same search through the step protocol, run by the interpreter: the reference."""
    from lexibench.solver.games.boggle.solve import interpreted_search

    found: dict[str, list[tuple[int, ...]]] = interpreted_search().by_steps(
        cells, nbrs, 0, lex.child, lex.is_terminal, 2, all_paths
    )
    return found


@given(
    st.lists(st.text("abe", min_size=2, max_size=5), min_size=1, max_size=40),
    st.sampled_from([(2, 3), (3, 3), (8, 8), (9, 8), (3, 30)]),
    st.randoms(use_true_random=False),
    st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_both_ways_of_extending_a_path_find_what_the_step_search_finds(
    words: list[str], shape: tuple[int, int], rng: random.Random, reverse: bool
) -> None:
    """search.c extends a path one way for graphs of at most 64 nodes with neighbour rows in
    increasing order (a set of bits) and another for every other graph; both give the paths, in
    the order, that the interpreted step search gives."""
    rows, cols = shape
    lex = ArrayTrieLexicon(words)
    cells = tuple(rng.choice(["a", "b", "e", "qu", "be"]) for _ in range(rows * cols))
    nbrs = neighbours(rows, cols)
    if reverse:  # rows out of order: always the general way
        nbrs = tuple(row[::-1] for row in nbrs)
    for all_paths in (False, True):
        found = lex.find_paths(cells, nbrs, 2, all_paths, 0)
        assert found == _by_steps(lex, cells, nbrs, all_paths)
        assert list(found) == list(_by_steps(lex, cells, nbrs, all_paths))


def test_the_search_is_built_for_this_cpu() -> None:
    from lexibench.structures.backends.array_trie import core as native

    with open("/proc/cpuinfo", encoding="ascii") as info:
        popcnt = " popcnt" in info.read()
    assert native.search_build() == ("popcnt" if popcnt else "generic")


@pytest.mark.parametrize(
    ("cells", "nbrs", "message"),
    [
        (("a", "b"), ((1,),), "one neighbour row per cell"),
        (("a", ""), ((1,), (0,)), "a cell's string is empty"),
        (("a", "b"), ((1,), (2,)), "neighbour 2 of node 1 is outside the graph"),
    ],
)
def test_native_search_refuses_a_malformed_graph(
    cells: tuple[str, ...], nbrs: tuple[tuple[int, ...], ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ArrayTrieLexicon(WORDS).find_paths(cells, nbrs, 3, False)


def test_saved_bytes_round_trip_and_bad_layouts_are_refused() -> None:
    lex = ArrayTrieLexicon(WORDS)
    data = lex.to_bytes()
    back = ArrayTrieLexicon.from_bytes(data)
    assert len(back) == len(WORDS)
    assert all(back.is_word(w) for w in WORDS)
    assert back.to_bytes() == data
    with pytest.raises(ValueError, match="shorter than its header"):
        ArrayTrieLexicon.from_bytes(data[:10])
    with pytest.raises(ValueError, match="not format"):
        ArrayTrieLexicon.from_bytes(b"XXXX" + data[4:])
    with pytest.raises(ValueError, match="do not hold"):
        ArrayTrieLexicon.from_bytes(data[:-8])
    # a child index pointing past the end, as a file from elsewhere might hold
    broken = bytearray(data)
    broken[24 + 4 : 24 + 8] = (10**6).to_bytes(4, "little")
    with pytest.raises(ValueError, match="points outside"):
        ArrayTrieLexicon.from_bytes(bytes(broken))
    with pytest.raises(ValueError, match="points outside"):  # the interpreted core checks too
        InterpretedTrie([])._attach(array("I", [1, 99]), 1)  # "a" leads to node 99 of 1


def test_without_the_compiled_core(tmp_path: Path) -> None:
    """As installed with LEXIBENCH_NO_COMPILE=1: the backend answers through the interpreted
    core, lists its native tier as unavailable with the reason, and --tier native is one
    clean error."""
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text(
        "import sys\nsys.modules['lexibench.structures.backends.array_trie.core'] = None\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.getcwd()])}
    script = (
        "import json\nfrom lexibench import structures\n"
        "from lexibench.structures.backends.array_trie.lexicon import ArrayTrieLexicon\n"
        "lex = ArrayTrieLexicon(['cat', 'cats'])\n"
        "info = structures.backend_info('array-trie')\n"
        "print(json.dumps([lex.is_word('cat'), lex.has_prefix('ca'), info.native, "
        "info.native_error]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    ).stdout
    is_word, has_prefix, native, error = json.loads(out)
    assert (is_word, has_prefix, native) == (True, True, False)
    assert "not compiled" in error
    assert "LEXIBENCH_NO_COMPILE" in error
    words = tmp_path / "words.txt"
    words.write_text("cat\ncats\n")
    command = [sys.executable, "-m", "lexibench", "solve", "cats", "--wordlist", str(words)]
    command += ["--lexicon", "array-trie", "--tier", "native", "--no-cache"]
    run = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1
    assert "has no native tier" in run.stderr
    assert "not compiled" in run.stderr
    listing = subprocess.run(
        [sys.executable, "-m", "lexibench", "backends"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    row = next(line for line in listing.splitlines() if line.startswith("array-trie "))
    assert row.endswith("string step")  # its tiers: no native
    assert (
        "array-trie: native tier unavailable (lexibench.structures.backends.array_trie.core "
        "is not compiled" in " ".join(listing.split())
    )
