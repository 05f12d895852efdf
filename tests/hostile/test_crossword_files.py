"""Hostile files of the crossword game (issue 54): every file ``moves``, ``selfplay`` and ``leaves``
read (a leave table, a game record, a rule set, a leave model; a CGP position too), run as a user
runs them, ``python -m lexibench``. A bad one is refused in one line on standard error naming the
file and the problem, with status 2 and nothing on standard output, at once: never a traceback,
an internal error (status 1), a hang or an answer silently changed."""

from __future__ import annotations

import json
import math
import os
import random
import re
import struct
import time
from pathlib import Path

import pytest

from lexibench.solver.games.crossword.leave_tables import LeaveTable
from lexibench.solver.games.tiles import text_tiles
from lexibench.structures.backends.kwg.layout import ACCEPTS, IS_END
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import FORMATS
from tests.commands import TINY
from tests.hostile.cli import answered, lexibench, refused

EMPTY = "/".join(["15"] * 15)
POSITION = f"{EMPTY} AEQS?"
#: Leaves and values that the first version's int16 of 1/256 points holds exactly.
VALUES = {"?": 25.5, "S": 8.125, "Q": -7.5, "E": 3.25, "ES": 11.5}


def _small_rules() -> dict[str, object]:
    return {
        "name": "small",
        "rack_size": 3,
        "bingo_bonus": 0,
        "start": "*",
        "squares": {".": {"letter": 1, "word": 1}, "*": {"letter": 1, "word": 1}},
        "board": ["...", ".*.", "..."],
        "tiles": {"A": {"count": 9, "value": 1}, "T": {"count": 9, "value": 1},
                  "?": {"count": 2, "value": 0}},
    }  # fmt: skip


def _model(weights: object) -> str:
    return json.dumps({"method": "by hand", "weights": weights})


# Leave tables ------------------------------------------------------------------------------------


def _table() -> LeaveTable:
    return LeaveTable.of({text_tiles(k): v for k, v in VALUES.items()})


def _klv(table: LeaveTable) -> bytes:
    """The table as a first-version KLV file: int16 values of 1/256 points."""
    nodes = struct.pack(f"<I{len(table.nodes)}I", len(table.nodes), *table.nodes)
    values = [round(v * 256) for v in table.values]
    return nodes + struct.pack(f"<I{len(values)}h", len(values), *values)


def _by_equity(path: Path) -> list[tuple[str, str, str, float]]:
    out = answered(lexibench("moves", POSITION, "--leaves", str(path), "--all", "--json",
                             "--wordlist", TINY))  # fmt: skip
    moves = json.loads(out)["moves"]
    return [(m["kind"], m.get("coord", ""), m.get("word", m.get("exchange")), m["equity"])
            for m in moves]  # fmt: skip


def test_a_klv2_file_cut_to_a_klv_files_size_is_refused(tmp_path: Path) -> None:
    """Cut at half its values, a KLV2 file has a KLV file's size: read by its name, it is a
    truncated KLV2 file, never a KLV file whose values are the float32's halves."""
    table = _table()
    data = table.to_bytes()
    cut = tmp_path / "cut.klv2"
    cut.write_bytes(data[: len(data) - 2 * len(table)])
    for command in (["moves", POSITION], ["selfplay", "--games", "1"]):
        done = lexibench(*command, "--leaves", str(cut), "--wordlist", TINY)
        refused(done, f"leave table {cut}: at byte", "float32 values (KLV2)",
                "a KLV file's size")  # fmt: skip


