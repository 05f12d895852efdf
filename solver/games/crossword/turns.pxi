# The turn loop (included by movegen.pyx): whole turns chosen and played here, one after another,
# as self-play plays a game and a simulation its plies (NativeGenerator.play). Each turn is the
# player's choice by equity as EquityPlayer makes it from best_turn's answer (_choose): the best
# placement; the best exchange where it is worth more; the pass where it is worth more than
# either. A placement is put on the board and the rack drawn up from the end of the bag
# (_lay); the game ends as selfplay.play ends it (_after). An exchange is chosen here and
# played by the caller, whose bag is shuffled by Python's random (a game from the Python API
# with a random.Random, or one whose events are recorded), or played here (_exchange: a
# self-play game seeded by a string, a simulation's play-outs) with the same draws
# (mersenne.pxi).


cdef int _choose(NativeGenerator g, const uint8_t *board, const int *rack, bint gaddag,
                 LeaveValues leaves, int bag, WordMap wordmap, uint8_t *entry) except -1:
    """Choose the turn of ``rack`` on ``board`` (``bag`` tiles in the bag; ``leaves`` valued
    only while it holds some) and write it in ``entry`` (see :data:`PLAYED`): its kind, and a
    placement's score and record or an exchange's tiles returned (held's place)."""
    cdef bint exchanging = bag >= g.rules.rack_size, have = False
    cdef Py_ssize_t best
    cdef int64_t worth = 0, passing
    cdef int kind = PLAYED_PASS
    _equity_search(g, board, rack, gaddag, 1, leaves if bag > 0 else None, exchanging,
                   wordmap, False)
    best = _best_record(g)
    passing = _pass_worth(g)
    if best >= 0:
        kind, worth, have = PLAYED_PLACE, g.rec_equity[best], True
    if exchanging and g.tables.total > 0 and (not have or g.tables.exchange_worth > worth):
        kind, worth, have = PLAYED_EXCHANGE, g.tables.exchange_worth, True
    if not have or passing > worth:
        kind = PLAYED_PASS
    entry[1] = kind
    if kind == PLAYED_PLACE:
        memcpy(entry + PLAYED_RECORD, g.out + best * RECORD, RECORD)
        _put(entry + PLAYED_SCORE, _record_score(entry + PLAYED_RECORD), 4)
    elif kind == PLAYED_EXCHANGE:
        entry[2] = _returned(g, g.exchange_index, entry + PLAYED_HELD)
    return 0


cdef inline void _put(uint8_t *out, int64_t value, int size) noexcept:
    """``value`` as ``size`` bytes, little-endian."""
    cdef int k
    for k in range(size):
        out[k] = (<uint64_t>value >> (8 * k)) & 0xFF


cdef int _held(const int *rack, uint8_t *out) noexcept:
    """The rack's tiles in tile order (the blank, 0, first): their count."""
    cdef int t, k, n = 0
    for t in range(27):
        for k in range(rack[t]):
            out[n] = t
            n += 1
    return n


cdef int _lay(NativeGenerator g, uint8_t *board, int *rack, const uint8_t *rec) noexcept:
    """Put the tiles placement ``rec`` places on ``board``, from ``rack``: its score."""
    cdef int k, tile
    cdef uint32_t mask = _record_mask(rec)
    for k in range(rec[7]):
        if mask >> k & 1:
            tile = rec[12 + k]
            board[_record_square(g, rec, k)] = tile
            rack[0 if tile & BLANK else tile] -= 1
    return _record_score(rec)


cdef int _rack_points(NativeGenerator g, const int *rack) noexcept:
    cdef int t, points = 0
    for t in range(27):
        points += g.rules.values[t] * rack[t]
    return points


cdef int _draw_up(int *rack, const uint8_t *bag, Py_ssize_t *bag_n, int rack_size) noexcept:
    """Draw ``rack`` up to ``rack_size`` tiles from the end of the bag (``bag_n`` tiles, made
    fewer), as :func:`.selfplay.draw` does: the tiles it then holds."""
    cdef int t, held = 0
    for t in range(27):
        held += rack[t]
    while held < rack_size and bag_n[0] > 0:
        bag_n[0] -= 1
        rack[bag[bag_n[0]]] += 1
        held += 1
    return held


cdef int _after(NativeGenerator g, int (*racks)[27], int64_t *scores, int player, int zeros,
                int max_zeros, uint8_t *bag, Py_ssize_t *bag_n, bint placed) noexcept:
    """After ``player``'s turn (``zeros`` the scoreless turns since, it included): after a
    placement (``placed``) the rack drawn up from the end of the bag and the game over where
    the player went out (twice the other's rack to them); then, after ``max_zeros`` scoreless
    turns, each loses its own rack. 1 where the game is over."""
    cdef int k
    if placed:
        if _draw_up(racks[player], bag, bag_n, g.rules.rack_size) == 0:
            scores[player] += 2 * _rack_points(g, racks[1 - player])
            return 1
    if zeros >= max_zeros:
        for k in range(2):
            scores[k] -= _rack_points(g, racks[k])
        return 1
    return 0


