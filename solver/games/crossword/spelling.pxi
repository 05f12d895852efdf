# The word map's search (included by movegen.pyx): the moves spelled from a WordMap instead of
# walked. The parts of the rack a move may place (_add_sub, _order_subs); the spans a move may
# cover, bounded as the anchors are (anchors.pxi) and searched best-first (_by_word_map); each
# span's parts, bounded with their own letters and leave (_expand); each part's words
# (_spell, _words, _blank_letters), placed on the span (_place) every way the tiles allow
# (_designate).

# the bounds a slot's heap key holds (see FOUND): one lower is below every line, one higher
# above it; either way only the order matters, and the stop reads the slot's own bound
cdef int64_t LOWEST = -(1LL << 42)
cdef int64_t HIGHEST = 1LL << 42


cdef void _add_sub(NativeGenerator g, const Keeping *k, int kept, int64_t leave, int tiles,
                   int blanks, uint64_t lo, uint64_t hi) noexcept:
    """Note the part of the rack a move places when it keeps the part ``kept`` (its
    mixed-radix index; its tiles counted in ``k.count``): ``tiles`` tiles, ``blanks`` of them
    blanks, its letters ``lo``/``hi``, keeping ``leave``. Whether its tiles alone may spell a
    word is asked later, of all the parts at once (:func:`_alive_subs`)."""
    cdef Sub *sub = &g.tables.subs[g.tables.nsubs]
    cdef int i, t, c, count = 0
    sub.leave = leave
    sub.lo = lo
    sub.hi = hi
    sub.tiles = tiles
    sub.blanks = blanks
    sub.kept = kept
    for i in range(g.tables.nletters):  # its letters' values, largest first
        t = g.tables.by_value[i]
        for c in range(g.rack[t] - k.count[t]):
            sub.values[count] = g.rules.values[t]
            count += 1
    g.tables.nsubs += 1


cdef void _alive_subs(NativeGenerator g, WordMap wordmap) noexcept:
    """Whether each part of the rack may spell a word of ``wordmap`` alone (``Sub.alive``,
    with its group or the letters a blank may be), and the best leave of those of each count
    played (``word_leave``): asked once a call here, not at every span through no board tile.
    The look-ups are batched: each part's is prefetched first, so they wait on memory
    together."""
    cdef Sub *sub
    cdef int i
    cdef uint64_t h
    for i in range(g.tables.nsubs):
        sub = &g.tables.subs[i]
        h = mix(sub.lo, sub.hi)
        sub.hash = h
        if sub.blanks == 0:
            prefetch_group(wordmap, h)
        elif sub.blanks == 1:
            prefetch_blanks(wordmap, h)
    for i in range(g.tables.nsubs):
        sub = &g.tables.subs[i]
        sub.group = NULL
        sub.letters = 0
        if sub.blanks == 0:
            sub.group = find_group_hashed(wordmap, sub.lo, sub.hi, sub.hash)
            sub.alive = sub.group != NULL
        elif sub.blanks == 1:
            sub.letters = completing_hashed(wordmap, sub.hash) & g.rules.letters
            sub.alive = sub.letters != 0
        else:
            sub.alive = sub.tiles > 1
        if sub.alive and sub.leave > g.tables.word_leave[sub.tiles][
                g.tables.blanks_held - sub.blanks]:
            g.tables.word_leave[sub.tiles][g.tables.blanks_held - sub.blanks] = sub.leave


cdef void _order_subs(NativeGenerator g) noexcept:
    """Put the parts of the rack in order: by their tiles, fewest first (those of k from
    ``sub_start[k]``), then by leave, highest first, then by the kept part's index: counted
    into place by tiles, then each count's few sorted by insertion."""
    cdef int i, j, k
    cdef int at[MAX_RACK + 2]
    cdef Sub moving
    cdef Sub *swap
    memset(g.tables.sub_start, 0, sizeof(g.tables.sub_start))
    for i in range(g.tables.nsubs):
        g.tables.sub_start[g.tables.subs[i].tiles + 1] += 1
    for k in range(MAX_RACK + 1):
        g.tables.sub_start[k + 1] += g.tables.sub_start[k]
    memcpy(at, g.tables.sub_start, sizeof(at))
    for i in range(g.tables.nsubs):
        k = g.tables.subs[i].tiles
        g.tables.spare[at[k]] = g.tables.subs[i]
        at[k] += 1
    swap = g.tables.subs
    g.tables.subs = g.tables.spare
    g.tables.spare = swap
    for k in range(MAX_RACK + 1):
        for i in range(g.tables.sub_start[k] + 1, g.tables.sub_start[k + 1]):
            if not _sub_before(&g.tables.subs[i], &g.tables.subs[i - 1]):
                continue
            moving = g.tables.subs[i]
            j = i
            while j > g.tables.sub_start[k] and _sub_before(&moving, &g.tables.subs[j - 1]):
                g.tables.subs[j] = g.tables.subs[j - 1]
                j -= 1
            g.tables.subs[j] = moving