def test_each_name_reads_its_own_format_and_only_it(tmp_path: Path) -> None:
    """``.klv2``: KLV2; ``.klv``: KLV; ``.csv``: leave,value lines: the same values, the same
    moves by equity. The bytes of one version under the other's name, or any other name, are
    refused in one line."""
    table = _table()
    klv2, klv, csv = tmp_path / "t.klv2", tmp_path / "t.klv", tmp_path / "t.csv"
    klv2.write_bytes(table.to_bytes())
    klv.write_bytes(_klv(table))
    csv.write_text("".join(f"{k},{v}\n" for k, v in VALUES.items()))
    listed = _by_equity(klv2)
    assert listed[0] == ("exchange", "", "AEQS", 25.5)
    assert _by_equity(klv) == _by_equity(csv) == listed
    swapped = tmp_path / "swapped.klv"
    swapped.write_bytes(table.to_bytes())
    refused(lexibench("moves", POSITION, "--leaves", str(swapped)), str(swapped),
            "int16 values (KLV)", "a KLV2 file's size")  # fmt: skip
    swapped = tmp_path / "swapped.klv2"
    swapped.write_bytes(_klv(table))
    refused(lexibench("moves", POSITION, "--leaves", str(swapped)), str(swapped),
            "float32 values (KLV2)")  # fmt: skip
    for name in ("leaves", "leaves.bin", "leaves.klv3"):
        other = tmp_path / name
        other.write_bytes(table.to_bytes())
        refused(lexibench("moves", POSITION, "--leaves", str(other)), str(other),
                ".klv2", ".klv", ".csv")  # fmt: skip


def _klv2_with(value: float) -> bytes:
    data = bytearray(LeaveTable.of({text_tiles("A"): 1.0}).to_bytes())
    struct.pack_into("<f", data, len(data) - 4, value)
    return bytes(data)


@pytest.mark.parametrize(
    ("name", "data", "problem"),
    [
        ("big.csv", b"A,1e306\n", "line 1: leave A: value 1e+306 is beyond 1,000 points"),
        ("float32.csv", b"A,3.4e38\n", "line 1: leave A: value 3.4e+38 is beyond 1,000 points"),
        ("low.csv", b"E,2\nA,-1000.5\n", "line 2: leave A: value -1000.5 is beyond 1,000"),
        ("inf.csv", b"A,inf\n", "line 1: value 'inf' is not a decimal number"),
        ("nan.csv", b"A,nan\n", "line 1: value 'nan' is not a decimal number"),
        ("nan.klv2", _klv2_with(math.nan), "leave 0: value nan is not a number"),
        ("inf.klv2", _klv2_with(math.inf), "leave 0: value inf is beyond 1,000 points"),
        ("big.klv2", _klv2_with(3.4e38), "leave 0: value 3.4e+38 is beyond 1,000 points"),
    ],
)
def test_a_value_no_leave_can_have_is_refused(
    tmp_path: Path, name: str, data: bytes, problem: str
) -> None:
    """Where they overflowed the equity's integers later (an internal error), or named no file."""
    path = tmp_path / name
    path.write_bytes(data)
    for command in (["moves", POSITION], ["selfplay", "--games", "1"]):
        done = lexibench(*command, "--leaves", str(path), "--wordlist", TINY)
        refused(done, f"leave table {path}: ", problem)


def test_values_at_the_bound_are_played_with(tmp_path: Path) -> None:
    path = tmp_path / "bound.csv"
    path.write_text("?,1000\nQ,-1000\nS,999.999\n")
    assert _by_equity(path)[0] == ("exchange", "", "AEQS", 1000.0)
    for tier in ("native", "step"):
        out = answered(lexibench("selfplay", "--games", "2", "--leaves", str(path), "--tier", tier,
                                 "--wordlist", TINY, "--json"))  # fmt: skip
        assert json.loads(out)["games"] == 2


def test_a_long_leave_is_refused_at_once(tmp_path: Path) -> None:
    """A 100 KB file holding one leave of 100,000 tiles took minutes (every prefix of it was
    added to the table); a leave holds at most 15 tiles."""
    path = tmp_path / "long.csv"
    path.write_text("A,1\n" + "E" * 100_000 + ",1\n")
    start = time.monotonic()
    refused(lexibench("moves", POSITION, "--leaves", str(path)), f"leave table {path}: line 2:",
            "a leave holds at most 15 tiles")  # fmt: skip
    assert time.monotonic() - start < 10
    path.write_text("A,1\n" + "E" * 16 + ",1\n")
    refused(lexibench("moves", POSITION, "--leaves", str(path)), "line 2:", "at most 15 tiles")
    path.write_text("A,1\n" + "E" * 15 + ",1\n")
    answered(lexibench("moves", POSITION, "--leaves", str(path), "--wordlist", TINY))
    chain = (
        [IS_END | 1]
        + [(5 << 24) | IS_END | (i + 2) for i in range(15)]
        + [(5 << 24) | IS_END | ACCEPTS]
    )
    deep = tmp_path / "deep.klv2"
    deep.write_bytes(struct.pack(f"<I{len(chain)}II1f", len(chain), *chain, 1, 1.0))
    refused(lexibench("moves", POSITION, "--leaves", str(deep)), f"leave table {deep}: at byte",
            "leaves of 16 tiles; a leave holds at most 15 tiles")  # fmt: skip


