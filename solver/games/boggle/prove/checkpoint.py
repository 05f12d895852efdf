"""A proof's checkpoint: the classes it has finished, on disk, so a stopped or crashed run resumes.

The file is JSON lines. The first is the header: the format, the plan's fingerprint (everything
that decides the classes' outcomes, with the word list's hash) and where the target came from.
Each later line is one finished class (:meth:`~.job.ClassOutcome.as_record`), appended with one
write and flushed to disk as soon as the class is back, so a crash loses at most the classes in
flight; or, at the end of each run that finished classes (complete or stopped), one
``{"run": {...}}`` line: when it ended, its wall and CPU seconds, the classes it finished, where
they ran, on what machine and (at the native tier) with which build of the compiled bound (plain
or profile-guided), so that a proof run over many sessions keeps its whole wall time.

A new file appears whole (header written to a temporary file, then renamed); a record cut short
by a crash is the file's last line and lacks its newline: it is dropped on resume (the file is cut
back to its last whole line). While a run uses the file it holds a lock on it: a second run on
the same checkpoint is refused.

A checkpoint is read as a file from a stranger (:func:`parse`, the registered format
``prove-checkpoint``): a regular file of at most :data:`MAX_BYTES`, its header a proof's plan
(every field of its type and range), each class's record a canonical class of that plan, recorded
once, each count and time of its type and range, its outcome the one its fields give, its boards
boards of the plan's size scoring at least the target; each run's record of its fields and types.
Anything else is one line naming the file and the line: a record out of range would have counted
as a class done (a proof "done" with 25 of its 24 classes, never complete).
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from types import TracebackType
from typing import Any, Final, NamedTuple, Self

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import parse_board, parse_size
from lexibench.solver.games.boggle.prove.classes import check_classes
from lexibench.solver.games.boggle.prove.job import ClassOutcome
from lexibench.solver.games.boggle.prove.known import STATUSES
from lexibench.solver.games.boggle.prove.partitions import partition
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.structures.atomic import write_text_atomic
from lexibench.structures.files import input_format, printable, read_input, unwritable

FORMAT: Final = "lexibench-prove-checkpoint/1"
#: What a checkpoint is called in messages (the option that names it).
WHAT: Final = "--checkpoint"
#: The largest checkpoint read: a line per class of some 150 bytes (more for a class with boards),
#: so a whole 4x4 proof (1,068,363 canonical classes with the default partition) takes 160 MB.
MAX_BYTES: Final = 1 << 30
#: The fields of a class's record (:meth:`~.job.ClassOutcome.as_record`).
CLASS_FIELDS: Final = (
    "id",
    "outcome",
    "bound",
    "paths",
    "distinct",
    "nodes",
    "steps",
    "candidates",
    "boards",
    "seconds",
)
#: A run record's fields (:func:`~.run._run_record`) and their types; the first two required.
RUN_FIELDS: Final[dict[str, tuple[type, ...]]] = {
    "seconds": (int, float),
    "classes": (int,),
    "cpu_seconds": (int, float),
    "process_cpu_seconds": (int, float),
    "ended": (str,),
    "where": (str,),
    "tier": (str,),
    "build": (str,),
    "stopped": (str, type(None)),
    "machine": (str,),
    "python": (str,),
    "lexibench": (str,),
}
#: Where a target may come from: ``--target``, the search, the best known board.
TARGET_FROM: Final = ("option", "best", "known")
#: The most seconds a record may hold (31 years): a larger figure is no measurement.
LONGEST_S: Final = 1e9
#: The most a count of a class's record may be (what the compiled bound counts in).
MOST: Final = (1 << 63) - 1


class Contents(NamedTuple):
    """A checkpoint, read and checked."""

    header: dict[str, Any]
    outcomes: dict[int, ClassOutcome]
    """The finished classes by id, each a canonical class of :attr:`plan`, each once."""
    whole: int
    """The length of the file's whole lines (a record cut short by a crash lies past it)."""
    runs: list[dict[str, Any]]
    """The runs' records, oldest first."""
    plan: ProofPlan
    """The plan the header records."""


class _LineError(Exception):
    """A problem of one line of a checkpoint, in words (the line is named by the caller)."""


