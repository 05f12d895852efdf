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
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Self

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.prove.job import ClassOutcome
from lexibench.structures.atomic import write_text_atomic
from lexibench.structures.files import read_regular, unwritable

FORMAT: Final = "lexibench-prove-checkpoint/1"


def _header(path: Path, line: bytes) -> dict[str, Any]:
    try:
        header = json.loads(line)
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise InputError(f"--checkpoint {path}: not a checkpoint of lexibench prove")
    return header


def check_path(path: Path) -> None:
    """Refuse, in one line, a checkpoint path that is not a regular file (a device, a FIFO, a
    folder: a checkpoint is read whole and replaced) or whose folder does not exist."""
    why = unwritable(path)
    if why is not None:
        raise InputError(f"--checkpoint {path}: {why}")


def read(
    path: Path,
) -> tuple[dict[str, Any], dict[int, ClassOutcome], int, list[dict[str, Any]]] | None:
    """The header, the finished classes by id, the length of the file's whole lines and the
    runs' records (oldest first); None when there is no such file. A file that is not a
    checkpoint is one line."""
    try:
        data = read_regular(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(f"--checkpoint {path}: cannot read it ({exc.strerror or exc})") from None
    whole = data.rfind(b"\n") + 1
    lines = data[:whole].split(b"\n")[:-1]
    if not lines:
        raise InputError(f"--checkpoint {path}: not a checkpoint of lexibench prove (no header)")
    header = _header(path, lines[0])
    outcomes: dict[int, ClassOutcome] = {}
    runs: list[dict[str, Any]] = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            record = json.loads(line)
            if isinstance(record, dict) and isinstance(record.get("run"), dict):
                runs.append(record["run"])
                continue
            outcome = ClassOutcome.from_record(record)
        except (ValueError, KeyError, TypeError):
            raise InputError(
                f"--checkpoint {path}: line {number} is not a class's record"
            ) from None
        outcomes.setdefault(outcome.class_id, outcome)
    return header, outcomes, whole, runs


def difference(header: dict[str, Any], fingerprint: dict[str, Any]) -> str | None:
    """How a checkpoint's plan differs from ``fingerprint`` (the first difference, in words), or
    None when it is the same plan."""
    recorded = header.get("plan", {})
    for key, value in fingerprint.items():
        if recorded.get(key) != value:
            return f"{key} {recorded.get(key)!r} there, {value!r} here"
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
            self.header, self.outcomes, whole, self.runs = found
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
        """Record a finished class: one line appended and flushed to disk."""
        self._append(outcome.as_record())
        self.outcomes.setdefault(outcome.class_id, outcome)

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
    header = found[0]
    try:
        return int(header["plan"]["target"]), dict(header.get("target_from") or {})
    except (KeyError, TypeError, ValueError):
        raise InputError(f"--checkpoint {path}: its header names no target") from None
