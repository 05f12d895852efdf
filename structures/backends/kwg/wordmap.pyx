# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""A word map: every word of a KWG's DAWG keyed by its multiset of letters (MAGPIE's ``.wmp``
idea, after "The Anagram Method"), built in C from the node array.

The crossword game's native tier spells its moves from it span by span instead of walking the
graph square by square (:mod:`solver.games.crossword.movegen`); the ``word-map`` index answers
anagram queries from it. The C-level interface is in ``wordmap.pxd``.
"""

cimport cython
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcpy, memset

from lexibench.structures.backends.kwg.nodes cimport ACCEPTS, ARC, IS_END, TILE_SHIFT

cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* A block of at least `size` bytes for a table of millions of random reads: from 2 MiB
       on, aligned to 2 MiB and, on Linux, marked for transparent huge pages (where the
       kernel allows them only when asked: one fault a 2 MiB page instead of 512, and fewer
       misses of the address cache on each look-up). Released with free(). */
    static void *lexibench_big(size_t size) {
        void *block = NULL;
        size_t huge = (size_t)1 << 21;
        if (size < huge) {
            return malloc(size ? size : 1);
        }
        size = (size + huge - 1) & ~(huge - 1);
        if (posix_memalign(&block, huge, size) != 0) {
            return NULL;
        }
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(block, size, MADV_HUGEPAGE);  /* a hint: refused, the pages are small */
    #endif
        return block;
    }
    """
    void *lexibench_big(size_t size) nogil


cdef enum:
    LONGEST = 21  # the longest word kept: no board is wider
    # the filters' bits per key, at least (rounded up to a power of two): about 2% (groups)
    # and 5% (blanks) of the keys absent pass at these sizes, fewer above
    GROUP_FILTER_BITS = 16
    BLANK_FILTER_BITS = 8
    RADIX_BITS = 11  # the words' sort: six passes of 11 bits
    RADIX = 2048
    BUCKETS = 4096  # the counting sort of the blanks' entries by home slot (a small count table)


cdef struct Word:
    uint64_t lo, hi
    uint32_t offset
    uint8_t length


cdef int _word_order(const void *a, const void *b) noexcept nogil:
    cdef const Word *x = <const Word *>a
    cdef const Word *y = <const Word *>b
    if x.hi != y.hi:
        return -1 if x.hi < y.hi else 1
    if x.lo != y.lo:
        return -1 if x.lo < y.lo else 1
    return -1 if x.offset < y.offset else (1 if x.offset > y.offset else 0)


