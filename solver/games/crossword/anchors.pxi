# The anchors and their shadow bounds (included by movegen.pyx): by equity, each anchor's moves
# bounded first, by the blanks they use (_shadow, _shadow_right, _span_bound), and the anchors
# searched in descending bound until one's bound is below the line (_by_anchors); for the word
# map's search, the same bounds collect each span a move may cover (a Slot). _free_left: where a
# left part may go, for the bounds and the walks alike.


cdef int _by_anchors(NativeGenerator g) except -1:
    """The moves (by equity: those that may reach the top) walked from each anchor, the
    anchors bounded first (:func:`_shadow`) and searched in descending bound until one's
    bound is below the line."""
    cdef int i, d, lane, pos, count
    cdef Lane *L
    cdef Anchor *anchors
    anchors = <Anchor *>malloc(2 * MAX_SQUARES * sizeof(Anchor))
    if anchors == NULL:
        raise MemoryError()
    count = 0
    try:
        for d in range(2):
            L = &g.dirs[d]
            g.lane_arrays = L
            g.n = L.n
            for lane in range(L.lanes):
                g.base = lane * g.n
                for pos in range(g.n):
                    if L.anchor[g.base + pos]:
                        _shadow(g, pos, &anchors[count])
                        anchors[count].down = d
                        anchors[count].base = g.base
                        anchors[count].pos = pos
                        count += 1
        qsort(anchors, count, sizeof(Anchor), _descending_bound)
        for i in range(count):
            if g.heap_n == g.top and anchors[i].gate[0] < g.heap[0]:
                break
            g.down = anchors[i].down
            g.lane_arrays = &g.dirs[g.down]
            g.n = g.dirs[g.down].n
            g.base = anchors[i].base
            g.anchor_pos = anchors[i].pos
            memcpy(g.gate, anchors[i].gate, sizeof(g.gate))
            _from_anchor(g, anchors[i].pos)
    finally:
        free(anchors)
    return 0


cdef inline int _free_left(NativeGenerator g, int anchor) noexcept:
    """The empty squares left of ``anchor`` before a tile, an earlier anchor or the edge:
    where a left part may go (its moves found from this anchor, the bound's too)."""
    cdef Lane *L = g.lane_arrays
    cdef int pos = anchor - 1
    while pos >= 0 and not L.cells[g.base + pos] and not L.anchor[g.base + pos]:
        pos -= 1
    return anchor - 1 - pos


cdef void _shadow(NativeGenerator g, int anchor, Anchor *out) noexcept:
    """Bound the equity (millipoints) of every move whose leftmost anchor is ``anchor`` in
    the current lane (the geometry of :func:`_from_anchor`), by the blanks it uses:
    ``out.gate[u]`` bounds the moves using at least ``u`` blanks (the last, three or more;
    ``gate[0]``, every move); -2^62 where none. Over each span such a move can cover
    (tiles left of the anchor over the free squares, or after the run of tiles before it;
    then rightwards through the board's tiles while a rack tile fits each square's
    cross-set) and each count ``b`` of blanks among its ``k`` tiles: its board tiles'
    points times the span's word multiplier, its cross-words' board points, the rack's
    ``k - b`` best letters' values paired, largest with largest, with the placed squares'
    effective multipliers (``lm * (W + wm)`` with a cross-word, ``lm * W`` without; a blank
    scores nothing), the bingo, and the best leave of the tiles left that keeps the other
    blanks. Tried and left out, each sparing few moves for its cost: checking that the
    rack's tiles alone, or with one letter of the board, make a word of the span's length;
    capping each square's tile at the best value that fits its cross-set."""
    cdef Lane *L = g.lane_arrays
    cdef int base = g.base, start = anchor, pos, limit, left, u
    cdef int main = 0, multiplier = 1
    cdef int64_t none = -(1LL << 62)
    cdef int lms[MAX_RACK]
    cdef int wms[MAX_RACK]
    cdef uint8_t crossed[MAX_RACK]
    cdef uint8_t tile
    for u in range(g.tables.blanks_held + 1):
        g.span_best[u] = none
    while start > 0 and L.cells[base + start - 1]:
        start -= 1
    if start < anchor:
        for pos in range(start, anchor):
            tile = L.cells[base + pos]
            main += 0 if tile & BLANK else g.rules.values[tile]
        g.span_first = start
        _shadow_right(g, anchor, main, 1, 0, lms, wms, crossed)
    else:
        limit = _free_left(g, anchor)
        if limit > g.tables.total - 1:
            limit = g.tables.total - 1
        for left in range(limit + 1):
            if left:
                pos = base + anchor - left
                if L.xset[pos] == 0:
                    break
                lms[left - 1] = L.lm[pos]
                wms[left - 1] = L.wm[pos]
                crossed[left - 1] = 0
                multiplier *= L.wm[pos]
            g.span_first = anchor - left
            _shadow_right(g, anchor, 0, multiplier, left, lms, wms, crossed)
    # gate[u]: the best of the moves using u blanks or more
    for u in range(GATES):
        out.gate[u] = none
    for u in range(g.tables.blanks_held, -1, -1):
        if u + 1 <= g.tables.blanks_held and u + 1 < GATES:
            out.gate[u] = out.gate[u + 1]
        if u < GATES:
            if g.span_best[u] > out.gate[u]:
                out.gate[u] = g.span_best[u]
        elif g.span_best[u] > out.gate[GATES - 1]:
            out.gate[GATES - 1] = g.span_best[u]


