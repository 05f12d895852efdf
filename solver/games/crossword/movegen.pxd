# cython: language_level=3
"""The native generator's C layout (:mod:`solver.games.crossword.movegen`): its constants, the
structs its search passes around, and the attributes of its two classes.

:class:`NativeGenerator` keeps its read-only inputs apart from its working state, as wolges keeps
its board snapshot (board, rules, KWG, KLV) apart from its working buffer: the lexicon
(:c:type:`Lexicon`) and the rule set (:c:type:`Rules`), set once by ``__init__``; the rack's
tables (:c:type:`RackTables`: what keeping each part of the rack is worth, the best leave of each
count played, the parts a move may place), made once a call before its search, which only reads
them; then, below them, what the search writes: the lanes and their cross-sets, the rack as the
walk places it, the bounds, the word map's spelling, the best-first heap and the records.

Only the module itself cimports this file (its functions are its ``.pxi`` files'); nothing here
is another module's interface."""

cimport cython
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t

from lexibench.structures.backends.kwg.wordmap cimport Group, WordMap


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
    # a turn played by NativeGenerator.play, as its log writes it (movegen.PLAYED's layout):
    # the player, its kind, the count of tiles held before it (an exchange: returned), its
    # score, the value of the tiles kept (millipoints), those tiles, a placement's record
    PLAYED = 68
    PLAYED_SCORE = 4
    PLAYED_KEPT = 8
    PLAYED_HELD = 16
    PLAYED_RECORD = 32
    PLAYED_PLACE = 0
    PLAYED_PASS = 1
    PLAYED_EXCHANGE = 2


cdef struct Anchor:
    int64_t gate[GATES]  # gate[u]: the bound of its moves using at least u blanks (0: all)
    int down, base, pos


cdef struct Sub:
    # a part of the rack a move may place (the word map's search)
    int64_t leave  # the value of the tiles it keeps, in millipoints
    uint64_t lo, hi  # its letters, as a word map keys them (no blanks)
    uint64_t hash  # their mix()
    int tiles, blanks, kept  # its tiles, the blanks among them, the kept part's index
    int values[MAX_RACK]  # its letters' values, largest first
    # alone (a span through no board tile): whether its tiles may spell a word, and where
    bint alive  # a word of its letters (no blank), or one blank completes one; two: always
    const Group *group  # the word map's words of its letters (no blank), or NULL
    uint32_t letters  # one blank: the letters it may stand for (a superset)


cdef struct Slot:
    # the spans from one anchor that place as many tiles through the same board tiles (MAGPIE's
    # word-map anchors): span s covers squares first[s]..last[s] of the lane; the moves of all
    # of them are spelled from the same words (one look-up a part of the rack, not one a span)
    int64_t bound  # the best of its spans' bounds
    int down, base, anchor, tiles
    int spans
    int first[MAX_RACK + 1]
    int last[MAX_RACK + 1]
    # what bounds a part of the rack on it, the best of its spans' (as _span_bound found them):
    # the board's letters times the word multiplier plus the cross-words' board points (no
    # bingo), and the placed squares' effective multipliers, largest first, rank by rank
    int64_t points
    int effective[MAX_RACK]


cdef struct Game:
    # a game as NativeGenerator.play plays it: the board (the caller's buffer), each player's
    # rack (27 counts), their scores, the bag (drawn from its end), the scoreless turns in a
    # row, the player on turn, whether it is over
    uint8_t *board
    int racks[2][27]
    int64_t scores[2]
    uint8_t *bag
    Py_ssize_t bag_n
    int zeros, player
    bint over


cdef struct Twister:
    # Python's Mersenne Twister (mersenne.pxi): its 624 words and the next one's place
    uint32_t state[624]
    int index


cdef struct Draws:
    # the draws of a game's exchanges: a twister seeded from ``seed`` (the big-endian bytes of
    # the number random.seed makes of a string) when the first exchange shuffles the bag
    Twister twister
    bint seeded
    const uint8_t *seed
    Py_ssize_t seed_n


cdef struct Lane:
    # one direction's arrays, lane-major (lane * n + pos)
    uint8_t cells[MAX_SQUARES]
    uint32_t xset[MAX_SQUARES]
    uint32_t xext[MAX_SQUARES]  # the letters that may precede the run after it (_extensions)
    int xscore[MAX_SQUARES]
    uint8_t xhas[MAX_SQUARES]
    uint8_t anchor[MAX_SQUARES]
    int lm[MAX_SQUARES]
    int wm[MAX_SQUARES]
    int lanes
    int n


