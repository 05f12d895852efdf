"""Build hook: compile the solver's search loops (solver/search.py) with mypyc.

Everything else about the package is declared in pyproject.toml. Set ``LEXIBENCH_NO_COMPILE=1``
to install without compiling (no C compiler needed); the same source then runs interpreted, and
the benchmark results say which build produced them.

Beside each compiled module the build writes ``<module>.sha256``: the SHA-256 of the source it
compiled. :func:`solver.dfs.search_build` compares it with the source on disk, so a source edited
after the install is caught by content, whatever the files' modification times (a wheel unpacks
them in any order).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = ["solver/search.py"]


def ext_modules() -> list[Any]:
    """The mypyc extension, or none when ``LEXIBENCH_NO_COMPILE`` is set to a non-empty value."""
    if os.environ.get("LEXIBENCH_NO_COMPILE"):
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED, opt_level="3"))


class BuildExtRecordingSources(build_ext):
    """``build_ext`` that also writes the SHA-256 of each compiled source beside its module."""

    def run(self) -> None:
        super().run()
        for source in COMPILED:
            module = source.removesuffix(".py").replace("/", ".")
            built = Path(self.get_ext_fullpath(module))
            digest = hashlib.sha256(Path(source).read_bytes()).hexdigest()
            record = built.parent / (Path(source).stem + ".sha256")
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(digest + "\n")


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExtRecordingSources})
