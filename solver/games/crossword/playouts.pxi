# A simulation's play-outs (included by movegen.pyx): each iteration of lexibench sim played
# here whole, as solver/games/crossword/sim.py plays one in Python (its docstring defines it):
# the unseen tiles shuffled by the iteration's seed, the other player's rack drawn from the end,
# then each candidate in turn played from that same state, and the plies after it, each side's
# best turn by equity (turns.pxi), the exchanges played here with the draws Python's random
# would make (mersenne.pxi). What comes back is each candidate's result; Python keeps the means.


cdef class PlayOuts:
    """The play-outs of one simulation through ``generator`` (see ``playouts.pxi``).

    ``board``: the position's; ``mine``: the rack of the player on turn (27 counts);
    ``known``: the other player's (27 counts) where it is known, else None (then drawn each
    iteration); ``hidden``: the unseen tiles in tile order (the bag before the deal);
    ``scores``, ``zeros``: the position's; ``firsts``: each candidate as a turn's entry
    (:data:`PLAYED`: the kind, a placement's record or the tiles an exchange returns), checked
    here; ``plies`` after each candidate; ``leaves`` the two players' (whole thousandths);
    ``max_zeros`` scoreless turns end a game. ``turns``: the plies' turns played so far."""

    def __cinit__(self, *args, **kwargs):
        self.dealt = NULL
        self.bag = NULL

    def __dealloc__(self):
        free(self.dealt)
        free(self.bag)

    def __init__(self, NativeGenerator generator, const uint8_t[::1] board, mine, known,
                 bytes hidden, scores, int zeros, bytes firsts, int plies, bint gaddag,
                 LeaveValues leaves, int max_zeros, WordMap wordmap=None):
        cdef Game game
        cdef Py_ssize_t n = len(hidden), k, i
        cdef const uint8_t *entry
        cdef int t, held = 0
        cdef int back[27]
        _check(generator, board, wordmap)
        if leaves is None or not leaves.exact:
            raise ValueError("play-outs need leaves of whole thousandths (LeaveValues.exact)")
        if not (plies >= 0 and zeros >= 0 and max_zeros >= 1):
            raise ValueError("play-outs: counts of plies and turns that are not negative")
        if len(firsts) % PLAYED:
            raise ValueError(f"each candidate is one turn's entry of {PLAYED} bytes")
        self.g = generator
        self.leaves = leaves
        self.wordmap = wordmap
        self.gaddag = gaddag
        self.squares = board.shape[0]
        self.plies = plies
        self.max_zeros = max_zeros
        self.count = len(firsts) // PLAYED
        self.zeros = zeros
        self.scores[0] = scores[0]
        self.scores[1] = scores[1]
        memcpy(self.board, &board[0], self.squares)
        self.draw_other = known is None
        for t in range(27):
            self.mine[t] = mine[t]
            self.known[t] = 0 if known is None else known[t]
            if self.mine[t] < 0 or self.known[t] < 0:
                raise ValueError("a rack holds no negative count")
            held += self.mine[t]
        if held > MAX_RACK or _count(self.known) > MAX_RACK:
            raise ValueError(f"a rack holds at most {MAX_RACK} tiles")
        for i in range(n):
            if hidden[i] > 26:
                raise ValueError("the unseen tiles are tiles 0-26")
        self.hidden = hidden
        self.firsts = firsts
        free(self.dealt)  # (__init__ called again: its buffers made anew)
        free(self.bag)
        self.dealt = <uint8_t *>malloc(n + 1)
        self.bag = <uint8_t *>malloc(n + 1)
        if self.dealt == NULL or self.bag == NULL:
            raise MemoryError()
        # each candidate fits the position: a placement its board and rack, an exchange its
        # rack and a bag that holds as many after the other rack's deal
        game.board = self.board
        memcpy(game.racks[0], self.mine, sizeof(self.mine))
        game.player = 0
        for k in range(self.count):
            entry = <const uint8_t *>firsts + k * PLAYED
            if entry[1] == PLAYED_PLACE:
                _check_given(generator, &game, entry + PLAYED_RECORD)
            elif entry[1] == PLAYED_EXCHANGE:
                memset(back, 0, sizeof(back))
                for i in range(entry[2]):
                    t = entry[PLAYED_HELD + i]
                    if t > 26 or back[t] >= self.mine[t]:
                        raise ValueError("an exchange of tiles the rack lacks")
                    back[t] += 1
                if entry[2] < 1 or entry[2] > n - (
                        min(n, generator.rules.rack_size) if self.draw_other else 0):
                    raise ValueError("an exchange of more tiles than the bag holds, or none")
            elif entry[1] != PLAYED_PASS:
                raise ValueError("a candidate is a placement, an exchange or the pass")

    def iteration(self, const uint8_t[::1] deal, const uint8_t[::1] exchanges, live):
        """One iteration: ``deal`` seeds the unseen tiles' shuffle, ``exchanges`` the
        exchanges' (each the big-endian bytes of the number random.seed makes of its string,
        :func:`.solve.seed_number`; each candidate's play-out starts that twister afresh),
        ``live`` whether each candidate is played. Each candidate's result (None where it is
        not played), as :func:`.sim._play_out` computes it."""
        cdef Twister twister
        cdef Draws draws
        cdef Game game
        cdef Py_ssize_t n = len(self.hidden), left, k, e, entries
        cdef int other[27]
        cdef int64_t spread_before = self.scores[0] - self.scores[1]
        cdef double leftover, worth
        cdef const uint8_t *entry
        cdef NativeGenerator g = self.g
        if len(live) != self.count:
            raise ValueError("one live flag a candidate")
        if g.busy:
            raise RuntimeError("this generator is busy: a leave's value asked it for moves")
        if deal.shape[0] == 0 or exchanges.shape[0] == 0:
            raise ValueError("an iteration's seeds are not empty")
        _twister_seed(&twister, &deal[0], deal.shape[0])
        memcpy(self.dealt, <const uint8_t *>self.hidden, n)
        _twister_shuffle(&twister, self.dealt, n)
        memcpy(other, self.known, sizeof(other))
        left = n
        if self.draw_other:  # up to a full rack from the end of the bag
            _draw_up(other, self.dealt, &left, g.rules.rack_size)
        results = []
        g.busy = True
        try:
            for k in range(self.count):
                if not live[k]:
                    results.append(None)
                    continue
                memcpy(self.work, self.board, self.squares)
                memcpy(self.bag, self.dealt, left)
                game.board = self.work
                memcpy(game.racks[0], self.mine, sizeof(self.mine))
                memcpy(game.racks[1], other, sizeof(other))
                game.scores[0] = self.scores[0]
                game.scores[1] = self.scores[1]
                game.bag = self.bag
                game.bag_n = left
                game.zeros = self.zeros
                game.player = 0
                game.over = False
                draws.seeded = False
                draws.seed = &exchanges[0]
                draws.seed_n = exchanges.shape[0]
                g.log_size = 0
                _play_turns(g, &game, self.plies + 1, self.gaddag, self.leaves, self.leaves,
                            self.max_zeros, self.wordmap,
                            <const uint8_t *>self.firsts + k * PLAYED, &draws)
                # the leftover: the last two plies' kept tiles (one ply: the candidate's too)
                leftover = 0.0
                entries = g.log_size // PLAYED
                for e in range(entries):
                    entry = g.log + e * PLAYED
                    worth = <double>_get(entry + PLAYED_KEPT) / 1000.0
                    if e == 0:
                        leftover = worth if self.plies == 1 else 0.0
                        continue
                    self.turns += 1
                    if e - 1 >= self.plies - 2:
                        leftover += worth if entry[0] == 0 else -worth
                results.append(
                    <double>(game.scores[0] - game.scores[1] - spread_before) + leftover)
        finally:
            g.busy = False
        return results


cdef int _count(const int *rack) noexcept:
    """The tiles on a rack (27 counts)."""
    cdef int t, n = 0
    for t in range(27):
        n += rack[t]
    return n


cdef int64_t _get(const uint8_t *data) noexcept:
    """Eight bytes, little-endian, as :func:`_put` writes them."""
    cdef uint64_t value = 0
    cdef int k
    for k in range(8):
        value |= (<uint64_t>data[k]) << (8 * k)
    return <int64_t>value
