"""A crossword game's rule set, read from a data file: the board and its premium squares, the
tiles (how many of each, and what each scores), the rack size and the bingo bonus.

A rule set is one JSON file (``rulesets/english.json`` is English-language Scrabble; another
game, Words With Friends or a 21x21 board, is one more file)::

    {
      "name": "english",
      "title": "English-language Scrabble: 15x15 board, 100 tiles",
      "rack_size": 7,            tiles on a rack
      "bingo_bonus": 50,         added when a move plays a whole rack
      "start": "*",              the symbol of the start square (exactly one on the board)
      "squares": {".": {"letter": 1, "word": 1, "name": "plain"}, ...},
      "board": ["T..d...T...d..T", ...],   one string per row, one symbol per square
      "tiles": {"A": {"count": 9, "value": 1}, ..., "?": {"count": 2, "value": 0}}
    }

Each square symbol names a letter multiplier and a word multiplier; ``?`` is the blank. Tiles are
the letters A-Z (words are made of a-z, see :data:`~lexibench.solver.games.tiles.WORD_RULES`); a
letter the set does not list has no tiles, and a blank can stand for any letter it lists. The
tiles' part, what a bag holds and what each tile scores, is a
:class:`~lexibench.solver.games.tiles.TileSet`, shared with any game played with lettered tiles.
Boards are from 2x2 to 21x21. A file is read only if it is a regular file of at most
:data:`MAX_FILE` bytes (a FIFO is refused without waiting); a malformed one, JSON nested too
deeply included, is an :class:`InputError` in one line naming it.

The shipped rule sets are ``rulesets/NAME.json``; ``rulesets/NAME-leaves.json`` beside one is
that rule set's leave model (:mod:`.leave_model`), not a rule set.

Tiles as numbers, everywhere in this package (:mod:`lexibench.solver.games.tiles`): 0 is an empty
square (and the blank on a rack), 1-26 the letters A-Z (as in the KWG layout), and ``0x80 | t`` a
blank on the board standing for ``t``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.tiles import LETTERS, TileSet
from lexibench.solver.tiers import LEXICON, Need, compiled_module, word_tiers
from lexibench.structures import has_word_graph
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import input_format, read_input

#: The rule set of the commands and the workloads unless another is named.
DEFAULT_RULES: Final = "english"
#: The leave model's training generations unless told (``leaves --generations``; see
#: :mod:`.leave_model`).
GENERATIONS: Final = 5
#: Move generation's tiers: string, step where the lexicon steps, native where it hands out a
#: KWG array (:class:`~lexibench.structures.WordGraphLexicon`) and the native generator is
#: compiled.
TIERS: Final = word_tiers(
    LEXICON
    & Need(has_word_graph, "the native move generator walks a KWG array: use --lexicon kwg")
    & compiled_module("lexibench.solver.games.crossword.movegen")
)
RULESETS: Final = Path(__file__).with_name("rulesets")
BLANK: Final = 0x80
"""Or-ed into a letter's tile: a blank on the board standing for that letter."""
MAX_SIDE: Final = 21
MAX_RACK: Final = 15
"""The largest rack a rule set may have (a leave table's longest leave, too)."""
#: The largest rule set file read (English's is 2 KB).
MAX_FILE: Final = 1 << 20
#: The end of a shipped file's name that makes it a leave model, not a rule set.
LEAVES_SUFFIX: Final = "-leaves"


@dataclass(frozen=True)
class RuleSet(TileSet):
    """A rule set, checked (see the module docstring): its tiles (a
    :class:`~lexibench.solver.games.tiles.TileSet`: ``counts``, ``values`` and ``letters``), its
    board and its rack. Squares are numbered row by row from 0."""

    name: str
    title: str
    rows: int
    cols: int
    rack_size: int
    bingo_bonus: int
    start: int
    """The start square's number (``row * cols + col``)."""
    letter_multiplier: tuple[int, ...]
    """Per square."""
    word_multiplier: tuple[int, ...]
    """Per square."""
    layout: tuple[str, ...]
    """The board as the file draws it, for a reader."""

    @property
    def squares(self) -> int:
        """Squares on the board."""
        return self.rows * self.cols

    def value(self, tile: int) -> int:
        """What ``tile`` scores on the board: its letter's value, 0 for a blank (``0x80 | t``)."""
        return 0 if tile & BLANK else self.values[tile]


def _fail(where: str, message: str) -> InputError:
    return InputError(f"rule set {where}: {message}")


def _shown(value: object, limit: int = 30) -> str:
    """A value of the file, for a message: a short repr of a string or a number, else its kind
    (a list or an object is never written out: it may be large, or nested deeply)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return "a number too large"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _whole(where: str, data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(
            where, f'"{key}" must be a whole number from {low} to {high}, not {_shown(value)}'
        )
    return value


@input_format("rules", "rule set", MAX_FILE, suffixes=(".json",))
def parse_rules_file(data: bytes, name: str) -> RuleSet:
    """A rule set from its file's bytes (UTF-8 JSON); errors name the file ``name``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(name, f"not UTF-8 text (byte {exc.start:,})") from None
    return parse_rules(text, name)


