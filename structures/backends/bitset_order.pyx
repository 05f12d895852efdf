# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False
"""Bit sets of words kept by length, read in the words' alphabetical order: what lets
``position-bitsets`` (:mod:`~lexibench.structures.backends.position_bitsets`) list a broad
answer already sorted, in one pass over the word list instead of a sort of the answer.

Without this module compiled, ``position-bitsets`` lists each length's words and sorts them.
"""

from libc.stdint cimport uint8_t


def in_order(list masks, const uint8_t[::1] lengths, list words):
    """The words of ``words`` whose bit is set, in the order of ``words``.

    ``lengths[r]`` is the length of ``words[r]``; the word is the ``k``-th of its length in
    ``words`` (``k`` counts from 0 the words of that length before it) and its bit is bit ``k``
    of ``masks[lengths[r]]`` (bytes, little-endian; None or a missing entry: no word of that
    length). ValueError where ``lengths`` and ``words`` differ in size or ``masks`` is longer
    than 256. O(len(words) + the answer)."""
    cdef Py_ssize_t n = lengths.shape[0], r, k, length
    cdef Py_ssize_t counter[256]
    cdef Py_ssize_t size[256]
    cdef const uint8_t *mask[256]
    cdef bytes held
    cdef list out = []
    if len(words) != n:
        raise ValueError("in_order: a length for each word")
    if len(masks) > 256:
        raise ValueError("in_order: at most 256 masks, one a length")
    for length in range(256):
        counter[length] = 0
        size[length] = 0
        mask[length] = NULL
    for length in range(len(masks)):
        if masks[length] is not None:
            held = masks[length]
            mask[length] = held  # kept alive by the list
            size[length] = len(held)
    for r in range(n):
        length = lengths[r]
        k = counter[length]
        counter[length] = k + 1
        if (k >> 3) < size[length] and (mask[length][k >> 3] >> (k & 7)) & 1:
            out.append(words[r])
    return out
