"""A leave model fitted by self-play: lexibench's own default leave values.

The engines' leave tables are trained, not written by hand: their authors play many games and
credit each kept set of tiles with what it brought. lexibench does the same, small and in the
open, so that equity works without anyone's file (:data:`DEFAULT`, ``--leaves english``):

1. **Samples.** Seeded self-play games (both players choosing by equity with the model of the
   generation before; the first generation's model is zero, which plays greedily). Every time a
   player places tiles while the bag holds some, the leave it kept is a sample, and its outcome
   is what that player's next turn brought: its score (an exchange or a pass scores 0) plus the
   previous model's value of the leave kept then (while the bag still holds tiles), less the
   mean of all outcomes. The value kept in the outcome carries a leave's worth beyond the next
   turn (a blank kept for a bingo two turns away), as temporal-difference learning does; each
   generation's model values that further turn with what the generation before learnt.
2. **The model.** A leave's value is a sum of terms, each a weight fitted to the samples: for
   every tile, holding one, two, or three or more of it; the balance of vowels and consonants
   (one weight per pair of counts); a Q kept without a U. Few weights, so that rare leaves (most
   of the 914,624 a table holds) are valued from the common ones.
3. **The fit.** Ridge regression (least squares with a small penalty toward 0), solved exactly:
   the normal equations by Gaussian elimination, in Python. A tile's copies are fitted as steps
   (the first copy's worth, what a second adds, what a third adds), so that the penalty pulls a
   rarely kept second copy toward the first's value rather than toward nothing; the model keeps
   the sums (one weight for each count held).
4. :data:`GENERATIONS` generations, each on its own seeded games; the result is rounded to 0.001
   point and written as JSON (:data:`DEFAULT_PATH`), from which the KLV2 file of every leave the
   rule set allows can be made (:meth:`LeaveModel.table`).

A model's file (``leaves --model FILE``) is read as a hostile input: a regular file of at most
:data:`MAX_FILE` bytes, JSON of ``{"method": "...", "weights": [...]}`` with :data:`FEATURES`
numbers whose magnitudes sum to at most :data:`~.leave_tables.MAX_VALUE` points (so that no leave
it values is beyond what a leave table holds); anything else is an :class:`InputError` in one line
naming the file.

Costs: :meth:`LeaveModel.value` is O(tiles); training is dominated by the games (see the
crossword suite's rows and ``lexibench leaves --train``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.call import Call, Report
from lexibench.solver.games.crossword.leave_tables import CSV, KLV, MAX_VALUE, SUFFIXES
from lexibench.solver.games.crossword.players import EquityPlayer
from lexibench.solver.games.crossword.rules import GENERATIONS, RuleSet
from lexibench.solver.games.crossword.selfplay import play
from lexibench.solver.games.crossword.solve import MoveGenerator, word_map_choice
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import input_format, read_input

#: The letters that are vowels (tiles: A E I O U).
VOWELS: Final = frozenset({1, 5, 9, 15, 21})
Q, U = 17, 21
#: The copies of one tile the model tells apart: 1, 2, and 3 or more.
COPIES: Final = 3
DEFAULT_PATH: Final = Path(__file__).with_name("rulesets") / "english-leaves.json"
#: The ridge penalty, in samples' units: small beside the samples each weight sees.
RIDGE: Final = 50.0

#: The largest model file read (the shipped one is 1.3 KB).
MAX_FILE: Final = 1 << 20
WHAT: Final = "leave model"
"""What a model's file is called in messages."""


def _balance_index(vowels: int, consonants: int) -> int:
    """The balance weight of a leave of ``vowels`` and ``consonants`` (blanks neither), at most
    six tiles in all: the pairs in order (0, 0), (0, 1), ... ."""
    return sum(7 - v for v in range(vowels)) + consonants


