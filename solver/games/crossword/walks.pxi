# The walks (included by movegen.pyx): every move from an anchor, walked over the KWG, Appel and
# Jacobson's from the DAWG's root (_from_anchor, _left_part) and Gordon's from the GADDAG's
# (_gaddag_lane: MAGPIE's anchors), in one walk for both directions (_walk); by equity, a blank
# is placed only where its moves may reach the top (_blank_may).


cdef inline bint _blank_may(NativeGenerator g) noexcept:
    """Whether a move using one more blank than the walk has placed may be among the top
    by equity (:meth:`NativeGenerator.top_equity`: the anchor's ``gate``; always, listing
    every move)."""
    cdef int u
    if not g.by_equity or g.heap_n < g.top:
        return True
    u = g.tables.blanks_held - g.rack[0] + 1
    return g.gate[u if u < GATES else GATES - 1] >= g.heap[0]


cdef void _gaddag_lane(NativeGenerator g) noexcept:
    """Every move of the current lane through the GADDAG from MAGPIE's anchors: the last
    tile of each run of tiles (the run is read leftwards first, so the letters placed left
    of it are those that may precede it), and each empty square that touches a tile across
    the lane but none along it. From left to right, each anchor's walk places tiles
    leftwards only after the anchor before it (and, after a run, one square further: that
    square's moves hold the run), so each move is found from its leftmost anchor once."""
    cdef Lane *L = g.lane_arrays
    cdef int pos, i, last = -1, n = g.n
    cdef uint32_t root = g.lexicon.nodes[1] & ARC
    cdef bint tile, alone
    for pos in range(n):
        i = g.base + pos
        tile = L.cells[i] != 0
        if tile:
            if pos + 1 < n and L.cells[i + 1]:
                continue
        else:
            alone = (pos == 0 or not L.cells[i - 1]) and (pos + 1 == n or not L.cells[i + 1])
            if not (L.anchor[i] and alone):
                continue
        g.anchor_pos = pos
        g.left_limit = last
        _walk(g, pos, root, 0, pos + 1, -1, 0, 1, 0, 0, 0)
        last = pos + 1 if tile else pos


cdef void _from_anchor(NativeGenerator g, int anchor) noexcept:
    """Every move whose leftmost anchor is ``anchor`` (see ``search.py``): after a run of
    tiles, the run is read (rightwards through the DAWG; leftwards through the GADDAG, then
    the separator) and the walk goes on right from the anchor; otherwise the DAWG tries each
    left part and the GADDAG starts leftwards at the anchor."""
    cdef Lane *L = g.lane_arrays
    cdef const uint32_t *nodes = g.lexicon.nodes
    cdef bint gaddag = g._gaddag
    cdef uint32_t lst = nodes[1 if gaddag else 0] & ARC, j
    cdef int start = anchor, pos, k, main = 0
    cdef uint8_t tile
    cdef uint8_t part[MAX_SIDE]
    while start > 0 and L.cells[g.base + start - 1]:
        start -= 1
    if start == anchor and gaddag:
        k = anchor - 1  # leftwards up to the anchor before: its moves are found from there
        while k >= 0 and not L.anchor[g.base + k]:
            k -= 1
        g.left_limit = k
        _walk(g, anchor, lst, 0, anchor + 1, -1, 0, 1, 0, 0, 0)
        return
    if start == anchor:
        _left_part(g, lst, part, 0, anchor, _free_left(g, anchor))
        return
    for k in range(anchor - start):
        pos = anchor - 1 - k if gaddag else start + k
        tile = L.cells[g.base + pos]
        j = find(nodes, lst, tile & 0x7F)
        if j == 0:
            return
        lst = nodes[j] & ARC
        g.word[pos] = tile
        g.placed[pos] = 0
        main += 0 if tile & BLANK else g.rules.values[tile]
    if gaddag:
        # the separator (tile 0) sorts first in a list
        if lst == 0 or nodes[lst] >> TILE_SHIFT:
            return
        lst = nodes[lst] & ARC
    _walk(g, anchor, lst, 0, start, 1, main, 1, 0, 0, 0)


