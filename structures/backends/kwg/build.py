"""Building a KWG in Python: the reference builder, and the one used where nothing was compiled.

The compiled builder (:func:`structures.backends.kwg.core.build_nodes`) follows the same steps
with C arrays and gives the same array, node for node (the tests compare them). The steps:

1. **States.** A state is one entry of a sibling list together with the rest of that list:
   ``(tile, accepts, arc, next)``, where ``arc`` is the state that starts the list of its
   children (0: none) and ``next`` the state of the next sibling (0: it is the last). States are
   interned (hash-consed): two equal tuples are one state, so equal sub-graphs, and equal tails
   of sibling lists, are stored once. That is what makes the graph minimal. State 0 is "nothing".
2. **The DAWG.** The words, sorted, are typed one after the other: a stack holds, per depth, the
   pending transitions ``[tile, accepts, arc]`` of the node at that depth. Going back to the
   common prefix with the next word completes the deeper nodes: each completed list is interned
   from its last transition to its first, and its first state becomes the ``arc`` of the
   transition above it.
3. **The GADDAG.** The same typing over the sorted GADDAG strings, with one short cut (the one
   wolges takes): the strings are each word reversed, and ``rev(p) + separator`` for every
   distinct proper prefix ``p``, whose separator transition gets as ``arc`` the DAWG list reached
   by reading ``p``. What follows a separator is exactly what follows ``p`` in the DAWG, so it is
   never built twice.
4. **Layout.** Only ``arc`` is explicit in the array: a list must occupy consecutive nodes. Lists
   are written from the highest state down (a list that is the tail of another was interned
   earlier, so the longer one is written first and the tail is found inside it); a state met
   again in another list is written again (a copy). Nodes 0 and 1 point at the DAWG's and the
   GADDAG's root lists.

Cost: O(total characters of the words and of their GADDAG strings) dictionary operations, and a
sort of the GADDAG strings; about 5 s for web2 in CPython (the compiled builder: well under 1 s).
"""

from __future__ import annotations

from array import array

from lexibench.structures.backends.kwg.walk import ACCEPTS, ARC, IS_END, MAX_NODES, TILE_SHIFT


class _States:
    """The interned states: ``tile | accepts << 8 | arc << 9 | next << 36`` packed in one int."""

    def __init__(self) -> None:
        self.packed: list[int] = [0]
        self.ids: dict[int, int] = {}

    def make_list(self, transitions: list[list[int]]) -> int:
        """Intern a completed sibling list (its transitions in tile order); its first state."""
        following = 0
        ids = self.ids
        packed = self.packed
        for tile, accepts, arc in reversed(transitions):
            key = tile | accepts << 8 | arc << 9 | following << 36
            found = ids.get(key)
            if found is None:
                found = len(packed)
                packed.append(key)
                ids[key] = found
            following = found
        return following

    def tile(self, state: int) -> int:
        return self.packed[state] & 0xFF

    def accepts(self, state: int) -> int:
        return self.packed[state] >> 8 & 1

    def arc(self, state: int) -> int:
        return self.packed[state] >> 9 & (1 << 27) - 1

    def next(self, state: int) -> int:
        return self.packed[state] >> 36

    def find(self, first: int, tile: int) -> int:
        """The state for ``tile`` in the list starting at ``first``, or 0."""
        state = first
        while state and self.tile(state) != tile:
            state = self.next(state)
        return state


def _type(states: _States, strings: list[bytes], targets: list[int] | None) -> int:
    """Type ``strings`` (sorted, distinct, non-empty) into ``states``; the root list's first state.

    ``targets[i]``, when given and not 0, is the ``arc`` of the last transition of
    ``strings[i]`` (a separator) instead of marking it accepting.
    """
    frames: list[list[list[int]]] = []
    previous = b""
    for index, string in enumerate(strings):
        common = 0
        limit = min(len(previous), len(string))
        while common < limit and previous[common] == string[common]:
            common += 1
        while len(frames) > common + 1:
            child = states.make_list(frames.pop())
            frames[-1][-1][2] = child
        for depth in range(common, len(string)):
            transition = [string[depth], 0, 0]
            if depth < len(frames):
                frames[depth].append(transition)
            else:
                frames.append([transition])
        target = targets[index] if targets is not None else 0
        if target:
            frames[-1][-1][2] = target
        else:
            frames[-1][-1][1] = 1
        previous = string
    while len(frames) > 1:
        child = states.make_list(frames.pop())
        frames[-1][-1][2] = child
    return states.make_list(frames[0]) if frames else 0


def _gaddag_input(
    states: _States, dawg_root: int, words: list[bytes]
) -> tuple[list[bytes], list[int]]:
    """The GADDAG strings to type (sorted) and, for each, the DAWG list its separator leads to
    (0 for a reversed word)."""
    pairs: list[tuple[bytes, int]] = []
    previous = b""
    for word in words:
        common = 0
        limit = min(len(previous), len(word))
        while common < limit and previous[common] == word[common]:
            common += 1
        first_new = min(common, len(previous) - 1) + 1 if previous else 1
        pairs.append((word[::-1], 0))
        node = dawg_root
        for k in range(1, len(word)):
            node = states.arc(states.find(node, word[k - 1]))
            if k >= first_new:
                pairs.append((word[k - 1 :: -1] + b"\0", node))
        previous = word
    pairs.sort()
    return [p[0] for p in pairs], [p[1] for p in pairs]


def _layout(states: _States, dawg_root: int, gaddag_root: int) -> array[int]:
    """The node array: nodes 0 and 1 point at the roots, then every list, longest first."""
    heads = {states.arc(state) for state in range(1, len(states.packed))}
    heads.update((dawg_root, gaddag_root))
    heads.discard(0)
    position = [0] * len(states.packed)
    order: list[int] = []
    for head in sorted(heads, reverse=True):
        if position[head]:
            continue
        state = head
        while state:
            if not position[state]:
                position[state] = 2 + len(order)
            order.append(state)
            state = states.next(state)
    if 2 + len(order) > MAX_NODES:
        raise OverflowError(
            f"kwg: {2 + len(order):,} nodes do not fit its 22-bit arc index ({MAX_NODES:,})"
        )
    nodes = array("I", [IS_END | position[dawg_root], IS_END | position[gaddag_root]])
    for state in order:
        nodes.append(
            states.tile(state) << TILE_SHIFT
            | (ACCEPTS if states.accepts(state) else 0)
            | (0 if states.next(state) else IS_END)
            | (position[states.arc(state)] & ARC)
        )
    return nodes


def dawg_nodes(strings: list[bytes]) -> array[int]:
    """A node array whose node 0 points at the DAWG of ``strings`` (sorted, distinct, each a
    non-empty string of tiles 0-63, tile 0 a tile like any other: no GADDAG is built) and node 1
    at nothing: the word graph of strings other than a word list's (a leave table's leaves).
    O(total tiles) dictionary operations."""
    states = _States()
    return _layout(states, _type(states, strings, None), 0)


def build_nodes(words: list[bytes]) -> array[int]:
    """The KWG of ``words``: distinct, sorted, each a non-empty string of tiles 1-63."""
    states = _States()
    dawg_root = _type(states, words, None)
    strings, targets = _gaddag_input(states, dawg_root, words)
    gaddag_root = _type(states, strings, targets)
    return _layout(states, dawg_root, gaddag_root)
