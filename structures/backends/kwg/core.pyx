# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The compiled core of ``kwg``: its builder, its queries and its stepping.

:func:`build_nodes` is :func:`structures.backends.kwg.build.build_nodes` (read there what it
does, step by step) with the states in C arrays, interned in an open-addressing table, and the
GADDAG strings generated and sorted in C: the same array, node for node, in a fraction of the
time. :class:`KwgCore` answers the protocol's queries over the array through a C pointer, making no
Python object per step. Nothing here knows a game.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport qsort
from libc.string cimport memcpy, memset

from array import array

from lexibench.structures.backends.kwg.nodes cimport ACCEPTS, ARC, IS_END, TILE_SHIFT
from lexibench.structures.backends.kwg.nodes cimport find as find_in_list

cdef enum:
    LETTERS = 26
    FRAME = 32          # room for one sibling list: tiles 0-26
    MAX_NODES = 0x400000


# --- the builder ---------------------------------------------------------------------------

cdef struct States:
    uint64_t *keys      # per state: tile | accepts << 8 | arc << 9 | next << 36; keys[0] = 0
    size_t count
    size_t room
    uint32_t *table     # open addressing over state ids (0: empty slot)
    size_t mask


cdef inline uint32_t key_tile(uint64_t key) noexcept nogil:
    return <uint32_t>(key & 0xFF)


cdef inline uint32_t key_accepts(uint64_t key) noexcept nogil:
    return <uint32_t>((key >> 8) & 1)


cdef inline uint32_t key_arc(uint64_t key) noexcept nogil:
    return <uint32_t>((key >> 9) & ((1 << 27) - 1))


cdef inline uint32_t key_next(uint64_t key) noexcept nogil:
    return <uint32_t>(key >> 36)


cdef inline size_t slot_of(uint64_t key, size_t mask) noexcept nogil:
    return <size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask


cdef int states_init(States *st) except -1:
    st.room = 1 << 16
    st.keys = <uint64_t *>PyMem_Malloc(st.room * sizeof(uint64_t))
    st.mask = (1 << 17) - 1
    st.table = <uint32_t *>PyMem_Malloc((st.mask + 1) * sizeof(uint32_t))
    if st.keys == NULL or st.table == NULL:
        raise MemoryError()
    memset(st.table, 0, (st.mask + 1) * sizeof(uint32_t))
    st.keys[0] = 0
    st.count = 1
    return 0


cdef void states_free(States *st) noexcept:
    PyMem_Free(st.keys)
    PyMem_Free(st.table)
    st.keys = NULL
    st.table = NULL


cdef int states_grow_table(States *st) except -1:
    cdef size_t new_mask = st.mask * 2 + 1
    cdef uint32_t *table = <uint32_t *>PyMem_Malloc((new_mask + 1) * sizeof(uint32_t))
    cdef size_t i, h
    if table == NULL:
        raise MemoryError()
    memset(table, 0, (new_mask + 1) * sizeof(uint32_t))
    for i in range(1, st.count):
        h = slot_of(st.keys[i], new_mask)
        while table[h]:
            h = (h + 1) & new_mask
        table[h] = <uint32_t>i
    PyMem_Free(st.table)
    st.table = table
    st.mask = new_mask
    return 0


cdef uint32_t intern(States *st, uint64_t key) except 0:
    """The id of the state ``key``, made if new."""
    cdef size_t h = slot_of(key, st.mask)
    cdef uint32_t found
    cdef uint64_t *keys
    while True:
        found = st.table[h]
        if found == 0:
            break
        if st.keys[found] == key:
            return found
        h = (h + 1) & st.mask
    if st.count >= (1 << 27) - 1:
        raise OverflowError("kwg: too many states")
    if st.count == st.room:
        keys = <uint64_t *>PyMem_Realloc(st.keys, st.room * 2 * sizeof(uint64_t))
        if keys == NULL:
            raise MemoryError()
        st.keys = keys
        st.room *= 2
    found = <uint32_t>st.count
    st.keys[found] = key
    st.count += 1
    st.table[h] = found
    if st.count * 2 > st.mask:
        states_grow_table(st)
    return found


