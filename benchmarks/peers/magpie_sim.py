"""MAGPIE's simulation, its ``gsimulate`` command, as a whole process: the peer of ``lexibench
sim`` (:mod:`lexibench.solver.games.crossword.sim`), where the user built MAGPIE (:mod:`.magpie`).

MAGPIE's console runs in its synchronous mode (``magpie set -mode sync`` with the settings
below), reading one ``cgp`` line and one ``gsim -`` per position from its standard input, over
the lexicon and leaves of a data folder of :func:`.magpie.data_folder` (lexibench's KWG and its
leave model written as KLV2), from the KWG alone or with its word map (``-wmp``). The settings
(:func:`command`) make MAGPIE's simulation the one lexibench's runs:

- ``-numplays C -maxnumdplays C``: the best ``C`` moves by static equity (MAGPIE's own move
  generation, exchanges and the pass among them), every one shown;
- ``-plies P -shplies P``: ``P`` plies after each candidate, each side its best move by static
  equity, every ply shown;
- ``-iterations N -minplayiterations N -sr rr -threshold none -tlim 86400``: exactly ``N``
  iterations of every candidate, its adaptive sampling and stopping off (MAGPIE's first phase
  gives every candidate ``-minplayiterations`` in turn; its limit, ``-iterations``, is then
  reached: no top-two sampling, no statistical threshold, no time limit);
- ``-threads 1``; ``-seed S``; ``-sinfer false`` (no inference: a CGP has no history either);
  ``gsim -``: the opponent's rack unknown (the CGP written with the rack on turn alone: MAGPIE
  draws the other rack from the unseen tiles every iteration, as lexibench does);
- ``-uwin 1 -uspread 0``: MAGPIE's sample is its win probability, which steers nothing here
  (the sampling is round robin); what is read is its ``Eq`` column, the mean of each
  iteration's spread gained plus the leftover of the last two plies' leave values (MAGPIE's
  ``equity_stat``, :mod:`~lexibench.solver.games.crossword.sim`'s result), and its standard
  error (``EqSE``, written by ``-hr false``); the candidates are ranked by it, by spread rather
  than by win probability (:func:`parse_output`);
- ``-pfrequency 0 -savesettings false``: no progress lines, no settings file written.

MAGPIE draws its tiles with its own generator, so its numbers are not lexibench's: they agree
within their standard errors. It is timed from outside (the process's CPU and wall seconds), and
a second process with the same settings and positions but no ``gsim`` (:func:`script` with
``simulate=False``) measures what loading the lexicon, the leaves and the positions costs;
MAGPIE's own time of each simulation (its ``Time:``, wall seconds to two decimals) is kept too.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from lexibench.benchmarks.peers.magpie import LEXICON, DataFolder, run_timed
from lexibench.benchmarks.peers.magpie_autoplay import program
from lexibench.solver.errors import InputError
from lexibench.solver.games.crossword.position import Position, rack_text

#: The longest a simulation may take, in MAGPIE's seconds (its time limit, which no case nears).
TIME_LIMIT: Final = 86_400

_SHOWN = re.compile(r"Showing (\d+) of (\d+) (plays|plies)")
_TIME = re.compile(r"Time:\s+([0-9.]+) seconds")
_STATUS = re.compile(r"Status:\s+(.*\S)")
#: The status of a simulation that ran its iterations.
DONE: Final = "Finished (max iterations reached)"


@dataclass(frozen=True)
class Settings:
    """What a MAGPIE simulation plays: ``candidates`` moves, ``plies`` after each, ``iterations``
    of each, seeded by ``seed``."""

    candidates: int
    plies: int
    iterations: int
    seed: int


@dataclass(frozen=True)
class SimRow:
    """One candidate as MAGPIE's simulation reports it: its move as lexibench writes it
    (:func:`move_text`), its leave, score and static equity, the mean result (``Eq``) and its
    standard error (``EqSE``), and its iterations."""

    move: str
    leave: str
    score: int
    equity: float
    mean: float
    stderr: float
    iterations: int


@dataclass(frozen=True)
class SimRun:
    """One MAGPIE process: each position's candidates (best mean first), MAGPIE's own seconds
    of each simulation, and the process's CPU and wall seconds."""

    positions: tuple[tuple[SimRow, ...], ...]
    seconds: tuple[float, ...]
    cpu_seconds: float
    wall_seconds: float


