"""The kwg backend's interface for other layers, in Python: what a module outside
``structures/backends/kwg/`` may import of it (its C interface is ``nodes.pxd`` and
``wordmap.pxd``; structures/README.md, "A backend's interface").

The KWG node layout (described in :mod:`structures.backends.kwg.lexicon`)::

    bits 24-31  TILE_SHIFT: the node's tile
    bit  23     ACCEPTS: taking this tile completes a stored string
    bit  22     IS_END: the last node of its sibling list
    bits 0-21   ARC: the index of the first node of its children's list (0: none)

and :func:`dawg_nodes`, which lays out such an array over any sorted tile strings (a crossword
engine's leave table holds its leaves so). The constants are defined once, in the interpreted core
(:mod:`structures.backends.kwg.walk`), and mirrored in C by ``nodes.pxd``; the builder is the
compiled core's where it is built, else :mod:`structures.backends.kwg.build`'s (the same array).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexibench.structures.backends.kwg.walk import ACCEPTS, ARC, IS_END, MAX_NODES, TILE_SHIFT
from lexibench.structures.builds import compiled

_NATIVE = compiled("lexibench.structures.backends.kwg.core")
if TYPE_CHECKING or _NATIVE.missing is not None:
    from lexibench.structures.backends.kwg.build import dawg_nodes
else:
    dawg_nodes = _NATIVE.module.dawg_nodes

__all__ = ["ACCEPTS", "ARC", "IS_END", "MAX_NODES", "TILE_SHIFT", "dawg_nodes"]