@cython.final
cdef class WordMap:
    """Every word of a KWG's DAWG (node 0), keyed by its multiset of letters: what a subrack
    and the letters already on a span of a board spell, in one look-up instead of a walk.

    Two open-addressing tables: the *groups* (at most half full; a multiset, four bits per
    letter in two 64-bit words, to its anagrams, stored one after another as tile numbers), and
    for blanks (at most two-thirds full) each multiset one letter short of a group to the
    letters that complete it, in one 64-bit word with a 37-bit tag of the multiset's hash (two
    multisets sharing a tag and a run of slots can only add letters, which the exact look-up of
    the group then refuses). Words longer than 21 letters (no board holds them) are left out;
    ``complete`` is False when a word repeats a letter more than 15 times (it cannot be keyed,
    so the map cannot stand for the graph).

    Cost: a look-up hashes the key and probes, O(1) expected; the letters ``b`` blanks may
    stand for take at most ``26^(b-1)`` blank look-ups, then one group look-up per letter set.
    Build: one walk of the DAWG, a radix sort of the words by their group's slot, one blank
    entry per distinct letter of each group, both tables written in slot order. Memory: 24
    bytes per group slot and 8 per blank slot (web2's 210,680 words: 195,737 groups, 1,180,174
    blank entries), plus the words' letters.

    >>> from lexibench.structures.backends.kwg.lexicon import KwgLexicon
    >>> index = WordMap(KwgLexicon(["least", "slate", "tea", "eat", "at"]).kwg())
    >>> index.anagrams("stela"), index.completions("ta"), len(index)
    (['least', 'slate'], 'e', 5)
    """

    def __cinit__(self, *args):
        self.groups = NULL
        self.blanks = NULL
        self.words = NULL
        self.group_bits = NULL
        self.blank_bits = NULL
        self.complete = False  # until built: a map made without __init__ stands for nothing

    def __dealloc__(self):
        free(self.groups)
        free(self.blanks)
        free(self.words)
        free(self.group_bits)
        free(self.blank_bits)

    def __init__(self, nodes):
        """The word map of ``nodes``, a KWG node array (:meth:`KwgLexicon.kwg`)."""
        cdef const uint32_t[::1] view = nodes
        cdef Py_ssize_t size = view.shape[0]
        cdef Word *found = NULL
        cdef uint8_t *letters = NULL
        cdef uint8_t prefix[LONGEST]
        cdef Py_ssize_t room = 0, used = 0, bytes_room = 0, bytes_used = 0, i, j, n, slot
        cdef uint32_t stack_at[LONGEST + 1]
        cdef int depth, t, length
        cdef uint32_t v
        cdef uint64_t lo, hi, fp
        cdef Group *g
        cdef bint whole = True
        cdef uint64_t *ordered = NULL  # the blanks' entries' hashes, by home slot
        cdef uint8_t *added = NULL  # and the letter each adds
        cdef Py_ssize_t *bucket_start = NULL
        cdef uint64_t tag
        cdef int shift, sweep, half
        cdef uint64_t present
        cdef Py_ssize_t count
        if self.groups != NULL:
            raise RuntimeError("a word map is built once")
        if view.shape[0] < 2:
            raise ValueError("a KWG has at least its two root nodes")
        try:
            # every word of the DAWG (node 0's list), depth first without recursion
            depth = 0
            stack_at[0] = view[0] & ARC
            while depth >= 0:
                if stack_at[depth] == 0:
                    depth -= 1
                    if depth >= 0:
                        v = view[stack_at[depth]]
                        stack_at[depth] = 0 if v & IS_END else stack_at[depth] + 1
                    continue
                if stack_at[depth] >= size:
                    raise ValueError("not a KWG: an arc leaves the node array")
                v = view[stack_at[depth]]
                prefix[depth] = v >> TILE_SHIFT
                if v & ACCEPTS:
                    length = depth + 1
                    if used == room:
                        room = max(1024, 2 * room)
                        found = <Word *>_grow(found, room * sizeof(Word))
                    if bytes_used + length > bytes_room:
                        bytes_room = max(4096, 2 * bytes_room)
                        letters = <uint8_t *>_grow(letters, bytes_room)
                    lo = hi = 0
                    for i in range(length):
                        t = prefix[i]
                        if not 1 <= t <= 26 or letter_count(lo, hi, t) == 15:
                            whole = False
                            length = 0
                            break
                        add_letter(&lo, &hi, t)
                    if length:
                        memcpy(letters + bytes_used, prefix, length)
                        found[used].lo = lo
                        found[used].hi = hi
                        found[used].offset = <uint32_t>bytes_used
                        found[used].length = length
                        used += 1
                        bytes_used += length
                if (v & ARC) and depth + 1 < LONGEST:  # longer words: no board holds them
                    depth += 1
                    stack_at[depth] = v & ARC
                else:
                    stack_at[depth] = 0 if v & IS_END else stack_at[depth] + 1
            # the words by their group's home slot (a table sized by the words, so at least
            # twice the groups), each group's words together in the order found: the groups
            # are then written front to back
            self.group_mask = _table_size(used) - 1
            found = _by_home_slot(found, used, self.group_mask)
            self.words = <uint8_t *>lexibench_big(max(bytes_used, 1))
            if self.words == NULL:
                raise MemoryError()
            self.word_count = used
            self.groups = <Group *>_cleared((self.group_mask + 1) * sizeof(Group))
            bytes_used = 0
            g = NULL
            n = 0  # the groups so far; each one's first word is also moved to found[n]
            for i in range(used):
                if g == NULL or found[i].lo != g.lo or found[i].hi != g.hi:
                    slot = <Py_ssize_t>mix(found[i].lo, found[i].hi) & self.group_mask
                    while self.groups[slot].count:
                        slot = (slot + 1) & self.group_mask
                    g = &self.groups[slot]
                    g.lo = found[i].lo
                    g.hi = found[i].hi
                    g.start = <uint32_t>bytes_used
                    found[n] = found[i]  # n <= i: an entry already read
                    n += 1
                memcpy(self.words + bytes_used, letters + found[i].offset, found[i].length)
                bytes_used += found[i].length
                g.count += 1
            self.group_count = n  # the multisets, one each, are now at the front of found
            self.group_bits_mask = _bits(self.group_count, GROUP_FILTER_BITS, &self.group_bits)
            count = 0  # and their distinct letters: the blanks' entries
            for i in range(self.group_count):
                fp = mix(found[i].lo, found[i].hi)
                self.group_bits[(fp >> 32) & self.group_bits_mask] |= filter_bits(fp)
                count += _popcount(_present(found[i].lo)) + _popcount(_present(found[i].hi))
            # the blanks' table: each multiset less one of its letters, written in the order of
            # their home slots (a counting sort by the slot's top bits), front to back, instead
            # of a random probe each into a table of millions of slots
            n = count
            self.blank_mask = _table_size(n, 3) - 1
            self.blanks = <uint64_t *>_cleared((self.blank_mask + 1) * sizeof(uint64_t))
            ordered = <uint64_t *>lexibench_big(max(n, 1) * sizeof(uint64_t))
            added = <uint8_t *>malloc(max(n, 1))
            bucket_start = <Py_ssize_t *>calloc(BUCKETS + 1, sizeof(Py_ssize_t))
            if ordered == NULL or added == NULL or bucket_start == NULL:
                raise MemoryError()
            shift = 0
            while (self.blank_mask >> shift) >= BUCKETS:
                shift += 1
            for sweep in range(2):  # count each bucket's entries, then place them
                for i in range(self.group_count):
                    for half in range(2):
                        present = _present(found[i].hi if half else found[i].lo)
                        while present:
                            t = _lowest_nibble(present)  # 0-15: the letter t + 1 (+ 16)
                            present &= present - 1
                            lo, hi = found[i].lo, found[i].hi
                            if half:
                                hi -= 1ULL << (4 * t)
                            else:
                                lo -= 1ULL << (4 * t)
                            fp = mix(lo, hi)
                            j = (<Py_ssize_t>fp & self.blank_mask) >> shift
                            if sweep == 0:
                                bucket_start[j + 1] += 1
                            else:
                                ordered[bucket_start[j]] = fp
                                added[bucket_start[j]] = t + 1 + 16 * half
                                bucket_start[j] += 1
                if sweep == 0:
                    for i in range(BUCKETS):
                        bucket_start[i + 1] += bucket_start[i]
            for i in range(n):
                fp = ordered[i]
                tag = fp >> TAG_SHIFT
                j = <Py_ssize_t>fp & self.blank_mask
                while self.blanks[j] and self.blanks[j] >> TAG_SHIFT != tag:
                    j = (j + 1) & self.blank_mask
                if not self.blanks[j]:
                    self.blanks[j] = (tag << TAG_SHIFT) | 1
                    self.blank_count += 1
                self.blanks[j] |= 1ULL << added[i]
            self.blank_bits_mask = _bits(self.blank_count, BLANK_FILTER_BITS, &self.blank_bits)
            for i in range(n):
                fp = ordered[i]
                self.blank_bits[(fp >> 32) & self.blank_bits_mask] |= filter_bits(fp)
            self.complete = whole
        finally:
            free(found)
            free(letters)
            free(ordered)
            free(added)
            free(bucket_start)

    def __len__(self):
        return self.word_count

    def anagrams(self, letters):
        """The words spelled with exactly ``letters`` (a-z, any order), in the order stored."""
        cdef uint64_t lo = 0, hi = 0
        cdef const Group *g
        cdef Py_ssize_t i, length
        if self.groups == NULL or self.blank_bits == NULL or not _key(letters, &lo, &hi):
            return []
        g = find_group(self, lo, hi)
        if g == NULL:
            return []
        length = len(letters)
        return [bytes(self.words[g.start + i * length + k] + 96 for k in range(length)).decode()
                for i in range(g.count)]

    def completions(self, letters):
        """The letters (a-z, in order) that, added to ``letters``, spell a word: what one blank
        may stand for."""
        cdef uint64_t lo = 0, hi = 0, a, b
        cdef uint32_t mask
        cdef int t
        if self.groups == NULL or self.blank_bits == NULL or not _key(letters, &lo, &hi):
            return ""
        mask = completing(self, lo, hi)
        out = []
        for t in range(1, 27):
            a, b = lo, hi
            if mask >> t & 1 and letter_count(a, b, t) < 15:
                add_letter(&a, &b, t)
                if find_group(self, a, b) != NULL:
                    out.append(chr(96 + t))
        return "".join(out)

    def to_bytes(self):
        """The map's tables as one buffer, for :meth:`from_bytes` on this machine (its byte
        order and layout): a header of counts and masks; each table's occupied slots (a bit
        each) and their entries in slot order (the tables are mostly empty: about 19 MB of
        web2's 50); the two filters and the words' letters. O(size)."""
        cdef Py_ssize_t words_size, size, at
        cdef bytearray out
        cdef uint8_t *raw
        if self.groups == NULL or self.blank_bits == NULL:
            raise ValueError("a word map not built has no tables")
        words_size = _words_size(self)
        size = (_LAYOUT.size + _occupied_bytes(self.group_mask) + self.group_count * sizeof(Group)
                + _occupied_bytes(self.blank_mask) + self.blank_count * sizeof(uint64_t)
                + (self.group_bits_mask + 1 + self.blank_bits_mask + 1) * sizeof(uint64_t)
                + words_size)
        out = bytearray(size)
        raw = out
        _LAYOUT.pack_into(
            out, 0, _MAGIC, _FORMAT, sizeof(Group), 1 if self.complete else 0, self.word_count,
            self.group_count, self.blank_count, self.group_mask, self.blank_mask,
            self.group_bits_mask, self.blank_bits_mask, words_size,
        )  # fmt: skip
        at = _LAYOUT.size
        at = _pack_slots(raw, at, <const uint8_t *>self.groups, self.group_mask + 1,
                         sizeof(Group), _group_used)
        at = _pack_slots(raw, at, <const uint8_t *>self.blanks, self.blank_mask + 1,
                         sizeof(uint64_t), _blank_used)
        memcpy(raw + at, self.group_bits, (self.group_bits_mask + 1) * sizeof(uint64_t))
        at += (self.group_bits_mask + 1) * sizeof(uint64_t)
        memcpy(raw + at, self.blank_bits, (self.blank_bits_mask + 1) * sizeof(uint64_t))
        at += (self.blank_bits_mask + 1) * sizeof(uint64_t)
        memcpy(raw + at, self.words, words_size)
        return bytes(out)

    @staticmethod
    def from_bytes(const uint8_t[::1] data):
        """The map :meth:`to_bytes` wrote, checked before use: ValueError (naming what is
        wrong) for a buffer of another format, byte order or layout, sizes that do not add
        up, a table with no empty slot (a look-up would not end), a group whose words lie
        outside the letters or are longer than 21, a letter that is not a tile. What it cannot
        check is that the words are the lexicon's: the caller trusts its source for that (a
        sealed cache entry). O(size)."""
        cdef WordMap self = WordMap.__new__(WordMap)
        cdef Py_ssize_t n = data.shape[0], at, size, i, length, counted
        cdef const uint8_t *raw = &data[0] if n else NULL
        if n < _LAYOUT.size:
            raise ValueError("a word map's data is shorter than its header")
        (magic, version, layout, complete, words, groups, blanks, group_mask, blank_mask,
         group_bits_mask, blank_bits_mask, words_size) = _LAYOUT.unpack_from(data)
        if magic != _MAGIC or version != _FORMAT or layout != sizeof(Group):
            raise ValueError("not a word map of this format and layout")
        for mask in (group_mask, blank_mask, group_bits_mask, blank_bits_mask):
            if mask < 0 or mask >= 1 << 30 or mask & (mask + 1):
                raise ValueError("a word map's table size is not a power of two")
        if not (0 <= groups <= group_mask and 0 <= blanks <= blank_mask and 0 <= words < 1 << 30):
            raise ValueError("a word map's table has no empty slot")
        # the tables sized as the build sizes them for these counts (no more memory than that)
        if (group_mask + 1 != _table_size(words)
                or group_bits_mask != _filter_mask(groups, GROUP_FILTER_BITS)
                or blank_bits_mask != _filter_mask(blanks, BLANK_FILTER_BITS)
                or blank_mask + 1 > _table_size(26 * groups, 3)):
            raise ValueError("a word map's tables are not sized for what they hold")
        if not 0 <= words_size <= n:
            raise ValueError(f"a word map's data is {n:,} bytes, shorter than its letters")
        size = (_LAYOUT.size + _occupied_bytes(group_mask) + groups * sizeof(Group)
                + _occupied_bytes(blank_mask) + blanks * sizeof(uint64_t)
                + (group_bits_mask + 1 + blank_bits_mask + 1) * sizeof(uint64_t) + words_size)
        if n != size:
            raise ValueError(f"a word map's data is {n:,} bytes, not the {size:,} it describes")
        self.group_mask, self.blank_mask = group_mask, blank_mask
        self.group_bits_mask, self.blank_bits_mask = group_bits_mask, blank_bits_mask
        self.word_count, self.group_count, self.blank_count = words, groups, blanks
        self.groups = <Group *>_cleared((group_mask + 1) * sizeof(Group))
        self.blanks = <uint64_t *>_cleared((blank_mask + 1) * sizeof(uint64_t))
        at = _LAYOUT.size
        at = _unpack_slots(raw, at, <uint8_t *>self.groups, group_mask + 1, sizeof(Group),
                           groups)
        at = _unpack_slots(raw, at, <uint8_t *>self.blanks, blank_mask + 1, sizeof(uint64_t),
                           blanks)
        self.group_bits = <uint64_t *>_copied(raw + at, (group_bits_mask + 1) * sizeof(uint64_t))
        at += (group_bits_mask + 1) * sizeof(uint64_t)
        self.blank_bits = <uint64_t *>_copied(raw + at, (blank_bits_mask + 1) * sizeof(uint64_t))
        at += (blank_bits_mask + 1) * sizeof(uint64_t)
        self.words = <uint8_t *>_copied(raw + at, words_size)
        for i in range(words_size):
            if not 1 <= self.words[i] <= 26:
                raise ValueError("a word map's letters are tiles 1-26")
        counted = 0
        for i in range(group_mask + 1):
            if self.groups[i].count == 0:
                continue
            length = _letters(self.groups[i].lo, self.groups[i].hi)
            if not 1 <= length <= LONGEST or (
                    self.groups[i].start + <Py_ssize_t>self.groups[i].count * length > words_size):
                raise ValueError("a word map's group lies outside its letters")
            counted += self.groups[i].count
        if counted != words:
            raise ValueError("a word map's groups do not hold as many words as its header says")
        self.complete = complete == 1
        return self


