"""A peer to measure against: MAGPIE's move generator, where the user has built it.

`jvc56/MAGPIE <https://github.com/jvc56/MAGPIE>`_ is a crossword-game engine in C: Gordon's
algorithm over a KWG (the DAWG and GADDAG in one array, wolges' format), shadow playing for the
best move, and optional word maps (subrack to words, ``.wmp`` files). lexibench neither ships nor
builds it. To compare with it, build it as its README says (``make magpie BUILD=release``, which
leaves its objects in ``obj/release-b15-r7``) and set :data:`ENV` to its folder. lexibench then
compiles its own small harness (``magpie_movegen.c``, beside this module) against those objects,
once, into its cache folder, and runs it on positions and a lexicon of lexibench's: the KWG that
``kwg`` builds (MAGPIE reads lexibench's file as its own) and a leave table (KLV2), written into
a data folder of MAGPIE's (:func:`data_folder`, which its self-play, :mod:`.magpie_autoplay`,
uses too; MAGPIE's word map of the KWG, where asked for, made by its program, ``bin/magpie``,
once a process).

The harness times MAGPIE's ``generate_moves`` (a monotonic clock, as Python's ``perf_counter``),
position after position, round after round, and apart from it the board's preparation (its
cross-sets and anchors: MAGPIE makes them as a position is loaded, lexibench's generator at every
call, so a like-for-like time adds them); loading the lexicon and setting up each position are
outside the timing. The crossword suite runs it beside lexibench's native
generator on the same positions and checks that the moves are the same (:func:`placements`), or
by equity the best turns (:func:`placement` of each position's first, :attr:`PeerRun.first`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import resource
import selectors
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final, Literal

from lexibench.benchmarks.peers import why_not
from lexibench.solver.errors import InputError

#: The environment variable naming the folder of a MAGPIE checkout built for release.
ENV: Final = "LEXIBENCH_MAGPIE"
#: The peer's name in the benchmarks' records.
NAME: Final = "MAGPIE"
#: Where ``make magpie BUILD=release`` leaves MAGPIE's objects (a 15x15 board, racks of 7).
OBJECTS: Final = Path("obj", "release-b15-r7", "src")
#: The harness's source, beside this module.
HARNESS: Final = "magpie_movegen.c"
#: MAGPIE's own release flags (its Makefile's): the harness links with its LTO objects.
FLAGS: Final = ("-O3", "-flto", "-march=native", "-DNDEBUG", "-DBOARD_DIM=15", "-DRACK_SIZE=7")
#: The name the lexicon and leave files get in the harness's data folder: MAGPIE finds files by
#: name, and a name must start with a prefix it maps to a letter distribution (NWL: English).
LEXICON: Final = "NWL_lexibench"
#: The files of MAGPIE's own data folder its programs read here (its ``download_data.sh`` fetches
#: them): the standard board and the English tiles.
DATA: Final = ("layouts/standard15.txt", "letterdistributions/english.csv")
#: Seconds a harness build or run may take before it is stopped.
TIMEOUT: Final = 1800

Mode = Literal["all", "best", "allscore", "bestscore"]
Kind = Literal["place", "exchange", "pass"]


def folder() -> Path:
    """The MAGPIE folder :data:`ENV` names, checked to hold a release build. Raises
    :class:`InputError` saying what is missing and how to get it."""
    text = os.environ.get(ENV)
    if not text:
        raise InputError(f"MAGPIE is not built here (set {ENV} to a MAGPIE folder built with "
                         "`make magpie BUILD=release`)")  # fmt: skip
    root = Path(text).expanduser()
    if not (root / "src" / "impl" / "move_gen.h").is_file():
        raise InputError(f"{ENV}={text}: not a MAGPIE checkout (no src/impl/move_gen.h)")
    if not any((root / OBJECTS).rglob("*.o")):
        raise InputError(
            f"{ENV}={text}: MAGPIE is not built for release (no objects in {OBJECTS}); run "
            "`make magpie BUILD=release` there"
        )
    if not all((root / "data" / needed).is_file() for needed in DATA):
        raise InputError(
            f"{ENV}={text}: MAGPIE has no board layout or English letter distribution in its "
            "data folder; run `./download_data.sh` there"
        )
    return root


def unavailable() -> str | None:
    """Why the peer cannot run here, or None when it can."""
    return why_not(folder)


def version(root: Path) -> str | None:
    """The commit of the MAGPIE checkout (12 digits), None when it is not a Git checkout."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True, text=True, check=False, timeout=30,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = done.stdout.strip()
    return text[:12] if done.returncode == 0 and re.fullmatch(r"[0-9a-f]{40}", text) else None


