"""mypy over the repository, every module named as it is imported (``make lint``).

mypy names a file's module after its path, and the folders of pyproject.toml's package-dir are
not named like the packages they hold (``structures/registry.py`` is
``lexibench.structures.registry``); nor can it follow the import hook of an editable install.
So this hands mypy's build API each source with its module name (:mod:`tools.layout`): every
module and stub of the package, then the tests, the tools, ``setup.py`` and ``conftest.py``, named
after their paths. Errors are reported at the repository's paths
(``structures/registry.py:12: error: ...``), with pyproject.toml's ``[tool.mypy]`` options.

    python -m tools.typecheck [MYPY-OPTION ...]
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

from mypy import build
from mypy.errors import CompileError
from mypy.fscache import FileSystemCache
from mypy.main import process_options
from mypy.modulefinder import BuildSource
from mypy.util import FancyFormatter, count_stats

from tools.layout import ROOT, module_of, source_files

#: Checked too, each module named after its path: folders and files, from the root.
BESIDE = ("tests", "tools", "setup.py", "conftest.py")


def _named_by_path(path: Path) -> str:
    parts = PurePosixPath(path.relative_to(ROOT)).with_suffix("").parts
    return ".".join(parts[: -1 if parts[-1] == "__init__" else None])


def sources() -> list[BuildSource]:
    """Every file to check with its module name: the package's by the package-dir mapping (a stub
    in place of its module, as mypy takes it), then :data:`BESIDE`."""
    package: dict[str, Path] = {}
    for path in source_files():  # sorted: a stub comes after its module, and replaces it
        name = module_of(path)
        if name is not None:
            package[name] = path
    beside = sorted(
        path
        for entry in BESIDE
        for path in ([ROOT / entry] if entry.endswith(".py") else (ROOT / entry).rglob("*.py"))
        if "__pycache__" not in path.parts
    )
    named = [*package.items(), *((_named_by_path(path), path) for path in beside)]
    return [BuildSource(str(path.relative_to(ROOT)), name) for name, path in named]


def main(argv: list[str]) -> int:
    """Type-check :func:`sources`; 0 when clean, 1 on errors, 2 when mypy could not go on."""
    fscache = FileSystemCache()
    _, options = process_options(argv, require_targets=False, fscache=fscache)
    formatter = FancyFormatter(sys.stdout, sys.stderr, options.hide_error_codes)
    messages: list[str] = []

    def show(_: str | None, new: list[str], serious: bool) -> None:
        messages.extend(new)
        out = sys.stderr if serious else sys.stdout
        for message in new:
            out.write((formatter.colorize(message) if options.color_output else message) + "\n")
        out.flush()

    checked = sources()
    try:
        build.build(checked, options, flush_errors=show, fscache=fscache)
    except CompileError:  # its messages were shown
        return 2
    errors, _, files = count_stats(messages)
    if errors:
        print(formatter.format_error(errors, files, len(checked), use_color=options.color_output))
        return 1
    print(formatter.format_success(len(checked), options.color_output))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
