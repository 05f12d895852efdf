"""Publishing a set of files together: all of them, or (after any failure) none.

The report, its plots, the scaling report, the raw files of a run and the README's headline
block are one result: a reader must never find a new report beside old plots, or half a README.
:func:`publish` checks every target first (its folder can be made and written, no target is a
folder, no folder on the way is a file), writes every new file as a temporary beside its target,
then swaps them in, keeping each old file as a backup until all are in place; a failure at any
point puts every old file back and removes the temporaries and every folder it made (a new
``plots/``, a new output folder). Each new file takes the old file's
permission bits, or 0666 less the umask for a new one; a target that is a symbolic link is
written through (its target is replaced, the link stays).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from lexibench.solver.errors import Fault, InputError
from lexibench.structures.atomic import stage_beside
from lexibench.structures.files import not_regular


class PublishError(Fault):
    """Writing the set failed; nothing was changed. The message names the file and the reason."""


def _check_target(path: Path) -> None:
    """Refuse a target that cannot be written, before anything is."""
    what = not_regular(path)
    if what is not None:
        raise InputError(f"output {path}: it is {what}, not a regular file")
    folder = path.parent
    for parent in (folder, *folder.parents):
        if parent.exists():
            if not parent.is_dir():
                raise InputError(f"output {path}: {parent} is a file, not a folder")
            if not os.access(parent, os.W_OK | os.X_OK):
                raise InputError(f"output {path}: cannot write in {parent} (permission denied)")
            break


def check_targets(paths: Iterable[Path]) -> None:
    """:func:`publish`'s checks alone, for a caller that wants them before doing its work."""
    for path in paths:
        _check_target(Path(os.path.realpath(path)))


def _make_folders(path: Path, made: list[Path]) -> None:
    """Make the folders on the way to ``path`` that do not exist, outermost first, each added
    to ``made`` as it is made (so that a failure can take them out again)."""
    missing = []
    folder = path.parent
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        folder.mkdir()
        made.append(folder)


def publish(files: Mapping[Path, bytes], remove: Iterable[Path] = ()) -> None:
    """Write every ``files`` entry and delete every ``remove`` path, all or nothing.

    Raises :class:`InputError` when a target cannot be written at all (checked before writing),
    :class:`PublishError` when writing fails on the way (a full disk, a size limit): in both cases
    every file is as it was, and no folder is left that was not there before.
    """
    targets = {Path(os.path.realpath(path)): data for path, data in files.items()}
    removals = [Path(os.path.realpath(p)) for p in remove if Path(p).exists()]
    for path in targets:
        _check_target(path)
    staged: dict[Path, Path] = {}
    backups: dict[Path, Path] = {}
    placed: list[Path] = []
    made: list[Path] = []
    try:
        for path, data in targets.items():
            _make_folders(path, made)
            staged[path] = stage_beside(path, data)
        for path in [*targets, *removals]:
            if path.exists():
                backup = path.with_name(f".bak-{path.name}.{os.getpid()}")
                os.replace(path, backup)
                backups[path] = backup
        for path, tmp in staged.items():
            os.replace(tmp, path)
            placed.append(path)
    except BaseException as exc:
        for path in placed:
            path.unlink(missing_ok=True)
        for path, backup in backups.items():
            os.replace(backup, path)
        for tmp in staged.values():
            tmp.unlink(missing_ok=True)
        for folder in reversed(made):  # innermost first; each is empty again
            with contextlib.suppress(OSError):
                folder.rmdir()
        if isinstance(exc, OSError):
            where = exc.filename or "an output file"
            raise PublishError(
                f"cannot write {where} ({exc.strerror or exc}); nothing was changed"
            ) from None
        raise
    for backup in backups.values():
        backup.unlink(missing_ok=True)