# --- the read-only inputs ------------------------------------------------------------------------

cdef struct Lexicon:
    # the lexicon: a KWG node array (its owner kept alive by NativeGenerator._owner)
    const uint32_t *nodes
    Py_ssize_t size
    bint has_gaddag  # node 1 leads to the words' GADDAG (cross-sets may be read through it)


cdef struct Rules:
    # the rule set: the board's size, start and squares' multipliers, the tiles' values
    int rows, cols, rack_size, bingo, start
    uint32_t letters  # the letters (1-26) the rule set has tiles of, one bit each
    int lmul[MAX_SQUARES]
    int wmul[MAX_SQUARES]
    int values[27]


cdef struct RackTables:
    # a call's rack and what its parts are worth, made by the call's setup (_rack_tables) and
    # only read by its search (the parts put in order as the word map's search starts:
    # _order_subs)
    int full[27]  # the rack (NativeGenerator.rack: as the walk places it)
    int total  # its tiles
    int letters_held, blanks_held
    int values_desc[MAX_RACK]  # the rack's letters' values, largest first (no blank)
    # each part of the rack it can keep, by its mixed-radix index over the rack's distinct tiles
    int place[27]
    int distinct[27]
    int ndistinct
    int by_value[27]  # its distinct letters (no blank), by value, highest first
    int nletters
    uint64_t letters_lo, letters_hi  # its letters (no blanks), as a word map keys them
    const int32_t *leave_mp  # the leave of each kept part, in millipoints (leave_buf's)
    int32_t *leave_buf
    int leave_room, leave_size
    int64_t best_leave[MAX_RACK + 1][MAX_RACK + 1]  # [tiles played][blanks kept]
    # ... of the parts played that may spell a word alone (Sub.alive): a span through no board
    # tile is bounded by these (the word map's search)
    int64_t word_leave[MAX_RACK + 1][MAX_RACK + 1]
    # the word map's search: each part of the rack a move may place (_add_sub)
    Sub *subs
    Sub *spare  # as many: where the parts are put in order (_order_subs)
    int sub_room, nsubs
    int sub_start[MAX_RACK + 2]  # the parts of k tiles: subs[sub_start[k]:sub_start[k+1]]
    # the exchanges: the best one's equity (-2^62: none) and the part of the rack it keeps
    int64_t exchange_worth
    int exchange_kept


cdef struct Keeping:
    # the part of the rack being kept, as _keep_from enumerates them (rack_tables.pxi)
    uint8_t kept[MAX_RACK]  # its tiles, in order
    int count[27]  # its copies of each tile
    bint exchanging  # the bag allows an exchange
    # a leave table's arrays, walked a tile at a time (table), else each part's value asked
    bint table
    const uint32_t *nodes
    const uint32_t *counts
    const int32_t *values
    Py_ssize_t nvalues


@cython.final
cdef class LeaveValues:
    cdef object value
    cdef uint64_t *keys
    cdef int32_t *values
    cdef Py_ssize_t capacity, count
    # a linear model (LeaveModel's form): the value computed here, not asked of Python
    cdef bint linear
    cdef bint thousandths  # the callable's values are whole thousandths (a leave table's)
    # a leave table (LeaveTable's arrays, take_table): the value looked up here, not asked
    cdef bint table
    cdef const uint32_t[::1] table_nodes
    cdef const uint32_t[::1] table_counts
    cdef const int32_t[::1] table_values  # in millipoints, by rank
    cdef double weights[LINEAR_WEIGHTS]
    cdef int copies, q, u, last
    cdef uint32_t vowels
    cdef int balance[7][7]


