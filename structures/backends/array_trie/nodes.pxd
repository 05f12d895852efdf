# cython: language_level=3
"""The node array of ``array-trie`` as C sees it: the layout's constants, and one step from a
node by a letter. Part of the backend's C interface (with ``core.pxd``; structures/README.md, "A
backend's interface"): the core (``core.pyx``) and the query walks (``queries.pyx``) cimport it,
and so may a compiled module of another layer that walks the array itself. The layout is
described in :mod:`structures.backends.array_trie.lexicon`."""

from libc.stdint cimport uint32_t

cdef extern from *:
    """
    #ifdef __POPCNT__
    static inline int lexibench_popcount(unsigned int x) { return __builtin_popcount(x); }
    #else  /* no popcnt instruction assumed: count bits in registers, with no library call */
    static inline int lexibench_popcount(unsigned int x) {
        x = x - ((x >> 1) & 0x55555555u);
        x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
        x = (x + (x >> 4)) & 0x0F0F0F0Fu;
        return (int)((x * 0x01010101u) >> 24);
    }
    #endif
    /* the index of the lowest set bit of x (x != 0) */
    static inline int lexibench_lowest(unsigned int x) { return __builtin_ctz(x); }
    #define LEXIBENCH_TERMINAL 0x80000000u
    #define LEXIBENCH_LETTERS 0x03FFFFFFu
    #define LEXIBENCH_NONE 0xFFFFFFFFu
    """
    int lexibench_popcount(unsigned int x) nogil
    int lexibench_lowest(unsigned int x) nogil
    const uint32_t TERMINAL "LEXIBENCH_TERMINAL"  # bit 31: the node's string is a word
    const uint32_t LETTERS "LEXIBENCH_LETTERS"    # bits 0-25: the letters that continue
    const uint32_t NONE "LEXIBENCH_NONE"          # no such node


cdef inline uint32_t step(const uint32_t *nodes, uint32_t node, unsigned int code) noexcept nogil:
    """The child of ``node`` by letter ``code`` (0 for "a"), or NONE."""
    cdef uint32_t mask
    if code >= 26:
        return NONE
    mask = nodes[2 * node]
    if not (mask >> code) & 1:
        return NONE
    return nodes[2 * node + 1] + <uint32_t>lexibench_popcount(mask & ((1u << code) - 1u))


cdef inline uint32_t child_by_bit(const uint32_t *nodes, uint32_t node, uint32_t bit) noexcept nogil:
    """The child of ``node`` by the letter whose bit (``1 << code``) is set in its mask."""
    return nodes[2 * node + 1] + <uint32_t>lexibench_popcount(nodes[2 * node] & LETTERS & (bit - 1u))


cdef inline int next_letter(uint32_t *letters, uint32_t *bit) noexcept nogil:
    """The code of the lowest letter in the mask ``*letters`` (nonzero), which loses it; ``*bit``
    is set to its bit (``1 << code``). For walking a node's letters in order."""
    cdef int code = lexibench_lowest(letters[0])
    bit[0] = 1u << code
    letters[0] &= letters[0] - 1u
    return code
