"""Crossword games (English-language Scrabble by default) as the harness sees it: the declaration
of :class:`~lexibench.solver.games.Game`.

The package is named for the family, not for one trademark: the community's own name for it is
the crossword game (CGP is a "crossword game position", Macondo's default variant is
``CrosswordGame``), and a rule set is a data file, so English Scrabble (``rulesets/english.json``),
Words With Friends or a 21x21 board are the same game with another file.

The pieces live beside this module: the rule set (``rules.py``), positions and CGP
(``position.py``), moves, their order and their renderers (``moves.py``), the generators through
the protocol (``search.py``, compiled with mypyc) and in C over a KWG (``movegen.pyx``, Cython),
the tiers and the generator bound to a lexicon (``solve.py``), the brute-force reference
(``reference.py``), self-play's players (``players.py``), self-play and its command
(``selfplay.py``) and the seeded workloads (``workload.py``); the commands are declared below.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, Final, cast

from lexibench.solver import values
from lexibench.solver.errors import InputError
from lexibench.solver.games.base import GameBase
from lexibench.solver.games.command import (
    Command,
    LexiconOptions,
    Option,
    Options,
    TierOption,
    VariantOption,
    WhereOptions,
)
from lexibench.solver.games.crossword.rules import DEFAULT_RULES, GENERATIONS, TIERS
from lexibench.solver.games.protocol import NO_CONTEXT, Context, Game, Solver, Workload
from lexibench.solver.games.tiles import WORD_RULES
from lexibench.solver.tiers import Tier
from lexibench.solver.word_rules import WordRules
from lexibench.structures import Lexicon, Structure

Position = Any  # lexibench.solver.games.crossword.position.Position, imported on use
Moves = Any  # lexibench.solver.games.crossword.moves.Moves


def _rules_help() -> str:
    from lexibench.solver.games.crossword.rules import ruleset_names

    return (
        f"the rule set: one of lexibench's ({', '.join(ruleset_names())}) or a JSON file "
        "(see solver/README.md; default: %(default)s)"
    )


def named_leaves(text: str) -> Any:
    """The leave values ``text`` names, with the name a summary gives them
    (:class:`~.players.NamedLeaves`): ``english``, lexibench's own model, or a leave table's
    file (read as the options are checked)."""
    from lexibench.solver.games.crossword.players import NamedLeaves, leaves_name

    if text == DEFAULT_LEAVES:
        from lexibench.solver.games.crossword.leave_model import default

        return NamedLeaves(DEFAULT_LEAVES, default())
    from lexibench.solver.games.crossword.leave_tables import load

    return NamedLeaves(leaves_name(text, DEFAULT_LEAVES), load(text))


#: The name of lexibench's own leave model (:mod:`.leave_model`).
DEFAULT_LEAVES: Final = "english"
#: ``--against``'s name for the greedy player.
GREEDY: Final = "greedy"


def _rival(text: str) -> Any:
    """``--against``: :data:`GREEDY`, or an equity player's leave values (as ``--leaves``)."""
    return GREEDY if text == GREEDY else named_leaves(text)


LEAVES: Final = Option(
    ("--leaves",),
    "choose by equity: score + the leave's value, from lexibench's own model (english) or a "
    "KLV2 file (or a CSV of leave,value lines); exchanges and the pass among the moves",
    parse=named_leaves,
    metavar="english|FILE",
    file="input",
)

#: The options both commands share: the rule set, the lexicon, the tier and the algorithm.
SHARED = (
    Option(("--rules",), _rules_help, default=DEFAULT_RULES, metavar="NAME|FILE", file="input"),
    LexiconOptions(),
    TierOption(),
    VariantOption(
        "--algorithm",
        {"dawg": "words", "gaddag": "gaddag"},
        "gaddag",
        "Appel and Jacobson's over a lexicon of the words (dawg), or Gordon's over a lexicon of "
        "their GADDAG strings (gaddag; the default)",
    ),
    Option(
        ("--word-map",),
        "at the native tier, spell the moves from the lexicon's word map (each multiset of "
        "letters to its words) instead of walking its graph: the same moves, far faster with "
        "blanks, once the map is built (a walk of the graph and a sort of its words); auto: many "
        "turns (selfplay, leaves --train) spell, one position walks (default: %(default)s)",
        choices=("auto", "yes", "no"),
        default="auto",
    ),
)

