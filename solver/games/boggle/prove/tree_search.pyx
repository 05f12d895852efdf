# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The proof's bound in C: a board class's orderly tree and its search, over array-trie's array.

One call of :meth:`TreeProver.run` does, for one class (a list of letters per cell):

1. **Paths.** A depth-first walk from every cell over the trie's node array (the layout of
   :mod:`lexibench.structures.backends.array_trie.lexicon`: per node a 26-bit letter mask with
   bit 31 for "a word ends here", then the index of its first child), trying every letter of
   each cell (``q`` steps ``q`` then ``u``: the Qu tile). Each word reached is one *record*: a
   key holding, per cell in split order, the letter chosen (its index in the cell's list, plus
   one; 0 for a cell the path does not use), and the word (its trie node) with its length. The
   key is bit fields, one per cell, where they fit in 64 bits; else a mixed-radix number with a
   digit per cell (the first split position the most significant), which sorts alike.
2. **Sort.** An LSD radix sort of the keys (16 bits a pass). Sorted as integers, the records
   sharing the letters of their first cells in split order lie together, and within such a
   group those that use no further cell come first: what the build needs.
3. **Tree.** The orderly sum/choice tree, built from the sorted ranges into flat arrays. A sum
   node holds the points of the words whose letters end there (a word counted once per set of
   cells and letters: records equal in key and word are one) and its choice nodes; a choice node
   holds a cell, a mask of the letter indices it has children for, and its first child, the
   children contiguous (child of letter ``j``: first + popcount(mask below ``j``)). Its bound
   ``U``: a sum node's points plus its children's bounds, a choice node's largest child bound.
4. **Search.** The orderly bound: the cells are fixed one at a time in split order, each to every
   one of its letters, keeping per cell the stack of choice nodes that wait for it and their
   bounds' sum; a branch whose points plus those sums fall below the target is dropped. Each
   sum node keeps its bound, so one pass over a cell's stack gives every letter's bound before
   any is tried, and a letter below the target is dropped there, without pushing its children
   or calling for the next cell (counted as the step that call would have been, so the steps
   are the step tier's). Every board that survives to the last cell is a *candidate*: its
   de-duplicated multi-path score reaches the target (the caller re-scores it with the solver,
   each word once).
5. **Forcing** (:meth:`TreeProver._attack`). While a tree's bound is above the switchover and
   cells are left to force, the search does not start at its root: the next cell is forced to
   each letter by merging that letter's child into the rest of the tree (choice nodes of one
   cell merged letter by letter, the others shared; new nodes go on top of the arrays and are
   dropped after the letter), giving a smaller and tighter tree per letter. Merging keeps every
   board's score (the paper's lemma), so the candidates and their order are the search's from
   the root; only the steps change.

Nothing here knows the word list, the rules or the board's shape beyond what the caller passes:
letters per cell, neighbour lists, a split order, points by word length and the minimum length.
The walk holds no Python object and runs without the GIL; it asks ``stop()`` (with the GIL) every
few million steps, and returns ``None`` when told to stop.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy

from lexibench.structures.backends.array_trie.nodes cimport LETTERS, NONE, TERMINAL
from lexibench.structures.backends.array_trie.nodes cimport lexibench_popcount as popcount

from lexibench.solver.errors import InputError

cdef extern from *:
    """
    /* Set to 1 by setup.py when it builds this module from a training run's counts. */
    #ifndef LEXIBENCH_PROFILE_GUIDED
    #define LEXIBENCH_PROFILE_GUIDED 0
    #endif
    /* The index of the highest set bit of a non-zero 64-bit value. */
    static inline int prove_top_bit(unsigned long long x) { return 63 - __builtin_clzll(x); }
    /* The index of the lowest set bit of a non-zero 32-bit value. */
    static inline int prove_trailing_zeros(unsigned int x) { return __builtin_ctz(x); }
    """
    int LEXIBENCH_PROFILE_GUIDED
    int top_bit "prove_top_bit"(unsigned long long x) nogil
    int trailing_zeros "prove_trailing_zeros"(unsigned int x) nogil

#: Whether this build was compiled profile-guided (compiled.toml's ``[profiled]``): from the
#: counts of a training run, where the compiler is GCC.
PROFILE_GUIDED = bool(LEXIBENCH_PROFILE_GUIDED)

cdef enum:
    # Steps between two asks whether to stop (a few milliseconds of work).
    POLL_MASK = 0x3FFFF
    # The most cells a board may have here (the used cells are one 64-bit mask).
    MAX_CELLS = 64
    # The most letters a cell may hold.
    MAX_LETTERS = 26
    # Bits of a record's word field below the trie node: the length index.
    LENGTH_BITS = 4

cdef enum Status:
    OK = 0
    NO_MEMORY = 1
    STOPPED = 2
    TOO_MANY = 3
    FLUSH_FAILED = 4

cdef inline uint32_t step(const uint32_t *nodes, uint32_t node, unsigned int code) noexcept nogil:
    """The child of ``node`` by letter ``code`` (0 for "a"), or NONE."""
    cdef uint32_t mask = nodes[2 * node]
    if not (mask >> code) & 1:
        return NONE
    return nodes[2 * node + 1] + <uint32_t>popcount(mask & ((1u << code) - 1u))


