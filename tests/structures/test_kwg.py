"""The ``kwg`` backend: its layout's invariants, the compiled builder against the Python one, the
two views (words and GADDAG strings), saving and loading, and the files it refuses."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from array import array
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexibench import structures
from lexibench.structures.backends.kwg import build as python_build
from lexibench.structures.backends.kwg import layout
from lexibench.structures.backends.kwg.lexicon import KwgLexicon, _tiles, build_kwg, native_build
from lexibench.structures.backends.kwg.walk import (
    ACCEPTS,
    ARC,
    IS_END,
    TILE_SHIFT,
    PythonCore,
    check_nodes,
)
from lexibench.structures.gaddag import SEPARATOR, gaddag_strings
from lexibench.structures.saved import SavedLexiconError, load_lexicon, save_lexicon
from tests.words import default_words

WORDS = ["care", "car", "cars", "cat", "a", "at", "ate", "eat", "tea", "zyzzyva", "careful"]


@cache
def web2_sample() -> tuple[str, ...]:
    words = default_words(min_length=2, q_needs_u=False)
    return tuple(sorted(random.Random(3).sample(words, 5000)))


def enumerate_strings(nodes: array[int], root: int) -> Iterator[str]:
    """Every string the graph accepts from pointer node ``root`` (tile 0 written as ``@``)."""

    def walk(index: int, prefix: str) -> Iterator[str]:
        while True:
            node = nodes[index]
            tile = node >> TILE_SHIFT
            text = prefix + (SEPARATOR if tile == 0 else chr(96 + tile))
            if node & ACCEPTS:
                yield text
            if node & ARC:
                yield from walk(node & ARC, text)
            if node & IS_END:
                return
            index += 1

    if nodes[root] & ARC:
        yield from walk(nodes[root] & ARC, "")


def test_the_compiled_core_is_in_use() -> None:
    expected = "interpreted" if os.environ.get("LEXIBENCH_NO_COMPILE") else "cython"
    assert native_build() == expected


def test_the_dawg_holds_the_words_and_the_gaddag_their_strings() -> None:
    lexicon = KwgLexicon(WORDS)
    nodes = lexicon.kwg()
    assert sorted(enumerate_strings(nodes, 0)) == sorted(set(WORDS))
    assert sorted(enumerate_strings(nodes, 1)) == sorted(gaddag_strings(set(WORDS)))
    check_nodes(nodes)


def test_the_empty_kwg_is_the_two_root_nodes() -> None:
    lexicon = KwgLexicon([])
    assert lexicon.kwg_bytes() == bytes([0, 0, 0x40, 0, 0, 0, 0x40, 0])  # wolges' EMPTY_KWG_BYTES
    assert len(lexicon) == 0
    assert not lexicon.has_prefix("")


def test_sibling_lists_ascend_and_end() -> None:
    nodes = KwgLexicon(web2_sample()).kwg()
    starts = {nodes[i] & ARC for i in range(len(nodes))} - {0}
    for start in starts:
        index, previous = start, -1
        while True:
            tile = nodes[index] >> TILE_SHIFT
            assert tile > previous
            previous = tile
            if nodes[index] & IS_END:
                break
            index += 1


def reachable(nodes: array[int], root: int) -> set[int]:
    """The indices of every node reachable from pointer node ``root``."""
    seen: set[int] = set()
    lists = [nodes[root] & ARC]
    while lists:
        index = lists.pop()
        while index and index not in seen:
            seen.add(index)
            lists.append(nodes[index] & ARC)
            if nodes[index] & IS_END:
                break
            index += 1
    return seen


def test_the_graph_is_minimal() -> None:
    """Four words ending alike: the DAWG is their four first letters and one shared "ing"; the
    GADDAG after each separator points into the DAWG instead of repeating the suffix."""
    nodes = KwgLexicon(["sing", "ring", "wing", "king"]).kwg()
    assert len(reachable(nodes, 0)) == 4 + 3
    assert {nodes[i] >> TILE_SHIFT for i in reachable(nodes, 0)} == {11, 18, 19, 23, 9, 14, 7}
    separators = [i for i in reachable(nodes, 1) if nodes[i] >> TILE_SHIFT == 0]
    dawg = reachable(nodes, 0)
    assert separators
    assert all(nodes[i] & ARC in dawg for i in separators)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text("abcdez", min_size=1, max_size=7), max_size=40))
def test_the_compiled_builder_gives_the_python_builders_array(words: list[str]) -> None:
    tiles = sorted({_tiles(w) for w in words})
    compiled, _ = build_kwg(words)
    assert python_build.build_nodes(tiles) == compiled
    assert sorted(enumerate_strings(compiled, 0)) == sorted(set(words))
    assert sorted(enumerate_strings(compiled, 1)) == sorted(gaddag_strings(set(words)))


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.binary(min_size=1, max_size=6).map(lambda b: bytes(x % 27 for x in b)), max_size=60)
)
def test_the_compiled_dawg_of_tile_strings_is_the_python_builders(strings: list[bytes]) -> None:
    """A leave table's graph (tiles 0-26, the blank 0 a tile like another, no GADDAG): the
    interface's builder (compiled where built) lays out build.py's array."""
    chosen = sorted(set(strings))
    assert layout.dawg_nodes(chosen) == python_build.dawg_nodes(chosen)
    if native_build() == "cython":
        assert layout.dawg_nodes is not python_build.dawg_nodes


def test_the_compiled_builder_gives_the_python_builders_array_on_real_words() -> None:
    words = web2_sample()
    tiles = sorted(_tiles(w) for w in words)
    compiled, count = build_kwg(words)
    assert count == len(words)
    assert python_build.build_nodes(tiles) == compiled


def test_queries_and_stepping_in_both_views() -> None:
    words = web2_sample()
    lexicon = KwgLexicon(words)
    strings = KwgLexicon(gaddag_strings(words))
    assert (lexicon.view, strings.view) == ("words", "gaddag")
    assert lexicon.kwg() == strings.kwg()
    assert len(strings) == sum(map(len, words))
    for word in words[:300]:
        assert lexicon.is_word(word)
        assert not lexicon.is_word(word[:-1]) or word[:-1] in words
        for string in gaddag_strings([word]):
            assert strings.is_word(string)
            assert strings.has_prefix(string[:2])
            node: int | None = strings.root()
            for letter in string:
                assert node is not None
                node = strings.child(node, letter)
            assert node is not None
            assert strings.is_terminal(node)
        assert not strings.is_word(word + SEPARATOR)
        assert not lexicon.is_word(word[0] + SEPARATOR + word[1:])


@pytest.mark.parametrize("view", ["words", "gaddag"])
def test_the_python_core_answers_as_the_compiled_one(view: str) -> None:
    words = web2_sample()[:1000]
    strings = list(gaddag_strings(words)) if view == "gaddag" else list(words)
    lexicon = KwgLexicon(strings)
    python = PythonCore()
    python._attach(lexicon.kwg(), len(lexicon), lexicon.root())
    probes = [s[:k] for s in strings[:400] for k in range(len(s) + 1)]
    probes += ["qz", "é", "A", "@a", "a@", "@"]
    for probe in probes:
        assert python.is_word(probe) == lexicon.is_word(probe), probe
        assert python.has_prefix(probe) == lexicon.has_prefix(probe), probe
    for string in strings[:100]:
        node: int | None = lexicon.root()
        other: int | None = python.root()
        for letter in string:
            assert node is not None
            assert other is not None
            node, other = lexicon.child(node, letter), python.child(other, letter)
            assert node == other
        assert node is not None
        assert python.is_terminal(node) == lexicon.is_terminal(node)


@pytest.mark.parametrize(
    ("strings", "reason"),
    [
        (["a@b"], "not there reversed"),
        (["ba", "a@b", "b@a"], "not there reversed"),
        (["erac", "c@are"], "missing"),
        (["ab@", "ba"], "between two letters"),
        (["a@@b"], "between two letters"),
        (["Cat"], "tiles are the letters a-z"),
        (["ca t"], "tiles are the letters a-z"),
    ],
)
def test_strings_it_cannot_hold_are_refused(strings: list[str], reason: str) -> None:
    with pytest.raises(structures.UnstorableWordError, match=reason) as caught:
        KwgLexicon(strings)
    assert str(caught.value).startswith("lexicon 'kwg' cannot store word")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("view", ["words", "gaddag"])
def test_a_saved_kwg_loads_the_same(view: str, tmp_path: Path) -> None:
    words = web2_sample()[:500]
    strings = list(gaddag_strings(words)) if view == "gaddag" else list(words)
    lexicon = KwgLexicon(strings)
    path = tmp_path / "kwg.lexicon"
    save_lexicon(path, "kwg", lexicon, strings, {})
    loaded = load_lexicon(path, "kwg").lexicon
    assert isinstance(loaded, KwgLexicon)
    assert loaded.view == view
    assert loaded.kwg() == lexicon.kwg()
    assert len(loaded) == len(lexicon)
    assert all(loaded.is_word(s) for s in strings)


def _resealed(path: Path, payload: bytes) -> None:
    """Write ``payload`` into the saved file at ``path`` with a header that matches it."""
    data = path.read_bytes()
    magic_end = data.index(b"\n") + 1
    header_end = data.index(b"\n", magic_end)
    header = json.loads(data[magic_end:header_end])
    header["payload_bytes"] = len(payload)
    header["payload_sha256"] = hashlib.sha256(payload).hexdigest()
    line = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    path.write_bytes(data[:magic_end] + line + b"\n" + payload)


def _node_patch(payload: bytes, index: int, value: int) -> bytes:
    header = 24
    start = header + 4 * index
    return payload[:start] + value.to_bytes(4, "little") + payload[start + 4 :]


@pytest.mark.parametrize(
    ("corrupt", "reason"),
    [
        (lambda p, n: p[:-4], "do not hold"),
        (lambda p, n: b"XXXX" + p[4:], "not format lexibench-kwg/1"),
        (lambda p, n: _node_patch(p, n - 1, (3 << TILE_SHIFT) | IS_END | 0x3FFFF0), "outside"),
        (lambda p, n: _node_patch(p, n - 1, (30 << TILE_SHIFT) | IS_END), "holds tile 30"),
        (lambda p, n: _node_patch(p, 0, 1 << TILE_SHIFT), "not a root pointer"),
        (lambda p, n: _node_patch(p, n - 1, 26 << TILE_SHIFT), "runs past the end"),
    ],
)
def test_a_corrupt_file_is_refused_in_one_line(
    corrupt: object, reason: str, tmp_path: Path
) -> None:
    lexicon = KwgLexicon(WORDS)
    path = tmp_path / "kwg.lexicon"
    save_lexicon(path, "kwg", lexicon, WORDS, {})
    payload = lexicon.to_bytes()
    _resealed(path, corrupt(payload, len(lexicon.kwg())))  # type: ignore[operator]
    with pytest.raises(SavedLexiconError, match=reason) as caught:
        load_lexicon(path, "kwg")
    assert "\n" not in str(caught.value)


def test_a_list_out_of_order_is_refused() -> None:
    nodes = array(
        "I", [IS_END | 2, IS_END, 2 << TILE_SHIFT | ACCEPTS, 1 << TILE_SHIFT | ACCEPTS | IS_END]
    )
    with pytest.raises(ValueError, match="ascending"):
        check_nodes(nodes)
    lexicon = KwgLexicon.__new__(KwgLexicon)
    with pytest.raises(ValueError, match="ascending"):
        lexicon._attach(nodes, 2, 0)


def test_a_bit_flip_is_caught_by_the_checksum(tmp_path: Path) -> None:
    lexicon = KwgLexicon(WORDS)
    path = tmp_path / "kwg.lexicon"
    save_lexicon(path, "kwg", lexicon, WORDS, {})
    data = bytearray(path.read_bytes())
    data[-5] ^= 0x10
    path.write_bytes(bytes(data))
    with pytest.raises(SavedLexiconError, match="checksum"):
        load_lexicon(path, "kwg")


def test_it_hands_out_its_word_graph() -> None:
    assert structures.has_word_graph(KwgLexicon)
    assert structures.has_word_graph(KwgLexicon(["ab"]))
    assert not structures.has_word_graph(structures.backend_class("dict-trie"))  # type: ignore[arg-type]
    assert isinstance(KwgLexicon(["ab"]), structures.WordGraphLexicon)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcdez", min_size=1, max_size=7), max_size=40))
def test_the_engines_file_reads_back_as_its_words(words: list[str]) -> None:
    """A ``.kwg`` file (the node array alone, as wolges and MAGPIE write it) reads back with
    the words of its DAWG, sorted, in either view."""
    lexicon = KwgLexicon(words)
    data = lexicon.kwg_bytes()
    read, found = KwgLexicon.from_kwg(data)
    assert found == sorted(set(words))
    assert read.kwg() == lexicon.kwg()
    assert len(read) == len(found)
    assert all(read.is_word(w) for w in found)
    gaddag, _ = KwgLexicon.from_kwg(data, "gaddag")
    assert gaddag.view == "gaddag"
    assert len(gaddag) == sum(map(len, found))
    assert all(gaddag.is_word(s) for s in gaddag_strings(found))


def test_a_bad_engines_file_is_refused_in_one_line() -> None:
    data = KwgLexicon(["care", "car", "cat"]).kwg_bytes()
    with pytest.raises(ValueError, match="bytes are not whole 4-byte nodes"):
        KwgLexicon.from_kwg(data[:-1])
    nodes = array("I", data)
    nodes[2] = (nodes[2] & ~ARC) | (len(nodes) + 5)  # an arc past the end
    with pytest.raises(ValueError, match="points outside the array"):
        KwgLexicon.from_kwg(nodes.tobytes())
    nodes = array("I", data)
    first = nodes[0] & ARC
    nodes[first] = (nodes[first] & ~ARC) | first  # a list that holds itself: a cycle
    with pytest.raises(ValueError, match=f"the list at node {first} is reachable from itself"):
        KwgLexicon.from_kwg(nodes.tobytes())


def _level(tiles: int, below: int) -> list[int]:
    """One sibling list of ``tiles`` accepting nodes, each pointing at the list at ``below``."""
    return [(t << TILE_SHIFT) | ACCEPTS | below | (IS_END if t == tiles else 0)
            for t in range(1, tiles + 1)]  # fmt: skip


def test_a_kwg_of_too_many_words_is_refused_without_walking_them() -> None:
    """40 levels of 26 accepting siblings: 4 KB that holds 26^40 words, counted in O(nodes)
    (by list) and refused, never walked."""
    levels = 40
    nodes = [IS_END | 2, IS_END]  # node 0: the words; node 1: no GADDAG
    for level in range(levels):
        below = 2 + 26 * (level + 1) if level < levels - 1 else 0
        nodes += _level(26, below)
    data = array("I", nodes).tobytes()
    with pytest.raises(ValueError, match=r"more than [\d,]+ strings"):
        KwgLexicon.from_kwg(data)
    assert python_core_count(nodes, 2) > 26**39


def python_core_count(nodes: list[int], start: int) -> int:
    from lexibench.structures.backends.kwg.walk import count_strings

    return count_strings(nodes, start, limit=10**100)


def test_the_gaddag_view_needs_the_gaddag_of_the_words() -> None:
    """A file with the words alone (node 1 empty), or with the GADDAG of other words, is
    refused for the GADDAG view (the words view reads it)."""
    words = ["care", "car", "cat"]
    nodes = array("I", KwgLexicon(words).kwg_bytes())
    dawg_only = array("I", nodes)
    dawg_only[1] = IS_END
    _, found = KwgLexicon.from_kwg(dawg_only.tobytes(), "words")
    assert found == sorted(words)
    with pytest.raises(ValueError, match="node 1 holds no GADDAG"):
        KwgLexicon.from_kwg(dawg_only.tobytes(), "gaddag")
    other = array("I", KwgLexicon(["care", "car", "cat", "cats"]).kwg_bytes())
    with pytest.raises(ValueError, match="its GADDAG holds 14 strings, not exactly the 10 GADDAG"):
        KwgLexicon.from_kwg(_with_dawg(other, ["care", "car", "cat"]), "gaddag")
    # as many strings as the words have letters, but the GADDAG of other words: refused too
    same_size = array("I", KwgLexicon(["acre", "arc", "act"]).kwg_bytes())
    with pytest.raises(ValueError, match="its GADDAG holds 10 strings, not exactly the 10"):
        KwgLexicon.from_kwg(_with_dawg(same_size, ["care", "car", "cat"]), "gaddag")
    lexicon, _ = KwgLexicon.from_kwg(_with_dawg(same_size, ["care", "car", "cat"]), "words")
    assert not lexicon.gaddag_of_words


def _with_dawg(nodes: array[int], words: list[str]) -> bytes:
    """``nodes`` with the DAWG of ``words`` appended and node 0 pointing at it."""
    extra = array("I", KwgLexicon(words).kwg_bytes())
    shift = len(nodes) - 2
    moved = array("I", nodes)
    for node in extra[2:]:
        arc = node & ARC
        moved.append((node & ~ARC) | (arc + shift if arc else 0))
    moved[0] = (nodes[0] & ~ARC) | ((extra[0] & ARC) + shift)
    return moved.tobytes()


@pytest.mark.parametrize("view", ["words", "gaddag"])
def test_both_cores_count_alike(view: str) -> None:
    from lexibench.structures.backends.kwg.walk import count_strings

    lexicon = KwgLexicon(default_words()[:3000])
    nodes = lexicon.kwg()
    start = nodes[0 if view == "words" else 1] & ARC
    assert lexicon.count_from(start, 10**9) == count_strings(nodes, start)
    expected = 3000 if view == "words" else sum(map(len, default_words()[:3000]))
    assert count_strings(nodes, start) == expected


@pytest.mark.skipif(native_build() != "cython", reason="the compiled core is not built")
@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 200),
            st.builds(
                lambda tile, flags, arc: tile << TILE_SHIFT | flags | arc,
                st.integers(0, 28),
                st.sampled_from([0, ACCEPTS, IS_END, ACCEPTS | IS_END]),
                st.integers(0, 120),
            ),
        ),
        max_size=4,
    )
)
def test_the_compiled_check_accepts_and_refuses_as_the_interpreted_one(
    changes: list[tuple[int, int]],
) -> None:
    """The compiled ``check_nodes`` (one pass where the array is laid out in lists, the walk of
    each list otherwise) against the interpreted one, on a KWG with nodes overwritten: the same
    answer, the same message."""
    from lexibench.structures.backends.kwg import core

    nodes = array("I", KwgLexicon(WORDS).kwg())
    for index, value in changes:
        nodes[index % len(nodes)] = value
    try:
        check_nodes(nodes)
    except ValueError as error:
        with pytest.raises(ValueError, match=re.escape(str(error))):
            core.check_nodes(nodes)
    else:
        core.check_nodes(nodes)