#: Where a command's position comes from: a CGP line, or a turn of a game record.
POSITION: Final = (
    Option(
        ("position",),
        'the position as one CGP line, quoted: "<rows> <rack> [<score>/<score> '
        '<zero-score turns>] [options]"; - reads it from standard input (or --gcg)',
        stdin="the position",
        optional=True,
    ),
    Option(
        ("--gcg",),
        "the position before a turn of this game record (GCG), in place of a CGP line",
        metavar="FILE",
        file="input",
    ),
    Option(
        ("--turn",),
        "with --gcg: the turn (from 1) to stand before (default: the last)",
        parse=values.positive_int,
        metavar="N",
    ),
)
STRICT: Final = Option(
    ("--strict",),
    "refuse a position holding more of a tile than the rule set's bag (by default it is "
    "read with a warning); with --gcg, refuse a record whose scores or totals are not "
    "the rule set's (by default its own are kept)",
    flag=True,
)

MOVES = Command(
    "moves",
    "every legal move of a crossword-game position (CGP), best first",
    (
        *POSITION,
        *SHARED,
        Option(
            ("--top",),
            "print the N best moves (default: %(default)s)",
            parse=values.positive_int,
            default=10,
            metavar="N",
            exclusive="shown",
        ),
        Option(("--all",), "print every move", flag=True, exclusive="shown"),
        LEAVES,
        STRICT,
        Option(
            ("--json",),
            'print {"count": n, "moves": [{"coord", "word", "score", "leave", "tiles"}, ...]} '
            '(by equity: each with "kind" and "equity")',
            flag=True,
        ),
    ),
)


def _count(flag: str, what: str, most: int, default: int, metavar: str) -> Option:
    """An option of a count from 1 to ``most``."""
    return Option(
        (flag,),
        f"{what} (default: %(default)s)",
        parse=values.int_at_least(1, most),
        default=default,
        metavar=metavar,
    )


def _seed(what: str) -> Option:
    """The ``--seed S`` option of the commands that play games."""
    return Option(
        ("--seed",),
        f"{what} (default: %(default)s)",
        parse=values.whole_number,
        default=1,
        metavar="S",
    )


SELFPLAY = Command(
    "selfplay",
    "crossword games played to the end, greedy or by equity (--leaves): each player's results, "
    "and how fast",
    (
        _count("--games", "games to play", 1_000_000, 10, "N"),
        _seed(
            "game j's bag is shuffled by random.Random(f'selfplay:{S}:{j}') (with --against, "
            "{j // 2}: each pair of games, the seats swapped, draws from the same bag)"
        ),
        *SHARED,
        LEAVES,
        Option(
            ("--against",),
            "seat the equity player (--leaves) against another: the greedy one (greedy), or an "
            "equity player with other leave values (english or FILE, as --leaves); each first "
            "in every other game, each pair of games drawing from the same bag (without it, "
            "both players play alike, the same one always first)",
            parse=_rival,
            metavar="greedy|english|FILE",
            file="input",
        ),
        Option(
            ("--gcg",),
            "write each game played to DIR as a game record (GCG: game-0001.gcg, ...; "
            "lexibench moves --gcg replays one); DIR must be new or an empty folder",
            metavar="DIR",
            file="output-folder",
        ),
        Option(
            ("--json",),
            'print one JSON object: the counts and speeds, and "players", each player\'s '
            'results (its "name", "wins", "draws", "losses", "win_rate", "mean_score", '
            '"mean_spread", "exchanges", ...); with --gcg, "gcg": its "folder" and "files"',
            flag=True,
        ),
    ),
    run="lexibench.solver.games.crossword.selfplay_command:selfplay",
)


LEAVES_COMMAND = Command(
    "leaves",
    "lexibench's own leave model: train it by self-play, or write it as a KLV2 or CSV table",
    (
        Option(
            ("--train",),
            "play N seeded games a generation by equity and fit the model (printed as JSON, or "
            "written to --out)",
            parse=values.int_at_least(1, 1_000_000),
            metavar="N",
            exclusive="action",
        ),
        Option(
            ("--write",),
            "write the model's value of every leave the rule set allows to FILE: a KLV2 file "
            "as MAGPIE and wolges load (or a CSV of leave,value lines where FILE ends in .csv)",
            metavar="FILE",
            file="output",
            exclusive="action",
        ),
        Option(
            ("--model",),
            "the model to write (a JSON file --train wrote; default: lexibench's own)",
            metavar="FILE",
            file="input",
        ),
        Option(
            ("--out",),
            "where --train writes the model (default: standard output)",
            metavar="FILE",
            file="output",
        ),
        _count("--generations", "training generations", 10, GENERATIONS, "G"),
        _seed("the games' seed"),
        *SHARED,
    ),
    run="lexibench.solver.games.crossword.leave_model:leaves_command",
)


