"""Move generation at each tier, bound to a lexicon: which tiers a lexicon offers, and the
generator that answers a position.

The algorithm follows what the lexicon holds (its variant, :data:`ALGORITHMS`): a lexicon of the
words runs Appel and Jacobson's DAWG algorithm, one of the GADDAG strings Gordon's. The tiers:

``string``
    Every backend: the search builds each candidate string and asks ``has_prefix``/``is_word``
    (:class:`~solver.games.crossword.search.StringAccess`).
``step``
    Backends with stepping: the search carries a node and asks ``child``/``is_terminal``.
``native``
    Backends that hand out their word graph as a KWG array (``kwg``,
    :class:`~structures.WordGraphLexicon`): the whole generation runs in C over that array
    (:mod:`solver.games.crossword.native`, compiled with Cython on install). The same array holds
    the DAWG and the GADDAG, so either algorithm runs on either view of it.

Every tier and algorithm gives the same moves (the tests check them against the brute-force
reference of :mod:`solver.games.crossword.reference`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from lexibench.solver.games.crossword import search
from lexibench.solver.games.crossword.moves import RECORD, Moves, RawMove, coord, unpack
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import RuleSet
from lexibench.solver.tiers import Tier, resolve_tier
from lexibench.structures import (
    Lexicon,
    SteppingLexicon,
    can_step,
    class_of,
    has_word_graph,
    is_lexicon,
)
from lexibench.structures.builds import compiled

if TYPE_CHECKING:
    from lexibench.solver.games.crossword import native

#: The algorithm each variant of the lexicon runs.
ALGORITHMS: Final = {"words": "dawg", "gaddag": "gaddag"}
#: The variant each algorithm needs (``--algorithm``).
VARIANTS: Final = {algorithm: variant for variant, algorithm in ALGORITHMS.items()}

_NATIVE = compiled("lexibench.solver.games.crossword.native")
NATIVE_UNAVAILABLE: str | None = _NATIVE.missing
"""Why the native generator cannot run here (not compiled), or None."""
NativeGenerator: type[native.NativeGenerator] = _NATIVE.get("NativeGenerator")


def native_build() -> str:
    """``"cython"`` when the native generator is compiled, ``"interpreted"`` when it is not (the
    native tier is then unavailable). Raises :class:`~structures.errors.StaleBuildError` when
    it was not compiled from the ``.pyx`` beside it."""
    return _NATIVE.build()


def tiers(lexicon: Lexicon | type) -> tuple[Tier, ...]:
    """The tiers move generation offers on ``lexicon`` (an instance, or a backend's class): string
    always, step where it steps, native where it hands out a KWG array and the native generator
    is compiled; none on an index (it is not a lexicon)."""
    if not is_lexicon(lexicon):
        return ()
    offered = [Tier.STRING]
    if can_step(lexicon):
        offered.append(Tier.STEP)
    if has_word_graph(lexicon) and NATIVE_UNAVAILABLE is None:
        offered.append(Tier.NATIVE)
    return tuple(offered)


def why_not_native(lexicon: Lexicon | type) -> str:
    """Why ``lexicon`` has no native tier for this game."""
    if not has_word_graph(lexicon):
        return "the native move generator walks a KWG array: use --lexicon kwg"
    return NATIVE_UNAVAILABLE or ""


def resolve(lexicon: Lexicon | type, tier: Tier | str, name: str = "") -> Tier:
    """The tier to run on ``lexicon`` (``auto``: the fastest it offers); one it lacks is an
    :class:`~solver.errors.InputError` naming the lexicon (``name``) and why."""
    cls = class_of(lexicon)
    return resolve_tier(tiers(cls), tier, name or cls.__name__, why_not_native(cls))


def _letters(rules: RuleSet) -> int:
    return sum(1 << t for t in range(1, 27) if rules.counts[t])


class MoveGenerator:
    """Every legal move of a position, through ``lexicon`` at ``tier``, with the algorithm of
    ``variant`` (what the lexicon holds: ``"words"`` or ``"gaddag"``).

    Calling it returns the position's :class:`~solver.games.crossword.moves.Moves`;
    :meth:`best_raw` only the first move in order (what a greedy player plays). ``generated`` is
    the number of moves the last call found.
    """

    def __init__(self, lexicon: Lexicon, tier: Tier | str, variant: str = "words") -> None:
        if variant not in ALGORITHMS:
            raise ValueError(f"unknown variant {variant!r}")
        self.lexicon = lexicon
        self.tier = resolve(lexicon, tier)
        self.variant = variant
        self.gaddag = variant == "gaddag"
        self.generated = 0
        self._bound: dict[RuleSet, Any] = {}
        if self.tier is Tier.STRING:
            self._access: search.Access = search.StringAccess(
                lexicon.has_prefix, lexicon.is_word, self.gaddag
            )
        elif self.tier is Tier.STEP:
            stepping: SteppingLexicon = lexicon  # type: ignore[assignment]
            self._access = search.StepAccess(
                stepping.root(), stepping.child, stepping.is_terminal, self.gaddag
            )

    @property
    def algorithm(self) -> str:
        """``"dawg"`` or ``"gaddag"``."""
        return ALGORITHMS[self.variant]

    def _for(self, rules: RuleSet) -> Any:
        bound = self._bound.get(rules)
        if bound is None:
            args = (
                rules.rows,
                rules.cols,
                list(rules.letter_multiplier),
                list(rules.word_multiplier),
                list(rules.values),
                rules.start,
                rules.rack_size,
                rules.bingo_bonus,
                _letters(rules),
            )
            if self.tier is Tier.NATIVE:
                bound = NativeGenerator(self.lexicon.kwg(), *args)  # type: ignore[attr-defined]
            else:
                rows, cols, lm, wm, values, start, rack_size, bingo, letters = args
                bound = search.Generator(
                    self._access,
                    self.gaddag,
                    rows,
                    cols,
                    lm,
                    wm,
                    values,
                    start,
                    rack_size,
                    bingo,
                    letters,
                )
            self._bound[rules] = bound
        return bound

    def raw(self, rules: RuleSet, board: bytes, rack: list[int]) -> list[RawMove] | bytes:
        """Every move on ``board`` with ``rack`` (counts per tile) under ``rules``: raw moves,
        or native records."""
        bound = self._for(rules)
        if self.tier is Tier.NATIVE:
            found: bytes = bound.generate(board, rack, self.gaddag)
            self.generated = len(found) // RECORD.size
            return found
        moves: list[RawMove] = bound.generate(board, rack)
        self.generated = len(moves)
        return moves

    def __call__(self, position: Position) -> Moves:
        return Moves(position, self.raw(position.rules, position.board, position.rack_counts()))

    def best_raw(self, rules: RuleSet, board: bytes, rack: list[int]) -> RawMove | None:
        """The first move in order (highest score, then coordinate, then word), or None."""
        if self.tier is Tier.NATIVE:
            bound = self._for(rules)
            found: bytes = bound.generate(board, rack, self.gaddag, True)
            self.generated = bound.generated
            return unpack(found)[0] if found else None
        moves = self.raw(rules, board, rack)
        assert isinstance(moves, list)
        return min(moves, key=raw_order, default=None)


def raw_order(raw: RawMove) -> tuple[int, str, str]:
    """The moves' order (:func:`~solver.games.crossword.moves.sort_key`) for a raw move."""
    score, down, row, col, word, _ = raw
    return (-score, coord(row, col, down), word)