cdef int _check_given(NativeGenerator g, const Game *game, const uint8_t *rec) except -1:
    """Refuse a placement (a native record) that does not fit ``game``: off the board, a tile
    on a square that holds one or a square skipped that holds none, a tile not on the player's
    rack, a tile that is none."""
    cdef int down = rec[4], row = rec[5], col = rec[6], length = rec[7], k, t, square
    cdef uint32_t mask = _record_mask(rec)
    cdef int left[27]
    if down > 1 or not 1 <= length <= MAX_SIDE or mask == 0 or mask >> length:
        raise ValueError("a placement that is no move")
    if row >= g.rules.rows or col >= g.rules.cols or (
            row + length > g.rules.rows if down else col + length > g.rules.cols):
        raise ValueError("a placement off the board")
    memcpy(left, game.racks[game.player], sizeof(left))
    for k in range(length):
        t = rec[12 + k]
        if not 1 <= (t & 0x7F) <= 26:
            raise ValueError("a placement of a tile that is none")
        square = _record_square(g, rec, k)
        if (mask >> k) & 1:
            if game.board[square]:
                raise ValueError("a placement on a square that holds a tile")
            left[0 if t & BLANK else t] -= 1
            if left[0 if t & BLANK else t] < 0:
                raise ValueError("a placement of a tile the rack lacks")
        elif game.board[square] != t:
            raise ValueError("a placement through a square that does not hold its tile")
    return 0


cdef uint8_t *_log_entry(NativeGenerator g) except NULL:
    """A new entry at the end of the log, zeroed."""
    cdef uint8_t *grown
    cdef uint8_t *entry
    if g.log_size + PLAYED > g.log_room:
        grown = <uint8_t *>realloc(g.log, max(64 * PLAYED, 2 * g.log_room))
        if grown == NULL:
            raise MemoryError()
        g.log = grown
        g.log_room = max(64 * PLAYED, 2 * g.log_room)
    entry = g.log + g.log_size
    memset(entry, 0, PLAYED)
    g.log_size += PLAYED
    return entry


cdef int _exchange(Game *game, const uint8_t *returned, int count, Draws *draws,
                   uint8_t *kept) except -1:
    """Play the exchange of ``returned`` (``count`` tiles) for the player on turn as
    :func:`.selfplay.exchange` plays it: as many tiles drawn from the end of the bag, those
    returned put at its end in tile order, the bag shuffled by ``draws``. The tiles kept (the
    rack less those returned, in tile order) in ``kept``: their count."""
    cdef int back[27]
    cdef uint8_t drawn[MAX_RACK]
    cdef int *rack = game.racks[game.player]
    cdef int t, k, n = 0
    memset(back, 0, sizeof(back))
    for k in range(count):
        back[returned[k]] += 1
    for t in range(27):
        for k in range(rack[t] - back[t]):
            kept[n] = t
            n += 1
    for k in range(count):
        game.bag_n -= 1
        drawn[k] = game.bag[game.bag_n]
    for t in range(27):
        rack[t] -= back[t]
        for k in range(back[t]):
            game.bag[game.bag_n] = t
            game.bag_n += 1
    for k in range(count):
        rack[drawn[k]] += 1
    _draws_shuffle(draws, game.bag, game.bag_n)
    return n


cdef int _play_turns(NativeGenerator g, Game *game, int turns, bint gaddag, LeaveValues first,
                     LeaveValues second, int max_zeros, WordMap wordmap,
                     const uint8_t *given, Draws *draws) except -1:
    """Play up to ``turns`` turns of ``game``, ``first``'s leaves those of player 0 and
    ``second``'s of player 1, each turn's entry appended to the log (``log``, ``log_size``):
    until the game is over, or ``turns`` are played, or, where ``draws`` is NULL, an exchange
    is chosen (its entry the last; not played: the player is still on turn); an exchange is
    otherwise played here (:func:`_exchange`). The first turn is ``given`` where that is not
    NULL, not chosen: a turn's entry (:data:`PLAYED`) of its kind and a placement's record
    (checked by :func:`_check_given`) or the tiles an exchange returns (that the rack holds,
    at most as many as the bag). The moves found, summed, in ``generated``."""
    cdef uint8_t *entry
    cdef uint8_t kept[MAX_RACK]
    cdef int played, score, n
    cdef Py_ssize_t generated = 0
    cdef LeaveValues leaves
    for played in range(turns):
        if game.over:
            break
        entry = _log_entry(g)
        leaves = first if game.player == 0 else second
        entry[0] = game.player
        entry[2] = _held(game.racks[game.player], entry + PLAYED_HELD)
        if played == 0 and given != NULL:
            entry[1] = given[1]
            if given[1] == PLAYED_PLACE:
                memcpy(entry + PLAYED_RECORD, given + PLAYED_RECORD, RECORD)
                _put(entry + PLAYED_SCORE, _record_score(given + PLAYED_RECORD), 4)
            elif given[1] == PLAYED_EXCHANGE:
                entry[2] = given[2]
                memcpy(entry + PLAYED_HELD, given + PLAYED_HELD, given[2])
        else:
            _choose(g, game.board, game.racks[game.player], gaddag, leaves, game.bag_n,
                    wordmap, entry)
            generated += g.generated
        if entry[1] == PLAYED_EXCHANGE:
            if draws == NULL:
                break
            n = _exchange(game, entry + PLAYED_HELD, entry[2], draws, kept)  # kept: before
            game.zeros += 1
        else:
            if entry[1] == PLAYED_PLACE:
                score = _lay(g, game.board, game.racks[game.player], entry + PLAYED_RECORD)
                game.scores[game.player] += score
                game.zeros = 0 if score else game.zeros + 1
            else:
                game.zeros += 1
            n = _held(game.racks[game.player], kept)
        if leaves is not None:
            _put(entry + PLAYED_KEPT, _value_of(leaves, kept, n), 8)
        game.over = _after(g, game.racks, game.scores, game.player, game.zeros, max_zeros,
                           game.bag, &game.bag_n, entry[1] == PLAYED_PLACE)
        game.player = 1 - game.player
    g.generated = generated
    return 0
