"""Good files of every format lexibench reads, small, for the fuzzing of every reader
(:mod:`tests.hostile.fuzz`), and the checks an accepted file is put through.

Every format in the registry (:data:`lexibench.structures.files.FORMATS`) must have samples here:
``tests/hostile/test_fuzz.py`` fails for a reader that has none, so that a new reader cannot be
left out of the fuzzing. :func:`all_formats` imports every module of the package first, so the
registry holds every reader, wherever it is defined.
"""

from __future__ import annotations

import contextlib
import gzip
import importlib
import pkgutil
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from lexibench.structures.files import FORMATS, InputFormat

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["cat", "cats", "care", "car", "act", "dog", "dogs", "god", "aid", "idea", "sea", "seat"]
_SKIPPED = ("lexibench.benchmarks.suites",)  # pytest-benchmark's modules: no reader among them


def all_formats() -> dict[str, InputFormat]:
    """Every registered format, each module of the package imported first."""
    for top in ("lexibench.structures", "lexibench.solver", "lexibench.benchmarks"):
        package = importlib.import_module(top)
        for info in pkgutil.walk_packages(package.__path__, f"{top}."):
            if not info.name.startswith(_SKIPPED):
                importlib.import_module(info.name)
    return dict(sorted(FORMATS.items()))


def _saved() -> list[bytes]:
    from lexibench import structures
    from lexibench.structures.gaddag import gaddag_strings
    from lexibench.structures.saved import Seal, dump_lexicon

    meta = {"wordlist": {"name": "tiny"}}
    out = [
        dump_lexicon(name, structures.build_lexicon(name, WORDS), WORDS, meta)
        for name in ("array-trie", "kwg", "dict-trie", "sorted-list")
    ]
    strings = list(gaddag_strings(WORDS))
    out.append(dump_lexicon("kwg", structures.build_lexicon("kwg", strings), strings, meta))
    sealed = Seal.new()  # another user's seal: refused here, as any library format from elsewhere
    out.append(dump_lexicon("marisa", structures.build_lexicon("marisa", WORDS), WORDS, {}, sealed))
    return out


def _kwg() -> list[bytes]:
    from lexibench.structures.backends.kwg.lexicon import KwgLexicon

    return [KwgLexicon(WORDS).kwg_bytes()]


def _leaves() -> dict[bytes, float]:
    from lexibench.solver.games.tiles import text_tiles

    return {text_tiles(t): v for t, v in [("A", 1.5), ("?", 25.0), ("EQ", -3.25), ("SS", 8.0)]}


def _klv2() -> list[bytes]:
    from lexibench.solver.games.crossword.leave_tables import LeaveTable

    return [LeaveTable.of(_leaves()).to_bytes()]


def _klv() -> list[bytes]:
    import struct

    from lexibench.solver.games.crossword.leave_tables import LeaveTable

    table = LeaveTable.of(_leaves())
    values = [round(v * 256) for v in table.values]
    nodes = struct.pack(f"<I{len(table.nodes)}I", len(table.nodes), *table.nodes)
    return [nodes + struct.pack(f"<I{len(values)}h", len(values), *values)]


def _package(relative: str) -> bytes:
    return (ROOT / relative).read_bytes()


GCG = b"""#character-encoding UTF-8
#player1 ann Ann Example
#player2 bob Bob Example
#lexicon NWL23
>ann: AEINRST 8D NASTIER +66 66
>bob: DGOOOPR E5 DOG +10 10
>ann: ?ABCDEF -ABC +0 66
>bob: OOPR? (challenge) +0 10
>ann: ?ABCDEF 5E BA +5 71
"""


def _checkpoint() -> list[bytes]:
    lines = _package("benchmarks/data/proofs/3x4-web2-mixed-1304.checkpoint").splitlines(True)
    return [b"".join(lines[:6])]


def _results() -> list[bytes]:
    raw = _package("tests/fixtures/results/raw/bulk.json")
    return [raw]


def _manifest() -> list[bytes]:
    history = sorted((ROOT / "results" / "history").glob("*/run.json"))
    return [history[-1].read_bytes()]