cdef struct Frames:
    uint8_t *tile       # per depth, FRAME transitions
    uint8_t *accepts
    uint32_t *arc
    int *size           # per depth: transitions pending
    int depth           # depths in use


cdef int make_list(States *st, Frames *fr, int depth, uint32_t *first) except -1:
    """Intern the pending list at ``depth`` from its last transition; its first state."""
    cdef uint32_t following = 0
    cdef int i
    cdef size_t base = <size_t>depth * FRAME
    cdef uint64_t key
    for i in range(fr.size[depth] - 1, -1, -1):
        key = (<uint64_t>fr.tile[base + i] | (<uint64_t>fr.accepts[base + i] << 8)
               | (<uint64_t>fr.arc[base + i] << 9) | (<uint64_t>following << 36))
        following = intern(st, key)
    first[0] = following
    return 0


cdef int type_strings(States *st, const uint8_t *blob, Py_ssize_t stride, const uint32_t *lengths,
                      const uint32_t *order, const uint32_t *targets, Py_ssize_t n,
                      int max_length, uint32_t *root) except -1:
    """Type the strings ``blob[order[i] * stride :]`` (sorted by ``order``) into ``st``; see
    ``build.py``'s ``_type``. ``targets``: NULL, or per string the arc of its last transition."""
    cdef Frames fr
    cdef Py_ssize_t i
    cdef const uint8_t *s
    cdef const uint8_t *previous = NULL
    cdef uint32_t length, previous_length = 0, target, child
    cdef int common, limit, depth, k
    cdef size_t base
    fr.tile = <uint8_t *>PyMem_Malloc((max_length + 1) * FRAME)
    fr.accepts = <uint8_t *>PyMem_Malloc((max_length + 1) * FRAME)
    fr.arc = <uint32_t *>PyMem_Malloc((max_length + 1) * FRAME * sizeof(uint32_t))
    fr.size = <int *>PyMem_Malloc((max_length + 1) * sizeof(int))
    fr.depth = 0
    try:
        if fr.tile == NULL or fr.accepts == NULL or fr.arc == NULL or fr.size == NULL:
            raise MemoryError()
        for i in range(n):
            s = blob + <size_t>order[i] * stride
            length = lengths[order[i]]
            common = 0
            limit = <int>(previous_length if previous_length < length else length)
            while common < limit and previous[common] == s[common]:
                common += 1
            while fr.depth > common + 1:
                make_list(st, &fr, fr.depth - 1, &child)
                fr.depth -= 1
                fr.arc[<size_t>(fr.depth - 1) * FRAME + fr.size[fr.depth - 1] - 1] = child
            for depth in range(common, <int>length):
                if depth >= fr.depth:
                    fr.size[depth] = 0
                    fr.depth = depth + 1
                k = fr.size[depth]
                if k >= FRAME:
                    raise ValueError("kwg: a sibling list of more than 32 tiles")
                base = <size_t>depth * FRAME + k
                fr.tile[base] = s[depth]
                fr.accepts[base] = 0
                fr.arc[base] = 0
                fr.size[depth] = k + 1
            base = <size_t>(fr.depth - 1) * FRAME + fr.size[fr.depth - 1] - 1
            target = targets[order[i]] if targets != NULL else 0
            if target:
                fr.arc[base] = target
            else:
                fr.accepts[base] = 1
            previous = s
            previous_length = length
        while fr.depth > 1:
            make_list(st, &fr, fr.depth - 1, &child)
            fr.depth -= 1
            fr.arc[<size_t>(fr.depth - 1) * FRAME + fr.size[fr.depth - 1] - 1] = child
        if fr.depth:
            make_list(st, &fr, 0, root)
        else:
            root[0] = 0
    finally:
        PyMem_Free(fr.tile)
        PyMem_Free(fr.accepts)
        PyMem_Free(fr.arc)
        PyMem_Free(fr.size)
    return 0


cdef inline uint32_t find_state(States *st, uint32_t first, uint32_t tile) noexcept nogil:
    cdef uint32_t state = first
    while state and key_tile(st.keys[state]) != tile:
        state = key_next(st.keys[state])
    return state


