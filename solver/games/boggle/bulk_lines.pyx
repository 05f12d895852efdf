# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""Boggle's JSON lines for many boards, made in compiled code: no Python object per board.

:class:`BoardLines` takes the bytes of a boards file, a block of lines at a time, and for each line
parses the board, runs array-trie's native search on it (:meth:`NativeCore.search
<lexibench.structures.backends.array_trie.core.NativeCore>`, reached through ``core.pxd``: the
search is not repeated here) and writes the board's line: the summary (``{"board": ..., "count":
n, "score": n}``) from the search's totals, without a word string, or the full line of ``solve
--json``, byte for byte what :class:`~lexibench.solver.games.boggle.lines.LineMaker` makes (the
tests compare them). What is Boggle's stays here: the board's text, its shape's neighbours, the
score table and the JSON.

It recognises every form of board :func:`~lexibench.solver.games.boggle.board.parse_board`
accepts (rows joined by ``/`` or a square; cells side by side or apart; any case; the Qu tile
``qu``, or ``q`` before a blank, ``/`` or the end), or, for files in the peers' form
(``q_means_qu``), a letter per cell with ``q`` the Qu tile. A blank line (empty, or only blanks and
CRs) is skipped and counted, as the Python reader skips it; the test for one is made only of a line
that is not a board, so a board's line costs nothing more. At any other line (a bad character,
``q`` before another letter, rows of unequal length, a line too long, the end of a line without its
newline) it stops and says where, for the caller to hand that line to the Python parser
(:func:`~lexibench.solver.games.boggle.boards_file.board_of_line`), which names the problem (or
accepts it); :meth:`BoardLines.board_line` makes the line of a board parsed that way.
"""

from cpython.buffer cimport PyBuffer_FillInfo
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, _PyBytes_Resize
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from libc.stdint cimport uint16_t, uint32_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memchr, memcmp, memcpy, memset

from lexibench.structures.backends.array_trie.core cimport NativeCore, lexibench_graph

from lexibench.structures.errors import TooManyPathsError

cdef extern from *:
    """
    #define LEXIBENCH_QU_CODE 26  /* a board cell's code for the Qu tile */
    """
    const unsigned char QU "LEXIBENCH_QU_CODE"

cdef enum:
    KEY_LETTERS = 4  # the letters of a word the sort key holds whole (5 bits each), then 4 bits
    MAX_POINTS = 255  # the highest score a word may have (the key's top 8 bits)
    RADIX_FROM = 96  # hits from which a radix sort is quicker than a merge sort
    SLOT = 16  # bytes a cell's "[r,c]," text is kept in, copied whole (a text is at most 12)
    SCORE_SLOT = 24  # bytes a score's '","score":n,"path":' text is kept in (at most 21)
    COPY_LETTERS = 16  # a word this long or shorter is copied as 16 bytes
    COPY_CELLS = 16  # a path this long or shorter is copied as 16 cells
    PIECE_SLACK = 1 << 16  # room a piece of lines is made with past its limit: a line more
    PIECE_ROOM = 1 << 22  # the most room a piece is made with (a larger limit grows it)


# A growing byte buffer; while memoryviews of it are alive (exports), it neither moves nor is
# cleared. Its memory is its own (malloc), or, with an owner, the bytes object owner, which the
# buffer holds the only reference to while it writes into it (see BoardLines.lines).
cdef struct Out:
    char *data
    Py_ssize_t size
    Py_ssize_t room
    Py_ssize_t exports
    PyObject *owner


cdef inline int out_reserve(Out *out, Py_ssize_t more) except -1:
    """Make room for ``more`` bytes (the common case, room already there, inline)."""
    if out.size + more <= out.room:
        return 0
    return out_grow(out, more)


cdef int out_grow(Out *out, Py_ssize_t more) except -1:
    cdef Py_ssize_t room
    cdef char *data
    if out.exports:
        raise BufferError("the kept lines are still in use: release them first")
    room = max(2 * out.room, out.size + more, 1 << 16)
    if out.owner != NULL:  # a bytes object of refcount 1: resized in place where it can be
        _PyBytes_Resize(&out.owner, room)
        out.data = PyBytes_AS_STRING(<object>out.owner)
        out.room = room
        return 0
    data = <char *>realloc(out.data, room)
    if data == NULL:
        raise MemoryError()
    out.data = data
    out.room = room
    return 0


cdef inline void put(Out *out, const char *text, Py_ssize_t n) noexcept:
    """Append ``n`` bytes (room reserved by the caller)."""
    memcpy(out.data + out.size, text, n)
    out.size += n


cdef inline void put_int(Out *out, long value) noexcept:
    """Append ``value`` in decimal (room for 21 bytes reserved by the caller)."""
    cdef char digits[24]
    cdef int n = 0
    cdef unsigned long v
    if value < 0:
        out.data[out.size] = b'-'
        out.size += 1
        v = <unsigned long>(-(value + 1)) + 1
    else:
        v = <unsigned long>value
    while True:
        digits[n] = <char>(48 + v % 10)
        n += 1
        v //= 10
        if v == 0:
            break
    while n:
        n -= 1
        out.data[out.size] = digits[n]
        out.size += 1


# One path the search recorded: its word's letters at letters[word:word + length], its cells at
# cells[path:path + depth] (in Hits).
cdef struct Hit:
    uint32_t key     # the score (high 8 bits, inverted: highest first), then the first letters
    uint32_t node    # the word's trie node: one per word
    int word
    int length
    int path
    int depth
    int points


# What the search of one board recorded (see _keep).
cdef struct Hits:
    Hit *hit
    int count
    int room
    char *letters
    int letters_size
    int letters_room
    uint16_t *cells  # a board has at most MAX_CELLS (10,000) cells
    int cells_size
    int cells_room
    const long *points   # points by length; the last for longer words
    int last_points
    long max_paths       # 0: no cap
    bint all_paths


cdef int _grow(void **data, int *room, int need, size_t item) except -1:
    cdef int bigger = max(2 * room[0], need, 64)
    cdef void *grown = realloc(data[0], bigger * item)
    if grown == NULL:
        raise MemoryError()
    data[0] = grown
    room[0] = bigger
    return 0


cdef int _keep(void *ctx, uint32_t node, const char *letters, int length, const int *path,
               int depth) except -1:
    """The search's record callback: keep the path (its word's letters, its cells, its sort key)."""
    cdef Hits *h = <Hits *>ctx
    cdef Hit *hit
    cdef uint32_t key = 0
    cdef int k
    cdef uint16_t *cells
    if h.max_paths and h.count >= h.max_paths:
        raise TooManyPathsError(h.max_paths)
    if h.count == h.room:
        _grow(<void **>&h.hit, &h.room, h.count + 1, sizeof(Hit))
    # room for a whole COPY_LETTERS (COPY_CELLS) past the end: a short word is copied whole
    if h.letters_size + length + COPY_LETTERS > h.letters_room:
        _grow(<void **>&h.letters, &h.letters_room, h.letters_size + length + COPY_LETTERS, 1)
    if h.cells_size + depth + COPY_CELLS > h.cells_room:
        _grow(<void **>&h.cells, &h.cells_room, h.cells_size + depth + COPY_CELLS,
              sizeof(uint16_t))
    hit = &h.hit[h.count]
    hit.node = node
    hit.word = h.letters_size
    hit.length = length
    hit.path = h.cells_size
    hit.depth = depth
    hit.points = h.points[length if length < h.last_points else h.last_points]
    for k in range(KEY_LETTERS):
        key = (key << 5) | (<uint32_t>(letters[k] - 96) if k < length else 0)
    key = (key << 4) | (<uint32_t>(letters[KEY_LETTERS] - 96) >> 1 if length > KEY_LETTERS else 0)
    hit.key = (<uint32_t>(MAX_POINTS - hit.points) << 24) | key
    # A copy of a known size (a few vector moves, no call, no loop to count) where the word and
    # the path fit one: the search's word and path buffers hold at least 128 letters and 64
    # cells, and room is kept here past the end.
    if length <= COPY_LETTERS:
        memcpy(h.letters + h.letters_size, letters, COPY_LETTERS)
    else:
        memcpy(h.letters + h.letters_size, letters, length)
    h.letters_size += length
    cells = h.cells + h.cells_size
    if depth <= COPY_CELLS:
        for k in range(COPY_CELLS):
            cells[k] = <uint16_t>path[k]
    else:
        for k in range(depth):
            cells[k] = <uint16_t>path[k]
    h.cells_size += depth
    h.count += 1
    return 0


# A hit to sort: its key beside its index, so that most comparisons read the array being sorted.
cdef struct Entry:
    uint32_t key
    int hit


cdef inline bint _before(const Hits *h, const Entry *a, const Entry *b) noexcept:
    """True when ``a`` is listed before ``b``: higher score, then alphabetical (a word before the
    longer words it starts), then the order the search found them in (a word's paths)."""
    cdef int n, c
    cdef const Hit *x
    cdef const Hit *y
    if a.key != b.key:
        return a.key < b.key
    x = &h.hit[a.hit]
    y = &h.hit[b.hit]
    if x.node == y.node:  # the same word: its paths in the search's order
        return x.word < y.word
    n = x.length if x.length < y.length else y.length
    c = memcmp(h.letters + x.word, h.letters + y.word, n)
    if c:
        return c < 0
    return x.length < y.length


cdef void _merge_sort(const Hits *h, Entry *order, Entry *spare, int n) noexcept:
    """Sort ``order`` (``n`` hits) by :func:`_before`: a merge sort, insertion sort for runs of
    16."""
    cdef int width, lo, mid, hi, i, j, k
    cdef Entry item
    cdef Entry *src = order
    cdef Entry *dst = spare
    cdef Entry *swap
    for lo in range(0, n, 16):
        hi = min(lo + 16, n)
        for i in range(lo + 1, hi):
            item = order[i]
            j = i
            while j > lo and _before(h, &item, &order[j - 1]):
                order[j] = order[j - 1]
                j -= 1
            order[j] = item
    width = 16
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i = lo
            j = mid
            k = lo
            while i < mid and j < hi:
                if _before(h, &src[j], &src[i]):
                    dst[k] = src[j]
                    j += 1
                else:
                    dst[k] = src[i]
                    i += 1
                k += 1
            while i < mid:
                dst[k] = src[i]
                i += 1
                k += 1
            while j < hi:
                dst[k] = src[j]
                j += 1
                k += 1
        swap = src
        src = dst
        dst = swap
        width *= 2
    if src != order:
        memcpy(order, src, n * sizeof(Entry))


cdef void _radix_sort(const Hits *h, Entry *order, Entry *spare, int n) noexcept:
    """Sort ``order`` (``n`` hits) by :func:`_before`: a stable radix sort of the keys, a byte at
    a time from the lowest (a byte all keys share is skipped), then an insertion pass that puts
    hits of equal keys in order (the same score and first letters: a few words at a time)."""
    cdef int count[4][256]
    cdef int offset[256]
    cdef int i, d, digit, total, j
    cdef uint32_t key
    cdef Entry item
    cdef Entry *src = order
    cdef Entry *dst = spare
    cdef Entry *swap
    memset(count, 0, sizeof(count))
    for i in range(n):
        key = order[i].key
        for d in range(4):
            count[d][(key >> (8 * d)) & 255] += 1
    for d in range(4):
        if count[d][(src[0].key >> (8 * d)) & 255] == n:
            continue
        total = 0
        for digit in range(256):
            offset[digit] = total
            total += count[d][digit]
        for i in range(n):
            digit = (src[i].key >> (8 * d)) & 255
            dst[offset[digit]] = src[i]
            offset[digit] += 1
        swap = src
        src = dst
        dst = swap
    if src != order:
        memcpy(order, src, n * sizeof(Entry))
    for i in range(1, n):
        if order[i].key != order[i - 1].key:
            continue
        item = order[i]
        j = i
        while j > 0 and _before(h, &item, &order[j - 1]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = item


cdef inline void _sort(const Hits *h, Entry *order, Entry *spare, int n) noexcept:
    """Sort ``order`` (``n`` hits) by :func:`_before`: a merge sort for a board's few words, a
    radix sort for many (a dense board's hundreds)."""
    if n > RADIX_FROM:
        _radix_sort(h, order, spare, n)
    else:
        _merge_sort(h, order, spare, n)


cdef inline bint _blank(const unsigned char *text, Py_ssize_t n) noexcept:
    """True when the ``n`` bytes at ``text`` are only blanks (space, tab) and CRs, or none: a
    blank line, skipped (the Python reader's ``BLANKS``)."""
    cdef Py_ssize_t k
    for k in range(n):
        if text[k] != 32 and text[k] != 9 and text[k] != 13:
            return False
    return True


cdef class BoardLines:
    """Makes the line of every board of a boards file with one lexicon and one set of options
    (see the module docstring). Not for several threads at once."""

    cdef NativeCore core
    cdef bint summary
    cdef bint all_paths
    cdef int min_length
    cdef int max_cells
    cdef readonly bint q_means_qu
    cdef long *points
    cdef int last_points
    cdef bytes middle          # ',"wordlist":{...},"lexicon":"...","words":['
    cdef Out out
    cdef Hits hits
    cdef Entry *order
    cdef Entry *spare
    cdef int order_room
    # the board being made: its cells' letter codes, one per cell (QU for the Qu tile)
    cdef unsigned char *cells
    cdef int rows
    cdef int cols
    cdef int has_qu
    # the search's graph of that board
    cdef unsigned char *codes
    cdef int *code_start
    # the neighbours and the "[r,c]" texts of the last shape made
    cdef int shape_rows
    cdef int shape_cols
    cdef int *nbr_start
    cdef int *nbr
    cdef char *cell_text       # SLOT bytes a cell
    cdef unsigned char *cell_text_size
    # each score's '","score":n,"path":' text (SCORE_SLOT bytes a score, 0 to MAX_POINTS)
    cdef char score_text[(MAX_POINTS + 1) * SCORE_SLOT]
    cdef unsigned char score_size[MAX_POINTS + 1]

    def __cinit__(self):
        self.out.data = NULL
        self.out.size = 0
        self.out.room = 0
        self.out.exports = 0
        self.out.owner = NULL

    def __getbuffer__(self, Py_buffer *buffer, int flags):
        """The kept lines (see :meth:`kept`), read-only."""
        cdef char *data = self.out.data if self.out.data != NULL else <char *>""
        PyBuffer_FillInfo(buffer, self, data, self.out.size, 1, flags)
        self.out.exports += 1

    def __releasebuffer__(self, Py_buffer *buffer):
        self.out.exports -= 1

    def kept(self):
        """The lines kept by :meth:`lines` and :meth:`board_line` with ``keep`` since
        :meth:`clear`, as a memoryview: no copy, however many. The lines cannot grow or be
        cleared while it (or a slice of it) is alive."""
        return memoryview(self)

    def clear(self):
        """Drop the kept lines."""
        self._clear()

    cdef int _clear(self) except -1:
        if self.out.exports:
            raise BufferError("the kept lines are still in use: release them first")
        self.out.size = 0
        return 0

    def __init__(self, NativeCore core, *, bint summary, bint all_paths, int min_length,
                 long max_paths, tuple points, int max_cells, bytes wordlist_json,
                 bytes lexicon_json, bint q_means_qu=False):
        """``points``: points by word length (the last for longer words, each at most 255);
        ``max_cells``: the most cells a board may have (the parser refuses larger ones);
        ``wordlist_json``, ``lexicon_json``: the line's ``"wordlist"`` and ``"lexicon"`` values,
        encoded; ``q_means_qu``: the boards are written a letter per cell, ``q`` the Qu tile."""
        cdef int k
        if not points or max(points) > MAX_POINTS or min(points) < 0:
            raise ValueError(f"points by length must be 0-{MAX_POINTS}, at least one")
        self.core = core
        self.summary = summary
        self.all_paths = all_paths
        self.min_length = min_length
        self.max_cells = max_cells
        self.q_means_qu = q_means_qu
        self.middle = (b',"wordlist":' + wordlist_json + b',"lexicon":' + lexicon_json
                       + b',"words":[')
        self.points = <long *>malloc(len(points) * sizeof(long))
        self.cells = <unsigned char *>malloc(max_cells)
        self.codes = <unsigned char *>malloc(2 * max_cells)
        self.code_start = <int *>malloc((max_cells + 1) * sizeof(int))
        if (self.points == NULL or self.cells == NULL or self.codes == NULL
                or self.code_start == NULL):
            raise MemoryError()
        for k in range(len(points)):
            self.points[k] = points[k]
        for k in range(MAX_POINTS + 1):
            text = f'","score":{k},"path":'.encode()
            memcpy(self.score_text + k * SCORE_SLOT, <const char *>text, len(text))
            self.score_size[k] = len(text)
        self.last_points = len(points) - 1
        self.hits.points = self.points
        self.hits.last_points = self.last_points
        self.hits.max_paths = max_paths
        self.hits.all_paths = all_paths

    def __dealloc__(self):
        free(self.out.data)
        free(self.hits.hit)
        free(self.hits.letters)
        free(self.hits.cells)
        free(self.order)
        free(self.spare)
        free(self.points)
        free(self.cells)
        free(self.codes)
        free(self.code_start)
        free(self.nbr_start)
        free(self.nbr)
        free(self.cell_text)
        free(self.cell_text_size)

    def lines(self, const unsigned char[::1] data, Py_ssize_t start, bint final,
              Py_ssize_t limit, bint keep=False):
        """Make the lines of the boards in ``data[start:]``, a block of whole lines (each ending
        with LF; with ``final``, the last may lack it), until about ``limit`` bytes of output are
        made or a line is not one it recognises.

        Returns ``(output, position, boards, blanks, stopped)``: the lines made (each with its
        LF), where the next line starts (``len(data)`` when every line was made), how many boards
        were made (a line each), how many blank lines were skipped (the lines read are the two
        counts' sum), and whether it stopped at a line it does not make (the one at
        ``position``: the caller's, through the Python parser and :meth:`board_line`). With
        ``keep`` the lines are added to the kept ones (:meth:`kept`) instead, and ``output`` is
        empty.

        Without ``keep`` the lines are written straight into the bytes object returned (made
        with room for ``limit`` bytes, 4 MiB at most, and a line more, grown if the lines need
        it, shrunk to them at the end): no copy of them is made."""
        cdef Out kept
        cdef object piece
        cdef Py_ssize_t room = min(max(limit, 0), PIECE_ROOM) + PIECE_SLACK
        if keep:
            return self._lines(data, start, final, limit, True)
        self._clear()  # the kept lines are dropped, as by clear()
        kept = self.out
        piece = PyBytes_FromStringAndSize(NULL, room)
        Py_INCREF(piece)  # the buffer's reference: the only one once piece is let go
        self.out.owner = <PyObject *>piece
        self.out.data = PyBytes_AS_STRING(piece)
        self.out.size = 0
        self.out.room = room
        self.out.exports = 0
        piece = None
        try:
            _, pos, boards, blanks, stopped = self._lines(data, start, final, limit, False)
            _PyBytes_Resize(&self.out.owner, self.out.size)
            piece = <object>self.out.owner
        finally:
            Py_XDECREF(self.out.owner)
            self.out = kept
        return piece, pos, boards, blanks, stopped

    cdef tuple _lines(self, const unsigned char[::1] data, Py_ssize_t start, bint final,
                      Py_ssize_t limit, bint keep):
        """:meth:`lines`, into the buffer as it is (kept lines, or a bytes object's)."""
        cdef Py_ssize_t end = data.shape[0]
        cdef Py_ssize_t pos = start
        cdef Py_ssize_t line_end, next_pos
        cdef const unsigned char *base = &data[0] if end > 0 else NULL
        cdef const unsigned char *newline
        cdef long boards = 0
        cdef long blanks = 0
        cdef Py_ssize_t line_start
        cdef bint stopped = False
        cdef Py_ssize_t first = self.out.size if keep else 0
        while pos < end and self.out.size - first < limit:
            newline = <const unsigned char *>memchr(base + pos, 10, end - pos)
            if newline == NULL:
                if not final:
                    break
                line_end = end
                next_pos = end
                if base[line_end - 1] == 13:  # a CR without its LF: the Python parser's to name
                    stopped = True
                    break
            else:
                line_end = newline - base
                next_pos = line_end + 1
                if line_end > pos and base[line_end - 1] == 13:
                    line_end -= 1
            if not self._parse(base + pos, line_end - pos):
                # A blank line no longer than a board's (a longer one is the Python parser's)
                if line_end - pos > 4 * self.max_cells or not _blank(base + pos, line_end - pos):
                    stopped = True
                    break
                blanks += 1
                pos = next_pos
                continue
            line_start = self.out.size
            try:
                self._make_line()
            except TooManyPathsError:  # the caller's to report, through board_line
                self.out.size = line_start
                stopped = True
                break
            boards += 1
            pos = next_pos
        return b"", pos, boards, blanks, stopped

    def board_line(self, tuple cells, int rows, int cols, bint keep=False):
        """The line (without its LF) of a board already parsed: its ``rows`` x ``cols`` cells,
        row-major, each ``"a"``-``"z"`` or ``"qu"``. With ``keep`` the line (with its LF) is
        added to the kept ones instead, and the result is empty."""
        cdef int k
        cdef str cell
        cdef Py_ssize_t first = self.out.size if keep else 0
        if len(cells) != rows * cols or rows * cols > self.max_cells or rows < 1 or cols < 1:
            raise ValueError(f"{len(cells)} cells do not make a board of {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self.has_qu = False
        for k in range(rows * cols):
            cell = cells[k]
            if cell == "qu":
                self.cells[k] = QU
                self.has_qu = True
            elif len(cell) == 1 and "a" <= cell <= "z":
                self.cells[k] = <unsigned char>(ord(cell) - 97)
            else:
                raise ValueError(f"{cell!r} is not a cell")
        if not keep:
            self._clear()
        try:
            self._make_line()
        except BaseException:
            self.out.size = first
            raise
        if keep:
            return b""
        return PyBytes_FromStringAndSize(self.out.data, self.out.size - 1)

    cdef bint _parse(self, const unsigned char *text, Py_ssize_t n) noexcept:
        """Read the board of one line into ``cells``, ``rows`` and ``cols``: True, or False when
        the line is not a board (for the Python parser to name the problem). Every form
        :func:`~lexibench.solver.games.boggle.board.parse_board` accepts: rows joined by ``/``
        or a square, cells side by side or apart (blanks), any case, the Qu tile ``qu`` or a
        ``q`` before a blank, ``/`` or the end; with ``q_means_qu`` (the peers' form), every
        letter is a cell and ``q`` the Qu tile."""
        cdef Py_ssize_t k = 0, end = n
        cdef int count = 0, row_cells = 0, width = -1, rows = 1, side
        cdef unsigned char ch, low, after
        cdef bint one_row = False
        if n > 4 * self.max_cells:
            return False
        while k < end and (text[k] == 32 or text[k] == 9):  # blanks around the board
            k += 1
        while end > k and (text[end - 1] == 32 or text[end - 1] == 9):
            end -= 1
        if k == end:
            return False
        if text[end - 1] == 47 and memchr(text + k, 47, end - 1 - k) == NULL:
            one_row = True  # one row, written "abc/"
            end -= 1
        self.has_qu = False
        while k < end:
            ch = text[k]
            if ch == 32 or ch == 9:  # blanks between cells
                k += 1
                continue
            if ch == 47:  # "/": the next row
                if row_cells == 0 or (width != -1 and row_cells != width):
                    return False
                width = row_cells
                rows += 1
                row_cells = 0
                k += 1
                continue
            if not (65 <= ch <= 90 or 97 <= ch <= 122):  # a letter, either case
                return False
            low = ch | 0x20
            if count == self.max_cells:
                return False
            if low == 113:  # "q": the Qu tile
                k += 1
                if not self.q_means_qu:
                    after = text[k] if k < end else 32
                    if after == 117 or after == 85:  # "u" or "U"
                        k += 1  # "qu"
                    elif not (after == 32 or after == 9 or after == 47):
                        return False  # "qx": the Python parser names it
                self.cells[count] = QU
                self.has_qu = True
            else:
                self.cells[count] = low - 97
                k += 1
            count += 1
            row_cells += 1
        if row_cells == 0:
            return False
        if one_row:
            self.rows = 1
            self.cols = row_cells
        elif rows == 1:
            side = 1
            while side * side < count:
                side += 1
            if side * side != count:
                return False
            self.rows = side
            self.cols = side
        else:
            if row_cells != width:
                return False
            self.rows = rows
            self.cols = width
        return True

    cdef int _shape(self) except -1:
        """The neighbours of the board's shape (row-major around each cell, the order of
        ``board.NEIGHBOUR_OFFSETS``) and each cell's ``[r,c]`` text, made once per shape."""
        cdef int rows = self.rows, cols = self.cols
        cdef int n = rows * cols, i, r, c, dr, dc, k = 0
        cdef bytes text
        if rows == self.shape_rows and cols == self.shape_cols:
            return 0
        free(self.nbr_start)
        free(self.nbr)
        free(self.cell_text)
        free(self.cell_text_size)
        self.shape_rows = 0
        self.nbr_start = <int *>malloc((n + 1) * sizeof(int))
        self.nbr = <int *>malloc(8 * n * sizeof(int))
        self.cell_text_size = <unsigned char *>malloc(n)
        self.cell_text = <char *>malloc(n * SLOT)
        if (self.nbr_start == NULL or self.nbr == NULL or self.cell_text_size == NULL
                or self.cell_text == NULL):
            raise MemoryError()
        for i in range(n):
            r = i // cols
            c = i % cols
            self.nbr_start[i] = k
            for dr in range(-1, 2):
                for dc in range(-1, 2):
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                        self.nbr[k] = (r + dr) * cols + c + dc
                        k += 1
            text = f"[{r},{c}],".encode()
            memcpy(self.cell_text + i * SLOT, <const char *>text, len(text))
            self.cell_text_size[i] = len(text)
        self.nbr_start[n] = k
        self.shape_rows = rows
        self.shape_cols = cols
        return 0

    cdef int _board_text(self) except -1:
        """Append the board's canonical text (:meth:`Board.text
        <lexibench.solver.games.boggle.board.Board.text>`): rows joined by ``/``, the Qu tile
        ``qu``, a blank between it and a U after it, a one-row board ended by ``/``."""
        cdef int r, c, k
        cdef unsigned char cell
        cdef Out *out = &self.out
        out_reserve(out, 4 * self.rows * self.cols + 2)
        for r in range(self.rows):
            if r:
                out.data[out.size] = b'/'
                out.size += 1
            for c in range(self.cols):
                cell = self.cells[r * self.cols + c]
                if cell == QU:
                    put(out, "qu", 2)
                else:
                    if self.has_qu and c and cell == 20 and self.cells[r * self.cols + c - 1] == QU:
                        out.data[out.size] = b' '
                        out.size += 1
                    out.data[out.size] = <char>(97 + cell)
                    out.size += 1
        if self.rows == 1 and self.cols > 1:
            out.data[out.size] = b'/'
            out.size += 1
        return 0

    cdef int _make_line(self) except -1:
        """Search the board in ``cells`` and append its line, with its LF."""
        cdef lexibench_graph graph
        cdef int n = self.rows * self.cols, k, m = 0
        cdef long totals[2]
        cdef Out *out = &self.out
        self._shape()
        for k in range(n):
            self.code_start[k] = m
            if self.cells[k] == QU:
                self.codes[m] = 16  # q
                self.codes[m + 1] = 20  # u
                m += 2
            else:
                self.codes[m] = self.cells[k]
                m += 1
        self.code_start[n] = m
        graph.n = n
        graph.codes = self.codes
        graph.code_start = self.code_start
        graph.nbr_start = self.nbr_start
        graph.nbr = self.nbr
        out_reserve(out, 16)
        put(out, '{"board":"', 10)
        self._board_text()
        if self.summary:
            self.core.search(&graph, self.min_length, False, NULL, NULL, self.points,
                             self.last_points, totals)
            out_reserve(out, 64)
            put(out, '","count":', 10)
            put_int(out, totals[1])
            put(out, ',"score":', 9)
            put_int(out, totals[0])
            put(out, "}\n", 2)
            return 0
        self.hits.count = 0
        self.hits.letters_size = 0
        self.hits.cells_size = 0
        self.core.search(&graph, self.min_length, self.all_paths, _keep, &self.hits, NULL, 0, NULL)
        out_reserve(out, 64 + len(self.middle))
        put(out, '","rows":', 9)
        put_int(out, self.rows)
        put(out, ',"cols":', 8)
        put_int(out, self.cols)
        put(out, <const char *>self.middle, len(self.middle))
        self._words()
        return 0

    cdef int _words(self) except -1:
        """Append the words (sorted, each with its first path, and every path with
        ``all_paths``), then the count and the score, closing the line."""
        cdef Hits *h = &self.hits
        cdef Out *out = &self.out
        cdef int n = h.count, k, first, last, p, words = 0
        cdef long score = 0
        cdef Hit *hit
        cdef char *w
        if n > self.order_room:
            free(self.order)
            free(self.spare)
            self.order_room = 0
            self.order = <Entry *>malloc(n * sizeof(Entry))
            self.spare = <Entry *>malloc(n * sizeof(Entry))
            if self.order == NULL or self.spare == NULL:
                raise MemoryError()
            self.order_room = n
        for k in range(n):
            self.order[k].key = h.hit[k].key
            self.order[k].hit = k
        _sort(h, self.order, self.spare, n)
        first = 0
        while first < n:
            hit = &h.hit[self.order[first].hit]
            last = first + 1
            while last < n and h.hit[self.order[last].hit].node == hit.node:
                last += 1
            out_reserve(out, 16 + hit.length + SCORE_SLOT)
            w = out.data + out.size  # a local pointer: no reload of the buffer's fields
            w[0] = b','
            w += words > 0
            memcpy(w, b'{"word":"', 9)
            w += 9
            if hit.length <= COPY_LETTERS:  # room kept past the letters, and reserved here
                memcpy(w, h.letters + hit.word, COPY_LETTERS)
            else:
                memcpy(w, h.letters + hit.word, hit.length)
            w += hit.length
            memcpy(w, self.score_text + hit.points * SCORE_SLOT, SCORE_SLOT)
            w += self.score_size[hit.points]
            out.size = w - out.data
            self._path(hit)
            if self.all_paths:
                put(out, ',"paths":[', 10)
                for p in range(first, last):
                    if p > first:
                        out_reserve(out, 1)
                        out.data[out.size] = b','
                        out.size += 1
                    self._path(&h.hit[self.order[p].hit])
                out_reserve(out, 1)
                out.data[out.size] = b']'
                out.size += 1
            out_reserve(out, 1)
            out.data[out.size] = b'}'
            out.size += 1
            words += 1
            score += hit.points
            first = last
        out_reserve(out, 64)
        put(out, '],"count":', 10)
        put_int(out, words)
        put(out, ',"score":', 9)
        put_int(out, score)
        put(out, "}\n", 2)
        return 0

    cdef int _path(self, const Hit *hit) except -1:
        """Append a path as ``[[r,c],...]``: each cell's text and its comma copied from its slot
        whole (a copy of a known size, no call) through a local pointer (no reload of the
        buffer's fields after each copy), the last comma turned into ``]``."""
        cdef Out *out = &self.out
        cdef int k, depth = hit.depth
        cdef const uint16_t *cells = self.hits.cells + hit.path
        cdef const char *text = self.cell_text
        cdef const unsigned char *size = self.cell_text_size
        cdef unsigned int cell
        cdef char *w
        out_reserve(out, 2 + depth * SLOT)
        w = out.data + out.size
        w[0] = b'['
        w += 1
        for k in range(depth):
            cell = cells[k]
            memcpy(w, text + cell * SLOT, SLOT)
            w += size[cell]
        w[-1] = b']'
        out.size = w - out.data
        return 0