cdef void _left_part(NativeGenerator g, uint32_t lst, uint8_t *part, int length, int anchor,
                     int limit) noexcept:
    """Appel and Jacobson's left parts: ``part`` (``length`` rack tiles ending before the
    anchor, read from the DAWG's root to ``lst``), then each left part of up to ``limit``
    more tiles; each is walked on right from the anchor."""
    cdef Lane *L = g.lane_arrays
    cdef const uint32_t *nodes = g.lexicon.nodes
    cdef int start = anchor - length, k, i, main = 0, multiplier = 1, value
    cdef uint32_t j, tile, v
    for k in range(length):
        g.word[start + k] = part[k]
        g.placed[start + k] = 1
        i = g.base + start + k
        value = 0 if part[k] & BLANK else g.rules.values[part[k]]
        main += value * L.lm[i]
        multiplier *= L.wm[i]
    _walk(g, anchor, lst, 0, start, 1, main, multiplier, 0, length, 0)
    if limit == 0 or lst == 0:
        return
    j = lst
    while True:
        v = nodes[j]
        tile = v >> TILE_SHIFT
        if tile and (g.rules.letters >> tile) & 1:
            if g.rack[tile]:
                g.rack[tile] -= 1
                part[length] = tile
                _left_part(g, v & ARC, part, length + 1, anchor, limit - 1)
                g.rack[tile] += 1
            if g.rack[0] and _blank_may(g):
                g.rack[0] -= 1
                part[length] = tile | BLANK
                _left_part(g, v & ARC, part, length + 1, anchor, limit - 1)
                g.rack[0] += 1
        if v & IS_END:
            break
        j += 1


cdef void _walk(NativeGenerator g, int pos, uint32_t lst, bint accepts, int start, int step,
                int main, int multiplier, int cross, int count, int last_placed) noexcept:
    """Walk on to square ``pos`` with the list ``lst`` (``accepts``: the letters so far are
    a word), rightwards (``step`` 1) or leftwards (-1), as ``Generator._walk`` of
    ``search.py`` does: read the square's tile; or record the word when it is whole, place
    there each rack tile (a blank as each letter) that the lexicon and the cross-set allow,
    scored, and walk on; leftwards, also cross the separator to the square after the
    anchor."""
    cdef Lane *L = g.lane_arrays
    cdef const uint32_t *nodes = g.lexicon.nodes
    cdef int base = g.base, n = g.n, anchor = g.anchor_pos, i = base + pos
    cdef int end = pos - 1 if step > 0 else anchor  # the word's last square so far
    cdef int after = start if step > 0 else pos  # its first once pos is filled
    cdef int value, lm, wm
    cdef bint on_board = 0 <= pos < n
    cdef uint32_t j, tile, v, allowed
    cdef uint8_t cell
    if on_board and L.cells[i]:
        cell = L.cells[i]
        j = find(nodes, lst, cell & 0x7F)
        if j:
            g.word[pos] = cell
            g.placed[pos] = 0
            _walk(g, pos + step, nodes[j] & ARC, (nodes[j] & ACCEPTS) != 0, after, step,
                  main + (0 if cell & BLANK else g.rules.values[cell]), multiplier, cross, count,
                  last_placed)
        return
    if (accepts and count and end > start and end >= anchor
            and (step > 0 or anchor + 1 == n or L.cells[base + anchor + 1] == 0)):
        _record(g, start, end, main, multiplier, cross, count, last_placed)
    if lst == 0:
        return
    # not off the board, nor (leftwards) the anchor before or past it: its moves are found
    # from there (left_limit, set by the caller of the anchor's walk)
    allowed = L.xset[i] if on_board and (step > 0 or pos > g.left_limit) else 0
    if allowed:  # (a square's set holds only the rack's tiles: see _prepare)
        lm = L.lm[i]
        wm = L.wm[i]
        j = lst
        while True:
            v = nodes[j]
            tile = v >> TILE_SHIFT
            if tile and (allowed >> tile) & 1:
                # the tile, then a blank as that letter (two branches: a loop of two, or a
                # helper, is measurably slower here)
                g.placed[pos] = 1
                if g.rack[tile]:
                    g.rack[tile] -= 1
                    g.word[pos] = tile
                    value = g.rules.values[tile] * lm
                    _walk(g, pos + step, v & ARC, (v & ACCEPTS) != 0, after, step,
                          main + value, multiplier * wm,
                          cross + ((value + L.xscore[i]) * wm if L.xhas[i] else 0),
                          count + 1, pos)
                    g.rack[tile] += 1
                if g.rack[0] and _blank_may(g):
                    g.rack[0] -= 1
                    g.word[pos] = tile | BLANK
                    _walk(g, pos + step, v & ARC, (v & ACCEPTS) != 0, after, step, main,
                          multiplier * wm, cross + (L.xscore[i] * wm if L.xhas[i] else 0),
                          count + 1, pos)
                    g.rack[0] += 1
            if v & IS_END:
                break
            j += 1
    # the separator (tile 0) sorts first in a list, and no string ends with it
    if step < 0 and pos < anchor and anchor + 1 < n and nodes[lst] >> TILE_SHIFT == 0:
        _walk(g, anchor + 1, nodes[lst] & ARC, 0, start, 1, main, multiplier, cross, count,
              last_placed)