# qsort has no context argument: the strings being sorted (one sort at a time, under the GIL)
cdef const uint8_t *sort_blob
cdef Py_ssize_t sort_stride
cdef const uint32_t *sort_lengths


cdef int compare_strings(const void *a, const void *b) noexcept nogil:
    cdef uint32_t i = (<const uint32_t *>a)[0]
    cdef uint32_t j = (<const uint32_t *>b)[0]
    cdef const uint8_t *x = sort_blob + <size_t>i * sort_stride
    cdef const uint8_t *y = sort_blob + <size_t>j * sort_stride
    cdef uint32_t m = sort_lengths[i], n = sort_lengths[j], k = 0
    cdef uint32_t limit = m if m < n else n
    while k < limit:
        if x[k] != y[k]:
            return -1 if x[k] < y[k] else 1
        k += 1
    return -1 if m < n else (1 if m > n else 0)


cdef int layout(States *st, uint32_t dawg_root, uint32_t gaddag_root, object out) except -1:
    """Append the node array to ``out`` (an ``array('I')``); see ``build.py``'s ``_layout``."""
    cdef size_t count = st.count, s, total = 2
    cdef uint8_t *head = <uint8_t *>PyMem_Malloc(count)
    cdef uint32_t *position = <uint32_t *>PyMem_Malloc(count * sizeof(uint32_t))
    cdef uint32_t *order = NULL
    cdef size_t placed = 0, room = count + 16
    cdef uint32_t state, arc
    cdef uint32_t *tmp
    cdef uint32_t[::1] view
    cdef uint64_t key
    try:
        if head == NULL or position == NULL:
            raise MemoryError()
        memset(head, 0, count)
        memset(position, 0, count * sizeof(uint32_t))
        for s in range(1, count):
            head[key_arc(st.keys[s])] = 1
        head[dawg_root] = 1
        head[gaddag_root] = 1
        head[0] = 0
        order = <uint32_t *>PyMem_Malloc(room * sizeof(uint32_t))
        if order == NULL:
            raise MemoryError()
        for s in range(count - 1, 0, -1):
            if not head[s] or position[s]:
                continue
            state = <uint32_t>s
            while state:
                if not position[state]:
                    position[state] = <uint32_t>(2 + placed)
                if placed == room:
                    room *= 2
                    tmp = <uint32_t *>PyMem_Realloc(order, room * sizeof(uint32_t))
                    if tmp == NULL:
                        raise MemoryError()
                    order = tmp
                order[placed] = state
                placed += 1
                if 2 + placed > MAX_NODES:
                    raise OverflowError(
                        f"kwg: more than {MAX_NODES:,} nodes do not fit its 22-bit arc index"
                    )
                state = key_next(st.keys[state])
        total = 2 + placed
        out.frombytes(bytes(total * 4))
        view = out
        view[0] = IS_END | position[dawg_root]
        view[1] = IS_END | position[gaddag_root]
        for s in range(placed):
            key = st.keys[order[s]]
            arc = key_arc(key)
            view[2 + s] = ((key_tile(key) << TILE_SHIFT) | (ACCEPTS if key_accepts(key) else 0)
                           | (0 if key_next(key) else IS_END) | (position[arc] & ARC))
    finally:
        PyMem_Free(head)
        PyMem_Free(position)
        PyMem_Free(order)
    return 0


cdef int type_dawg(States *st, list strings, Py_ssize_t max_length, uint32_t *root) except -1:
    """Type ``strings`` (sorted, distinct ``bytes``, none longer than ``max_length``) into
    ``st``, their DAWG's first state in ``root``: each copied to a record of its own, then
    :func:`type_strings` in their order."""
    cdef Py_ssize_t n = len(strings), i, stride = max_length if max_length else 1
    cdef bytes string
    cdef uint8_t *blob = <uint8_t *>PyMem_Malloc((n if n else 1) * stride)
    cdef uint32_t *lengths = <uint32_t *>PyMem_Malloc((n if n else 1) * sizeof(uint32_t))
    cdef uint32_t *order = <uint32_t *>PyMem_Malloc((n if n else 1) * sizeof(uint32_t))
    try:
        if blob == NULL or lengths == NULL or order == NULL:
            raise MemoryError()
        for i in range(n):
            string = strings[i]
            memcpy(blob + i * stride, <const uint8_t *>string, len(string))
            lengths[i] = <uint32_t>len(string)
            order[i] = <uint32_t>i
        type_strings(st, blob, stride, lengths, order, NULL, n, <int>max_length, root)
    finally:
        PyMem_Free(blob)
        PyMem_Free(lengths)
        PyMem_Free(order)
    return 0


