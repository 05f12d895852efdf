"""The recursive depth-first Boggle solver over the :class:`~structures.Lexicon` protocol.

From every cell in row-major order, the search extends the path to unused neighbours in
:data:`~solver.games.boggle.board.NEIGHBOUR_OFFSETS` order, prunes as soon as no stored word starts
with the path's string, and records a word when the lexicon holds it. Each distinct word is reported
once, with the first path this order reaches (or every path, with ``all_paths``).

Three ways to ask the lexicon, with identical results:

``string``
    Works with every backend: each extension builds the path's string and calls
    ``has_prefix`` (and ``is_word`` when it holds).
``step``
    For backends with the stepping extension: the search carries a lexicon node and calls
    ``child(node, letter)``; the word's string is built only when a node is terminal.
``native``
    For backends with the native extension (:class:`~structures.NativeLexicon`): the backend
    runs the whole search in its own compiled code, given the board's cells and neighbour lists,
    and hands back the same words and paths. No Python call is made per step.

Neighbour lists are computed once per board shape; the path is one list pushed and popped, and
nothing on the hot path raises. The loops themselves live in :mod:`solver.games.boggle.search`,
which the install compiles with mypyc.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path as FilePath
from types import ModuleType
from typing import TypedDict, Unpack

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle import search
from lexibench.solver.games.boggle.board import Board
from lexibench.solver.games.boggle.rules import DEFAULT_MAX_PATHS, TIERS, score
from lexibench.solver.tiers import Tier
from lexibench.solver.tiers import resolve as resolve_tier
from lexibench.solver.word_rules import DEFAULT_MIN_LENGTH
from lexibench.structures import (
    Lexicon,
    NativeLexicon,
    SteppingLexicon,
    TooManyPathsError,
    class_of,
)

Path = search.Path


def resolve(lexicon: Lexicon | type, tier: Tier | str) -> Tier:
    """The tier to run on ``lexicon`` (an instance, or a class; ``auto``: the fastest it
    offers), once per class and tier: what the Python API's functions do when given a tier to
    choose (a command's plan has resolved it already)."""
    return _resolved(class_of(lexicon), Tier(tier))


@cache
def _resolved(cls: type, tier: Tier) -> Tier:
    return resolve_tier(TIERS, cls, tier, cls.__name__, "Boggle")


#: What :func:`find_words` runs: :mod:`solver.games.boggle.search` as installed (compiled), or
#: its source run by the interpreter (:func:`interpreted_search`); both have ``by_strings``,
#: ``by_steps`` and ``build``.
SearchLoops = ModuleType


def _search_source() -> FilePath:
    """``search.py``, beside the module that runs (compiled or not)."""
    return FilePath(search.__file__).with_name("search.py")


@cache
def interpreted_search() -> SearchLoops:
    """Boggle's ``search.py`` loaded from its source and run by the interpreter, even where the
    install compiled it: the benchmarks time both builds, the tests compare them."""
    source = _search_source()
    spec = importlib.util.spec_from_file_location("lexibench_search_interpreted", source)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py path always has a loader
        raise InputError(f"{source}: cannot be loaded")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def find_words(
    board: Board,
    lexicon: Lexicon,
    *,
    min_length: int = DEFAULT_MIN_LENGTH,
    tier: Tier | str = Tier.AUTO,
    all_paths: bool = False,
    max_paths: int = DEFAULT_MAX_PATHS,
    loops: SearchLoops = search,
) -> dict[str, list[Path]]:
    """Every word of at least ``min_length`` letters on ``board``, with its path(s), at ``tier``
    (``auto``: the fastest the lexicon offers; :func:`words_on` once it is chosen).

    Returns ``{word: [path, ...]}`` in discovery order; a path is a tuple of cell indices. Without
    ``all_paths`` each list holds only the first path found. ``loops``: the search module to run
    (the installed one; :func:`interpreted_search` for its source run by the interpreter).
    ``max_paths`` caps the paths kept with ``all_paths`` (0: no cap): a board with more raises
    :class:`InputError` instead of filling memory.
    """
    chosen = resolve(lexicon, tier)
    return words_on(board, lexicon, chosen, min_length, all_paths, max_paths, loops)


def words_on(
    board: Board,
    lexicon: Lexicon,
    tier: Tier,
    min_length: int = DEFAULT_MIN_LENGTH,
    all_paths: bool = False,
    max_paths: int = DEFAULT_MAX_PATHS,
    loops: SearchLoops = search,
) -> dict[str, list[Path]]:
    """:func:`find_words` at ``tier``, chosen already (one :data:`TIERS` offers on the lexicon,
    never ``auto``)."""
    nbrs = board.neighbours()
    try:
        if tier is Tier.NATIVE:
            # NATIVE is chosen only for a NativeLexicon (can_solve_natively in tiers)
            native: NativeLexicon = lexicon  # type: ignore[assignment]
            return native.find_paths(board.cells, nbrs, min_length, all_paths, max_paths)
        if tier is Tier.STEP:
            # STEP is chosen only for a SteppingLexicon (can_step in tiers)
            stepping: SteppingLexicon = lexicon  # type: ignore[assignment]
            stepped: search.Found = loops.by_steps(
                board.cells,
                nbrs,
                stepping.root(),
                stepping.child,
                stepping.is_terminal,
                min_length,
                all_paths,
                max_paths,
            )
            return stepped
        found: search.Found = loops.by_strings(
            board.cells,
            nbrs,
            lexicon.has_prefix,
            lexicon.is_word,
            min_length,
            all_paths,
            max_paths,
        )
        return found
    except TooManyPathsError:
        raise InputError(
            f"board {board.text()}: more than {max_paths:,} paths with --all-paths "
            "(raise the cap with --max-paths)"
        ) from None


def word_list_on(
    board: Board, lexicon: Lexicon, tier: Tier, min_length: int = DEFAULT_MIN_LENGTH
) -> list[str]:
    """The distinct words :func:`find_words` finds on ``board`` at ``tier`` (chosen already), in
    its order, without paths.

    Under the native tier the backend keeps no paths at all (``path_words``), which is what
    scoring many boards needs; the other tiers take :func:`words_on`'s keys."""
    if tier is Tier.NATIVE:
        native: NativeLexicon = lexicon  # type: ignore[assignment]
        return native.path_words(board.cells, board.neighbours(), min_length)
    return list(words_on(board, lexicon, tier, min_length))


@dataclass(frozen=True)
class FoundWord:
    """A word on the board, its score and its path(s) as (row, column) pairs."""

    word: str
    score: int
    paths: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        """The first path (the one the documented search order reaches first)."""
        return self.paths[0]


@dataclass(frozen=True)
class Solution:
    """All words on a board, ordered by score (highest first) then alphabetically."""

    board: Board
    words: tuple[FoundWord, ...]

    @property
    def count(self) -> int:
        """Number of distinct words."""
        return len(self.words)

    @property
    def score(self) -> int:
        """Total score of the distinct words."""
        return sum(w.score for w in self.words)

    @classmethod
    def of(cls, board: Board, found: dict[str, list[Path]]) -> Solution:
        """The solution of :func:`find_words`' result on ``board``: scored and ordered."""
        position = board.position
        words = [
            FoundWord(word, score(word), tuple(tuple(position(k) for k in p) for p in paths))
            for word, paths in found.items()
        ]
        words.sort(key=lambda w: (-w.score, w.word))
        return cls(board, tuple(words))


class SolveOptions(TypedDict, total=False):
    """:func:`solve`'s options: :func:`find_words`' own, with its defaults."""

    min_length: int
    """The shortest word kept (:data:`DEFAULT_MIN_LENGTH`)."""
    tier: Tier | str
    """How the lexicon is asked (``auto``: the fastest it offers)."""
    all_paths: bool
    """Every path of each word, not only the first (False)."""
    max_paths: int
    """With ``all_paths``, the most paths kept before the board is refused
    (:data:`DEFAULT_MAX_PATHS`)."""


def solve(board: Board, lexicon: Lexicon, **options: Unpack[SolveOptions]) -> Solution:
    """Solve ``board``: :func:`find_words` with ``options`` (:class:`SolveOptions`:
    ``min_length`` 3, ``tier`` ``auto``, ``all_paths`` False, ``max_paths`` 100,000 unless
    given), scored and ordered.

    >>> from lexibench.solver.games.boggle.board import parse_board
    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("dict-trie", ["east", "eat", "sat", "seat", "tea"])
    >>> solution = solve(parse_board("ea/st"), lexicon)
    >>> solution.count, solution.score, [w.word for w in solution.words]
    (5, 5, ['east', 'eat', 'sat', 'seat', 'tea'])
    """
    return Solution.of(board, find_words(board, lexicon, **options))
