"""``array-trie``: a trie in one flat integer array, written here; string, step and native tiers.

Layout: one ``uint32`` array, two items per trie node (node 0 is the root)::

    nodes[2 * node]       bit c (0-25) set when letter chr(97 + c) continues from the node;
                          bit 31 set when the node's string is a stored word
    nodes[2 * node + 1]   index of the node's first child

A node's children are stored next to each other in letter order, so the child by letter ``c``
is ``first + popcount(mask & ((1 << c) - 1))``: one bit test, one popcount and one addition, with
no pointer per letter (a 26-slot table would take 13 times the memory). A node's mask and first
child sit side by side, so a step reads one cache line. Nodes are laid out breadth first: the
first levels, which every board search walks again and again, are next to each other. Eight
bytes per node: 5.6 MB for the default list's 210,612 words (696,794 nodes).

Only the letters a-z can be stored (a word with anything else is refused when building, and a
query containing anything else answers False): the masks have a bit per letter of that alphabet.

Saved, the structure is the array as it is in memory, after a 24-byte header (format
``lexibench-array-trie/1``, little-endian): loading is one copy and a check that every child
index lies inside the array, milliseconds for the default list.

The queries come from :class:`~structures.backends.array_trie.core.NativeCore` (compiled with
Cython on install), which also offers the native tier (:class:`~structures.protocol.NativeLexicon`):
the whole board search in C. The query kinds of :mod:`structures.queries` (anagrams, patterns,
letter sets, position constraints) are answered by walks in C too
(:class:`~structures.backends.array_trie.queries.TrieQueries`): each game's native tier.
Installed with ``LEXIBENCH_NO_COMPILE=1``, the same queries run interpreted
(:class:`~structures.backends.array_trie.walk.PythonCore`), the native tier and the query walks
are unavailable, and :data:`NATIVE_UNAVAILABLE` says why.
"""

from __future__ import annotations

import struct
import sys
from array import array
from bisect import bisect_left
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, Self

from lexibench.structures.backends.array_trie.walk import TERMINAL, PythonCore
from lexibench.structures.builds import compiled
from lexibench.structures.word_checks import letters_only, unique_words

_NATIVE = compiled("lexibench.structures.backends.array_trie.core")
_QUERIES = compiled("lexibench.structures.backends.array_trie.queries")
NATIVE_UNAVAILABLE: str | None = _NATIVE.missing or _QUERIES.missing
"""Why the compiled core could not be imported, or None when it is in use."""

if TYPE_CHECKING:
    from lexibench.structures.backends.array_trie.core import NativeCore as _Core
    from lexibench.structures.backends.array_trie.queries import TrieQueries as _Queries
elif NATIVE_UNAVAILABLE is None:
    _Core = _NATIVE.module.NativeCore
    _Queries = _QUERIES.module.TrieQueries
else:
    _Core = PythonCore

    class _Queries:
        """No compiled query walks: the query kinds go through the Lexicon protocol."""


def native_build() -> str:
    """``"cython"`` when the compiled core is in use, ``"interpreted"`` when it is not.

    Raises :class:`~structures.errors.StaleBuildError` when the compiled core or its query walks
    were not built from the files beside them (see :mod:`structures.builds`)."""
    if NATIVE_UNAVAILABLE is not None:
        return "interpreted"
    build = _NATIVE.build()
    _QUERIES.build()  # the query walks are checked alike
    return build


_HEADER = struct.Struct("<4sIQQ")  # magic, format version, nodes, words
_MAGIC = b"ATRI"
_VERSION = 1


def build_nodes(words: list[str]) -> array[int]:
    """The node array of the trie of ``words`` (distinct, a-z only).

    Sorts ``words`` in place, then lays the nodes out breadth first: a node's children are found
    by binary search over the sorted words (one ``bisect`` per child) and given one block at the
    end of the array. O(nodes x log words).
    """
    words.sort()
    nodes = array("I", [0, 0])
    queue = deque([(0, 0, len(words), 0)])  # node, words[lo:hi] share its string, its length
    while queue:
        node, lo, hi, depth = queue.popleft()
        mask = 0
        if lo < hi and len(words[lo]) == depth:  # the node's own string sorts first
            mask = TERMINAL
            lo += 1
        start = len(nodes) // 2
        children = 0
        k = lo
        while k < hi:
            word = words[k]
            letter = word[depth]
            end = bisect_left(words, word[:depth] + chr(ord(letter) + 1), k, hi)
            mask |= 1 << (ord(letter) - 97)
            queue.append((start + children, k, end, depth + 1))
            children += 1
            k = end
        nodes[2 * node] = mask
        nodes[2 * node + 1] = start
        nodes.extend([0] * (2 * children))
    return nodes