cdef inline int grow(void **array, Py_ssize_t *room, Py_ssize_t need, size_t item) noexcept nogil:
    """Make ``*array`` hold at least ``need`` items of ``item`` bytes (doubling); -1 when out
    of memory (the array is then as it was)."""
    cdef Py_ssize_t size = room[0]
    cdef void *bigger
    if need <= size:
        return 0
    if size < 1024:
        size = 1024
    while size < need:
        size *= 2
    bigger = realloc(array[0], <size_t>size * item)
    if bigger == NULL:
        return -1
    array[0] = bigger
    room[0] = size
    return 0


cdef class TreeProver:
    """The bound of board classes over one trie (see the module docstring). Keeps its scratch
    arrays between classes, grown to the largest class seen; one call at a time."""

    # the trie, points by length, the shortest word
    cdef object _owner
    cdef const uint32_t *_nodes
    cdef Py_ssize_t _node_count
    cdef int64_t _weights[16]
    cdef int _last_weight
    cdef int _min_length
    # the class: cells, letters per cell, neighbours, split order, key layout
    cdef int _n
    cdef uint8_t _codes[MAX_CELLS][MAX_LETTERS]
    cdef int _letter_count[MAX_CELLS]
    cdef int _nbr_start[MAX_CELLS + 1]
    cdef int _nbr[MAX_CELLS * 8]
    cdef int _order[MAX_CELLS]
    cdef int _position[MAX_CELLS]       # per cell: its split position
    cdef int _shift[MAX_CELLS]          # per cell: where its letter field starts in a key
    cdef int _width[MAX_CELLS]          # per cell: its field's bits
    cdef uint64_t _tail[MAX_CELLS + 1]  # per split position p: the bits of positions >= p
    cdef int _position_of_bit[64]       # the split position whose field holds a bit
    # mixed-radix keys, where bit fields would need more than 64 bits (see _set_class)
    cdef bint _radix
    cdef uint64_t _span[MAX_CELLS + 1]  # per split position p: the product of the radices >= p
    cdef uint64_t _place[MAX_CELLS]     # per cell: the weight of its digit
    cdef uint64_t _radix_of[MAX_CELLS]  # per cell: its letters and one (0: the cell unused)
    cdef int _key_bits                  # the bits a key takes (the sort's passes)
    # records
    cdef uint64_t *_keys
    cdef uint32_t *_words
    cdef uint64_t *_keys_b
    cdef uint32_t *_words_b
    cdef Py_ssize_t _records
    cdef Py_ssize_t _record_room
    cdef Py_ssize_t _keys_room
    cdef Py_ssize_t _words_room
    cdef Py_ssize_t _keys_b_room
    cdef Py_ssize_t _words_b_room
    cdef Py_ssize_t _distinct
    # the tree: sum nodes, then choice nodes
    cdef int32_t *_sum_points
    cdef int32_t *_sum_first
    cdef int32_t *_sum_count
    cdef int32_t *_sum_bound  # the node's points and its choices' bounds: its bound
    cdef Py_ssize_t _sums
    cdef Py_ssize_t _sum_room[4]
    cdef int32_t *_choice_bound
    cdef uint32_t *_choice_mask
    cdef int32_t *_choice_first
    cdef uint8_t *_choice_cell
    cdef Py_ssize_t _choices
    cdef Py_ssize_t _choice_room[4]
    cdef Py_ssize_t _choices_of_cell[MAX_CELLS]
    # the search
    cdef int32_t *_stack
    cdef Py_ssize_t _stack_room
    cdef Py_ssize_t _stack_start[MAX_CELLS]
    cdef Py_ssize_t _stack_len[MAX_CELLS]
    cdef int64_t _stack_sum[MAX_CELLS]
    cdef Py_ssize_t *_saved_len
    cdef int64_t *_saved_sum
    cdef uint8_t _choice_of[MAX_CELLS]
    cdef int64_t _target
    cdef int64_t _switchover            # a tree whose bound is above this is forced ...
    cdef int _force_limit               # ... at split positions below this
    cdef uint8_t *_candidates
    cdef int32_t *_candidate_bounds
    cdef Py_ssize_t _candidate_count
    cdef Py_ssize_t _candidate_room
    cdef Py_ssize_t _candidate_bound_room
    cdef Py_ssize_t _max_candidates
    cdef object _flush                   # takes the candidates when they reach the cap
    cdef bint _has_flush
    cdef Py_ssize_t _flushed
    cdef object _flush_error
    # progress and stopping
    cdef uint64_t _steps
    cdef uint64_t _visits
    cdef object _stop
    cdef bint _has_stop
    cdef int _status
    cdef Py_ssize_t *_counts             # the radix sort's counts

    def __cinit__(self):
        self._keys = NULL
        self._words = NULL
        self._keys_b = NULL
        self._words_b = NULL
        self._sum_points = NULL
        self._sum_first = NULL
        self._sum_count = NULL
        self._sum_bound = NULL
        self._choice_bound = NULL
        self._choice_mask = NULL
        self._choice_first = NULL
        self._choice_cell = NULL
        self._stack = NULL
        self._saved_len = <Py_ssize_t *>malloc(MAX_CELLS * MAX_CELLS * sizeof(Py_ssize_t))
        self._saved_sum = <int64_t *>malloc(MAX_CELLS * MAX_CELLS * sizeof(int64_t))
        self._candidates = NULL
        self._candidate_bounds = NULL
        self._counts = <Py_ssize_t *>malloc(65536 * sizeof(Py_ssize_t))
        if self._saved_len == NULL or self._saved_sum == NULL or self._counts == NULL:
            raise MemoryError()

    def __init__(self, nodes, weights, int min_length):
        """``nodes``: the trie's node array (a buffer of uint32, as array-trie lays it out);
        ``weights``: points by word length (the last for every longer word; at most 16);
        ``min_length``: the shortest word that counts."""
        cdef const uint32_t[::1] view = nodes
        cdef Py_ssize_t size = view.shape[0] // 2
        if size == 0 or view.shape[0] % 2:
            raise ValueError("the trie's array must hold two items per node")
        if size >= (1 << (32 - LENGTH_BITS)):
            raise ValueError(f"a trie of {size:,} nodes is more than the proof's records hold")
        if not 1 <= len(weights) <= 16:
            raise ValueError("points by length: between 1 and 16 entries")
        self._owner = nodes
        self._nodes = &view[0]
        self._node_count = size
        for i, weight in enumerate(weights):
            self._weights[i] = weight
        self._last_weight = len(weights) - 1
        self._min_length = min_length

    def __dealloc__(self):
        self.release()
        free(self._saved_len)
        free(self._saved_sum)
        free(self._counts)

    def release(self):
        """Free the scratch arrays (they grow back on the next class)."""
        free(self._keys)
        free(self._words)
        free(self._keys_b)
        free(self._words_b)
        free(self._sum_points)
        free(self._sum_first)
        free(self._sum_count)
        free(self._sum_bound)
        free(self._choice_bound)
        free(self._choice_mask)
        free(self._choice_first)
        free(self._choice_cell)
        free(self._stack)
        free(self._candidates)
        free(self._candidate_bounds)
        self._keys = self._keys_b = NULL
        self._words = self._words_b = NULL
        self._sum_points = self._sum_first = self._sum_count = self._sum_bound = NULL
        self._choice_bound = self._choice_first = NULL
        self._choice_mask = NULL
        self._choice_cell = NULL
        self._stack = NULL
        self._candidates = NULL
        self._candidate_bounds = NULL
        self._keys_room = self._words_room = self._keys_b_room = self._words_b_room = 0
        self._record_room = 0
        self._sum_room[0] = self._sum_room[1] = self._sum_room[2] = self._sum_room[3] = 0
        self._choice_room[0] = self._choice_room[1] = 0
        self._choice_room[2] = self._choice_room[3] = 0
        self._stack_room = 0
        self._candidate_room = self._candidate_bound_room = 0

    # -- setting up a class ----------------------------------------------------------------

    cdef int _set_class(self, tuple cells, tuple nbrs, tuple order, bint radix) except -1:
        cdef int n = len(cells)
        cdef int i, k, p, cell, bits = 0, total = 0, width
        cdef bytes letters
        if not 1 <= n <= MAX_CELLS or len(nbrs) != n or len(order) != n:
            raise ValueError(f"a class of {n} cells (1 to {MAX_CELLS}), one neighbour list and "
                             "one split position per cell")
        if sorted(order) != list(range(n)):
            raise ValueError("the split order must hold every cell once")
        self._n = n
        for i in range(n):
            letters = cells[i]
            if not 1 <= len(letters) <= MAX_LETTERS:
                raise ValueError(f"cell {i}: between 1 and {MAX_LETTERS} letters")
            for k in range(len(letters)):
                if not 97 <= letters[k] <= 122:
                    raise ValueError(f"cell {i}: letters a-z only")
                self._codes[i][k] = letters[k] - 97
            self._letter_count[i] = len(letters)
            self._nbr_start[i] = total
            for k in nbrs[i]:
                if not 0 <= k < n or k == i or total >= MAX_CELLS * 8:
                    raise ValueError(f"cell {i}: bad neighbour list")
                self._nbr[total] = k
                total += 1
        self._nbr_start[n] = total
        # Fields from the last split position (lowest bits) to the first (highest).
        for p in range(n - 1, -1, -1):
            cell = order[p]
            self._order[p] = cell
            self._position[cell] = p
            width = 0
            while (1 << width) <= self._letter_count[cell]:
                width += 1
            self._width[cell] = width
            self._shift[cell] = bits
            for k in range(bits, bits + width):
                if k < 64:
                    self._position_of_bit[k] = p
            bits += width
        # Bit fields where they fit in 64 bits; else (or when asked) a mixed-radix number, one
        # digit per cell (its letter index plus one), the first split position the most
        # significant: the same order, so the same sort, tree and search.
        self._radix = radix or bits > 64
        self._span[n] = 1
        for p in range(n - 1, -1, -1):
            cell = self._order[p]
            self._radix_of[cell] = self._letter_count[cell] + 1
            self._place[cell] = self._span[p + 1]
            if self._span[p + 1] > 0xFFFFFFFFFFFFFFFF // self._radix_of[cell]:
                raise InputError(
                    f"a class whose letters need more than 64 bits of key even as a mixed-radix "
                    f"number ({bits} as bit fields); choose a partition with fewer letters per "
                    "bucket, or fewer cells"
                )
            self._span[p] = self._span[p + 1] * self._radix_of[cell]
        self._key_bits = bits
        if self._radix:
            self._key_bits = 0
            while self._key_bits < 64 and (self._span[0] - 1) >> self._key_bits:
                self._key_bits += 1
        self._tail[n] = 0
        for p in range(n - 1, -1, -1):
            cell = self._order[p]
            self._tail[p] = 0 if self._radix else self._tail[p + 1] | (
                ((<uint64_t>1 << self._width[cell]) - 1) << self._shift[cell]
            )
        return 0

    cdef inline int _step(self) noexcept nogil:
        """Count one step of the search (a call of :meth:`_search`, or a letter it drops
        before calling), asking ``stop()`` every :data:`POLL_MASK` + 1 steps; -1 when told to
        stop."""
        self._steps += 1
        if (self._steps & POLL_MASK) == 0:
            return self._poll()
        return 0

    cdef inline int _poll(self) noexcept nogil:
        """Ask ``stop()``; -1 (and the STOPPED status) when it says to stop."""
        cdef bint asked
        if not self._has_stop:
            return 0
        with gil:
            try:
                asked = bool(self._stop())
            except BaseException:
                asked = True
        if asked:
            self._status = STOPPED
            return -1
        return 0

    # -- 1. paths --------------------------------------------------------------------------

    cdef int _emit(self, uint64_t key, uint32_t word) noexcept nogil:
        cdef Py_ssize_t n = self._records
        if n >= self._record_room:
            if (grow(<void **>&self._keys, &self._keys_room, n + 1, sizeof(uint64_t)) < 0
                    or grow(<void **>&self._words, &self._words_room, n + 1, sizeof(uint32_t)) < 0):
                self._status = NO_MEMORY
                return -1
            self._record_room = min(self._keys_room, self._words_room)
        self._keys[n] = key
        self._words[n] = word
        self._records = n + 1
        return 0

    cdef void _walk(self, int cell, uint32_t parent, uint64_t used, uint64_t key,
                    int length) noexcept nogil:
        """Extend a path (``used`` cells, letters ``key``, ``length`` letters so far, at trie
        node ``parent``) into ``cell``, with each of its letters."""
        cdef int j, k, nb, size
        cdef unsigned int code
        cdef uint32_t node, mask
        cdef uint64_t here = used | (<uint64_t>1 << cell)
        cdef uint64_t chosen
        self._visits += 1
        if (self._visits & POLL_MASK) == 0 and self._poll() < 0:
            return
        for j in range(self._letter_count[cell]):
            code = self._codes[cell][j]
            node = step(self._nodes, parent, code)
            if node == NONE:
                continue
            size = length + 1
            if code == 16:  # the Qu tile: "q" then "u"
                node = step(self._nodes, node, 20)
                if node == NONE:
                    continue
                size += 1
            if self._radix:
                chosen = key + <uint64_t>(j + 1) * self._place[cell]
            else:
                chosen = key | (<uint64_t>(j + 1) << self._shift[cell])
            mask = self._nodes[2 * node]
            if (mask & TERMINAL) and size >= self._min_length:
                if self._emit(chosen, (node << LENGTH_BITS)
                              | <uint32_t>(size if size < self._last_weight
                                           else self._last_weight)) < 0:
                    return
            if mask & LETTERS:
                for k in range(self._nbr_start[cell], self._nbr_start[cell + 1]):
                    nb = self._nbr[k]
                    if not (here >> nb) & 1:
                        self._walk(nb, node, here, chosen, size)
                        if self._status != OK:
                            return

    # -- 2. sort ---------------------------------------------------------------------------

    cdef int _sort(self, int bits) noexcept nogil:
        """Sort the records by key (LSD radix, 16 bits a pass; stable, words moved along)."""
        cdef Py_ssize_t n = self._records, i, total
        cdef Py_ssize_t *counts = self._counts
        cdef int shift, digit
        cdef uint64_t *keys
        cdef uint32_t *words
        if n < 2:
            return 0
        if (grow(<void **>&self._keys_b, &self._keys_b_room, n, sizeof(uint64_t)) < 0
                or grow(<void **>&self._words_b, &self._words_b_room, n, sizeof(uint32_t)) < 0):
            self._status = NO_MEMORY
            return -1
        shift = 0
        while shift < bits:
            keys = self._keys
            words = self._words
            for digit in range(65536):
                counts[digit] = 0
            for i in range(n):
                counts[(keys[i] >> shift) & 0xFFFF] += 1
            if counts[(keys[0] >> shift) & 0xFFFF] == n:  # one value in this field: in order
                shift += 16
                continue
            total = 0
            for digit in range(65536):
                i = counts[digit]
                counts[digit] = total
                total += i
            for i in range(n):
                digit = (keys[i] >> shift) & 0xFFFF
                self._keys_b[counts[digit]] = keys[i]
                self._words_b[counts[digit]] = words[i]
                counts[digit] += 1
            # the sorted copy becomes the records, the records the spare buffer
            self._keys, self._keys_b = self._keys_b, self._keys
            self._words, self._words_b = self._words_b, self._words
            self._keys_room, self._keys_b_room = self._keys_b_room, self._keys_room
            self._words_room, self._words_b_room = self._words_b_room, self._words_room
            self._record_room = min(self._keys_room, self._words_room)
            shift += 16
        return 0

    # -- 3. tree ---------------------------------------------------------------------------

    cdef Py_ssize_t _new_sums(self, Py_ssize_t count) noexcept nogil:
        """Reserve ``count`` contiguous sum nodes; the first's index, or -1."""
        cdef Py_ssize_t first = self._sums, need = first + count
        if (grow(<void **>&self._sum_points, &self._sum_room[0], need, sizeof(int32_t)) < 0
                or grow(<void **>&self._sum_first, &self._sum_room[1], need, sizeof(int32_t)) < 0
                or grow(<void **>&self._sum_count, &self._sum_room[2], need, sizeof(int32_t)) < 0
                or grow(<void **>&self._sum_bound, &self._sum_room[3], need, sizeof(int32_t)) < 0
                or need > 0x7FFFFFFF):
            self._status = NO_MEMORY
            return -1
        self._sums = need
        return first

    cdef Py_ssize_t _new_choices(self, Py_ssize_t count) noexcept nogil:
        """Reserve ``count`` contiguous choice nodes; the first's index, or -1."""
        cdef Py_ssize_t first = self._choices, need = first + count
        if (grow(<void **>&self._choice_bound, &self._choice_room[0], need, sizeof(int32_t)) < 0
                or grow(<void **>&self._choice_mask, &self._choice_room[1], need,
                        sizeof(uint32_t)) < 0
                or grow(<void **>&self._choice_first, &self._choice_room[2], need,
                        sizeof(int32_t)) < 0
                or grow(<void **>&self._choice_cell, &self._choice_room[3], need,
                        sizeof(uint8_t)) < 0
                or need > 0x7FFFFFFF):
            self._status = NO_MEMORY
            return -1
        self._choices = need
        return first

    cdef int64_t _word_points(self, Py_ssize_t lo, Py_ssize_t hi) noexcept nogil:
        """The points of records ``lo:hi`` (equal keys), each distinct word once."""
        cdef Py_ssize_t i, j
        cdef uint32_t word
        cdef uint32_t *words = self._words
        cdef int64_t points = 0
        # insertion sort: a group holds the words one set of cells and letters spells (few)
        for i in range(lo + 1, hi):
            word = words[i]
            j = i
            while j > lo and words[j - 1] > word:
                words[j] = words[j - 1]
                j -= 1
            words[j] = word
        for i in range(lo, hi):
            if i == lo or words[i] != words[i - 1]:
                points += self._weights[words[i] & ((1 << LENGTH_BITS) - 1)]
                self._distinct += 1
        return points

    cdef inline int _next_position(self, uint64_t key, int fixed) noexcept nogil:
        """The first split position from ``fixed`` on whose cell the key uses (one is)."""
        cdef uint64_t rest
        cdef int q = fixed
        if not self._radix:
            return self._position_of_bit[top_bit(key & self._tail[fixed])]
        rest = key % self._span[fixed]
        while rest < self._place[self._order[q]]:
            q += 1
        return q

    cdef int64_t _build_sum(self, Py_ssize_t node, Py_ssize_t lo, Py_ssize_t hi,
                            int fixed) noexcept nogil:
        """Fill sum node ``node`` from records ``lo:hi``, which agree on split positions before
        ``fixed``; its bound, or -1 on error."""
        cdef uint64_t tail = self._tail[fixed]
        cdef Py_ssize_t i = lo, j, first, g, groups = 0
        cdef Py_ssize_t starts[MAX_CELLS + 1]
        cdef int positions[MAX_CELLS]
        cdef int position
        cdef int64_t total, bound
        if self._radix:
            while i < hi and self._keys[i] % self._span[fixed] == 0:
                i += 1
        else:
            while i < hi and (self._keys[i] & tail) == 0:
                i += 1
        total = self._word_points(lo, i) if i > lo else 0
        # The rest, grouped by the next cell they use (contiguous groups).
        j = i
        while j < hi:
            position = self._next_position(self._keys[j], fixed)
            starts[groups] = j
            positions[groups] = position
            groups += 1
            j += 1
            while j < hi and self._next_position(self._keys[j], fixed) == position:
                j += 1
        starts[groups] = hi
        first = self._new_choices(groups) if groups else 0
        if first < 0:
            return -1
        self._sum_points[node] = <int32_t>total
        self._sum_first[node] = <int32_t>first
        self._sum_count[node] = <int32_t>groups
        for g in range(groups):
            bound = self._build_choice(first + g, starts[g], starts[g + 1], positions[g])
            if bound < 0:
                return -1
            total += bound
        self._sum_bound[node] = <int32_t>total
        return total

    cdef inline int _letter_of(self, uint64_t key, int cell, int shift,
                               uint64_t field) noexcept nogil:
        """The index of the letter the key gives ``cell`` (whose field is ``shift`` and
        ``field`` as bit fields)."""
        if self._radix:
            return <int>((key / self._place[cell]) % self._radix_of[cell]) - 1
        return <int>((key >> shift) & field) - 1

    cdef int64_t _build_choice(self, Py_ssize_t node, Py_ssize_t lo, Py_ssize_t hi,
                               int position) noexcept nogil:
        """Fill choice node ``node`` (the cell at split ``position``) from records ``lo:hi``."""
        cdef int cell = self._order[position]
        cdef int shift = self._shift[cell]
        cdef uint64_t field = (<uint64_t>1 << self._width[cell]) - 1
        cdef Py_ssize_t starts[MAX_LETTERS + 1]
        cdef Py_ssize_t j = lo, first
        cdef int letters = 0, t, letter
        cdef uint32_t mask = 0
        cdef int64_t best = 0, bound
        while j < hi:
            letter = self._letter_of(self._keys[j], cell, shift, field)
            mask |= 1u << letter
            starts[letters] = j
            letters += 1
            j += 1
            while j < hi and self._letter_of(self._keys[j], cell, shift, field) == letter:
                j += 1
        starts[letters] = hi
        first = self._new_sums(letters)
        if first < 0:
            return -1
        self._choice_cell[node] = <uint8_t>cell
        self._choice_mask[node] = mask
        self._choice_first[node] = <int32_t>first
        self._choices_of_cell[cell] += 1
        for t in range(letters):
            bound = self._build_sum(first + t, starts[t], starts[t + 1], position + 1)
            if bound < 0:
                return -1
            if bound > best:
                best = bound
        self._choice_bound[node] = <int32_t>best
        return best

    # -- 4. search -------------------------------------------------------------------------

    cdef int _candidate(self, int64_t bound) noexcept nogil:
        cdef Py_ssize_t n = self._candidate_count
        cdef int p
        if n >= self._max_candidates:
            if not self._has_flush:
                self._status = TOO_MANY
                return -1
            if self._flush_now() < 0:
                return -1
            n = 0
        if (grow(<void **>&self._candidates, &self._candidate_room, (n + 1) * self._n, 1) < 0
                or grow(<void **>&self._candidate_bounds, &self._candidate_bound_room, n + 1,
                        sizeof(int32_t)) < 0):
            self._status = NO_MEMORY
            return -1
        for p in range(self._n):
            self._candidates[n * self._n + self._order[p]] = self._choice_of[p]
        self._candidate_bounds[n] = <int32_t>bound
        self._candidate_count = n + 1
        return 0

    cdef int _flush_now(self) noexcept nogil:
        """Hand the candidates held to ``flush`` (with the GIL) and hold none; -1 (and the
        FLUSH_FAILED status, the exception kept) when it raised."""
        cdef Py_ssize_t n = self._candidate_count
        with gil:
            try:
                self._flush((<char *>self._candidates)[:n * self._n], n)
            except BaseException as exc:
                self._flush_error = exc
                self._status = FLUSH_FAILED
                return -1
        self._flushed += n
        self._candidate_count = 0
        return 0

    cdef void _search(self, int position, int64_t points, int64_t rest) noexcept nogil:
        """Fix the cell at split ``position`` to each of its letters. ``points``: the words
        complete so far; ``rest``: the bounds waiting on this and later cells."""
        cdef int n = self._n, cell, p, c, j, t
        cdef Py_ssize_t s, base, count, child, c2, end, first
        cdef Py_ssize_t *saved_len
        cdef int64_t *saved_sum
        cdef int64_t gained, added, bound, after, need
        cdef int64_t reach[MAX_LETTERS]
        cdef uint32_t bit, mask
        cdef bint pushed
        if self._step() < 0:
            return
        if points + rest < self._target:
            return
        if position == n:
            self._candidate(points + rest)
            return
        cell = self._order[position]
        saved_len = self._saved_len + position * MAX_CELLS
        saved_sum = self._saved_sum + position * MAX_CELLS
        for p in range(position + 1, n):
            c = self._order[p]
            saved_len[c] = self._stack_len[c]
            saved_sum[c] = self._stack_sum[c]
        after = rest - self._stack_sum[cell]
        base = self._stack_start[cell]
        count = self._stack_len[cell]
        # Each letter's bound, as the call for it would find it on entry (its words so far and
        # every bound waiting), in one pass over the cell's choices: a letter below the target
        # costs its step here, with no pushes, call or restore.
        for j in range(self._letter_count[cell]):
            reach[j] = 0
        for s in range(base, base + count):
            c2 = self._stack[s]
            mask = self._choice_mask[c2]
            first = self._choice_first[c2]
            t = 0
            while mask:
                reach[trailing_zeros(mask)] += self._sum_bound[first + t]
                t += 1
                mask &= mask - 1
        need = self._target - points - after
        for j in range(self._letter_count[cell]):
            if reach[j] < need:  # the call would count its step and return
                if self._step() < 0:
                    return
                continue
            bit = 1u << j
            gained = points
            added = 0
            pushed = False
            for s in range(base, base + count):
                c2 = self._stack[s]
                mask = self._choice_mask[c2]
                if not mask & bit:
                    continue
                child = self._choice_first[c2] + popcount(mask & (bit - 1))
                gained += self._sum_points[child]
                end = self._sum_first[child] + self._sum_count[child]
                for c2 in range(self._sum_first[child], end):
                    c = self._choice_cell[c2]
                    self._stack[self._stack_start[c] + self._stack_len[c]] = <int32_t>c2
                    self._stack_len[c] += 1
                    bound = self._choice_bound[c2]
                    self._stack_sum[c] += bound
                    added += bound
                    pushed = True
            self._choice_of[position] = <uint8_t>j
            self._search(position + 1, gained, after + added)
            if self._status != OK:
                return
            if pushed:
                for p in range(position + 1, n):
                    c = self._order[p]
                    self._stack_len[c] = saved_len[c]
                    self._stack_sum[c] = saved_sum[c]

    # -- 5. forcing the top cells (merging) ---------------------------------------------------

    cdef inline void _copy_choice(self, Py_ssize_t dst, Py_ssize_t src) noexcept nogil:
        """Choice node ``dst`` as ``src``, sharing its children."""
        self._choice_cell[dst] = self._choice_cell[src]
        self._choice_mask[dst] = self._choice_mask[src]
        self._choice_first[dst] = self._choice_first[src]
        self._choice_bound[dst] = self._choice_bound[src]

    cdef inline void _copy_sum(self, Py_ssize_t dst, Py_ssize_t src) noexcept nogil:
        """Sum node ``dst`` as ``src``, sharing its children."""
        self._sum_points[dst] = self._sum_points[src]
        self._sum_first[dst] = self._sum_first[src]
        self._sum_count[dst] = self._sum_count[src]
        self._sum_bound[dst] = self._sum_bound[src]

    cdef int64_t _merge_sums(self, Py_ssize_t dst, int64_t a_points, Py_ssize_t a_first,
                             Py_ssize_t a_count, int64_t b_points, Py_ssize_t b_first,
                             Py_ssize_t b_count) noexcept nogil:
        """Fill sum node ``dst`` with the merge of two sum nodes given by their points and
        choice children (each by split position descending): points added, choices of one
        cell merged, the others shared. Its bound, or -1 when out of memory. Every board
        scores the same in the merge as in the two trees together (the paper's lemma), and
        the bound is at most the two bounds' sum."""
        cdef Py_ssize_t i = 0, k = 0, t = 0, united = 0, first
        cdef int pa, pb
        cdef int64_t total = a_points + b_points, bound
        while i < a_count and k < b_count:
            pa = self._position[self._choice_cell[a_first + i]]
            pb = self._position[self._choice_cell[b_first + k]]
            if pa >= pb:
                i += 1
            if pb >= pa:
                k += 1
            united += 1
        united += (a_count - i) + (b_count - k)
        first = self._new_choices(united) if united else 0
        if first < 0:
            return -1
        i = k = 0
        while i < a_count or k < b_count:
            pa = self._position[self._choice_cell[a_first + i]] if i < a_count else -1
            pb = self._position[self._choice_cell[b_first + k]] if k < b_count else -1
            if pa > pb:
                self._copy_choice(first + t, a_first + i)
                total += self._choice_bound[a_first + i]
                i += 1
            elif pb > pa:
                self._copy_choice(first + t, b_first + k)
                total += self._choice_bound[b_first + k]
                k += 1
            else:
                bound = self._merge_choices(first + t, a_first + i, b_first + k)
                if bound < 0:
                    return -1
                total += bound
                i += 1
                k += 1
            t += 1
        self._sum_points[dst] = <int32_t>(a_points + b_points)
        self._sum_first[dst] = <int32_t>first
        self._sum_count[dst] = <int32_t>united
        self._sum_bound[dst] = <int32_t>total
        return total

    cdef int64_t _merge_choices(self, Py_ssize_t dst, Py_ssize_t x, Py_ssize_t y) noexcept nogil:
        """Fill choice node ``dst`` with the merge of ``x`` and ``y`` (one cell): per letter,
        the merge of both children or the one child there is. Its bound, or -1."""
        cdef uint32_t mx = self._choice_mask[x], my = self._choice_mask[y]
        cdef uint32_t rest = mx | my, bit
        cdef Py_ssize_t first, fx, fy, sx, sy, t = 0
        cdef int64_t best = 0, bound
        first = self._new_sums(popcount(rest))
        if first < 0:
            return -1
        fx = self._choice_first[x]
        fy = self._choice_first[y]
        while rest:
            bit = rest & (~rest + 1)
            rest &= rest - 1
            if mx & my & bit:
                sx = fx
                sy = fy
                fx += 1
                fy += 1
                bound = self._merge_sums(
                    first + t, self._sum_points[sx], self._sum_first[sx], self._sum_count[sx],
                    self._sum_points[sy], self._sum_first[sy], self._sum_count[sy])
                if bound < 0:
                    return -1
            elif mx & bit:
                self._copy_sum(first + t, fx)
                bound = self._sum_bound[fx]
                fx += 1
            else:
                self._copy_sum(first + t, fy)
                bound = self._sum_bound[fy]
                fy += 1
            if bound > best:
                best = bound
            t += 1
        self._choice_cell[dst] = self._choice_cell[x]
        self._choice_mask[dst] = mx | my
        self._choice_first[dst] = <int32_t>first
        self._choice_bound[dst] = <int32_t>best
        return best

    cdef void _attack(self, Py_ssize_t root, int position) noexcept nogil:
        """Fix the cells from split ``position`` on, in the tree under sum node ``root`` (whose
        choices are all of later cells): while its bound is above the switchover and cells are
        left to force, force the cell at ``position`` to each of its letters by merging (one
        smaller tree per letter, counted as one step), else search it (:meth:`_search`)."""
        cdef int64_t bound = self._sum_bound[root], points = self._sum_points[root]
        cdef Py_ssize_t first = self._sum_first[root], count = self._sum_count[root]
        cdef Py_ssize_t top = -1, k, forced, child, sums, choices
        cdef int cell, j, p, c
        cdef uint32_t mask, bit
        if (bound < self._target or bound <= self._switchover
                or position >= self._force_limit or position >= self._n):
            for k in range(first, first + count):
                c = self._choice_cell[k]
                self._stack[self._stack_start[c] + self._stack_len[c]] = <int32_t>k
                self._stack_len[c] += 1
                self._stack_sum[c] += self._choice_bound[k]
            self._search(position, points, bound - points)
            for p in range(position, self._n):
                c = self._order[p]
                self._stack_len[c] = 0
                self._stack_sum[c] = 0
            return
        if self._step() < 0:
            return
        cell = self._order[position]
        if count and self._choice_cell[first + count - 1] == cell:
            top = first + count - 1  # the earliest cell's choice comes last
        for j in range(self._letter_count[cell]):
            sums = self._sums
            choices = self._choices
            self._choice_of[position] = <uint8_t>j
            forced = root
            if top >= 0:
                forced = self._new_sums(1)
                if forced < 0:
                    return
                mask = self._choice_mask[top]
                bit = 1u << j
                if mask & bit:
                    child = self._choice_first[top] + popcount(mask & (bit - 1))
                    if self._merge_sums(forced, self._sum_points[child], self._sum_first[child],
                                        self._sum_count[child], points, first,
                                        count - 1) < 0:
                        return
                else:  # no word uses the letter here: the tree without the cell's choice
                    self._sum_points[forced] = <int32_t>points
                    self._sum_first[forced] = <int32_t>first
                    self._sum_count[forced] = <int32_t>(count - 1)
                    self._sum_bound[forced] = <int32_t>(bound - self._choice_bound[top])
            self._attack(forced, position + 1)
            self._sums = sums
            self._choices = choices
            if self._status != OK:
                return

    # -- the whole ---------------------------------------------------------------------------

    def run(self, tuple cells, tuple nbrs, tuple order, long long target,
            Py_ssize_t max_candidates=1_000_000, stop=None, long long switchover=-1,
            int force_limit=0, bint radix_keys=False, flush=None):
        """The class whose cell ``i`` may hold any letter of ``cells[i]`` (bytes, a-z; ``q`` is
        the Qu tile): build its tree, and unless its bound is below ``target``, search it.

        ``nbrs``: each cell's neighbours; ``order``: the split order (every cell once). Returns
        ``(paths, distinct, sum_nodes, choice_nodes, bound, steps, candidates, flushed)``, where
        ``candidates`` lists ``(bound, letters)`` for every board whose tree bound reaches the
        target (``letters``: per cell the index of its letter in ``cells[i]``), or None when
        ``stop()`` said to stop. ``max_candidates`` are held at most: with ``flush``, those
        held are handed to ``flush(letters, count)`` (``count`` boards' letters, end to end)
        each time the cap is reached, and the tuple's last item counts the boards handed so
        (they are not in ``candidates``); without, more raise :class:`InputError`.

        ``switchover`` and ``force_limit``: a (sub)tree whose bound is above ``switchover`` is
        forced (split by merging, :meth:`_attack`) while fewer than ``force_limit`` cells are
        fixed; the defaults force nothing. Forcing changes the steps, never the candidates.
        ``radix_keys``: keep the records' keys as mixed-radix numbers even where bit fields fit
        (they are used anyway where bit fields would need more than 64 bits); the outcome is the
        same."""
        cdef int cell, i, bits
        cdef Py_ssize_t k, root, total, sums = 0, choices = 0
        cdef int64_t bound = -1
        self._set_class(cells, nbrs, order, radix_keys)
        self._stop = stop
        self._has_stop = stop is not None
        self._status = OK
        self._records = 0
        self._distinct = 0
        self._sums = 0
        self._choices = 0
        self._steps = 0
        self._visits = 0
        self._candidate_count = 0
        self._max_candidates = max_candidates
        self._flush = flush
        self._has_flush = flush is not None
        self._flushed = 0
        self._flush_error = None
        self._target = target
        self._switchover = switchover if switchover >= 0 else (<int64_t>1 << 62)
        self._force_limit = force_limit
        bits = self._key_bits
        for i in range(self._n):
            self._choices_of_cell[i] = 0
        try:
            with nogil:
                for cell in range(self._n):
                    self._walk(cell, 0, 0, 0, 0)
                    if self._status != OK:
                        break
                if self._status == OK:
                    self._sort(bits)
                if self._status == OK:
                    root = self._new_sums(1)
                    bound = self._build_sum(root, 0, self._records, 0) if root >= 0 else -1
                if self._status == OK:
                    total = 0
                    for cell in range(self._n):
                        self._stack_start[cell] = total
                        self._stack_len[cell] = 0
                        self._stack_sum[cell] = 0
                        total += self._choices_of_cell[cell]
                    if grow(<void **>&self._stack, &self._stack_room, total + 1,
                            sizeof(int32_t)) < 0:
                        self._status = NO_MEMORY
                sums = self._sums
                choices = self._choices
                if self._status == OK and bound >= target:
                    self._attack(0, 0)
        finally:
            self._stop = None
            self._has_stop = False
            self._flush = None
            self._has_flush = False
        if self._status == FLUSH_FAILED:
            error, self._flush_error = self._flush_error, None
            raise error
        if self._status == NO_MEMORY:
            raise MemoryError()
        if self._status == STOPPED:
            return None
        if self._status == TOO_MANY:
            raise InputError(
                f"more than {max_candidates:,} boards of one class may reach the target "
                f"{target:,}: too low a target for a proof"
            )
        found = []
        for k in range(self._candidate_count):
            found.append((self._candidate_bounds[k],
                          (<char *>self._candidates)[k * self._n:(k + 1) * self._n]))
        return (self._records, self._distinct, sums, choices, bound, self._steps, found,
                self._flushed)
