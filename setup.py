"""Build hook: the compiled parts of lexibench.

- the games' search loops (:data:`MYPYC`), plain typed Python, compiled with mypyc (they also
  run interpreted, unchanged);
- the array trie's compiled core, native tier and query walks, the Wordle grading kernel, Boggle's
  bulk lines and the Boggle proof's bound over the array trie's array (:data:`CYTHON`), with
  Cython (the toolchain marisa-trie, datrie and dawg2 are built with).

Sources are named by their path under ``lexibench/`` (whose subfolders link to the top-level
``structures/``, ``solver/`` and ``benchmarks/``), so every compiled module gets its name in the
``lexibench`` namespace.

Everything else about the package is declared in pyproject.toml. Set ``LEXIBENCH_NO_COMPILE=1``
to install without compiling (no C compiler needed): the Python modules then run interpreted, the
array trie answers through its interpreted core and its native tier is listed as unavailable;
the benchmark results say which build produced them.

Beside each compiled module the build writes ``<module>.sha256``: the SHA-256 of each file it
was compiled from (its source, and for a Cython module the C sources, headers and ``.pxd`` files
it reads, :data:`CYTHON`). :mod:`structures.builds` compares them with the files on disk, so a file
edited after the install is caught by content, whatever the files' modification times (a wheel
unpacks them in any order).

Compiler flags: ``-O3`` and nothing tied to a CPU, so the wheel runs on any x86-64 machine; the
array trie's search picks a build for the CPU it runs on by itself (function multiversioning:
see ``search.c``).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

MYPYC = [
    "lexibench/solver/games/anagram/search.py",
    "lexibench/solver/games/boggle/search.py",
    "lexibench/solver/games/crossword/search.py",
    "lexibench/solver/games/letterboxed/search.py",
    "lexibench/solver/games/pattern/search.py",
    "lexibench/solver/games/spellingbee/search.py",
    "lexibench/solver/games/wordle/search.py",
]
#: Cython modules, each with the other files it is built from: C sources compiled into it, and the
#: headers and ``.pxd`` files it reads (a change to any of them rebuilds it).
CYTHON = {
    "lexibench/structures/backends/array_trie/native.pyx": [
        "lexibench/structures/backends/array_trie/native.pxd",
        "lexibench/structures/backends/array_trie/search.c",
        "lexibench/structures/backends/array_trie/search.h",
    ],
    "lexibench/structures/backends/array_trie/queries.pyx": [
        "lexibench/structures/backends/array_trie/nodes.pxd",
    ],
    "lexibench/solver/games/boggle/native_lines.pyx": [
        "lexibench/structures/backends/array_trie/native.pxd",
        "lexibench/structures/backends/array_trie/search.h",
    ],
    "lexibench/structures/backends/kwg/native.pyx": [],
    "lexibench/solver/games/boggle/prove/native.pyx": [],
    "lexibench/solver/games/crossword/native.pyx": [],
    "lexibench/solver/games/wordle/grader.pyx": [],
}


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
            [source, *(f for f in built_from if f.endswith(".c"))],
            depends=[f for f in built_from if not f.endswith(".c")],
            include_dirs=sorted({str(Path(f).parent) for f in built_from}),
            extra_compile_args=["-O3"],
        )
        for source, built_from in CYTHON.items()
    ]
    loops = mypycify(MYPYC, opt_level="3", group_name="lexibench.solver.compiled_loops")
    return list(loops) + list(cythonize(native, quiet=True))  # type: ignore[no-untyped-call]


class BuildExtRecordingSources(build_ext):
    """``build_ext`` that also writes, beside each compiled module, the SHA-256 of every file it
    was built from (``<digest>  <path from the source's folder>`` a line, the source first)."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        sources: dict[str, list[str]] = {source: [] for source in MYPYC}
        sources.update(CYTHON)
        for source, built_from in sources.items():
            module = source.rsplit(".", 1)[0].replace("/", ".")
            built = Path(self.get_ext_fullpath(module))
            record = built.parent / (Path(source).stem + ".sha256")
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(
                "".join(
                    f"{hashlib.sha256(Path(path).read_bytes()).hexdigest()}  "
                    f"{os.path.relpath(path, Path(source).parent)}\n"
                    for path in [source, *built_from]
                )
            )


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExtRecordingSources})
