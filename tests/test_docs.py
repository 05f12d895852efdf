"""The READMEs' examples, run, so the documentation cannot drift from the code.

Every fenced ``python`` block of the READMEs (:data:`READMES`) is executed, and every ``console``
block's commands are run and their output compared with what the README shows. The conventions,
for whoever writes an example:

``python`` blocks
    Each runs in a fresh namespace, in the repository's root folder, with the lexicon cache in the
    test session's private folder (``tests/conftest.py``). A block passes when it raises nothing:
    where it shows a result, it states it with ``assert``.

``console`` blocks
    A line starting with ``$`` and a blank is a command, run by ``bash`` in a scratch folder: one
    per block, so a command sees the files the block's earlier commands wrote; the folder holds
    ``wordlists``, a link to the repository's word lists. The command runs as a user runs it after
    the README's quick start: in a shell where ``source .venv/bin/activate`` (the virtual
    environment of this interpreter) put ``lexibench`` and ``python`` on the PATH; outside a virtual
    environment, they are this interpreter (``python -m lexibench``, and ``python``). The lines up
    to the next command are the command's expected output, standard output and standard error
    together, compared line by line (trailing blanks ignored). A line ``...`` stands for any number
    of lines (none included), so an example can show the start of an output, its end, or both;
    ``...`` within a line stands for any text (``wrote x.lexicon: ..., ... bytes``), for what varies
    from one install to another (a library's file size, a time). A command shown with no output must
    print nothing. A command must exit with status 0, or with the status its trailing comment names:
    ``$ lexibench solve abc   # exit status 2``.

Blocks not run
    A block whose fence is preceded by an HTML comment ``<!-- not run: REASON -->`` (blank lines
    between are allowed) is not run: its test is skipped with that reason (``pytest -rs`` lists
    them). Blocks of any other language (``sh``, ``toml``, ``text``, ...) are never run.

Also checked here: every relative link of the READMEs leads to a file or folder that exists, and
its anchor (``#section``), if any, to a heading of that file; README.md keeps the markers of its
generated block and stays short enough to read in five minutes.
"""

from __future__ import annotations

import linecache
import os
import re
import shlex
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import pytest

from tests.commands import ROOT, shell

#: The READMEs whose examples are run, relative to the repository's root.
READMES: Final = (
    "README.md",
    "structures/README.md",
    "solver/README.md",
    "solver/games/README.md",
    "solver/games/boggle/README.md",
    "solver/games/boggle/prove/README.md",
    "solver/games/crossword/README.md",
    "benchmarks/README.md",
    "wordlists/README.md",
    "tests/README.md",
)
#: README.md is the newcomer's page: a five-minute read (issue 19 asks for about 12 KB at most).
README_BUDGET: Final = 12 * 1024

_FENCE = re.compile(r"^(?P<indent> *)```(?P<language>[\w-]*)\s*$")
_NOT_RUN = re.compile(r"^\s*<!--\s*not run:\s*(?P<reason>.+?)\s*-->\s*$")
_STATUS = re.compile(r"#\s*exit status (?P<status>\d+)\s*$")
_LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")
_WILDCARD: Final = "..."
#: The longest a documented command may take: the examples are meant to be cheap.
_COMMAND_TIMEOUT: Final = 120


@dataclass(frozen=True)
class Block:
    """A fenced code block of a README."""

    readme: str
    line: int
    """The line of its opening fence (1-based)."""
    language: str
    text: str
    """Its lines, without the fences and without the fence's indentation."""
    not_run: str | None
    """Why it is not run (its ``<!-- not run: ... -->`` comment), or None."""

    @property
    def id(self) -> str:
        """``README.md:42``: where to find it."""
        return f"{self.readme}:{self.line}"


def read_blocks(readme: str) -> list[Block]:
    """Every fenced block of ``readme`` (a path relative to the root), in order."""
    lines = (ROOT / readme).read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    previous = ""  # the last non-blank line outside a block
    number = 0
    while number < len(lines):
        opening = _FENCE.match(lines[number])
        if opening is None:
            if lines[number].strip():
                previous = lines[number]
            number += 1
            continue
        indent = opening["indent"]
        start = number
        body: list[str] = []
        number += 1
        while number < len(lines) and lines[number].rstrip() != f"{indent}```":
            body.append(lines[number].removeprefix(indent))
            number += 1
        if number == len(lines):
            raise ValueError(f"{readme}:{start + 1}: a code block is never closed")
        skip = _NOT_RUN.match(previous)
        found.append(
            Block(
                readme,
                start + 1,
                opening["language"],
                "\n".join(body) + "\n",
                skip["reason"] if skip else None,
            )
        )
        previous = ""
        number += 1
    return found


def _params(language: str) -> list[object]:
    params: list[object] = []
    for readme in READMES:
        for block in read_blocks(readme):
            if block.language == language:
                marks = (
                    [pytest.mark.skip(reason=f"{block.id}: {block.not_run}")]
                    if block.not_run
                    else []
                )
                params.append(pytest.param(block, id=block.id, marks=marks))
    return params


