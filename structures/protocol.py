"""The contract every lexicon backend meets.

A *lexicon* is an immutable set of non-empty words with two queries:

``is_word(s)``
    True exactly when ``s`` was one of the words the lexicon was built from. A mere prefix of a
    stored word is never a word (storing only "hello" makes ``is_word("h")`` False).

``has_prefix(p)``
    True when some stored word starts with ``p``, **including** ``p`` itself: when "cat" is stored,
    ``has_prefix("cat")`` is True even if no longer word is. ``has_prefix("")`` is True exactly when
    the lexicon is non-empty.

``len(lexicon)``
    The number of distinct words stored.

Building: a backend is constructed from any iterable of ``str`` (a list, a one-shot generator,
unsorted, with duplicates, or empty). Every element must be a non-empty string. A word the backend
cannot store (an empty string, a non-string, a character outside what the library can hold)
raises :class:`~structures.errors.UnstorableWordError` while building; no backend drops a word
silently. Queries accept any string and never raise: a string with characters no stored word has
simply answers False.

Stepping (optional, :class:`SteppingLexicon`): a backend that can walk one letter at a time from
a node hands out ``root()``, ``child(node, letter)`` and ``is_terminal(node)``. ``child`` returns
``None`` when no stored word continues with ``letter`` (one character) after the node's string.
Nodes are opaque, immutable from the caller's side, and may be shared between walks. A solver that
extends paths letter by letter uses this to avoid re-querying whole strings; it binds the three
callables once, so a backend may expose C-level functions (``dict.get``) as ``child``.

Native search (optional, :class:`NativeLexicon`): a backend with compiled code of its own may
solve a whole path search in it. ``find_paths(cells, nbrs, min_length, all_paths, max_paths)``
is given a graph (the string at each node, each node's neighbours in order) and returns every
simple path whose strings spell a stored word, exactly as the documented depth-first search
over ``has_prefix``/``is_word`` would find them: the same words, the same first path of each,
every path in the same order with ``all_paths``. ``path_words(cells, nbrs, min_length)`` gives
the same distinct words in the same order without paths, for work that needs only the words;
``path_total(cells, nbrs, min_length, weights)`` gives ``(total, count)`` over those words, the
total adding ``weights[len(word)]`` (the last weight for longer words), making no object per word.
Nothing of any game is in it: a solver passes a board's cells and adjacency. A class whose
native code could not be loaded says why in the class attribute ``NATIVE_UNAVAILABLE`` and does
not define these methods.

Word graph (optional, :class:`WordGraphLexicon`): ``kwg()`` hands out the structure as an array
of 32-bit nodes in the KWG layout (the one wolges, MAGPIE and Macondo read; described in
:mod:`structures.backends.kwg.lexicon`): node 0 points at the DAWG of the words, node 1 at their
GADDAG. A search compiled against that layout walks it with no call into the lexicon at all (a
crossword game's native tier does). The array is the lexicon's own: callers must not change it.

Persistence (optional, :class:`PersistentLexicon`): ``to_bytes()`` gives the structure in the
library's own format (named by the class attribute ``FILE_FORMAT``) and the class method
``from_bytes(data)`` reads it back. Files are written by :mod:`structures.saved`, which wraps that
payload in a checked header; a backend without a format of its own is saved there as its words.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from functools import cache
from typing import Any, ClassVar, Protocol, Self, runtime_checkable


@runtime_checkable
class Lexicon(Protocol):
    """A set of words answering whole-string word and prefix queries (see the module docstring)."""

    def is_word(self, s: str) -> bool:
        """Return True when ``s`` is a stored word (never for a mere prefix)."""
        ...

    def has_prefix(self, s: str) -> bool:
        """Return True when some stored word starts with ``s`` (a word is its own prefix)."""
        ...

    def __len__(self) -> int:
        """Return the number of distinct stored words."""
        ...


@runtime_checkable
class SteppingLexicon(Lexicon, Protocol):
    """A lexicon that can also be walked one letter at a time from a root node."""

    def root(self) -> Any:
        """Return the node of the empty string."""
        ...

    def child(self, node: Any, letter: str) -> Any | None:
        """Return the node after ``letter`` (one character), or None when no word continues so."""
        ...

    def is_terminal(self, node: Any) -> bool:
        """Return True when the string leading to ``node`` is a stored word."""
        ...


@runtime_checkable
class NativeLexicon(Lexicon, Protocol):
    """A lexicon that can run a whole path search in compiled code of its own."""

    def find_paths(
        self,
        cells: tuple[str, ...],
        nbrs: tuple[tuple[int, ...], ...],
        min_length: int,
        all_paths: bool,
        max_paths: int = 0,
    ) -> dict[str, list[tuple[int, ...]]]:
        """Every simple path through the graph spelling a stored word of at least ``min_length``
        characters, ``{word: [path, ...]}`` in discovery order (see the module docstring).

        Paths start from each node in index order and extend to unused neighbours in the order
        of ``nbrs[i]``. Without ``all_paths`` only each word's first path is kept. ``max_paths``
        (0: no cap) caps the paths kept: passing it raises
        :class:`~structures.errors.TooManyPathsError`."""
        ...

    def path_words(
        self, cells: tuple[str, ...], nbrs: tuple[tuple[int, ...], ...], min_length: int
    ) -> list[str]:
        """The distinct words :meth:`find_paths` finds, in its order, without their paths."""
        ...

    def path_total(
        self,
        cells: tuple[str, ...],
        nbrs: tuple[tuple[int, ...], ...],
        min_length: int,
        weights: tuple[int, ...],
    ) -> tuple[int, int]:
        """``(sum of weights[len(word)], number of words)`` over the distinct words
        :meth:`find_paths` finds; a word longer than the table takes its last weight."""
        ...


@runtime_checkable
class WordGraphLexicon(Lexicon, Protocol):
    """A lexicon that hands out its word graph as a KWG node array."""

    def kwg(self) -> array[int]:
        """The nodes (``array('I')``): node 0 the DAWG's root pointer, node 1 the GADDAG's."""
        ...


@runtime_checkable
class PersistentLexicon(Lexicon, Protocol):
    """A lexicon whose library has a serialized format of its own."""

    FILE_FORMAT: ClassVar[str]
    """The name of the format ``to_bytes`` writes, such as ``"marisa-trie"``."""

    def to_bytes(self) -> bytes:
        """The structure in the library's own format."""
        ...

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Read a structure written by :meth:`to_bytes`."""
        ...


class LexiconFactory(Protocol):
    """What the registry stores: a class (or callable) building a lexicon from words."""

    def __call__(self, words: Iterable[str]) -> Lexicon:
        """Build a lexicon from ``words`` (any iterable; see the module docstring)."""
        ...


STEPPING_MEMBERS = ("root", "child", "is_terminal")
NATIVE_MEMBERS = ("find_paths", "path_words", "path_total")
PERSISTENT_MEMBERS = ("to_bytes", "from_bytes")
GRAPH_MEMBERS = ("kwg",)


@cache
def class_has(cls: type, members: tuple[str, ...]) -> bool:
    """True when ``cls`` defines every one of ``members`` as a callable; cached per class.

    The stepping and persistence extensions are methods of the class, so this answers once per
    class what ``isinstance`` against a runtime-checkable protocol would work out again on every
    call (several microseconds, more for a class that fails the check).
    """
    return all(callable(getattr(cls, name, None)) for name in members)


def class_of(structure: object) -> type:
    """``structure`` itself when it is a class (a backend not built yet), else its class."""
    return structure if isinstance(structure, type) else type(structure)


def can_step(lexicon: Lexicon | type) -> bool:
    """True when ``lexicon`` (an instance, or a backend's class) offers the stepping extension
    (:class:`SteppingLexicon`)."""
    return class_has(class_of(lexicon), STEPPING_MEMBERS)


def can_solve_natively(lexicon: Lexicon | type) -> bool:
    """True when ``lexicon`` (an instance, or a backend's class) offers the native search
    (:class:`NativeLexicon`)."""
    return class_has(class_of(lexicon), NATIVE_MEMBERS)


def has_word_graph(lexicon: Lexicon | type) -> bool:
    """True when ``lexicon`` (an instance, or a backend's class) hands out its word graph as a
    KWG array (:class:`WordGraphLexicon`)."""
    return class_has(class_of(lexicon), GRAPH_MEMBERS)


def native_unavailable(cls: object) -> str | None:
    """Why a class that could run the native search cannot here (``NATIVE_UNAVAILABLE``), or
    None."""
    reason = getattr(cls, "NATIVE_UNAVAILABLE", None)
    return str(reason) if reason else None