cdef inline bint _sub_before(const Sub *a, const Sub *b) noexcept nogil:
    """The parts' order within a count of tiles: by leave, highest first, then kept index."""
    return a.leave > b.leave or (a.leave == b.leave and a.kept < b.kept)


cdef void _by_word_map(NativeGenerator g) noexcept:
    """The moves (by equity: those that may reach the top) spelled from the word map: every
    span bounded (:func:`_shadow` collecting slots), the spans searched in descending
    bound (:func:`_expand`) until one's bound is below the line."""
    cdef int d, lane, pos, k, i
    cdef Py_ssize_t n
    cdef Anchor anchor
    cdef int64_t bound
    cdef Lane *L
    _order_subs(g)
    for k in range(27):
        g.real_left[k] = 0
        g.blank_left[k] = 0
    g.nslots = 0
    g.collecting = True
    for d in range(2):
        L = &g.dirs[d]
        g.down = d
        g.lane_arrays = L
        g.n = L.n
        for lane in range(L.lanes):
            g.base = lane * g.n
            for pos in range(g.n):
                if L.anchor[g.base + pos]:
                    g.anchor_pos = pos
                    _next_anchor(g)
                    _shadow(g, pos, &anchor)
    g.collecting = False
    if g.failed:
        return
    if not g.by_equity:
        for i in range(g.nslots):
            _expand(g, &g.slots[i])
        return
    # best-first: a max-heap of the slots (most are never reached: no full sort), each a
    # 64-bit key: its bound, then the first found first
    for i in range(g.nslots):
        bound = min(max(g.slots[i].bound, LOWEST), HIGHEST)
        g.ranked[i] = bound * FOUND + (FOUND - 1 - i)
    for i in range(g.nslots // 2 - 1, -1, -1):
        _sift_down(g.ranked, g.nslots, i)
    n = g.nslots
    while n:
        i = FOUND - 1 - (g.ranked[0] & (FOUND - 1))
        if g.heap_n == g.top and g.slots[i].bound < g.heap[0]:
            break
        n -= 1
        g.ranked[0] = g.ranked[n]
        _sift_down(g.ranked, n, 0)
        _expand(g, &g.slots[i])


cdef inline void _next_anchor(NativeGenerator g) noexcept:
    """A new anchor's spans: none of its slots made yet (a new stamp)."""
    if g.anchor_stamp >= 1 << 30:
        memset(g.slot_stamp, 0, sizeof(g.slot_stamp))
        g.anchor_stamp = 0
    g.anchor_stamp += 1


cdef void _expand(NativeGenerator g, const Slot *slot) noexcept:
    """The moves over ``slot``'s spans: each part of the rack of as many tiles as they have
    free squares, bounded with its own letters and leave (on the best of the spans' squares,
    the effective multipliers paired by rank, as the slot keeps them from the spans'
    bounds), spelled (:func:`_spell`) where that bound reaches the line, in the parts' order
    (by leave, highest first): not sorted by bound, which cost more than the few spellings
    it spared. The spans cross the same board tiles, so a part's words are looked up once for
    all of them; the spans' free squares are listed only once a word is found
    (:func:`_free_squares`)."""
    cdef Lane *L
    cdef int pos, i, j, k = slot.tiles, main = 0
    cdef const int *best = slot.effective
    cdef uint64_t lo = 0, hi = 0
    cdef uint8_t tile
    cdef int64_t base, placed, bound, line, most, none = -(1LL << 62)
    cdef Sub *sub
    cdef bint alone = True  # through no board tile (the same in every span of the slot)
    g.down = slot.down
    L = g.lane_arrays = &g.dirs[slot.down]
    g.n = L.n
    g.base = slot.base
    g.anchor_pos = slot.anchor
    g.slot = slot
    g.nfree = k
    g.spans_ready = False
    # the board's letters: the same runs in every span
    for pos in range(slot.first[0], slot.last[0] + 1):
        tile = L.cells[slot.base + pos]
        if tile:
            if letter_count(lo, hi, tile & 0x7F) == 15:
                return  # no word repeats a letter 16 times
            add_letter(&lo, &hi, tile & 0x7F)
            main += 0 if tile & BLANK else g.rules.values[tile]
            alone = False
    base = slot.points + (g.rules.bingo if k == g.rules.rack_size else 0)
    line = g.heap[0] if g.by_equity and g.heap_n == g.top else none
    # no part places more than the rack's best letters on the best squares: with the parts
    # by leave, highest first, the rest are below the line once that bound is
    most = 0
    for i in range(k if k < g.tables.letters_held else g.tables.letters_held):
        most += <int64_t>best[i] * g.tables.values_desc[i]
    most = (base + most) * 1000
    for j in range(g.tables.sub_start[k], g.tables.sub_start[k + 1]):
        sub = &g.tables.subs[j]
        if most + sub.leave < line:
            break
        if alone and not sub.alive:
            continue  # spells no word (asked once a call: _alive_subs)
        placed = 0
        for i in range(k - sub.blanks):
            placed += <int64_t>best[i] * sub.values[i]
        bound = (base + placed) * 1000 + sub.leave
        if bound < line:
            continue  # below the line already: never spelled
        _spell(g, sub, lo, hi, main, alone)
        if g.by_equity and g.heap_n == g.top:
            line = g.heap[0]  # (raised by the moves it found)


cdef void _free_squares(NativeGenerator g, const Slot *slot) noexcept:
    """List each span's free squares and the product of their word multipliers, where a
    word of the slot is first placed."""
    cdef Lane *L = g.lane_arrays
    cdef int s, pos, i, free, multiplier
    for s in range(slot.spans):
        multiplier = 1
        free = 0
        for pos in range(slot.first[s], slot.last[s] + 1):
            i = slot.base + pos
            if not L.cells[i]:
                g.span_free[s][free] = pos
                free += 1
                multiplier *= L.wm[i]
        g.span_multiplier[s] = multiplier
    g.spans_ready = True


cdef void _spell(NativeGenerator g, const Sub *sub, uint64_t lo, uint64_t hi, int main,
                 bint alone) noexcept:
    """The moves placing ``sub`` on the current slot (its board letters ``lo``/``hi``,
    worth ``main``; ``alone``: none, the map already asked by :func:`_alive_subs`): the word
    map's words of those letters and the sub's, each blank standing for each letter that
    completes one."""
    cdef int i, t, rest = sub.kept
    cdef const Group *group = sub.group
    cdef uint32_t letters = sub.letters
    if not add_sets(&lo, &hi, sub.lo, sub.hi):
        return  # a letter past 15: no word has it
    # most parts spell nothing: ask the map before setting the rack up
    if alone:
        pass  # (asked already: _alive_subs)
    elif sub.blanks == 0:
        group = find_group(g.wordmap, lo, hi)
        if group == NULL:
            return
    elif sub.blanks == 1:
        letters = completing(g.wordmap, lo, hi) & g.rules.letters
        if not letters:
            return
    for i in range(g.tables.ndistinct):
        t = g.tables.distinct[i]
        g.rack[t] = rest % (g.tables.full[t] + 1)  # kept: the leave _record reads
        g.real_left[t] = g.tables.full[t] - g.rack[t]
        rest //= g.tables.full[t] + 1
    g.real_left[0] = 0
    if sub.blanks == 0:
        _words(g, group, main)
    elif sub.blanks == 1:
        _blank_letters(g, lo, hi, 1, 1, main, letters)
    else:
        _blank_letters(g, lo, hi, sub.blanks, 1, main, g.rules.letters)
    for i in range(g.tables.ndistinct):
        g.rack[g.tables.distinct[i]] = g.tables.full[g.tables.distinct[i]]


cdef void _words(NativeGenerator g, const Group *group, int main) noexcept:
    """Place each word of ``group`` on each span of the slot (:func:`_place`)."""
    cdef const Slot *slot = g.slot
    cdef int w, s, length = slot.last[0] - slot.first[0] + 1
    if not g.spans_ready:
        _free_squares(g, slot)
    for w in range(group.count):
        for s in range(slot.spans):
            g.first = slot.first[s]
            g.last = slot.last[s]
            g.free_pos = g.span_free[s]
            g.free_multiplier = g.span_multiplier[s]
            _place(g, g.wordmap.words + group.start + w * length, main)


cdef void _blank_letters(NativeGenerator g, uint64_t lo, uint64_t hi, int blanks, int smallest,
                         int main, uint32_t letters) noexcept:
    """The words of ``lo``/``hi`` with ``blanks`` more letters, each at least ``smallest``
    and, for the first of them, in ``letters`` (each set of letters once), the blanks'
    letters counted in ``blank_left``."""
    cdef const Group *group
    cdef uint64_t a, b
    cdef int t
    for t in range(smallest, 27):
        if not (letters >> t) & 1 or letter_count(lo, hi, t) == 15:
            continue
        a, b = lo, hi
        add_letter(&a, &b, t)
        g.blank_left[t] += 1
        if blanks == 1:
            group = find_group(g.wordmap, a, b)
            if group != NULL:
                _words(g, group, main)
        elif blanks == 2:
            _blank_letters(g, a, b, 1, t, main, completing(g.wordmap, a, b) & g.rules.letters)
        else:
            _blank_letters(g, a, b, blanks - 1, t, main, g.rules.letters)
        g.blank_left[t] -= 1


cdef void _place(NativeGenerator g, const uint8_t *spelled, int main) noexcept:
    """Place the word ``spelled`` on the current slot where its letters meet the board's
    and the cross-sets, each way of playing the blanks (:func:`_designate`)."""
    cdef Lane *L = g.lane_arrays
    cdef int pos, i
    cdef uint8_t cell, letter
    for pos in range(g.first, g.last + 1):
        i = g.base + pos
        cell = L.cells[i]
        letter = spelled[pos - g.first]
        if cell:
            if cell & 0x7F != letter:
                return
            g.word[pos] = cell
            g.placed[pos] = 0
        elif not (L.xset[i] >> letter) & 1:
            return
    g.spelled = spelled
    _designate(g, 0, main, 0)


cdef void _designate(NativeGenerator g, int f, int main, int cross) noexcept:
    """Play the free squares from the ``f``-th on: each letter a rack tile of it, or a
    blank standing for it, as many ways as the tiles allow; record each move."""
    cdef Lane *L = g.lane_arrays
    cdef int pos, i, value
    cdef uint8_t letter
    if f == g.nfree:
        _record(g, g.first, g.last, main, g.free_multiplier, cross, g.nfree,
                g.free_pos[g.nfree - 1])
        return
    pos = g.free_pos[f]
    i = g.base + pos
    letter = g.spelled[pos - g.first]
    g.placed[pos] = 1
    if g.real_left[letter]:
        g.real_left[letter] -= 1
        g.word[pos] = letter
        value = g.rules.values[letter] * L.lm[i]
        _designate(g, f + 1, main + value,
                   cross + ((value + L.xscore[i]) * L.wm[i] if L.xhas[i] else 0))
        g.real_left[letter] += 1
    if g.blank_left[letter]:
        g.blank_left[letter] -= 1
        g.word[pos] = letter | BLANK
        _designate(g, f + 1, main, cross + (L.xscore[i] * L.wm[i] if L.xhas[i] else 0))
        g.blank_left[letter] += 1


cdef void _sift_down(int64_t *keys, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    """Restore the max-heap of ``keys[:n]`` below ``i``."""
    cdef Py_ssize_t child
    cdef int64_t moving = keys[i]
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n:
            child += keys[child + 1] > keys[child]  # (no branch on the comparison)
        if keys[child] <= moving:
            break
        keys[i] = keys[child]
        i = child
    keys[i] = moving