cdef void _shadow_right(NativeGenerator g, int anchor, int main, int multiplier, int k, int *lms,
                        int *wms, uint8_t *crossed) noexcept:
    """Bound the spans from ``anchor`` rightwards, ``k`` tiles placed before it. The placed
    squares' effective multipliers are kept in order as the span grows (one inserted a
    square; all made again where a square multiplies the word, which changes them all)."""
    cdef Lane *L = g.lane_arrays
    cdef int base = g.base, n = g.n, pos = anchor, i, cross = 0
    cdef int effective[MAX_RACK]
    cdef uint8_t tile
    _effective(effective, k, multiplier, lms, wms, crossed)
    g.span_blocks = 0
    while pos < n:
        i = base + pos
        tile = L.cells[i]
        if tile:
            main += 0 if tile & BLANK else g.rules.values[tile]
            if not L.cells[i - 1]:  # (pos > anchor: the anchor's square is empty)
                g.span_blocks += 1
        else:
            if k == g.tables.total or (L.xset[i] & L.xext[i]) == 0:
                break
            lms[k] = L.lm[i]
            wms[k] = L.wm[i]
            crossed[k] = L.xhas[i]
            if L.xhas[i]:
                cross += L.xscore[i] * L.wm[i]
            k += 1
            if L.wm[i] == 1:
                _insert(effective, k - 1, L.lm[i] * (multiplier + (1 if L.xhas[i] else 0)))
            else:
                multiplier *= L.wm[i]
                _effective(effective, k, multiplier, lms, wms, crossed)
        if pos + 1 == n or L.cells[i + 1] == 0:
            _span_bound(g, main, multiplier, cross, k, effective, pos)
        pos += 1


cdef inline void _insert(int *effective, int count, int m) noexcept:
    """Insert ``m`` into the ``count`` effective multipliers, largest first."""
    cdef int j = count
    while j > 0 and effective[j - 1] < m:
        effective[j] = effective[j - 1]
        j -= 1
    effective[j] = m


cdef inline void _effective(int *effective, int k, int multiplier, const int *lms,
                            const int *wms, const uint8_t *crossed) noexcept:
    """The effective multipliers of ``k`` placed squares, largest first: a square's letter
    multiplier times the word's multiplier, plus its own word multiplier where it makes a
    cross-word too (its tile then counts in both)."""
    cdef int i
    for i in range(k):
        _insert(effective, i, lms[i] * (multiplier + (wms[i] if crossed[i] else 0)))


