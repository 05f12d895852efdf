"""``lexibench sim --positions FILE``: every position of a file simulated, one JSON line each, in
input order, wherever the plan says the work runs (this process, ``--jobs N`` processes or a Dask
cluster: :func:`~lexibench.solver.execution.ordered_map`).

The file (one CGP line a position) is read through the file gate (a regular file, at most
:data:`MAX_FILE` bytes; a FIFO is refused without waiting) and checked whole before any
simulation: each line not blank is a position under the rule set (and, with ``--known-rack``,
gives the other rack); a bad line is one :class:`InputError` naming the file and the line.
Blank lines (empty, or only blanks and CRs) are skipped, as a boards file's are, and the lines
keep their numbers in the file.

Each position is simulated exactly as ``lexibench sim POSITION`` simulates it (:class:`SimJob`:
the same settings, seed and leave values), wherever it runs: its line (made by
:mod:`.sim_command`) is the object ``sim --json`` prints for it, with ``"line"``, its line
number, first, and only ``"seconds"`` (a measurement) differs from run to run. A worker opens the
lexicon from the plan's :class:`~lexibench.solver.lexicons.LexiconSpec` and the leave values from
their name or absolute path (a Dask worker needs the files at the same paths); forked workers
inherit this process's.

Each line is written by this process (:func:`write_line`), whole, as soon as it and every line
before it are done. Ctrl-C (or SIGTERM) interrupts at once: the lines written stay, the positions
under way are dropped, the worker processes are stopped (exit status 130, or 143).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final, NamedTuple

from lexibench.solver.errors import InputError
from lexibench.solver.execution import Processes, Where, WorkerOutputError, ordered_map
from lexibench.solver.games.crossword.equity import Leaves
from lexibench.solver.games.crossword.position import Position, parse_cgp
from lexibench.solver.games.crossword.rules import DEFAULT_RULES, RuleSet, load_rules
from lexibench.solver.games.crossword.sim import Settings, Simulation, simulate, unseen
from lexibench.solver.games.crossword.solve import MoveGenerator
from lexibench.solver.lexicons import LexiconSpec, open_spec
from lexibench.solver.tiers import Tier
from lexibench.solver.writes import write_whole
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import input_format, read_input

#: What the file is called in errors.
WHAT: Final = "positions file"
#: The largest positions file read (some 200,000 positions: days of simulation).
MAX_FILE: Final = 1 << 24
#: What a blank line holds, if anything: blanks (space, tab) and CRs.
BLANKS: Final = b" \t\r"
_BOM: Final = b"\xef\xbb\xbf"


class Numbered(NamedTuple):
    """A position and the number of its line in the file (from 1)."""

    line: int
    position: Position


def read_positions(
    path: str, rules: RuleSet, strict: bool = False, known_rack: bool = False
) -> list[tuple[int, str]]:
    """The positions of the file at ``path``, checked (see the module docstring): each line not
    blank, with its number. Raises :class:`InputError` naming the file (and the line)."""
    try:
        data = read_input(path, WHAT, MAX_FILE)
    except BadInputError as exc:
        raise InputError(str(exc)) from None
    return check_positions(data, path, rules, strict, known_rack)


@input_format("sim-positions", WHAT, MAX_FILE)
def parse_positions(data: bytes, name: str) -> list[tuple[int, str]]:
    """A positions file's bytes under the default rule set (:func:`check_positions`): what the
    file gate's registry, and so the hostile-files tests, read it with."""
    return check_positions(data, name, load_rules(DEFAULT_RULES))


