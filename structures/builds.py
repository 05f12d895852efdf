"""The compiled modules of the install: which they are, each one or why it is missing, which build
runs, and whether it was built from the files beside it.

The modules the install compiles are listed once, in ``lexibench/compiled.toml`` (package data,
also read by ``setup.py`` and the Makefile): :func:`compiled_sources`. A structure or a game that
has a compiled module gets it through :func:`compiled`, which imports it (or says why it cannot)
and tells which build runs (:meth:`Compiled.build`).

Beside each compiled module the install writes ``<name>.sha256``: a line ``<SHA-256>  <path>``
for every file it was compiled from (the source first, then for a Cython module the C sources,
headers and ``.pxd`` files it reads; paths from the source's folder). Comparing those with the
files on disk catches one edited after the install (an editable checkout not rebuilt) by content,
whatever the files' times (a wheel unpacks them in any order): :func:`stale_reason`. Benchmarks and
tests refuse to time or test a stale build.
"""

from __future__ import annotations

import hashlib
import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from lexibench.structures.errors import StaleBuildError

#: The compilers of ``compiled.toml``, by the suffix of the sources they compile.
COMPILERS = {".py": "mypyc", ".pyx": "cython"}


@dataclass(frozen=True)
class CompiledSource:
    """One module of ``lexibench/compiled.toml``: its import name
    (``lexibench.structures.backends.kwg.core``), its compiler (``mypyc`` or ``cython``), its
    source and the other files it is built from (C sources, headers, ``.pxd``), as paths inside
    the package (``structures/backends/kwg/core.pyx``)."""

    module: str
    compiler: str
    source: str
    built_from: tuple[str, ...]


@cache
def compiled_sources() -> tuple[CompiledSource, ...]:
    """Every module the install compiles, as ``lexibench/compiled.toml`` lists them."""
    import tomllib  # here, not on import: the command line's start-up never needs them
    from importlib import resources

    listed = tomllib.loads(resources.files("lexibench").joinpath("compiled.toml").read_text())
    built_from: dict[str, list[str]] = {source: [] for source in listed["mypyc"]}
    built_from.update(listed["cython"])
    return tuple(
        CompiledSource(
            module="lexibench." + source.rpartition(".")[0].replace("/", "."),
            compiler=COMPILERS["." + source.rpartition(".")[2]],
            source=source,
            built_from=tuple(files),
        )
        for source, files in built_from.items()
    )


def compiled_source(module: str) -> CompiledSource:
    """The entry of ``compiled.toml`` for ``module`` (an import name); LookupError when it is not
    listed."""
    for entry in compiled_sources():
        if entry.module == module:
            return entry
    raise LookupError(f"{module} is not one of the modules lexibench/compiled.toml lists")


@dataclass(frozen=True)
class Compiled:
    """A module the install compiles: the module, or why it could not be imported."""

    name: str
    """Its import name."""
    module: ModuleType | None
    """The module, or None when it could not be imported (a Cython module of an install made
    with ``LEXIBENCH_NO_COMPILE=1``)."""
    missing: str | None
    """Why it could not be imported (one line, with the way to mend it), or None."""

    def get(self, name: str) -> Any:
        """The module's attribute ``name``, or None where the module is missing (whoever calls
        it reads :attr:`missing` first)."""
        return getattr(self.module, name, None)

    def build(self) -> str:
        """Which build of the module runs: its compiler (``"cython"``, ``"mypyc"``) when the
        compiled module is in use, ``"interpreted"`` when it is missing or runs from its source.

        Raises :class:`~structures.errors.StaleBuildError` when the compiled module was not built
        from the files beside it (:func:`stale_reason`): the code that would run is not the code
        on disk."""
        if self.module is None or str(self.module.__file__).endswith(".py"):
            return "interpreted"
        listed = compiled_source(self.name)
        built = Path(str(self.module.__file__))
        reason = stale_reason(built.with_name(Path(listed.source).name))
        if reason:
            raise StaleBuildError(reason)
        return listed.compiler


def compiled(name: str) -> Compiled:
    """The compiled module ``name`` (one that ``compiled.toml`` lists), imported; or, when it
    cannot be, why not. Import it at module level and keep the result: the module's own fallback
    (an interpreted twin, or a tier left out) reads :attr:`Compiled.missing`."""
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        why = f"{name} is not compiled ({exc}); reinstall lexibench without LEXIBENCH_NO_COMPILE"
        return Compiled(name, None, why)
    return Compiled(name, module, None)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stale_reason(source: Path) -> str | None:
    """Why the module compiled from ``source`` (``.py`` or ``.pyx``) does not match the files
    it was compiled from, or None when it does (or when the source is not installed beside it,
    as in a wheel)."""
    if not source.is_file():
        return None
    try:
        lines = source.with_suffix(".sha256").read_text().splitlines()
    except OSError:
        lines = []
    rebuild = "rebuild it with `make` (or pip install -e .)"
    if not lines:
        return f"{source}: no record of the source it was compiled from; {rebuild}"
    for line in lines:
        digest, _, name = line.partition("  ")
        path = source.parent / name if name else source  # a bare digest: the source's
        if not path.is_file() or _digest(path) != digest:
            what = source if path == source else f"{path}, which {source.name} is built from,"
            return f"{what}: changed after it was compiled; {rebuild}"
    return None