cdef void _span_bound(NativeGenerator g, int main, int multiplier, int cross, int k,
                      const int *effective, int last) noexcept:
    """Bound one span (``span_first`` to ``last``) by the blanks it uses, into
    ``span_best`` (see :func:`_shadow`); when ``collecting``, add it to its slot (the
    anchor's of as many tiles through the same runs of board tiles, ``span_blocks``), whose
    points and effective multipliers, rank by rank, are the best of its spans'. A
    span through no board tile, collected, is bounded by the best leave of the parts that
    may spell a word alone (``word_leave``), and left out where none may."""
    cdef int i, b, letters
    cdef int64_t points = <int64_t>main * multiplier + cross
    cdef int64_t score = points, bound, none = -(1LL << 62)
    cdef int64_t placed = 0, best = none
    cdef const int64_t *leaves = &g.tables.best_leave[k][0]
    if g.collecting and k == last - g.span_first + 1:
        leaves = &g.tables.word_leave[k][0]
    cdef Slot *grown
    cdef Slot *slot
    cdef int64_t *ranked
    if k == g.rules.rack_size:
        score += g.rules.bingo
    # b blanks: the k - b best letters on the k - b best squares
    letters = k if k < g.tables.letters_held else g.tables.letters_held
    for i in range(letters):
        placed += <int64_t>effective[i] * g.tables.values_desc[i]
    for b in range(k - letters, (k if k < g.tables.blanks_held else g.tables.blanks_held) + 1):
        # here letters == k - b
        bound = (score + placed) * 1000 + leaves[g.tables.blanks_held - b]
        if bound > g.span_best[b]:
            g.span_best[b] = bound
        if bound > best:
            best = bound
        if letters > 0:
            letters -= 1
            placed -= <int64_t>effective[letters] * g.tables.values_desc[letters]
    if not g.collecting or last == g.span_first or best < none // 2:
        return  # no word of one letter, nor of no part
    if g.by_equity and g.heap_n == g.top and best < g.heap[0]:
        return  # below the line already (the pass and the exchanges are in the heap)
    if g.slot_stamp[k][g.span_blocks] == g.anchor_stamp:  # the anchor's slot: one more span
        slot = &g.slots[g.slot_of[k][g.span_blocks]]
        if best > slot.bound:
            slot.bound = best
        if points > slot.points:
            slot.points = points
        for i in range(k):
            if effective[i] > slot.effective[i]:
                slot.effective[i] = effective[i]
        slot.first[slot.spans] = g.span_first
        slot.last[slot.spans] = last
        slot.spans += 1
        return
    if g.nslots == FOUND:  # never (see FOUND): refused rather than mis-ordered
        g.failed = True
        return
    if g.nslots == g.slot_room:
        grown = <Slot *>realloc(g.slots, max(256, 2 * g.slot_room) * sizeof(Slot))
        if grown == NULL:
            g.failed = True
            return
        g.slots = grown
        ranked = <int64_t *>realloc(g.ranked, max(256, 2 * g.slot_room) * sizeof(int64_t))
        if ranked == NULL:
            g.failed = True
            return
        g.ranked = ranked
        g.slot_room = max(256, 2 * g.slot_room)
    slot = &g.slots[g.nslots]
    slot.bound = best
    slot.down = g.down
    slot.base = g.base
    slot.anchor = g.anchor_pos
    slot.tiles = k
    slot.first[0] = g.span_first
    slot.last[0] = last
    slot.spans = 1
    slot.points = points
    memcpy(slot.effective, effective, k * sizeof(int))
    g.slot_stamp[k][g.span_blocks] = g.anchor_stamp
    g.slot_of[k][g.span_blocks] = g.nslots
    g.nslots += 1


cdef int _descending_bound(const void *a, const void *b) noexcept nogil:
    """Anchors by bound, highest first; equal bounds in the order they were found."""
    cdef const Anchor *x = <const Anchor *>a
    cdef const Anchor *y = <const Anchor *>b
    if x.gate[0] != y.gate[0]:
        return -1 if x.gate[0] > y.gate[0] else 1
    if x.down != y.down:
        return x.down - y.down
    if x.base != y.base:
        return x.base - y.base
    return x.pos - y.pos