def dawg_nodes(list strings):
    """A node array whose node 0 points at the DAWG of ``strings`` (sorted, distinct ``bytes``,
    each a non-empty string of tiles 0-26, tile 0 a tile like any other: no GADDAG) and node 1
    at nothing, as ``build.py``'s ``dawg_nodes`` lays it out. Returns an ``array('I')``."""
    cdef Py_ssize_t max_length = 0
    cdef bytes string
    cdef States st
    cdef uint32_t root = 0
    for string in strings:
        if len(string) > max_length:
            max_length = len(string)
    states_init(&st)
    try:
        type_dawg(&st, strings, max_length, &root)
        out = array("I")
        layout(&st, root, 0, out)
        return out
    finally:
        states_free(&st)


def build_nodes(list words):
    """The KWG of ``words``: distinct, sorted ``bytes``, each a non-empty string of tiles 1-26
    (see ``build.py``). Returns an ``array('I')``."""
    global sort_blob, sort_stride, sort_lengths
    cdef Py_ssize_t n = len(words), i, j, k, first_new, common, limit
    cdef Py_ssize_t max_length = 0, total = 0, records = 0, r
    cdef bytes word, previous
    cdef const uint8_t *w
    cdef const uint8_t *p
    cdef States st
    cdef uint8_t *blob = NULL
    cdef uint32_t *lengths = NULL
    cdef uint32_t *order = NULL
    cdef uint32_t *targets = NULL
    cdef uint32_t dawg_root = 0, gaddag_root = 0, node
    cdef Py_ssize_t stride
    for word in words:
        if len(word) > max_length:
            max_length = len(word)
        total += len(word)
    stride = max_length if max_length else 1
    states_init(&st)
    try:
        type_dawg(&st, words, max_length, &dawg_root)
        # the GADDAG strings: each word reversed; rev(p) + separator for each new proper prefix
        records = 0
        previous = b""
        for i in range(n):
            word = words[i]
            common = 0
            limit = min(len(previous), len(word))
            w = <const uint8_t *>word
            p = <const uint8_t *>previous
            while common < limit and p[common] == w[common]:
                common += 1
            first_new = min(common, len(previous) - 1) + 1 if len(previous) else 1
            records += 1 + max(0, len(word) - first_new)
            previous = word
        blob = <uint8_t *>PyMem_Malloc((records if records else 1) * stride)
        lengths = <uint32_t *>PyMem_Malloc((records if records else 1) * sizeof(uint32_t))
        order = <uint32_t *>PyMem_Malloc((records if records else 1) * sizeof(uint32_t))
        targets = <uint32_t *>PyMem_Malloc((records if records else 1) * sizeof(uint32_t))
        if blob == NULL or lengths == NULL or order == NULL or targets == NULL:
            raise MemoryError()
        r = 0
        previous = b""
        for i in range(n):
            word = words[i]
            w = <const uint8_t *>word
            p = <const uint8_t *>previous
            common = 0
            limit = min(len(previous), len(word))
            while common < limit and p[common] == w[common]:
                common += 1
            first_new = min(common, len(previous) - 1) + 1 if len(previous) else 1
            for j in range(len(word)):
                blob[r * stride + j] = w[len(word) - 1 - j]
            lengths[r] = <uint32_t>len(word)
            targets[r] = 0
            r += 1
            node = dawg_root
            for k in range(1, len(word)):
                node = key_arc(st.keys[find_state(&st, node, w[k - 1])])
                if k >= first_new:
                    for j in range(k):
                        blob[r * stride + j] = w[k - 1 - j]
                    blob[r * stride + k] = 0
                    lengths[r] = <uint32_t>(k + 1)
                    targets[r] = node
                    r += 1
            previous = word
        for r in range(records):
            order[r] = <uint32_t>r
        sort_blob = blob
        sort_stride = stride
        sort_lengths = lengths
        qsort(order, records, sizeof(uint32_t), compare_strings)
        sort_blob = NULL
        sort_lengths = NULL
        type_strings(&st, blob, stride, lengths, order, targets, records, <int>max_length,
                     &gaddag_root)
        out = array("I")
        layout(&st, dawg_root, gaddag_root, out)
        return out
    finally:
        PyMem_Free(blob)
        PyMem_Free(lengths)
        PyMem_Free(order)
        PyMem_Free(targets)
        states_free(&st)


