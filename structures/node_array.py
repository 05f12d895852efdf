"""What the interpreted cores over a node array (``array-trie``'s and ``kwg``'s ``walk.py``) keep
alike: the array, checked by the backend as it is attached, and how many strings it holds."""

from __future__ import annotations

from collections.abc import Sequence


class NodeArrayCore:
    """The node array of an interpreted core and its string count (see the module docstring)."""

    _nodes: Sequence[int]
    _count: int

    def _keep(self, nodes: Sequence[int], count: int) -> None:
        """Use ``nodes`` (already checked), holding ``count`` strings."""
        self._nodes = nodes
        self._count = count

    def _node_array(self) -> Sequence[int]:
        """The sequence given to ``_attach`` (for saving it)."""
        return self._nodes

    def __len__(self) -> int:
        return self._count
