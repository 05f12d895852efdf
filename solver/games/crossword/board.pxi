# The board's preparation for a call (included by movegen.pyx): the rack's usable tiles and each
# direction's lanes (_start, _prepare): cells, multipliers, anchors, cross-scores and cross-sets
# (_cross_set: through the DAWG or the GADDAG), and for the bounds the extension sets
# (_extensions); both kept from call to call where the lines they depend on did not change.


cdef void _start(NativeGenerator g, const uint8_t *board, bint gaddag,
                 bint bounding) noexcept:
    """Set a call up, the rack already in ``rack``: the tiles it can place, the board's
    lanes (:func:`_prepare`; with their extension sets where the call bounds its spans,
    ``bounding``), no move yet."""
    cdef int i
    cdef bint empty = True
    for i in range(g.rules.rows * g.rules.cols):
        if board[i]:
            empty = False
            break
    g._gaddag = gaddag
    g.usable = g.rules.letters
    if not g.rack[0]:
        g.usable = 0
        for i in range(1, 27):
            if g.rack[i]:
                g.usable |= 1u << i
        g.usable &= g.rules.letters
    _prepare(g, board, empty, bounding)
    g.out_size = 0
    g.generated = 0
    g.failed = False


cdef void _lay_out(NativeGenerator g) noexcept:
    """Each direction's lanes and their squares' multipliers: the rule set's, set once."""
    cdef int d, lane, pos, square, i
    cdef Lane *L
    for d in range(2):
        L = &g.dirs[d]
        L.lanes = g.rules.cols if d else g.rules.rows
        L.n = g.rules.rows if d else g.rules.cols
        for lane in range(L.lanes):
            for pos in range(L.n):
                square = pos * g.rules.cols + lane if d else lane * g.rules.cols + pos
                i = lane * L.n + pos
                L.lm[i] = g.rules.lmul[square]
                L.wm[i] = g.rules.wmul[square]