def test_a_cycle_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cycle.klv2"
    nodes = (IS_END | 1, (1 << 24) | ACCEPTS | IS_END | 2, (2 << 24) | ACCEPTS | IS_END | 1)
    path.write_bytes(struct.pack("<I3II1f", 3, *nodes, 1, 0.0))
    for command in (["moves", POSITION], ["selfplay", "--games", "1"]):
        refused(lexibench(*command, "--leaves", str(path)), f"leave table {path}: at byte",
                "the word graph has a cycle")  # fmt: skip


def test_a_csv_header_is_passed_over(tmp_path: Path) -> None:
    plain = tmp_path / "plain.csv"
    plain.write_text("".join(f"{k},{v}\n" for k, v in VALUES.items()))
    headed = tmp_path / "headed.csv"
    headed.write_bytes(
        b"\xef\xbb\xbfLeave, Value\r\n"
        + b"".join(f"{k},{v}\r\n".encode() for k, v in VALUES.items())
    )
    assert _by_equity(headed) == _by_equity(plain)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (b"A,1\nB\n", "line 2: expected leave,value, not 1 field"),
        (b"A,1,2\n", "line 1: expected leave,value, not 3 fields"),
        (b"A;1\n", "line 1: expected leave,value, not 1 field"),
        (b"leave,value\nA,value\n", "line 2: value 'value' is not a decimal number"),
        (b"A,1\nB,x\n", "line 2: value 'x' is not a decimal number"),
        (b"A,0x10\n", "line 1: value '0x10' is not a decimal number"),
        (b"A,1\nA1,2\n", "line 2: '1' is not a tile"),
        (b"A,1\n,2\n", "line 2: an empty leave"),
        (b"AB,1\nBA,2\n", "line 2: leave AB given twice"),
        (b"A,1\n\xff,2\n", "line 2: not UTF-8 text"),
        (b"", "no leave,value lines"),
        (b"leave,value\n\n", "no leave,value lines"),
    ],
)
def test_each_bad_csv_line_is_named(tmp_path: Path, text: bytes, problem: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_bytes(text)
    line = refused(lexibench("moves", POSITION, "--leaves", str(path)), f"leave table {path}: ",
                   problem)  # fmt: skip
    assert "unpack" not in line
    assert "convert" not in line


# Leave models (JSON) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"weights": ' + "[" * 100_000 + "}", "nested too deeply"),
        ("{", "not JSON"),
        ('{"weights": 3}', 'expected {"method": "...", "weights": [numbers]}'),
        (_model([0.5] * 3), "a leave model has 110 weights, not 3"),
        (_model(["1"] * 110), "weight 0: not a number"),
        (_model([0.0] * 109 + [1e306]), "weight 109: not a number within 1,000 points"),
        (_model([0.0] * 109).replace("]", ", 9" + "0" * 4000 + "]"), "weight 109: not a number"),
        (_model([0.0] * 109).replace("]", ", 9" + "0" * 5000 + "]"), "not JSON"),
        (_model([0.0] * 109).replace("]", ", NaN]"), "weight 109: not a number within 1,000"),
        (_model([10.0] * 110), "the weights' magnitudes sum to 1100 points; at most 1,000"),
    ],
)
def test_a_bad_leave_model_is_one_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "model.json"
    path.write_text(text)
    out = tmp_path / "out.klv2"
    refused(lexibench("leaves", "--write", str(out), "--model", str(path)),
            f"leave model {path}: ", problem)  # fmt: skip
    assert not out.exists()


