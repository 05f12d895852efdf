"""Which folder of the repository holds which package of the ``lexibench`` namespace, for the
checkout's own tools: the build (``setup.py``), the type check (``tools/typecheck.py``), pytest's
collection (``conftest.py`` and ``tests/test_doctests.py``) and the Makefile.

The mapping is declared once, as setuptools' package-dir in ``pyproject.toml``: ``lexibench`` is
``lexibench/``, ``lexibench.structures`` is ``structures/``, and so on; a subpackage lies in the
subfolder of its package's folder. Why this way: the layers keep the top-level folders their owner
gave them, and the package keeps its one import name, with no symbolic link between the two
(links gave every file two paths, and check out as text files where links are not supported).
setuptools installs by it: a wheel (or an sdist built into one) lays the files out under
``lexibench/``, an editable install maps each name onto its folder with an import hook.
What names a module by its path instead (mypy, mypyc, Cython, pytest) is handed the name from
here; a tool that follows imports to files by their path alone needs this table too.

The modules the install compiles are listed once, in ``lexibench/compiled.toml``. Only the
standard library is used here: ``setup.py`` reads this module before anything is installed.

    python -m tools.layout compiled-files       # every file the compiled modules are built from
    python -m tools.layout requirements EXTRA   # what adding an extra installs (the Makefile)
"""

from __future__ import annotations

import sys
import tomllib
from functools import cache
from pathlib import Path, PurePosixPath

#: The repository's root folder.
ROOT = Path(__file__).resolve().parent.parent
#: The namespace every package of the repository lives in.
NAMESPACE = "lexibench"


@cache
def package_dir() -> dict[str, str]:
    """pyproject.toml's package-dir: each top package's folder, from the root, by import name."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return dict(tomllib.load(file)["tool"]["setuptools"]["package-dir"])


def packages() -> list[str]:
    """Every package of the namespace, by import name: each folder under a top package's folder
    whose name is an identifier (a folder of data files alone, such as ``benchmarks/data``, is a
    package too, as setuptools' namespace discovery has it)."""
    found = []
    for package, folder in package_dir().items():
        for path in sorted([ROOT / folder, *(ROOT / folder).rglob("*")]):
            inside = path.relative_to(ROOT / folder).parts
            if path.is_dir() and all(p.isidentifier() and p != "__pycache__" for p in inside):
                found.append(".".join((package, *inside)))
    return found


def package_path(path: Path | str) -> str | None:
    """The path inside the namespace's package of file ``path`` (absolute, or from the root), or
    None when no package's folder holds it: ``structures/builds.py`` for ``structures/builds.py``,
    ``compiled.toml`` for ``lexibench/compiled.toml``."""
    relative = PurePosixPath(
        Path(path).resolve().relative_to(ROOT) if Path(path).is_absolute() else Path(path)
    )
    holders = [
        (package, PurePosixPath(folder))
        for package, folder in package_dir().items()
        if relative.is_relative_to(folder) and relative != PurePosixPath(folder)
    ]
    if not holders:
        return None
    package, folder = max(holders, key=lambda holder: len(holder[1].parts))
    return str(PurePosixPath(*package.split(".")[1:], relative.relative_to(folder)))


def module_of(path: Path | str) -> str | None:
    """The import name of the module in file ``path`` (absolute, or from the root; an
    ``__init__`` file names its package), or None when no package's folder holds it."""
    inside = package_path(path)
    if inside is None:
        return None
    parts = PurePosixPath(inside).with_suffix("").parts
    return ".".join((NAMESPACE, *parts[: -1 if parts[-1] == "__init__" else None]))


def repository_path(inside: str) -> str:
    """The path from the root of a file given by its path inside the namespace's package:
    ``structures/builds.py`` inside ``lexibench`` is ``structures/builds.py`` here, and
    ``compiled.toml`` is ``lexibench/compiled.toml``."""
    parts = PurePosixPath(inside).parts
    for depth in range(len(parts) - 1, -1, -1):
        package = ".".join((NAMESPACE, *parts[:depth]))
        if package in package_dir():
            return str(PurePosixPath(package_dir()[package], *parts[depth:]))
    raise ValueError(f"{inside}: no package of pyproject.toml's package-dir holds it")


def source_files(suffixes: tuple[str, ...] = (".py", ".pyi")) -> list[Path]:
    """Every file of the namespace's packages with one of ``suffixes``."""
    return sorted(
        path
        for folder in package_dir().values()
        for path in (ROOT / folder).rglob("*")
        if path.suffix in suffixes
        and "__pycache__" not in path.parts
        and module_of(path) is not None
    )


def compiled_modules() -> dict[str, tuple[str, ...]]:
    """Each source ``lexibench/compiled.toml`` lists (a path inside the package: ``.py`` for
    mypyc, ``.pyx`` for Cython), with the other files its module is built from."""
    listed = tomllib.loads((ROOT / repository_path("compiled.toml")).read_text())
    return {
        **dict.fromkeys(listed["mypyc"], ()),
        **{source: tuple(files) for source, files in listed["cython"].items()},
    }


def profiled_modules() -> dict[str, str]:
    """Each module ``lexibench/compiled.toml`` builds profile-guided, by its import name, with
    the training script (from the root) whose run makes its profile."""
    listed = tomllib.loads((ROOT / repository_path("compiled.toml")).read_text())
    return {
        str(module_of(repository_path(source))): script
        for source, script in listed.get("profiled", {}).items()
    }


def compiled_files() -> list[str]:
    """Every file a compiled module is built from, its source too, each once, from the root."""
    listed = compiled_modules()
    return sorted({repository_path(f) for source in listed for f in (source, *listed[source])})


def requirements(extra: str) -> list[str]:
    """The requirements of pyproject.toml's optional dependencies ``extra``, the extras of
    lexibench it names expanded: what adding ``extra`` to an install of the package installs,
    so that the Makefile can add it without building the package again."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    found: list[str] = []
    for requirement in extras[extra]:
        if requirement.startswith(f"{project['name']}["):
            for named in requirement.partition("[")[2].rstrip("]").split(","):
                found += [r for r in requirements(named.strip()) if r not in found]
        elif requirement not in found:
            found.append(requirement)
    return found


def main(argv: list[str]) -> int:
    """``compiled-files``: print :func:`compiled_files`, one a line; ``requirements EXTRA``:
    print :func:`requirements`, one a line."""
    if argv == ["compiled-files"]:
        print("\n".join(compiled_files()))
        return 0
    if len(argv) == 2 and argv[0] == "requirements":
        print("\n".join(requirements(argv[1])))
        return 0
    print("usage: python -m tools.layout compiled-files | requirements EXTRA", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
