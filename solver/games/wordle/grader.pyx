# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The compiled Wordle kernel: every guess graded against every candidate, in C.

The words come packed, one byte per letter, back to back. A pair is graded as
:func:`solver.games.wordle.grading.grade` does (greens first, then yellows left to right while
the answer has unmatched copies) into a base-3 code, and each guess's codes are counted in a table
(sorted instead, for words so long that the table of 3**length entries would not fit), keeping the
sum of squared group sizes. A guess is dropped as soon as its running sum passes the best so far.
Its interpreted twin is :func:`solver.games.wordle.grading.best_guess_interpreted`.
"""

from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort

#: The longest word graded with a table of counts (3**12 entries); longer words sort their codes.
TABLE_LENGTH = 12


cdef inline uint64_t _grade(const unsigned char *guess, const unsigned char *answer,
                            int length, int *unmatched, unsigned char *marks) noexcept nogil:
    """The base-3 feedback code of ``answer`` for ``guess`` (2 green, 1 yellow, 0 black)."""
    cdef int i
    cdef uint64_t code = 0
    for i in range(length):
        if guess[i] == answer[i]:
            marks[i] = 2
        else:
            marks[i] = 0
            unmatched[answer[i]] += 1
    for i in range(length):
        if marks[i] == 0 and unmatched[guess[i]] > 0:
            marks[i] = 1
            unmatched[guess[i]] -= 1
        code = code * 3 + marks[i]
    for i in range(length):
        unmatched[answer[i]] = 0
    return code


cdef int _ascending(const void *a, const void *b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t *>a)[0]
    cdef uint64_t y = (<const uint64_t *>b)[0]
    return (x > y) - (x < y)


def best_packed(const unsigned char[::1] guesses, const unsigned char[::1] candidates,
                int length, const unsigned char[::1] is_candidate):
    """``(index, sum of squared group sizes)`` of the best guess (the smallest sum, then a guess
    flagged in ``is_candidate``, then the first); ``(-1, 0)`` when there is none."""
    cdef Py_ssize_t n_guesses = guesses.shape[0] // length if length > 0 else 0
    cdef Py_ssize_t n_candidates = candidates.shape[0] // length if length > 0 else 0
    cdef Py_ssize_t g, c, k, touched
    cdef bint table = length <= TABLE_LENGTH
    cdef uint64_t size = 1
    cdef uint64_t code, total, run
    cdef uint64_t best_total = <uint64_t>-1
    cdef Py_ssize_t best = -1
    cdef bint best_flag = False
    cdef bint done
    cdef int unmatched[256]
    cdef unsigned char *marks
    cdef uint32_t *counts = NULL
    cdef uint64_t *codes = NULL
    if n_guesses == 0 or n_candidates == 0:
        return (-1, 0)
    if is_candidate.shape[0] != n_guesses:
        raise ValueError("best_packed: one flag per guess is needed")
    for k in range(256):
        unmatched[k] = 0
    for k in range(length if table else 0):
        size *= 3
    marks = <unsigned char *>malloc(length)
    codes = <uint64_t *>malloc(n_candidates * sizeof(uint64_t))
    if table:
        counts = <uint32_t *>calloc(size, sizeof(uint32_t))
    if marks == NULL or codes == NULL or (table and counts == NULL):
        free(marks)
        free(codes)
        free(counts)
        raise MemoryError()
    try:
        with nogil:
            for g in range(n_guesses):
                total = 0
                touched = 0
                done = True
                for c in range(n_candidates):
                    code = _grade(&guesses[g * length], &candidates[c * length], length,
                                  unmatched, marks)
                    if table:
                        k = counts[code]
                        if k == 0:
                            codes[touched] = code  # to clear the table afterwards
                            touched += 1
                        counts[code] = k + 1
                        total += 2 * k + 1
                        if total > best_total:
                            done = False
                            break
                    else:
                        codes[c] = code
                if table:
                    for k in range(touched):
                        counts[codes[k]] = 0
                else:
                    qsort(codes, n_candidates, sizeof(uint64_t), _ascending)
                    run = 1
                    for c in range(1, n_candidates + 1):
                        if c < n_candidates and codes[c] == codes[c - 1]:
                            run += 1
                        else:
                            total += run * run
                            run = 1
                if done and (total < best_total or (
                        total == best_total and is_candidate[g] and not best_flag)):
                    best = g
                    best_total = total
                    best_flag = is_candidate[g] != 0
    finally:
        free(marks)
        free(codes)
        free(counts)
    return (best, best_total)