cdef void _prepare(NativeGenerator g, const uint8_t *board, bint empty,
                   bint bounding) noexcept:
    """Each direction's cells, anchors, cross-scores and cross-sets (``xset``: the letters
    the rack can place there that make a word across it too) for ``board``. With ``keep``,
    only what the lines changed since the last call decide is made again: a square's
    cross-word lies in the line across its lane (its cross-set, asked again only when that
    line changed), its anchor also depends on its own lane; ``xkept`` holds each square's
    set over every letter, which the rack's tiles then narrow."""
    cdef int d, lane, pos, i, square, lanes, n, o, lo, hi, k, score, r, c
    cdef int rows = g.rules.rows, cols = g.rules.cols
    cdef Lane *L
    cdef Lane *other
    cdef uint8_t tile
    cdef uint8_t before[MAX_SIDE]
    cdef uint8_t after[MAX_SIDE]
    cdef int nb, na
    cdef bint beside, own
    cdef uint8_t row_changed[MAX_SIDE]
    cdef uint8_t col_changed[MAX_SIDE]
    cdef const uint8_t *lanes_changed
    cdef const uint8_t *crossing_changed
    cdef uint32_t *kept
    cdef uint32_t usable = g.usable
    # the lines that changed since the last call (all, the first time, or when the board
    # becomes empty or stops being so: the start square's anchor depends on the whole board)
    cdef bint every = not (g.seen_valid and g.keep) or empty != g.seen_empty
    memset(row_changed, every, MAX_SIDE)
    memset(col_changed, every, MAX_SIDE)
    if not every:
        for r in range(rows):
            if memcmp(board + r * cols, g.seen + r * cols, cols):
                row_changed[r] = 1
                for c in range(cols):
                    if board[r * cols + c] != g.seen[r * cols + c]:
                        col_changed[c] = 1
    memcpy(g.seen, board, rows * cols)
    g.seen_valid = True
    g.seen_empty = empty
    # the cells of both directions first: each direction's cross-words lie in the other's
    for r in range(rows):
        if row_changed[r]:
            memcpy(&g.dirs[0].cells[r * cols], board + r * cols, cols)
    for c in range(cols):
        if col_changed[c]:
            for r in range(rows):
                g.dirs[1].cells[c * rows + r] = board[r * cols + c]
    for d in range(2):
        L = &g.dirs[d]
        other = &g.dirs[1 - d]
        lanes = L.lanes
        n = L.n
        kept = g.xkept[d]
        if d:
            lanes_changed = &col_changed[0]
            crossing_changed = &row_changed[0]
        else:
            lanes_changed = &row_changed[0]
            crossing_changed = &col_changed[0]
        for lane in range(lanes):
            own = lanes_changed[lane]
            for pos in range(n):
                if not (own or crossing_changed[pos]):
                    continue  # its lane and the line across it as they were
                i = lane * n + pos
                if L.cells[i] or empty:
                    square = pos * cols + lane if d else i
                    L.anchor[i] = 1 if empty and square == g.rules.start else 0
                    L.xscore[i] = 0
                    L.xhas[i] = 0
                    kept[i] = g.rules.letters
                    continue
                beside = (pos > 0 and L.cells[i - 1] != 0) or (pos + 1 < n and L.cells[i + 1] != 0)
                if not crossing_changed[pos]:  # its cross-word as it was
                    L.anchor[i] = 1 if L.xhas[i] or beside else 0
                    continue
                o = pos * lanes
                lo = lane
                while lo > 0 and other.cells[o + lo - 1]:
                    lo -= 1
                hi = lane
                while hi + 1 < lanes and other.cells[o + hi + 1]:
                    hi += 1
                if lo == lane and hi == lane:
                    L.anchor[i] = beside
                    L.xscore[i] = 0
                    L.xhas[i] = 0
                    kept[i] = g.rules.letters
                    continue
                L.anchor[i] = 1
                L.xhas[i] = 1
                nb = 0
                na = 0
                score = 0
                for k in range(lo, lane):
                    tile = other.cells[o + k]
                    before[nb] = tile & 0x7F
                    nb += 1
                    score += 0 if tile & BLANK else g.rules.values[tile]
                for k in range(lane + 1, hi + 1):
                    tile = other.cells[o + k]
                    after[na] = tile & 0x7F
                    na += 1
                    score += 0 if tile & BLANK else g.rules.values[tile]
                L.xscore[i] = score
                if nb + na == 1:  # (a cross-word of one tile and the square: the most common)
                    kept[i] = g.one_tile[na][(before[0] if nb else after[0]) & 31]
                else:
                    kept[i] = _cross_set(g, before, nb, after, na)
        for i in range(rows * cols):  # the rack's tiles narrow every square's set
            L.xset[i] = kept[i] & usable
    if not bounding:  # (none read: those kept go stale)
        g.xext_valid = False
        return
    if not g.xext_valid:
        memset(row_changed, 1, MAX_SIDE)
        memset(col_changed, 1, MAX_SIDE)
        g.xext_valid = True
    _extensions(g, &g.dirs[0], row_changed)
    _extensions(g, &g.dirs[1], col_changed)


