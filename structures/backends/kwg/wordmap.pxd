# cython: language_level=3
"""The word map's C-level interface (:mod:`structures.backends.kwg.wordmap`), part of the
backend's C interface (structures/README.md, "A backend's interface"), for compiled modules that
cimport it: its tables, the key of a multiset of letters, the two look-ups and their prefetches."""

from libc.stdint cimport uint8_t, uint32_t, uint64_t


cdef struct Group:
    # the words of one multiset of letters, stored one after another in WordMap.words
    uint64_t lo, hi  # the multiset: four bits per letter (a-p in lo, q-z in hi)
    uint32_t start  # the first word's offset in WordMap.words
    uint32_t count  # its words (0: an empty slot)


cdef enum:
    # a blanks' entry is one 64-bit word: bit 0 set (0: an empty slot), bits 1-26 the letters
    # t that may complete the multiset, the rest a tag (the top bits of the multiset's hash)
    TAG_SHIFT = 27
    LETTER_BITS = 0x7FFFFFE


cdef inline uint64_t mix(uint64_t lo, uint64_t hi) noexcept nogil:
    """A 64-bit hash of a multiset's key."""
    cdef uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL
    h ^= h >> 31
    h *= 0xBF58476D1CE4E5B9ULL
    h ^= h >> 29
    return h


cdef inline void add_letter(uint64_t *lo, uint64_t *hi, int tile) noexcept nogil:
    """Add one ``tile`` (1-26) to the multiset (the caller checks it holds fewer than 15)."""
    if tile <= 16:
        lo[0] += 1ULL << (4 * (tile - 1))
    else:
        hi[0] += 1ULL << (4 * (tile - 17))


cdef inline int letter_count(uint64_t lo, uint64_t hi, int tile) noexcept nogil:
    """How many ``tile`` (1-26) the multiset holds."""
    if tile <= 16:
        return (lo >> (4 * (tile - 1))) & 15
    return (hi >> (4 * (tile - 17))) & 15


cdef inline bint add_sets(uint64_t *lo, uint64_t *hi, uint64_t add_lo, uint64_t add_hi) noexcept nogil:
    """Add a multiset to another; False (nothing changed) when a letter would pass 15."""
    cdef uint64_t a = lo[0] + add_lo, b = hi[0] + add_hi
    if ((((lo[0] ^ add_lo ^ a) | (hi[0] ^ add_hi ^ b)) & 0x1111111111111110ULL)
            or a < lo[0] or b >> 40):
        return False
    lo[0] = a
    hi[0] = b
    return True


cdef class WordMap:
    cdef Group *groups
    cdef Py_ssize_t group_mask
    cdef uint64_t *blanks  # the blanks' entries (see TAG_SHIFT)
    cdef Py_ssize_t blank_mask
    # a filter small enough to stay in a cache (a Bloom filter of two bits per key, both in one
    # 64-bit word: :func:`may_hold`): most look-ups find nothing, and a clear bit says so
    # without touching the large table; the masks are of the words' index
    cdef uint64_t *group_bits
    cdef uint64_t group_bits_mask
    cdef uint64_t *blank_bits
    cdef uint64_t blank_bits_mask
    cdef uint8_t *words
    cdef readonly Py_ssize_t word_count
    cdef readonly Py_ssize_t group_count
    cdef readonly Py_ssize_t blank_count
    cdef readonly bint complete


cdef inline uint64_t filter_bits(uint64_t h) noexcept nogil:
    """The two bits a key of hash ``h`` sets in its word of a filter."""
    return (1ULL << ((h >> 52) & 63)) | (1ULL << ((h >> 58) & 63))


cdef inline bint may_hold(const uint64_t *bits, uint64_t mask, uint64_t h) noexcept nogil:
    """Whether a filter (``bits``, its words' index ``mask``) may hold a key of hash ``h``:
    False means it does not."""
    cdef uint64_t want = filter_bits(h)
    return (bits[(h >> 32) & mask] & want) == want


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define LEXIBENCH_PREFETCH(p) __builtin_prefetch(p)
    #else
    #define LEXIBENCH_PREFETCH(p) ((void)(p))
    #endif
    """
    void prefetch "LEXIBENCH_PREFETCH"(const void *address) nogil


cdef inline void prefetch_group(WordMap wordmap, uint64_t h) noexcept nogil:
    """Start loading what :func:`find_group_hashed` of a multiset of hash ``h`` reads (its
    filter's word and its home slot), so that a batch of look-ups waits on memory once, not
    once each."""
    prefetch(&wordmap.group_bits[(h >> 32) & wordmap.group_bits_mask])
    prefetch(&wordmap.groups[<Py_ssize_t>h & wordmap.group_mask])


cdef inline void prefetch_blanks(WordMap wordmap, uint64_t h) noexcept nogil:
    """Start loading what :func:`completing_hashed` of a multiset of hash ``h`` reads."""
    prefetch(&wordmap.blank_bits[(h >> 32) & wordmap.blank_bits_mask])
    prefetch(&wordmap.blanks[<Py_ssize_t>h & wordmap.blank_mask])


cdef inline const Group *find_group(WordMap wordmap, uint64_t lo, uint64_t hi) noexcept:
    """The group of the multiset ``lo``/``hi``, or NULL."""
    return find_group_hashed(wordmap, lo, hi, mix(lo, hi))


cdef inline const Group *find_group_hashed(WordMap wordmap, uint64_t lo, uint64_t hi,
                                           uint64_t h) noexcept:
    """:func:`find_group` of a multiset whose :func:`mix` is ``h``."""
    cdef Py_ssize_t mask = wordmap.group_mask
    cdef const Group *groups = wordmap.groups
    cdef Py_ssize_t slot = <Py_ssize_t>h & mask
    if not may_hold(wordmap.group_bits, wordmap.group_bits_mask, h):
        return NULL
    while groups[slot].count:
        if groups[slot].lo == lo and groups[slot].hi == hi:
            return &groups[slot]
        slot = (slot + 1) & mask
    return NULL


cdef inline uint32_t completing(WordMap wordmap, uint64_t lo, uint64_t hi) noexcept:
    """A superset of the tiles that, added to the multiset ``lo``/``hi``, make a group (two
    hashes sharing a tag and a run of slots may add some; never one short)."""
    return completing_hashed(wordmap, mix(lo, hi))


cdef inline uint32_t completing_hashed(WordMap wordmap, uint64_t h) noexcept:
    """:func:`completing` of a multiset whose :func:`mix` is ``h``."""
    cdef uint64_t tag = h >> TAG_SHIFT
    cdef Py_ssize_t mask = wordmap.blank_mask
    cdef const uint64_t *blanks = wordmap.blanks
    cdef Py_ssize_t j = <Py_ssize_t>h & mask
    if not may_hold(wordmap.blank_bits, wordmap.blank_bits_mask, h):
        return 0
    while blanks[j]:
        if blanks[j] >> TAG_SHIFT == tag:
            return <uint32_t>(blanks[j] & LETTER_BITS)
        j = (j + 1) & mask
    return 0
