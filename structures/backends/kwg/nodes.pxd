# cython: language_level=3
"""The node array of ``kwg`` as C sees it: the layout's constants, and the search of a sibling
list. Part of the backend's C interface (with ``wordmap.pxd``; structures/README.md, "A backend's
interface"): its compiled core (``core.pyx``) and word map cimport it, and so may a compiled
module of another layer that walks a KWG. The layout is :mod:`structures.backends.kwg.walk`'s
(its constants there; :mod:`structures.backends.kwg.layout` in Python)."""

from libc.stdint cimport uint32_t

cdef extern from *:
    """
    #define KWG_TILE_SHIFT 24
    #define KWG_ACCEPTS 0x800000u
    #define KWG_IS_END 0x400000u
    #define KWG_ARC 0x3FFFFFu
    """
    const uint32_t TILE_SHIFT "KWG_TILE_SHIFT"  # bits 24-31: the node's tile (0: separator)
    const uint32_t ACCEPTS "KWG_ACCEPTS"        # bit 23: the string so far is stored
    const uint32_t IS_END "KWG_IS_END"          # bit 22: the last node of its sibling list
    const uint32_t ARC "KWG_ARC"                # bits 0-21: the index of its children's list


cdef inline uint32_t find(const uint32_t *nodes, uint32_t start, uint32_t tile) noexcept nogil:
    """The node for ``tile`` in the sibling list at ``start`` (0: no list), or 0 (no node of a
    list is at index 0)."""
    cdef uint32_t v, t
    if start == 0:
        return 0
    while True:
        v = nodes[start]
        t = v >> TILE_SHIFT
        if t == tile:
            return start
        if t > tile or v & IS_END:
            return 0
        start += 1
