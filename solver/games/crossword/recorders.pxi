# The recorders (included by movegen.pyx): what a move found becomes. Its record, written to the
# output buffer, or kept as the best one (_record: the moves' order is _better's); by equity, the
# best-first heap of the top equities (_keep), each record's equity (_note_equity), and once the
# search is over the records below the final line dropped (_drop_below); the exchanges of the
# best turn (_returned, _exchange_first); a record's fields read back (_record_score,
# _record_mask, _record_square).


cdef void _record(NativeGenerator g, int first, int last, int main, int multiplier, int cross,
                  int count, int last_placed) noexcept:
    """Record the move over squares ``first`` to ``last`` of the current lane, ``count`` tiles
    placed (the last at ``last_placed``), its main word's letters worth ``main`` times
    ``multiplier`` and its cross-words ``cross``: scored, then written to the output buffer, or
    kept as the best one (``best_only``), unless it cannot be (a single tile down that makes
    an across word: found across; below the best one, or by equity below the line)."""
    cdef Lane *L = g.lane_arrays
    cdef int score, pos, row, col, lane, length = last - first + 1, index, k
    cdef uint32_t mask = 0
    cdef uint8_t *rec
    cdef char *grown
    cdef int64_t equity
    if g.down and count == 1 and L.xhas[g.base + last_placed]:
        return  # a single tile that makes an across word: found across
    score = main * multiplier + cross + (g.rules.bingo if count == g.rules.rack_size else 0)
    g.generated += 1
    if g.best_only and g.have_best and score < g.best_score:
        return  # cannot come first: not written
    if g.by_equity:
        index = 0
        for k in range(g.tables.ndistinct):
            index += g.rack[g.tables.distinct[k]] * g.tables.place[g.tables.distinct[k]]
        equity = <int64_t>score * 1000 + g.tables.leave_mp[index]
        if g.heap_n == g.top and equity < g.heap[0]:
            return  # cannot be among the top: not written
        _keep(g, equity)
    lane = g.base // g.n
    if g.down:
        row = first
        col = lane
    else:
        row = lane
        col = first
    if g.best_only:
        rec = g.candidate
    else:
        if g.out_size + RECORD > g.out_room:
            grown = <char *>realloc(g.out, max(4096, 2 * g.out_room))
            if grown == NULL:
                g.failed = True
                return
            g.out = grown
            g.out_room = max(4096, 2 * g.out_room)
        rec = <uint8_t *>(g.out + g.out_size)
        if g.by_equity:
            if _note_equity(g, g.out_size // RECORD, equity) < 0:
                return
    for pos in range(first, last + 1):
        if g.placed[pos]:
            mask |= 1u << (pos - first)
    rec[0] = score & 0xFF
    rec[1] = (score >> 8) & 0xFF
    rec[2] = (score >> 16) & 0xFF
    rec[3] = (score >> 24) & 0xFF
    rec[4] = g.down
    rec[5] = row
    rec[6] = col
    rec[7] = length
    rec[8] = mask & 0xFF
    rec[9] = (mask >> 8) & 0xFF
    rec[10] = (mask >> 16) & 0xFF
    rec[11] = (mask >> 24) & 0xFF
    memset(rec + 12, 0, 24)
    memcpy(rec + 12, &g.word[first], length)
    if not g.best_only:
        g.out_size += RECORD
        return
    if not g.have_best or _better(rec, g.best):
        memcpy(g.best, rec, RECORD)
        g.have_best = True
        g.best_score = score


cdef int _note_equity(NativeGenerator g, Py_ssize_t index, int64_t equity) noexcept:
    """Keep record ``index``'s equity (by equity: :func:`_drop_below`); -1 out of memory."""
    cdef int64_t *grown
    if index >= g.rec_room:
        grown = <int64_t *>realloc(g.rec_equity,
                                   max(256, 2 * g.rec_room) * sizeof(int64_t))
        if grown == NULL:
            g.failed = True
            return -1
        g.rec_equity = grown
        g.rec_room = max(256, 2 * g.rec_room)
    g.rec_equity[index] = equity
    return 0


cdef inline int64_t _pass_worth(NativeGenerator g) noexcept:
    """After a search by equity: the pass's equity, the value of keeping every tile."""
    return g.tables.leave_buf[g.tables.leave_size - 1]


cdef void _drop_below(NativeGenerator g) noexcept:
    """By equity, once the search is over: drop the records below the final line (the
    ``top``-th best equity found), written while the line was lower."""
    cdef Py_ssize_t i, kept = 0, count = g.out_size // RECORD
    if g.heap_n < g.top:
        return
    for i in range(count):
        if g.rec_equity[i] >= g.heap[0]:
            if kept != i:
                memcpy(g.out + kept * RECORD, g.out + i * RECORD, RECORD)
                g.rec_equity[kept] = g.rec_equity[i]
            kept += 1
    g.out_size = kept * RECORD


cdef void _keep(NativeGenerator g, int64_t equity) noexcept:
    """Count ``equity`` among the best ``top`` (a min-heap of them: ``heap[0]`` the worst)."""
    cdef int i, child
    cdef int64_t swap
    if g.heap_n < g.top:
        i = g.heap_n
        g.heap[i] = equity
        g.heap_n += 1
        while i > 0 and g.heap[(i - 1) // 2] > g.heap[i]:
            swap = g.heap[(i - 1) // 2]
            g.heap[(i - 1) // 2] = g.heap[i]
            g.heap[i] = swap
            i = (i - 1) // 2
        return
    if equity <= g.heap[0]:
        return
    g.heap[0] = equity
    i = 0
    while True:
        child = 2 * i + 1
        if child >= g.heap_n:
            break
        if child + 1 < g.heap_n and g.heap[child + 1] < g.heap[child]:
            child += 1
        if g.heap[child] >= g.heap[i]:
            break
        swap = g.heap[child]
        g.heap[child] = g.heap[i]
        g.heap[i] = swap
        i = child


cdef int _returned(NativeGenerator g, int index, uint8_t *out) noexcept:
    """The tiles an exchange that keeps the part ``index`` of the rack returns, in the
    order a rack is written (letters in order, then the blanks, 0): their count. Compared
    element by element, they order as the texts do (``?`` before the letters)."""
    cdef int i, t, k, kept, n = 0, rest = index, blanks = 0
    for i in range(g.tables.ndistinct):
        t = g.tables.distinct[i]
        kept = rest % (g.rack[t] + 1)
        rest //= g.rack[t] + 1
        if t == 0:
            blanks = g.rack[0] - kept
            continue
        for k in range(g.rack[t] - kept):
            out[n] = t
            n += 1
    for k in range(blanks):
        out[n] = 0
        n += 1
    return n


cdef bint _exchange_first(NativeGenerator g, int index, int other) noexcept:
    """Whether the exchange keeping the part ``index`` comes before the one keeping
    ``other`` among exchanges of one equity (equity.order's tie-break): fewer tiles returned
    first, then the tiles returned, as written."""
    cdef uint8_t a[MAX_RACK]
    cdef uint8_t b[MAX_RACK]
    cdef int n, m, i
    if other < 0:
        return True
    n = _returned(g, index, a)
    m = _returned(g, other, b)
    if n != m:
        return n < m
    for i in range(n):
        if a[i] != b[i]:
            return a[i] < b[i]
    return False


cdef int _coord(const uint8_t *rec, char *out) noexcept:
    """Write the record's coordinate (``8D`` or ``D8``); its length."""
    cdef int row = rec[5] + 1, k = 0
    if rec[4]:
        out[k] = 65 + rec[6]
        k += 1
    if row >= 10:
        out[k] = 48 + row // 10
        k += 1
    out[k] = 48 + row % 10
    k += 1
    if not rec[4]:
        out[k] = 65 + rec[6]
        k += 1
    return k


cdef int _compare_text(const char *a, int na, const char *b, int nb) noexcept:
    cdef int k = 0
    while k < na and k < nb:
        if a[k] != b[k]:
            return -1 if <uint8_t>a[k] < <uint8_t>b[k] else 1
        k += 1
    return -1 if na < nb else (1 if na > nb else 0)


cdef inline int32_t _record_score(const uint8_t *rec) noexcept:
    """A record's score (its first four bytes, little-endian)."""
    return <int32_t>(rec[0] | (rec[1] << 8) | (rec[2] << 16) | (<uint32_t>rec[3] << 24))


cdef inline uint32_t _record_mask(const uint8_t *rec) noexcept:
    """A record's placed mask (bit ``k``: the word's ``k``-th letter is placed)."""
    return rec[8] | (rec[9] << 8) | (rec[10] << 16) | (<uint32_t>rec[11] << 24)


cdef inline int _record_square(NativeGenerator g, const uint8_t *rec, int k) noexcept:
    """The square (row-major) of the ``k``-th letter of a record's word."""
    if rec[4]:
        return (rec[5] + k) * g.rules.cols + rec[6]
    return rec[5] * g.rules.cols + rec[6] + k


cdef bint _better(const uint8_t *rec, const uint8_t *best) noexcept:
    """True when ``rec`` comes before ``best`` in the moves' order: higher score, then
    coordinate, then word (as the strings compare)."""
    cdef int32_t a = _record_score(rec)
    cdef int32_t b = _record_score(best)
    cdef char x[8]
    cdef char y[8]
    cdef char u[MAX_SIDE]
    cdef char w[MAX_SIDE]
    cdef int nx, ny, c, k
    if a != b:
        return a > b
    nx = _coord(rec, x)
    ny = _coord(best, y)
    c = _compare_text(x, nx, y, ny)
    if c:
        return c < 0
    for k in range(rec[7]):
        u[k] = (96 if rec[12 + k] & BLANK else 64) + (rec[12 + k] & 0x7F)
    for k in range(best[7]):
        w[k] = (96 if best[12 + k] & BLANK else 64) + (best[12 + k] & 0x7F)
    return _compare_text(u, rec[7], w, best[7]) < 0