@cython.final
cdef class NativeGenerator:
    # --- the read-only inputs: set by __init__ ---
    cdef object _owner  # the node array's owner
    cdef Lexicon lexicon
    cdef Rules rules
    cdef bint keep  # keep the cross-sets from call to call (see seen)
    # --- ... and once a call, before its search ---
    cdef RackTables tables  # (by equity, and the word map's search)
    cdef WordMap wordmap  # the word map's search (top_equity with a WordMap, every_move_by_map)
    cdef bint _gaddag
    cdef uint32_t usable  # the tiles the rack can place
    cdef bint best_only
    cdef bint by_equity  # top_equity: only the moves that may reach the top
    cdef int top  # ... the top's size (the heap's room)

    # --- the working state: what the search writes ---
    cdef bint busy  # in top_equity, which calls back into Python (the leaves' values)
    # the board's lanes, each direction's: cells, cross-sets, cross-scores, anchors (_prepare)
    cdef Lane dirs[2]
    # cross-sets kept from call to call (a game's next turn changes a few lines): the board of
    # the last call, and each square's cross-set over every letter; :func:`_prepare` asks
    # again only where the line of the square's cross-word changed
    cdef uint8_t seen[MAX_SQUARES]
    cdef bint seen_valid
    cdef bint seen_empty  # (the last call's board was empty)
    cdef uint32_t xkept[2][MAX_SQUARES]  # each square's set over every letter (_prepare)
    # the cross-set of a square whose cross-word is one tile and the square (_one_tile_sets):
    # [0][t] the tile t before the square, [1][t] after it
    cdef uint32_t one_tile[2][32]
    cdef bint xext_valid  # the lanes' extension sets were made at the last call (bounding)
    # where the search is: the lane, the anchor
    cdef Lane *lane_arrays
    cdef int down, base, anchor_pos, n
    cdef int left_limit  # a walk leftwards from the anchor places tiles only after this square
    # the rack as the walk places it, and the word it spells
    cdef int rack[27]
    cdef uint8_t word[MAX_SIDE]
    cdef uint8_t placed[MAX_SIDE]
    # the bounds (by equity): the anchor being bounded, by blanks used, and the one searched
    cdef int64_t span_best[MAX_RACK + 1]
    cdef int64_t gate[GATES]  # the anchor being searched: Anchor.gate
    cdef int span_first
    cdef int span_blocks  # the runs of board tiles the span being bounded crosses (_shadow_right)
    # the slots of the anchor being bounded, by tiles and runs crossed (a slot's index where
    # its stamp is the anchor's, anchor_stamp)
    cdef int slot_of[MAX_RACK + 1][MAX_SIDE]
    cdef int slot_stamp[MAX_RACK + 1][MAX_SIDE]
    cdef int anchor_stamp
    # the word map's search: the spans a move may cover, and the best-first heap of them
    cdef bint collecting
    cdef Slot *slots
    cdef int64_t *ranked  # the best-first heap's keys of the slots (see _by_word_map)
    cdef Py_ssize_t slot_room, nslots
    # ... the slot being spelled: the tiles left; each span's free squares and their word
    # multiplier; the span being placed (first, last, free_pos, free_multiplier)
    cdef const Slot *slot
    cdef int real_left[27]
    cdef int blank_left[27]
    cdef int span_free[MAX_RACK + 1][MAX_SIDE]
    cdef int span_multiplier[MAX_RACK + 1]
    cdef int *free_pos
    cdef int nfree, first, last, free_multiplier
    cdef bint spans_ready  # span_free and span_multiplier hold the slot's (_free_squares)
    cdef const uint8_t *spelled
    # by equity: the best ``top`` equities found (a min-heap: heap[0] the line)
    cdef int64_t *heap
    cdef int heap_n, heap_room
    # the records: the best one (best_only), or every one written, in a buffer
    cdef bint have_best
    cdef int best_score
    cdef uint8_t best[RECORD]
    cdef uint8_t candidate[RECORD]
    cdef char *out
    cdef Py_ssize_t out_size, out_room
    cdef bint failed
    cdef readonly Py_ssize_t generated
    # by equity: each record's equity in millipoints, to drop those below the final line
    cdef int64_t *rec_equity
    cdef Py_ssize_t rec_room
    cdef int exchange_index  # the part of the rack the best exchange keeps (_top_equity)
    # the turns NativeGenerator.play played (PLAYED bytes each)
    cdef uint8_t *log
    cdef Py_ssize_t log_size, log_room


@cython.final
cdef class PlayOuts:
    # a simulation's play-outs (playouts.pxi): its inputs, set once by __init__ ...
    cdef NativeGenerator g
    cdef LeaveValues leaves
    cdef WordMap wordmap
    cdef bint gaddag, draw_other
    cdef int squares, plies, max_zeros, count
    cdef uint8_t board[MAX_SQUARES]  # the position's
    cdef int mine[27]  # the rack of the player on turn
    cdef int known[27]  # the other player's, where known (else none)
    cdef int64_t scores[2]
    cdef int zeros
    cdef bytes hidden  # the tiles unseen, in tile order
    cdef bytes firsts  # each candidate's turn, a PLAYED entry each
    # ... and what an iteration writes: the game a candidate is played in, the bag dealt
    cdef uint8_t work[MAX_SQUARES]
    cdef uint8_t *dealt
    cdef uint8_t *bag
    cdef readonly Py_ssize_t turns
