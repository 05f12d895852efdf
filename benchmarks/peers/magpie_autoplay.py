"""MAGPIE's self-play, its ``autoplay`` command, as a whole process: the peer of ``lexibench
selfplay --leaves FILE`` (where the user built MAGPIE: :mod:`.magpie`).

Both of its players choose by static equity, MAGPIE's best move by score plus the leave's value
from the KLV2 table given (``-s1 equity -r1 best``, the same for player 2), with no simulation
(``-pl1 0 -pl2 0``) and no PlayChooser (``-pc1 -1 -pc2 -1``), on one thread (``-threads 1``),
without game pairs, seeded (``-seed``), from the KWG alone or with its word map (``-wmp``):
the lexicon and the leaves are lexibench's, in a data folder of :func:`.magpie.data_folder`.
MAGPIE's equity adds what lexibench's does not (a penalty for vowels beside the premium squares
on the first move, and its end-game adjustments once the bag is empty), and its games are shuffled
by its own generator, so the two programs play other games: what compares is games per
CPU-second over many.

The process is timed from outside, as lexibench's is: its CPU seconds (``getrusage`` of the
children, every thread's) and its wall seconds, start-up and loading included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from lexibench.benchmarks.peers.magpie import LEXICON, DataFolder, run_timed
from lexibench.solver.errors import InputError

#: Where ``make magpie BUILD=release`` leaves MAGPIE's program, in its folder.
PROGRAM: Final = Path("bin", "magpie")
#: The settings that make both players static and the run one-threaded and repeatable.
STATIC: Final = (
    "-s1", "equity", "-r1", "best", "-s2", "equity", "-r2", "best", "-pl1", "0", "-pl2", "0",
    "-pc1", "-1", "-pc2", "-1", "-threads", "1", "-gp", "false", "-hr", "true",
    "-savesettings", "false",
)  # fmt: skip

_GAMES = re.compile(r"^Games Played: (\d+)$", re.M)
_TURNS = re.compile(r"^Turns Played: (\d+)$", re.M)


@dataclass(frozen=True)
class Autoplay:
    """One ``autoplay`` process: the games it played, their turns, its CPU and wall seconds."""

    games: int
    turns: int
    cpu_seconds: float
    wall_seconds: float


def program(root: Path) -> Path:
    """MAGPIE's program in its folder ``root``; :class:`InputError` when it is not built."""
    found = root / PROGRAM
    if not found.is_file():
        raise InputError(f"{root}: no {PROGRAM}; run `make magpie BUILD=release` there")
    return found


def command(data: DataFolder, games: int, seed: int, *, word_maps: bool) -> list[str]:
    """``magpie autoplay games N`` over the lexicon and leaves of ``data`` (with MAGPIE's word
    map where ``word_maps``; ``data`` must hold it), both players static, seeded by ``seed``."""
    return [
        str(program(data.root)), "autoplay", "games", str(games), "-lex", LEXICON,
        "-leaves", LEXICON, "-path", data.paths, "-wmp", "true" if word_maps else "false",
        "-seed", str(seed), *STATIC,
    ]  # fmt: skip


def parse_output(text: str) -> tuple[int, int]:
    """The games and the turns an ``autoplay`` process reports (``-hr true``); InputError when
    its output does not say them.

    >>> parse_output("All Games\\n\\nGames Played: 20\\nTurns Played: 444\\n")
    (20, 444)
    """
    games, turns = _GAMES.search(text), _TURNS.search(text)
    if games is None or turns is None:
        last = (text.strip().splitlines() or ["(no output)"])[-1]
        raise InputError(f"MAGPIE's autoplay: no count of games and turns in its output: {last}")
    return int(games[1]), int(turns[1])


def run(argv: list[str], data: DataFolder) -> Autoplay:
    """One ``autoplay`` process (:func:`command`'s ``argv``) run in ``data``'s folder: what it
    played and its CPU and wall seconds. InputError when it fails."""
    done, cpu, wall = run_timed(argv, "MAGPIE's autoplay", data.path)
    if done.returncode != 0 or "error" in done.stdout.lower():
        last = (done.stderr or done.stdout).strip().splitlines() or ["(no message)"]
        raise InputError(f"MAGPIE's autoplay failed: {last[-1]}")
    games, turns = parse_output(done.stdout)
    return Autoplay(games, turns, cpu, wall)
