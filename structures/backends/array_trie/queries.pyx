# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""``array-trie``'s compiled walks for the query kinds of :mod:`structures.queries`: each a
depth-first walk of the node array in C under one kind of constraint, making a Python object only
for each word found.

- ``anagram``: a multiset-constrained walk (a letter is followed while a tile of it, or a
  wildcard, is left);
- ``pattern``: a wildcard walk carrying the set of pattern positions reached (a bit per position,
  an NFA run in a 64-bit word; ``*`` loops on itself);
- ``letterset``: a set-constrained walk (only the allowed letters; the required ones checked by
  a bit mask of the letters used);
- ``positions``: a constraint walk (the letters allowed at each depth, each letter's count kept
  within its bounds, pruned once the letters still owed outnumber the positions left);
- ``classes``: the pattern's walk, each position accepting a set of letters;
- ``length``: a walk to the longest depth asked, recording from the shortest;
- ``contains``: a walk of every word, the letters still owed counted down;
- ``weight``: a walk adding the letters' values, pruned once the sum passes the highest (values
  of at least 0);
- ``hooks``: a walk of every word, each word's back hooks its node's children that end a word,
  its front hooks found by stepping the word from each of the root's children.

:class:`TrieQueries` is the mixin that gives :class:`ArrayTrieLexicon` these methods when
this module is compiled (it has no interpreted twin: without it the kinds are answered through
the ``Lexicon`` protocol only). Nothing of any game is here.
"""

from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc

from lexibench.structures.backends.array_trie.nodes cimport (
    LETTERS,
    NONE,
    TERMINAL,
    child_by_bit,
    next_letter,
    step,
)

from lexibench.structures.backends.array_trie.walk import classes_by_steps, pattern_by_steps
from lexibench.structures.class_automaton import pattern_parts
from lexibench.structures.queries import ALPHABET as _EVERY

#: The longest pattern (letters and ``?``, stars collapsed) the NFA's 64-bit state holds.
MAX_PATTERN = 63


cdef struct Walk:
    const uint32_t *nodes
    char *word          # the letters of the path so far
    Py_ssize_t room     # bytes of word


cdef int _room(Walk *w, Py_ssize_t depth) except -1:
    """Make ``w.word`` hold ``depth + 1`` letters."""
    cdef Py_ssize_t room
    cdef char *grown
    if depth < w.room:
        return 0
    room = max(2 * w.room, depth + 64)
    grown = <char *>realloc(w.word, room)
    if grown == NULL:
        raise MemoryError()
    w.word = grown
    w.room = room
    return 0


cdef int _start(Walk *w, nodes, Py_ssize_t room) except -1:
    cdef const uint32_t[::1] view = nodes
    w.nodes = &view[0]  # the caller keeps ``nodes`` alive for the walk
    w.word = <char *>malloc(room + 64)
    w.room = room + 64
    if w.word == NULL:
        raise MemoryError()
    return 0


cdef inline int _record(Walk *w, list out, Py_ssize_t length) except -1:
    out.append(PyUnicode_DecodeASCII(w.word, length, NULL))
    return 0


ctypedef int (*Visit)(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                      uint64_t state) except -1
"""A kind's walk from ``node`` at ``depth``: ``how`` its constraint (the kind's own struct),
``state`` what the path so far carries (an automaton's states, a count, a sum)."""


cdef int _into_children(Walk *w, list out, Visit visit, void *how, uint32_t node,
                        Py_ssize_t depth, uint64_t state, uint32_t letters=LETTERS,
                        bint marked=False) except -1:
    """``visit`` each child of ``node`` whose letter is among ``letters`` (a mask), with
    ``state`` (the child's letter bit added to it when ``marked``), its letter put at
    ``depth``."""
    cdef uint32_t rest = w.nodes[2 * node] & letters, bit
    cdef int code
    _room(w, depth)
    while rest:
        code = next_letter(&rest, &bit)
        w.word[depth] = <char>(97 + code)
        visit(w, out, how, child_by_bit(w.nodes, node, bit), depth + 1,
              state | bit if marked else state)
    return 0


cdef list _words(nodes, Py_ssize_t room, Visit visit, void *how, uint64_t state):
    """Every word ``visit`` records, walking the trie ``nodes`` from its root (``room`` letters
    held before the word buffer grows)."""
    cdef Walk w
    cdef list out = []
    _start(&w, nodes, room)
    try:
        visit(&w, out, how, 0, 0, state)
    finally:
        free(w.word)
    return out


# ---- anagram -------------------------------------------------------------------------------


cdef struct Tiles:
    int have[26]        # real tiles left, per letter
    uint32_t present    # bit c set while have[c] > 0
    int blanks          # wildcards left
    int min_length
    int most            # tiles in all: no word is longer


cdef int _anagram(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                  uint64_t state) except -1:
    cdef Tiles *t = <Tiles *>how
    cdef uint32_t mask = w.nodes[2 * node]
    cdef uint32_t rest, bit
    cdef int code
    if (mask & TERMINAL) and depth >= t.min_length:
        _record(w, out, depth)
    if depth == t.most:
        return 0
    rest = mask & LETTERS
    if t.blanks == 0:
        rest &= t.present
    while rest:
        code = next_letter(&rest, &bit)
        w.word[depth] = <char>(97 + code)
        if t.have[code] > 0:
            t.have[code] -= 1
            if t.have[code] == 0:
                t.present &= ~bit
            _anagram(w, out, t, child_by_bit(w.nodes, node, bit), depth + 1, 0)
            t.have[code] += 1
            t.present |= bit
        else:
            t.blanks -= 1
            _anagram(w, out, t, child_by_bit(w.nodes, node, bit), depth + 1, 0)
            t.blanks += 1
    return 0


def anagrams(nodes, Py_ssize_t count, str letters, int blanks, int min_length):
    """Every word of the trie ``nodes`` that ``letters`` and ``blanks`` wildcards spell, of at
    least ``min_length`` letters (the ``anagram`` kind)."""
    cdef Tiles t
    cdef Py_UCS4 ch
    cdef unsigned int code
    for code in range(26):
        t.have[code] = 0
    t.present = 0
    t.blanks = max(blanks, 0)
    t.most = t.blanks
    t.min_length = max(min_length, 1)
    for ch in letters:
        code = <unsigned int>ch - 97u
        if code < 26:  # a tile no stored word has cannot be used
            t.have[code] += 1
            t.present |= 1u << code
            t.most += 1
    if count == 0 or t.most < t.min_length:
        return []
    return _words(nodes, t.most, _anagram, &t, 0)


# ---- pattern -------------------------------------------------------------------------------


cdef struct Nfa:
    uint64_t accepts[26]    # bit i set when pattern element i accepts the letter
    uint64_t star           # bit i set when element i is a star
    int last                # the accepting state: one past the last element


cdef inline uint64_t _closed(const Nfa *a, uint64_t state) noexcept nogil:
    """``state`` with every star it reaches skipped (stars never follow one another)."""
    return state | ((state & a.star) << 1)


cdef int _pattern(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                  uint64_t state) except -1:
    cdef const Nfa *a = <const Nfa *>how
    cdef uint32_t mask = w.nodes[2 * node]
    cdef uint32_t rest, bit
    cdef uint64_t moved, nxt
    cdef int code
    if (mask & TERMINAL) and (state >> a.last) & 1:
        _record(w, out, depth)
    _room(w, depth)
    rest = mask & LETTERS
    while rest:
        code = next_letter(&rest, &bit)
        moved = state & a.accepts[code]
        if not moved:
            continue
        nxt = _closed(a, ((moved & ~a.star) << 1) | (moved & a.star))
        w.word[depth] = <char>(97 + code)
        _pattern(w, out, how, child_by_bit(w.nodes, node, bit), depth + 1, nxt)
    return 0


cdef inline void _empty(Nfa *a) noexcept:
    """An automaton of no element yet."""
    cdef int code
    for code in range(26):
        a.accepts[code] = 0
    a.star = 0


cdef inline void _any_letter(Nfa *a, int i) noexcept:
    """Element ``i`` accepts every letter (a ``?``, or a star's loop)."""
    cdef int code
    for code in range(26):
        a.accepts[code] |= (<uint64_t>1) << i


def pattern_words(nodes, Py_ssize_t count, str pattern):
    """Every word of the trie ``nodes`` that ``pattern`` (``?`` one letter, ``*`` any letters)
    matches as a whole (the ``pattern`` kind): its classes' walk, ``?`` the class of every
    letter; None when the pattern has more than :data:`MAX_PATTERN` elements (the caller walks
    it another way)."""
    return class_pattern_words(nodes, count, pattern_parts(pattern))


def class_pattern_words(nodes, Py_ssize_t count, parts):
    """Every word of the trie ``nodes`` that ``parts`` (per position the letters it accepts, a
    string; None a star) match as a whole (the ``classes`` kind); None when they make more than
    :data:`MAX_PATTERN` elements (the caller walks them another way)."""
    cdef Nfa a
    cdef Py_UCS4 ch
    cdef unsigned int code
    cdef int i = 0
    cdef bint after_star = False
    _empty(&a)
    for part in parts:
        if part is None:
            if after_star:
                continue
            if i >= MAX_PATTERN:
                return None
            a.star |= (<uint64_t>1) << i
            _any_letter(&a, i)
            after_star = True
        else:
            if i >= MAX_PATTERN:
                return None
            for ch in <str>part:
                code = <unsigned int>ch - 97u
                if code < 26:  # another character: accepts no stored letter
                    a.accepts[code] |= (<uint64_t>1) << i
            after_star = False
        i += 1
    a.last = i
    if count == 0 or a.last == 0:  # no element: no word is empty
        return []
    return _words(nodes, 64, _pattern, &a, _closed(&a, 1))


# ---- length --------------------------------------------------------------------------------


cdef struct Lengths:
    Py_ssize_t shortest
    Py_ssize_t longest


cdef int _length(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                 uint64_t state) except -1:
    cdef const Lengths *n = <const Lengths *>how
    if (w.nodes[2 * node] & TERMINAL) and depth >= n.shortest:
        _record(w, out, depth)
    if depth >= n.longest:
        return 0
    return _into_children(w, out, _length, how, node, depth, 0)


def length_words(nodes, Py_ssize_t count, Py_ssize_t shortest, Py_ssize_t longest):
    """Every word of the trie ``nodes`` of ``shortest`` to ``longest`` letters (the ``length``
    kind)."""
    cdef Lengths n
    n.shortest = shortest
    n.longest = longest
    if count == 0 or longest < shortest or longest < 1:
        return []
    return _words(nodes, 64, _length, &n, 0)


# ---- contains ------------------------------------------------------------------------------


cdef int _contains(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                   uint64_t total) except -1:
    cdef int *owed = <int *>how
    cdef uint32_t mask = w.nodes[2 * node]
    cdef uint32_t rest, bit
    cdef int code, paid
    if (mask & TERMINAL) and total == 0:
        _record(w, out, depth)
    _room(w, depth)
    rest = mask & LETTERS
    while rest:
        code = next_letter(&rest, &bit)
        w.word[depth] = <char>(97 + code)
        paid = owed[code] > 0
        owed[code] -= paid
        _contains(w, out, how, child_by_bit(w.nodes, node, bit), depth + 1, total - paid)
        owed[code] += paid
    return 0


def containing_words(nodes, Py_ssize_t count, at_least):
    """Every word of the trie ``nodes`` holding at least ``at_least[c]`` copies of each letter
    ``c`` named (the ``contains`` kind)."""
    cdef int owed[26]
    cdef int total = 0
    cdef unsigned int code
    for code in range(26):
        owed[code] = 0
    for key, value in at_least.items():
        if value <= 0:
            continue
        code = <unsigned int>(<Py_UCS4>key) - 97u if len(key) == 1 else 26
        if code >= 26 or value > 1 << 20:  # no stored word has it, or so many
            return []
        owed[code] = value
        total += value
    if count == 0:
        return []
    return _words(nodes, 64, _contains, owed, total)


# ---- weight --------------------------------------------------------------------------------


cdef struct Weights:
    long long value[26]
    long long lowest
    long long highest
    bint prune          # every value is at least 0: a sum past highest stays past it


cdef int _weight(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                 uint64_t state) except -1:
    cdef const Weights *v = <const Weights *>how
    cdef long long total = <long long>state
    cdef uint32_t mask = w.nodes[2 * node]
    cdef uint32_t rest, bit
    cdef int code
    cdef long long after
    if (mask & TERMINAL) and v.lowest <= total <= v.highest:
        _record(w, out, depth)
    _room(w, depth)
    rest = mask & LETTERS
    while rest:
        code = next_letter(&rest, &bit)
        after = total + v.value[code]
        if v.prune and after > v.highest:
            continue
        w.word[depth] = <char>(97 + code)
        _weight(w, out, how, child_by_bit(w.nodes, node, bit), depth + 1, <uint64_t>after)
    return 0


def weighted_words(nodes, Py_ssize_t count, values, lowest, highest):
    """Every word of the trie ``nodes`` whose letters' values (``values[c]``, 0 for a letter not
    named) add up to ``lowest`` to ``highest`` (the ``weight`` kind)."""
    cdef Weights v
    cdef unsigned int code
    cdef long long limit = 1LL << 40
    for code in range(26):
        v.value[code] = 0
    v.prune = True
    for key, value in values.items():
        code = <unsigned int>(<Py_UCS4>key) - 97u if len(key) == 1 else 26
        if code < 26:
            v.value[code] = max(-limit, min(limit, value))
            if value < 0:
                v.prune = False
    v.lowest = max(-limit, min(limit, lowest))
    v.highest = max(-limit, min(limit, highest))
    if count == 0 or v.highest < v.lowest:
        return []
    return _words(nodes, 64, _weight, &v, 0)


# ---- hooks ---------------------------------------------------------------------------------


cdef struct Hooks:
    bint front          # count front hooks (else back hooks)
    int fewest
    int most


cdef int _front_hooks(Walk *w, Py_ssize_t length) noexcept:
    """The letters x with x + the path's word stored: from each child of the root, the word's
    letters stepped."""
    cdef uint32_t rest = w.nodes[0] & LETTERS, bit, node
    cdef int count = 0
    cdef Py_ssize_t i
    while rest:
        next_letter(&rest, &bit)
        node = child_by_bit(w.nodes, 0, bit)
        for i in range(length):
            node = step(w.nodes, node, <unsigned int>(w.word[i] - 97))
            if node == NONE:
                break
        else:
            count += (w.nodes[2 * node] & TERMINAL) != 0
    return count


cdef int _hooks(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                uint64_t state) except -1:
    cdef const Hooks *h = <const Hooks *>how
    cdef uint32_t mask = w.nodes[2 * node]
    cdef uint32_t rest, bit
    cdef int count
    if mask & TERMINAL and depth:
        if h.front:
            count = _front_hooks(w, depth)
        else:
            count = 0
            rest = mask & LETTERS
            while rest:
                next_letter(&rest, &bit)
                count += (w.nodes[2 * child_by_bit(w.nodes, node, bit)] & TERMINAL) != 0
        if h.fewest <= count <= h.most:
            _record(w, out, depth)
    return _into_children(w, out, _hooks, how, node, depth, 0)


def hooked_words(nodes, Py_ssize_t count, bint front, fewest, most):
    """Every word of the trie ``nodes`` with ``fewest`` to ``most`` front hooks (``front``), or
    back hooks: letters x with x + the word (the word + x) a word of the trie (the ``hooks``
    kind)."""
    cdef Hooks h
    h.front = front
    h.fewest = max(0, min(fewest, 27))
    h.most = max(-1, min(most, 26))
    if count == 0 or h.most < h.fewest:
        return []
    return _words(nodes, 64, _hooks, &h, 0)


# ---- letterset -----------------------------------------------------------------------------


cdef struct Hive:
    uint32_t allowed    # the letters a word may use
    uint32_t need       # the letters it must use
    int min_length


cdef int _letterset(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                    uint64_t seen) except -1:
    cdef const Hive *h = <const Hive *>how
    if (w.nodes[2 * node] & TERMINAL) and depth >= h.min_length and (seen & h.need) == h.need:
        _record(w, out, depth)
    return _into_children(w, out, _letterset, how, node, depth, seen, h.allowed, True)


def letterset_words(nodes, Py_ssize_t count, str letters, str required, int min_length):
    """Every word of the trie ``nodes`` made only of ``letters`` that contains every one of
    ``required``, of at least ``min_length`` letters (the ``letterset`` kind)."""
    cdef Hive h
    cdef Py_UCS4 ch
    cdef unsigned int code
    h.allowed = 0
    h.need = 0
    h.min_length = max(min_length, 1)
    for ch in letters:
        code = <unsigned int>ch - 97u
        if code < 26:
            h.allowed |= 1u << code
    for ch in required:
        code = <unsigned int>ch - 97u
        if code >= 26:  # no stored word has it
            return []
        h.need |= 1u << code
    if count == 0 or h.need & ~h.allowed:
        return []
    return _words(nodes, 64, _letterset, &h, 0)


# ---- positions -----------------------------------------------------------------------------


cdef struct Bounds:
    uint32_t *allowed   # per position: the letters allowed there
    int length
    int low[26]         # at least this many copies of each letter
    int high[26]        # at most this many
    int counts[26]      # copies on the path so far
    int owed            # copies still needed to reach every low bound


cdef int _positions(Walk *w, list out, void *how, uint32_t node, Py_ssize_t depth,
                    uint64_t state) except -1:
    cdef Bounds *b = <Bounds *>how
    cdef uint32_t mask = w.nodes[2 * node]
    cdef uint32_t rest, bit
    cdef int code, owing
    if depth == b.length:
        if mask & TERMINAL:  # owed is 0 here: it never exceeds the positions left
            _record(w, out, depth)
        return 0
    rest = mask & b.allowed[depth]
    while rest:
        code = next_letter(&rest, &bit)
        if b.counts[code] >= b.high[code]:
            continue
        owing = b.counts[code] < b.low[code]
        if b.owed - owing > b.length - depth - 1:
            continue  # the other positions cannot hold the letters still owed
        b.counts[code] += 1
        b.owed -= owing
        w.word[depth] = <char>(97 + code)
        _positions(w, out, b, child_by_bit(w.nodes, node, bit), depth + 1, 0)
        b.counts[code] -= 1
        b.owed += owing
    return 0


def positions_words(nodes, Py_ssize_t count, allowed, at_least, at_most):
    """Every word of the trie ``nodes`` of ``len(allowed)`` letters with one of ``allowed[i]``
    at each position and within the letter bounds (the ``positions`` kind)."""
    cdef Bounds b
    cdef Py_UCS4 ch
    cdef unsigned int code
    cdef int i
    b.length = len(allowed)
    b.owed = 0
    for code in range(26):
        b.low[code] = 0
        b.high[code] = b.length
        b.counts[code] = 0
    for key, value in at_least.items():
        code = <unsigned int>(<Py_UCS4>key) - 97u if len(key) == 1 else 26
        if value <= 0:
            continue
        if code >= 26 or value > b.length:
            return []
        b.owed += value - b.low[code]
        b.low[code] = value
    for key, value in at_most.items():
        code = <unsigned int>(<Py_UCS4>key) - 97u if len(key) == 1 else 26
        if code >= 26:
            continue
        if value < b.low[code]:
            return []
        b.high[code] = min(b.high[code], value)
    if count == 0 or b.owed > b.length:
        return []
    b.allowed = <uint32_t *>malloc((b.length + 1) * sizeof(uint32_t))
    if b.allowed == NULL:
        raise MemoryError()
    try:
        for i in range(b.length):
            b.allowed[i] = 0
            for ch in <str>allowed[i]:
                code = <unsigned int>ch - 97u
                if code < 26:
                    b.allowed[i] |= 1u << code
        return _words(nodes, b.length, _positions, &b, 0)
    finally:
        free(b.allowed)


# ---- the mixin -----------------------------------------------------------------------------


class TrieQueries:
    """The query kinds answered by walking the trie in C (see the module docstring).

    Cost: each query visits only the trie nodes its constraint lets through, one bit test, one
    popcount and one array read per step, no Python object per step: ``anagrams`` the prefixes
    the tiles can spell (with two wildcards, every letter twice more), ``pattern_words`` and
    ``class_pattern_words`` the prefixes some run of the pattern accepts (all of them under a
    leading ``*``), ``letterset_words`` the prefixes over the allowed letters,
    ``positions_words`` the prefixes that fit the first positions' letters and the counts,
    ``length_words`` the prefixes up to the longest length, ``containing_words`` every node,
    ``weighted_words`` the prefixes whose values add up to at most the highest,
    ``hooked_words`` every node and, for front hooks, each word stepped again from each of the
    root's children (26 walks of the word's length a word); ``hook_letters`` 52 ``is_word``.
    """

    def anagrams(self, letters, blanks, min_length=1):
        """The ``anagram`` kind, walked in C."""
        return anagrams(self._node_array(), len(self), letters, blanks, min_length)

    def pattern_words(self, pattern):
        """The ``pattern`` kind, walked in C (a pattern too long for the 64-bit state: in
        Python, through the same trie's steps)."""
        found = pattern_words(self._node_array(), len(self), pattern)
        return found if found is not None else pattern_by_steps(self, pattern)

    def letterset_words(self, letters, required, min_length=1):
        """The ``letterset`` kind, walked in C."""
        return letterset_words(self._node_array(), len(self), letters, required, min_length)

    def positions_words(self, allowed, at_least, at_most):
        """The ``positions`` kind, walked in C."""
        return positions_words(self._node_array(), len(self), allowed, at_least, at_most)

    def class_pattern_words(self, parts):
        """The ``classes`` kind, walked in C (too many parts for the 64-bit state: in Python,
        through the same trie's steps)."""
        found = class_pattern_words(self._node_array(), len(self), parts)
        return found if found is not None else classes_by_steps(self, parts)

    def length_words(self, shortest, longest):
        """The ``length`` kind, walked in C."""
        return length_words(self._node_array(), len(self), max(shortest, 0), min(longest, 1 << 30))

    def containing_words(self, at_least):
        """The ``contains`` kind, walked in C."""
        return containing_words(self._node_array(), len(self), at_least)

    def weighted_words(self, values, lowest, highest):
        """The ``weight`` kind, walked in C."""
        return weighted_words(self._node_array(), len(self), values, lowest, highest)

    def hooked_words(self, front, fewest, most):
        """The ``hooks`` kind, walked in C (each word's front hooks stepped from the root's
        children, its back hooks its node's children that end a word)."""
        return hooked_words(self._node_array(), len(self), front, fewest, most)

    def hook_letters(self, word):
        """The front and back hooks of ``word``: a look-up of each letter before and after it."""
        is_word = self.is_word
        return (
            "".join(x for x in _EVERY if is_word(x + word)),
            "".join(x for x in _EVERY if is_word(word + x)),
        )
