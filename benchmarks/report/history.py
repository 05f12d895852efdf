"""The runs kept by commit: ``results/history/<date>-<commit>/``, each a full run's raw files
(gzipped) and a manifest of what ran and how long each step took.

``lexibench compare`` reads a kept run as it reads a results folder; the HTML report draws a
case's trend over them; the runner reads the newest manifest to say how long each step took
last time, and so about how long is left.
"""

from __future__ import annotations

import gzip
import os
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Final

import msgspec

from lexibench.solver.errors import InputError
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import input_format, read_input

#: The kept runs' folder, under a results folder.
HISTORY: Final = "history"
MANIFEST: Final = "run.json"
#: What a manifest is called in messages, and the largest one read (they take under a KiB).
WHAT: Final = "kept run's manifest"
MAX_BYTES: Final = 1 << 20

Seconds = Annotated[float, msgspec.Meta(ge=0, le=1e9)]


class Manifest(
    msgspec.Struct, forbid_unknown_fields=True, tag_field="schema", tag="lexibench-history/1"
):
    """What a kept run was: its commit, when, and each step's wall seconds."""

    commit: str
    """The commit the run measured (``unknown`` outside a git checkout)."""
    dirty: bool
    """True when the checkout had changes beside that commit."""
    datetime: str
    steps: dict[str, Seconds]
    """Each step's wall seconds, in the order run (``suite games``, ``bulk runs``, ...)."""
    seconds: Seconds
    """The whole run's wall seconds."""


@dataclass(frozen=True)
class Commit:
    """The commit a run measures."""

    id: str
    dirty: bool


def commit_of(folder: Path) -> Commit:
    """The commit checked out at ``folder`` and whether it has changes (``unknown`` when it is no
    git checkout or git is missing)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=folder, capture_output=True, text=True, check=True
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return Commit("unknown", False)
    return Commit(head, bool(status.strip()))


def folder_name(manifest: Manifest) -> str:
    """``<date>T<time>-<commit>``: sorts by time, names the commit (12 digits)."""
    stamp = manifest.datetime.replace(":", "").replace("-", "")[:15]  # 20261126T184400
    return f"{stamp}-{manifest.commit[:12]}"


def run_folder(results: Path, manifest: Manifest) -> Path:
    """The folder that keeps the run of ``manifest`` under ``results``."""
    return results / HISTORY / folder_name(manifest)


def kept_files(results: Path, manifest: Manifest, raw: Mapping[str, bytes]) -> dict[Path, bytes]:
    """The files that keep a run in the history (in :func:`run_folder`): ``raw`` (paths relative
    to the results folder, ``raw/games.json``, ``memory.json``) gzipped, and the manifest."""
    where = run_folder(results, manifest)
    files = {
        where / f"{name}.gz": gzip.compress(data, compresslevel=9, mtime=0)
        for name, data in raw.items()
    }
    files[where / MANIFEST] = msgspec.json.format(msgspec.json.encode(manifest)) + b"\n"
    return files


@input_format("history-manifest", WHAT, MAX_BYTES)
def parse_manifest(data: bytes, name: str) -> Manifest:
    """A kept run's ``run.json`` (its bytes; ``name`` for errors), validated."""
    try:
        return msgspec.json.decode(data, type=Manifest)
    except msgspec.ValidationError as exc:
        raise InputError(f"{WHAT} {name}: {_first_line(exc)}") from None
    except msgspec.DecodeError as exc:
        raise InputError(f"{WHAT} {name}: not valid JSON ({_first_line(exc)})") from None
    except RecursionError:
        raise InputError(f"{WHAT} {name}: nested too deeply to be a manifest") from None


def _first_line(exc: BaseException) -> str:
    text = (str(exc).splitlines() or [type(exc).__name__])[0]
    return text[:1].lower() + text[1:]


def kept_runs(results: Path) -> list[tuple[Path, Manifest]]:
    """The runs kept under ``results``, oldest first: each folder of the history with a
    manifest (a folder without one is no kept run). A manifest that cannot be read (not a
    regular file, too large, not a manifest) is refused in one line naming it."""
    found = []
    for folder in sorted((results / HISTORY).glob("*/")):
        path = folder / MANIFEST
        if not os.path.lexists(path):
            continue
        found.append((folder, parse_manifest(read_input(path, WHAT, MAX_BYTES), str(path))))
    return found


def last_steps(results: Path) -> dict[str, float]:
    """Each step's wall seconds in the newest kept run (empty when none is kept, or when the
    history cannot be read: this is only the runner's estimate of the time left)."""
    try:
        runs = kept_runs(results)
    except BadInputError:
        return {}
    return dict(runs[-1][1].steps) if runs else {}