# --- the queries ---------------------------------------------------------------------------

cdef inline int tile_of(Py_UCS4 ch) noexcept nogil:
    """a-z: 1-26; the GADDAG separator '@': 0; anything else: -1."""
    if 97 <= ch <= 122:
        return <int>ch - 96
    if ch == 64:
        return 0
    return -1


cdef inline Py_ssize_t find(const uint32_t *nodes, Py_ssize_t node, int tile) noexcept nogil:
    """The child of ``node`` by ``tile`` (the index of its node), or -1."""
    cdef uint32_t found = 0
    if tile >= 0:
        found = find_in_list(nodes, nodes[node] & ARC, <uint32_t>tile)
    return found if found else -1


cdef bint _laid_out_in_lists(const uint32_t *nodes, Py_ssize_t size) noexcept nogil:
    """Whether the whole array is sibling lists laid end to end, as every KWG writer lays it
    (wolges, MAGPIE, this package): every arc inside it (and not node 1), every tile 0-26 past
    the roots, and every node but a list's last followed by one of a higher tile. Then every
    list an arc points at passes :func:`check_nodes`'s walk, so that walk is spared: one pass,
    no branch a node (the flags OR-ed together)."""
    cdef Py_ssize_t i
    cdef uint32_t node, bad = 0
    for i in range(2, size - 1):
        node = nodes[i]
        bad |= <uint32_t>((node >> TILE_SHIFT) > LETTERS)
        bad |= <uint32_t>((node & ARC) >= <uint32_t>size) | <uint32_t>((node & ARC) == 1)
        bad |= (<uint32_t>((node & IS_END) == 0)
                & <uint32_t>((nodes[i + 1] >> TILE_SHIFT) <= (node >> TILE_SHIFT)))
    node = nodes[size - 1]
    bad |= <uint32_t>((node >> TILE_SHIFT) > LETTERS) | <uint32_t>(not (node & IS_END))
    bad |= <uint32_t>((node & ARC) >= <uint32_t>size) | <uint32_t>((node & ARC) == 1)
    for i in range(2):
        bad |= <uint32_t>((nodes[i] & ARC) >= <uint32_t>size) | <uint32_t>((nodes[i] & ARC) == 1)
    return bad == 0


def check_nodes(nodes):
    """:func:`structures.backends.kwg.walk.check_nodes` in C (the same checks, the same
    messages). An array laid out as every KWG writer lays it (:func:`_laid_out_in_lists`) is
    checked in one pass; any other gets the walk of each list, which accepts and refuses
    exactly what the interpreted check does."""
    cdef const uint32_t[::1] view = nodes
    cdef Py_ssize_t size = view.shape[0], index, start
    cdef uint32_t node, tile, arc
    cdef int previous
    cdef uint8_t *starts
    if size < 2 or size > MAX_NODES:
        raise ValueError(f"kwg: {size} nodes (at least the 2 roots, at most {MAX_NODES:,})")
    for index in range(2):
        node = view[index]
        if node >> TILE_SHIFT or node & ACCEPTS or not node & IS_END:
            raise ValueError(f"kwg: node {index} is not a root pointer")
    if size > 2 and _laid_out_in_lists(&view[0], size):
        return
    starts = <uint8_t *>PyMem_Malloc(size)
    if starts == NULL:
        raise MemoryError()
    try:
        memset(starts, 0, size)
        for index in range(size):
            node = view[index]
            tile = node >> TILE_SHIFT
            if index >= 2 and tile > LETTERS:
                raise ValueError(f"kwg: node {index} holds tile {tile} (at most {LETTERS})")
            arc = node & ARC
            if arc >= size or arc == 1:
                raise ValueError(f"kwg: node {index} points outside the array")
            starts[arc] = 1
        for start in range(2, size):
            if not starts[start]:
                continue
            index = start
            previous = -1
            while True:
                if index >= size:
                    raise ValueError(
                        f"kwg: the list at node {start} runs past the end of the array"
                    )
                tile = view[index] >> TILE_SHIFT
                if <int>tile <= previous:
                    raise ValueError(
                        f"kwg: the list at node {start} is not in ascending tile order"
                    )
                previous = <int>tile
                if view[index] & IS_END:
                    break
                index += 1
    finally:
        PyMem_Free(starts)