def harness(root: Path) -> Path:
    """The harness compiled against the MAGPIE build in ``root``: from lexibench's cache folder
    when this source and these objects were compiled before, else compiled there now (a
    minute or less: MAGPIE's objects are linked with link-time optimisation)."""
    from lexibench.solver.cache import cache_dir

    source = resources.files(__package__).joinpath(HARNESS).read_bytes()
    objects = sorted((root / OBJECTS).rglob("*.o"))
    compiler = os.environ.get("CC", "cc")
    key = hashlib.sha256(source)
    for part in (compiler, *FLAGS, str(root.resolve()), *_host()):
        key.update(part.encode() + b"\0")
    for path in objects:
        info = path.stat()
        key.update(f"{path.name}:{info.st_size}:{info.st_mtime_ns}\0".encode())
    target = cache_dir() / "peers" / f"magpie_movegen-{key.hexdigest()[:24]}"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        code = Path(work, HARNESS)
        code.write_bytes(source)
        made = Path(work, "magpie_movegen")
        command = [compiler, *FLAGS, "-w", f"-I{root}", "-o", str(made), str(code)]
        command += [*map(str, objects), "-pthread", "-lm"]
        done = run_program(command, "compiling lexibench's MAGPIE harness")
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
            raise InputError(f"compiling lexibench's MAGPIE harness failed: {last}")
        os.replace(made, target)
    return target


def _host() -> tuple[str, str]:
    """The machine and its processor's model: the harness is built for the processor it runs on
    (``-march=native``), so a cache folder shared between machines keeps one build of each."""
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            model = next((line for line in info if line.startswith("model name")), "")
    except OSError:
        pass
    return os.uname().machine, model.strip()