#: The header of :meth:`WordMap.to_bytes`: magic, format, the size of a group (the layout),
#: complete, words, groups, blanks' entries, the four masks, the letters' size.
_LAYOUT = __import__("struct").Struct("=4sIIIqqqqqqqq")
_MAGIC = b"LXWM"
_FORMAT = 1


cdef bint _group_used(const uint8_t *slot) noexcept:
    return (<const Group *>slot).count != 0


cdef bint _blank_used(const uint8_t *slot) noexcept:
    return (<const uint64_t *>slot)[0] != 0


cdef Py_ssize_t _occupied_bytes(Py_ssize_t mask) noexcept:
    """The bytes of a bitmap of a table's ``mask + 1`` slots (whole 64-bit words)."""
    return (mask + 64) // 64 * 8


cdef Py_ssize_t _pack_slots(uint8_t *out, Py_ssize_t at, const uint8_t *table, Py_ssize_t slots,
                            Py_ssize_t width, bint (*used)(const uint8_t *) noexcept) noexcept:
    """Write a table's bitmap of occupied slots at ``out + at``, then their entries (``width``
    bytes each) in slot order: where it ends."""
    cdef uint64_t *bitmap = <uint64_t *>(out + at)  # (the header's size keeps it aligned)
    cdef Py_ssize_t i, entries
    entries = at + (slots + 63) // 64 * 8
    for i in range(slots):
        if used(table + i * width):
            bitmap[i >> 6] |= 1ULL << (i & 63)
            memcpy(out + entries, table + i * width, width)
            entries += width
    return entries