cdef class KwgCore:
    """Queries and stepping over the node array (see ``walk.py``'s ``PythonCore``), in C.

    Cost: ``is_word`` and ``has_prefix`` O(|s| x siblings scanned), no allocation; ``child``
    O(siblings); ``is_terminal`` O(1).
    """

    cdef object _owner
    cdef const uint32_t *_data
    cdef Py_ssize_t _size
    cdef Py_ssize_t _count
    cdef Py_ssize_t _root

    def _attach(self, nodes, Py_ssize_t count, Py_ssize_t root):
        """Use ``nodes`` (a buffer of uint32, checked here: the walks trust it), holding
        ``count`` strings, read from pointer node ``root`` (0 or 1)."""
        cdef const uint32_t[::1] view = nodes
        check_nodes(nodes)
        if root not in (0, 1):
            raise ValueError("kwg: the root is node 0 or node 1")
        self._owner = nodes
        self._data = &view[0]
        self._size = view.shape[0]
        self._count = count
        self._root = root

    def _node_array(self):
        """The buffer given to :meth:`_attach` (for saving it)."""
        return self._owner

    def __len__(self):
        return self._count

    cdef inline Py_ssize_t _walk(self, str s):
        cdef Py_ssize_t node = self._root
        cdef Py_UCS4 ch
        for ch in s:
            node = find(self._data, node, tile_of(ch))
            if node < 0:
                return -1
        return node

    def is_word(self, str s):
        """True when ``s`` is stored: the walk ends on an accepting node."""
        cdef Py_ssize_t node = self._walk(s)
        return node >= 2 and (self._data[node] & ACCEPTS) != 0

    def has_prefix(self, str s):
        """True when a stored string starts with ``s``."""
        cdef Py_ssize_t node = self._walk(s)
        return node >= 2 or (node >= 0 and (self._data[node] & ARC) != 0)

    def root(self):
        """The root pointer node: 0 (the words) or 1 (the GADDAG strings)."""
        return self._root

    def child(self, Py_ssize_t node, str letter):
        """The node after ``letter`` (one character), or None."""
        cdef Py_ssize_t found
        if len(letter) != 1 or node < 0 or node >= self._size:
            return None
        found = find(self._data, node, tile_of(letter[0]))
        return None if found < 0 else found

    def is_terminal(self, Py_ssize_t node):
        """True when the string leading to ``node`` is stored (never for a root)."""
        return 2 <= node < self._size and (self._data[node] & ACCEPTS) != 0

    def count_from(self, Py_ssize_t start, long long limit):
        """How many strings the array accepts from the sibling list at ``start`` (0: none):
        :meth:`measure_from`'s count (at most 2^55, and as many letters)."""
        return self.measure_from(start, min(limit, 1LL << 55), 1LL << 55)[0]

    def measure_from(self, Py_ssize_t start, long long max_strings, long long max_letters):
        """``(strings, letters, longest)`` the array accepts from the sibling list at ``start``
        (0: none): how many strings, their letters in all, the longest's length. Memoized by
        list, depth first with one frame per list on the current path (so at most one per
        list): O(nodes) however many strings there are (``walk.measure_strings`` in C).
        ``ValueError`` for a list reachable from itself (a cycle), a node that leads to no
        string, or more than ``max_strings`` strings or ``max_letters`` letters."""
        cdef Py_ssize_t size = self._size, top = 0, first, index, end
        cdef uint32_t arc, v
        cdef long long count, letters, longest, through
        cdef long long *memo = NULL
        cdef uint8_t *state = NULL  # 0: not seen, 1: on the current path, 2: measured
        cdef Py_ssize_t *frame_first = NULL
        cdef Py_ssize_t *frame_at = NULL
        cdef bint descended
        if max_strings > (1LL << 55) or max_letters > (1LL << 55):
            raise ValueError("kwg: a bound above 2^55 (the sums could overflow)")
        if start <= 0 or start >= size:
            return 0, 0, 0
        memo = <long long *>PyMem_Malloc(3 * size * sizeof(long long))
        state = <uint8_t *>PyMem_Malloc(size)
        frame_first = <Py_ssize_t *>PyMem_Malloc((size + 1) * sizeof(Py_ssize_t))
        frame_at = <Py_ssize_t *>PyMem_Malloc((size + 1) * sizeof(Py_ssize_t))
        try:
            if memo == NULL or state == NULL or frame_first == NULL or frame_at == NULL:
                raise MemoryError()
            memset(state, 0, size)
            frame_first[0] = frame_at[0] = start
            state[start] = 1
            while top >= 0:
                first = frame_first[top]
                index = frame_at[top]
                descended = False
                while True:  # the next list below this one not yet measured: go down to it
                    arc = self._data[index] & ARC
                    if arc and state[arc] != 2:
                        if state[arc] == 1:
                            raise ValueError(
                                f"kwg: the list at node {arc} is reachable from itself"
                            )
                        frame_at[top] = index
                        top += 1
                        frame_first[top] = frame_at[top] = arc
                        state[arc] = 1
                        descended = True
                        break
                    if self._data[index] & IS_END:
                        break
                    index += 1
                if descended:
                    continue
                count = letters = longest = 0  # every list below is measured: measure this one
                index = first
                while True:
                    v = self._data[index]
                    arc = v & ARC
                    through = (1 if v & ACCEPTS else 0) + (memo[3 * arc] if arc else 0)
                    if through == 0:
                        raise ValueError(f"kwg: node {index} leads to no string")
                    count += through
                    letters += through + (memo[3 * arc + 1] if arc else 0)
                    if arc and memo[3 * arc + 2] + 1 > longest:
                        longest = memo[3 * arc + 2] + 1
                    elif longest < 1:
                        longest = 1
                    if v & IS_END:
                        break
                    index += 1
                if count > max_strings:
                    raise ValueError(f"kwg: more than {max_strings:,} strings")
                if letters > max_letters:
                    raise ValueError(f"kwg: more than {max_letters:,} letters in its strings")
                memo[3 * first] = count
                memo[3 * first + 1] = letters
                memo[3 * first + 2] = longest
                state[first] = 2
                top -= 1
            return memo[3 * start], memo[3 * start + 1], memo[3 * start + 2]
        finally:
            PyMem_Free(memo)
            PyMem_Free(state)
            PyMem_Free(frame_first)
            PyMem_Free(frame_at)

    def holds_gaddag_of_words(self, Py_ssize_t longest):
        """Whether node 1's list accepts every GADDAG string of node 0's words (for a word of n
        letters, ``rev(w[:i]) @ w[i:]`` for i from 1 to n-1, and ``rev(w)``). With node 1's
        strings counted equal to the words' letters (one string per letter), that makes the two
        sets equal. ``longest``: the longest word (measured). O(letters x length) look-ups."""
        cdef DawgWords walk
        cdef Py_ssize_t n, i, k
        cdef uint32_t node
        if longest <= 0 or not self._data[0] & ARC:
            return True
        if not self._data[1] & ARC:
            return False
        dawg_words_begin(&walk, self._data, longest)
        try:
            while True:
                n = dawg_words_next(&walk)
                if n == 0:
                    return True
                for i in range(1, n + 1):  # the string split after i letters
                    node = 1
                    for k in range(i - 1, -1, -1):
                        node = find_in_list(self._data, self._data[node] & ARC, walk.word[k])
                        if node == 0:
                            return False
                    if i < n:
                        node = find_in_list(self._data, self._data[node] & ARC, 0)
                        for k in range(i, n):
                            if node == 0:
                                return False
                            node = find_in_list(self._data, self._data[node] & ARC, walk.word[k])
                    if node == 0 or not self._data[node] & ACCEPTS:
                        return False
        finally:
            dawg_words_end(&walk)

    def dawg_words(self, Py_ssize_t longest):
        """The words of node 0's list (the DAWG), sorted (siblings ascend): ``walk.dawg_words``
        in C, for an array measured first (``longest``: its longest word; no cycle). A word
        holding the GADDAG separator is a ``ValueError``. O(letters of the words)."""
        cdef DawgWords walk
        cdef Py_ssize_t n, k
        cdef list out = []
        cdef char *text
        if longest <= 0 or not self._data[0] & ARC:
            return out
        dawg_words_begin(&walk, self._data, longest)
        text = <char *>PyMem_Malloc(longest + 1)
        try:
            if text == NULL:
                raise MemoryError()
            while True:
                n = dawg_words_next(&walk)
                if n == 0:
                    return out
                for k in range(n):
                    text[k] = <char>(96 + walk.word[k])
                out.append(PyUnicode_DecodeASCII(text, n, NULL))
        finally:
            PyMem_Free(text)
            dawg_words_end(&walk)