def test_a_model_at_the_bound_is_written_and_read_back(tmp_path: Path) -> None:
    """Weights whose magnitudes sum to 1,000 points: every leave is within the bound, and the
    table written is read back. Only a name that says its format is written."""
    model = tmp_path / "model.json"
    model.write_text(_model([-9.0] * 100 + [-10.0] * 10))
    rules = tmp_path / "small.json"
    rules.write_text(json.dumps(_small_rules()))
    for name in ("out.klv2", "out.csv"):
        out = tmp_path / name
        answered(lexibench("leaves", "--write", str(out), "--model", str(model), "--rules",
                           str(rules)))  # fmt: skip
        listed = lexibench("moves", "15/" * 14 + "15 AT?", "--leaves", str(out), "--wordlist", TINY)
        assert "by equity" in answered(listed)
    for name in ("out.klv", "out.bin", "out"):
        done = lexibench("leaves", "--write", str(tmp_path / name), "--rules", str(rules))
        refused(done, f"--write {tmp_path / name}: name it .klv2", ".csv")
        assert not (tmp_path / name).exists()


# FIFOs -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "argv"),
    [
        ("f.klv2", ["moves", POSITION, "--leaves", "{}"]),
        ("f.csv", ["selfplay", "--leaves", "{}"]),
        ("f", ["moves", POSITION, "--rules", "{}"]),
        ("f.json", ["selfplay", "--rules", "{}"]),
        ("f.gcg", ["moves", "--gcg", "{}"]),
        ("f.json", ["leaves", "--write", "out.klv2", "--model", "{}"]),
    ],
)
def test_a_fifo_is_refused_without_waiting(tmp_path: Path, name: str, argv: list[str]) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)
    argv = [str(fifo) if arg == "{}" else str(tmp_path / arg) if arg == "out.klv2" else arg
            for arg in argv]  # fmt: skip
    done = lexibench(*argv, "--wordlist", TINY, timeout=30)
    refused(done, str(fifo), "it is a FIFO, not a regular file")
    assert not (tmp_path / "out.klv2").exists()


# Game records (GCG) ------------------------------------------------------------------------------

PLAYERS = "#player1 ann Ann\n#player2 bob Bob\n"
NASTIER = ">ann: AEINRST 8C NASTIER +66 66\n"  # C8 N, D8 A, E8 S, ...


def _gcg(tmp_path: Path, events: str, name: str = "game.gcg") -> Path:
    path = tmp_path / name
    path.write_text(PLAYERS + events)
    return path


def test_a_played_through_letter_must_be_the_tile_there(tmp_path: Path) -> None:
    """``D8 DOG`` over NASTIER's A showed NOG; it is refused, always (not only with
    --strict), naming the file, the line and the square."""
    path = _gcg(tmp_path, NASTIER + ">bob: BCDEGOT D8 DOG +10 10\n>ann: BCDEFGI - +0 66\n")
    for extra in ([], ["--strict"], ["--turn", "3"]):
        done = lexibench("moves", "--gcg", str(path), *extra, "--wordlist", TINY)
        refused(done, f"game record {path}: line 4: D8 DOG: square D8 holds A, not D")
    for word in ("AOG", ".OG", "aOG"):  # the tile's letter, in either case, or '.'
        path = _gcg(tmp_path, NASTIER + f">bob: BCDEGOT D8 {word} +4 4\n>ann: BCDEFGI - +0 66\n")
        out = answered(lexibench("moves", "--gcg", str(path), "--wordlist", TINY))
        assert " 8 . . N A S T I E R" in out
        assert " 9 . . . O . " in out
        assert "10 . . . G . " in out


@pytest.mark.parametrize(
    ("event", "problem"),
    [
        (">bob: ABC - +0 --2\n", "line 4: total '--2': a whole number of at most 9 digits"),
        (">bob: ABC - +0 \u00b2\n", "line 4: total '\u00b2'"),
        (">bob: ABC - +0 " + "9" * 5000 + "\n", "line 4: total '99999"),
        (">bob: ABC - +" + "9" * 5000 + " 0\n", "line 4: expected '>nick: RACK <move> +score"),
        (">bob: ABC - +\u00b2 0\n", "line 4: expected '>nick: RACK <move> +score"),
        (">bob: (!!) +4 4\n", "line 4: end rack '(!!)': letters and ? only"),
    ],
)
def test_a_malformed_event_is_one_line(tmp_path: Path, event: str, problem: str) -> None:
    """Totals that pass ``str.isdigit`` (``--2`` stripped of its signs, ``²``) or that Python
    will not convert (5,000 digits) were internal errors."""
    path = _gcg(tmp_path, NASTIER + event + ">ann: BCDEFGI - +0 66\n")
    refused(lexibench("moves", "--gcg", str(path), "--wordlist", TINY), f"game record {path}: ",
            problem)  # fmt: skip