cdef Py_ssize_t _unpack_slots(const uint8_t *data, Py_ssize_t at, uint8_t *table,
                              Py_ssize_t slots, Py_ssize_t width, Py_ssize_t count) except -1:
    """Read what :func:`_pack_slots` wrote into ``table`` (cleared), checking that the bitmap
    marks ``count`` slots (fewer than ``slots``: one stays empty, so that a look-up ends):
    where it ends. (The data need not be aligned: each bitmap word is copied out.)"""
    cdef Py_ssize_t i, k, seen = 0, words = (slots + 63) // 64
    cdef Py_ssize_t entries = at + words * 8
    cdef uint64_t bits
    for k in range(words):
        memcpy(&bits, data + at + 8 * k, 8)
        seen += __builtin_popcountll(bits)
        if k == words - 1 and slots % 64 and bits >> (slots % 64):
            seen = -1  # a slot past the table's
            break
    if seen != count or count >= slots:
        raise ValueError("a word map's table does not hold as many entries as its header says")
    for k in range(words):
        memcpy(&bits, data + at + 8 * k, 8)
        while bits:
            i = k * 64 + __builtin_ctzll(bits)
            bits &= bits - 1
            memcpy(table + i * width, data + entries, width)
            entries += width
    return entries


cdef void *_cleared(Py_ssize_t size) except NULL:
    """A new block (:func:`lexibench_big`) of ``size`` zero bytes."""
    cdef void *block = lexibench_big(size)
    if block == NULL:
        raise MemoryError()
    memset(block, 0, size)
    return block