def parse_rules(text: str, where: str) -> RuleSet:
    """A rule set from its JSON text (``where`` names it in errors, which are one line)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise _fail(where, "not JSON that can be read (nested too deeply)") from None
    except ValueError as exc:
        raise _fail(where, f"not JSON ({str(exc)[:200]})") from None
    if not isinstance(data, dict):
        raise _fail(where, "not a JSON object")
    known = {"name", "title", "rack_size", "bingo_bonus", "start", "squares", "board", "tiles"}
    for key in data:
        if key not in known:
            raise _fail(where, f"unknown field {_shown(key)} (known: {', '.join(sorted(known))})")
    name = data.get("name")
    if not isinstance(name, str) or not name or len(name) > 64 or not name.isprintable():
        raise _fail(where, '"name" must be a string of 1 to 64 printable characters')
    title = data.get("title", name)
    if not isinstance(title, str) or len(title) > 200 or not title.isprintable():
        raise _fail(where, '"title" must be a string of at most 200 printable characters')
    rack_size = _whole(where, data, "rack_size", 1, MAX_RACK)
    bingo = _whole(where, data, "bingo_bonus", 0, 1000)
    squares = data.get("squares")
    if not isinstance(squares, dict) or not squares:
        raise _fail(where, '"squares" must map each board symbol to its multipliers')
    multipliers: dict[str, tuple[int, int]] = {}
    for symbol, spec in squares.items():
        if len(symbol) != 1 or not isinstance(spec, dict):
            raise _fail(where, f'"squares" {_shown(symbol)}: one character mapped to an object')
        letter = _whole(f"{where}, square {symbol!r}", spec, "letter", 1, 10)
        word = _whole(f"{where}, square {symbol!r}", spec, "word", 1, 10)
        multipliers[symbol] = (letter, word)
    start_symbol = data.get("start")
    if not isinstance(start_symbol, str) or start_symbol not in multipliers:
        raise _fail(where, '"start" must be one of the symbols of "squares"')
    board = data.get("board")
    if not isinstance(board, list) or not all(isinstance(row, str) for row in board):
        raise _fail(where, '"board" must be a list of strings, one per row')
    rows = len(board)
    if not 2 <= rows <= MAX_SIDE:
        raise _fail(where, f'"board" has {rows} rows (from 2 to {MAX_SIDE})')
    cols = len(board[0])
    letter_multiplier: list[int] = []
    word_multiplier: list[int] = []
    starts: list[int] = []
    for r, row in enumerate(board):
        if len(row) != cols or not 2 <= cols <= MAX_SIDE:
            raise _fail(
                where,
                f'"board" row {r + 1} is {len(row)} squares wide (every row: the same width, '
                f"from 2 to {MAX_SIDE})",
            )
        for c, symbol in enumerate(row):
            if symbol not in multipliers:
                raise _fail(
                    where, f'"board" row {r + 1} holds {symbol!r}, not a symbol of "squares"'
                )
            if symbol == start_symbol:
                starts.append(r * cols + c)
            letter, word = multipliers[symbol]
            letter_multiplier.append(letter)
            word_multiplier.append(word)
    if len(starts) != 1:
        raise _fail(where, f'"board" must hold the start symbol {start_symbol!r} exactly once')
    tiles = data.get("tiles")
    if not isinstance(tiles, dict):
        raise _fail(
            where, '"tiles" must map each tile (A-Z, ? for the blank) to its count and value'
        )
    counts = [0] * (LETTERS + 1)
    values = [0] * (LETTERS + 1)
    for tile, spec in tiles.items():
        if not (tile == "?" or (len(tile) == 1 and "A" <= tile <= "Z")) or not isinstance(
            spec, dict
        ):
            raise _fail(where, f'"tiles" {_shown(tile)}: a letter A-Z or ?, mapped to an object')
        index = 0 if tile == "?" else ord(tile) - 64
        counts[index] = _whole(f"{where}, tile {tile}", spec, "count", 0, 100)
        values[index] = _whole(f"{where}, tile {tile}", spec, "value", 0, 100)
    if not any(counts[1:]):
        raise _fail(where, '"tiles" holds no letter')
    return RuleSet(
        name=name,
        title=title,
        rows=rows,
        cols=cols,
        rack_size=rack_size,
        bingo_bonus=bingo,
        start=starts[0],
        letter_multiplier=tuple(letter_multiplier),
        word_multiplier=tuple(word_multiplier),
        counts=tuple(counts),
        values=tuple(values),
        layout=tuple(board),
    )


def ruleset_names() -> list[str]:
    """The rule sets shipped with lexibench (``rulesets/*.json``, their leave models,
    ``*-leaves.json``, left out), by name."""
    return sorted(
        path.stem for path in RULESETS.glob("*.json") if not path.stem.endswith(LEAVES_SUFFIX)
    )


@cache
def load_rules(name: str = DEFAULT_RULES) -> RuleSet:
    """The rule set ``name`` (one shipped with lexibench) or at the path ``name`` (a ``.json``
    file); errors are one-line :class:`InputError`.

    >>> rules = load_rules()
    >>> rules.rows, rules.cols, rules.rack_size, rules.bingo_bonus, sum(rules.counts)
    (15, 15, 7, 50, 100)
    >>> rules.values[ord("Q") - 64], rules.word_multiplier[0], rules.start
    (10, 3, 112)
    """
    shipped = name in ruleset_names()
    path = RULESETS / f"{name}.json" if shipped else Path(name)
    if not shipped and path.suffix != ".json" and not path.exists():
        raise InputError(
            f"rule set {name!r}: neither a rule set of lexibench ({', '.join(ruleset_names())}) "
            "nor a .json file"
        )
    try:
        data = read_input(path, "rule set", MAX_FILE)
    except BadInputError as exc:
        raise InputError(str(exc)) from None
    return parse_rules_file(data, name)