def run_program(
    command: list[str],
    what: str,
    cwd: Path | None = None,
    text: str | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``command``'s run (in ``cwd``, ``text`` on its input, ``env`` its environment, where
    given), its output kept; :class:`InputError` when it cannot start or takes more than
    :data:`TIMEOUT` seconds."""
    try:
        return subprocess.run(
            command, input=text, capture_output=True, text=True, check=False, timeout=TIMEOUT,
            cwd=cwd, env=env,
        )  # fmt: skip
    except FileNotFoundError as exc:
        raise InputError(f"{what}: {exc.filename} not found") from None
    except subprocess.TimeoutExpired:
        raise InputError(f"{what}: stopped after {TIMEOUT} s") from None


def run_timed(
    command: list[str],
    what: str,
    cwd: Path | None = None,
    text: str | None = None,
    env: dict[str, str] | None = None,
) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """:func:`run_program`'s run, as a whole process timed from outside: the run, its CPU
    seconds (``getrusage`` of the children, every thread's) and its wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = run_program(command, what, cwd, text, env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return done, cpu, wall


@dataclass(frozen=True)
class PeerMove:
    """One move as MAGPIE lists it: ``kind`` place, exchange or pass; ``coord`` as lexibench
    writes it (``-`` for an exchange or a pass); ``word`` the whole main word with blanks in
    lower case (an exchange: the tiles it returns); its score, leave and equity."""

    kind: str
    coord: str
    word: str
    score: int
    leave: str
    equity: float


@dataclass(frozen=True)
class PeerBest:
    """The first move of a position's list: its coordinate and text as MAGPIE writes them
    (played-through tiles in parentheses; ``(exch ABC)``, ``pass``), score and equity (a
    pass's is MAGPIE's sentinel, -1000), and its kind."""

    move: str
    score: int
    equity: float
    kind: Kind = "place"


@dataclass(frozen=True)
class PeerRun:
    """What the harness found and how long it took: per position, the count of moves and the
    best one (None where there is no move); every move, where asked for; and each round's
    seconds of generation over all the positions, and of preparing the boards (their
    cross-sets and anchors, which MAGPIE makes as a position is loaded and lexibench's
    generator at every call)."""

    counts: tuple[int, ...]
    best: tuple[PeerBest | None, ...]
    """Per position, its first move where it is a placement (None: a pass or an exchange
    came first, or there is no move)."""
    moves: tuple[tuple[PeerMove, ...], ...] | None
    round_seconds: tuple[float, ...]
    prepare_seconds: tuple[float, ...]
    first: tuple[PeerBest | None, ...] = ()
    """Per position, its first move whatever its kind (None: there is no move)."""


_POSITION = re.compile(r"position (\d+) moves (\d+) best (.+) score (-?\d+) equity (-?[0-9.]+)")
_ROUND = re.compile(r"round (\d+) seconds ([0-9.]+) prepare ([0-9.]+)")


def parse_output(text: str, positions: int, every_move: bool) -> PeerRun:
    """The harness's output read back (see ``magpie_movegen.c``). Raises :class:`InputError`
    when it is not what the harness writes for ``positions`` positions.

    >>> run = parse_output(
    ...     "move\\t1\\tplace\\tN6\\tZEE\\t67\\tAIIL\\t56.905\\n"
    ...     "position 1 moves 1 best N6 ZEE score 67 equity 56.905\\n"
    ...     "round 1 seconds 0.000120 prepare 0.000010\\n", 1, True)
    >>> run.counts, run.best[0].score, run.moves[0][0].word, run.round_seconds
    ((1,), 67, 'ZEE', (0.00012,))
    >>> run.prepare_seconds
    (1e-05,)
    """
    counts: list[int] = []
    best: list[PeerBest | None] = []
    moves: list[list[PeerMove]] = [[] for _ in range(positions)]
    rounds: list[float] = []
    preparing: list[float] = []
    first: list[PeerBest | None] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("move\t"):
            fields = line.split("\t")
            if len(fields) != 8 or not fields[1].isdigit() or not 1 <= int(fields[1]) <= positions:
                raise InputError(f"MAGPIE harness: line {number}: not a move: {line[:80]!r}")
            kind, coord, word, score, leave, equity = fields[2:]
            moves[int(fields[1]) - 1].append(
                PeerMove(kind, coord, word, int(score), leave, float(equity))
            )
        elif found := _POSITION.fullmatch(line):
            if int(found[1]) != len(counts) + 1:
                raise InputError(f"MAGPIE harness: line {number}: position {found[1]} out of order")
            counts.append(int(found[2]))
            made = PeerBest(found[3], int(found[4]), float(found[5]), move_kind(found[3]))
            first.append(made if int(found[2]) else None)
            best.append(made if int(found[2]) and made.kind == "place" else None)
        elif found := _ROUND.fullmatch(line):
            rounds.append(float(found[2]))
            preparing.append(float(found[3]))
        else:
            raise InputError(f"MAGPIE harness: line {number}: unexpected {line[:80]!r}")
    if len(counts) != positions or not rounds:
        raise InputError(
            f"MAGPIE harness: {len(counts)} positions and {len(rounds)} rounds in its output, "
            f"for {positions} positions"
        )
    if every_move and any(len(m) != c for m, c in zip(moves, counts, strict=True)):
        raise InputError("MAGPIE harness: the moves listed differ from the counts")
    return PeerRun(
        tuple(counts),
        tuple(best),
        tuple(tuple(m) for m in moves) if every_move else None,
        tuple(rounds),
        tuple(preparing),
        tuple(first),
    )


def move_kind(move: str) -> Kind:
    """The kind of a move as MAGPIE writes it: ``pass``, ``(exch ABC)`` or a placement."""
    if move.startswith("pass"):
        return "pass"
    return "exchange" if move.startswith("(exch") else "place"


def placement(best: PeerBest) -> tuple[str, str, int]:
    """A placement as the crossword game's answer key writes it: ``(coord, word, score)``, the
    whole main word (MAGPIE writes the tiles played through in parentheses).

    >>> placement(PeerBest("K5 FOr(ES)IN", 36, 47.721))
    ('K5', 'FOrESIN', 36)
    """
    coord, _, word = best.move.partition(" ")
    return coord, word.replace("(", "").replace(")", ""), best.score


def generate(
    cgp_lines: Sequence[str],
    kwg: bytes,
    leaves: bytes,
    mode: Mode,
    *,
    rounds: int = 1,
    word_maps: bool = False,
    every_move: bool = False,
    between: Callable[[], object] | None = None,
) -> PeerRun:
    """MAGPIE's moves on the positions ``cgp_lines`` (CGP, each with both racks where the bag
    matters), over the KWG array ``kwg`` with the KLV2 leave table ``leaves``: every move
    (``all``) or the best (``best``), by equity, or by score (``allscore``, ``bestscore``);
    ``rounds`` times over; with ``word_maps``, with MAGPIE's word map of the lexicon
    (:func:`data_folder`). With ``between``, the rounds go in step with the caller:
    ``between()`` runs before each of them, while the peer waits, so that what it times
    alternates with the peer's rounds on the same machine (side by side, round for round), both
    processes kept on one processor meanwhile.
    Raises :class:`InputError` when MAGPIE is not built or fails."""
    program = harness(folder())
    with data_folder(kwg, leaves, word_maps=word_maps) as data:
        positions = data.path / "positions.cgp"
        positions.write_text("".join(line + "\n" for line in cgp_lines), encoding="utf-8")
        command = [str(program), "-p", data.paths, "-l", LEXICON, "-k", LEXICON, "-m", mode]
        command += ["-r", str(rounds), *(["-w"] if word_maps else [])]
        command += [*(["-v"] if every_move else []), *(["-s"] if between else [])]
        command.append(str(positions))
        if between is None:
            done = run_program(command, "MAGPIE's move generation")
            status, out, err = done.returncode, done.stdout, done.stderr
        else:
            status, out, err = _in_step(command, rounds, between)
        if status != 0:
            last = (err.strip().splitlines() or ["(no message)"])[-1]
            raise InputError(f"MAGPIE's move generation failed: {last}")
    return parse_output(out, len(cgp_lines), every_move)


def _in_step(
    command: list[str], rounds: int, between: Callable[[], object]
) -> tuple[int, str, str]:
    """Run the harness in step (``-s``): for each round, ``between()``, then a line to the
    harness and its output read up to the round's line. Its status, output and messages;
    :class:`InputError` when it cannot start or a round takes more than :data:`TIMEOUT`
    seconds."""
    with tempfile.TemporaryFile() as messages, _one_processor() as processor:
        try:
            process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=messages
            )
        except FileNotFoundError as exc:
            raise InputError(f"MAGPIE's move generation: {exc.filename} not found") from None
        if processor is not None:
            with contextlib.suppress(OSError):  # (it may have ended already)
                os.sched_setaffinity(process.pid, processor)
        assert process.stdin is not None
        assert process.stdout is not None
        out = bytearray()
        with process:  # its pipes closed, and it waited for, whatever happens
            try:
                with selectors.DefaultSelector() as waiting:
                    waiting.register(process.stdout, selectors.EVENT_READ)
                    fd = process.stdout.fileno()
                    # nothing of the caller's runs while the harness loads
                    ready = _read_line(fd, waiting, out, b"ready")
                    if ready:  # its line, the last read, is not part of what parse_output reads
                        del out[out.rfind(b"\n", 0, len(out) - 1) + 1 :]
                    for _ in range(rounds if ready else 0):
                        between()
                        process.stdin.write(b"go\n")
                        process.stdin.flush()
                        if not _read_line(fd, waiting, out, b"round "):
                            break  # it stopped: its status says why
                process.stdin.close()
                out += process.stdout.read()
                status = process.wait(TIMEOUT)
            except BrokenPipeError:  # it stopped before a round: its status says why
                status = process.wait(TIMEOUT) or 2
            except subprocess.TimeoutExpired:
                raise InputError(f"MAGPIE's move generation: stopped after {TIMEOUT} s") from None
            finally:
                if process.poll() is None:
                    process.kill()
        messages.seek(0)
        err = messages.read().decode("utf-8", "replace")
    return status, out.decode("utf-8", "replace"), err


