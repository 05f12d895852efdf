"""structures/README.md's whole plugin ("Adding a backend"), run for real in a throwaway
environment: never in lexibench's own.

The plugin's files are the section's code blocks whose first line is a comment naming a file
(``# my-lexicon/pyproject.toml``), written into a scratch folder beside a throwaway ``checkout/``
that holds a virtual environment ``.venv`` (made with ``python -m venv``) and ``wordlists``, a
link to the repository's word lists. That environment reaches lexibench and its libraries
through a ``.pth`` file adding this interpreter's site folders (so lexibench's environment is
read, never written), and has ``lexibench`` and ``pip`` commands running its own Python; its
``pip install`` works offline (``--no-index``, ``--no-build-isolation``: setuptools is taken from
lexibench's environment, ``--no-deps``). The section's console block (``not run`` by
``tests/test_docs.py``, since it installs into lexibench's environment) is then run in
``checkout/`` command by command, as ``tests/test_docs.py`` runs one, in a shell that activated
the throwaway environment; and the benchmark suites' cases, with and without
``LEXIBENCH_PLUGINS=0``, are collected there: what ``make bench`` would run.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shlex
import site
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from lexibench import structures
from lexibench.structures.errors import UnknownBackendError
from lexibench.structures.registry import BUILTIN, PLUGINS_ENV
from tests.commands import ROOT
from tests.commands import shell as bash_line
from tests.plugin import install_plugin
from tests.test_docs import Block, matches, read_blocks, read_commands

README: Final = "structures/README.md"
SECTION: Final = "## Adding a backend"
PLUGIN_ID: Final = "prefix-dict"
DISTRIBUTION: Final = "my-lexicon"
_FILE: Final = re.compile(r"^# (?P<path>[\w.-]+(?:/[\w.-]+)+)$")
#: The longest a command of the section may take.
_TIMEOUT: Final = 120


def section_blocks() -> list[Block]:
    """The code blocks of the README's "Adding a backend" section, in order."""
    lines = (ROOT / README).read_text(encoding="utf-8").splitlines()
    start = lines.index(SECTION) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return [block for block in read_blocks(README) if start < block.line <= end]


def plugin_files(blocks: list[Block]) -> dict[str, str]:
    """The files the blocks show, by the path their first line names."""
    files: dict[str, str] = {}
    for block in blocks:
        named = _FILE.match(block.text.splitlines()[0])
        if named is not None:
            files[named["path"]] = block.text
    return files


def the_console_block(blocks: list[Block]) -> Block:
    """The section's one console block that installs the plugin."""
    found = [
        block for block in blocks if block.language == "console" and "pip install" in block.text
    ]
    assert len(found) == 1, [block.id for block in found]
    return found[0]


def _script(path: Path, body: str) -> None:
    path.write_text("#!/bin/sh\n" + textwrap.dedent(body).lstrip())
    path.chmod(0o755)


def throwaway_environment(folder: Path) -> Path:
    """A virtual environment at ``folder`` that imports lexibench from this interpreter's site
    folders, with ``lexibench`` and an offline ``pip``; its ``bin`` folder."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    bin_folder = folder / "bin"
    python = bin_folder / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    sites = [path for path in site.getsitepackages() if Path(path).is_dir()]
    lines = [f"import site; site.addsitedir({path!r})" for path in sites]
    Path(purelib, "lexibench-environment.pth").write_text("\n".join(lines) + "\n")
    _script(bin_folder / "lexibench", 'exec "$(dirname "$0")/python" -m lexibench "$@"\n')
    # Offline: no index, and the build backend (setuptools) from lexibench's environment.
    _script(
        bin_folder / "pip",
        """
        if [ "$1" = install ]; then
            shift
            set -- install --no-deps --no-build-isolation --no-index --no-cache-dir "$@"
        fi
        exec "$(dirname "$0")/python" -m pip --disable-pip-version-check "$@"
        """,
    )
    return bin_folder


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The scratch folder: the plugin's files, and ``checkout/`` with its throwaway ``.venv``
    and ``wordlists``. Checks afterwards that lexibench's own environment knows no plugin."""
    folder = tmp_path_factory.mktemp("plugin-docs")
    for path, text in plugin_files(section_blocks()).items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    checkout = folder / "checkout"
    checkout.mkdir()
    (checkout / "wordlists").symlink_to(ROOT / "wordlists")
    throwaway_environment(checkout / ".venv")
    yield folder
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.version(DISTRIBUTION)  # installed in the throwaway one alone


