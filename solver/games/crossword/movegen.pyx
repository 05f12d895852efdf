# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The crossword game's native tier: the whole move generation in C over a KWG node array.

The same two algorithms as :mod:`solver.games.crossword.search` (read there what they do), in
the same one walk (``_walk``), with the same single-tile rule and the same scoring, walking the
KWG layout of :mod:`structures.backends.kwg.lexicon` directly: Appel and Jacobson's from the
DAWG's root (node 0), Gordon's from the GADDAG's (node 1). Every move through the GADDAG
(:meth:`NativeGenerator.generate`) starts from MAGPIE's anchors (:meth:`_gaddag_lane`): the last
tile of each run, read leftwards first, so that the letters placed before a run are only those
that may precede it; elsewhere the anchors are ``search.py``'s empty squares. The board, the
rack, each direction's cross-sets (one bit per tile), cross-scores and anchors are C arrays; a
candidate is a C stack frame, the score is carried along, and a move found is written as one
36-byte record (the ``RECORD`` of :mod:`solver.games.crossword.moves`) in a buffer handed back
as one ``bytes``. No Python object is made per candidate or per move. ``best=True`` keeps only
the first move in the moves' order (score, then coordinate and word), for a greedy player.
"""

cimport cython
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.math cimport floor, fma, fmod
from libc.string cimport memcpy, memset

from lexibench.structures.backends.kwg.nodes cimport ACCEPTS, ARC, IS_END, TILE_SHIFT, find
from lexibench.structures.backends.kwg.wordmap cimport (
    Group,
    WordMap,
    add_letter,
    add_sets,
    completing,
    find_group,
    letter_count,
)

# the bounds a slot's heap key holds (see FOUND): one lower is below every line, one higher
# above it; either way only the order matters, and the stop reads the slot's own bound
cdef int64_t LOWEST = -(1LL << 42)
cdef int64_t HIGHEST = 1LL << 42


cdef enum:
    MAX_SIDE = 21
    MAX_SQUARES = 441
    RECORD = 36
    BLANK = 0x80
    MAX_RACK = 16
    LINEAR_WEIGHTS = 256
    GATES = 4  # an anchor's bounds by blanks used: 0, 1, 2, 3 or more
    FOUND = 1 << 20  # the slots' heap keys: a bound times this, plus the order found, reversed
    # (a call finds fewer: at most 2 x 441 anchors, each with at most 16 x 21 spans)


cdef struct Anchor:
    int64_t gate[GATES]  # gate[u]: the bound of its moves using at least u blanks (0: all)
    int down, base, pos


cdef struct Sub:
    # a part of the rack a move may place (the word map's search)
    int64_t leave  # the value of the tiles it keeps, in millipoints
    uint64_t lo, hi  # its letters, as a word map keys them (no blanks)
    int tiles, blanks, kept  # its tiles, the blanks among them, the kept part's index
    int values[MAX_RACK]  # its letters' values, largest first


cdef struct Slot:
    # a span a move may cover: squares first..last of a lane, from an anchor
    int64_t bound
    int down, base, anchor, first, last, tiles


cdef struct Choice:
    int64_t bound
    int sub


cdef struct Lane:
    # one direction's arrays, lane-major (lane * n + pos)
    uint8_t cells[MAX_SQUARES]
    uint32_t xset[MAX_SQUARES]
    int xscore[MAX_SQUARES]
    uint8_t xhas[MAX_SQUARES]
    uint8_t anchor[MAX_SQUARES]
    int lm[MAX_SQUARES]
    int wm[MAX_SQUARES]
    int lanes
    int n




@cython.final
cdef class LeaveValues:
    """What keeping some tiles is worth, in millipoints (``round(1000 * value(tiles))``), for
    :meth:`NativeGenerator.top_equity`: ``value`` (a Python callable of the tiles, sorted, as
    bytes) is asked once per leave, the answer kept in an open-addressing table keyed by the
    tiles (five bits each, up to 12 tiles; a longer leave is asked each time)."""

    cdef object value
    cdef uint64_t *keys
    cdef int32_t *values
    cdef Py_ssize_t capacity, count
    # a linear model (LeaveModel's form): the value computed here, not asked of Python
    cdef bint linear
    cdef bint thousandths  # the callable's values are whole thousandths (a leave table's)
    cdef double weights[LINEAR_WEIGHTS]
    cdef int copies, q, u, last
    cdef uint32_t vowels
    cdef int balance[7][7]

    def __cinit__(self, *args):
        self.keys = NULL
        self.values = NULL
        self.capacity = 0
        self.count = 0
        self.value = None
        self._grow(1024)

    def __dealloc__(self):
        free(self.keys)
        free(self.values)

    def __init__(self, value, linear=None, bint thousandths=False):
        """``linear``: the form of :meth:`LeaveModel.linear_form` (weights, copies, vowels, Q,
        U, balance indices), when ``value`` is that model's: each leave's value is then summed
        here in the same order, left to right, and rounded as Python rounds it, without a
        call into Python. ``thousandths``: ``value`` promises whole thousandths of a point (a
        leave table rounds every value so on load), so that the millipoints kept here are its
        values exactly."""
        cdef int v, c
        self.value = value
        self.linear = False
        self.thousandths = thousandths
        if linear is None:
            return
        weights, copies, vowels, q, u, balance = linear
        if len(weights) > LINEAR_WEIGHTS or not 1 <= copies <= 16:
            raise ValueError("this linear leave model does not fit the native table")
        for v in range(len(weights)):
            self.weights[v] = weights[v]
        self.last = len(weights) - 1
        self.copies = copies
        self.vowels = 0
        for v in vowels:
            self.vowels |= 1u << v
        self.q = q
        self.u = u
        for v in range(7):
            for c in range(7):
                self.balance[v][c] = balance[v][c] if c < len(balance[v]) else -1
                if not -1 <= self.balance[v][c] <= self.last:
                    raise ValueError("a balance index outside the weights")
        for v in range(27):
            if v * copies + copies - 1 > self.last:
                raise ValueError("the weights do not cover every tile")
        if sum(abs(w) for w in weights) >= 2_000_000:
            return  # a sum might not fit the search's 32-bit millipoints: ask Python, which checks
        self.linear = True

    @property
    def exact(self):
        """Whether ``millipoints(tiles) / 1000`` is exactly ``value(tiles)`` (a whole number of
        thousandths): the values are the linear model's, computed here with no call into
        Python, or ``value`` promised whole thousandths (``thousandths``)."""
        return self.linear or self.thousandths

    @property
    def computed(self):
        """Whether the values are computed here (a linear model's), not asked of ``value``."""
        return self.linear

    def millipoints(self, tiles):
        """The value of ``tiles`` (sorted tile numbers), in millipoints, as the search uses it."""
        cdef bytes data = bytes(tiles)
        cdef const uint8_t *raw = data
        return self.value_of(raw, len(data))

    cdef int64_t _linear(self, const uint8_t *tiles, int length) noexcept:
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
            total += self.weights[tile * self.copies + (n if n < self.copies else self.copies) - 1]
            if (self.vowels >> tile) & 1:
                vowels += n
            elif tile == 0:
                blanks = n
            has_q = has_q or tile == self.q
            has_u = has_u or tile == self.u
            i = j
        v = vowels if vowels < 6 else 6
        c = length - vowels - blanks
        if c > 6 - v:
            c = 6 - v
        total += self.weights[self.balance[v][c]]
        if has_q and not has_u:
            total += self.weights[self.last]
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

    def __len__(self):
        return self.count

    cdef int _grow(self, Py_ssize_t capacity) except -1:
        cdef uint64_t *old_keys = self.keys
        cdef int32_t *old_values = self.values
        cdef Py_ssize_t old = self.capacity, i, slot
        self.keys = <uint64_t *>malloc(capacity * sizeof(uint64_t))
        self.values = <int32_t *>malloc(capacity * sizeof(int32_t))
        if self.keys == NULL or self.values == NULL:
            free(self.keys)
            free(self.values)
            self.keys, self.values = old_keys, old_values
            raise MemoryError()
        memset(self.keys, 0, capacity * sizeof(uint64_t))
        self.capacity = capacity
        for i in range(old):
            if old_keys[i]:
                slot = self._slot(old_keys[i])
                self.keys[slot] = old_keys[i]
                self.values[slot] = old_values[i]
        free(old_keys)
        free(old_values)
        return 0

    cdef inline Py_ssize_t _slot(self, uint64_t key) noexcept:
        cdef Py_ssize_t mask = self.capacity - 1
        cdef Py_ssize_t slot = <Py_ssize_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask
        while self.keys[slot] and self.keys[slot] != key:
            slot = (slot + 1) & mask
        return slot

    cdef int64_t _ask(self, const uint8_t *tiles, int length) except? -1:
        """The value of ``tiles`` from the Python callable, in millipoints (checked to fit the
        32 bits a rack's leave table holds)."""
        cdef int64_t worth = round(self.value(bytes(tiles[:length])) * 1000)
        if not -2**31 < worth < 2**31:
            raise ValueError(f"a leave worth {worth / 1000:g} points is out of range")
        return worth

    cdef int64_t value_of(self, const uint8_t *tiles, int length) except? -1:
        """The value of ``tiles`` (sorted), in millipoints."""
        cdef uint64_t key = 1  # a marker bit: the empty leave's key is not 0
        cdef Py_ssize_t slot
        cdef int i
        cdef int64_t worth
        if self.value is None:
            raise ValueError("LeaveValues holds no value function")
        if self.linear:
            return self._linear(tiles, length)
        if length > 12:
            return self._ask(tiles, length)
        for i in range(length):
            key = (key << 5) | (tiles[i] + 1)
        slot = self._slot(key)
        if self.keys[slot] == key:
            return self.values[slot]
        worth = self._ask(tiles, length)
        if 2 * (self.count + 1) > self.capacity:
            self._grow(2 * self.capacity)
            slot = self._slot(key)
        self.keys[slot] = key
        self.values[slot] = <int32_t>worth
        self.count += 1
        return worth


@cython.final
cdef class NativeGenerator:
    """Move generation over ``nodes`` (a KWG array) for one rule set; see the module docstring.

    ``generate(board, rack, gaddag, best)``: ``board`` one byte per square (0 empty, 1-26, or
    ``0x80 | t``), ``rack`` 27 counts (index 0: blanks); returns the records of every legal move
    (or of the best one). ``generated`` is the number of moves the last call found.
    """

    cdef object _owner
    cdef const uint32_t *nodes
    cdef Py_ssize_t size
    cdef int rows, cols, rack_size, bingo, start
    cdef uint32_t letters
    cdef bint has_gaddag  # node 1 leads to the words' GADDAG (cross-sets may be read through it)
    cdef int lmul[MAX_SQUARES]
    cdef int wmul[MAX_SQUARES]
    cdef int values[27]
    # per call
    cdef Lane dirs[2]
    cdef Lane *lane_arrays
    cdef int down, base, anchor_pos, n
    cdef int left_limit  # a walk leftwards from the anchor places tiles only after this square
    cdef int rack[27]
    cdef uint8_t word[MAX_SIDE]
    cdef uint8_t placed[MAX_SIDE]
    cdef bint _gaddag
    cdef uint32_t usable
    cdef bint best_only
    cdef bint have_best
    cdef int best_score
    cdef uint8_t best[RECORD]
    cdef uint8_t candidate[RECORD]
    cdef char *out
    cdef Py_ssize_t out_size, out_room
    cdef bint failed
    cdef readonly Py_ssize_t generated
    # by equity (top_equity): the leave of each kept part of the rack, by its mixed-radix index
    cdef bint by_equity
    cdef bint busy  # in top_equity, which calls back into Python (the leaves' values)
    cdef const int32_t *leave_mp
    cdef int32_t *leave_buf
    cdef int leave_room, leave_size
    cdef int place[27]
    cdef int distinct[27]
    cdef int ndistinct
    cdef int64_t best_leave[MAX_RACK + 1][MAX_RACK + 1]  # [tiles played][blanks kept]
    cdef int values_desc[MAX_RACK]  # the rack's letters' values, largest first (no blank)
    cdef int letters_held, blanks_held
    cdef int64_t span_best[MAX_RACK + 1]  # the anchor being bounded: by blanks used
    cdef int64_t gate[GATES]  # the anchor being searched: Anchor.gate
    # the word map's search (top_equity with a WordMap, every_move_by_map)
    cdef WordMap wordmap
    cdef Sub *subs
    cdef Sub *spare  # as many: where the parts are put in order (_order_subs)
    cdef Choice *choices
    cdef int sub_room, nsubs
    cdef int sub_start[MAX_RACK + 2]  # the parts of k tiles: subs[sub_start[k]:sub_start[k+1]]
    cdef Slot *slots
    cdef int64_t *ranked  # the best-first heap's keys of the slots (see _by_word_map)
    cdef Py_ssize_t slot_room, nslots
    cdef bint collecting
    cdef int span_first
    cdef int full[27]
    cdef int real_left[27]
    cdef int blank_left[27]
    cdef int free_pos[MAX_SIDE]
    cdef int nfree, first, last, free_multiplier
    cdef const uint8_t *spelled
    cdef int total
    cdef int64_t *heap
    cdef int heap_n, top
    # cross-sets kept from call to call (a game's next turn changes a few lines): the board of
    # the last call, and each square's cross-set over every letter; :meth:`_prepare` asks
    # again only where the line of the square's cross-word changed
    cdef uint8_t seen[MAX_SQUARES]
    cdef bint seen_valid, keep
    cdef uint32_t xkept[2][MAX_SQUARES]
    # by equity: each record's equity in millipoints, to drop those below the final line
    cdef int64_t *rec_equity
    cdef int exchange_index  # the part of the rack the best exchange keeps (_top_equity)
    cdef Py_ssize_t rec_room

    def __cinit__(self):
        self.out = NULL
        self.out_room = 0
        self.heap = NULL
        self.leave_buf = NULL
        self.leave_room = 0
        self.subs = NULL
        self.spare = NULL
        self.choices = NULL
        self.sub_room = 0
        self.slots = NULL
        self.ranked = NULL
        self.slot_room = 0
        self.seen_valid = False
        self.left_limit = -1
        self.rec_equity = NULL
        self.rec_room = 0

    def __dealloc__(self):
        free(self.out)
        free(self.heap)
        free(self.leave_buf)
        free(self.subs)
        free(self.spare)
        free(self.choices)
        free(self.slots)
        free(self.ranked)
        free(self.rec_equity)

    def __init__(self, nodes, int rows, int cols, letter_multiplier, word_multiplier, values,
                 int start, int rack_size, int bingo, int letters, bint both=False,
                 bint keep=True):
        """``both``: node 1 of ``nodes`` is the GADDAG of node 0's words (the caller knows it:
        :attr:`KwgLexicon.gaddag_of_words`), so a cross-set may be read through either.
        ``keep``: keep the cross-sets from call to call (False: every call makes them all, as
        a timing of one position's whole work wants)."""
        cdef const uint32_t[::1] view = nodes
        cdef int i
        if not (2 <= rows <= MAX_SIDE and 2 <= cols <= MAX_SIDE):
            raise ValueError(f"a board is from 2x2 to {MAX_SIDE}x{MAX_SIDE}")
        if view.shape[0] < 2:
            raise ValueError("a KWG has at least its two root nodes")
        self._owner = nodes
        self.nodes = &view[0]
        self.size = view.shape[0]
        self.has_gaddag = both and (view[1] & ARC) != 0
        self.seen_valid = False  # (a generator set up again keeps no cross-set)
        self.keep = keep
        self.rows = rows
        self.cols = cols
        self.start = start
        self.rack_size = rack_size
        self.bingo = bingo
        self.letters = <uint32_t>letters
        for i in range(rows * cols):
            self.lmul[i] = letter_multiplier[i]
            self.wmul[i] = word_multiplier[i]
        for i in range(27):
            self.values[i] = values[i]

    cdef int _check(self, const uint8_t[::1] board, WordMap wordmap) except -1:
        """Refuse a call on a board of another size, with a word map that does not hold every
        word, or while a leave's value (Python) is asking this generator for moves."""
        if board.shape[0] != self.rows * self.cols:
            raise ValueError("the board does not match the rule set")
        if wordmap is not None and not wordmap.complete:
            raise ValueError("the word map does not hold every word (a letter repeated 16 times)")
        if self.busy:
            raise RuntimeError("this generator is busy: a leave's value asked it for moves")
        return 0

    def generate(self, const uint8_t[::1] board, rack, bint gaddag, bint best=False):
        """The records of every legal move (``best``: of the first in order, or none)."""
        cdef int i, lane, pos, d
        self._check(board, None)
        for i in range(27):
            self.rack[i] = rack[i]
        self._start(&board[0], gaddag)
        self.best_only = best
        self.by_equity = False
        self.have_best = False
        for d in range(2):
            self.down = d
            self.lane_arrays = &self.dirs[d]
            self.n = self.dirs[d].n
            for lane in range(self.dirs[d].lanes):
                self.base = lane * self.n
                if gaddag:
                    self._gaddag_lane()
                    continue
                for pos in range(self.n):
                    if self.dirs[d].anchor[self.base + pos]:
                        self.anchor_pos = pos
                        self._from_anchor(pos)
        if self.failed:
            raise MemoryError()
        if best:
            return (<char *>self.best)[:RECORD] if self.have_best else b""
        return self.out[:self.out_size] if self.out_size else b""

    def top_equity(self, const uint8_t[::1] board, rack, bint gaddag, int top,
                   LeaveValues leaves, bint exchanging, WordMap wordmap=None):
        """The placements that may be among the ``top`` turns of highest equity, found
        best-first: ``(records, best_exchange)``, the records of :meth:`generate` and the best
        exchange's equity in millipoints (None where there is none). A move's equity is its
        score plus the value of the tiles it keeps (``leaves``, in millipoints; None: every
        leave is worth nothing, the bag being empty); the exchanges (where ``exchanging``) and
        the pass compete for the top too.

        Each anchor's moves are bounded first (:meth:`_shadow`), by the blanks they use:
        score (the placed letters' values paired, largest with largest, with the squares'
        effective multipliers) plus the best leave of as many tiles played that keeps the
        other blanks; the anchors are visited in descending bound, and the search stops at the
        first whose bound is below the ``top``-th best equity found.
        Within an anchor, a blank is placed only while the bound of its moves using that many
        blanks reaches the line (:meth:`_blank_may`). Moves below the final line are not
        returned, even those written before the line rose
        (:meth:`_drop_below`); those returned are a superset of the top placements, to be
        ordered exactly by the caller.

        With ``wordmap`` (a :class:`WordMap` of the same lexicon, :attr:`WordMap.complete`),
        the moves are spelled from it instead of walked (:meth:`_by_word_map`): every span a
        move may cover is bounded as above, and each part of the rack that may fill it again,
        with that part's own letters and leave; the word map is asked only for the parts whose
        bound reaches the line."""
        if top < 1:
            raise ValueError("top is at least 1")
        return self._search(board, rack, gaddag, top, leaves, exchanging, wordmap, False)

    def best_turn(self, const uint8_t[::1] board, rack, bint gaddag, LeaveValues leaves,
                  bint exchanging, WordMap wordmap=None):
        """The player's choice by equity, made here: ``(record, equity, pass_equity,
        exchange, returned)``, the record of the placement first by equity (then score,
        coordinate and word, the moves' order; ``b""`` where there is none) and its equity, the
        pass's, and the best exchange's equity (None where there is none) with the tiles it
        returns (tile numbers, the blank 0; the first of the exchanges of that equity in the
        turns' order: fewer tiles returned first, then the tiles as written), in millipoints.
        Found as :meth:`top_equity` finds the top turn; the leaves' values must be whole
        thousandths (``leaves`` None, the bag being empty, or :attr:`LeaveValues.exact`), so
        that these equities order the turns exactly as the points do."""
        cdef Py_ssize_t i, count, best = -1
        cdef uint8_t out[MAX_RACK]
        cdef int n
        if leaves is not None and not (leaves.linear or leaves.thousandths):
            raise ValueError("best_turn needs leaves of whole thousandths (LeaveValues.exact)")
        _, exchange = self._search(board, rack, gaddag, 1, leaves, exchanging, wordmap, False)
        returned = None
        if exchange is not None:
            n = self._returned(self.exchange_index, out)
            returned = bytes([out[i] for i in range(n)])
        count = self.out_size // RECORD
        for i in range(count):
            if best < 0 or self.rec_equity[i] > self.rec_equity[best] or (
                    self.rec_equity[i] == self.rec_equity[best]
                    and _better(<uint8_t *>self.out + i * RECORD,
                                <uint8_t *>self.out + best * RECORD)):
                best = i
        if best < 0:
            return b"", None, self.leave_buf[self.leave_size - 1], exchange, returned
        return (self.out[best * RECORD:(best + 1) * RECORD], self.rec_equity[best],
                self.leave_buf[self.leave_size - 1], exchange, returned)

    def every_move_by_map(self, const uint8_t[::1] board, rack, WordMap wordmap):
        """The records of every legal move, as :meth:`generate` lists them (in another order),
        spelled from ``wordmap`` span by span instead of walked: the word map's answer to
        "every move", for the comparison with the KWG."""
        if wordmap is None:
            raise TypeError("every_move_by_map needs a WordMap")
        return self._search(board, rack, False, 1, None, False, wordmap, True)[0]

    cdef object _search(self, const uint8_t[::1] board, rack, bint gaddag, int top,
                        LeaveValues leaves, bint exchanging, WordMap wordmap, bint everything):
        """:meth:`_top_equity` after :meth:`_check`, the generator marked busy meanwhile (a
        leave's value, asked in Python, may not call it back)."""
        self._check(board, wordmap)
        self.busy = True
        try:
            return self._top_equity(board, rack, gaddag, top, leaves, exchanging, wordmap,
                                    everything)
        finally:
            self.busy = False

    cdef object _top_equity(self, const uint8_t[::1] board, rack, bint gaddag, int top,
                            LeaveValues leaves, bint exchanging, WordMap wordmap,
                            bint everything):
        cdef int i, d, count = 0, t, size, index, rest, played, length, u, blanks
        cdef int64_t worth, best_exchange = -(1LL << 62)
        cdef int best_index = -1
        cdef int32_t *grown
        cdef uint8_t kept[MAX_RACK]
        self.total = 0
        self.ndistinct = 0
        size = 1
        for i in range(27):
            self.rack[i] = rack[i]
            self.full[i] = rack[i]
            self.total += self.rack[i]
            self.place[i] = 0
            if self.rack[i]:
                self.distinct[self.ndistinct] = i
                self.ndistinct += 1
                self.place[i] = size
                size *= self.rack[i] + 1
        if self.total > MAX_RACK:
            raise ValueError(f"a rack holds at most {MAX_RACK} tiles")
        if size > self.leave_room:
            grown = <int32_t *>realloc(self.leave_buf, size * sizeof(int32_t))
            if grown == NULL:
                raise MemoryError()
            self.leave_buf = grown
            self.leave_room = size
        self.leave_mp = self.leave_buf
        self.leave_size = size  # the last: every tile kept (the pass)
        free(self.heap)
        self.heap = <int64_t *>malloc(top * sizeof(int64_t))
        if self.heap == NULL:
            raise MemoryError()
        self.top = top
        self.heap_n = 0
        # every part of the rack it can keep (a mixed-radix index over its distinct tiles):
        # its value, the best of each count played, and the exchanges and the pass
        self.blanks_held = self.rack[0]
        self.letters_held = self.total - self.blanks_held
        if wordmap is not None and size > self.sub_room:
            free(self.subs)
            free(self.spare)
            free(self.choices)
            self.subs = <Sub *>malloc(size * sizeof(Sub))
            self.spare = <Sub *>malloc(size * sizeof(Sub))
            self.choices = <Choice *>malloc(size * sizeof(Choice))
            self.sub_room = (size if self.subs != NULL and self.spare != NULL
                             and self.choices != NULL else 0)
            if self.sub_room == 0:
                raise MemoryError()
        self.nsubs = 0
        for i in range(self.total + 1):
            for u in range(self.blanks_held + 1):
                self.best_leave[i][u] = -(1LL << 62)
        for index in range(size):
            rest = index
            length = 0
            for i in range(self.ndistinct):
                t = self.distinct[i]
                for d in range((rest % (self.rack[t] + 1))):
                    kept[length] = t
                    length += 1
                rest //= self.rack[t] + 1
            worth = leaves.value_of(kept, length) if leaves is not None else 0
            self.leave_buf[index] = <int32_t>worth
            played = self.total - length
            blanks = index % (self.rack[0] + 1) if self.rack[0] else 0  # blanks kept
            if worth > self.best_leave[played][blanks]:
                self.best_leave[played][blanks] = worth
            if wordmap is not None and played:
                self._add_sub(index, worth, played, self.rack[0] - blanks)
            if played == 0:
                self._keep(worth)  # the pass
            elif exchanging:
                self._keep(worth)
                if worth > best_exchange or (
                        worth == best_exchange and self._exchange_first(index, best_index)):
                    best_exchange = worth
                    best_index = index
        # the rack's letters' values, largest first
        count = 0
        for t in range(1, 27):
            for i in range(self.rack[t]):
                self.values_desc[count] = self.values[t]
                count += 1
        qsort(self.values_desc, count, sizeof(int), _descending_int)
        self._start(&board[0], gaddag)
        self.best_only = False
        self.by_equity = not everything
        if wordmap is not None:
            self.wordmap = wordmap
            try:
                self._by_word_map()
            finally:
                self.wordmap = None
        else:
            self._by_anchors()
        if self.failed:
            raise MemoryError()
        if self.by_equity:
            self._drop_below()
        found = self.out[:self.out_size] if self.out_size else b""
        self.exchange_index = best_index
        return found, (best_exchange if exchanging and self.total > 0 else None)

    cdef int _returned(self, int index, uint8_t *out) noexcept:
        """The tiles an exchange that keeps the part ``index`` of the rack returns, in the
        order a rack is written (letters in order, then the blanks, 0): their count. Compared
        element by element, they order as the texts do (``?`` before the letters)."""
        cdef int i, t, k, kept, n = 0, rest = index, blanks = 0
        for i in range(self.ndistinct):
            t = self.distinct[i]
            kept = rest % (self.rack[t] + 1)
            rest //= self.rack[t] + 1
            if t == 0:
                blanks = self.rack[0] - kept
                continue
            for k in range(self.rack[t] - kept):
                out[n] = t
                n += 1
        for k in range(blanks):
            out[n] = 0
            n += 1
        return n

    cdef bint _exchange_first(self, int index, int other) noexcept:
        """Whether the exchange keeping the part ``index`` comes before the one keeping
        ``other`` among exchanges of one equity (equity.order's tie-break): fewer tiles returned
        first, then the tiles returned, as written."""
        cdef uint8_t a[MAX_RACK]
        cdef uint8_t b[MAX_RACK]
        cdef int n, m, i
        if other < 0:
            return True
        n = self._returned(index, a)
        m = self._returned(other, b)
        if n != m:
            return n < m
        for i in range(n):
            if a[i] != b[i]:
                return a[i] < b[i]
        return False

    cdef int _by_anchors(self) except -1:
        """The moves (by equity: those that may reach the top) walked from each anchor, the
        anchors bounded first (:meth:`_shadow`) and searched in descending bound until one's
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
                L = &self.dirs[d]
                self.lane_arrays = L
                self.n = L.n
                for lane in range(L.lanes):
                    self.base = lane * self.n
                    for pos in range(self.n):
                        if L.anchor[self.base + pos]:
                            self._shadow(pos, &anchors[count])
                            anchors[count].down = d
                            anchors[count].base = self.base
                            anchors[count].pos = pos
                            count += 1
            qsort(anchors, count, sizeof(Anchor), _descending_bound)
            for i in range(count):
                if self.heap_n == self.top and anchors[i].gate[0] < self.heap[0]:
                    break
                self.down = anchors[i].down
                self.lane_arrays = &self.dirs[self.down]
                self.n = self.dirs[self.down].n
                self.base = anchors[i].base
                self.anchor_pos = anchors[i].pos
                memcpy(self.gate, anchors[i].gate, sizeof(self.gate))
                self._from_anchor(anchors[i].pos)
        finally:
            free(anchors)
        return 0

    # --- the word map's search ---------------------------------------------------------------

    cdef void _add_sub(self, int kept, int64_t leave, int tiles, int blanks) noexcept:
        """Note the part of the rack that keeps the part ``kept`` (its mixed-radix index):
        ``tiles`` tiles, ``blanks`` of them blanks, keeping ``leave``."""
        cdef Sub *sub = &self.subs[self.nsubs]
        cdef int i, t, n, c, count = 0, j, v
        cdef int rest = kept
        sub.leave = leave
        sub.lo = 0
        sub.hi = 0
        sub.tiles = tiles
        sub.blanks = blanks
        sub.kept = kept
        for i in range(self.ndistinct):
            t = self.distinct[i]
            n = self.rack[t] - rest % (self.rack[t] + 1)  # the tiles of t it places
            rest //= self.rack[t] + 1
            if t == 0:
                continue
            for c in range(n):
                add_letter(&sub.lo, &sub.hi, t)
                v = self.values[t]
                j = count
                while j > 0 and sub.values[j - 1] < v:
                    sub.values[j] = sub.values[j - 1]
                    j -= 1
                sub.values[j] = v
                count += 1
        self.nsubs += 1

    cdef void _order_subs(self) noexcept:
        """Put the parts of the rack in order: by their tiles, fewest first (those of k from
        ``sub_start[k]``), then by leave, highest first, then as made (by the kept part's
        index): counted into place by tiles, then each count's few sorted by insertion."""
        cdef int i, j, k
        cdef int at[MAX_RACK + 2]
        cdef Sub moving
        cdef Sub *swap
        memset(self.sub_start, 0, sizeof(self.sub_start))
        for i in range(self.nsubs):
            self.sub_start[self.subs[i].tiles + 1] += 1
        for k in range(MAX_RACK + 1):
            self.sub_start[k + 1] += self.sub_start[k]
        memcpy(at, self.sub_start, sizeof(at))
        for i in range(self.nsubs):  # made in the kept part's order: it stays within a count
            k = self.subs[i].tiles
            self.spare[at[k]] = self.subs[i]
            at[k] += 1
        swap = self.subs
        self.subs = self.spare
        self.spare = swap
        for k in range(MAX_RACK + 1):
            for i in range(self.sub_start[k] + 1, self.sub_start[k + 1]):
                if self.subs[i].leave <= self.subs[i - 1].leave:
                    continue
                moving = self.subs[i]
                j = i
                while j > self.sub_start[k] and self.subs[j - 1].leave < moving.leave:
                    self.subs[j] = self.subs[j - 1]
                    j -= 1
                self.subs[j] = moving

    cdef void _by_word_map(self) noexcept:
        """The moves (by equity: those that may reach the top) spelled from the word map: every
        span bounded (:meth:`_shadow` collecting slots), the spans searched in descending
        bound (:meth:`_expand`) until one's bound is below the line."""
        cdef int d, lane, pos, k, i
        cdef Py_ssize_t n
        cdef Anchor anchor
        cdef int64_t bound
        cdef Lane *L
        self._order_subs()
        for k in range(27):
            self.real_left[k] = 0
            self.blank_left[k] = 0
        self.nslots = 0
        self.collecting = True
        for d in range(2):
            L = &self.dirs[d]
            self.down = d
            self.lane_arrays = L
            self.n = L.n
            for lane in range(L.lanes):
                self.base = lane * self.n
                for pos in range(self.n):
                    if L.anchor[self.base + pos]:
                        self.anchor_pos = pos
                        self._shadow(pos, &anchor)
        self.collecting = False
        if self.failed:
            return
        if not self.by_equity:
            for i in range(self.nslots):
                self._expand(&self.slots[i])
            return
        # best-first: a max-heap of the slots (most are never reached: no full sort), each a
        # 64-bit key: its bound, then the first found first
        for i in range(self.nslots):
            bound = min(max(self.slots[i].bound, LOWEST), HIGHEST)
            self.ranked[i] = bound * FOUND + (FOUND - 1 - i)
        for i in range(self.nslots // 2 - 1, -1, -1):
            _sift_down(self.ranked, self.nslots, i)
        n = self.nslots
        while n:
            i = FOUND - 1 - (self.ranked[0] & (FOUND - 1))
            if self.heap_n == self.top and self.slots[i].bound < self.heap[0]:
                break
            n -= 1
            self.ranked[0] = self.ranked[n]
            _sift_down(self.ranked, n, 0)
            self._expand(&self.slots[i])

    cdef void _expand(self, const Slot *slot) noexcept:
        """The moves over ``slot``: each part of the rack of as many tiles as it has free
        squares, bounded with its own letters and leave, searched in descending bound
        (:meth:`_spell`)."""
        cdef Lane *L
        cdef int pos, i, j, m, k = slot.tiles, main = 0, multiplier = 1, cross = 0, count = 0
        cdef int effective[MAX_SIDE]
        cdef uint64_t lo = 0, hi = 0
        cdef uint8_t tile
        cdef int64_t base, placed, bound, line, most, none = -(1LL << 62)
        cdef Sub *sub
        cdef Choice choice
        self.down = slot.down
        L = self.lane_arrays = &self.dirs[slot.down]
        self.n = L.n
        self.base = slot.base
        self.anchor_pos = slot.anchor
        self.first = slot.first
        self.last = slot.last
        self.nfree = 0
        for pos in range(slot.first, slot.last + 1):
            i = slot.base + pos
            tile = L.cells[i]
            if tile:
                if letter_count(lo, hi, tile & 0x7F) == 15:
                    return  # no word repeats a letter 16 times
                add_letter(&lo, &hi, tile & 0x7F)
                main += 0 if tile & BLANK else self.values[tile]
            else:
                self.free_pos[self.nfree] = pos
                self.nfree += 1
                multiplier *= L.wm[i]
                if L.xhas[i]:
                    cross += L.xscore[i] * L.wm[i]
        self.free_multiplier = multiplier
        for j in range(self.nfree):
            i = slot.base + self.free_pos[j]
            m = L.lm[i] * (multiplier + (L.wm[i] if L.xhas[i] else 0))
            pos = j
            while pos > 0 and effective[pos - 1] < m:
                effective[pos] = effective[pos - 1]
                pos -= 1
            effective[pos] = m
        base = <int64_t>main * multiplier + cross + (self.bingo if k == self.rack_size else 0)
        line = self.heap[0] if self.by_equity and self.heap_n == self.top else none
        # no part places more than the rack's best letters on the best squares: with the parts
        # by leave, highest first, the rest are below the line once that bound is
        most = 0
        for i in range(k if k < self.letters_held else self.letters_held):
            most += <int64_t>effective[i] * self.values_desc[i]
        most = (base + most) * 1000
        for j in range(self.sub_start[k], self.sub_start[k + 1]):
            sub = &self.subs[j]
            if most + sub.leave < line:
                break
            placed = 0
            for i in range(k - sub.blanks):
                placed += <int64_t>effective[i] * sub.values[i]
            bound = (base + placed) * 1000 + sub.leave
            if bound < line:
                continue  # below the line already: never spelled
            self.choices[count].bound = bound
            self.choices[count].sub = j
            count += 1
        if self.by_equity and count > 48:
            qsort(self.choices, count, sizeof(Choice), _descending_choice)
        elif self.by_equity:  # few: an insertion sort, no calls
            for j in range(1, count):
                choice = self.choices[j]
                i = j
                while i > 0 and _before(&choice, &self.choices[i - 1]):
                    self.choices[i] = self.choices[i - 1]
                    i -= 1
                self.choices[i] = choice
        for j in range(count):
            if (self.by_equity and self.heap_n == self.top
                    and self.choices[j].bound < self.heap[0]):
                break
            self._spell(&self.subs[self.choices[j].sub], lo, hi, main)

    cdef void _spell(self, const Sub *sub, uint64_t lo, uint64_t hi, int main) noexcept:
        """The moves placing ``sub`` on the current slot (its board letters ``lo``/``hi``,
        worth ``main``): the word map's words of those letters and the sub's, each blank
        standing for each letter that completes one."""
        cdef int i, t, rest = sub.kept
        cdef const Group *g = NULL
        cdef uint32_t letters = 0
        if not add_sets(&lo, &hi, sub.lo, sub.hi):
            return  # a letter past 15: no word has it
        # most parts spell nothing: ask the map before setting the rack up
        if sub.blanks == 0:
            g = find_group(self.wordmap, lo, hi)
            if g == NULL:
                return
        elif sub.blanks == 1:
            letters = completing(self.wordmap, lo, hi) & self.letters
            if not letters:
                return
        for i in range(self.ndistinct):
            t = self.distinct[i]
            self.rack[t] = rest % (self.full[t] + 1)  # kept: the leave _record reads
            self.real_left[t] = self.full[t] - self.rack[t]
            rest //= self.full[t] + 1
        self.real_left[0] = 0
        if sub.blanks == 0:
            self._words(g, main)
        elif sub.blanks == 1:
            self._blank_letters(lo, hi, 1, 1, main, letters)
        else:
            self._blank_letters(lo, hi, sub.blanks, 1, main, self.letters)
        for i in range(self.ndistinct):
            self.rack[self.distinct[i]] = self.full[self.distinct[i]]

    cdef void _words(self, const Group *g, int main) noexcept:
        """Place each word of the group ``g`` (:meth:`_place`)."""
        cdef int w, length = self.last - self.first + 1
        for w in range(g.count):
            self._place(self.wordmap.words + g.start + w * length, main)

    cdef void _blank_letters(self, uint64_t lo, uint64_t hi, int blanks, int smallest,
                             int main, uint32_t letters) noexcept:
        """The words of ``lo``/``hi`` with ``blanks`` more letters, each at least ``smallest``
        and, for the first of them, in ``letters`` (each set of letters once), the blanks'
        letters counted in ``blank_left``."""
        cdef const Group *g
        cdef uint64_t a, b
        cdef int t
        for t in range(smallest, 27):
            if not (letters >> t) & 1 or letter_count(lo, hi, t) == 15:
                continue
            a, b = lo, hi
            add_letter(&a, &b, t)
            self.blank_left[t] += 1
            if blanks == 1:
                g = find_group(self.wordmap, a, b)
                if g != NULL:
                    self._words(g, main)
            elif blanks == 2:
                self._blank_letters(a, b, 1, t, main, completing(self.wordmap, a, b) & self.letters)
            else:
                self._blank_letters(a, b, blanks - 1, t, main, self.letters)
            self.blank_left[t] -= 1

    cdef void _place(self, const uint8_t *spelled, int main) noexcept:
        """Place the word ``spelled`` on the current slot where its letters meet the board's
        and the cross-sets, each way of playing the blanks (:meth:`_designate`)."""
        cdef Lane *L = self.lane_arrays
        cdef int pos, i
        cdef uint8_t cell, letter
        for pos in range(self.first, self.last + 1):
            i = self.base + pos
            cell = L.cells[i]
            letter = spelled[pos - self.first]
            if cell:
                if cell & 0x7F != letter:
                    return
                self.word[pos] = cell
                self.placed[pos] = 0
            elif not (L.xset[i] >> letter) & 1:
                return
        self.spelled = spelled
        self._designate(0, main, 0)

    cdef void _designate(self, int f, int main, int cross) noexcept:
        """Play the free squares from the ``f``-th on: each letter a rack tile of it, or a
        blank standing for it, as many ways as the tiles allow; record each move."""
        cdef Lane *L = self.lane_arrays
        cdef int pos, i, value
        cdef uint8_t letter
        if f == self.nfree:
            self._record(self.first, self.last, main, self.free_multiplier, cross, self.nfree,
                         self.free_pos[self.nfree - 1])
            return
        pos = self.free_pos[f]
        i = self.base + pos
        letter = self.spelled[pos - self.first]
        self.placed[pos] = 1
        if self.real_left[letter]:
            self.real_left[letter] -= 1
            self.word[pos] = letter
            value = self.values[letter] * L.lm[i]
            self._designate(f + 1, main + value,
                            cross + ((value + L.xscore[i]) * L.wm[i] if L.xhas[i] else 0))
            self.real_left[letter] += 1
        if self.blank_left[letter]:
            self.blank_left[letter] -= 1
            self.word[pos] = letter | BLANK
            self._designate(f + 1, main, cross + (L.xscore[i] * L.wm[i] if L.xhas[i] else 0))
            self.blank_left[letter] += 1

    cdef void _keep(self, int64_t equity) noexcept:
        """Count ``equity`` among the best ``top`` (a min-heap of them: ``heap[0]`` the worst)."""
        cdef int i, child
        cdef int64_t swap
        if self.heap_n < self.top:
            i = self.heap_n
            self.heap[i] = equity
            self.heap_n += 1
            while i > 0 and self.heap[(i - 1) // 2] > self.heap[i]:
                swap = self.heap[(i - 1) // 2]
                self.heap[(i - 1) // 2] = self.heap[i]
                self.heap[i] = swap
                i = (i - 1) // 2
            return
        if equity <= self.heap[0]:
            return
        self.heap[0] = equity
        i = 0
        while True:
            child = 2 * i + 1
            if child >= self.heap_n:
                break
            if child + 1 < self.heap_n and self.heap[child + 1] < self.heap[child]:
                child += 1
            if self.heap[child] >= self.heap[i]:
                break
            swap = self.heap[child]
            self.heap[child] = self.heap[i]
            self.heap[i] = swap
            i = child

    cdef void _shadow(self, int anchor, Anchor *out) noexcept:
        """Bound the equity (millipoints) of every move whose leftmost anchor is ``anchor`` in
        the current lane (the geometry of :meth:`_from_anchor`), by the blanks it uses:
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
        cdef Lane *L = self.lane_arrays
        cdef int base = self.base, start = anchor, pos, limit, left, u
        cdef int main = 0, multiplier = 1
        cdef int64_t none = -(1LL << 62)
        cdef int lms[MAX_RACK]
        cdef int wms[MAX_RACK]
        cdef uint8_t crossed[MAX_RACK]
        cdef uint8_t tile
        for u in range(self.blanks_held + 1):
            self.span_best[u] = none
        while start > 0 and L.cells[base + start - 1]:
            start -= 1
        if start < anchor:
            for pos in range(start, anchor):
                tile = L.cells[base + pos]
                main += 0 if tile & BLANK else self.values[tile]
            self.span_first = start
            self._shadow_right(anchor, main, 1, 0, lms, wms, crossed)
        else:
            limit = self._free_left(anchor)
            if limit > self.total - 1:
                limit = self.total - 1
            for left in range(limit + 1):
                if left:
                    pos = base + anchor - left
                    if L.xset[pos] == 0:
                        break
                    lms[left - 1] = L.lm[pos]
                    wms[left - 1] = L.wm[pos]
                    crossed[left - 1] = 0
                    multiplier *= L.wm[pos]
                self.span_first = anchor - left
                self._shadow_right(anchor, 0, multiplier, left, lms, wms, crossed)
        # gate[u]: the best of the moves using u blanks or more
        for u in range(GATES):
            out.gate[u] = none
        for u in range(self.blanks_held, -1, -1):
            if u + 1 <= self.blanks_held and u + 1 < GATES:
                out.gate[u] = out.gate[u + 1]
            if u < GATES:
                if self.span_best[u] > out.gate[u]:
                    out.gate[u] = self.span_best[u]
            elif self.span_best[u] > out.gate[GATES - 1]:
                out.gate[GATES - 1] = self.span_best[u]

    cdef void _shadow_right(self, int anchor, int main, int multiplier, int k, int *lms,
                            int *wms, uint8_t *crossed) noexcept:
        """Bound the spans from ``anchor`` rightwards, ``k`` tiles placed before it."""
        cdef Lane *L = self.lane_arrays
        cdef int base = self.base, n = self.n, pos = anchor, i, cross = 0
        cdef uint8_t tile
        while pos < n:
            i = base + pos
            tile = L.cells[i]
            if tile:
                main += 0 if tile & BLANK else self.values[tile]
            else:
                if k == self.total or L.xset[i] == 0:
                    break
                lms[k] = L.lm[i]
                wms[k] = L.wm[i]
                crossed[k] = L.xhas[i]
                if L.xhas[i]:
                    cross += L.xscore[i] * L.wm[i]
                multiplier *= L.wm[i]
                k += 1
            if pos + 1 == n or L.cells[i + 1] == 0:
                self._span_bound(main, multiplier, cross, k, lms, wms, crossed, pos)
            pos += 1

    cdef void _span_bound(self, int main, int multiplier, int cross, int k, int *lms,
                          int *wms, uint8_t *crossed, int last) noexcept:
        """Bound one span (``span_first`` to ``last``) by the blanks it uses, into
        ``span_best`` (see :meth:`_shadow`); when ``collecting``, add it to the slots."""
        cdef int effective[MAX_RACK]
        cdef int i, j, m, b, letters
        cdef int64_t score = <int64_t>main * multiplier + cross, bound
        cdef int64_t placed = 0, best = -(1LL << 62)
        cdef Slot *grown
        cdef int64_t *ranked
        for i in range(k):
            m = lms[i] * (multiplier + (wms[i] if crossed[i] else 0))
            j = i
            while j > 0 and effective[j - 1] < m:
                effective[j] = effective[j - 1]
                j -= 1
            effective[j] = m
        if k == self.rack_size:
            score += self.bingo
        # b blanks: the k - b best letters on the k - b best squares
        letters = k if k < self.letters_held else self.letters_held
        for i in range(letters):
            placed += <int64_t>effective[i] * self.values_desc[i]
        for b in range(k - letters, (k if k < self.blanks_held else self.blanks_held) + 1):
            # here letters == k - b
            bound = (score + placed) * 1000 + self.best_leave[k][self.blanks_held - b]
            if bound > self.span_best[b]:
                self.span_best[b] = bound
            if bound > best:
                best = bound
            if letters > 0:
                letters -= 1
                placed -= <int64_t>effective[letters] * self.values_desc[letters]
        if not self.collecting or last == self.span_first:  # no word of one letter
            return
        if self.nslots == FOUND:  # never (see FOUND): refused rather than mis-ordered
            self.failed = True
            return
        if self.nslots == self.slot_room:
            grown = <Slot *>realloc(self.slots, max(256, 2 * self.slot_room) * sizeof(Slot))
            if grown == NULL:
                self.failed = True
                return
            self.slots = grown
            ranked = <int64_t *>realloc(self.ranked, max(256, 2 * self.slot_room) * sizeof(int64_t))
            if ranked == NULL:
                self.failed = True
                return
            self.ranked = ranked
            self.slot_room = max(256, 2 * self.slot_room)
        self.slots[self.nslots].bound = best
        self.slots[self.nslots].down = self.down
        self.slots[self.nslots].base = self.base
        self.slots[self.nslots].anchor = self.anchor_pos
        self.slots[self.nslots].first = self.span_first
        self.slots[self.nslots].last = last
        self.slots[self.nslots].tiles = k
        self.nslots += 1

    cdef void _start(self, const uint8_t *board, bint gaddag) noexcept:
        """Set a call up, the rack already in ``rack``: the tiles it can place, the board's
        lanes (:meth:`_prepare`), no move yet."""
        cdef int i
        cdef bint empty = True
        for i in range(self.rows * self.cols):
            if board[i]:
                empty = False
                break
        self._gaddag = gaddag
        self.usable = self.letters
        if not self.rack[0]:
            self.usable = 0
            for i in range(1, 27):
                if self.rack[i]:
                    self.usable |= 1u << i
            self.usable &= self.letters
        self._prepare(board, empty)
        self.out_size = 0
        self.generated = 0
        self.failed = False

    # --- the lanes --------------------------------------------------------------------------

    cdef void _prepare(self, const uint8_t *board, bint empty) noexcept:
        cdef int d, lane, pos, i, square, lanes, n, o, lo, hi, k, score, other_lanes
        cdef Lane *L
        cdef Lane *other
        cdef uint8_t tile
        cdef uint8_t before[MAX_SIDE]
        cdef uint8_t after[MAX_SIDE]
        cdef int nb, na
        cdef bint beside
        cdef uint8_t row_changed[MAX_SIDE]
        cdef uint8_t col_changed[MAX_SIDE]
        # the lines that changed since the last call (all, the first time)
        memset(row_changed, not (self.seen_valid and self.keep), MAX_SIDE)
        memset(col_changed, not (self.seen_valid and self.keep), MAX_SIDE)
        if self.seen_valid and self.keep:
            for square in range(self.rows * self.cols):
                if board[square] != self.seen[square]:
                    row_changed[square // self.cols] = 1
                    col_changed[square % self.cols] = 1
        memcpy(self.seen, board, self.rows * self.cols)
        self.seen_valid = True
        # the cells of both directions first: each direction's cross-words lie in the other's
        for d in range(2):
            L = &self.dirs[d]
            L.lanes = self.cols if d else self.rows
            L.n = self.rows if d else self.cols
            for lane in range(L.lanes):
                for pos in range(L.n):
                    square = pos * self.cols + lane if d else lane * self.cols + pos
                    i = lane * L.n + pos
                    L.cells[i] = board[square]
                    L.lm[i] = self.lmul[square]
                    L.wm[i] = self.wmul[square]
        for d in range(2):
            L = &self.dirs[d]
            other = &self.dirs[1 - d]
            lanes = L.lanes
            n = L.n
            for lane in range(lanes):
                for pos in range(n):
                    i = lane * n + pos
                    L.xset[i] = self.usable  # the tiles the rack can place; a cross-word's below
                    L.xscore[i] = 0
                    L.xhas[i] = 0
                    L.anchor[i] = 0
                    if L.cells[i]:
                        continue
                    if empty:
                        square = pos * self.cols + lane if d else i
                        L.anchor[i] = square == self.start
                        continue
                    o = pos * lanes
                    lo = lane
                    while lo > 0 and other.cells[o + lo - 1]:
                        lo -= 1
                    hi = lane
                    while hi + 1 < lanes and other.cells[o + hi + 1]:
                        hi += 1
                    beside = (pos > 0 and L.cells[i - 1] != 0) or (pos + 1 < n and L.cells[i + 1] != 0)
                    if lo == lane and hi == lane:
                        L.anchor[i] = beside
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
                        score += 0 if tile & BLANK else self.values[tile]
                    for k in range(lane + 1, hi + 1):
                        tile = other.cells[o + k]
                        after[na] = tile & 0x7F
                        na += 1
                        score += 0 if tile & BLANK else self.values[tile]
                    L.xscore[i] = score
                    # the cross-word lies in column pos (across) or row pos (down)
                    if col_changed[pos] if d == 0 else row_changed[pos]:
                        self.xkept[d][i] = self._cross_set(before, nb, after, na)
                    L.xset[i] = self.xkept[d][i] & self.usable

    cdef uint32_t _cross_set(self, const uint8_t *before, int nb, const uint8_t *after,
                             int na) noexcept:
        """The tiles ``x`` making ``before x after`` a word: through the DAWG,
        ``before``, ``x``, ``after``; through the GADDAG (whatever the algorithm, where the
        array holds one), the word reversed: ``after`` backwards, ``x``, ``before`` backwards.
        The part read first is walked once, the other once per ``x``: so the GADDAG where
        ``before`` is the shorter part (tiles below or right of the square only then cost one
        walk, not one per ``x``, as tiles above or left do through the DAWG)."""
        cdef const uint32_t *nodes = self.nodes
        cdef bint back = self.has_gaddag and nb < na
        cdef const uint8_t *first = after if back else before
        cdef const uint8_t *second = before if back else after
        cdef int nfirst = na if back else nb, nsecond = nb if back else na, m
        cdef uint32_t lst = nodes[1 if back else 0] & ARC, j, k, tile, found = 0
        for m in range(nfirst):
            j = find(nodes, lst, first[nfirst - 1 - m] if back else first[m])
            if j == 0:
                return 0
            lst = nodes[j] & ARC
        if lst == 0:
            return 0
        j = lst
        while True:
            tile = nodes[j] >> TILE_SHIFT
            if tile and (self.letters >> tile) & 1:
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

    # --- recording --------------------------------------------------------------------------

    cdef void _record(self, int first, int last, int main, int multiplier, int cross,
                      int count, int last_placed) noexcept:
        cdef Lane *L = self.lane_arrays
        cdef int score, pos, row, col, lane, length = last - first + 1, index, k
        cdef uint32_t mask = 0
        cdef uint8_t *rec
        cdef char *grown
        cdef int64_t equity
        if self.down and count == 1 and L.xhas[self.base + last_placed]:
            return  # a single tile that makes an across word: found across
        score = main * multiplier + cross + (self.bingo if count == self.rack_size else 0)
        self.generated += 1
        if self.best_only and self.have_best and score < self.best_score:
            return  # cannot come first: not written
        if self.by_equity:
            index = 0
            for k in range(self.ndistinct):
                index += self.rack[self.distinct[k]] * self.place[self.distinct[k]]
            equity = <int64_t>score * 1000 + self.leave_mp[index]
            if self.heap_n == self.top and equity < self.heap[0]:
                return  # cannot be among the top: not written
            self._keep(equity)
        lane = self.base // self.n
        if self.down:
            row = first
            col = lane
        else:
            row = lane
            col = first
        if self.best_only:
            rec = self.candidate
        else:
            if self.out_size + RECORD > self.out_room:
                grown = <char *>realloc(self.out, max(4096, 2 * self.out_room))
                if grown == NULL:
                    self.failed = True
                    return
                self.out = grown
                self.out_room = max(4096, 2 * self.out_room)
            rec = <uint8_t *>(self.out + self.out_size)
            if self.by_equity:
                if self._note_equity(self.out_size // RECORD, equity) < 0:
                    return
        for pos in range(first, last + 1):
            if self.placed[pos]:
                mask |= 1u << (pos - first)
        rec[0] = score & 0xFF
        rec[1] = (score >> 8) & 0xFF
        rec[2] = (score >> 16) & 0xFF
        rec[3] = (score >> 24) & 0xFF
        rec[4] = self.down
        rec[5] = row
        rec[6] = col
        rec[7] = length
        rec[8] = mask & 0xFF
        rec[9] = (mask >> 8) & 0xFF
        rec[10] = (mask >> 16) & 0xFF
        rec[11] = (mask >> 24) & 0xFF
        memset(rec + 12, 0, 24)
        memcpy(rec + 12, &self.word[first], length)
        if not self.best_only:
            self.out_size += RECORD
            return
        if not self.have_best or _better(rec, self.best):
            memcpy(self.best, rec, RECORD)
            self.have_best = True
            self.best_score = score

    cdef int _note_equity(self, Py_ssize_t index, int64_t equity) noexcept:
        """Keep record ``index``'s equity (by equity: :meth:`_drop_below`); -1 out of memory."""
        cdef int64_t *grown
        if index >= self.rec_room:
            grown = <int64_t *>realloc(self.rec_equity,
                                       max(256, 2 * self.rec_room) * sizeof(int64_t))
            if grown == NULL:
                self.failed = True
                return -1
            self.rec_equity = grown
            self.rec_room = max(256, 2 * self.rec_room)
        self.rec_equity[index] = equity
        return 0

    cdef void _drop_below(self) noexcept:
        """By equity, once the search is over: drop the records below the final line (the
        ``top``-th best equity found), written while the line was lower."""
        cdef Py_ssize_t i, kept = 0, count = self.out_size // RECORD
        if self.heap_n < self.top:
            return
        for i in range(count):
            if self.rec_equity[i] >= self.heap[0]:
                if kept != i:
                    memcpy(self.out + kept * RECORD, self.out + i * RECORD, RECORD)
                    self.rec_equity[kept] = self.rec_equity[i]
                kept += 1
        self.out_size = kept * RECORD

    # --- the walk ---------------------------------------------------------------------------

    cdef inline int _free_left(self, int anchor) noexcept:
        """The empty squares left of ``anchor`` before a tile, an earlier anchor or the edge:
        where a left part may go (its moves found from this anchor, the bound's too)."""
        cdef Lane *L = self.lane_arrays
        cdef int pos = anchor - 1
        while pos >= 0 and not L.cells[self.base + pos] and not L.anchor[self.base + pos]:
            pos -= 1
        return anchor - 1 - pos

    cdef inline bint _blank_may(self) noexcept:
        """Whether a move using one more blank than the walk has placed may be among the top
        by equity (:meth:`top_equity`: the anchor's ``gate``; always, listing every move)."""
        cdef int u
        if not self.by_equity or self.heap_n < self.top:
            return True
        u = self.blanks_held - self.rack[0] + 1
        return self.gate[u if u < GATES else GATES - 1] >= self.heap[0]

    cdef void _gaddag_lane(self) noexcept:
        """Every move of the current lane through the GADDAG from MAGPIE's anchors: the last
        tile of each run of tiles (the run is read leftwards first, so the letters placed left
        of it are those that may precede it), and each empty square that touches a tile across
        the lane but none along it. From left to right, each anchor's walk places tiles
        leftwards only after the anchor before it (and, after a run, one square further: that
        square's moves hold the run), so each move is found from its leftmost anchor once."""
        cdef Lane *L = self.lane_arrays
        cdef int pos, i, last = -1, n = self.n
        cdef uint32_t root = self.nodes[1] & ARC
        cdef bint tile, alone
        for pos in range(n):
            i = self.base + pos
            tile = L.cells[i] != 0
            if tile:
                if pos + 1 < n and L.cells[i + 1]:
                    continue
            else:
                alone = (pos == 0 or not L.cells[i - 1]) and (pos + 1 == n or not L.cells[i + 1])
                if not (L.anchor[i] and alone):
                    continue
            self.anchor_pos = pos
            self.left_limit = last
            self._walk(pos, root, 0, pos + 1, -1, 0, 1, 0, 0, 0)
            last = pos + 1 if tile else pos

    cdef void _from_anchor(self, int anchor) noexcept:
        """Every move whose leftmost anchor is ``anchor`` (see ``search.py``): after a run of
        tiles, the run is read (rightwards through the DAWG; leftwards through the GADDAG, then
        the separator) and the walk goes on right from the anchor; otherwise the DAWG tries each
        left part and the GADDAG starts leftwards at the anchor."""
        cdef Lane *L = self.lane_arrays
        cdef const uint32_t *nodes = self.nodes
        cdef bint gaddag = self._gaddag
        cdef uint32_t lst = nodes[1 if gaddag else 0] & ARC, j
        cdef int start = anchor, pos, k, main = 0
        cdef uint8_t tile
        cdef uint8_t part[MAX_SIDE]
        while start > 0 and L.cells[self.base + start - 1]:
            start -= 1
        if start == anchor and gaddag:
            k = anchor - 1  # leftwards up to the anchor before: its moves are found from there
            while k >= 0 and not L.anchor[self.base + k]:
                k -= 1
            self.left_limit = k
            self._walk(anchor, lst, 0, anchor + 1, -1, 0, 1, 0, 0, 0)
            return
        if start == anchor:
            self._left_part(lst, part, 0, anchor, self._free_left(anchor))
            return
        for k in range(anchor - start):
            pos = anchor - 1 - k if gaddag else start + k
            tile = L.cells[self.base + pos]
            j = find(nodes, lst, tile & 0x7F)
            if j == 0:
                return
            lst = nodes[j] & ARC
            self.word[pos] = tile
            self.placed[pos] = 0
            main += 0 if tile & BLANK else self.values[tile]
        if gaddag:
            # the separator (tile 0) sorts first in a list
            if lst == 0 or nodes[lst] >> TILE_SHIFT:
                return
            lst = nodes[lst] & ARC
        self._walk(anchor, lst, 0, start, 1, main, 1, 0, 0, 0)

    cdef void _left_part(self, uint32_t lst, uint8_t *part, int length, int anchor,
                         int limit) noexcept:
        """Appel and Jacobson's left parts: ``part`` (``length`` rack tiles ending before the
        anchor, read from the DAWG's root to ``lst``), then each left part of up to ``limit``
        more tiles; each is walked on right from the anchor."""
        cdef Lane *L = self.lane_arrays
        cdef const uint32_t *nodes = self.nodes
        cdef int start = anchor - length, k, i, main = 0, multiplier = 1, value
        cdef uint32_t j, tile, v
        for k in range(length):
            self.word[start + k] = part[k]
            self.placed[start + k] = 1
            i = self.base + start + k
            value = 0 if part[k] & BLANK else self.values[part[k]]
            main += value * L.lm[i]
            multiplier *= L.wm[i]
        self._walk(anchor, lst, 0, start, 1, main, multiplier, 0, length, 0)
        if limit == 0 or lst == 0:
            return
        j = lst
        while True:
            v = nodes[j]
            tile = v >> TILE_SHIFT
            if tile and (self.letters >> tile) & 1:
                if self.rack[tile]:
                    self.rack[tile] -= 1
                    part[length] = tile
                    self._left_part(v & ARC, part, length + 1, anchor, limit - 1)
                    self.rack[tile] += 1
                if self.rack[0] and self._blank_may():
                    self.rack[0] -= 1
                    part[length] = tile | BLANK
                    self._left_part(v & ARC, part, length + 1, anchor, limit - 1)
                    self.rack[0] += 1
            if v & IS_END:
                break
            j += 1

    cdef void _walk(self, int pos, uint32_t lst, bint accepts, int start, int step, int main,
                    int multiplier, int cross, int count, int last_placed) noexcept:
        """Walk on to square ``pos`` with the list ``lst`` (``accepts``: the letters so far are
        a word), rightwards (``step`` 1) or leftwards (-1), as ``Generator._walk`` of
        ``search.py`` does: read the square's tile; or record the word when it is whole, place
        there each rack tile (a blank as each letter) that the lexicon and the cross-set allow,
        scored, and walk on; leftwards, also cross the separator to the square after the
        anchor."""
        cdef Lane *L = self.lane_arrays
        cdef const uint32_t *nodes = self.nodes
        cdef int base = self.base, n = self.n, anchor = self.anchor_pos, i = base + pos
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
                self.word[pos] = cell
                self.placed[pos] = 0
                self._walk(pos + step, nodes[j] & ARC, (nodes[j] & ACCEPTS) != 0, after, step,
                           main + (0 if cell & BLANK else self.values[cell]), multiplier, cross,
                           count, last_placed)
            return
        if (accepts and count and end > start and end >= anchor
                and (step > 0 or anchor + 1 == n or L.cells[base + anchor + 1] == 0)):
            self._record(start, end, main, multiplier, cross, count, last_placed)
        if lst == 0:
            return
        # not off the board, nor (leftwards) the anchor before or past it: its moves are found
        # from there (left_limit, set by the caller of the anchor's walk)
        allowed = L.xset[i] if on_board and (step > 0 or pos > self.left_limit) else 0
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
                    self.placed[pos] = 1
                    if self.rack[tile]:
                        self.rack[tile] -= 1
                        self.word[pos] = tile
                        value = self.values[tile] * lm
                        self._walk(pos + step, v & ARC, (v & ACCEPTS) != 0, after, step,
                                   main + value, multiplier * wm,
                                   cross + ((value + L.xscore[i]) * wm if L.xhas[i] else 0),
                                   count + 1, pos)
                        self.rack[tile] += 1
                    if self.rack[0] and self._blank_may():
                        self.rack[0] -= 1
                        self.word[pos] = tile | BLANK
                        self._walk(pos + step, v & ARC, (v & ACCEPTS) != 0, after, step, main,
                                   multiplier * wm, cross + (L.xscore[i] * wm if L.xhas[i] else 0),
                                   count + 1, pos)
                        self.rack[0] += 1
                if v & IS_END:
                    break
                j += 1
        # the separator (tile 0) sorts first in a list, and no string ends with it
        if step < 0 and pos < anchor and anchor + 1 < n and nodes[lst] >> TILE_SHIFT == 0:
            self._walk(anchor + 1, nodes[lst] & ARC, 0, start, 1, main, multiplier, cross, count,
                       last_placed)


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


cdef bint _better(const uint8_t *rec, const uint8_t *best) noexcept:
    """True when ``rec`` comes before ``best`` in the moves' order: higher score, then
    coordinate, then word (as the strings compare)."""
    cdef int32_t a = <int32_t>(rec[0] | (rec[1] << 8) | (rec[2] << 16) | (<uint32_t>rec[3] << 24))
    cdef int32_t b = <int32_t>(best[0] | (best[1] << 8) | (best[2] << 16) | (<uint32_t>best[3] << 24))
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


cdef int _descending_int(const void *a, const void *b) noexcept nogil:
    cdef int x = (<const int *>a)[0], y = (<const int *>b)[0]
    return (x < y) - (x > y)


cdef void _sift_down(int64_t *keys, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    """Restore the max-heap of ``keys[:n]`` below ``i``."""
    cdef Py_ssize_t child
    cdef int64_t moving = keys[i]
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and keys[child + 1] > keys[child]:
            child += 1
        if keys[child] <= moving:
            break
        keys[i] = keys[child]
        i = child
    keys[i] = moving


cdef inline bint _before(const Choice *x, const Choice *y) noexcept nogil:
    return x.bound > y.bound or (x.bound == y.bound and x.sub < y.sub)


cdef int _descending_choice(const void *a, const void *b) noexcept nogil:
    cdef const Choice *x = <const Choice *>a
    cdef const Choice *y = <const Choice *>b
    if x.bound != y.bound:
        return -1 if x.bound > y.bound else 1
    return x.sub - y.sub


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
