# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The compiled core of ``array-trie``: its queries, its stepping, and its native path search.

:class:`NativeCore` holds the node array of :mod:`structures.backends.array_trie.lexicon` (see there for the
layout) as a C pointer into a buffer it keeps alive, and answers from C: no Python object is made
per step, only per answer.

:meth:`NativeCore.find_paths` is the native tier of the protocol
(:class:`structures.protocol.NativeLexicon`): given the strings at the nodes of a graph and each
node's neighbours, it finds every simple path spelling a stored word. It knows nothing of any game:
the caller supplies the graph (a Boggle board's cells and adjacency, for instance) and the minimum
length. The search itself is C (``search.c``, built for the CPU it runs on); this module converts
the graph and records what it finds. Compiled modules reach the same search without Python
objects through ``core.pxd`` (:meth:`NativeCore.search`).
"""

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport uint32_t
from libc.stdlib cimport calloc, free, malloc

from lexibench.structures.backends.array_trie.nodes cimport lexibench_popcount, step

from lexibench.structures.errors import TooManyPathsError
from lexibench.structures.word_checks import MAX_STRING_LENGTH

cdef extern from *:
    """
    /* A result dict sized for a board's words up front: no rehashing as it fills. The call
       left CPython's public headers in 3.13; there a plain dict is made instead. */
    #if PY_VERSION_HEX < 0x030D0000
    #define lexibench_result_dict(n) _PyDict_NewPresized(n)
    #else
    #define lexibench_result_dict(n) PyDict_New()
    #endif
    """
    dict lexibench_result_dict(Py_ssize_t n)


def search_build():
    """How the search was compiled for this CPU: ``"popcnt"`` (the build for CPUs with the
    popcnt instruction, chosen when the module is loaded) or ``"generic"`` (any x86-64 CPU, or
    a platform without function multiversioning)."""
    return lexibench_search_build().decode()


cdef inline uint32_t _walk(const uint32_t *nodes, str s):
    """The node of string ``s``, or NONE."""
    cdef uint32_t node = 0
    cdef Py_UCS4 ch
    for ch in s:
        node = step(nodes, node, <unsigned int>ch - 97u)
        if node == NONE:
            return NONE
    return node


# What the Python-facing searches record into (see _record).
cdef struct Found:
    PyObject *out            # a dict {word: [path, ...]}, or a list of words
    PyObject **words         # per trie node: its word as a str, once made (NULL before)
    bint words_only          # record the word alone, in the list
    bint all_paths
    long max_paths           # 0: no cap
    long kept


cdef int _record(void *ctx, uint32_t node, const char *letters, int length, const int *path,
                 int depth) except -1:
    """Keep the word the current path spells: its path too (every path with ``all_paths``) in
    the dict, or the word alone in the list.

    A word's ``str`` is made the first time any search reaches its node and kept for later
    searches (hash included): repeated words cost no allocation."""
    cdef Found *f = <Found *>ctx
    cdef object word
    cdef object index
    cdef list paths
    cdef tuple cells
    cdef int k
    if f.words[node] == NULL:
        word = PyUnicode_DecodeASCII(letters, length, NULL)
        Py_INCREF(word)
        f.words[node] = <PyObject *>word
    else:
        word = <object>f.words[node]
    if f.words_only:
        (<list>f.out).append(word)
        return 0
    cells = PyTuple_New(depth)
    for k in range(depth):
        index = path[k]
        Py_INCREF(index)
        PyTuple_SET_ITEM(cells, k, index)
    if f.all_paths:
        paths = (<dict>f.out).get(word)
        if paths is not None:
            paths.append(cells)
        else:
            (<dict>f.out)[word] = [cells]
    else:  # the search records each word once
        (<dict>f.out)[word] = [cells]
    f.kept += 1
    if f.max_paths and f.kept > f.max_paths:
        raise TooManyPathsError(f.max_paths)
    return 0


cdef class NativeCore:
    """Queries, stepping and the native search over the flat arrays (see the module docstring).

    Cost: ``is_word`` and ``has_prefix`` O(|s|), one bit test and one popcount per letter, no
    allocation. ``child`` O(1); ``is_terminal`` O(1). ``find_paths`` O(nodes of the board's
    search tree), each step as above.
    """

    def __dealloc__(self):
        self._forget_words()
        free(self._stamps)
        free(self._scratch)
        free(self._codes)
        free(self._code_start)
        free(self._nbr_start)
        free(self._nbr)

    def _attach(self, nodes, Py_ssize_t count):
        """Use ``nodes``, a buffer of uint32: per trie node its letter mask, then its first
        child's index, laid out as :func:`build_nodes` lays a trie out (``walk.check_nodes``
        says what is checked): checked once here, in O(nodes), for the searches trust it."""
        cdef const uint32_t[::1] view = nodes
        cdef Py_ssize_t i, size = view.shape[0] // 2, expected = 1, words = 0
        cdef Py_ssize_t depth = 0, depth_end = 1
        cdef uint32_t mask
        if size == 0 or view.shape[0] % 2 or size > 0x7FFFFFFF:
            raise ValueError("array-trie: the array must hold two items per node")
        for i in range(size):
            if i == depth_end:  # the first node of the next depth (breadth first)
                depth += 1
                depth_end = expected
                if depth > MAX_STRING_LENGTH:
                    raise ValueError(
                        f"array-trie: a word longer than {MAX_STRING_LENGTH} letters"
                    )
            mask = view[2 * i]
            if mask & ~(LETTERS | TERMINAL):
                raise ValueError(f"array-trie: node {i} has bits set that are not letters")
            if i and i >= expected:
                raise ValueError(f"array-trie: node {i} is no node's child (a loop, or a stray)")
            if <Py_ssize_t>view[2 * i + 1] != expected:
                if <Py_ssize_t>view[2 * i + 1] + lexibench_popcount(mask & LETTERS) > size:
                    raise ValueError("array-trie: a node points outside the array")
                raise ValueError(
                    f"array-trie: node {i}'s children are not where the trie's breadth-first "
                    "layout puts them"
                )
            expected += lexibench_popcount(mask & LETTERS)
            if expected > size:
                raise ValueError("array-trie: a node points outside the array")
            if mask & TERMINAL:
                words += 1
                if i == 0:
                    raise ValueError("array-trie: the empty string is not a word")
            elif i and not mask & LETTERS:
                raise ValueError(f"array-trie: node {i} leads to no word")
        if expected != size:
            raise ValueError(f"array-trie: {size - expected:,} nodes are no node's children")
        if words != count:
            raise ValueError(f"array-trie: it holds {words:,} words, not {count:,}")
        self._forget_words()  # sized by the old arrays: dropped before they are replaced
        free(self._stamps)
        self._stamps = NULL
        self._stamp = 0
        self._owner = nodes
        self._data = &view[0]
        self._nodes = size
        self._count = count

    def _node_array(self):
        """The buffer given to :meth:`_attach` (for saving it)."""
        return self._owner

    cdef void _forget_words(self) noexcept:
        """Drop the word strings made so far (they belong to the arrays being replaced)."""
        cdef Py_ssize_t i
        if self._words != NULL:
            for i in range(self._nodes):
                Py_XDECREF(self._words[i])
            free(self._words)
            self._words = NULL

    def __len__(self):
        return self._count

    def is_word(self, str s):
        """True when ``s`` is a stored word: O(|s|)."""
        cdef uint32_t node = _walk(self._data, s)
        return node != NONE and (self._data[2 * node] & TERMINAL) != 0

    def has_prefix(self, str s):
        """True when a stored word starts with ``s``: O(|s|). Every node but the root lies on the
        way to a word, and the root counts only when a word is stored."""
        return _walk(self._data, s) != NONE and self._count > 0

    def root(self):
        """The node of the empty string: 0."""
        return 0

    def child(self, uint32_t node, str letter):
        """The node after ``letter`` (one character), or None: O(1)."""
        cdef uint32_t nxt
        if len(letter) != 1 or node >= self._nodes:
            return None
        nxt = step(self._data, node, <unsigned int><Py_UCS4>letter[0] - 97u)
        return None if nxt == NONE else nxt

    def is_terminal(self, uint32_t node):
        """True when the node's string is a stored word: O(1)."""
        return node < self._nodes and (self._data[2 * node] & TERMINAL) != 0

    cdef int search(self, const lexibench_graph *graph, int min_length, bint all_paths,
                    lexibench_record record, void *ctx, const long *weights, int last_weight,
                    long *totals) except -1:
        """Run the search over ``graph`` (see search.h): each word found goes to ``record``
        (with ``ctx``), or, without it, its weight into ``totals[0]`` and a count into
        ``totals[1]``. The graph's neighbour indices are trusted: check them first."""
        cdef lexibench_search s
        cdef int letters = graph.code_start[graph.n] if graph.n > 0 else 0
        cdef int k
        if self._busy:  # before anything the running search reads is touched
            raise RuntimeError("array-trie: this lexicon is already searching (one at a time)")
        if totals != NULL:
            totals[0] = 0
            totals[1] = 0
        if graph.n == 0 or self._count == 0:
            return 0
        if self._stamps == NULL:
            self._stamps = <uint32_t *>calloc(self._nodes, sizeof(uint32_t))
            if self._stamps == NULL:
                raise MemoryError()
        if graph.n > self._cells_room or letters > self._letters_room:
            free(self._scratch)
            self._cells_room = 0
            self._letters_room = 0
            self._scratch = malloc(lexibench_scratch_size(max(graph.n, 64), max(letters, 128)))
            if self._scratch == NULL:
                raise MemoryError()
            self._cells_room = max(graph.n, 64)
            self._letters_room = max(letters, 128)
        self._stamp += 1
        if self._stamp == 0:  # wrapped round: forget every mark
            for k in range(self._nodes):
                self._stamps[k] = 0
            self._stamp = 1
        s.nodes = self._data
        s.stamps = self._stamps
        s.stamp = self._stamp
        s.graph = graph
        lexibench_scratch_init(&s.scratch, self._scratch, self._cells_room)
        s.min_length = min_length
        s.all_paths = all_paths
        s.weights = weights
        s.last_weight = last_weight
        s.record = record
        s.ctx = ctx
        self._busy = True
        try:
            lexibench_search_run(&s)
        finally:
            self._busy = False
        if totals != NULL:
            totals[0] = s.total
            totals[1] = s.count
        return 0

    cdef int _set_graph(self, tuple cells, tuple nbrs, lexibench_graph *graph) except -1:
        """Convert ``cells`` and ``nbrs`` to C arrays (the neighbours only when they are not the
        table converted last time: boards of one shape share one) and describe them in
        ``graph``."""
        cdef int n = len(cells)
        cdef int i, j, k = 0, total = 0
        cdef str cell
        cdef Py_UCS4 ch
        cdef tuple row
        if len(nbrs) != n:
            raise ValueError("find_paths: one neighbour row per cell is needed")
        for cell in cells:
            if not cell:
                raise ValueError("find_paths: a cell's string is empty")
            total += len(cell)
        if n > self._graph_cells or total > self._graph_letters:
            free(self._codes)
            free(self._code_start)
            self._graph_cells = 0
            self._graph_letters = 0
            self._codes = <unsigned char *>malloc(total + 1)
            self._code_start = <int *>malloc((n + 1) * sizeof(int))
            if self._codes == NULL or self._code_start == NULL:
                raise MemoryError()
            self._graph_cells = n
            self._graph_letters = total
        for i in range(n):
            self._code_start[i] = k
            for ch in <str>cells[i]:
                self._codes[k] = (
                    <unsigned char>(<unsigned int>ch - 97u) if 97u <= <unsigned int>ch <= 122u
                    else NO_LETTER  # not a-z: no letter bit, continues nothing
                )
                k += 1
        self._code_start[n] = k
        if nbrs is not self._nbrs_key:
            total = 0
            for row in nbrs:
                total += len(row)
            free(self._nbr_start)
            free(self._nbr)
            self._nbrs_key = None
            self._nbr_start = <int *>malloc((n + 1) * sizeof(int))
            self._nbr = <int *>malloc((total + 1) * sizeof(int))
            if self._nbr_start == NULL or self._nbr == NULL:
                raise MemoryError()
            k = 0
            for i in range(n):
                self._nbr_start[i] = k
                for j in <tuple>nbrs[i]:
                    if not 0 <= j < n:
                        raise ValueError(f"neighbour {j} of node {i} is outside the graph")
                    self._nbr[k] = j
                    k += 1
            self._nbr_start[n] = k
            self._nbrs_key = nbrs
        graph.n = n
        graph.codes = self._codes
        graph.code_start = self._code_start
        graph.nbr_start = self._nbr_start
        graph.nbr = self._nbr
        return 0

    cdef int _search(self, tuple cells, tuple nbrs, int min_length, object out,
                     bint words_only, bint all_paths, long max_paths) except -1:
        """:meth:`search` of a graph given as Python tuples, recording into ``out`` (a dict of
        paths, or a list of words)."""
        cdef lexibench_graph graph
        cdef Found found
        if self._busy:  # before the graph the running search reads is replaced
            raise RuntimeError("array-trie: this lexicon is already searching (one at a time)")
        self._set_graph(cells, nbrs, &graph)
        if self._words == NULL:
            self._words = <PyObject **>calloc(self._nodes, sizeof(PyObject *))
            if self._words == NULL:
                raise MemoryError()
        found.out = <PyObject *>out
        found.words = self._words
        found.words_only = words_only
        found.all_paths = all_paths
        found.max_paths = max_paths
        found.kept = 0
        return self.search(&graph, min_length, all_paths, _record, &found, NULL, 0, NULL)

    def find_paths(self, tuple cells, tuple nbrs, int min_length, bint all_paths,
                   long max_paths=0):
        """Every simple path of the graph spelling a stored word of at least ``min_length``
        characters: ``{word: [path, ...]}`` in discovery order, a path a tuple of node indices.

        ``cells[i]`` is the string at node ``i`` (one or more characters), ``nbrs[i]`` its
        neighbours. Paths start from every node in index order and extend to each unused
        neighbour in the order given, so the first path of each word is the one a depth-first
        search in that order reaches first. Without ``all_paths`` each word keeps that path only;
        with it, every path. ``max_paths`` (0: no cap) caps the paths kept, raising
        :class:`~structures.errors.TooManyPathsError` once passed.
        """
        cdef dict found = lexibench_result_dict(128)
        self._search(cells, nbrs, min_length, found, False, all_paths, max_paths)
        return found

    def path_words(self, tuple cells, tuple nbrs, int min_length):
        """The distinct words :meth:`find_paths` would find, in the same order, without their
        paths: a list of ``str``. For work that needs only the words (a board's score)."""
        cdef list words = []
        self._search(cells, nbrs, min_length, words, True, False, 0)
        return words

    def path_total(self, tuple cells, tuple nbrs, int min_length, tuple weights):
        """``(total, count)`` over the distinct words :meth:`find_paths` would find: the sum of
        ``weights[len(word)]`` (the last weight for longer words) and their number. Makes no
        Python object per word: for work that needs only a board's score."""
        cdef Py_ssize_t n = len(weights)
        cdef Py_ssize_t k
        cdef long *table
        cdef long totals[2]
        cdef lexibench_graph graph
        if n == 0:
            raise ValueError("path_total: give at least one weight")
        if self._busy:
            raise RuntimeError("array-trie: this lexicon is already searching (one at a time)")
        self._set_graph(cells, nbrs, &graph)
        table = <long *>malloc(n * sizeof(long))
        if table == NULL:
            raise MemoryError()
        try:
            for k in range(n):
                table[k] = weights[k]
            self.search(&graph, min_length, False, NULL, NULL, table, <int>(n - 1), totals)
            return (totals[0], totals[1])
        finally:
            free(table)
