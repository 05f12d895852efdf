# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The compiled core of ``array-trie``: its queries, its stepping, and its native path search.

:class:`NativeCore` holds the node array of :mod:`structures.backends.array_trie.lexicon` (see
there for the layout; its constants and one step are in ``nodes.pxd``) as a C pointer into a
buffer it keeps alive, and answers from C: no Python object is made per step, only per answer.

:meth:`NativeCore.find_paths` is the native tier of the protocol
(:class:`structures.protocol.NativeLexicon`): given the strings at the nodes of a graph and each
node's neighbours, it finds every simple path spelling a stored word, walking the trie in C with
the used nodes and the path in C arrays. It knows nothing of any game: the caller supplies the
graph (a Boggle board's cells and adjacency, for instance) and the minimum length.
"""

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport uint32_t
from libc.stdlib cimport calloc, free, malloc

from lexibench.structures.backends.array_trie.nodes cimport (
    LETTERS,
    NONE,
    TERMINAL,
    lexibench_popcount,
    step,
)

from lexibench.structures.errors import TooManyPathsError

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


cdef struct Search:
    const uint32_t *nodes    # per trie node: its letter mask, then its first child
    uint32_t *stamps         # per trie node: the search that last recorded its word
    PyObject **words         # per trie node: its word as a str, once made (NULL before)
    uint32_t stamp
    int n                    # cells
    const int *nbr_start     # neighbours of cell i: nbr[nbr_start[i]:nbr_start[i + 1]]
    const int *nbr
    const unsigned char *codes   # letters of every cell, back to back (0-25; 30: not a-z)
    const int *code_start    # letters of cell i: codes[code_start[i]:code_start[i + 1]]
    const unsigned char *first_code  # codes[code_start[i]]
    const uint32_t *around   # per cell: the letter bits of its neighbours' first letters
    unsigned char *used
    int *path
    char *word               # the path's letters as ASCII
    int min_length
    bint all_paths
    bint words_only          # record the word alone, in a list
    bint totals_only         # record nothing: add the word's weight and count it
    const long *weights      # per word length: its weight (the last for longer words)
    int last_weight          # index of the last weight
    long total
    long count
    long max_paths
    long kept


cdef class NativeCore:
    """Queries, stepping and the native search over the flat arrays (see the module docstring).

    Cost: ``is_word`` and ``has_prefix`` O(|s|), one bit test and one popcount per letter, no
    allocation. ``child`` O(1); ``is_terminal`` O(1). ``find_paths`` O(nodes of the board's
    search tree), each step as above.
    """

    cdef object _owner
    cdef const uint32_t *_data
    cdef Py_ssize_t _nodes
    cdef Py_ssize_t _count
    cdef uint32_t *_stamps
    cdef uint32_t _stamp
    cdef PyObject **_words
    # scratch space of one search, kept between searches (grown when a graph needs more)
    cdef int _cells_room
    cdef int _letters_room
    cdef unsigned char *_codes
    cdef int *_code_start
    cdef unsigned char *_first_code
    cdef uint32_t *_around
    cdef unsigned char *_used
    cdef int *_path
    cdef char *_word
    cdef bint _busy
    # the last neighbour table seen, converted (boards of one shape share one table)
    cdef object _nbrs_key
    cdef int *_nbr_start
    cdef int *_nbr

    def __dealloc__(self):
        self._forget_words()
        free(self._stamps)
        self._free_scratch()
        free(self._nbr_start)
        free(self._nbr)

    def _attach(self, nodes, Py_ssize_t count):
        """Use ``nodes``, a buffer of uint32: per trie node its letter mask, then its first
        child's index. Every child index is checked once here: the search trusts them."""
        cdef const uint32_t[::1] view = nodes
        cdef Py_ssize_t i, size = view.shape[0] // 2
        cdef uint32_t mask
        if size == 0 or view.shape[0] % 2 or size > 0x7FFFFFFF:
            raise ValueError("array-trie: the array must hold two items per node")
        for i in range(size):
            mask = view[2 * i]
            if (mask & ~(LETTERS | TERMINAL)
                    or <Py_ssize_t>view[2 * i + 1] + lexibench_popcount(mask & LETTERS) > size):
                raise ValueError("array-trie: a node points outside the array")
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

    cdef void _free_scratch(self) noexcept:
        free(self._codes)
        free(self._code_start)
        free(self._first_code)
        free(self._around)
        free(self._used)
        free(self._path)
        free(self._word)
        self._codes = NULL
        self._code_start = NULL
        self._first_code = NULL
        self._around = NULL
        self._used = NULL
        self._path = NULL
        self._word = NULL
        self._cells_room = 0
        self._letters_room = 0

    cdef int _reserve(self, int cells, int letters) except -1:
        """Make the scratch space hold a graph of ``cells`` nodes and ``letters`` letters."""
        if cells <= self._cells_room and letters <= self._letters_room:
            return 0
        self._free_scratch()
        cells = max(cells, 64)
        letters = max(letters, 128)
        self._codes = <unsigned char *>malloc(letters + 1)
        self._word = <char *>malloc(letters + 1)
        self._code_start = <int *>malloc((cells + 1) * sizeof(int))
        self._first_code = <unsigned char *>malloc(cells)
        self._around = <uint32_t *>malloc(cells * sizeof(uint32_t))
        self._used = <unsigned char *>malloc(cells)
        self._path = <int *>malloc(cells * sizeof(int))
        if (self._codes == NULL or self._word == NULL or self._code_start == NULL
                or self._first_code == NULL or self._around == NULL or self._used == NULL
                or self._path == NULL):
            self._free_scratch()
            raise MemoryError()
        self._cells_room = cells
        self._letters_room = letters
        return 0

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

    cdef inline uint32_t _walk(self, str s):
        cdef uint32_t node = 0
        cdef Py_UCS4 ch
        for ch in s:
            node = step(self._data, node, <unsigned int>ch - 97u)
            if node == NONE:
                return NONE
        return node

    def is_word(self, str s):
        """True when ``s`` is a stored word: O(|s|)."""
        cdef uint32_t node = self._walk(s)
        return node != NONE and (self._data[2 * node] & TERMINAL) != 0

    def has_prefix(self, str s):
        """True when a stored word starts with ``s``: O(|s|). Every node but the root lies on the
        way to a word, and the root counts only when a word is stored."""
        return self._walk(s) != NONE and self._count > 0

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

    cdef int _set_neighbours(self, tuple nbrs) except -1:
        """Convert ``nbrs`` to C arrays, unless it is the table converted last time."""
        cdef int n = len(nbrs)
        cdef int i, total = 0, k = 0
        cdef tuple row
        if nbrs is self._nbrs_key:
            return 0
        for row in nbrs:
            total += len(row)
        free(self._nbr_start)
        free(self._nbr)
        self._nbrs_key = None
        self._nbr_start = <int *>malloc((n + 1) * sizeof(int))
        self._nbr = <int *>malloc((total + 1) * sizeof(int))
        if self._nbr_start == NULL or self._nbr == NULL:
            raise MemoryError()
        for i in range(n):
            self._nbr_start[i] = k
            for j in <tuple>nbrs[i]:
                if not 0 <= j < n:
                    raise ValueError(f"neighbour {j} of node {i} is outside the graph")
                self._nbr[k] = j
                k += 1
        self._nbr_start[n] = k
        self._nbrs_key = nbrs
        return 0

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
        self._search(cells, nbrs, min_length, all_paths, max_paths, found, False)
        return found

    def path_words(self, tuple cells, tuple nbrs, int min_length):
        """The distinct words :meth:`find_paths` would find, in the same order, without their
        paths: a list of ``str``. For work that needs only the words (a board's score)."""
        cdef list words = []
        self._search(cells, nbrs, min_length, False, 0, words, True)
        return words

    def path_total(self, tuple cells, tuple nbrs, int min_length, tuple weights):
        """``(total, count)`` over the distinct words :meth:`find_paths` would find: the sum of
        ``weights[len(word)]`` (the last weight for longer words) and their number. Makes no
        Python object per word: for work that needs only a board's score."""
        cdef Py_ssize_t n = len(weights)
        cdef Py_ssize_t k
        cdef long *table
        cdef long totals[2]
        if n == 0:
            raise ValueError("path_total: give at least one weight")
        totals[0] = 0
        totals[1] = 0
        table = <long *>malloc(n * sizeof(long))
        if table == NULL:
            raise MemoryError()
        try:
            for k in range(n):
                table[k] = weights[k]
            self._search(cells, nbrs, min_length, False, 0, None, False, table, <int>(n - 1),
                         totals)
            return (totals[0], totals[1])
        finally:
            free(table)

    cdef int _search(self, tuple cells, tuple nbrs, int min_length, bint all_paths,
                     long max_paths, object out, bint words_only,
                     const long *weights=NULL, int last_weight=0, long *totals=NULL) except -1:
        """The search behind :meth:`find_paths`, :meth:`path_words` and :meth:`path_total`,
        recording into ``out`` (a dict of paths, or a list of words), or, given ``totals``,
        adding each word's weight into ``totals[0]`` and counting it in ``totals[1]``."""
        cdef int n = len(cells)
        cdef int i, k, total = 0
        cdef Search s
        cdef str cell
        cdef Py_UCS4 ch
        if self._busy:  # before anything the running search reads is touched
            raise RuntimeError("array-trie: this lexicon is already searching (one at a time)")
        if len(nbrs) != n:
            raise ValueError("find_paths: one neighbour row per cell is needed")
        if n == 0 or self._count == 0:
            return 0
        self._set_neighbours(nbrs)
        for cell in cells:
            if not cell:
                raise ValueError("find_paths: a cell's string is empty")
            total += len(cell)
        if self._stamps == NULL:
            self._stamps = <uint32_t *>calloc(self._nodes, sizeof(uint32_t))
            self._words = <PyObject **>calloc(self._nodes, sizeof(PyObject *))
            if self._stamps == NULL or self._words == NULL:
                raise MemoryError()
        self._stamp += 1
        if self._stamp == 0:  # wrapped round: forget every mark
            for k in range(self._nodes):
                self._stamps[k] = 0
            self._stamp = 1
        s.nodes = self._data
        s.stamps = self._stamps
        s.words = self._words
        s.stamp = self._stamp
        s.n = n
        s.nbr_start = self._nbr_start
        s.nbr = self._nbr
        s.min_length = min_length
        s.all_paths = all_paths
        s.words_only = words_only
        s.totals_only = totals != NULL
        s.weights = weights
        s.last_weight = last_weight
        s.total = 0
        s.count = 0
        s.max_paths = max_paths
        s.kept = 0
        cdef int length
        cdef uint32_t node
        self._reserve(n, total)
        s.codes = self._codes
        s.code_start = self._code_start
        s.first_code = self._first_code
        s.around = self._around
        s.used = self._used
        s.path = self._path
        s.word = self._word
        self._busy = True
        try:
            k = 0
            for i in range(n):
                self._code_start[i] = k
                for ch in <str>cells[i]:
                    self._codes[k] = (
                        <unsigned char>(<unsigned int>ch - 97u) if 97u <= <unsigned int>ch <= 122u
                        else 30  # not a-z: no letter bit, continues nothing
                    )
                    k += 1
            self._code_start[n] = k
            for i in range(n):
                self._first_code[i] = self._codes[self._code_start[i]]
                self._used[i] = 0
            for i in range(n):
                self._around[i] = 0
                for k in range(self._nbr_start[i], self._nbr_start[i + 1]):
                    self._around[i] |= 1u << self._first_code[self._nbr[k]]
                self._around[i] &= LETTERS
            for i in range(n):
                length = 0
                node = _walk_letters(&s, self._code_start[i], self._code_start[i + 1], 0, &length)
                if node != NONE:
                    _visit(&s, out, i, node, length, 0)
            if totals != NULL:
                totals[0] = s.total
                totals[1] = s.count
        finally:
            self._busy = False
        return 0


cdef inline uint32_t _walk_letters(Search *s, int start, int end, uint32_t node,
                                   int *length) noexcept nogil:
    """Walk the letter codes ``s.codes[start:end]`` from ``node``, writing the letters at
    ``s.word[length[0]:]``; the node reached, or NONE."""
    cdef int k
    cdef unsigned char code
    for k in range(start, end):
        code = s.codes[k]
        node = step(s.nodes, node, code)
        if node == NONE:
            return NONE
        s.word[length[0]] = <char>(97 + code)
        length[0] += 1
    return node


cdef int _visit(Search *s, object out, int i, uint32_t node, int length,
                int depth) except -1:
    """Visit cell ``i``, whose letters led to trie ``node`` (``length`` letters and ``depth``
    cells before it on the path): record the word if the path spells one, then extend the path
    to every unused neighbour whose letters continue a stored word."""
    cdef int k, j, end
    cdef int child_length
    cdef uint32_t mask = s.nodes[2 * node]
    cdef uint32_t child
    cdef unsigned int code
    cdef unsigned char *used = s.used
    s.used[i] = 1
    s.path[depth] = i
    depth += 1
    if (mask & TERMINAL) and length >= s.min_length:
        if s.all_paths or s.stamps[node] != s.stamp:
            s.stamps[node] = s.stamp
            _record(s, out, node, length, depth)
    if mask & s.around[i]:  # some neighbour's letter continues (most nodes deep down: none)
        end = s.nbr_start[i + 1]
        for k in range(s.nbr_start[i], end):
            j = s.nbr[k]
            if used[j]:
                continue
            code = s.first_code[j]
            if not (mask >> code) & 1:  # most neighbours stop here
                continue
            child = s.nodes[2 * node + 1] + <uint32_t>lexibench_popcount(
                mask & ((1u << code) - 1u))
            s.word[length] = <char>(97 + code)
            child_length = length + 1
            if s.code_start[j + 1] - s.code_start[j] > 1:  # the rest of a cell like "qu"
                child = _walk_letters(
                    s, s.code_start[j] + 1, s.code_start[j + 1], child, &child_length
                )
                if child == NONE:
                    continue
            _visit(s, out, j, child, child_length, depth)
    used[i] = 0
    return 0


cdef int _record(Search *s, object out, uint32_t node, int length, int depth) except -1:
    """Keep the word the current path spells: its path too (every path with ``all_paths``) in
    the dict ``out``, or the word alone in the list ``out``.

    A word's ``str`` is made the first time any search reaches its node and kept for later
    searches (hash included): repeated words cost no allocation."""
    cdef int k
    cdef object word
    cdef object index
    cdef list paths
    cdef tuple path
    if s.totals_only:  # the node's stamp says this word is new to this search
        s.total += s.weights[length if length < s.last_weight else s.last_weight]
        s.count += 1
        return 0
    if s.words[node] == NULL:
        word = PyUnicode_DecodeASCII(s.word, length, NULL)
        Py_INCREF(word)
        s.words[node] = <PyObject *>word
    else:
        word = <object>s.words[node]
    if s.words_only:
        (<list>out).append(word)
        return 0
    path = PyTuple_New(depth)
    for k in range(depth):
        index = s.path[k]
        Py_INCREF(index)
        PyTuple_SET_ITEM(path, k, index)
    if s.all_paths:
        paths = (<dict>out).get(word)
        if paths is not None:
            paths.append(path)
        else:
            (<dict>out)[word] = [path]
    else:  # the node's stamp says this word is new to this search
        (<dict>out)[word] = [path]
    s.kept += 1
    if s.max_paths and s.kept > s.max_paths:
        raise TooManyPathsError(s.max_paths)
    return 0