def test_a_third_player_or_a_rack_beyond_the_rules_is_refused(tmp_path: Path) -> None:
    path = _gcg(tmp_path, "#player1 cy Cy\n" + NASTIER)
    refused(lexibench("moves", "--gcg", str(path)), "line 3: #player1 'cy': a game has two players")
    rules = tmp_path / "small.json"
    rules.write_text(json.dumps(_small_rules()))
    path = _gcg(tmp_path, ">ann: AATTAAT 2B AT +2 2\n")
    refused(lexibench("moves", "--gcg", str(path), "--rules", str(rules)),
            "line 3: rack AATTAAT: 7 tiles, the small rules' rack holds 3")  # fmt: skip


# Positions (CGP) ---------------------------------------------------------------------------------


@pytest.mark.parametrize("row", ["0" * 5000 + "15", "7" + "0" * 5000 + "8", "9" * 5000])
def test_a_long_run_of_empty_squares_is_one_line(row: str) -> None:
    position = f"{row}/{'/'.join(['15'] * 14)} AEQS"
    for argv, stdin in ((["moves", position], None), (["moves", "-"], position + "\n")):
        refused(lexibench(*argv, "--wordlist", TINY, stdin=stdin), "position: board row 1",
                "more than 15 squares wide")  # fmt: skip


# Rule sets (JSON) ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"name": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ("{", "not JSON"),
        ('{"name": "x", "rack_size": ' + "[" * 200 + "]" * 200 + "}", "not a list"),
        ("{" + '"start": [], "name": "x", "rack_size": 7, "bingo_bonus": 0, '
         '"squares": {".": {"letter": 1, "word": 1}}}', '"start" must be one of the symbols'),
        ('{"name": "a\\nb"}', '"name" must be a string of 1 to 64 printable characters'),
    ],
)  # fmt: skip
def test_a_bad_rule_set_is_one_line(tmp_path: Path, text: str, problem: str) -> None:
    """100,000 nested ``[`` was a RecursionError, an internal error."""
    path = tmp_path / "rules.json"
    path.write_text(text)
    for command in (["moves", POSITION], ["selfplay"], ["leaves", "--write", "x.klv2"]):
        refused(lexibench(*command, "--rules", str(path)), f"rule set {path}: ", problem)


def _offered(command: str) -> list[str]:
    """The rule sets ``lexibench COMMAND --help`` offers by name."""
    text = " ".join(answered(lexibench(command, "--help")).split())
    found = re.search(r"the rule set: one of lexibench's \(([^)]*)\)", text)
    assert found is not None, text
    return [name.strip() for name in found.group(1).split(",")]


def test_every_rule_set_offered_loads_and_runs() -> None:
    """``english-leaves``, the leave model beside the rule sets, was offered and failed ("unknown
    field 'method'"): only rule sets are offered, and each runs ``moves`` on its empty board."""
    from lexibench.solver.games.crossword.rules import load_rules

    offered = _offered("moves")
    assert offered == _offered("selfplay") == _offered("leaves")
    assert "english" in offered
    assert "english-leaves" not in offered
    for name in offered:
        rules = load_rules(name)
        letters = rules.letters[:3]
        position = "/".join([str(rules.cols)] * rules.rows) + f" {letters}"
        out = answered(lexibench("moves", position, "--rules", name, "--wordlist", TINY))
        assert "moves" in out
    refused(lexibench("moves", POSITION, "--rules", "english-leaves"),
            "rule set 'english-leaves': neither a rule set of lexibench")  # fmt: skip


# Every reader of the registry --------------------------------------------------------------------

READERS = ("klv2", "klv", "leave-csv", "leave-model", "gcg", "rules")