def _shown(value: object) -> str:
    """``value``'s repr, cut to 40 characters (a message stays one short line)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: object, least: int = 0, most: int = MOST) -> bool:
    return type(value) is int and least <= value <= most


def _is_seconds(value: object) -> bool:
    return type(value) in (int, float) and 0 <= value <= LONGEST_S  # type: ignore[operator]


def _no_constant(text: str) -> float:
    raise _LineError(f"{text} is not a number (JSON has no NaN or infinity)")


#: JSON's own decoder, refusing the constants Python's takes (``NaN``, ``Infinity``).
_DECODER: Final = json.JSONDecoder(parse_constant=_no_constant)


def _json(line: bytes) -> Any:
    """One line's JSON: strictly UTF-8, without NaN or infinity, nested as a record is."""
    try:
        return _DECODER.decode(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise _LineError("not UTF-8 text") from None
    except ValueError:
        raise _LineError("not JSON") from None
    except RecursionError:
        raise _LineError("nested too deeply to be a record") from None


def _check_known(origin: dict[str, Any], rows: int, cols: int, target: int) -> None:
    """A target from the best known board (:func:`~.run.default_target`): its fields, the
    word list's name (a short text, safe to show), the board (of the plan's size), its score
    (the plan's target) and its status."""
    name, board = origin.get("wordlist"), origin.get("board")
    if not (
        set(origin) == {"from", "wordlist", "board", "score", "status"}
        and isinstance(name, str)
        and 0 < len(name) <= 100
        and printable(name) == name
        and isinstance(board, str)
        and len(board) <= 4 * rows * cols + rows
        and _is_int(origin["score"], 1)
        and origin["score"] == target
        and origin["status"] in STATUSES
    ):
        raise _LineError("the header's target_from is not a known board's (wordlist, board, ...)")
    try:
        shape = parse_board(board)
    except InputError:
        shape = None
    if shape is None or (shape.rows, shape.cols) not in ((rows, cols), (cols, rows)):
        raise _LineError(f"the header's known board is not a {rows}x{cols} board")


def _plan(header: dict[str, Any]) -> ProofPlan:
    """The proof plan a header records, every field checked (:meth:`ProofPlan.fingerprint`)."""
    unknown = set(header) - {"format", "plan", "target_from"}
    if unknown:
        raise _LineError(f"the header has a field {_shown(min(unknown))} no checkpoint has")
    plan = header.get("plan")
    fields = ("algorithm", "size", "partition", "order", "target", "min_length", "weights")
    if not isinstance(plan, dict) or set(plan) != {*fields, "wordlist_sha256"}:
        raise _LineError("the header's plan is not a proof's (its fields)")
    if not _is_int(plan["algorithm"], 1):
        raise _LineError(f"the plan's algorithm {_shown(plan['algorithm'])} is not a version")
    sha = plan["wordlist_sha256"]
    if not (isinstance(sha, str) and len(sha) == 64 and set(sha) <= set("0123456789abcdef")):
        raise _LineError("the plan's wordlist_sha256 is not a SHA-256")
    if not isinstance(plan["size"], str) or not isinstance(plan["partition"], str):
        raise _LineError("the plan's size and partition are not texts")
    try:
        rows, cols = parse_size(plan["size"])
        chosen = partition(plan["partition"])
        check_classes(rows, cols, chosen)
    except InputError as exc:
        raise _LineError(f"the plan: {exc}") from None
    cells = rows * cols
    order, weights = plan["order"], plan["weights"]
    if not isinstance(order, list) or sorted(o if _is_int(o) else -1 for o in order) != list(
        range(cells)
    ):
        raise _LineError(f"the plan's order is not an order of the {cells} cells")
    if not (isinstance(weights, list) and 0 < len(weights) <= 64 and all(map(_is_int, weights))):
        raise _LineError("the plan's weights are not points by word length")
    if not _is_int(plan["target"], 1) or not _is_int(plan["min_length"], 1, 64):
        raise _LineError("the plan's target and min_length are not whole numbers of at least 1")
    origin = header.get("target_from", {})
    if not isinstance(origin, dict) or origin.get("from", "option") not in TARGET_FROM:
        raise _LineError("the header's target_from is not where a target came from")
    if origin.get("from") == "known":
        _check_known(origin, rows, cols, plan["target"])
    if origin.get("from") == "best" and not (
        _is_int(origin.get("seed"))
        and _is_int(origin.get("evaluations"))
        and _is_int(origin.get("score"))
        and isinstance(origin.get("board"), str)
    ):
        raise _LineError("the header's target_from is not a search's (seed, evaluations, ...)")
    return ProofPlan(
        rows, cols, chosen, plan["target"], plan["min_length"], tuple(weights), tuple(order)
    )


def _outcome(record: dict[str, Any], plan: ProofPlan) -> ClassOutcome:
    """A class's record, checked against the proof's plan (all but its being new)."""
    if set(record) != set(CLASS_FIELDS):
        missing = [name for name in CLASS_FIELDS if name not in record]
        extra = sorted(set(record) - set(CLASS_FIELDS))
        raise _LineError(
            f"not a class's record ({'no ' + repr(missing[0]) if missing else repr(extra[0])})"
        )
    class_id = record["id"]
    space = plan.space
    if not _is_int(class_id, 0, space.total - 1) or not space.is_canonical(class_id):
        raise _LineError(
            f"class {_shown(class_id)} is not one of the proof's {space.canonical_count:,} "
            f"canonical classes (ids from 0 to {space.total - 1:,}, the smallest of their images)"
        )
    for name in ("bound", "paths", "distinct", "nodes", "steps", "candidates"):
        if not _is_int(record[name]):
            raise _LineError(f"class {class_id}: {name} {_shown(record[name])} is not a count")
    if not _is_seconds(record["seconds"]):
        raise _LineError(f"class {class_id}: seconds {_shown(record['seconds'])} is not a time")
    boards = record["boards"]
    if not isinstance(boards, list) or len(boards) > record["candidates"]:
        raise _LineError(f"class {class_id}: its boards are not a list of its candidates")
    found = []
    for board in boards:
        if not (
            isinstance(board, list)
            and len(board) == 3
            and isinstance(board[0], str)
            and _is_int(board[1], plan.target)
            and _is_int(board[2], 1)
        ):
            raise _LineError(
                f"class {class_id}: a board is not [text, score >= {plan.target}, words >= 1]"
            )
        try:
            shape = parse_board(board[0])
        except InputError:
            shape = None
        if shape is None or (shape.rows, shape.cols) != (plan.rows, plan.cols):
            raise _LineError(
                f"class {class_id}: {_shown(board[0][:40])} is not a {plan.size} board"
            )
        found.append((board[0], board[1], board[2]))
    outcome = ClassOutcome(
        class_id,
        record["bound"],
        record["paths"],
        record["distinct"],
        record["nodes"],
        record["steps"],
        record["candidates"],
        tuple(found),
        float(record["seconds"]),
    )
    if record["outcome"] != outcome.outcome:
        raise _LineError(
            f"class {class_id}: outcome {_shown(record['outcome'])} where its steps and boards say "
            f"{_shown(outcome.outcome)}"
        )
    return outcome


def _run(run: Any) -> dict[str, Any]:
    """A run's record, checked: its fields of the right types, its times and count in range."""
    if not isinstance(run, dict) or not {"seconds", "classes"} <= set(run) <= set(RUN_FIELDS):
        raise _LineError("not a run's record (its fields)")
    for name, value in run.items():
        if type(value) not in RUN_FIELDS[name]:
            raise _LineError(f"a run's {name} {_shown(value)} is not of its type")
    for name in ("seconds", "cpu_seconds", "process_cpu_seconds"):
        if name in run and not _is_seconds(run[name]):
            raise _LineError(f"a run's {name} {_shown(run[name])} is not a time")
    if not _is_int(run["classes"]):
        raise _LineError(f"a run's classes {_shown(run['classes'])} is not a count")
    return run


@input_format("prove-checkpoint", WHAT, MAX_BYTES)
def parse(data: bytes, name: str, what: str = WHAT) -> Contents:
    """A checkpoint's bytes (``name`` for errors, ``what`` the noun they open with), every line
    checked against the plan its header records: the header a proof's, each class a canonical
    class of the plan recorded once with fields of their types and ranges, each run's record
    well formed. A problem is one :class:`InputError` naming the file and the line. A last line
    without its newline (a record cut short by a crash) is left out (see :attr:`Contents.whole`).
    """
    where = f"{what} {name}"
    whole = data.rfind(b"\n") + 1
    lines = data[:whole].split(b"\n")[:-1]
    if not lines:
        raise InputError(f"{where}: not a checkpoint of lexibench prove (no header)")
    try:
        header = _json(lines[0])
    except _LineError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise InputError(f"{where}: not a checkpoint of lexibench prove")
    try:
        plan = _plan(header)
    except _LineError as exc:
        raise InputError(f"{where}: line 1: {exc}") from None
    outcomes: dict[int, ClassOutcome] = {}
    seen: dict[int, int] = {}
    runs: list[dict[str, Any]] = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            record = _json(line)
            if isinstance(record, dict) and "run" in record:
                if len(record) != 1:
                    raise _LineError("not a run's record (its fields)")
                runs.append(_run(record["run"]))
                continue
            if not isinstance(record, dict):
                raise _LineError("not a class's record")
            outcome = _outcome(record, plan)
            if outcome.class_id in seen:
                raise _LineError(
                    f"class {outcome.class_id} is recorded twice (line {seen[outcome.class_id]})"
                )
        except _LineError as exc:
            raise InputError(f"{where}: line {number}: {exc}") from None
        seen[outcome.class_id] = number
        outcomes[outcome.class_id] = outcome
    return Contents(header, outcomes, whole, runs, plan)


def check_path(path: Path) -> None:
    """Refuse, in one line, a checkpoint path that is not a regular file (a device, a FIFO, a
    folder: a checkpoint is read whole and replaced) or whose folder does not exist."""
    why = unwritable(path)
    if why is not None:
        raise InputError(f"{WHAT} {path}: {why}")


def read(path: Path, what: str = WHAT) -> Contents | None:
    """The checkpoint at ``path``, read (a regular file of at most :data:`MAX_BYTES`) and
    checked (:func:`parse`; ``what`` the noun its errors open with); None when there is no
    such file."""
    if not os.path.lexists(path):
        return None
    return parse(read_input(path, what, MAX_BYTES), str(path), what)


def difference(header: dict[str, Any], fingerprint: dict[str, Any]) -> str | None:
    """How a checkpoint's plan differs from ``fingerprint`` (the first difference, in words), or
    None when it is the same plan."""
    recorded = header.get("plan", {})
    for key, value in fingerprint.items():
        if recorded.get(key) != value:
            return f"{key} {_shown(recorded.get(key))} there, {_shown(value)} here"
    return None


class Checkpoint:
    """An open checkpoint: the classes finished so far; :meth:`add` records one more.
    Use it as a context manager (the file is locked while open)."""

    def __init__(self, path: Path, fingerprint: dict[str, Any], origin: dict[str, Any]) -> None:
        """Open ``path`` for the plan of ``fingerprint`` (creating it, with ``origin``: where
        the target came from). A checkpoint of another plan, or one another run holds, is one
        line."""
        self.path = path
        self.dropped = False
        """True when a record cut short by a crash was dropped."""
        check_path(path)
        if not path.exists():
            header = {"format": FORMAT, "plan": fingerprint, "target_from": origin}
            try:
                write_text_atomic(path, json.dumps(header) + "\n")
            except OSError as exc:
                raise InputError(
                    f"--checkpoint {path}: cannot write it ({exc.strerror or exc})"
                ) from None
        try:
            self._fd = os.open(path, os.O_RDWR | os.O_APPEND)
        except OSError as exc:
            raise InputError(
                f"--checkpoint {path}: cannot open it ({exc.strerror or exc})"
            ) from None
        try:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise InputError(
                    f"--checkpoint {path}: another proof is using it (wait for it to end)"
                ) from None
            found = read(path)
            if found is None:
                raise InputError(f"--checkpoint {path}: it vanished while being opened")
            self.header, self.outcomes, whole, self.runs, _ = found
            why = difference(self.header, fingerprint)
            if why is not None:
                raise InputError(
                    f"--checkpoint {path}: made by a proof with other options ({why}); "
                    "give the same options, or another file"
                )
            if os.fstat(self._fd).st_size > whole:
                os.ftruncate(self._fd, whole)
                self.dropped = True
        except BaseException:
            os.close(self._fd)
            raise

    def add(self, outcome: ClassOutcome) -> None:
        """Record a finished class: one line appended and flushed to disk (a class recorded
        already is not recorded again: a checkpoint holds each class once)."""
        if outcome.class_id in self.outcomes:
            return
        self._append(outcome.as_record())
        self.outcomes[outcome.class_id] = outcome

    def add_run(self, run: dict[str, Any]) -> None:
        """Record what a run did (see the module docstring): one line appended."""
        self._append({"run": run})
        self.runs.append(run)

    def _append(self, record: dict[str, Any]) -> None:
        line = (json.dumps(record, separators=(",", ":")) + "\n").encode()
        try:
            written = os.write(self._fd, line)
            if written != len(line):
                raise OSError(0, "the disk took only part of a record")
            os.fsync(self._fd)
        except OSError as exc:
            raise InputError(
                f"--checkpoint {self.path}: cannot write it ({exc.strerror or exc})"
            ) from None

    def close(self) -> None:
        """Release the file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def recorded_target(path: Path) -> tuple[int, dict[str, Any]] | None:
    """The target of the checkpoint at ``path`` and where it came from, or None when there is
    no such file (so a resumed run need not search for its target again)."""
    found = read(path)
    if found is None:
        return None
    return found.plan.target, dict(found.header.get("target_from") or {})