@contextlib.contextmanager
def _one_processor() -> Iterator[set[int] | None]:
    """This process kept on one of its processors meanwhile (the harness is put there too), so
    that the two sides, which take turns, run on the same one: on a shared machine a neighbour's
    load on one processor then reaches both alike. The processor, or None where the platform
    cannot say where a process runs."""
    if not hasattr(os, "sched_setaffinity"):
        yield None
        return
    before = os.sched_getaffinity(0)
    processor = {min(before)}
    os.sched_setaffinity(0, processor)
    try:
        yield processor
    finally:
        os.sched_setaffinity(0, before)


def _read_line(fd: int, waiting: selectors.BaseSelector, out: bytearray, start: bytes) -> bool:
    """The harness's output appended to ``out`` up to its next line that begins with
    ``start`` (its ``ready`` or a round's line, the last it writes before it waits): True, or
    False when it ends first. Read unbuffered, so that no line waits in a buffer while the
    harness waits for the caller."""
    begun = len(out)
    while True:
        if not waiting.select(TIMEOUT):
            raise InputError(f"MAGPIE's move generation: no output for {TIMEOUT} s")
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return False
        out += chunk
        if out.endswith(b"\n"):
            last = out.rfind(b"\n", begun, len(out) - 1) + 1
            if out.startswith(start, max(last, begun)):
                return True


