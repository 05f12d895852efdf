"""MAGPIE's best turn of one position, its console as a whole process: the peer of ``lexibench
moves CGP --leaves FILE --top 1`` (where the user built MAGPIE: :mod:`.magpie`).

MAGPIE's console runs in its synchronous mode (``magpie set -mode sync`` with the settings of
:func:`command`), reading the position's ``cgp`` line and ``gen`` from its standard input: its
best move by static equity (``-numplays 1 -s1 equity -r1 best``, the same for player 2), one
thread, over the lexicon and leaves of a data folder of :func:`.magpie.data_folder`
(lexibench's KWG and a KLV2 table), from the KWG alone or with its word map (``-wmp``). That is
MAGPIE's way for a user to ask one position: its program loads the lexicon, the leaves and the
position, generates, and writes the game with its best move (which :func:`parse_output` reads).

The process is timed from outside, as lexibench's is: its CPU seconds (``getrusage`` of the
children) and its wall seconds, start-up and loading included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexibench.benchmarks.peers.magpie import LEXICON, DataFolder, PeerBest, move_kind, run_timed
from lexibench.benchmarks.peers.magpie_autoplay import program
from lexibench.benchmarks.peers.magpie_sim import check_console
from lexibench.solver.errors import InputError

#: The first move of MAGPIE's listing: ``1:``, the move (its leave after it, where any), its
#: score and its equity (two decimals).
_FIRST = re.compile(r"(?:^|\s)1:\s+(.+?)\s+(-?\d+)\s+(-?\d+(?:\.\d+)?)\s*$", re.M)


@dataclass(frozen=True)
class Turn:
    """One console process: the best turn it wrote, its CPU and wall seconds."""

    best: PeerBest
    cpu_seconds: float
    wall_seconds: float


def command(data: DataFolder, *, word_maps: bool) -> list[str]:
    """MAGPIE's console in its synchronous mode over the lexicon and leaves of ``data`` (with
    its word map where ``word_maps``; ``data`` must hold it), its best turn by static equity."""
    return [
        str(program(data.root)), "set", "-mode", "sync", "-lex", LEXICON, "-leaves", LEXICON,
        "-path", data.paths, "-wmp", "true" if word_maps else "false", "-numplays", "1",
        "-s1", "equity", "-r1", "best", "-s2", "equity", "-r2", "best", "-threads", "1",
        "-hr", "false", "-savesettings", "false",
    ]  # fmt: skip


def script(cgp: str) -> str:
    """The console's input for the position of the CGP line ``cgp`` (both racks, where the bag
    decides whether an exchange is allowed): load it, then generate."""
    return f"cgp {cgp}\ngen\n"


def parse_output(text: str) -> PeerBest:
    """The best turn the console wrote: its move as the console writes it (a placement, then its
    leave, ``(exch ...)`` or ``pass``), score and equity. InputError when it wrote none.

    >>> parse_output(" 8 THEMER    Player 1  AFNNOTT  120  1:  O5 NONFAT T 32 32.95 \\n")
    PeerBest(move='O5 NONFAT T', score=32, equity=32.95, kind='place')
    """
    found = _FIRST.search(text)
    if found is None:
        last = (text.strip().splitlines() or ["(no output)"])[-1]
        raise InputError(f"MAGPIE's console wrote no best turn: {last.strip()[:80]}")
    move = found[1].strip()
    return PeerBest(move, int(found[2]), float(found[3]), move_kind(move))


def run(argv: list[str], data: DataFolder, text: str) -> Turn:
    """One console process (:func:`command`'s ``argv``, :func:`script`'s ``text`` on its input)
    run in ``data``'s folder: the best turn it wrote, its CPU and wall seconds. InputError when
    it fails."""
    done, cpu, wall = run_timed(argv, "MAGPIE's console", data.path, text)
    check_console(done, "MAGPIE's console")
    return Turn(parse_output(done.stdout), cpu, wall)
