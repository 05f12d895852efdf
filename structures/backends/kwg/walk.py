"""The interpreted core of ``kwg``: the node layout's constants, the check every loaded array
passes, and the queries in Python.

Used when :mod:`structures.backends.kwg.core` is not compiled (an install with
``LEXIBENCH_NO_COMPILE=1``): the answers are the same, only slower. The layout is described in
:mod:`structures.backends.kwg.lexicon`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from lexibench.structures.node_array import NodeArrayCore

TILE_SHIFT: Final = 24
"""Bits 24-31 of a node: its tile (1-26 for a-z; 0 for the GADDAG separator)."""
ACCEPTS: Final = 0x80_0000
"""Bit 23: taking this node's tile completes a stored string."""
IS_END: Final = 0x40_0000
"""Bit 22: the node is the last of its sibling list."""
ARC: Final = 0x3F_FFFF
"""Bits 0-21: the index of the node's first child (0: it has none)."""
MAX_NODES: Final = ARC + 1
"""The most nodes a 22-bit arc index can reach."""
LETTERS: Final = 26
"""Tiles 1-26 are the letters a-z."""


def tile_of(ch: str) -> int:
    """The tile of a character: a-z are 1-26, the GADDAG separator ``@`` is 0, anything else -1.

    >>> tile_of("a"), tile_of("z"), tile_of("@"), tile_of("A")
    (1, 26, 0, -1)
    """
    if ch == "@":
        return 0
    code = ord(ch) - 96
    return code if 1 <= code <= LETTERS else -1