# --- the words of a DAWG, one at a time ------------------------------------------------------

cdef struct DawgWords:
    const uint32_t *nodes
    Py_ssize_t longest   # the longest word there (measured): the buffers' room
    Py_ssize_t depth     # -1 once every word is out
    uint8_t *word        # the word's tiles so far
    uint32_t *at         # per letter of it, its node (0: that list is done)


cdef int dawg_words_begin(DawgWords *walk, const uint32_t *nodes, Py_ssize_t longest) except -1:
    """Start ``walk`` on the DAWG of ``nodes`` (node 0's list), measured first: no cycle, no
    word longer than ``longest``."""
    walk.nodes = nodes
    walk.longest = longest
    walk.depth = 0
    walk.word = <uint8_t *>PyMem_Malloc(longest + 1)
    walk.at = <uint32_t *>PyMem_Malloc((longest + 1) * sizeof(uint32_t))
    if walk.word == NULL or walk.at == NULL:
        dawg_words_end(walk)
        raise MemoryError()
    walk.at[0] = nodes[0] & ARC
    return 0


cdef Py_ssize_t dawg_words_next(DawgWords *walk) except -1:
    """The length of the next word, in order (its tiles in ``walk.word``), or 0 at the end. A
    word holding the GADDAG separator is a ``ValueError``."""
    cdef uint32_t v
    cdef Py_ssize_t found = 0
    while walk.depth >= 0 and found == 0:
        if walk.at[walk.depth] == 0:  # this list is done: back to the node before it
            walk.depth -= 1
            if walk.depth >= 0:
                v = walk.nodes[walk.at[walk.depth]]
                walk.at[walk.depth] = 0 if v & IS_END else walk.at[walk.depth] + 1
            continue
        v = walk.nodes[walk.at[walk.depth]]
        walk.word[walk.depth] = v >> TILE_SHIFT
        if walk.word[walk.depth] == 0:
            raise ValueError(
                f"kwg: node {walk.at[walk.depth]} of the words holds the GADDAG separator"
            )
        if v & ACCEPTS:
            found = walk.depth + 1
        if (v & ARC) and walk.depth < walk.longest - 1:  # down first: the words come in order
            walk.depth += 1
            walk.at[walk.depth] = v & ARC
        else:
            walk.at[walk.depth] = 0 if v & IS_END else walk.at[walk.depth] + 1
    return found


cdef void dawg_words_end(DawgWords *walk) noexcept:
    PyMem_Free(walk.word)
    PyMem_Free(walk.at)
    walk.word = NULL
    walk.at = NULL