@pytest.mark.parametrize("block", _params("python"))
def test_python_block(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    # The block's lines go into linecache, so a failure's traceback shows the README's line.
    linecache.cache[block.id] = (len(block.text), None, block.text.splitlines(True), block.id)
    code = compile(block.text, block.id, "exec")
    exec(code, {"__name__": "__readme__"})


@dataclass
class Command:
    """One ``$`` line of a console block and the output the README shows for it."""

    line: str
    expected: list[str] = field(default_factory=list)

    @property
    def status(self) -> int:
        """The exit status its trailing comment names, else 0."""
        named = _STATUS.search(self.line)
        return int(named["status"]) if named else 0


def read_commands(block: Block) -> list[Command]:
    """The commands of a console block, each with its expected output."""
    commands: list[Command] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            commands.append(Command(line[2:]))
        elif commands:
            commands[-1].expected.append(line)
        elif line.strip():
            raise ValueError(f"{block.id}: output before any command: {line!r}")
    return commands


def _trimmed(lines: list[str]) -> list[str]:
    """Lines without trailing blanks, and without blank lines at the end."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def line_matches(expected: str, actual: str) -> bool:
    """True when ``actual`` is ``expected``, where ``...`` within ``expected`` stands for any text.

    >>> line_matches("took ... s (... MiB)", "took 1.5 s (3 MiB)"), line_matches("a...", "b")
    (True, False)
    """
    if _WILDCARD not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split(_WILDCARD))
    return re.fullmatch(pattern, actual, re.S) is not None


def matches(expected: list[str], actual: list[str]) -> bool:
    """True when ``actual`` is ``expected`` line for line (:func:`line_matches`), a line ``...``
    standing for any lines.

    >>> matches(["a", "...", "z"], ["a", "b", "c", "z"]), matches(["a", "..."], ["a"])
    (True, True)
    >>> matches(["a", "...", "z"], ["a", "z", "y"]), matches(["a"], ["a", "b"])
    (False, False)
    """
    e = a = 0
    star, resume = -1, 0
    while a < len(actual):
        if e < len(expected) and expected[e] == _WILDCARD:
            star, resume = e, a
            e += 1
        elif e < len(expected) and line_matches(expected[e], actual[a]):
            e += 1
            a += 1
        elif star >= 0:  # let the last wildcard take one more line, and try again from there
            e, resume = star + 1, resume + 1
            a = resume
        else:
            return False
    while e < len(expected) and expected[e] == _WILDCARD:
        e += 1
    return e == len(expected)


#: The virtual environment's activation script, as the quick start's install leaves it.
ACTIVATE: Final = Path(sys.prefix, "bin", "activate")


@pytest.fixture(scope="session")
def shims(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``lexibench`` and ``python`` commands running this interpreter (for a run
    outside a virtual environment)."""
    folder = tmp_path_factory.mktemp("docs-bin")
    python = shlex.quote(sys.executable)
    for name, body in (("lexibench", f"{python} -m lexibench"), ("python", python)):
        script = folder / name
        script.write_text(f'#!/bin/sh\nexec {body} "$@"\n')
        script.chmod(0o755)
    return folder


@pytest.mark.parametrize("block", _params("console"))
def test_console_block(block: Block, shims: Path, tmp_path: Path) -> None:
    (tmp_path / "wordlists").symlink_to(ROOT / "wordlists")
    activated = ACTIVATE.is_file() and Path(sys.prefix, "bin", "lexibench").is_file()
    path = os.environ.get("PATH", "")
    env = {**os.environ, "PATH": path if activated else f"{shims}{os.pathsep}{path}"}
    env.pop("LEXIBENCH_DEBUG", None)
    env.pop("VIRTUAL_ENV", None)
    prefix = f"source {shlex.quote(str(ACTIVATE))} && " if activated else ""
    commands = read_commands(block)
    assert commands, f"{block.id}: a console block without a command"
    for command in commands:
        done = shell(prefix + command.line, tmp_path, env, _COMMAND_TIMEOUT)
        shown = "\n".join(command.expected)
        assert done.returncode == command.status, (
            f"{block.id}: `{command.line}` exited {done.returncode}, not {command.status}:\n"
            f"{done.stdout}"
        )
        assert matches(_trimmed(command.expected), _trimmed(done.stdout.splitlines())), (
            f"{block.id}: `{command.line}` printed\n{done.stdout}\nwhere the README shows\n{shown}"
        )


def test_every_readme_has_examples_that_run() -> None:
    """Each README's blocks parse; README.md itself shows both kinds of example."""
    languages = Counter(block.language for block in read_blocks("README.md"))
    assert languages["python"] >= 1
    assert languages["console"] >= 1
    for readme in READMES:
        for block in read_blocks(readme):
            if block.language == "console" and not block.not_run:
                read_commands(block)


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, blanks as hyphens."""
    text = heading.strip().lower().replace("`", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (outside code blocks)."""
    seen: Counter[str] = Counter()
    found: set[str] = set()
    in_block = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if _FENCE.match(line):
            in_block = not in_block
        elif not in_block and line.startswith("#"):
            slug = _slug(line.lstrip("#"))
            found.add(slug if not seen[slug] else f"{slug}-{seen[slug]}")
            seen[slug] += 1
    return found


def _prose(path: Path) -> str:
    """A Markdown file without its fenced code blocks."""
    kept: list[str] = []
    in_block = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if _FENCE.match(line):
            in_block = not in_block
        elif not in_block:
            kept.append(line)
    return "\n".join(kept)


@pytest.mark.parametrize("readme", READMES)
def test_links_lead_somewhere(readme: str) -> None:
    path = ROOT / readme
    broken = []
    for link in _LINK.finditer(_prose(path)):
        target = link["target"]
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target} (no such heading)")
    assert not broken, f"{readme}: broken links: {', '.join(broken)}"


def test_readme_keeps_its_generated_block_and_stays_short() -> None:
    from lexibench.benchmarks.report.build import README_END, README_START

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert text.count(README_START) == 1
    assert text.count(README_END) == 1
    assert text.index(README_START) < text.index(README_END)
    size = len(text.encode())
    assert size <= README_BUDGET, (
        f"README.md is {size:,} bytes, over {README_BUDGET:,}: it is the newcomer's five-minute "
        "read; move detail to a layer's README"
    )