def check_nodes(nodes: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``nodes`` is a KWG this package can walk safely.

    Two root nodes (tile 0, no accepts, end of list); every arc inside the array; every tile 0-26;
    every sibling list in strictly ascending tile order, ending with an end-of-list node before the
    array ends. The compiled core reads the array through a C pointer and stops scanning a list
    at the first tile above the one sought, so a file that passed its checksum but was written by
    something else must not reach it unchecked. O(nodes).
    """
    size = len(nodes)
    if size < 2 or size > MAX_NODES:
        raise ValueError(f"kwg: {size} nodes (at least the 2 roots, at most {MAX_NODES:,})")
    for root in (0, 1):
        if nodes[root] >> TILE_SHIFT or nodes[root] & ACCEPTS or not nodes[root] & IS_END:
            raise ValueError(f"kwg: node {root} is not a root pointer")
    starts = {nodes[0] & ARC, nodes[1] & ARC}
    for index in range(size):
        node = nodes[index]
        tile = node >> TILE_SHIFT
        if index >= 2 and tile > LETTERS:
            raise ValueError(f"kwg: node {index} holds tile {tile} (at most {LETTERS})")
        arc = node & ARC
        if arc >= size or arc == 1:
            raise ValueError(f"kwg: node {index} points outside the array")
        if arc:
            starts.add(arc)
    starts.discard(0)
    for start in starts:
        index, previous = start, -1
        while True:
            if index >= size:
                raise ValueError(f"kwg: the list at node {start} runs past the end of the array")
            tile = nodes[index] >> TILE_SHIFT
            if tile <= previous:
                raise ValueError(f"kwg: the list at node {start} is not in ascending tile order")
            previous = tile
            if nodes[index] & IS_END:
                break
            index += 1


class PythonCore(NodeArrayCore):
    """Queries and stepping over the node array, interpreted.

    Nodes are indices: the root is the pointer node of the lexicon's view (0 for the words, 1
    for the GADDAG strings); ``child`` scans the sibling list its arc points at.

    Cost: ``is_word`` and ``has_prefix`` O(|s| x siblings scanned); ``child`` O(siblings),
    ``is_terminal`` O(1).
    """

    _root: int

    def _attach(self, nodes: Sequence[int], count: int, root: int) -> None:
        """Use ``nodes`` (checked), holding ``count`` strings, read from pointer node ``root``."""
        check_nodes(nodes)
        self._keep(nodes, count)
        self._root = root

    def _walk(self, s: str) -> int:
        """The node reached by ``s`` from the root, or -1."""
        nodes = self._nodes
        node = self._root
        for ch in s:
            tile = tile_of(ch)
            index = nodes[node] & ARC
            if tile < 0 or not index:
                return -1
            while True:
                found = nodes[index] >> TILE_SHIFT
                if found == tile:
                    break
                if found > tile or nodes[index] & IS_END:
                    return -1
                index += 1
            node = index
        return node

    def is_word(self, s: str) -> bool:
        """True when ``s`` is stored: the walk ends on an accepting node."""
        node = self._walk(s)
        return node >= 2 and bool(self._nodes[node] & ACCEPTS)

    def has_prefix(self, s: str) -> bool:
        """True when some stored string starts with ``s``."""
        node = self._walk(s)
        return node >= 2 or (node >= 0 and bool(self._nodes[node] & ARC))

    def root(self) -> int:
        """The root pointer node."""
        return self._root

    def child(self, node: int, letter: str) -> int | None:
        """The node after ``letter`` (one character), or None."""
        nodes = self._nodes
        tile = tile_of(letter) if len(letter) == 1 else -1
        index = nodes[node] & ARC
        if tile < 0 or not index:
            return None
        while True:
            found = nodes[index] >> TILE_SHIFT
            if found == tile:
                return index
            if found > tile or nodes[index] & IS_END:
                return None
            index += 1

    def is_terminal(self, node: int) -> bool:
        """True when the string leading to ``node`` is stored (never for a root)."""
        return node >= 2 and bool(self._nodes[node] & ACCEPTS)

    def count_from(self, start: int, limit: int) -> int:
        """How many strings the array accepts from the list at ``start`` (see
        :func:`measure_strings`, with no bound on letters)."""
        return measure_strings(self._nodes, start, limit, None)[0]

    def measure_from(
        self, start: int, max_strings: int, max_letters: int | None
    ) -> tuple[int, int, int]:
        """:func:`measure_strings` of this array."""
        return measure_strings(self._nodes, start, max_strings, max_letters)

    def holds_gaddag_of_words(self, longest: int) -> bool:
        """:func:`holds_gaddag_of_words` of this array."""
        return holds_gaddag_of_words(self._nodes, longest)

    def dawg_words(self, longest: int) -> list[str]:
        """:func:`dawg_words` of this array (``longest`` unused: no buffer to size)."""
        del longest
        return dawg_words(self._nodes)


#: The most strings a KWG file read here may hold (its words, or its GADDAG strings).
MAX_STRINGS: Final = 50_000_000


def measure_strings(
    nodes: Sequence[int], start: int, max_strings: int = MAX_STRINGS, max_letters: int | None = None
) -> tuple[int, int, int]:
    """``(strings, letters, longest)`` the checked KWG ``nodes`` accepts from the sibling list at
    ``start`` (0: none): how many strings, their letters in all, and the longest's length;
    memoized by list, so O(nodes) however many strings there are. ``ValueError`` for a cycle (a
    list reachable from itself), a node that leads to no string (no minimal word graph has
    one), or more than ``max_strings`` strings or ``max_letters`` letters (None: no bound). (The
    compiled core's ``measure_from`` is the same in C, its bounds at most 2^55.)"""
    done: dict[int, tuple[int, int, int]] = {0: (0, 0, 0)}
    open_lists: dict[int, list[tuple[int, int]]] = {}  # the lists on the current path
    stack = [start]
    while stack:
        first = stack[-1]
        if first in done:
            stack.pop()
            continue
        arcs = open_lists.get(first)
        if arcs is None:  # expand: read the list once, push the lists below not yet measured
            arcs = []
            index = first
            while True:
                arcs.append((index, nodes[index]))
                if nodes[index] & IS_END:
                    break
                index += 1
            open_lists[first] = arcs
            for _, node in arcs:
                arc = node & ARC
                if arc in open_lists:
                    raise ValueError(f"kwg: the list at node {arc} is reachable from itself")
                if arc not in done:
                    stack.append(arc)
            continue
        count = letters = longest = 0
        for index, node in arcs:
            below, below_letters, below_longest = done[node & ARC]
            through = (1 if node & ACCEPTS else 0) + below
            if not through:
                raise ValueError(f"kwg: node {index} leads to no string")
            count += through
            letters += through + below_letters
            longest = max(longest, below_longest + 1)
        if count > max_strings:
            raise ValueError(f"kwg: more than {max_strings:,} strings")
        if max_letters is not None and letters > max_letters:
            raise ValueError(f"kwg: more than {max_letters:,} letters in its strings")
        done[first] = (count, letters, longest)
        del open_lists[first]
        stack.pop()
    return done[start]


def count_strings(nodes: Sequence[int], start: int, limit: int = MAX_STRINGS) -> int:
    """How many strings the checked KWG ``nodes`` accepts from the list at ``start``
    (:func:`measure_strings`' count)."""
    return measure_strings(nodes, start, limit)[0]


def holds_gaddag_of_words(nodes: Sequence[int], longest: int) -> bool:
    """Whether node 1's list accepts every GADDAG string of node 0's words (``longest``: the
    longest word); with as many GADDAG strings as the words have letters, the two sets are then
    equal. O(letters x length) look-ups, interpreted (the compiled core's is the same in C)."""
    del longest  # the words are walked as strings here: no buffer to size
    if not nodes[0] & ARC:
        return True
    if not nodes[1] & ARC:
        return False

    def accepts(string: str) -> bool:
        node = 1
        for ch in string:
            tile = tile_of(ch)
            index = nodes[node] & ARC
            while index:
                found = nodes[index] >> TILE_SHIFT
                if found == tile:
                    break
                index = 0 if found > tile or nodes[index] & IS_END else index + 1
            if not index:
                return False
            node = index
        return bool(nodes[node] & ACCEPTS)

    from lexibench.structures.gaddag import gaddag_strings

    return all(accepts(string) for string in gaddag_strings(dawg_words(nodes)))


def dawg_words(nodes: Sequence[int]) -> list[str]:
    """The words of a checked KWG's DAWG (from node 0), sorted. Its words must have been
    counted first (:func:`count_strings`, or the compiled core's ``count_from``), which refuses
    a cycle and too many words; here, a separator among them is a ``ValueError``.
    O(nodes visited), interpreted.

    >>> from lexibench.structures.backends.kwg.lexicon import KwgLexicon
    >>> dawg_words(KwgLexicon(["care", "car", "cat", "a"]).kwg())
    ['a', 'car', 'care', 'cat']
    """
    words: list[str] = []
    # One entry per node: its index and the string before it. A node's list below is walked
    # before its next sibling, siblings ascend: the words come out sorted.
    stack: list[tuple[int, str]] = [(nodes[0] & ARC, "")] if nodes[0] & ARC else []
    while stack:
        index, prefix = stack.pop()
        node = nodes[index]
        tile = node >> TILE_SHIFT
        if not tile:
            raise ValueError(f"kwg: node {index} of the words holds the GADDAG separator")
        string = prefix + chr(96 + tile)
        if node & ACCEPTS:
            words.append(string)
        if not node & IS_END:
            stack.append((index + 1, prefix))
        if node & ARC:
            stack.append((node & ARC, string))
    return words
