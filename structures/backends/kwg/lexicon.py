"""``kwg``: a word list's DAWG and GADDAG in one flat array of 32-bit nodes (the KWG layout).

The layout is the one Andy Kurnia designed for wolges and that MAGPIE and Macondo read (the
"Kurnia Word Graph"): an array of ``uint32`` nodes, little-endian on disk, no header::

    bits 24-31  tile: 1-26 for the letters a-z, 0 for the GADDAG separator
    bit  23     accepts: taking this tile completes a stored string
    bit  22     is_end: the last node of its sibling list
    bits 0-21   arc: the index of the first node of its children's list (0: none)

A node's children are consecutive nodes in ascending tile order, the last flagged ``is_end``; a
look-up scans them. Node 0 is a pointer to the DAWG's root list (the words), node 1 to the
GADDAG's (the GADDAG strings of the same words, see :mod:`structures.gaddag`). After a separator
the GADDAG points into the DAWG: what may follow ``rev(p)@`` is exactly what follows ``p``, so
the DAWG costs the GADDAG one root. The graph is minimal: equal sub-graphs, and equal tails of
sibling lists, are stored once (the builder, step by step: :mod:`structures.backends.kwg.build`).

One array, two views of it: built from words, the lexicon answers the protocol over the words
(from node 0); built from the GADDAG strings of a word list (what
:func:`structures.gaddag.gaddag_strings` gives: strings holding the separator ``@``), it answers
over those strings (from node 1); the array is the same either way. Strings holding the
separator that are not exactly the GADDAG strings of some word list, and any character but a-z
(and that separator), are refused with :class:`~structures.errors.UnstorableWordError`: a KWG's
tiles are its alphabet.

:meth:`KwgLexicon.kwg` hands out the array, for searches compiled against this layout (a
crossword game's native tier reads it); ``kwg_bytes()`` is a file wolges, MAGPIE and Macondo read.
Saved, the structure is that array after a 24-byte header (format ``lexibench-kwg/1``, which view
and how many strings); loading is one copy and one pass in C checking every arc and every sibling
list, so a file that passes its checksum but was not written by lexibench cannot send a walk out
of the array.

The builder and the queries come from :mod:`structures.backends.kwg.core` (compiled with Cython
on install); installed with ``LEXIBENCH_NO_COMPILE=1``, the same run interpreted
(:mod:`structures.backends.kwg.build`, :mod:`structures.backends.kwg.walk`), slower, with the
same answers and the same array.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple, Protocol, Self

from lexibench.structures.backends.kwg.walk import ARC as ARC_MASK
from lexibench.structures.backends.kwg.walk import PythonCore
from lexibench.structures.builds import compiled
from lexibench.structures.errors import BadInputError, UnstorableWordError
from lexibench.structures.files import input_format
from lexibench.structures.gaddag import SEPARATOR, NotGaddagError, words_of
from lexibench.structures.word_checks import MAX_STRING_LENGTH, unique_words

_NATIVE = compiled("lexibench.structures.backends.kwg.core")
NATIVE_UNAVAILABLE: str | None = _NATIVE.missing
"""Why the compiled core could not be imported, or None when it is in use."""
_WORD_MAP = compiled("lexibench.structures.backends.kwg.wordmap")


class WordMapStore(Protocol):
    """Where a lexicon's word map is kept between processes (:meth:`KwgLexicon.keep_word_map_in`):
    the solver's cache keeps it beside the lexicon's entry, sealed as the entry is."""

    def load(self) -> bytes | memoryview | None:
        """The map's bytes (:meth:`~.wordmap.WordMap.to_bytes`) kept for this lexicon and
        vouched for (sealed by this user), or None."""

    def save(self, data: bytes) -> None:
        """Keep ``data``, the map just built (a failure to write is the store's to report)."""

    def refused(self, reason: str) -> None:
        """What :meth:`load` gave could not be used (``reason``); the map is built again."""


if TYPE_CHECKING:
    from lexibench.structures.backends.kwg.core import KwgCore as _Core
    from lexibench.structures.backends.kwg.core import build_nodes as _build_nodes
    from lexibench.structures.backends.kwg.wordmap import WordMap
elif NATIVE_UNAVAILABLE is None:
    _Core = _NATIVE.module.KwgCore
    _build_nodes = _NATIVE.module.build_nodes
else:
    from lexibench.structures.backends.kwg.build import build_nodes as _build_nodes

    _Core = PythonCore


def native_build() -> str:
    """``"cython"`` when the compiled core is in use, ``"interpreted"`` when it is not.

    Raises :class:`~structures.errors.StaleBuildError` when the compiled core was not built from
    the ``.pyx`` beside it (see :mod:`structures.builds`)."""
    return _NATIVE.build()


_HEADER = struct.Struct("<4sIIIQ")  # magic, format version, view, nodes, strings
_MAGIC = b"LKWG"
_VERSION = 1
#: The pointer node of each view.
VIEWS = ("words", "gaddag")
#: a-z as tiles 1-26.
_TILES = bytes.maketrans(b"abcdefghijklmnopqrstuvwxyz", bytes(range(1, 27)))


def _tiles(word: str) -> bytes:
    if not (word.isascii() and word.isalpha() and word.islower()):
        raise UnstorableWordError(
            "kwg",
            word,
            f"a KWG's tiles are the letters a-z (and the GADDAG separator {SEPARATOR!r} in the "
            "GADDAG strings of a word list)",
        )
    return word.encode().translate(_TILES)


def build_kwg(words: Iterable[str]) -> tuple[array[int], int]:
    """The node array of the KWG of ``words`` (a-z strings; any order, repeats allowed) and the
    number of distinct words, with the compiled builder when there is one."""
    tiles = sorted({_tiles(word) for word in words})
    return _build_nodes(tiles), len(tiles)


STRINGS_PER_NODE: Final = 8
"""A KWG read from a file accepts at most this many strings per node from each root, and
:data:`STRINGS_FLOOR` more (real word lists: under 3 per node, their GADDAG strings included)."""
STRINGS_FLOOR: Final = 10_000
LETTERS_PER_NODE: Final = 64
"""Nor more letters in all than this many per node, and :data:`LETTERS_FLOOR` more (real lists'
GADDAG strings: under 20 per node): a small file cannot claim more work than its size allows."""
LETTERS_FLOOR: Final = 100_000


class Measured(NamedTuple):
    """What a checked KWG accepts: from node 0 (the words) and node 1 (the GADDAG strings)."""

    words: int
    letters: int
    longest: int
    gaddag: int


def _measure(core: _Core, nodes: array[int]) -> Measured:
    """Both roots measured (``measure_from``): ``ValueError`` for a cycle, a node leading to no
    string, more strings or letters than the array's size allows (see
    :data:`STRINGS_PER_NODE`), or a string longer than any structure stores. O(nodes)."""
    strings = STRINGS_PER_NODE * len(nodes) + STRINGS_FLOOR
    letters = LETTERS_PER_NODE * len(nodes) + LETTERS_FLOOR
    words, held, longest = core.measure_from(nodes[0] & ARC_MASK, strings, letters)
    gaddag, _, gaddag_longest = core.measure_from(nodes[1] & ARC_MASK, strings, letters)
    if max(longest, gaddag_longest) > MAX_STRING_LENGTH:
        raise ValueError(f"kwg: a string longer than {MAX_STRING_LENGTH} letters")
    return Measured(words, held, longest, gaddag)


def _holds_gaddag(core: _Core, measured: Measured) -> bool:
    """Whether node 1 holds exactly the GADDAG strings of node 0's words: one per letter of the
    words, and every one of them there (``holds_gaddag_of_words``, in C)."""
    if measured.gaddag != measured.letters:
        return False
    try:
        return core.holds_gaddag_of_words(measured.longest)
    except ValueError:  # a word of the DAWG holds the separator
        return False


class KwgLexicon(_Core):
    """A word list's DAWG and GADDAG in one KWG array (see the module docstring).

    Cost: ``is_word`` and ``has_prefix`` O(|s| x siblings scanned), in C; stepping: nodes are
    ints, ``child`` O(siblings) and ``is_terminal`` O(1), C methods. Build: sorting the words,
    then O(characters of the words and of their GADDAG strings) hash look-ups and a sort of the
    GADDAG strings, in C (about half a second for web2). Memory: 4 bytes per node, about 5.7 MB
    for web2 (1.4 million nodes). Load: one copy and one checking pass, O(nodes).

    >>> lex = KwgLexicon(["care", "car"])
    >>> lex.is_word("car"), lex.is_word("ca"), lex.has_prefix("ca"), len(lex), lex.view
    (True, False, True, 2, 'words')
    >>> from lexibench.structures.gaddag import gaddag_strings
    >>> strings = KwgLexicon(gaddag_strings(["care", "car"]))
    >>> strings.is_word("rac@e"), strings.is_word("rac"), len(strings), strings.view
    (True, True, 7, 'gaddag')
    >>> strings.kwg() == lex.kwg()
    True
    """

    FILE_FORMAT: ClassVar[str] = "lexibench-kwg/1"
    FILE_CHECKED: ClassVar[bool] = True
    """:meth:`from_bytes` checks all its queries assume (see :mod:`lexibench.structures.saved`)."""
    NATIVE_UNAVAILABLE: ClassVar[str | None] = NATIVE_UNAVAILABLE
    """Why the compiled builder and queries are not in use (None when they are)."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        """Build the KWG of ``words`` (a-z strings), or of the words whose GADDAG strings
        ``words`` are (when any holds the separator)."""
        unique = unique_words(words, "kwg")
        if any(SEPARATOR in word for word in unique):
            try:
                plain = words_of(unique)
            except NotGaddagError as exc:
                raise UnstorableWordError(
                    "kwg",
                    exc.string,
                    f"{SEPARATOR!r} is the GADDAG separator, and these strings are not the "
                    f"GADDAG strings of a word list ({exc.reason})",
                ) from None
            nodes, _ = build_kwg(plain)
            self._attach(nodes, sum(map(len, plain)), 1)
        else:
            nodes, count = build_kwg(unique)
            self._attach(nodes, count, 0)

    @property
    def gaddag_of_words(self) -> bool:
        """Whether node 1 holds the GADDAG of node 0's words (a move generator may then read
        either): always for a lexicon built here or saved by lexibench (both are built), for a
        ``.kwg`` file when its GADDAG was checked (:meth:`from_kwg`); not for a file of the
        words alone (wolges writes such a DAWG from node 1 on) or with the GADDAG of others."""
        held: bool = self.__dict__.get("_gaddag_of_words", True)
        return held

    @property
    def view(self) -> str:
        """``"words"`` when built from words (answering from node 0), ``"gaddag"`` when built
        from GADDAG strings (answering from node 1)."""
        return VIEWS[self.root()]

    def kwg(self) -> array[int]:
        """The node array (``array('I')``; node 0: the DAWG's root pointer, node 1: the
        GADDAG's), whichever view answers the protocol. Do not change it."""
        nodes: array[int] = self._node_array()  # type: ignore[assignment]
        return nodes

    def word_map(self) -> WordMap:
        """The word map of the words (:class:`~structures.backends.kwg.wordmap.WordMap`: each
        multiset of letters to the words it spells), built from the array on first call (in C:
        a walk of the DAWG and a sort of its words) and kept; read instead from the store
        :meth:`keep_word_map_in` gave, where it holds one, and written there once built.
        Raises :class:`~structures.errors.StaleBuildError` or ImportError where it is not
        compiled."""
        kept: WordMap | None = self.__dict__.get("_word_map")
        if kept is None:
            if _WORD_MAP.missing is not None:
                raise ImportError(f"the word map is not compiled: {_WORD_MAP.missing}")
            made = _WORD_MAP.get("WordMap")
            store: WordMapStore | None = self.__dict__.get("_word_map_store")
            data = store.load() if store is not None else None
            if store is not None and data is not None:
                try:
                    kept = made.from_bytes(data)
                except ValueError as exc:
                    store.refused(str(exc))
            if kept is None:
                kept = made(self.kwg())
                if store is not None:
                    store.save(kept.to_bytes())
            self.__dict__["_word_map"] = kept
        return kept

    def keep_word_map_in(self, store: WordMapStore) -> None:
        """Read the word map from ``store`` (where it holds this array's, as a cache does), and
        write it there when built: a process that asks for it again skips the build."""
        self.__dict__["_word_map_store"] = store

    def kwg_bytes(self) -> bytes:
        """The array as a ``.kwg`` file: little-endian nodes, no header (what wolges, MAGPIE
        and Macondo read)."""
        nodes = self.kwg()
        if sys.byteorder != "little":  # pragma: no cover - no big-endian machine here
            nodes = array("I", nodes)
            nodes.byteswap()
        return nodes.tobytes()

    def to_bytes(self) -> bytes:
        """The header and the node array, little-endian: O(size)."""
        return (
            _HEADER.pack(_MAGIC, _VERSION, self.root(), len(self.kwg()), len(self))
            + self.kwg_bytes()
        )

    @classmethod
    def from_kwg(cls, data: bytes, view: str = "words") -> tuple[Self, list[str]]:
        """Read a ``.kwg`` file as wolges, MAGPIE and Macondo write it (:meth:`kwg_bytes`'s
        layout, tiles 1-26 the letters a-z): every node checked as :meth:`from_bytes` checks
        them, and no list reachable from itself. The lexicon answers from ``view``'s root
        (``"words"`` or ``"gaddag"``); with it, the words of the DAWG, sorted. The graph is
        measured as :meth:`from_bytes` measures a file from elsewhere (no cycle, no dead end, no
        more strings or letters than its size allows); for the GADDAG view node 1 must hold
        exactly the GADDAG strings of node 0's words (a file without a GADDAG, or with one of
        other words, is refused), and for the words view it is used as their GADDAG only when it
        is (:attr:`gaddag_of_words`). ``ValueError`` (one line) for anything else. Cost: O(nodes)
        for the checks and the counts, then the words walked and the GADDAG checked, in C:
        O(letters x length) look-ups."""
        if len(data) % 4:
            raise ValueError(f"kwg: {len(data):,} bytes are not whole 4-byte nodes (cut short?)")
        if view not in VIEWS:
            raise ValueError(f"kwg: no view {view!r} (it has {' and '.join(VIEWS)})")
        nodes = array("I")
        nodes.frombytes(data)
        if sys.byteorder != "little":  # pragma: no cover - no big-endian machine here
            nodes.byteswap()
        root = VIEWS.index(view)
        self = cls.__new__(cls)
        self._attach(nodes, 0, root)  # checks every node before the counts and the walk
        measured = _measure(self, nodes)  # no cycle, no dead end, not too many strings
        words = self.dawg_words(measured.longest)
        count = len(words)
        gaddag = _holds_gaddag(self, measured)
        if root == 1:
            count = measured.letters
            if count and not nodes[1] & ARC_MASK:
                raise ValueError("kwg: node 1 holds no GADDAG (the words alone: --algorithm dawg)")
            if not gaddag:
                raise ValueError(
                    f"kwg: its GADDAG holds {measured.gaddag:,} strings, not exactly the "
                    f"{count:,} GADDAG strings of the {len(words):,} words of its DAWG"
                )
        self._attach(nodes, count, root)
        self.__dict__["_gaddag_of_words"] = gaddag
        return self, words

    @classmethod
    def from_bytes(cls, data: bytes, checked: bool = True) -> Self:
        """Read :meth:`to_bytes`'s output: one copy and a checking pass, O(size), that every
        arc and sibling list lies in the array. ``checked`` (a file lexibench did not write for
        this user): also that the graph has no cycle and no dead end, accepts no more strings
        than its size allows (:data:`STRINGS_PER_NODE`), as many as its header says, and that
        node 1 holds exactly the GADDAG of node 0's words; O(nodes) and, for the GADDAG,
        O(letters x length) look-ups in C."""
        if len(data) < _HEADER.size:
            raise ValueError("kwg: the data is shorter than its header")
        magic, version, view, size, count = _HEADER.unpack_from(data)
        if magic != _MAGIC or version != _VERSION:
            raise ValueError(f"kwg: not format {cls.FILE_FORMAT}")
        if view not in (0, 1):
            raise ValueError(f"kwg: unknown view {view}")
        if len(data) != _HEADER.size + 4 * size:
            raise ValueError(f"kwg: {len(data)} bytes do not hold {size} nodes")
        nodes = array("I")
        nodes.frombytes(memoryview(data)[_HEADER.size :])
        if sys.byteorder != "little":  # pragma: no cover - no big-endian machine here
            nodes.byteswap()
        self = cls.__new__(cls)
        self._attach(nodes, count, view)
        if checked:
            measured = _measure(self, nodes)
            held = measured.gaddag if view else measured.words
            if held != count:
                raise ValueError(f"kwg: it holds {held:,} strings, its header says {count:,}")
            if measured.words and not _holds_gaddag(self, measured):
                raise ValueError("kwg: node 1 does not hold the GADDAG of node 0's words")
        return self


MAX_KWG_BYTES: Final = 16 << 20
"""The largest ``.kwg`` file read (a KWG holds at most 4 million nodes)."""


@input_format("kwg", "lexicon file", MAX_KWG_BYTES, suffixes=(".kwg",))
def parse_kwg(data: bytes, name: str, view: str = "words") -> tuple[KwgLexicon, list[str]]:
    """A ``.kwg`` file as the engines write it (:meth:`KwgLexicon.from_kwg`), read for
    ``view``, and the words of its DAWG; :class:`~structures.errors.BadInputError` naming the
    file (``name``) and the problem, one line, for anything else.

    The reader of the backend's bare file format, as the registry declares it (its
    :class:`~lexibench.structures.registry.BareFile`: the suffix ``.kwg``, this reader, and
    :meth:`KwgLexicon.kwg_bytes` the writer): :func:`lexibench.structures.saved.load_bare` opens
    such a file through it."""
    try:
        lexicon, words = KwgLexicon.from_kwg(data, view)
    except ValueError as exc:
        raise BadInputError(f"lexicon file {name}: {exc}") from None
    if not words:
        raise BadInputError(f"lexicon file {name}: its DAWG holds no word")
    return lexicon, words
