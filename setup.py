"""Build hook: the compiled parts of lexibench.

- the games' search loops (:data:`MYPYC`), plain typed Python, compiled with mypyc (they also
  run interpreted, unchanged);
- the array trie's compiled core and native tier (:data:`CYTHON`), with Cython (the toolchain
  marisa-trie, datrie and dawg2 are built with).

Sources are named by their path under ``lexibench/`` (whose subfolders link to the top-level
``structures/``, ``solver/`` and ``benchmarks/``), so every compiled module gets its name in the
``lexibench`` namespace.

Everything else about the package is declared in pyproject.toml. Set ``LEXIBENCH_NO_COMPILE=1``
to install without compiling (no C compiler needed): the Python modules then run interpreted, the
array trie answers through its interpreted core and its native tier is listed as unavailable;
the benchmark results say which build produced them.

Beside each compiled module the build writes ``<module>.sha256``: the SHA-256 of the source it
compiled. :mod:`structures.builds` compares it with the source on disk, so a source edited after
the install is caught by content, whatever the files' modification times (a wheel unpacks them in
any order).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

MYPYC = [
    "lexibench/solver/games/boggle/search.py",
    "lexibench/solver/games/crossword/search.py",
    "lexibench/solver/games/letterboxed/search.py",
]
CYTHON = [
    "lexibench/structures/backends/array_trie/native.pyx",
    "lexibench/structures/backends/kwg/native.pyx",
    "lexibench/solver/games/crossword/native.pyx",
]


def ext_modules() -> list[Any]:
    """The compiled extensions, or none when ``LEXIBENCH_NO_COMPILE`` is set to a non-empty
    value."""
    if os.environ.get("LEXIBENCH_NO_COMPILE"):
        return []
    from Cython.Build import cythonize
    from mypyc.build import mypycify

    native = [
        Extension(
            source.removesuffix(".pyx").replace("/", "."),
            [source],
            extra_compile_args=["-O3"],
        )
        for source in CYTHON
    ]
    loops = mypycify(MYPYC, opt_level="3", group_name="lexibench.solver.compiled_loops")
    return list(loops) + list(cythonize(native, quiet=True))  # type: ignore[no-untyped-call]


class BuildExtRecordingSources(build_ext):
    """``build_ext`` that also writes the SHA-256 of each compiled source beside its module."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        for source in MYPYC + CYTHON:
            module = source.rsplit(".", 1)[0].replace("/", ".")
            built = Path(self.get_ext_fullpath(module))
            digest = hashlib.sha256(Path(source).read_bytes()).hexdigest()
            record = built.parent / (Path(source).stem + ".sha256")
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(digest + "\n")


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExtRecordingSources})