@dataclass(frozen=True)
class DataFolder:
    """A data folder of MAGPIE's made for a run (:func:`data_folder`): ``root`` the MAGPIE
    checkout, ``path`` the folder, ``paths`` MAGPIE's ``-path`` (this folder, then MAGPIE's own
    ``data``: its layouts and letter distributions)."""

    root: Path
    path: Path
    paths: str


@contextlib.contextmanager
def data_folder(kwg: bytes, leaves: bytes, *, word_maps: bool = False) -> Iterator[DataFolder]:
    """A temporary data folder holding the KWG ``kwg`` and the KLV2 table ``leaves`` as the
    lexicon and the leaves named :data:`LEXICON`, and with ``word_maps`` MAGPIE's word map of
    that KWG (:func:`word_map`); its ``data`` is MAGPIE's own, for a MAGPIE command run in it
    (MAGPIE loads its default board layout from ``./data`` before it reads ``-path``). Raises
    :class:`InputError` when MAGPIE is not built."""
    root = folder()
    with tempfile.TemporaryDirectory(prefix="lexibench-magpie-") as work:
        data = Path(work)
        (data / "lexica").mkdir()
        (data / "data").symlink_to(root / "data")
        (data / "lexica" / f"{LEXICON}.kwg").write_bytes(kwg)
        (data / "lexica" / f"{LEXICON}.klv2").write_bytes(leaves)
        if word_maps:
            os.symlink(word_map(root, kwg), data / "lexica" / f"{LEXICON}.wmp")
        yield DataFolder(root, data, f"{data}:{root / 'data'}")


#: MAGPIE's word maps made in this process, by their KWG's SHA-256, and the folders holding
#: them (removed as the process ends): a word map of a full English list is some 160 MB, and
#: MAGPIE takes seconds to make it.
_WORD_MAPS: dict[str, Path] = {}
_KEPT: list[tempfile.TemporaryDirectory[str]] = []


def word_map(root: Path, kwg: bytes) -> Path:
    """MAGPIE's word map (``.wmp``) of the KWG ``kwg``, made by the MAGPIE in ``root`` once a
    process, in a folder of its own (run in a temporary folder whose ``data`` is MAGPIE's: it
    loads its default board layout from ``./data`` before it reads ``-path``)."""
    key = hashlib.sha256(kwg).hexdigest()
    made = _WORD_MAPS.get(key)
    if made is not None and made.is_file():
        return made
    kept = tempfile.TemporaryDirectory(prefix="lexibench-magpie-wmp-")
    _KEPT.append(kept)
    work = Path(kept.name)
    (work / "lexica").mkdir()
    (work / "lexica" / f"{LEXICON}.kwg").write_bytes(kwg)
    (work / "data").symlink_to(root / "data")
    command = [str(root / "bin" / "magpie"), "convert", "dawg2wordmap", LEXICON]
    command += ["-path", f"{work}:{root / 'data'}", "-threads", "1", "-savesettings", "false"]
    done = run_program(command, "MAGPIE's word map", cwd=work)
    made = work / "lexica" / f"{LEXICON}.wmp"
    if done.returncode != 0 or "error" in done.stdout.lower() or not made.is_file():
        text = (done.stderr or done.stdout).strip().splitlines() or ["(no message)"]
        raise InputError(f"MAGPIE's word map could not be made: {text[-1]}")
    _WORD_MAPS[key] = made
    return made


def placements(moves: Iterable[PeerMove]) -> list[tuple[str, str, int]]:
    """The placements among ``moves`` as the crossword game's answer key writes them:
    ``(coord, word, score)``, sorted (exchanges and passes left out).

    >>> placements([PeerMove("pass", "-", "", 0, "AB", -1000.0),
    ...             PeerMove("place", "8H", "aB", 4, "", 4.0)])
    [('8H', 'aB', 4)]
    """
    return sorted((m.coord, m.word, m.score) for m in moves if m.kind == "place")