def shell(scratch: Path, command: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``command`` run by bash in ``checkout/``, after activating the throwaway environment."""
    environment = {**os.environ, **env}
    for name in ("VIRTUAL_ENV", "PYTHONPATH", "LEXIBENCH_DEBUG", "LEXIBENCH_PLUGINS"):
        if name not in env:
            environment.pop(name, None)
    activate = shlex.quote(str(scratch / "checkout" / ".venv" / "bin" / "activate"))
    return bash_line(f"source {activate} && {command}", scratch / "checkout", environment, _TIMEOUT)


def test_the_section_shows_a_whole_plugin() -> None:
    """Its metadata with the entry point in lexibench's group, its module, its tests; each
    query's cost in its docstring."""
    from lexibench.structures.registry import ENTRY_POINT_GROUP

    files = plugin_files(section_blocks())
    assert sorted(files) == [
        "my-lexicon/my_lexicon.py",
        "my-lexicon/pyproject.toml",
        "my-lexicon/test_my_lexicon.py",
    ]
    assert f'[project.entry-points."{ENTRY_POINT_GROUP}"]' in files["my-lexicon/pyproject.toml"]
    assert f'{PLUGIN_ID} = "my_lexicon:PrefixDictLexicon"' in files["my-lexicon/pyproject.toml"]
    namespace: dict[str, object] = {}
    exec(compile(files["my-lexicon/my_lexicon.py"], "my_lexicon.py", "exec"), namespace)
    lexicon = namespace["PrefixDictLexicon"]
    for query in ("is_word", "has_prefix", "__len__"):
        assert "O(" in (getattr(lexicon, query).__doc__ or ""), query


def test_the_console_example_runs_in_a_throwaway_environment(scratch: Path) -> None:
    """Installed, the plugin is listed, answers ``--lexicon``, passes the conformance suite;
    ``LEXIBENCH_PLUGINS=0`` leaves it out: every command prints what the README shows."""
    block = the_console_block(section_blocks())
    for command in read_commands(block):
        done = shell(scratch, command.line)
        assert done.returncode == command.status, (
            f"{block.id}: `{command.line}` exited {done.returncode}, not {command.status}:\n"
            f"{done.stdout}"
        )
        actual = [line.rstrip() for line in done.stdout.splitlines()]
        expected = [line.rstrip() for line in command.expected]
        while expected and not expected[-1]:
            expected.pop()
        while actual and not actual[-1]:
            actual.pop()
        assert matches(expected, actual), (
            f"{block.id}: `{command.line}` printed\n{done.stdout}\nwhere the README shows\n"
            + "\n".join(command.expected)
        )


def backends(scratch: Path, **env: str) -> dict[str, str]:
    """``lexibench backends --json`` in the throwaway environment: each id's source."""
    done = shell(scratch, "lexibench backends --json", **env)
    assert done.returncode == 0, done.stdout
    return {info["id"]: info["source"] for info in json.loads(done.stdout)}


def bench_cases(scratch: Path, **env: str) -> list[str]:
    """The look-up suite's cases, as ``make bench`` would run them in the throwaway
    environment (collected, not run)."""
    command = [
        "python", "-m", "pytest", str(ROOT / "benchmarks" / "suites" / "bench_lookup.py"),
        "--collect-only", "-q", "-p", "lexibench.benchmarks.harness.options", "-c", os.devnull,
        "--rootdir", ".", "-p", "no:cacheprovider", "--lexibench-wordlist", "wordlists/tiny.txt",
    ]  # fmt: skip
    done = shell(scratch, shlex.join(command), **env)
    assert done.returncode == 0, done.stdout[-3000:]
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_it_joins_every_run_unless_plugins_are_left_out(scratch: Path) -> None:
    """Installed (by the console example, or here), it is registered, from its distribution,
    and the benchmark suites run it; ``LEXIBENCH_PLUGINS=0`` leaves it out of both."""
    if PLUGIN_ID not in backends(scratch):
        done = shell(scratch, ".venv/bin/pip install -e ../my-lexicon")
        assert done.returncode == 0, done.stdout
    assert backends(scratch)[PLUGIN_ID] == f"entry point ({DISTRIBUTION})"
    assert any(f"backend={PLUGIN_ID}-" in case for case in bench_cases(scratch))
    left_out = backends(scratch, LEXIBENCH_PLUGINS="0")
    assert PLUGIN_ID not in left_out
    assert "dict-trie" in left_out
    cases = bench_cases(scratch, LEXIBENCH_PLUGINS="0")
    assert cases
    assert not any(PLUGIN_ID in case for case in cases)


def test_the_switch_is_read_once_in_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``LEXIBENCH_PLUGINS=0`` leaves every plugin out of every listing, and a plugin's id is
    refused saying why; any other value, or none, lets them in."""
    install_plugin(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        for value, registered in (("0", False), (" 0 ", False), ("1", True), ("", True)):
            monkeypatch.setenv(PLUGINS_ENV, value)
            structures.refresh_entry_points()
            assert ("tuple-scan" in structures.backend_names()) is registered, value
            assert ("tuple-scan" in structures.structure_names()) is registered, value
        monkeypatch.setenv(PLUGINS_ENV, "0")
        structures.refresh_entry_points()
        assert structures.structure_names() == sorted(BUILTIN)
        with pytest.raises(UnknownBackendError) as refused:
            structures.build_lexicon("tuple-scan", ["cat"])
        assert str(refused.value).endswith("; plugins are left out (LEXIBENCH_PLUGINS=0)")
        assert "\n" not in str(refused.value)
        monkeypatch.delenv(PLUGINS_ENV)
        structures.refresh_entry_points()
        assert structures.build_lexicon("tuple-scan", ["cat"]).is_word("cat")
    finally:
        monkeypatch.undo()
        sys.modules.pop("lexi_plugin_mod", None)
        structures.refresh_entry_points()