cdef void *_copied(const uint8_t *source, Py_ssize_t size) except NULL:
    """A new block (:func:`lexibench_big`; at least one byte) holding ``size`` bytes of
    ``source``."""
    cdef void *block = lexibench_big(size)
    if block == NULL:
        raise MemoryError()
    memcpy(block, source, size)
    return block


cdef int _letters(uint64_t lo, uint64_t hi) noexcept:
    """How many letters a multiset holds."""
    cdef int k, n = 0
    for k in range(16):
        n += (lo >> (4 * k)) & 15
        n += (hi >> (4 * k)) & 15
    return n


cdef Py_ssize_t _words_size(WordMap wordmap) noexcept:
    """The letters' size: where the last group's words end."""
    cdef Py_ssize_t i, end = 0, last
    for i in range(wordmap.group_mask + 1):
        if wordmap.groups[i].count:
            last = (wordmap.groups[i].start + <Py_ssize_t>wordmap.groups[i].count
                    * _letters(wordmap.groups[i].lo, wordmap.groups[i].hi))
            end = max(end, last)
    return end


cdef bint _key(str letters, uint64_t *lo, uint64_t *hi) except -1:
    """The multiset of ``letters`` into ``lo``/``hi``; False when one is not a-z or repeats
    past 15 (no stored word is so spelled)."""
    cdef Py_UCS4 ch
    cdef int t
    for ch in letters:
        t = <int>ch - 96
        if not 1 <= t <= 26 or letter_count(lo[0], hi[0], t) == 15:
            return False
        add_letter(lo, hi, t)
    return True