def check_positions(
    data: bytes, name: str, rules: RuleSet, strict: bool = False, known_rack: bool = False
) -> list[tuple[int, str]]:
    """The lines of a positions file's bytes (``name``: the file, for errors) that are not
    blank, with their numbers, each read as a position under ``rules`` (as
    :func:`positions_of` reads it again) and checked as a simulation would check it."""
    found = []
    lines = data.removeprefix(_BOM).split(b"\n")
    for number, raw in enumerate(lines, 1):
        if not raw.strip(BLANKS):
            continue
        try:
            text = raw.removesuffix(b"\r").decode("utf-8")
            position = parse_cgp(text, rules, strict=strict)
            if known_rack and not position.other_rack:
                raise InputError("--known-rack: the position gives no other rack (RACK/OTHER)")
            unseen(position, known_rack)  # more of a tile than the bag: refused now, not later
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{WHAT} {name}, line {number}: not UTF-8 (byte 0x{raw[exc.start]:02x})"
            ) from None
        except InputError as exc:
            why = str(exc).removeprefix("position: ")
            raise InputError(f"{WHAT} {name}, line {number}: {why}") from None
        found.append((number, text))
    if not found:
        raise InputError(f"{WHAT} {name}: no position in it (every line is blank)")
    return found


def positions_of(lines: list[tuple[int, str]], rules: RuleSet, strict: bool) -> Iterator[Numbered]:
    """The positions of checked ``lines`` (:func:`check_positions`), read as they are handed
    out (a file's text is kept, not its positions)."""
    for number, text in lines:
        yield Numbered(number, parse_cgp(text, rules, strict=strict))


@dataclass(frozen=True)
class SimState:
    """What a process simulates with: the move generator over the opened lexicon, and the leave
    values."""

    generator: MoveGenerator
    leaves: Leaves


@dataclass(frozen=True)
class SimJob:
    """Positions simulated, as a job for :func:`~lexibench.solver.execution.ordered_map`: the
    lexicon, tier, algorithm and word map of the generator, the leave values (``leaves``:
    ``english`` or a table's absolute path; shown as ``leaves_name``) and the settings, the same
    in every process. Items are :class:`Numbered` positions, results their line numbers and
    :class:`~.sim.Simulation` s."""

    spec: LexiconSpec
    tier: Tier
    variant: str
    word_map: bool | None
    leaves: str
    leaves_name: str
    settings: Settings

    def open(self) -> SimState:
        """Open the lexicon (from its file or the cache) and the leave values."""
        from lexibench.solver.games.crossword.game import named_leaves

        opened = open_spec(self.spec, freeze=True)
        generator = MoveGenerator(opened.lexicon, self.tier, self.variant, self.word_map)
        return SimState(generator, named_leaves(self.leaves).values)

    def run(self, state: SimState, batch: list[Numbered]) -> list[tuple[int, Simulation]]:
        """Each position simulated, with its line number."""
        return [
            (line, simulate(state.generator, position, state.leaves, self.settings))
            for line, position in batch
        ]


def leaves_for_workers(text: str, model: str) -> str:
    """``--leaves`` as another process reads it: the model's name, or the file's absolute
    path."""
    return text if text == model else str(Path(text).resolve())


def where_for(where: Where, positions: int) -> Where:
    """Where ``positions`` positions run: no more worker processes than positions."""
    if isinstance(where, Processes):
        return Processes(min(where.jobs, positions))
    return where


def simulations(
    job: SimJob, positions: Iterator[Numbered], where: Where, state: SimState | None
) -> Iterator[tuple[int, Simulation]]:
    """Each position simulated, with its line number, in input order, wherever ``where`` says,
    one position a batch (or a Dask task). ``state``: this process's, used here and inherited by
    forked workers (None on Dask: each worker opens its own)."""
    return ordered_map(job, positions, where, state=state, batch=1, dask_batch=1)


def write_line(data: bytes) -> None:
    """Write ``data`` to standard output whole: SIGINT and SIGTERM (and SIGALRM, by which the
    command line delivers an interruption an import put off) wait until it is written, so an
    interruption never cuts a line. Raises :class:`WorkerOutputError` (the command line's
    output error: one line, or the closed pipe's quiet exit) when it cannot be written."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGALRM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        write_whole(1, data)
    except OSError as exc:
        raise WorkerOutputError(exc) from None
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