SIM = Command(
    "sim",
    "simulate a crossword-game position: its best candidates by static equity, each played "
    "out a few plies on random draws, ranked by the mean spread",
    (
        *POSITION,
        Option(
            ("--positions",),
            "simulate every position of FILE (a CGP line each; blank lines skipped), in place "
            "of one: a JSON line each, in the file's order, the object --json prints with its "
            '"line" number first; the file is checked whole before any simulation; Ctrl-C keeps '
            "the lines written (exit status 130)",
            metavar="FILE",
            file="input",
        ),
        *SHARED,
        Option(
            ("--leaves",),
            "the leave values of the static equity, the candidates' and the plies' (default: "
            f"{DEFAULT_LEAVES}, lexibench's own model; or a KLV2 file, or a CSV of leave,value "
            "lines)",
            metavar="english|FILE",
            file="input",
        ),
        _count("--candidates", "the best turns by static equity to simulate", 100, 10, "N"),
        _count("--plies", "turns played after each candidate, the other's reply first", 10, 2, "P"),
        _count("--iterations", "iterations of each candidate", 10_000_000, 1000, "K"),
        Option(
            ("--time-limit",),
            "stop after S seconds (with --positions: each position after S seconds of its "
            "own), reporting the iterations then done (that run alone is not reproducible)",
            parse=values.seconds,
            metavar="S",
        ),
        _seed("iteration i draws from random.Random(f'sim:{S}:{i}')"),
        Option(
            ("--known-rack",),
            "keep the position's other rack (its CGP's) instead of drawing one each iteration",
            flag=True,
        ),
        Option(
            ("--stop-confidence",),
            "drop a candidate once, at this confidence (0.5 to 0.999999), its mean is below the "
            "best one's: a normal test of their means every 16 iterations (default: off)",
            parse=values.fraction_between(0.5, 0.999999),
            metavar="P",
        ),
        STRICT,
        Option(
            ("--json",),
            'print {"candidates": [{"move", "score", "leave", "equity", "mean", "stderr", '
            '"iterations"}, ...], ...}, best mean first',
            flag=True,
        ),
        WhereOptions(
            "with --positions: simulate the positions in N processes (the same numbers as 1)",
            "the positions of --positions",
        ),
    ),
    run="lexibench.solver.games.crossword.sim_command:sim_command",
)


def _stage(stage: str) -> Any:
    def generate(seed: int, count: int, words: Sequence[str]) -> list[Position]:
        from lexibench.solver.games.crossword.workload import positions

        return positions(stage, seed, count, words)

    return generate


def position_of(options: Options) -> Position:
    """The position of ``lexibench moves`` or ``sim``, under its rule set: its CGP line, or the
    turn of a game record (``--gcg``, ``--turn``)."""
    from lexibench.solver.games.crossword.position import parse_cgp
    from lexibench.solver.games.crossword.rules import load_rules

    given = options.get("position")
    if options.get("gcg") is not None:
        if given is not None:
            raise InputError("give a CGP position or --gcg FILE, not both")
        from lexibench.solver.games.crossword.gcg import read_gcg

        return read_gcg(
            options["gcg"],
            load_rules(options["rules"]),
            options.get("turn"),
            strict=bool(options.get("strict")),
        )
    if options.get("turn") is not None:
        raise InputError("--turn needs --gcg FILE")
    if given is None:
        raise InputError("give the position (a CGP line, - for standard input) or --gcg FILE")
    return parse_cgp(
        options["position"], load_rules(options["rules"]), strict=bool(options.get("strict"))
    )