cdef Word *_by_home_slot(Word *words, Py_ssize_t n, Py_ssize_t mask) except NULL:
    """``words`` (freed) sorted into a new array by the home slot of their multiset's hash in a
    table of ``mask + 1`` slots, then by the hash; equal hashes keep their order, and distinct
    multisets sharing a hash (never seen, but possible) are put each in one run."""
    cdef int bits = 0, shift, digit
    cdef Py_ssize_t i, j, start
    cdef uint64_t h
    cdef uint64_t *keys = <uint64_t *>lexibench_big(max(n, 1) * sizeof(uint64_t))
    cdef uint64_t *keys_to = <uint64_t *>lexibench_big(max(n, 1) * sizeof(uint64_t))
    cdef uint32_t *order = <uint32_t *>malloc(max(n, 1) * sizeof(uint32_t))
    cdef uint32_t *order_to = <uint32_t *>malloc(max(n, 1) * sizeof(uint32_t))
    cdef Py_ssize_t *count = <Py_ssize_t *>malloc((RADIX + 1) * sizeof(Py_ssize_t))
    cdef Word *out = <Word *>lexibench_big(max(n, 1) * sizeof(Word))
    cdef uint64_t *swap_keys
    cdef uint32_t *swap_order
    try:
        if (keys == NULL or keys_to == NULL or order == NULL or order_to == NULL
                or count == NULL or out == NULL):
            raise MemoryError()
        while (<uint64_t>1 << bits) <= <uint64_t>mask:
            bits += 1
        for i in range(n):
            h = mix(words[i].lo, words[i].hi)
            keys[i] = (h << (64 - bits)) | (h >> bits) if bits else h  # the home slot on top
            order[i] = <uint32_t>i
        shift = 0
        while shift < 64:  # least significant digit first: stable
            memset(count, 0, (RADIX + 1) * sizeof(Py_ssize_t))
            for i in range(n):
                count[((keys[i] >> shift) & (RADIX - 1)) + 1] += 1
            for digit in range(RADIX):
                count[digit + 1] += count[digit]
            for i in range(n):
                digit = (keys[i] >> shift) & (RADIX - 1)
                keys_to[count[digit]] = keys[i]
                order_to[count[digit]] = order[i]
                count[digit] += 1
            swap_keys, keys, keys_to = keys, keys_to, keys
            swap_order, order, order_to = order, order_to, order
            shift += RADIX_BITS
        for i in range(n):
            out[i] = words[order[i]]
        start = 0
        for i in range(1, n + 1):  # a run of one hash holding two multisets: sort it
            if i == n or keys[i] != keys[start]:
                for j in range(start + 1, i):
                    if out[j].lo != out[start].lo or out[j].hi != out[start].hi:
                        qsort(&out[start], i - start, sizeof(Word), _word_order)
                        break
                start = i
        free(words)
        return out
    except BaseException:
        free(out)
        raise
    finally:
        free(keys)
        free(keys_to)
        free(order)
        free(order_to)
        free(count)


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


