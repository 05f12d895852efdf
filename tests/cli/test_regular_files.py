"""lexibench reads and replaces regular files only (lexibench.structures.files): a device, a
FIFO, a socket or a folder given as ``--output``, ``--lexicon-file`` or ``--checkpoint``, or found
in the cache, is refused in one line with status 2, before any work, and is left as it was; a
cache entry or a lexicon file is read no further than its header declares.

Device nodes are made for the test (as root only): a test that went wrong must not touch the
machine's own ``/dev/null``.
"""

from __future__ import annotations

import os
import resource
import socket
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from lexibench.structures import files as regular
from lexibench.structures import saved
from tests.cli.test_errors import LEXIBENCH, TINY, one_line_error


def _lexibench(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*LEXIBENCH, *argv], capture_output=True, timeout=60, check=False, env=env
    )


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _device(path: Path) -> Path:
    """A character device node with /dev/null's numbers, made here (root only)."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return path


@pytest.fixture(params=["FIFO", "character device", "directory", "socket"])
def not_regular(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A path that names something other than a regular file, and what it is."""
    path = tmp_path / "target"
    if request.param == "FIFO":
        yield _fifo(path), "a FIFO"
    elif request.param == "character device":
        yield _device(path), "a character device"
    elif request.param == "directory":
        path.mkdir()
        yield path, "a directory"
    else:
        with socket.socket(socket.AF_UNIX) as bound:
            bound.bind(str(path))
            yield path, "a socket"


def _kind(path: Path) -> int:
    return stat.S_IFMT(path.lstat().st_mode)


def test_build_output_is_a_regular_file_only(not_regular: tuple[Path, str]) -> None:
    path, what = not_regular
    kind = _kind(path)
    done = _lexibench("build", "--wordlist", TINY, "--output", str(path))
    assert done.returncode == 2
    assert one_line_error(done.stderr).rstrip() == (
        f"lexibench: error: output {path}: it is {what}, not a regular file"
    )
    assert _kind(path) == kind  # left as it was


def test_a_link_to_a_device_as_output_is_refused(tmp_path: Path) -> None:
    device = _device(tmp_path / "null")
    link = tmp_path / "out.lex"
    link.symlink_to(device)
    done = _lexibench("build", "--wordlist", TINY, "--output", str(link))
    assert done.returncode == 2
    assert "it is a symbolic link to a character device, not a regular file" in one_line_error(
        done.stderr
    )
    assert stat.S_ISCHR(device.lstat().st_mode)


@pytest.mark.parametrize("option", ["--lexicon-file", "--checkpoint"])
def test_a_fifo_is_neither_read_nor_waited_for(tmp_path: Path, option: str) -> None:
    fifo = _fifo(tmp_path / "fifo")
    if option == "--checkpoint":
        done = _lexibench("prove", "--size", "2x2", "--wordlist", TINY, option, str(fifo))
    else:
        done = _lexibench("solve", "ea/st", option, str(fifo))
    assert done.returncode == 2
    assert "it is a FIFO, not a regular file" in one_line_error(done.stderr)


@pytest.mark.parametrize("make", [_fifo, _device], ids=["FIFO", "device"])
def test_a_cache_entry_that_is_not_a_regular_file(tmp_path: Path, make: object) -> None:
    """A cache entry linked to a device (or a FIFO in its place) is refused in one line: before,
    a link to /dev/zero was read without bound, and "rebuilt" through the link."""
    env = {**os.environ, "LEXIBENCH_CACHE_DIR": str(tmp_path / "cache")}
    assert _lexibench("solve", "ea/st", "--wordlist", TINY, env=env).returncode == 0
    (entry,) = (tmp_path / "cache").glob("*.lexicon")
    entry.unlink()
    target = make(tmp_path / "thing")  # type: ignore[operator]
    entry.symlink_to(target)
    kind = _kind(target)
    done = _lexibench("solve", "ea/st", "--wordlist", TINY, env=env)
    assert done.returncode == 2
    line = one_line_error(done.stderr).rstrip()
    assert line.startswith(f"lexibench: error: cache entry {entry}: it is a symbolic link to ")
    assert line.endswith("not a regular file (remove it, or give --no-cache)")
    assert _kind(target) == kind
    assert _lexibench("cache", "--clear", env=env).returncode == 0
    assert _lexibench("solve", "ea/st", "--wordlist", TINY, env=env).returncode == 0


def test_a_lexicon_file_is_read_no_further_than_its_header_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "padded.lex"
    assert _lexibench("build", "--wordlist", TINY, "--output", str(path)).returncode == 0
    with path.open("ab") as padded:
        padded.write(b"\0" * 1_000_000)
    limits: list[int] = []
    read = regular.read_regular

    def counted(where: Path | str, limit: int = -1) -> bytes:
        limits.append(limit)
        return read(where, limit)

    monkeypatch.setattr(saved, "read_regular", counted)
    with pytest.raises(saved.SavedLexiconError, match="truncated or padded"):
        saved.load_lexicon(path)
    assert -1 not in limits  # never "all of it"
    assert max(limits) < 1_000_000  # the header and the payload, not the padding


def test_build_on_a_full_disk_is_a_fault_status_1(tmp_path: Path) -> None:
    """A write that fails (here a file-size limit, as a full disk) is a runtime fault, status 1,
    as for every other output; the old file, if any, stays."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    done = subprocess.run(
        [*LEXIBENCH, "build", "--output", str(tmp_path / "big.lex")],
        capture_output=True,
        timeout=120,
        check=False,
        preexec_fn=limited,
    )
    assert done.returncode == 1, done.stderr
    assert "cannot write it (File too large)" in one_line_error(done.stderr)
    assert list(tmp_path.iterdir()) == []