class Crossword(GameBase[Position, Moves]):
    """Every legal move of a crossword-game position, scored (see the module docstring)."""

    name = "crossword"
    title = "Crossword game (Scrabble)"
    unit = "position"
    word_rules: WordRules = WORD_RULES
    variants = ("words", "gaddag")
    commands = (MOVES, SELFPLAY, LEAVES_COMMAND, SIM)

    tiers = TIERS

    def parse(self, text: str) -> Position:
        """A CGP line: ``<rows> <rack> [<score>/<score> <zero-score turns>] [options]``."""
        from lexibench.solver.games.crossword.position import parse_cgp

        return parse_cgp(text)

    def puzzle(self, options: Options) -> Position:
        """The position of ``lexibench moves`` (:func:`position_of`)."""
        return position_of(options)

    def notes(self, position: Position) -> tuple[str, ...]:
        """Why no game reaches ``position``, when none does: tiles beyond the bag's counts (read
        without ``--strict``), or tiles not joined to the start (its moves are listed all the
        same: a user may analyse such a position on purpose)."""
        from lexibench.solver.games.crossword.position import excess, unreachable

        notes = []
        over = excess(position)
        if over is not None:
            notes.append(f"position: {over}; no bag holds it (its moves are listed all the same)")
        why = unreachable(position)
        if why is not None:
            notes.append(f"position: {why}; no game reaches it (its moves are listed all the same)")
        return tuple(notes)

    def workloads(self) -> tuple[Workload[Position], ...]:
        """Positions of seeded greedy games, at four stages, with 0, 1 and 2 blanks in turn."""
        what = "positions of seeded greedy self-play, {}, 0/1/2 blanks on the rack"
        return (
            Workload("mid", what.format("half the bag drawn"), 3, 1, _stage("mid")),
            Workload("early", what.format("the third turn"), 3, 1, _stage("early")),
            Workload("late", what.format("the bag empty"), 3, 1, _stage("late")),
            Workload("empty", what.format("an empty board"), 3, 1, _stage("empty")),
        )

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words (``"words"``: Appel and Jacobson's DAWG algorithm), or their GADDAG strings
        (``"gaddag"``: Gordon's algorithm; see :mod:`lexibench.structures.gaddag`)."""
        if variant == "gaddag":
            from lexibench.structures.gaddag import gaddag_strings

            return gaddag_strings(words)
        return words

    def bind(
        self, structure: Structure, tier: Tier, variant: str, options: Options
    ) -> Solver[Position, Moves]:
        """Every legal move, scored (:class:`~.solve.MoveGenerator`)."""
        from lexibench.solver.games.crossword.solve import MoveGenerator, word_map_choice

        spell = word_map_choice(options.get("word_map", "auto"), tier, many_turns=False)
        generator = MoveGenerator(cast(Lexicon, structure), tier, variant, spell)
        leaves = options.get("leaves")
        if leaves is None:
            return generator
        from lexibench.solver.games.crossword.equity import ranking

        return ranking(generator, leaves.values, _top(options))

    def reference(self, words: Sequence[str]) -> Solver[Position, Moves]:
        """Every word of the list tried at every span of every line (no lexicon)."""
        from lexibench.solver.games.crossword.moves import Moves
        from lexibench.solver.games.crossword.reference import Words, reference_moves

        indexed = Words(words)

        def solve(position: Position) -> Moves:
            return Moves(position, reference_moves(position, indexed))

        return solve

    def key(self, answer: Moves) -> Hashable:
        """Every move's coordinate, word and score, sorted (a move found twice counts twice)."""
        from lexibench.solver.games.crossword.moves import coord

        return tuple(
            sorted(
                (coord(row, col, down), word, score)
                for score, down, row, col, word, _ in answer.raw()
            )
        )

    def score(self, answer: Moves) -> int:
        """The number of legal moves: the answer's size, what a generator produces (a round's
        sum over its time is moves per second; the best move's points are in the answer)."""
        return len(answer)

    def to_json(
        self, puzzle: Position, answer: Moves, context: Context = NO_CONTEXT
    ) -> dict[str, Any]:
        """``{"count": n, "moves": [...]}``, the ``top`` best (ten by default; every one with
        ``all``), as ``lexibench moves --json``."""
        from lexibench.solver.games.crossword.moves import moves_json

        return moves_json(answer, _top(context.options))

    def to_text(self, puzzle: Position, answer: Moves, context: Context = NO_CONTEXT) -> str:
        """The board, the rack, the word list and the lexicon (where the context has them) and
        the ``top`` best moves."""
        from lexibench.solver.games.crossword.moves import moves_text
        from lexibench.solver.games.crossword.solve import ALGORITHMS

        heading = []
        if context.wordlist is not None and context.tier is not None:
            info = context.wordlist
            heading.append(
                f"word list {info.name} ({info.words:,} words), lexicon {context.structure} "
                f"({context.tier.value}, {ALGORITHMS[context.variant]})"
            )
        return moves_text(answer, _top(context.options), heading)


def _top(options: Options) -> int | None:
    """How many moves the options ask to show (None: every one)."""
    from lexibench.solver.games.crossword.moves import DEFAULT_TOP

    return None if options.get("all") else options.get("top", DEFAULT_TOP)


GAME: Game[Position, Moves] = Crossword()