class ArrayTrieLexicon(_Core, _Queries):
    """A trie in one flat integer array (see the module docstring for the layout).

    Cost: ``is_word`` and ``has_prefix`` O(|s|): per letter one bit test, one popcount and one
    array read, in C. Stepping: nodes are ints; ``child`` O(1), ``is_terminal`` O(1), both C
    methods. Native tier: ``find_paths`` and ``path_words`` run the whole search in C, making
    Python objects only for the words found. Build O(nodes x log words) in Python; load
    O(size), one copy. Memory 8 bytes per node; the first native search adds 12 more per node (a
    mark and a word slot) and keeps each word's ``str`` once made, so later boards reuse it.

    >>> lex = ArrayTrieLexicon(["hello", "he"])
    >>> lex.is_word("h"), lex.is_word("he"), lex.has_prefix("h"), lex.has_prefix("hello")
    (False, True, True, True)
    >>> node = lex.child(lex.child(lex.root(), "h"), "e")
    >>> lex.is_terminal(node), lex.child(node, "x") is None
    (True, True)
    """

    FILE_FORMAT: ClassVar[str] = "lexibench-array-trie/1"
    FILE_CHECKED: ClassVar[bool] = True
    """:meth:`from_bytes` checks all its queries assume (see :mod:`lexibench.structures.saved`)."""
    NATIVE_UNAVAILABLE: ClassVar[str | None] = NATIVE_UNAVAILABLE
    LETTERS_ONLY: ClassVar[bool] = True
    ALPHABETICAL: ClassVar[bool] = True
    """Its compiled query walks list the words in alphabetical order: depth first, a node's
    word before its children's, the children in letter order."""
    """Why the native tier is missing (None when it is there): see the module docstring."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        """Build the trie of ``words`` (any iterable of non-empty a-z strings)."""
        unique = [letters_only(word, "array-trie") for word in unique_words(words, "array-trie")]
        self._attach(build_nodes(unique), len(unique))

    def node_array(self) -> memoryview:
        """The node array itself, read-only (format ``"I"``: the layout in the module
        docstring), for code that walks the trie on its own: O(1), no copy."""
        return memoryview(self._node_array()).cast("B").cast("I").toreadonly()

    def to_bytes(self) -> bytes:
        """The header and the node array, little-endian: O(size)."""
        nodes = self._node_array()
        if sys.byteorder != "little":  # pragma: no cover - no big-endian machine here
            nodes = array("I", nodes)
            nodes.byteswap()
        return _HEADER.pack(_MAGIC, _VERSION, len(nodes) // 2, len(self)) + nodes.tobytes()

    @classmethod
    def from_bytes(cls, data: bytes, checked: bool = True) -> Self:
        """Read :meth:`to_bytes`'s output: one copy and a check, O(size), that the array is a
        trie laid out as :func:`build_nodes` lays one out (``walk.check_nodes``: no loop, no
        shared node, every leaf a word, as many words as the header says), made whether or not
        the file is ``checked`` (a file from elsewhere): it costs about a millisecond."""
        del checked
        if len(data) < _HEADER.size:
            raise ValueError("array-trie: the data is shorter than its header")
        magic, version, size, count = _HEADER.unpack_from(data)
        if magic != _MAGIC or version != _VERSION:
            raise ValueError(f"array-trie: not format {cls.FILE_FORMAT}")
        if len(data) != _HEADER.size + 8 * size:
            raise ValueError(f"array-trie: {len(data)} bytes do not hold {size} nodes")
        nodes = array("I")
        nodes.frombytes(memoryview(data)[_HEADER.size :])
        if sys.byteorder != "little":  # pragma: no cover - no big-endian machine here
            nodes.byteswap()
        self = cls.__new__(cls)
        self._attach(nodes, count)
        return self
