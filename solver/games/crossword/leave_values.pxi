# What keeping some tiles is worth (included by movegen.pyx): the C side of LeaveValues (its
# attributes in movegen.pxd, its Python methods in movegen.pyx). A leave's value in millipoints
# is computed here for a linear model (_linear_value), looked up here in a leave table
# (_table_value), else asked of the Python callable once (_ask_value) and kept in an
# open-addressing table keyed by the tiles (_table_slot, _grow_table); _value_of is what the
# search asks.


cdef int64_t _linear_value(LeaveValues lv, const uint8_t *tiles, int length) noexcept:
    """The linear model's value of ``tiles`` (sorted), in millipoints: its weights summed
    left to right from 0.0 (as :meth:`LeaveModel.value` sums them), then rounded to a
    thousandth half to even on the exact sum (as Python's ``round(x, 3)``)."""
    cdef double total = 0.0, product, error, whole
    cdef int i = 0, j, n, tile, vowels = 0, blanks = 0, v, c
    cdef bint has_q = False, has_u = False
    if length == 0:
        return 0
    while i < length:
        tile = tiles[i]
        j = i
        while j < length and tiles[j] == tile:
            j += 1
        n = j - i
        total += lv.weights[tile * lv.copies + (n if n < lv.copies else lv.copies) - 1]
        if (lv.vowels >> tile) & 1:
            vowels += n
        elif tile == 0:
            blanks = n
        has_q = has_q or tile == lv.q
        has_u = has_u or tile == lv.u
        i = j
    v = vowels if vowels < 6 else 6
    c = length - vowels - blanks
    if c > 6 - v:
        c = 6 - v
    total += lv.weights[lv.balance[v][c]]
    if has_q and not has_u:
        total += lv.weights[lv.last]
    # round(total, 3) * 1000, exactly: the product's rounding error by an fma
    product = total * 1000.0
    error = fma(total, 1000.0, -product)
    whole = floor(product)
    # past the half, or on it and pushed up by the error, or a tie onto an odd number: up
    # (below the half, the error cannot reach it: it is at most half a unit in the last place)
    if product - whole > 0.5 or (product - whole == 0.5 and (error > 0 or (
            error == 0 and fmod(whole, 2.0) != 0))):
        whole += 1
    return <int64_t>whole


cdef int64_t _table_value(LeaveValues lv, const uint8_t *tiles, int length) except? -1:
    """The leave table's value of ``tiles`` (sorted), in millipoints, found as
    :meth:`LeaveTable.rank` finds it (MAGPIE's lookup of a KLV): the tiles walked from the
    root, a sibling list each, counting the leaves that sort before (the word counts of the
    nodes passed); 0 for the empty leave and a leave the table does not hold. The arcs and
    the lists' ends were checked (take_table): a walk stays within the nodes."""
    cdef const uint32_t *nodes = &lv.table_nodes[0]
    cdef const uint32_t *counts = &lv.table_counts[0]
    cdef uint32_t p, node
    cdef int64_t rank = 0
    cdef int k
    if length == 0:
        return 0
    p = nodes[0] & ARC
    for k in range(length):
        if p == 0:
            return 0
        rank += counts[p]
        node = nodes[p]
        while node >> TILE_SHIFT != tiles[k]:
            if node & IS_END:
                return 0
            p += 1
            node = nodes[p]
        rank -= counts[p]
        if k == length - 1:
            if node & ACCEPTS == 0:
                return 0
            break
        if node & ACCEPTS:
            rank += 1
        p = node & ARC
    if not 0 <= rank < lv.table_values.shape[0]:
        raise ValueError("a leave ranked past the table's values: its counts are not its nodes'")
    return lv.table_values[rank]


cdef int _grow_table(LeaveValues lv, Py_ssize_t capacity) except -1:
    cdef uint64_t *old_keys = lv.keys
    cdef int32_t *old_values = lv.values
    cdef Py_ssize_t old = lv.capacity, i, slot
    lv.keys = <uint64_t *>malloc(capacity * sizeof(uint64_t))
    lv.values = <int32_t *>malloc(capacity * sizeof(int32_t))
    if lv.keys == NULL or lv.values == NULL:
        free(lv.keys)
        free(lv.values)
        lv.keys, lv.values = old_keys, old_values
        raise MemoryError()
    memset(lv.keys, 0, capacity * sizeof(uint64_t))
    lv.capacity = capacity
    for i in range(old):
        if old_keys[i]:
            slot = _table_slot(lv, old_keys[i])
            lv.keys[slot] = old_keys[i]
            lv.values[slot] = old_values[i]
    free(old_keys)
    free(old_values)
    return 0


cdef inline Py_ssize_t _table_slot(LeaveValues lv, uint64_t key) noexcept:
    cdef Py_ssize_t mask = lv.capacity - 1
    cdef Py_ssize_t slot = <Py_ssize_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask
    while lv.keys[slot] and lv.keys[slot] != key:
        slot = (slot + 1) & mask
    return slot


cdef int64_t _ask_value(LeaveValues lv, const uint8_t *tiles, int length) except? -1:
    """The value of ``tiles`` from the Python callable, in millipoints (checked to fit the
    32 bits a rack's leave table holds)."""
    cdef int64_t worth = round(lv.value(bytes(tiles[:length])) * 1000)
    if not -2**31 < worth < 2**31:
        raise ValueError(f"a leave worth {worth / 1000:g} points is out of range")
    return worth


cdef int64_t _value_of(LeaveValues lv, const uint8_t *tiles, int length) except? -1:
    """The value of ``tiles`` (sorted), in millipoints."""
    cdef uint64_t key = 1  # a marker bit: the empty leave's key is not 0
    cdef Py_ssize_t slot
    cdef int i
    cdef int64_t worth
    if lv.value is None:
        raise ValueError("LeaveValues holds no value function")
    if lv.linear:
        return _linear_value(lv, tiles, length)
    if lv.table:
        return _table_value(lv, tiles, length)
    if length > 12:
        return _ask_value(lv, tiles, length)
    for i in range(length):
        key = (key << 5) | (tiles[i] + 1)
    slot = _table_slot(lv, key)
    if lv.keys[slot] == key:
        return lv.values[slot]
    worth = _ask_value(lv, tiles, length)
    if 2 * (lv.count + 1) > lv.capacity:
        _grow_table(lv, 2 * lv.capacity)
        slot = _table_slot(lv, key)
    lv.keys[slot] = key
    lv.values[slot] = <int32_t>worth
    lv.count += 1
    return worth
