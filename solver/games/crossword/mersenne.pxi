# Python's random draws, in C (included by movegen.pyx): the Mersenne Twister as CPython's
# _random module runs it, seeded as random.seed seeds it from a string, and random.shuffle's
# walk over a list, so that a bag shuffled here holds its tiles in the order that
# random.Random(text).shuffle(bag) gives (the same draws at every tier; the tests compare the
# two). A simulation's iteration and its exchanges draw from these (playouts.pxi).
#
# Costs: seeding about 2,000 word operations (CPython's init_by_array); a shuffle of n tiles
# about n draws, each a word of the twister (regenerated 624 at a time).


cdef enum:
    TWISTER_N = 624
    TWISTER_M = 397
    SEED_WORDS = 64  # a seed's words kept on the stack; a longer seed's are allocated


cdef void _twister_words(Twister *tw, const uint32_t *key, Py_ssize_t length) noexcept:
    """CPython's init_by_array: the twister's state from the seed's 32-bit words, least
    significant first."""
    cdef uint32_t *mt = tw.state
    cdef Py_ssize_t i = 1, j = 0, k
    mt[0] = 19650218u
    for k in range(1, TWISTER_N):
        mt[k] = 1812433253u * (mt[k - 1] ^ (mt[k - 1] >> 30)) + <uint32_t>k
    for k in range(max(TWISTER_N, length), 0, -1):
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + <uint32_t>j
        i += 1
        j += 1
        if i >= TWISTER_N:
            mt[0] = mt[TWISTER_N - 1]
            i = 1
        if j >= length:
            j = 0
    for k in range(TWISTER_N - 1, 0, -1):
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - <uint32_t>i
        i += 1
        if i >= TWISTER_N:
            mt[0] = mt[TWISTER_N - 1]
            i = 1
    mt[0] = 0x80000000u
    tw.index = TWISTER_N


cdef int _twister_seed(Twister *tw, const uint8_t *number, Py_ssize_t n) except -1:
    """Seed ``tw`` as random.seed seeds from a string: ``number`` the big-endian bytes of the
    integer it makes (the string's UTF-8 bytes followed by their SHA-512 digest,
    ``solve.seed_number``), of any length."""
    cdef uint32_t small[SEED_WORDS]
    cdef uint32_t *key = small
    cdef Py_ssize_t start = 0, p, length
    while start < n and number[start] == 0:  # leading zero bytes: not part of the integer
        start += 1
    length = max(1, (n - start + 3) // 4)
    if length > SEED_WORDS:
        key = <uint32_t *>malloc(length * sizeof(uint32_t))
        if key == NULL:
            raise MemoryError()
    try:
        memset(key, 0, length * sizeof(uint32_t))
        for p in range(n - start):  # p: the byte's place, least significant first
            key[p // 4] |= (<uint32_t>number[n - 1 - p]) << (8 * (p % 4))
        _twister_words(tw, key, length)
    finally:
        if key != small:
            free(key)
    return 0


cdef uint32_t _twister_next(Twister *tw) noexcept:
    """The next 32-bit word (CPython's genrand_uint32)."""
    cdef uint32_t *mt = tw.state
    cdef uint32_t y
    cdef int kk
    if tw.index >= TWISTER_N:
        for kk in range(TWISTER_N - TWISTER_M):
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu)
            mt[kk] = mt[kk + TWISTER_M] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        for kk in range(TWISTER_N - TWISTER_M, TWISTER_N - 1):
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu)
            mt[kk] = mt[kk + TWISTER_M - TWISTER_N] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        y = (mt[TWISTER_N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu)
        mt[TWISTER_N - 1] = mt[TWISTER_M - 1] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        tw.index = 0
    y = mt[tw.index]
    tw.index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680u
    y ^= (y << 15) & 0xefc60000u
    y ^= y >> 18
    return y


cdef void _twister_shuffle(Twister *tw, uint8_t *items, Py_ssize_t n) noexcept:
    """random.shuffle of ``items``: from the last down, each swapped with one at or before it,
    drawn by _randbelow (the fewest bits that hold the count, drawn again while too large)."""
    cdef Py_ssize_t i
    cdef uint32_t below, bits, r
    cdef uint8_t t
    for i in range(n - 1, 0, -1):
        below = <uint32_t>(i + 1)
        bits = 0
        while (below >> bits) != 0:
            bits += 1
        r = _twister_next(tw) >> (32 - bits)
        while r >= below:
            r = _twister_next(tw) >> (32 - bits)
        t = items[i]
        items[i] = items[r]
        items[r] = t


cdef int _draws_shuffle(Draws *draws, uint8_t *items, Py_ssize_t n) except -1:
    """Shuffle ``items`` with ``draws``' twister, seeded from its seed on first use."""
    if not draws.seeded:
        _twister_seed(&draws.twister, draws.seed, draws.seed_n)
        draws.seeded = True
    _twister_shuffle(&draws.twister, items, n)
    return 0


def shuffled(const uint8_t[::1] number, const uint8_t[::1] items):
    """``items`` (tiles, bytes) shuffled here as ``random.Random(text).shuffle`` shuffles a
    list of them, ``number`` being ``solve.seed_number(text)``: for the tests, which compare
    the two."""
    cdef Twister tw
    cdef bytearray out = bytearray(items)
    cdef uint8_t *raw = out
    _twister_seed(&tw, &number[0] if number.shape[0] else NULL, number.shape[0])
    _twister_shuffle(&tw, raw, len(out))
    return bytes(out)
