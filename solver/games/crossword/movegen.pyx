# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The crossword game's native tier: the whole move generation in C over a KWG node array.

The same two algorithms as :mod:`solver.games.crossword.search` (read there what they do), in
the same one walk (``_walk``), with the same single-tile rule and the same scoring, walking the
KWG layout of :mod:`structures.backends.kwg.lexicon` directly: Appel and Jacobson's from the
DAWG's root (node 0), Gordon's from the GADDAG's (node 1). Every move through the GADDAG
(:meth:`NativeGenerator.generate`) starts from MAGPIE's anchors (:func:`_gaddag_lane`): the last
tile of each run, read leftwards first, so that the letters placed before a run are only those
that may precede it; elsewhere the anchors are ``search.py``'s empty squares. The board, the
rack, each direction's cross-sets (one bit per tile), cross-scores and anchors are C arrays; a
candidate is a C stack frame, the score is carried along, and a move found is written as one
36-byte record (the ``RECORD`` of :mod:`solver.games.crossword.moves`) in a buffer handed back
as one ``bytes``. No Python object is made per candidate or per move. ``best=True`` keeps only
the first move in the moves' order (score, then coordinate and word), for a greedy player.

This file holds the Python-facing classes (their C attributes, the constants and structs are
``movegen.pxd``'s) and what each call runs (:func:`_top_equity`); the search is in the files it
includes, one concern each, as module-level functions of the generator (``NativeGenerator g``,
called directly): ``leave_values.pxi`` (LeaveValues' C side), ``board.pxi`` (a call's board:
lanes, anchors, cross-sets), ``rack_tables.pxi`` (a call's rack: what keeping each part is
worth, the parts a move may place), ``anchors.pxi`` (the anchors' bounds, best-first),
``walks.pxi`` (the walks through the DAWG and the GADDAG), ``spelling.pxi`` (the word map's
search), ``recorders.pxi`` (records, the best-first heap, equity, the best turn), ``turns.pxi``
(whole turns chosen and played: :meth:`NativeGenerator.play`), ``mersenne.pxi`` (Python's
random draws, in C), ``playouts.pxi`` (a simulation's iterations, whole: :class:`PlayOuts`).
"""

cimport cython
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.math cimport floor, fma, fmod
from libc.string cimport memcmp, memcpy, memset

from lexibench.structures.backends.kwg.nodes cimport ACCEPTS, ARC, IS_END, TILE_SHIFT, find
from lexibench.structures.backends.kwg.wordmap cimport (
    Group,
    WordMap,
    add_letter,
    add_sets,
    completing,
    completing_hashed,
    find_group,
    find_group_hashed,
    letter_count,
    mix,
    prefetch_blanks,
    prefetch_group,
)

from lexibench.solver.games.crossword.moves import Move

include "leave_values.pxi"
include "board.pxi"
include "anchors.pxi"
include "walks.pxi"
include "rack_tables.pxi"
include "spelling.pxi"
include "recorders.pxi"
include "turns.pxi"
include "mersenne.pxi"
include "playouts.pxi"


cdef class LeaveValues:
    """What keeping some tiles is worth, in millipoints (``round(1000 * value(tiles))``), for
    :meth:`NativeGenerator.top_equity`: ``value`` (a Python callable of the tiles, sorted, as
    bytes) is asked once per leave, the answer kept in an open-addressing table keyed by the
    tiles (five bits each, up to 12 tiles; a longer leave is asked each time). A linear model's
    values (``linear``) and a leave table's (:meth:`take_table`) are found here instead, with
    no call into Python."""

    def __cinit__(self, *args):
        self.keys = NULL
        self.values = NULL
        self.capacity = 0
        self.count = 0
        self.value = None
        self.table = False
        _grow_table(self, 1024)

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

    def take_table(self, const uint32_t[::1] nodes, const uint32_t[::1] counts,
                   const int32_t[::1] millipoints):
        """From now on, find each leave's value here in a leave table, with no call into
        Python: ``nodes`` its word graph (KWG nodes), ``counts`` each node's word count,
        ``millipoints`` each leave's value by rank (a :class:`~.leave_tables.LeaveTable`'s
        arrays, kept, never written). A leave's rank is found as :meth:`LeaveTable.rank` finds
        it (MAGPIE's lookup), so that its value is :meth:`LeaveTable.value`'s in millipoints;
        0 for the empty leave and a leave the table does not hold. ``value`` should be the
        same table's (its values already asked stay kept). ValueError where the nodes do not
        hold together (an arc past them, the last not ending its list, counts not one a
        node); a leave whose rank falls outside the values (counts not the nodes' own) is a
        ValueError when it is looked up. Linear in the nodes."""
        cdef Py_ssize_t n = nodes.shape[0], i
        if n < 1 or counts.shape[0] != n:
            raise ValueError("a leave table's word counts: one for each of its nodes")
        for i in range(n):
            if nodes[i] & ARC >= <uint32_t>n:
                raise ValueError(f"node {i} of the leave table points past its {n:,} nodes")
        if n > 1 and nodes[n - 1] & IS_END == 0:
            raise ValueError("the leave table's last node does not end its sibling list")
        self.table_nodes = nodes
        self.table_counts = counts
        self.table_values = millipoints
        self.table = True

    @property
    def exact(self):
        """Whether ``millipoints(tiles) / 1000`` is exactly ``value(tiles)`` (a whole number of
        thousandths): the values are the linear model's, computed here with no call into
        Python, or a leave table's found here, or ``value`` promised whole thousandths
        (``thousandths``)."""
        return self.linear or self.table or self.thousandths

    @property
    def computed(self):
        """Whether the values are found here (a linear model's or a leave table's), not asked
        of ``value``."""
        return self.linear or self.table

    def millipoints(self, tiles):
        """The value of ``tiles`` (sorted tile numbers), in millipoints, as the search uses it."""
        cdef bytes data = bytes(tiles)
        cdef const uint8_t *raw = data
        return _value_of(self, raw, len(data))

    def __len__(self):
        return self.count


cdef class NativeGenerator:
    """Move generation over ``nodes`` (a KWG array) for one rule set; see the module docstring.

    ``generate(board, rack, gaddag, best)``: ``board`` one byte per square (0 empty, 1-26, or
    ``0x80 | t``), ``rack`` 27 counts (index 0: blanks); returns the records of every legal move
    (or of the best one). ``generated`` is the number of moves the last call found.
    """

    def __cinit__(self):
        self.out = NULL
        self.out_room = 0
        self.heap = NULL
        self.heap_room = 0
        self.log = NULL
        self.log_size = 0
        self.log_room = 0
        self.tables.leave_buf = NULL
        self.tables.leave_room = 0
        self.tables.subs = NULL
        self.tables.spare = NULL
        self.tables.sub_room = 0
        self.slots = NULL
        self.ranked = NULL
        self.slot_room = 0
        self.seen_valid = False
        self.left_limit = -1
        self.rec_equity = NULL
        self.rec_room = 0
        self.anchor_stamp = 0
        self.xext_valid = False
        memset(self.slot_stamp, 0, sizeof(self.slot_stamp))

    def __dealloc__(self):
        free(self.out)
        free(self.heap)
        free(self.log)
        free(self.tables.leave_buf)
        free(self.tables.subs)
        free(self.tables.spare)
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
        self.lexicon.nodes = &view[0]
        self.lexicon.size = view.shape[0]
        self.lexicon.has_gaddag = both and (view[1] & ARC) != 0
        self.seen_valid = False  # (a generator set up again keeps no cross-set)
        self.keep = keep
        self.rules.rows = rows
        self.rules.cols = cols
        self.rules.start = start
        self.rules.rack_size = rack_size
        self.rules.bingo = bingo
        self.rules.letters = <uint32_t>letters
        for i in range(rows * cols):
            self.rules.lmul[i] = letter_multiplier[i]
            self.rules.wmul[i] = word_multiplier[i]
        for i in range(27):
            self.rules.values[i] = values[i]
        _lay_out(self)
        _one_tile_sets(self)

    def generate(self, const uint8_t[::1] board, rack, bint gaddag, bint best=False):
        """The records of every legal move (``best``: of the first in order, or none)."""
        cdef int i, lane, pos, d
        _check(self, board, None)
        for i in range(27):
            self.rack[i] = rack[i]
        _start(self, &board[0], gaddag, False)
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
                    _gaddag_lane(self)
                    continue
                for pos in range(self.n):
                    if self.dirs[d].anchor[self.base + pos]:
                        self.anchor_pos = pos
                        _from_anchor(self, pos)
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

        Each anchor's moves are bounded first (:func:`_shadow`), by the blanks they use:
        score (the placed letters' values paired, largest with largest, with the squares'
        effective multipliers) plus the best leave of as many tiles played that keeps the
        other blanks; the anchors are visited in descending bound, and the search stops at the
        first whose bound is below the ``top``-th best equity found.
        Within an anchor, a blank is placed only while the bound of its moves using that many
        blanks reaches the line (:func:`_blank_may`). Moves below the final line are not
        returned, even those written before the line rose
        (:func:`_drop_below`); those returned are a superset of the top placements, to be
        ordered exactly by the caller.

        With ``wordmap`` (a :class:`WordMap` of the same lexicon, :attr:`WordMap.complete`),
        the moves are spelled from it instead of walked (:func:`_by_word_map`): every span a
        move may cover is bounded as above, and each part of the rack that may fill it again,
        with that part's own letters and leave; the word map is asked only for the parts whose
        bound reaches the line."""
        if top < 1:
            raise ValueError("top is at least 1")
        return _search(self, board, rack, gaddag, top, leaves, exchanging, wordmap, False)

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
        cdef Py_ssize_t i, best
        cdef uint8_t out[MAX_RACK]
        cdef int n
        if leaves is not None and not (leaves.linear or leaves.thousandths):
            raise ValueError("best_turn needs leaves of whole thousandths (LeaveValues.exact)")
        _, exchange = _search(self, board, rack, gaddag, 1, leaves, exchanging, wordmap, False)
        returned = None
        if exchange is not None:
            n = _returned(self, self.exchange_index, out)
            returned = bytes([out[i] for i in range(n)])
        best = _best_record(self)
        if best < 0:
            return b"", None, _pass_worth(self), exchange, returned
        return (self.out[best * RECORD:(best + 1) * RECORD], self.rec_equity[best],
                _pass_worth(self), exchange, returned)

    def play(self, uint8_t[::1] board, racks, scores, bag, int zeros, int player, int turns,
             bint gaddag, leaves, int max_zeros, WordMap wordmap=None, bytes given=None,
             const uint8_t[::1] draws=None):
        """Play up to ``turns`` turns of a game here (see ``turns.pxi``), each the player's
        choice by equity as :meth:`best_turn` finds it: the board (written in place), the two
        racks (27 counts each, written back), the scores and the bag (a list of tiles, drawn
        from its end; shortened) as self-play keeps them; ``zeros`` the scoreless turns in a
        row, ``player`` the one on turn, ``leaves`` each player's :class:`LeaveValues` (whole
        thousandths), valued while the bag holds tiles; ``max_zeros`` scoreless turns end
        the game. Stops when the game is over, or when an exchange is chosen, which the
        caller plays (its bag is shuffled in Python) before it calls again. ``given``: the
        first turn's placement, given (a record of :meth:`generate`'s; ValueError where it is
        no move of that rack on that board, before anything is played), not chosen. ``draws``:
        the game's seed (the big-endian bytes of the number ``random.seed`` makes of its
        string, ``solve.seed_number``): the bag is first shuffled here as
        ``random.Random(text).shuffle`` shuffles it (``mersenne.pxi``), each player draws up
        to a full rack from its end (player 0 first), and the exchanges are played here with
        the same twister (self-play's game from its start, whole).

        Returns ``(log, player, zeros, over)``: every turn as :data:`PLAYED` bytes (see
        ``movegen.pyi``), an exchange chosen last, then the player on turn, the scoreless
        turns and whether the game is over. ``generated``: the moves found, summed."""
        cdef Game game
        cdef Py_ssize_t n = len(bag), i, k
        cdef int t, held
        cdef LeaveValues first, second
        cdef bytearray tiles
        cdef uint8_t first_turn[PLAYED]
        cdef Draws shuffled
        _check(self, board, wordmap)
        first, second = leaves
        for lv in (first, second):
            if lv is None or not lv.exact:
                raise ValueError("play needs leaves of whole thousandths (LeaveValues.exact)")
        if not (0 <= player <= 1 and zeros >= 0 and turns >= 0 and max_zeros >= 1):
            raise ValueError("play: a player 0 or 1, and counts of turns that are not negative")
        for k in range(2):
            held = 0
            for t in range(27):
                game.racks[k][t] = racks[k][t]
                if game.racks[k][t] < 0:
                    raise ValueError("a rack holds no negative count")
                held += game.racks[k][t]
            if held > MAX_RACK:
                raise ValueError(f"a rack holds at most {MAX_RACK} tiles")
        tiles = bytearray(bag)  # each a tile 0-255, or a ValueError
        for i in range(n):
            if tiles[i] > 26:
                raise ValueError("the bag holds tiles 0-26")
        game.board = &board[0]
        game.bag = <uint8_t *>tiles if n else NULL
        game.bag_n = n
        if draws is not None:  # the game from its start: the bag shuffled, the racks drawn
            if draws.shape[0] == 0:
                raise ValueError("a game's seed is not empty")
            shuffled.seeded = False
            shuffled.seed = &draws[0]
            shuffled.seed_n = draws.shape[0]
            _draws_shuffle(&shuffled, game.bag, n)
            for k in range(2):
                _draw_up(game.racks[k], game.bag, &game.bag_n, self.rules.rack_size)
        game.scores[0] = scores[0]
        game.scores[1] = scores[1]
        game.zeros = zeros
        game.player = player
        game.over = False
        if given is not None:
            if len(given) != RECORD:
                raise ValueError(f"a placement is one record of {RECORD} bytes")
            _check_given(self, &game, <const uint8_t *>given)
            memset(first_turn, 0, PLAYED)
            first_turn[1] = PLAYED_PLACE
            memcpy(first_turn + PLAYED_RECORD, <const uint8_t *>given, RECORD)
        self.log_size = 0
        self.busy = True
        try:
            _play_turns(self, &game, turns, gaddag, first, second, max_zeros, wordmap,
                        NULL if given is None else first_turn,
                        NULL if draws is None else &shuffled)
        finally:
            self.busy = False
            for k in range(2):
                for t in range(27):
                    racks[k][t] = game.racks[k][t]
            scores[0] = game.scores[0]
            scores[1] = game.scores[1]
            if draws is None:  # (drawn from its end only)
                del bag[game.bag_n:]
            else:  # (shuffled here)
                bag[:] = list(tiles[:game.bag_n])
        return ((<char *>self.log)[:self.log_size] if self.log_size else b"", game.player,
                game.zeros, game.over)

    def every_move_by_map(self, const uint8_t[::1] board, rack, WordMap wordmap):
        """The records of every legal move, as :meth:`generate` lists them (in another order),
        spelled from ``wordmap`` span by span instead of walked: the word map's answer to
        "every move", for the comparison with the KWG."""
        if wordmap is None:
            raise TypeError("every_move_by_map needs a WordMap")
        return _search(self, board, rack, False, 1, None, False, wordmap, True)[0]


cdef int _check(NativeGenerator g, const uint8_t[::1] board, WordMap wordmap) except -1:
    """Refuse a call on a board of another size, with a word map that does not hold every
    word, or while a leave's value (Python) is asking this generator for moves."""
    if board.shape[0] != g.rules.rows * g.rules.cols:
        raise ValueError("the board does not match the rule set")
    if wordmap is not None and not wordmap.complete:
        raise ValueError("the word map does not hold every word (a letter repeated 16 times)")
    if g.busy:
        raise RuntimeError("this generator is busy: a leave's value asked it for moves")
    return 0


cdef object _search(NativeGenerator g, const uint8_t[::1] board, rack, bint gaddag, int top,
                    LeaveValues leaves, bint exchanging, WordMap wordmap, bint everything):
    """:func:`_top_equity` after :func:`_check`, the generator marked busy meanwhile (a
    leave's value, asked in Python, may not call it back)."""
    _check(g, board, wordmap)
    g.busy = True
    try:
        return _top_equity(g, board, rack, gaddag, top, leaves, exchanging, wordmap, everything)
    finally:
        g.busy = False


cdef object _top_equity(NativeGenerator g, const uint8_t[::1] board, rack, bint gaddag, int top,
                        LeaveValues leaves, bint exchanging, WordMap wordmap, bint everything):
    """What :meth:`NativeGenerator.top_equity`, :meth:`NativeGenerator.best_turn` and
    :meth:`NativeGenerator.every_move_by_map` (``everything``: every move, none left out by
    equity) run: :func:`_equity_search` on the Python rack (27 counts, or its tiles as
    ``bytes``: each 0-26, at most :data:`MAX_RACK`), ``(records, best_exchange)``."""
    cdef int held[27]
    cdef int i
    if type(rack) is bytes:
        if len(<bytes>rack) > MAX_RACK:
            raise ValueError(f"a rack of at most {MAX_RACK} tiles, not {len(<bytes>rack)}")
        _count_tiles(<const uint8_t *><bytes>rack, len(<bytes>rack), held)
    else:
        for i in range(27):
            held[i] = rack[i]
    _equity_search(g, &board[0], held, gaddag, top, leaves, exchanging, wordmap, everything)
    found = g.out[:g.out_size] if g.out_size else b""
    return found, (g.tables.exchange_worth if exchanging and g.tables.total > 0 else None)


cdef int _equity_search(NativeGenerator g, const uint8_t *board, const int *rack, bint gaddag,
                        int top, LeaveValues leaves, bint exchanging, WordMap wordmap,
                        bint everything) except -1:
    """The search by equity of ``board`` with ``rack`` (27 counts): the rack's tables
    (``RackTables``: the value of each part of the rack it can keep, the best leave of each
    count played, the parts a move may place), the heap of the ``top`` equities with the pass
    and the exchanges in it, then the search, walked from the anchors (:func:`_by_anchors`) or
    spelled from ``wordmap`` (:func:`_by_word_map`). The records stay in ``out`` (their
    equities in ``rec_equity``), the best exchange's equity in ``tables.exchange_worth`` and
    its part of the rack in ``exchange_index``."""
    cdef int i, size
    cdef int32_t *grown
    g.tables.total = 0
    g.tables.ndistinct = 0
    size = 1
    for i in range(27):
        g.rack[i] = rack[i]
        g.tables.full[i] = rack[i]
        g.tables.total += g.rack[i]
        g.tables.place[i] = 0
        if g.rack[i]:
            g.tables.distinct[g.tables.ndistinct] = i
            g.tables.ndistinct += 1
            g.tables.place[i] = size
            size *= g.rack[i] + 1
    if g.tables.total > MAX_RACK:
        raise ValueError(f"a rack holds at most {MAX_RACK} tiles")
    if size > g.tables.leave_room:
        grown = <int32_t *>realloc(g.tables.leave_buf, size * sizeof(int32_t))
        if grown == NULL:
            raise MemoryError()
        g.tables.leave_buf = grown
        g.tables.leave_room = size
    g.tables.leave_mp = g.tables.leave_buf
    g.tables.leave_size = size  # the last: every tile kept (the pass)
    if top > g.heap_room:
        free(g.heap)
        g.heap = <int64_t *>malloc(top * sizeof(int64_t))
        g.heap_room = top if g.heap != NULL else 0
        if g.heap == NULL:
            raise MemoryError()
    g.top = top
    g.heap_n = 0
    g.tables.blanks_held = g.rack[0]
    g.tables.letters_held = g.tables.total - g.tables.blanks_held
    if wordmap is not None and size > g.tables.sub_room:
        free(g.tables.subs)
        free(g.tables.spare)
        g.tables.subs = <Sub *>malloc(size * sizeof(Sub))
        g.tables.spare = <Sub *>malloc(size * sizeof(Sub))
        g.tables.sub_room = size if g.tables.subs != NULL and g.tables.spare != NULL else 0
        if g.tables.sub_room == 0:
            raise MemoryError()
    # every part of the rack it can keep (a mixed-radix index over its distinct tiles):
    # its value, the best of each count played, and the exchanges and the pass
    _rack_tables(g, leaves, wordmap, exchanging)
    _start(g, board, gaddag, True)
    g.best_only = False
    g.by_equity = not everything
    if wordmap is not None:
        g.wordmap = wordmap
        try:
            _by_word_map(g)
        finally:
            g.wordmap = None
    else:
        _by_anchors(g)
    if g.failed:
        raise MemoryError()
    if g.by_equity:
        _drop_below(g)
    g.exchange_index = g.tables.exchange_kept
    return 0


cdef Py_ssize_t _best_record(NativeGenerator g) noexcept:
    """After a search by equity: the index of the record first by equity (then score,
    coordinate and word, the moves' order), -1 where there is none."""
    cdef Py_ssize_t i, best = -1, count = g.out_size // RECORD
    for i in range(count):
        if best < 0 or g.rec_equity[i] > g.rec_equity[best] or (
                g.rec_equity[i] == g.rec_equity[best]
                and _better(<uint8_t *>g.out + i * RECORD, <uint8_t *>g.out + best * RECORD)):
            best = i
    return best


cdef int _count_tiles(const uint8_t *tiles, Py_ssize_t n, int *counts) except -1:
    """Count the ``n`` tiles (each 0-26, else ValueError) into ``counts`` (27, cleared first)."""
    cdef Py_ssize_t i
    memset(counts, 0, 27 * sizeof(int))
    for i in range(n):
        if tiles[i] > 26:
            raise ValueError(f"a rack's tiles are 0-26, not {tiles[i]}")
        counts[tiles[i]] += 1
    return 0


def record_move(bytes record, bytes rack, equity=None):
    """:func:`solver.games.crossword.moves.record_move` in C: the :class:`~.moves.Move` of the
    first record of ``record`` made from ``rack`` (tile numbers), with its ``equity`` where
    given; the same Move, or the same ValueError where the record places a tile the rack has
    not."""
    cdef const uint8_t *r = <const uint8_t *>record
    cdef Py_ssize_t held = len(rack)
    cdef int32_t score
    cdef uint32_t placed
    cdef int i, t, length, row, col, down, n = 0
    cdef int left[27]
    cdef uint8_t tile
    cdef char word[32]
    cdef bytearray leave = bytearray(held)
    cdef char *out = leave
    if len(record) < RECORD:
        raise ValueError(f"a record is {RECORD} bytes, not {len(record)}")
    memcpy(&score, r, 4)
    down, row, col, length = r[4], r[5], r[6], r[7]
    memcpy(&placed, r + 8, 4)
    if length > 24:
        raise ValueError(f"a record's word is at most 24 letters, not {length}")
    _count_tiles(<const uint8_t *>rack, held, left)
    tiles = []
    for i in range(length):
        tile = r[12 + i]
        t = tile & 0x7F
        if t < 1 or t > 26:
            raise ValueError(f"a record's tiles are letters, not {tile}")
        word[i] = (96 if tile & BLANK else 64) + t
        if (placed >> i) & 1:
            letter = chr(word[i])
            tiles.append((row + i, col, letter) if down else (row, col + i, letter))
            t = 0 if tile & BLANK else t
            if not left[t]:
                raise ValueError("value not found in bytearray")  # (as moves.to_move says)
            left[t] -= 1
    for t in range(1, 27):
        for i in range(left[t]):
            out[n] = 64 + t
            n += 1
    for i in range(left[0]):
        out[n] = 63  # '?'
        n += 1
    where = f"{chr(65 + col)}{row + 1}" if down else f"{row + 1}{chr(65 + col)}"
    return Move(score, where, word[:length].decode("ascii"), out[:n].decode("ascii"),
                tuple(tiles), "place", equity)
