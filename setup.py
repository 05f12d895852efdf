"""Build hook: the packages of the ``lexibench`` namespace, and its compiled parts.

The packages: pyproject.toml's package-dir maps each top package onto its folder
(``lexibench.structures`` onto ``structures/``, ...); every subfolder is a package
(:func:`tools.layout.packages`).

The compiled parts, as ``lexibench/compiled.toml`` lists them (the one list; see there):

- the games' search loops, plain typed Python, compiled with mypyc (they also run interpreted,
  unchanged);
- the array trie's compiled core, native tier and query walks, the KWG's core, the Wordle grading
  kernel, Boggle's bulk lines and proof bound, the crossword's native generator, with Cython (the
  toolchain marisa-trie, datrie and dawg2 are built with).

Each extension is declared with the files it is built from (what a source distribution ships);
its C is generated when ``build_ext`` runs (:class:`BuildExt`), from a copy of the package's
sources under ``build/staging/`` laid out as the package is (``lexibench/structures/...``): mypyc
names a module by its path, and Cython finds a cimported ``.pxd`` by its module's path, so both
must see the folders under the names they are imported by.

Everything else about the package is declared in pyproject.toml. Set ``LEXIBENCH_NO_COMPILE=1``
to install without compiling (no C compiler needed): the Python modules then run interpreted, the
array trie answers through its interpreted core and its native tier is listed as unavailable;
the benchmark results say which build produced them.

Beside each compiled module the build writes ``<module>.sha256``: the SHA-256 of each file it
was compiled from (its source, and for a Cython module the C sources, headers and ``.pxd`` files
it reads). :mod:`structures.builds` compares them with the files on disk, so a file edited after
the install is caught by content, whatever the files' modification times (a wheel unpacks them in
any order).

Compiler flags: ``-O3`` and nothing tied to a CPU, so the wheel runs on any x86-64 machine; the
array trie's search picks a build for the CPU it runs on by itself (function multiversioning: see
``search.c``). ``LEXIBENCH_UNOPTIMIZED=1`` builds at ``-O0`` (mypyc's level 0, which also turns its
C asserts on): a build in a fraction of the time whose code runs slower, for the wheel check, which
checks the packaging; the Makefile never passes it on, so ``make bench`` and ``make test`` install
optimised builds. The modules of :data:`PROFILED` are built profile-guided where the compiler is GCC
10 or newer: instrumented, trained on their own work, rebuilt from the counts
(:meth:`BuildExt.profile_guided`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.egg_info import egg_info
from setuptools.errors import CCompilerError

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the checkout's tools/, beside this file
from tools.layout import (
    ROOT,
    compiled_files,
    compiled_modules,
    module_of,
    package_path,
    packages,
    profiled_modules,
    repository_path,
    source_files,
)

#: The shared library the mypyc modules are compiled into (one, for the calls between them).
MYPYC_GROUP = "lexibench.solver.compiled_loops"
#: Where the sources are laid out as the installed package is, for mypyc and Cython.
STAGING = Path("build", "staging")
#: The modules built profile-guided with GCC (:meth:`BuildExt.profile_guided`), each with the
#: script whose run on its own work trains it (``compiled.toml``'s ``[profiled]``). The proof's
#: bound: about 7% less CPU per 3x4 class than the plain build, side by side here (the same 40
#: seeded classes under ENABLE2K).
PROFILED = profiled_modules()
#: Set to a non-empty value, every module is built plain: no training run (a quicker build, as
#: the wheel check's; the dev install builds profile-guided).
NO_PROFILE = "LEXIBENCH_NO_PROFILE"
#: Set to a non-empty value, every module is compiled without optimisation (``-O0``, mypyc's
#: level 0) and built plain: the build takes a fraction of the time, the code runs slower.
UNOPTIMIZED = "LEXIBENCH_UNOPTIMIZED"
#: The longest a training run may take (seconds; about ten here): a longer one is stopped, and
#: the module stays built plain.
TRAINING_TIMEOUT = 600


def module(inside: str) -> str:
    """The import name of the module compiled from the source at ``inside`` (in the package)."""
    return str(module_of(repository_path(inside)))


def declared_extensions() -> list[Extension]:
    """One extension per compiled module (and mypyc's shared library), named by its import name
    and declared with the files it is built from; none when ``LEXIBENCH_NO_COMPILE`` is set to a
    non-empty value. :class:`BuildExt` generates their C when it runs."""
    if os.environ.get("LEXIBENCH_NO_COMPILE"):
        return []
    from mypyc.common import shared_lib_name

    declared = [Extension(shared_lib_name(MYPYC_GROUP), [])]
    for source, built_from in compiled_modules().items():
        files = [repository_path(f) for f in (source, *built_from)]
        sources = [f for f in files if f.endswith((".py", ".pyx", ".c"))]
        depends = [f for f in files if f not in sources]
        declared.append(Extension(module(source), sources, depends=depends))
    return declared


def staged(inside: str) -> str:
    """Where :func:`stage` puts the file at ``inside`` (a path inside the package)."""
    return str(STAGING / "lexibench" / inside)


def stage() -> None:
    """Copy every Python source, stub and TOML data file of the package, and every file a compiled
    module is built from, to :data:`STAGING` at its path inside the package (times kept): what
    the compilers read, and what :data:`PROFILED`'s training runs import."""
    shutil.rmtree(STAGING, ignore_errors=True)
    sources = source_files((".py", ".pyi", ".toml"))
    files = {package_path(path) for path in [*sources, *map(Path, compiled_files())]}
    for inside in sorted(filter(None, files)):
        target = Path(staged(inside))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / repository_path(inside), target)


