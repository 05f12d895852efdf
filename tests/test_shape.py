"""The house keeps its shape: files small enough to read in a sitting, READMEs that are guides, and
each README's tree of its folder complete and true.

- Every hand-written Python file of the repository is at most :data:`MOST_LINES` lines.
- ``solver/README.md`` is at most :data:`MOST_SOLVER_README_LINES` lines (what it does not say
  is in the README beside the code it is about).
- A README's ``text`` block that lists its folder (lines ``name   what it holds``, a subfolder's
  entries indented under it) names only what is there, and every module and subfolder directly
  in the README's own folder.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Final

from tests.commands import ROOT
from tests.test_docs import READMES

MOST_LINES: Final = 600
MOST_SOLVER_README_LINES: Final = 500
#: The READMEs whose first ``text`` block is the tree of their folder: every README whose
#: examples are run, but those of folders that hold no code of their own.
TREES: Final = tuple(r for r in READMES if r not in ("wordlists/README.md", "tests/README.md"))
_ENTRY = re.compile(r"^(?P<indent> *)(?P<name>[\w.-]+/?)(?:\s+\S|$)")


def _tracked(*patterns: str) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", *patterns],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in listed if (ROOT / name).is_file()]


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_every_python_file_is_small_enough_to_read() -> None:
    long = {
        str(path.relative_to(ROOT)): _lines(path)
        for path in _tracked("*.py")
        if not str(path.relative_to(ROOT)).startswith("results/") and _lines(path) > MOST_LINES
    }
    assert long == {}, f"split these by what they do (at most {MOST_LINES} lines)"


def test_the_solver_readme_is_a_guide() -> None:
    assert _lines(ROOT / "solver" / "README.md") <= MOST_SOLVER_README_LINES


def tree_of(readme: str) -> list[Path]:
    """The paths the first ``text`` block of ``readme`` lists (a folder ends with ``/``),
    relative to the README's folder."""
    text = (ROOT / readme).read_text(encoding="utf-8")
    block = re.search(r"```text\n(.*?)```", text, re.S)
    assert block is not None, f"{readme}: no tree"
    listed: list[Path] = []
    folders: list[tuple[int, str]] = []  # the folders open at each indentation
    for line in block[1].splitlines():
        entry = _ENTRY.match(line)
        if entry is None or len(entry["indent"]) > 8:  # a description going on
            continue
        depth = len(entry["indent"])
        folders = [(d, name) for d, name in folders if d < depth]
        name = entry["name"]
        listed.append(Path(*[f for _, f in folders], name))
        if name.endswith("/"):
            folders.append((depth, name.rstrip("/")))
    return listed


def test_each_tree_names_what_is_there() -> None:
    for readme in TREES:
        base = (ROOT / readme).parent
        missing = [str(path) for path in tree_of(readme) if not (base / path).exists()]
        assert missing == [], f"{readme} lists what is not there"


def test_each_tree_lists_every_module_and_folder_of_its_own_folder() -> None:
    for readme in TREES:
        base = (ROOT / readme).parent
        listed = {str(path).rstrip("/") for path in tree_of(readme) if len(path.parts) == 1}
        here = {
            path.relative_to(base).parts[0]
            for path in _tracked(str(base.relative_to(ROOT)) if base != ROOT else ".")
            if path.suffix in (".py", ".pyx") or len(path.relative_to(base).parts) > 1
        }
        here = {
            name
            for name in here
            if name != "__init__.py"
            and not name.startswith(".")
            and (base / name).is_dir() == ((base / name).is_dir() and any((base / name).iterdir()))
        }
        if base == ROOT:  # the top level: its folders
            here = {name for name in here if (base / name).is_dir()}
        assert sorted(here - listed) == [], f"{readme}: its tree leaves these out"