def command(data: DataFolder, settings: Settings, *, word_maps: bool) -> list[str]:
    """MAGPIE's console in its synchronous mode over the lexicon and leaves of ``data`` (with
    its word map where ``word_maps``; ``data`` must hold it), simulating as the module docstring
    says."""
    c, p, n = str(settings.candidates), str(settings.plies), str(settings.iterations)
    return [
        str(program(data.root)), "set", "-mode", "sync", "-lex", LEXICON, "-leaves", LEXICON,
        "-path", data.paths, "-wmp", "true" if word_maps else "false",
        "-numplays", c, "-maxnumdplays", c, "-plies", p, "-shplies", p,
        "-iterations", n, "-minplayiterations", n, "-sr", "rr", "-threshold", "none",
        "-tlim", str(TIME_LIMIT), "-threads", "1", "-seed", str(settings.seed),
        "-sinfer", "false", "-uwin", "1", "-uspread", "0", "-pfrequency", "0", "-hr", "false",
        "-savesettings", "false",
    ]  # fmt: skip


def cgp_line(position: Position) -> str:
    """MAGPIE's ``cgp`` command for ``position`` with the other player's rack unknown (the rack
    on turn alone, then ``/``).

    >>> from lexibench.solver.games.crossword.position import parse_cgp
    >>> cgp_line(parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB?/CD 10/20 1"))
    'cgp 15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB?/ 10/20 1'
    """
    board = position.to_cgp().split(" ", 1)[0]
    scores = position.scores or (0, 0)
    return f"cgp {board} {rack_text(position.rack)}/ {scores[0]}/{scores[1]} {position.zeros}"


def script(positions: Sequence[Position], *, simulate: bool = True) -> str:
    """The console's input: each position's ``cgp`` line, then (where ``simulate``) ``gsim -``
    (generate, then simulate with no known rack of the opponent's)."""
    return "".join(cgp_line(p) + "\n" + ("gsim -\n" if simulate else "") for p in positions)


def move_text(head: Sequence[str]) -> tuple[str, str]:
    """A candidate's move as lexibench writes it (``8D WORD``, ``exchange ABC``, ``pass``;
    an exchange's tiles in rack order) and its leave, from the cells MAGPIE writes before the
    score (its move, then its leave, absent when empty).

    >>> move_text(["8J", "NONFAT", "T"]), move_text(["(exch", "?EA)", "BC"]), move_text(["pass"])
    (('8J NONFAT', 'T'), ('exchange AE?', 'BC'), ('pass', ''))
    """
    if head[:1] == ["pass"]:
        return "pass", " ".join(head[1:])
    if head[:1] == ["(exch"] and len(head) >= 2 and head[1].endswith(")"):
        tiles = head[1][:-1]
        letters = "".join(sorted(t for t in tiles if t != "?")) + "?" * tiles.count("?")
        return f"exchange {letters}", " ".join(head[2:])
    if len(head) < 2:
        raise InputError(f"MAGPIE's simulation: not a move: {' '.join(head)!r}")
    return f"{head[0]} {head[1]}", " ".join(head[2:])


def _row(line: str, plies: int) -> SimRow:
    """A candidate's line of the table ``-hr false`` writes: its number, move, leave, then
    score, ``Ig``, ``Wp``, ``WpSE``, ``Eq``, ``EqSE``, static equity, ``It`` and three cells for
    each ply shown."""
    cells = line.split()
    tail = 8 + 3 * plies
    if len(cells) < tail + 2:
        raise InputError(f"MAGPIE's simulation: not a candidate's line: {line[:80]!r}")
    move, leave = move_text(cells[1:-tail])
    numbers = cells[-tail:]
    try:
        return SimRow(
            move,
            leave,
            int(numbers[0]),
            float(numbers[6]),
            float(numbers[4]),
            float(numbers[5]),
            int(numbers[7]),
        )
    except ValueError:
        raise InputError(f"MAGPIE's simulation: not a candidate's line: {line[:80]!r}") from None