def generated_extensions() -> list[Any]:
    """The extensions, their C generated from :data:`STAGING`: mypyc's shared library and a module
    for each of its sources, and Cython's modules."""
    from Cython.Build import cythonize
    from mypyc.build import mypycify

    stage()
    listed = compiled_modules()
    level = "0" if os.environ.get(UNOPTIMIZED) else "3"
    native = [
        Extension(
            module(source),
            [staged(f) for f in (source, *built_from) if f.endswith((".pyx", ".c"))],
            depends=[staged(f) for f in built_from if not f.endswith(".c")],
            include_dirs=sorted({str(Path(staged(f)).parent) for f in built_from}),
            extra_compile_args=[f"-O{level}"],
        )
        for source, built_from in listed.items()
        if source.endswith(".pyx")
    ]
    mypyc = [staged(source) for source in listed if source.endswith(".py")]
    loops = mypycify(mypyc, opt_level=level, group_name=MYPYC_GROUP)
    # Cython's modules translated side by side, one a core (about 17 s one by one here)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    nthreads = min(len(native), cores or 1)
    return list(loops) + list(cythonize(native, quiet=True, nthreads=nthreads))  # type: ignore[no-untyped-call]


def record(source: str, built_from: tuple[str, ...]) -> str:
    """The ``.sha256`` record of the module compiled from ``source`` (a path inside the package):
    ``<digest>  <path from the source's folder>`` for each file it is built from, its source
    first."""
    return "".join(
        f"{hashlib.sha256((ROOT / repository_path(f)).read_bytes()).hexdigest()}  "
        f"{os.path.relpath(f, PurePosixPath(source).parent)}\n"
        for f in (source, *built_from)
    )