cdef void _extensions(NativeGenerator g, Lane *L, const uint8_t *changed) noexcept:
    """Each empty square's extension set (``xext``): the letters that a tile placed there may
    be, given the run of tiles after it along the lane (every letter where there is none):
    those that may precede the run in a word (MAGPIE's left extension set). Read through the
    GADDAG, where the array holds one: the run backwards from its root, then the list there
    holds them (and the separator); every letter otherwise. The bounds
    (:func:`_shadow_right`) stop a span at a square where none of the rack's tiles fits.
    (The letters that may follow a run are in no one list of the GADDAG: a walk a letter,
    tried, cost more than the spans it spared.) Only the lanes ``changed`` (since the last
    call) are read again: a lane's sets depend on its own tiles alone."""
    cdef const uint32_t *nodes = g.lexicon.nodes
    cdef int lane, pos, start, m, i, n = L.n, base
    cdef uint32_t lst, j, v, before
    for lane in range(L.lanes):
        if not changed[lane]:
            continue
        base = lane * n
        for i in range(base, base + n):
            L.xext[i] = 0xFFFFFFFFu
        if not g.lexicon.has_gaddag:
            continue
        pos = 0
        while pos < n:
            if not L.cells[base + pos]:
                pos += 1
                continue
            start = pos
            while pos < n and L.cells[base + pos]:
                pos += 1
            if start == 0:
                continue  # no square before it
            # the run is start..pos - 1, read backwards from the GADDAG's root
            lst = nodes[1] & ARC
            m = pos - 1
            while m >= start and lst:
                j = find(nodes, lst, L.cells[base + m] & 0x7F)
                lst = nodes[j] & ARC if j else 0
                m -= 1
            before = 0
            while lst:
                v = nodes[lst]
                # (& 31: a tile past 31, in no rule set, may only widen the set, never wrongly)
                before |= 1u << ((v >> TILE_SHIFT) & 31)
                if v & IS_END:
                    break
                lst += 1
            L.xext[base + start - 1] = before & ~1u  # (bit 0: the separator)


cdef void _one_tile_sets(NativeGenerator g) noexcept:
    """Each one-tile cross-word's set (``one_tile``), read once for the lexicon and rule set:
    the square's cross-word is most often a single tile and the square, and these sets are
    then a look-up rather than a walk of the node array. (Tiles 27-31 are none: their sets
    are empty, as :func:`_cross_set` would find.)"""
    cdef uint8_t tile[1]
    cdef int t
    for t in range(32):
        tile[0] = t
        g.one_tile[0][t] = _cross_set(g, tile, 1, tile, 0) if 1 <= t <= 26 else 0
        g.one_tile[1][t] = _cross_set(g, tile, 0, tile, 1) if 1 <= t <= 26 else 0


cdef uint32_t _cross_set(NativeGenerator g, const uint8_t *before, int nb, const uint8_t *after,
                         int na) noexcept:
    """The tiles ``x`` making ``before x after`` a word: through the DAWG,
    ``before``, ``x``, ``after``; through the GADDAG (whatever the algorithm, where the
    array holds one), the word reversed: ``after`` backwards, ``x``, ``before`` backwards.
    The part read first is walked once, the other once per ``x``: so the GADDAG where
    ``before`` is the shorter part (tiles below or right of the square only then cost one
    walk, not one per ``x``, as tiles above or left do through the DAWG)."""
    cdef const uint32_t *nodes = g.lexicon.nodes
    cdef bint back = g.lexicon.has_gaddag and nb < na
    cdef const uint8_t *first = after if back else before
    cdef const uint8_t *second = before if back else after
    cdef int nfirst = na if back else nb, nsecond = nb if back else na, m
    cdef uint32_t lst = nodes[1 if back else 0] & ARC, j, k, v, tile, found = 0
    for m in range(nfirst):
        j = find(nodes, lst, first[nfirst - 1 - m] if back else first[m])
        if j == 0:
            return 0
        lst = nodes[j] & ARC
    if lst == 0:
        return 0
    j = lst
    if nsecond == 0:  # (one part: the list's accepting tiles, read without a branch a tile)
        while True:
            v = nodes[j]
            tile = v >> TILE_SHIFT
            if tile < 32:
                found |= <uint32_t>((v & ACCEPTS) != 0) << tile
            if v & IS_END:
                return found & g.rules.letters
            j += 1
    while True:
        tile = nodes[j] >> TILE_SHIFT
        if tile and (g.rules.letters >> tile) & 1:
            k = j
            for m in range(nsecond):
                k = find(nodes, nodes[k] & ARC, second[nsecond - 1 - m] if back else second[m])
                if k == 0:
                    break
            if k and nodes[k] & ACCEPTS:
                found |= 1u << tile
        if nodes[j] & IS_END:
            break
        j += 1
    return found
