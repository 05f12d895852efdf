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
    (:mod:`solver.games.crossword.movegen`, compiled with Cython on install). The same array holds
    the DAWG and the GADDAG, so either algorithm runs on either view of it. With ``word_map``
    (a lexicon that offers ``word_map()``, as ``kwg`` does), the moves are spelled from the word
    map span by span instead (every move, and the best turns by equity); the cross-sets still
    come from the graph.

Every tier and algorithm gives the same moves (the tests check them against the brute-force
reference of :mod:`solver.games.crossword.reference`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword import moves, search
from lexibench.solver.games.crossword.moves import RECORD, Move, Moves, RawMove, coord, unpack
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import TIERS, RuleSet
from lexibench.solver.tiers import Tier
from lexibench.solver.tiers import resolve as resolve_tier
from lexibench.structures import Lexicon, SteppingLexicon, class_of
from lexibench.structures.builds import compiled

if TYPE_CHECKING:
    from lexibench.solver.games.crossword import movegen as native

#: The algorithm each variant of the lexicon runs.
ALGORITHMS: Final = {"words": "dawg", "gaddag": "gaddag"}
#: The variant each algorithm needs (``--algorithm``).
VARIANTS: Final = {algorithm: variant for variant, algorithm in ALGORITHMS.items()}

_NATIVE = compiled("lexibench.solver.games.crossword.movegen")
NATIVE_UNAVAILABLE: str | None = _NATIVE.missing
"""Why the native generator cannot run here (not compiled), or None."""
NativeTurn = tuple[bytes, int | None, int, int | None, bytes | None]
"""The turn chosen in C (:meth:`MoveGenerator.best_turn_raw`): the best placement's record
(``b""``: none) and equity, the pass's equity, the best exchange's equity (None: none) and the
tiles it returns, equities in millipoints."""
NativeGenerator: type[native.NativeGenerator] = _NATIVE.get("NativeGenerator")
LeaveValues: type[native.LeaveValues] = _NATIVE.get("LeaveValues")
PlayOuts: type[native.PlayOuts] = _NATIVE.get("PlayOuts")
record_move: Callable[[bytes, bytes, float | None], Move] = (
    _NATIVE.get("record_move") or moves.record_move
)
""":func:`.moves.record_move`, made in C where the native tier is compiled (the same Move)."""


def native_build() -> str:
    """``"cython"`` when the native generator is compiled, ``"interpreted"`` when it is not (the
    native tier is then unavailable). Raises :class:`~structures.errors.StaleBuildError` when
    it was not compiled from the ``.pyx`` beside it."""
    return _NATIVE.build()


def resolve(lexicon: Lexicon | type, tier: Tier | str) -> Tier:
    """The tier to run on ``lexicon`` (``auto``: the fastest it offers), for the Python API (a
    command's plan has chosen it already); one it lacks is an
    :class:`~solver.errors.InputError` naming the lexicon's class and why."""
    cls = class_of(lexicon)
    return resolve_tier(TIERS, cls, tier, cls.__name__, "the crossword game")


def _letters(rules: RuleSet) -> int:
    return sum(1 << t for t in range(1, 27) if rules.counts[t])


def rules_args(
    rules: RuleSet,
) -> tuple[int, int, list[int], list[int], list[int], int, int, int, int]:
    """What a generator needs of a rule set, in its constructors' order."""
    return (
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


class _Native:
    """The native tier: the generator in C over the lexicon's KWG array."""

    def __init__(
        self, lexicon: Lexicon, gaddag: bool, word_map: bool | None, keep: bool = True
    ) -> None:
        self.kwg = lexicon.kwg()  # type: ignore[attr-defined]
        self.gaddag = gaddag
        self.keep = keep
        # node 1 the GADDAG of the words: the cross-sets may be read through either graph
        self.both = gaddag or bool(getattr(lexicon, "gaddag_of_words", False))
        self.word_map: Any = None
        make = getattr(lexicon, "word_map", None)
        if word_map is False:
            return
        # None takes a map where the lexicon offers one that holds every word; True requires it
        if make is None:
            if word_map:
                raise InputError(f"--word-map: {type(lexicon).__name__} offers no word map")
            return
        found = make()
        if not found.complete:
            if word_map:
                raise InputError(
                    "--word-map: the word map cannot hold every word (one repeats a letter 16 "
                    "times)"
                )
            return
        self.word_map = found

    def bind(self, rules: RuleSet) -> Any:
        return NativeGenerator(self.kwg, *rules_args(rules), self.both, self.keep)

    def raw(self, bound: Any, board: bytes, rack: list[int]) -> tuple[bytes, int]:
        if self.word_map is not None:
            found: bytes = bound.every_move_by_map(board, rack, self.word_map)
        else:
            found = bound.generate(board, rack, self.gaddag)
        return found, len(found) // RECORD.size

    def best(self, bound: Any, board: bytes, rack: list[int]) -> tuple[RawMove | None, int]:
        if self.word_map is not None:  # by score: equity with every leave worth nothing
            found, _ = bound.top_equity(board, rack, self.gaddag, 1, None, False, self.word_map)
            first = min(unpack(found), key=raw_order, default=None)
            return first, bound.generated
        found = bound.generate(board, rack, self.gaddag, True)
        return (unpack(found)[0] if found else None), bound.generated

    def top(
        self, bound: Any, board: bytes, rack: list[int], top: int, leaves: Any, exchanging: bool
    ) -> tuple[tuple[bytes, int | None] | None, int]:
        found: tuple[bytes, int | None] = bound.top_equity(
            board, rack, self.gaddag, top, leaves, exchanging, self.word_map
        )
        return found, bound.generated

    def best_turn(
        self, bound: Any, board: bytes, rack: list[int] | bytes, leaves: Any, exchanging: bool
    ) -> tuple[NativeTurn | None, int]:
        found: NativeTurn = bound.best_turn(
            board, rack, self.gaddag, leaves, exchanging, self.word_map
        )
        return found, bound.generated

    def play(
        self,
        bound: Any,
        game: Any,
        turns: int,
        leaves: Any,
        max_zeros: int,
        given: Any,
        draws: bytes | None = None,
    ) -> Any:
        return bound.play(
            game.board, game.racks, game.scores, game.bag, game.zeros, game.player, turns,
            self.gaddag, leaves, max_zeros, self.word_map, given, draws,
        )  # fmt: skip

    def play_outs(self, bound: Any, spec: PlayOutSpec, leaves: Any, max_zeros: int) -> Any:
        if not draws_in_c():
            return None
        return PlayOuts(
            bound, spec.board, spec.mine, spec.known, spec.hidden, spec.scores, spec.zeros,
            spec.firsts, spec.plies, self.gaddag, leaves, max_zeros, self.word_map,
        )  # fmt: skip


class _Protocol:
    """The string and step tiers: the generator of :mod:`.search` asking the lexicon."""

    def __init__(self, access: search.Access, gaddag: bool) -> None:
        self.access = access
        self.gaddag = gaddag

    def bind(self, rules: RuleSet) -> Any:
        return search.Generator(self.access, self.gaddag, *rules_args(rules))

    def raw(self, bound: Any, board: bytes, rack: list[int]) -> tuple[list[RawMove], int]:
        moves: list[RawMove] = bound.generate(board, rack)
        return moves, len(moves)

    def best(self, bound: Any, board: bytes, rack: list[int]) -> tuple[RawMove | None, int]:
        moves, count = self.raw(bound, board, rack)
        return min(moves, key=raw_order, default=None), count

    def top(
        self, bound: Any, board: bytes, rack: list[int], top: int, leaves: Any, exchanging: bool
    ) -> tuple[tuple[bytes, int | None] | None, int]:
        return None, 0  # no bound here: the caller lists every move

    def best_turn(
        self, bound: Any, board: bytes, rack: list[int] | bytes, leaves: Any, exchanging: bool
    ) -> tuple[NativeTurn | None, int]:
        return None, 0  # the caller chooses from every move

    def play(
        self,
        bound: Any,
        game: Any,
        turns: int,
        leaves: Any,
        max_zeros: int,
        given: Any,
        draws: bytes | None = None,
    ) -> Any:
        return None  # the caller plays each turn

    def play_outs(self, bound: Any, spec: PlayOutSpec, leaves: Any, max_zeros: int) -> Any:
        return None  # the caller plays each turn


def _engine(
    lexicon: Lexicon, tier: Tier, gaddag: bool, word_map: bool | None, keep: bool
) -> _Native | _Protocol:
    """The generator of ``tier`` (chosen already) over ``lexicon``."""
    if tier is Tier.NATIVE:
        return _Native(lexicon, gaddag, word_map, keep)
    if tier is Tier.STEP:
        stepping: SteppingLexicon = lexicon  # type: ignore[assignment]
        return _Protocol(
            search.StepAccess(stepping.root(), stepping.child, stepping.is_terminal, gaddag),
            gaddag,
        )
    return _Protocol(search.StringAccess(lexicon.has_prefix, lexicon.is_word, gaddag), gaddag)


class MoveGenerator:
    """Every legal move of a position, through ``lexicon`` at ``tier`` (chosen already: one
    :data:`TIERS` offers on it, never ``auto``; :func:`move_generator` chooses it), with the
    algorithm of ``variant`` (what the lexicon holds: ``"words"`` or ``"gaddag"``).

    Calling it returns the position's :class:`~solver.games.crossword.moves.Moves`;
    :meth:`best_raw` only the first move in order (what a greedy player plays). ``generated`` is
    the number of moves the last call found.

    ``word_map``: at the native tier, the moves (every move, the best by score, the best turns by
    equity) are spelled from the lexicon's word map (``word_map()``, built on first use)
    instead of walked; the same moves. Worth it for many turns (self-play, many positions):
    building the map (a walk of the graph and a sort of its words, in C) is paid once per
    lexicon. None: where the lexicon offers a map that holds every word. Ignored at the other
    tiers.

    ``keep_cross_sets``: at the native tier, a square's cross-set is kept from call to call
    until a tile of its cross-word's line changes (a game's next turn); False makes every
    call's cross-sets afresh, for timing one position's whole work.
    """

    def __init__(
        self,
        lexicon: Lexicon,
        tier: Tier,
        variant: str = "words",
        word_map: bool | None = False,
        keep_cross_sets: bool = True,
    ) -> None:
        if variant not in ALGORITHMS:
            raise ValueError(f"unknown variant {variant!r}")
        if tier is Tier.AUTO:
            raise ValueError("a generator runs a tier chosen already (see move_generator)")
        self.tier = tier
        self.variant = variant
        self.generated = 0
        self._engine = _engine(lexicon, tier, variant == "gaddag", word_map, keep_cross_sets)
        self._bound: dict[RuleSet, Any] = {}
        self._last: tuple[RuleSet | None, Any] = (None, None)

    @property
    def word_map(self) -> bool:
        """Whether the moves are spelled from a word map (see the class docstring)."""
        return isinstance(self._engine, _Native) and self._engine.word_map is not None

    @property
    def algorithm(self) -> str:
        """``"dawg"`` or ``"gaddag"``."""
        return ALGORITHMS[self.variant]

    @property
    def plays_turns(self) -> bool:
        """Whether :meth:`play_raw` plays turns here (the native tier)."""
        return isinstance(self._engine, _Native)

    def _for(self, rules: RuleSet) -> Any:
        if rules is self._last[0]:  # turn after turn the same rules: no hash of them
            return self._last[1]
        bound = self._bound.get(rules)
        if bound is None:
            bound = self._bound[rules] = self._engine.bind(rules)
        self._last = (rules, bound)
        return bound

    def raw(self, rules: RuleSet, board: bytes, rack: list[int]) -> list[RawMove] | bytes:
        """Every move on ``board`` with ``rack`` (counts per tile) under ``rules``: raw moves,
        or native records."""
        found, self.generated = self._engine.raw(self._for(rules), board, rack)
        return found

    def __call__(self, position: Position) -> Moves:
        return Moves(position, self.raw(position.rules, position.board, position.rack_counts()))

    def best_raw(self, rules: RuleSet, board: bytes, rack: list[int]) -> RawMove | None:
        """The first move in order (highest score, then coordinate, then word), or None."""
        best, self.generated = self._engine.best(self._for(rules), board, rack)
        return best

    def top_raw(
        self,
        rules: RuleSet,
        board: bytes,
        rack: list[int],
        top: int,
        leaves: Any,
        exchanging: bool,
    ) -> tuple[bytes, int | None] | None:
        """The native records of the placements that may be among the ``top`` turns of highest
        equity (a superset of them, found best-first without making every move: see
        :meth:`~solver.games.crossword.movegen.NativeGenerator.top_equity`) and the best
        exchange's equity in millipoints (None: none); ``leaves`` the leaves' values
        (:meth:`leave_values`; None: worth nothing, the bag being empty), ``exchanging`` whether
        the bag allows an exchange. None at a tier that cannot bound its moves (every move is
        then needed)."""
        found, self.generated = self._engine.top(
            self._for(rules), board, rack, top, leaves, exchanging
        )
        return found

    def best_turn_raw(
        self, rules: RuleSet, board: bytes, rack: list[int] | bytes, leaves: Any, exchanging: bool
    ) -> NativeTurn | None:
        """The turn of highest equity chosen in C (see
        :meth:`~solver.games.crossword.movegen.NativeGenerator.best_turn`): the first
        placement's record and equity, the pass's equity and the best exchange's, in
        millipoints, with the tiles that exchange returns (:data:`NativeTurn`); ``rack`` 27
        counts or its tiles (``bytes``, as :attr:`.Position.rack`); ``leaves`` None
        (the bag empty) or values of whole thousandths
        (:attr:`~solver.games.crossword.movegen.LeaveValues.exact`). None at a tier that cannot
        (the caller then chooses from :meth:`top_raw` or every move)."""
        found, self.generated = self._engine.best_turn(
            self._for(rules), board, rack, leaves, exchanging
        )
        return found

    def play_raw(
        self,
        rules: RuleSet,
        game: Any,
        turns: int,
        leaves: Any,
        max_zeros: int,
        given: bytes | None = None,
        draws: bytes | None = None,
    ) -> tuple[bytes, int, int, bool] | None:
        """Up to ``turns`` turns of ``game`` (a :class:`~.turn_loop.State`) played in C, each
        the player's choice by equity (:meth:`~.movegen.NativeGenerator.play`, which says
        where it stops), ``leaves`` the two players' values in C (:meth:`leave_values`, whole
        thousandths), the first ``given`` where it is a placement's record (:func:`.moves.pack`)
        rather than chosen: the turns' log, the player on turn, the scoreless turns and whether
        the game is over (the board, racks, scores and bag updated in place). ``draws``
        (:func:`seed_number` of a game's seed): the game from its start, the bag shuffled and
        the racks drawn in C, the exchanges played there (:func:`draws_in_c` must hold).
        ``generated``: the moves found, summed. None at a tier that is not native
        (:attr:`plays_turns`)."""
        bound = self._for(rules)
        found = self._engine.play(bound, game, turns, leaves, max_zeros, given, draws)
        if found is not None:
            self.generated = bound.generated
        return found  # type: ignore[no-any-return]

    def play_outs(
        self, rules: RuleSet, spec: PlayOutSpec, leaves: Any, max_zeros: int
    ) -> Any | None:
        """A simulation's play-outs in C (:class:`~.movegen.PlayOuts`: each iteration's
        candidates played whole, their exchanges too, with the draws of Python's random) of
        ``spec``, ``leaves`` both players' values in C (:meth:`leave_values`, whole
        thousandths), ``max_zeros`` scoreless turns ending a game. None at a tier that is not
        native (:attr:`plays_turns`), or where this Python's ``random`` draws otherwise than C's
        copy of it (then the caller plays each turn)."""
        return self._engine.play_outs(self._for(rules), spec, leaves, max_zeros)

    def leave_values(
        self, value: Callable[[bytes], float], linear: Any = None, thousandths: bool = False
    ) -> Any:
        """``value`` (what keeping some tiles is worth, in points) kept in C for
        :meth:`top_raw`, each leave asked once; with ``linear`` (a linear model's form,
        :meth:`~.leave_model.LeaveModel.linear_form`, which ``value`` computes) each leave is
        valued in C instead, with the same answer; ``thousandths``: ``value`` gives whole
        thousandths of a point (a leave table), so that C may choose the turn itself
        (:meth:`best_turn_raw`). None at a tier that is not native."""
        if not isinstance(self._engine, _Native):
            return None
        return LeaveValues(value, linear, thousandths)


class PlayOutSpec(NamedTuple):
    """What a simulation plays out (:meth:`MoveGenerator.play_outs`): the position's board,
    the rack of the player on turn and the other's where it is known (27 counts each; None:
    drawn each iteration), the unseen tiles in tile order, the scores and scoreless turns, each
    candidate as a turn's entry (:data:`.turn_loop.PLAYED`: its kind, a placement's record or
    the tiles an exchange returns), the plies after each."""

    board: bytes
    mine: list[int]
    known: list[int] | None
    hidden: bytes
    scores: tuple[int, int]
    zeros: int
    firsts: bytes
    plies: int


@cache
def draws_in_c() -> bool:
    """Whether C's copy of Python's random (``mersenne.pxi``) shuffles as this Python's
    ``random.Random(text).shuffle`` does (CPython's, unchanged since 3.2): asked once."""
    shuffle = _NATIVE.get("shuffled")
    if shuffle is None:  # (not compiled)
        return False
    tiles = list(range(100))
    random.Random(_PROBE).shuffle(tiles)
    shuffled: bytes = shuffle(seed_number(_PROBE), bytes(range(100)))
    return list(shuffled) == tiles


#: The string :func:`draws_in_c` seeds both with.
_PROBE: Final = "lexibench:draws"


def seed_number(text: str) -> bytes:
    """The big-endian bytes of the number ``random.seed(text)`` seeds the Mersenne Twister
    with: ``text``'s UTF-8 bytes followed by their SHA-512 digest."""
    data = text.encode()
    return data + hashlib.sha512(data).digest()


def word_map_choice(choice: str, tier: Tier, many_turns: bool) -> bool | None:
    """What ``--word-map`` (``auto``, ``yes``, ``no``) asks of :class:`MoveGenerator` at ``tier``
    (chosen already): the library's one policy. ``auto`` spells from the word map where the
    lexicon offers one for many turns (building it once pays), and walks for one position;
    ``yes`` at a tier that is not native is an :class:`~solver.errors.InputError`."""
    if choice == "yes":
        if tier is not Tier.NATIVE:
            raise InputError(
                f"--word-map yes: the word map is spelled at the native tier, not {tier}"
            )
        return True
    if choice == "no":
        return False
    return None if many_turns else False


def move_generator(
    lexicon: Lexicon, tier: Tier | str = Tier.AUTO, variant: str = "words"
) -> MoveGenerator:
    """A :class:`MoveGenerator` at ``tier`` (``auto``: the fastest the lexicon offers)."""
    return MoveGenerator(lexicon, resolve(lexicon, tier), variant)


def raw_order(raw: RawMove) -> tuple[int, str, str]:
    """The moves' order (:func:`~solver.games.crossword.moves.sort_key`) for a raw move."""
    score, down, row, col, word, _ = raw
    return (-score, coord(row, col, down), word)