class BuildExt(build_ext):
    """``build_ext`` that generates the extensions' C (mypyc, Cython) when it runs, and writes,
    beside each compiled module, the record of the files it was built from (:func:`record`). It
    compiles the extensions side by side, one a core, unless told otherwise (``--parallel``)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = True

    def run(self) -> None:
        if self.extensions:
            declared = {ext.name: ext for ext in self.extensions}
            generated = generated_extensions()
            if sorted(declared) != sorted(ext.name for ext in generated):
                raise RuntimeError(
                    f"setup.py declared the extensions {sorted(declared)}, the compilers made "
                    f"{sorted(ext.name for ext in generated)}"
                )
            for ext in generated:  # the declared extension, with what the compilers made of it
                vars(declared[ext.name]).update(
                    {key: value for key, value in vars(ext).items() if not key.startswith("_")}
                )
        super().run()
        for ext in self.extensions:
            if ext.name in PROFILED:
                self.profile_guided(ext, PROFILED[ext.name])
        for source, built_from in compiled_modules().items() if self.extensions else []:
            built = Path(self.get_ext_fullpath(module(source)))
            built.with_name(PurePosixPath(source).stem + ".sha256").write_text(
                record(source, built_from)
            )

    def profile_guided(self, ext: Extension, training: str) -> None:
        """Build ``ext`` again, profile-guided, over the plain build made already: instrumented
        (``-fprofile-generate``) into a folder of its own under the build's temporary folder,
        run there on the work of the script ``training`` (``python SCRIPT STAGING MODULE PATH``:
        the staged sources, the module's import name, the instrumented module's path), then
        built where the plain one is from the counts that run wrote (``-fprofile-use``). Where
        the compiler is not GCC 10 or newer, the training fails, writes no counts or outlasts
        :data:`TRAINING_TIMEOUT`, or a compile fails, the plain build stays and the build says
        why and goes on."""
        chosen = [name for name in (NO_PROFILE, UNOPTIMIZED) if os.environ.get(name)]
        unsupported = f"{chosen[0]} is set" if chosen else _profile_unsupported(self.compiler)
        if unsupported is not None:
            print(f"{ext.name}: built plain, not profile-guided ({unsupported})")
            return
        counts = Path(self.build_temp).resolve() / "profile" / ext.name
        shutil.rmtree(counts, ignore_errors=True)
        plain, plain_link = list(ext.extra_compile_args), list(ext.extra_link_args)
        saved = (self.force, self.compiler.force, self.inplace, self.build_lib)
        self.force = self.compiler.force = True  # else the module built already would be kept
        stage = "the instrumented build"
        try:
            # the instrumented module goes elsewhere: the plain one stays in place until the end
            self.inplace, self.build_lib = False, str(counts.parent / "lib")
            generate = ["-fprofile-generate", f"-fprofile-dir={counts}"]
            ext.extra_compile_args, ext.extra_link_args = (
                [*plain, *generate],
                [*plain_link, *generate],
            )
            self.build_extension(ext)
            stage = "the training"
            done = subprocess.run(
                [sys.executable, str(ROOT / training), str(STAGING.resolve()), ext.name,
                 self.get_ext_fullpath(ext.name)],
                capture_output=True, text=True, check=False, timeout=TRAINING_TIMEOUT,
            )  # fmt: skip
            if done.returncode != 0 or "profiling:" in done.stderr:
                raise _NoProfileError((done.stderr.strip().splitlines() or ["no output"])[-1])
            if not any(path.stat().st_size for path in counts.rglob("*.gcda")):
                raise _NoProfileError("it wrote no counts")
            stage = "the profile-guided build"
            self.inplace, self.build_lib = saved[2], saved[3]
            ext.extra_compile_args = [
                *plain, "-fprofile-use", f"-fprofile-dir={counts}", "-fprofile-partial-training",
                "-Wno-missing-profile",  # the functions the training never ran
                "-DLEXIBENCH_PROFILE_GUIDED=1",  # the module's PROFILE_GUIDED
            ]  # fmt: skip
            ext.extra_link_args = plain_link
            self.build_extension(ext)
            print(f"{ext.name}: built profile-guided, {done.stdout.strip()}")
        except (_NoProfileError, CCompilerError, OSError, subprocess.SubprocessError) as exc:
            print(f"{ext.name}: built plain, not profile-guided ({stage} failed: {exc})")
            if stage == "the profile-guided build":  # it may have written part of the module
                ext.extra_compile_args, ext.extra_link_args = plain, plain_link
                self.build_extension(ext)  # where the plain one was (restored above)
        finally:
            ext.extra_compile_args, ext.extra_link_args = plain, plain_link
            self.force, self.compiler.force, self.inplace, self.build_lib = saved


class _NoProfileError(Exception):
    """A training run that gave no profile to build from."""


def _profile_unsupported(compiler: Any) -> str | None:
    """Why ``compiler`` cannot build profile-guided here, or None: it must be GCC 10 or newer
    (``-fprofile-partial-training``), asked by the macros it predefines (not by its ``--version``
    text, which wrappers and translations change), in a build for this machine."""
    if os.environ.get("_PYTHON_HOST_PLATFORM"):
        return "a cross build"
    command = getattr(compiler, "compiler_so", None)
    if getattr(compiler, "compiler_type", None) != "unix" or not command:
        return "the compiler is not GCC"
    try:
        shown = subprocess.run(
            [*command, "-dM", "-E", "-x", "c", os.devnull],
            capture_output=True, text=True, check=False, timeout=60,
            env={**os.environ, "LC_ALL": "C"},
        ).stdout  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return "the compiler's macros could not be read"
    macros = dict(
        line.split()[1:3] for line in shown.splitlines() if len(line.split()) >= 3 and
        line.startswith("#define ")
    )  # fmt: skip
    if "__clang__" in macros or not macros.get("__GNUC__", "").isdigit():
        return "the compiler is not GCC"
    if int(macros["__GNUC__"]) < 10:
        return f"GCC {macros['__GNUC__']}, older than 10"
    return None


class EggInfoWithSources(egg_info):
    """``egg_info`` whose file list (what a source distribution ships) holds every file a compiled
    module is built from, whether or not this build compiles (``LEXIBENCH_NO_COMPILE``), and the
    layout module this file reads."""

    def find_sources(self) -> None:
        super().find_sources()
        needed = set(compiled_files()) - set(self.filelist.files)
        self.filelist.extend([*sorted(needed), "tools/layout.py", *PROFILED.values()])


setup(
    packages=packages(),
    ext_modules=declared_extensions(),
    cmdclass={"build_ext": BuildExt, "egg_info": EggInfoWithSources},
)