def _good(name: str) -> bytes:
    """A good file of the format ``name``."""
    from lexibench.solver.games.crossword.leave_model import DEFAULT_PATH
    from lexibench.solver.games.crossword.rules import RULESETS

    if name == "klv2":
        return _table().to_bytes()
    if name == "klv":
        return _klv(_table())
    if name == "leave-csv":
        return "".join(f"{k},{v}\n" for k, v in VALUES.items()).encode()
    if name == "leave-model":
        return DEFAULT_PATH.read_bytes()
    if name == "gcg":
        return (PLAYERS + NASTIER + ">bob: BCDEGOT D8 AOG +4 4\n").encode()
    assert name == "rules"
    return (RULESETS / "english.json").read_bytes()


@pytest.mark.parametrize("name", READERS)
def test_every_crossword_reader_refuses_damage_in_one_line(name: str) -> None:
    """Each format of the crossword game is in the registry, reads its good file, and refuses
    every truncation and a few hundred damaged copies of it with a one-line BadInputError naming
    the file, or reads them (never another exception)."""
    import lexibench.solver.games.crossword.gcg
    import lexibench.solver.games.crossword.leave_model
    import lexibench.solver.games.crossword.rules  # noqa: F401  (the readers register)

    reader = FORMATS[name]
    good = _good(name)
    reader.parse(good, "good")
    if name in ("klv2", "klv"):  # sizes are checked to the byte: no truncation is read
        for end in range(len(good)):
            with pytest.raises(BadInputError, match="leave table cut: "):
                reader.parse(good[:end], "cut")
    rng = random.Random(name)
    damaged = [good[:end] for end in range(0, len(good), max(1, len(good) // 300))]
    for _ in range(300):
        copy = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            copy[rng.randrange(len(copy))] = rng.randrange(256)
        damaged.append(bytes(copy))
    for data in damaged:
        try:
            reader.parse(data, "damaged.file")
        except BadInputError as exc:
            message = str(exc)
            assert "\n" not in message
            assert "damaged.file" in message


# A leave file's loops, compiled and interpreted ---------------------------------------------------


@pytest.mark.parametrize("name", ["klv2", "klv"])
def test_both_builds_of_the_leave_file_loops_answer_alike(name: str) -> None:
    """The loops of a KLV file compiled (:mod:`.klv`) and interpreted, on the fuzzer's damaged
    files (:func:`tests.hostile.fuzz.case`): the same table or the same one-line refusal (the
    same problem, at the same byte). A table read is then looked up in C
    (:meth:`~.movegen.LeaveValues.take_table`) as in Python: every leave and a few others."""
    from lexibench.solver.games.crossword import leave_tables
    from lexibench.solver.games.crossword.leave_tables import LeaveFileError
    from lexibench.solver.games.crossword.solve import NATIVE_UNAVAILABLE, LeaveValues
    from tests.hostile.fuzz import case

    if leave_tables.COMPILED is None:
        pytest.skip(str(leave_tables.LOADER_UNAVAILABLE))
    version = leave_tables.KLV2 if name == "klv2" else leave_tables.KLV
    chosen = leave_tables.SCANNER
    accepted = 0
    try:
        for index in range(600):
            data = case(name, index, 57)
            found: list[LeaveTable | str] = []
            for scanner in (leave_tables.COMPILED, leave_tables.INTERPRETED):
                leave_tables.SCANNER = scanner
                try:
                    found.append(LeaveTable.from_bytes(data, "fuzzed", version))
                except LeaveFileError as exc:
                    found.append(str(exc))
            assert found[0] == found[1], (index, found)
            table = found[0]
            if isinstance(table, str) or NATIVE_UNAVAILABLE is not None:
                continue
            accepted += 1
            native = LeaveValues(table.value, None, True)
            native.take_table(table.nodes, table.counts, table.millipoints)
            asked = [*table.leaves(), b"", b"\x01", b"\x00\x00", b"\x05\x11", b"\x01\x02\x03"]
            for tiles in asked:  # as they come (a damaged graph's may be out of order), sorted
                rank = table.rank(tiles)
                expected = 0 if rank is None else table.millipoints[rank]
                assert native.millipoints(tiles) == expected, index
                key = bytes(sorted(tiles))
                assert native.millipoints(key) == round(table.value(key) * 1000), index
    finally:
        leave_tables.SCANNER = chosen
    assert accepted  # some damage leaves a readable table