SAMPLES: dict[str, Callable[[], list[bytes]]] = {
    "boards": lambda: [b"\xef\xbb\xbfeast\npers/late/sind\n", b"l qu r e / s l u s / a t i c\r\n"],
    "cgp": lambda: [
        b"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 DIEDSAT 0/0 0",
        b"15/15/15/15/15/15/15/3NASTIER5/15/15/15/15/15/15/15 AEDGOO? 66/0 0 lex NWL23;",
    ],
    "gcg": lambda: [GCG],
    "history-manifest": _manifest,
    "klv": _klv,
    "klv2": _klv2,
    "kwg": _kwg,
    "leave-csv": lambda: [b"leave,value\nA,1.5\n?,25\nEQ,-3.25\r\nSS,8\n"],
    "leave-model": lambda: [_package("solver/games/crossword/rulesets/english-leaves.json")],
    "prove-checkpoint": _checkpoint,
    "readme": lambda: [_package("README.md")],
    "results": _results,
    "results-gz": lambda: [gzip.compress(raw, mtime=0) for raw in _results()],
    "rules": lambda: [_package("solver/games/crossword/rulesets/english.json")],
    "saved-lexicon": _saved,
    "sim-positions": lambda: [
        b"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 DIEDSAT/ 0/0 0\n\n"
        b"15/15/15/15/15/15/15/3NASTIER5/15/15/15/15/15/15/15 AEDGOO? 66/0 0\r\n",
    ],
    "wordlist": lambda: [
        b"cat\r\ncats\nQueen\n\xef\xbb\xbfdog\n",
        "caf\u00e9\nna\u00efve\n".encode(),
    ],
}


@cache
def samples(name: str) -> tuple[bytes, ...]:
    """The good files of format ``name``."""
    return tuple(SAMPLES[name]())


# What an accepted file is put through: the queries and searches that trust what it holds.


def _exercise_lexicon(structure: Any) -> None:
    """Every game's search that the structure serves, at its fastest tier, on small puzzles."""
    from lexibench import structures
    from lexibench.solver.errors import InputError
    from lexibench.solver.games.anagram.puzzle import parse_rack
    from lexibench.solver.games.answer import solve
    from lexibench.solver.games.boggle.board import parse_board
    from lexibench.solver.games.boggle.solve import solve as boggle
    from lexibench.solver.games.letterboxed.puzzle import parse_box
    from lexibench.solver.games.letterboxed.solve import solve as letterboxed
    from lexibench.solver.games.pattern.puzzle import parse_pattern
    from lexibench.solver.games.registry import game
    from lexibench.solver.games.spellingbee.puzzle import parse_hive

    def attempt(run: Callable[[], object]) -> None:
        with contextlib.suppress(InputError, structures.LexiconError):
            run()  # or a game this structure does not serve, said in one line

    for probe in ("", "c", "ca", "cat", "cats", "zzz", "a" * 300):
        if structures.is_lexicon(structure):
            structure.is_word(probe)
            structure.has_prefix(probe)
    if structures.is_lexicon(structure):
        attempt(lambda: boggle(parse_board("cats/doge/aide/sear"), structure))
        attempt(lambda: letterboxed(parse_box("cat sdo gei rxz"), structure))
    attempt(lambda: solve(game("pattern"), parse_pattern("*", 1), structure))
    attempt(lambda: solve(game("pattern"), parse_pattern("c?t*"), structure))
    attempt(lambda: solve(game("anagram"), parse_rack("tacsdo??"), structure))
    attempt(lambda: solve(game("spellingbee"), parse_hive("a tcsdoe"), structure))
    _exercise_moves(structure)


def _exercise_moves(structure: Any) -> None:
    """Every move of an empty board and of a board with a word, for a structure that a move
    generator takes (both algorithms where it can)."""
    from lexibench import structures
    from lexibench.solver.errors import InputError
    from lexibench.solver.games.crossword.position import parse_cgp
    from lexibench.solver.games.crossword.solve import move_generator

    if not structures.is_lexicon(structure):
        return
    for cgp in (
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ACDESTO 0/0 0",
        "15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15 AEGOSD? 0/0 0",
    ):
        position = parse_cgp(cgp)
        for variant in ("words", "gaddag"):  # a variant it does not hold: said in one line
            with contextlib.suppress(InputError, structures.LexiconError, ValueError):
                move_generator(structure, "auto", variant)(position)


def _exercise_leaves(table: Any) -> None:
    for tiles in (b"\x01", b"\x00", b"\x05\x11", b"\x13\x13", b"\x01\x02\x03\x04\x05\x06\x07"):
        table.value(tiles)
    table.leaves()


def _exercise_boards(boards: Any) -> None:
    from lexibench import structures
    from lexibench.solver.games.boggle.solve import solve as boggle

    lexicon = structures.build_lexicon("array-trie", WORDS)
    for board in boards[:20]:
        boggle(board, lexicon)


def exercise(name: str, value: Any) -> None:
    """Put what format ``name``'s reader accepted through what trusts it."""
    if name == "saved-lexicon":
        _exercise_lexicon(value.structure)
    elif name == "kwg":
        _exercise_lexicon(value[0])
    elif name in ("klv", "klv2", "leave-csv"):
        _exercise_leaves(value)
    elif name == "boards":
        _exercise_boards(value)
    elif name == "wordlist":
        from lexibench.solver.wordlist import normalize_lines

        try:
            words = normalize_lines("fuzzed", value)
        except Exception as exc:
            from lexibench.structures.errors import LexiconError

            if not isinstance(exc, LexiconError):
                raise
            return
        from lexibench import structures

        _exercise_lexicon(structures.build_lexicon("array-trie", words.words))