BALANCES: Final = _balance_index(7, 0)
#: The balance weights' indices among the features, by vowels (0-6) and consonants (0-6 less
#: the vowels).
_BALANCE: Final = tuple(
    tuple(27 * COPIES + _balance_index(v, c) for c in range(7 - v)) for v in range(7)
)
FEATURES: Final = 27 * COPIES + BALANCES + 1
"""Per tile 0-26 and copies 1-3; per balance; Q without U."""


def features(tiles: bytes) -> list[int]:
    """The indices of the weights a leave's value sums (each once): each distinct tile's (by
    its copies), in tile order, then the balance's, then Q without U's."""
    out = []
    vowels = blanks = 0
    for tile in sorted(set(tiles)):
        n = tiles.count(tile)
        out.append(tile * COPIES + (n if n < COPIES else COPIES) - 1)
        if tile in VOWELS:
            vowels += n
        elif tile == 0:
            blanks = n
    v = min(vowels, 6)
    out.append(_BALANCE[v][min(len(tiles) - vowels - blanks, 6 - v)])
    if Q in tiles and U not in tiles:
        out.append(FEATURES - 1)
    return out


@dataclass(frozen=True)
class LeaveModel:
    """The weights (see the module docstring) and how they were made."""

    weights: tuple[float, ...]
    method: str = ""

    def value(self, tiles: bytes) -> float:
        """What keeping ``tiles`` is worth, in points (0 for none): the weights of
        :func:`features`, summed in its order, left to right from 0.0, rounded to a thousandth."""
        if not tiles:
            return 0.0
        weights = self.weights
        total = 0.0
        for i in features(tiles):  # left to right, as C sums them (3.12's sum() compensates)
            total += weights[i]
        return round(total, 3)

    def linear_form(self) -> tuple[tuple[float, ...], int, frozenset[int], int, int, Any]:
        """What the native search needs to value leaves itself (:class:`~.movegen.LeaveValues`):
        the weights, the copies told apart, the vowels, Q, U, and the balance weights' indices
        by vowels and consonants."""
        return (self.weights, COPIES, VOWELS, Q, U, _BALANCE)

    def to_json(self) -> str:
        return json.dumps({"method": self.method, "weights": list(self.weights)}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> LeaveModel:
        """The model in ``text`` (see the module docstring); ``ValueError`` saying what is wrong,
        in one line."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError("not JSON that can be read (nested too deeply)") from None
        except ValueError as exc:
            raise ValueError(f"not JSON ({str(exc)[:200]})") from None
        if not isinstance(data, dict) or not isinstance(data.get("weights"), list):
            raise ValueError('expected {"method": "...", "weights": [numbers]}')
        unknown = sorted(set(data) - {"method", "weights"})
        if unknown:
            raise ValueError(f"unknown field {unknown[0][:30]!r} (known: method, weights)")
        method = data.get("method", "")
        if not isinstance(method, str) or len(method) > 200 or not method.isprintable():
            raise ValueError('"method" must be a string of at most 200 printable characters')
        raw = data["weights"]
        if len(raw) != FEATURES:
            raise ValueError(f"a leave model has {FEATURES} weights, not {len(raw):,}")
        for index, weight in enumerate(raw):
            if not isinstance(weight, (int, float)) or isinstance(weight, bool):
                raise ValueError(f"weight {index}: not a number")
            if not -MAX_VALUE <= weight <= MAX_VALUE:  # nan too; a huge int is not converted
                raise ValueError(
                    f"weight {index}: not a number within {MAX_VALUE:,.0f} points either way"
                )
        weights = tuple(float(w) for w in raw)
        total = sum(abs(w) for w in weights)
        if total > MAX_VALUE:
            raise ValueError(
                f"the weights' magnitudes sum to {total:g} points; at most {MAX_VALUE:,.0f} "
                "(no leave is worth more)"
            )
        return cls(weights, method)

    def leaves(self, rules: RuleSet) -> list[bytes]:
        """Every leave of 1 to ``rack_size - 1`` tiles the rule set's counts allow, sorted."""
        limit = rules.rack_size - 1
        counts = rules.counts
        out: list[bytes] = []
        singles = [bytes((tile,)) for tile in range(27)]

        def extend(prefix: bytes, start: int, held: int) -> None:
            # prefix is sorted and holds ``held`` copies of its last tile, ``start``
            for tile in range(start, 27):
                if (held if tile == start else 0) < counts[tile]:
                    longer = prefix + singles[tile]
                    out.append(longer)
                    if len(longer) < limit:
                        extend(longer, tile, held + 1 if tile == start else 1)

        if limit > 0:
            extend(b"", 0, 0)
        return out


@input_format("leave-model", WHAT, MAX_FILE, suffixes=(".json",))
def parse_model(data: bytes, name: str) -> LeaveModel:
    """A model from its file's bytes (UTF-8 JSON: see the module docstring); :class:`InputError`
    ``"leave model NAME: problem"``."""
    try:
        return LeaveModel.from_json(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InputError(f"{WHAT} {name}: not UTF-8 text (byte {exc.start:,})") from None
    except ValueError as exc:
        raise InputError(f"{WHAT} {name}: {exc}") from None


def read_model(path: str) -> LeaveModel:
    """The model in the file at ``path``: a regular file (a FIFO is refused without waiting)
    of at most :data:`MAX_FILE` bytes, read by :func:`parse_model`."""
    try:
        data = read_input(path, WHAT, MAX_FILE)
    except BadInputError as exc:
        raise InputError(str(exc)) from None
    return parse_model(data, path)


def default() -> LeaveModel:
    """The model shipped with lexibench (:data:`DEFAULT_PATH`)."""
    return read_model(str(DEFAULT_PATH))


Sample = tuple[tuple[int, ...], float]
"""A leave's feature indices and its outcome: what the player's next turn brought."""


def samples(
    generator: MoveGenerator, rules: RuleSet, model: LeaveModel, games: int, seed: int
) -> list[Sample]:
    """The samples of ``games`` seeded self-play games by ``model`` (see the module docstring),
    each outcome valuing the next leave by ``model``."""
    player = EquityPlayer(generator, model)
    out: list[Sample] = []
    for j in range(games):
        play(rules, player, random.Random(f"leaves:{seed}:{j}"), watch=_Watch(out, model))
    return out


class _Watch:
    """Turns one game's turns into samples: each placement's leave, with the bag not empty,
    waits for its player's next turn, whose score plus the value of the leave it keeps (while
    the bag holds tiles) is the outcome."""

    def __init__(self, out: list[Sample], model: LeaveModel) -> None:
        self.out = out
        self.model = model
        self.pending: dict[int, tuple[int, ...]] = {}

    def __call__(self, player: int, leave: bytes | None, score: int, bag: int) -> None:
        kept = leave is not None and bag > 0
        if player in self.pending:
            later = self.model.value(leave) if kept and leave is not None else 0.0
            self.out.append((self.pending.pop(player), score + later))
        if kept and leave is not None:
            self.pending[player] = tuple(features(leave))


#: The weights' count of copies per tile, and where each tile's run of them starts.
_STEPS: Final = range(27 * COPIES)


def _as_steps(active: tuple[int, ...]) -> list[int]:
    """A sample's features with each tile's count as steps: holding ``n`` copies turns on the
    steps of copies 1 to ``n`` (see the module docstring)."""
    out: list[int] = []
    for i in active:
        if i in _STEPS:
            tile, copies = divmod(i, COPIES)
            out.extend(range(tile * COPIES, tile * COPIES + copies + 1))
        else:
            out.append(i)
    return out


def fit(data: list[Sample], ridge: float = RIDGE) -> tuple[float, ...]:
    """Ridge least squares of the outcomes, less their mean, on the features, a tile's copies
    fitted as steps and returned as sums (one weight per count held).

    >>> one, two = 19 * COPIES, 19 * COPIES + 1  # an S, two S
    >>> weights = fit([((one,), 10.0), ((two,), 14.0), ((), 0.0)], ridge=0.001)
    >>> round(weights[one] - weights[two] + 4, 1)  # the second S adds 4 to the first's worth
    0.0
    """
    mean = sum(score for _, score in data) / len(data) if data else 0.0
    a = [[0.0] * FEATURES for _ in range(FEATURES)]
    b = [0.0] * FEATURES
    for features_on, score in data:
        y = score - mean
        active = _as_steps(features_on)
        for i in active:
            b[i] += y
            row = a[i]
            for j in active:
                row[j] += 1.0
    for i in range(FEATURES):
        a[i][i] += ridge
    steps = _solve(a, b)
    weights = list(steps)
    for tile in range(27):
        total = 0.0
        for copy in range(COPIES):
            total += steps[tile * COPIES + copy]
            weights[tile * COPIES + copy] = total
    return tuple(round(w, 3) for w in weights)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (``a`` symmetric positive definite): Gaussian elimination with
    partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        head = m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / head[col]
            if factor:
                row = m[r]
                for k in range(col, n + 1):
                    row[k] -= factor * head[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def train(
    generator: MoveGenerator,
    rules: RuleSet,
    games: int,
    seed: int,
    generations: int = GENERATIONS,
) -> LeaveModel:
    """The model after ``generations`` of ``games`` seeded games each (see the module
    docstring)."""
    model = LeaveModel((0.0,) * FEATURES)
    for generation in range(generations):
        data = samples(generator, rules, model, games, seed * 1000 + generation)
        model = LeaveModel(fit(data))
    method = (
        f"self-play: {generations} generations of {games:,} games (seed {seed}), "
        f"{generator.variant} lexicon, ridge {RIDGE}, copies as steps, next turn's leave "
        "valued"
    )
    return LeaveModel(model.weights, method)


def leaves_command(call: Call) -> Report:
    """``lexibench leaves``: train the model (``--train``) or write it as a table (``--write``)."""
    from lexibench.solver.games.crossword.leave_tables import LeaveTable, write_csv
    from lexibench.solver.games.crossword.rules import load_rules
    from lexibench.structures.atomic import write_bytes_atomic, write_text_atomic

    options = call.options
    rules = load_rules(options["rules"])
    if options.get("write"):
        target = Path(options["write"])
        kind = SUFFIXES.get(target.suffix.lower())
        if kind is None or kind == KLV:
            raise InputError(
                f"--write {target}: name it .klv2 (a KLV2 table) or .csv (leave,value lines): "
                "a leave table is read by its name"
            )
        model = _model(options.get("model"))
        table = LeaveTable.of({leave: model.value(leave) for leave in model.leaves(rules)})
        if kind == CSV:
            write_text_atomic(target, write_csv(table))
        else:
            write_bytes_atomic(target, table.to_bytes())
        line = f"wrote {len(table):,} leaves to {target}"
        return Report(lambda: {"leaves": len(table), "file": str(target)}, lambda: line)
    if not options.get("train"):
        raise InputError("leaves: give --train N or --write FILE")
    plan = call.plan()
    spell = word_map_choice(options.get("word_map", "auto"), plan.tier, many_turns=True)
    opened = call.open(plan)
    generator = MoveGenerator(opened.lexicon, plan.tier, plan.variant, spell)
    model = train(generator, rules, options["train"], options["seed"], options["generations"])
    call.session.phase("search")
    text = model.to_json()
    if options.get("out"):
        write_text_atomic(Path(options["out"]), text + "\n")
        text = f"wrote the model to {options['out']} ({model.method})"
    return Report(lambda: json.loads(model.to_json()), lambda: text)


def _model(path: str | None) -> LeaveModel:
    """The model in the JSON file ``path`` (:func:`read_model`), or lexibench's own."""
    return default() if path is None else read_model(path)
