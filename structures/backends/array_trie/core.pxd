# cython: language_level=3
"""The compiled core's C-level interface, part of the backend's C interface (with ``nodes.pxd``;
structures/README.md, "A backend's interface"): the path search's C types (search.h) and
:class:`NativeCore`'s C method :meth:`search`, for a compiled module of another layer that runs
the search over graphs of its own. The attributes declared with the class are its C layout, which
Cython needs to cimport the class, not for other modules to read."""

from cpython.object cimport PyObject
from libc.stdint cimport uint32_t


cdef extern from "search.h":
    ctypedef struct lexibench_graph:
        int n
        const unsigned char *codes
        const int *code_start
        const int *nbr_start
        const int *nbr

    ctypedef int (*lexibench_record)(void *ctx, uint32_t node, const char *word, int length,
                                     const int *path, int depth) except -1

    ctypedef struct lexibench_scratch:
        pass

    ctypedef struct lexibench_search:
        const uint32_t *nodes
        uint32_t *stamps
        uint32_t stamp
        const lexibench_graph *graph
        lexibench_scratch scratch
        int min_length
        int all_paths
        const long *weights
        int last_weight
        lexibench_record record
        void *ctx
        long total
        long count

    size_t lexibench_scratch_size(int cells, int letters)
    void lexibench_scratch_init(lexibench_scratch *scratch, void *memory, int cells)
    int lexibench_search_run(lexibench_search *s) except -1
    const char *lexibench_search_build()

    const uint32_t TERMINAL "LEXIBENCH_TERMINAL"
    const uint32_t LETTERS "LEXIBENCH_LETTERS"
    const uint32_t NONE "LEXIBENCH_NONE"
    const unsigned char NO_LETTER "LEXIBENCH_NO_LETTER"


cdef class NativeCore:
    cdef object _owner
    cdef const uint32_t *_data
    cdef Py_ssize_t _nodes
    cdef Py_ssize_t _count
    cdef uint32_t *_stamps
    cdef uint32_t _stamp
    cdef PyObject **_words
    cdef bint _busy
    # scratch space of one search, kept between searches (grown when a graph needs more)
    cdef void *_scratch
    cdef int _cells_room
    cdef int _letters_room
    # the graph of the last search made from Python tuples, converted
    cdef unsigned char *_codes
    cdef int *_code_start
    cdef int _graph_cells
    cdef int _graph_letters
    cdef object _nbrs_key
    cdef int *_nbr_start
    cdef int *_nbr

    cdef void _forget_words(self) noexcept
    cdef int _set_graph(self, tuple cells, tuple nbrs, lexibench_graph *graph) except -1
    cdef int _search(self, tuple cells, tuple nbrs, int min_length, object out,
                     bint words_only, bint all_paths, long max_paths) except -1
    cdef int search(self, const lexibench_graph *graph, int min_length, bint all_paths,
                    lexibench_record record, void *ctx, const long *weights, int last_weight,
                    long *totals) except -1
