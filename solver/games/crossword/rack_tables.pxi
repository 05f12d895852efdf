# The rack's tables (included by movegen.pyx), made once a call before its search: every part of
# the rack it can keep, enumerated depth first over its distinct tiles (_keep_from), a leave
# table walked one tile at a time along the way as MAGPIE walks its KLV, so that parts sharing
# their first tiles share that walk; for each part (_kept_part), its value, the best leave of
# each count played, the part a move would then place (_add_sub), the pass and the exchanges.


cdef int _rack_tables(NativeGenerator g, LeaveValues leaves, WordMap wordmap,
                      bint exchanging) except -1:
    """Fill ``g.tables`` for the rack in ``g.rack`` (its distinct tiles and their places
    already set): each kept part's value (``leave_buf``, by its mixed-radix index), the best
    leave of each count played (``best_leave``, ``word_leave``), with ``wordmap`` the parts a
    move may place (``subs``), the pass and the exchanges (where ``exchanging``) in the heap,
    the best exchange in ``exchange_worth``/``exchange_kept``. One step of the leave table's
    walk per part, a ``_value_of`` per part otherwise."""
    cdef Keeping keeping
    cdef int i, t, j, u
    memset(keeping.count, 0, sizeof(keeping.count))
    keeping.exchanging = exchanging
    keeping.table = leaves is not None and leaves.table
    if keeping.table:
        keeping.nodes = &leaves.table_nodes[0]
        keeping.counts = &leaves.table_counts[0]
        keeping.values = &leaves.table_values[0]
        keeping.nvalues = leaves.table_values.shape[0]
    # the rack's letters, and its distinct letters by value, highest first
    g.tables.letters_lo = 0
    g.tables.letters_hi = 0
    g.tables.nletters = 0
    for t in range(1, 27):
        if not g.rack[t]:
            continue
        for i in range(g.rack[t]):
            add_letter(&g.tables.letters_lo, &g.tables.letters_hi, t)
        j = g.tables.nletters
        while j > 0 and g.rules.values[g.tables.by_value[j - 1]] < g.rules.values[t]:
            g.tables.by_value[j] = g.tables.by_value[j - 1]
            j -= 1
        g.tables.by_value[j] = t
        g.tables.nletters += 1
    j = 0
    for i in range(g.tables.nletters):  # the rack's letters' values, largest first
        t = g.tables.by_value[i]
        for u in range(g.rack[t]):
            g.tables.values_desc[j] = g.rules.values[t]
            j += 1
    for i in range(g.tables.total + 1):
        for u in range(g.tables.blanks_held + 1):
            g.tables.best_leave[i][u] = -(1LL << 62)
            g.tables.word_leave[i][u] = -(1LL << 62)
    g.tables.exchange_worth = -(1LL << 62)
    g.tables.exchange_kept = -1
    g.tables.nsubs = 0
    _keep_from(g, leaves, wordmap, &keeping, 0, 0, 0, 0, 0,
               keeping.nodes[0] & ARC if keeping.table else 0, 0, True, 0)
    if wordmap is not None:
        _alive_subs(g, wordmap)
    return 0


cdef int _keep_from(NativeGenerator g, LeaveValues leaves, WordMap wordmap, Keeping *k, int i,
                    int index, int length, uint64_t lo, uint64_t hi, uint32_t p, int64_t rank,
                    bint found, int64_t value) except -1:
    """Each part of the rack kept that holds the first ``i`` distinct tiles as chosen so far
    (``length`` tiles in ``k.kept``, letters ``lo``/``hi``, mixed-radix ``index``): then
    0, 1, ... copies of the next. With a leave table, ``p``/``rank`` is where its walk stands
    (:func:`_table_value`'s, one tile at a time; ``found`` False once it left the table),
    ``value`` the kept part's value so far."""
    cdef int t, c
    cdef uint32_t q, node
    cdef int64_t r
    if i == g.tables.ndistinct:
        return _kept_part(g, leaves, wordmap, k, index, length, lo, hi, value)
    t = g.tables.distinct[i]
    _keep_from(g, leaves, wordmap, k, i + 1, index, length, lo, hi, p, rank, found, value)
    for c in range(1, g.rack[t] + 1):
        k.kept[length] = t
        length += 1
        index += g.tables.place[t]
        k.count[t] = c
        if t:
            add_letter(&lo, &hi, t)
        if k.table:
            value = 0
            if found and p != 0:
                r = rank + k.counts[p]
                q = p
                node = k.nodes[q]
                while node >> TILE_SHIFT != <uint32_t>t:
                    if node & IS_END:
                        found = False
                        break
                    q += 1
                    node = k.nodes[q]
                if found:
                    r -= k.counts[q]
                    if node & ACCEPTS:
                        if not 0 <= r < k.nvalues:
                            raise ValueError("a leave ranked past the table's values: its "
                                             "counts are not its nodes'")
                        value = k.values[r]
                        r += 1
                    rank = r
                    p = node & ARC
            else:
                found = False
        _keep_from(g, leaves, wordmap, k, i + 1, index, length, lo, hi, p, rank, found, value)
    k.count[t] = 0
    return 0


cdef int _kept_part(NativeGenerator g, LeaveValues leaves, WordMap wordmap, Keeping *k,
                    int index, int length, uint64_t lo, uint64_t hi,
                    int64_t value) except -1:
    """One part of the rack kept (see :func:`_keep_from`): its value in ``leave_buf``, the
    best leaves, the part a move would place, and the pass or an exchange."""
    cdef int64_t worth = 0
    cdef int played = g.tables.total - length, blanks = k.count[0]
    if k.table:
        worth = value
    elif leaves is not None:
        worth = _value_of(leaves, k.kept, length)
    g.tables.leave_buf[index] = <int32_t>worth
    if worth > g.tables.best_leave[played][blanks]:
        g.tables.best_leave[played][blanks] = worth
    if wordmap is not None and played:
        _add_sub(g, k, index, worth, played, g.tables.blanks_held - blanks,
                 g.tables.letters_lo - lo, g.tables.letters_hi - hi)
    if played == 0:
        _keep(g, worth)  # the pass
    elif k.exchanging:
        _keep(g, worth)
        if worth > g.tables.exchange_worth or (
                worth == g.tables.exchange_worth
                and _exchange_first(g, index, g.tables.exchange_kept)):
            g.tables.exchange_worth = worth
            g.tables.exchange_kept = index
    return 0