cdef inline uint64_t _present(uint64_t half) noexcept nogil:
    """Bit ``4k`` set for each letter ``k`` of a multiset's half that it holds."""
    return (half | half >> 1 | half >> 2 | half >> 3) & 0x1111111111111111ULL


cdef inline int _popcount(uint64_t bits) noexcept nogil:
    return __builtin_popcountll(bits)


cdef inline int _lowest_nibble(uint64_t present) noexcept nogil:
    """The letter (0-15 in its half) of the lowest bit of :func:`_present`'s answer."""
    return __builtin_ctzll(present) >> 2


cdef uint64_t _filter_mask(Py_ssize_t entries, int per_entry) noexcept:
    """The mask of the words' index of a filter of at least ``per_entry`` bits per entry, a
    power of two (at least 4,096 bits)."""
    cdef uint64_t size = 4096
    while size < per_entry * <uint64_t>entries:
        size *= 2
    return size // 64 - 1


cdef uint64_t _bits(Py_ssize_t entries, int per_entry, uint64_t **bits) except? 0:
    """Allocate a cleared filter (:func:`_filter_mask`'s size) into ``bits``; the mask of its
    words' index."""
    cdef uint64_t mask = _filter_mask(entries, per_entry)
    bits[0] = <uint64_t *>_cleared((mask + 1) * sizeof(uint64_t))
    return mask


cdef Py_ssize_t _table_size(Py_ssize_t entries, int halves=4) noexcept:
    """A power of two at least ``halves / 2`` times ``entries`` (twice, by default)."""
    cdef Py_ssize_t size = 16
    while 2 * size < halves * entries:
        size *= 2
    return size


cdef void *_grow(void *block, size_t size) except NULL:
    """``block`` grown to ``size`` bytes (the caller still frees the old one on failure)."""
    cdef void *grown = realloc(block, size)
    if grown == NULL:
        raise MemoryError()
    return grown