def parse_output(
    text: str, positions: int
) -> tuple[tuple[tuple[SimRow, ...], ...], tuple[float, ...]]:
    """Each position's candidates, best mean first (ties: higher static equity first, then
    MAGPIE's order), and MAGPIE's seconds of each simulation, from the console's output for
    ``positions`` positions; InputError when it is not that (an error of MAGPIE's, a simulation
    stopped before its iterations).

    >>> rows, seconds = parse_output(
    ...     "1: 8J NONFAT T 32 - 30.20 0.5344 34.18 1.0299 32.95 10 42.42 19.36 14.80\\n"
    ...     "2: (exch NO) AFTT 0 - 25.0 0.5 36.5 1.1 20.25 10 40.0 18.0 12.0\\n"
    ...     "\\nShowing 2 of 2 plays\\nShowing 1 of 1 plies\\n\\nIters: 20\\n"
    ...     "Time: 0.02 seconds\\nStatus: Finished (max iterations reached)\\nNps: 2000\\n", 1)
    >>> [(r.move, r.mean, r.stderr, r.iterations) for r in rows[0]], seconds
    ([('exchange NO', 36.5, 1.1, 10), ('8J NONFAT', 34.18, 1.0299, 10)], (0.02,))
    """
    found: list[tuple[SimRow, ...]] = []
    seconds: list[float] = []
    lines: list[str] = []
    plies = status = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("(error"):
            raise InputError(f"MAGPIE's simulation: {stripped}")
        if re.match(r"\d+:\s", stripped):
            lines.append(stripped)
        elif shown := _SHOWN.fullmatch(stripped):
            if shown[3] == "plies":
                plies = int(shown[1])
        elif took := _TIME.fullmatch(stripped):
            seconds.append(float(took[1]))
        elif said := _STATUS.fullmatch(stripped):
            status = said[1]
        elif stripped.startswith("Nps:"):  # a simulation's last line
            if plies is None or status != DONE or len(seconds) != len(found) + 1 or not lines:
                raise InputError(
                    f"MAGPIE's simulation: line {number}: a simulation ended without its "
                    f"candidates, plies, time or finished status ({status or 'no status'})"
                )
            rows = [_row(line, plies) for line in lines]
            order = sorted(range(len(rows)), key=lambda i: (-rows[i].mean, -rows[i].equity, i))
            found.append(tuple(rows[i] for i in order))
            lines, plies, status = [], None, None
    if len(found) != positions:
        raise InputError(
            f"MAGPIE's simulation: {len(found)} simulations in its output, for {positions} "
            "positions"
        )
    return tuple(found), tuple(seconds)


def run(argv: list[str], data: DataFolder, text: str, positions: int) -> SimRun:
    """One console process (:func:`command`'s ``argv``, :func:`script`'s ``text`` on its input)
    run in ``data``'s folder: what it found (for ``positions`` simulations; none when ``text``
    simulates nothing) and its CPU and wall seconds. InputError when it fails."""
    done, cpu, wall = run_timed(argv, "MAGPIE's simulation", data.path, text)
    check_console(done, "MAGPIE's simulation")
    found, seconds = parse_output(done.stdout, positions)
    return SimRun(found, seconds, cpu, wall)


def check_console(done: subprocess.CompletedProcess[str], what: str) -> None:
    """Raise :class:`InputError` saying ``what`` failed, with MAGPIE's last error line, when the
    console process ``done`` failed or wrote an error (its ``(error N)`` lines: the console
    goes on after one, and exits 0)."""
    if done.returncode != 0 or "(error" in done.stdout or "(error" in done.stderr:
        said = [line for line in (done.stdout + done.stderr).splitlines() if "(error" in line]
        last = said or (done.stderr or done.stdout).strip().splitlines() or ["(no message)"]
        raise InputError(f"{what} failed: {last[-1].strip()}")
