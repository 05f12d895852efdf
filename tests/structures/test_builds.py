"""The compiled modules: lexibench/compiled.toml lists what the install compiled, and
:func:`structures.builds.compiled` gives each one, or why it is missing, and which build runs."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

from lexibench.solver.games.compiled import modules_of, search_build
from lexibench.structures.builds import (
    CompiledSource,
    compiled,
    compiled_source,
    compiled_sources,
)
from lexibench.structures.errors import StaleBuildError
from tools.layout import (
    ROOT,
    compiled_files,
    compiled_modules,
    module_of,
    package_dir,
    repository_path,
)

NO_COMPILE = bool(os.environ.get("LEXIBENCH_NO_COMPILE"))


def test_the_package_and_the_build_read_one_list() -> None:
    """What the package reads at run time is what setup.py and the Makefile read (through
    tools/layout.py), and every file it names is in the repository."""
    listed = compiled_modules()
    assert {entry.source: entry.built_from for entry in compiled_sources()} == listed
    for entry in compiled_sources():
        assert entry.compiler == {".py": "mypyc", ".pyx": "cython"}[Path(entry.source).suffix]
        assert module_of(repository_path(entry.source)) == entry.module
    for path in compiled_files():
        assert (ROOT / path).is_file(), path


def test_every_cython_source_is_listed() -> None:
    """A ``.pyx`` the list leaves out would never be compiled."""
    sources = {
        str(path.relative_to(ROOT))
        for folder in package_dir().values()
        for path in (ROOT / folder).rglob("*.pyx")
    }
    assert sources == {repository_path(s) for s in compiled_modules() if s.endswith(".pyx")}


@pytest.mark.parametrize("entry", compiled_sources(), ids=lambda entry: entry.module)
def test_every_listed_module_is_installed_compiled_and_current(entry: CompiledSource) -> None:
    found = compiled(entry.module)
    if NO_COMPILE:
        assert found.build() == "interpreted"
        return
    assert found.missing is None
    assert found.build() == entry.compiler
    assert found.module is not None
    assert not str(found.module.__file__).endswith(".py")


@pytest.mark.skipif(NO_COMPILE, reason="installed without compiling")
def test_the_install_compiled_exactly_the_listed_modules() -> None:
    """Every extension module in the package's folders is a listed module, or the shared library
    of the mypyc modules."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    built = {
        str(module_of(path.with_name(path.name.split(".")[0] + ".py")))
        for folder in package_dir().values()
        for path in (ROOT / folder).rglob("*")
        if path.name.endswith(suffixes)
    }
    listed = {entry.module for entry in compiled_sources()}
    assert {name for name in built if not name.endswith("__mypyc")} == listed
    assert len(built - listed) == 1  # the mypyc modules' shared library


def test_a_game_s_compiled_modules_are_its_search_loops() -> None:
    assert modules_of("lexibench.solver.games.boggle") == ("lexibench.solver.games.boggle.search",)
    mypyc = [e.module for e in compiled_sources() if e.compiler == "mypyc"]
    assert list(modules_of("lexibench.solver.games")) == mypyc
    assert modules_of("lexibench.solver.games.bog") == ()
    assert search_build() == ("interpreted" if NO_COMPILE else "mypyc")


def test_a_module_the_list_leaves_out_is_refused() -> None:
    with pytest.raises(LookupError, match=r"not one of the modules lexibench/compiled\.toml lists"):
        compiled_source("lexibench.structures.registry")


def test_a_missing_module_says_why_and_runs_interpreted() -> None:
    missing = compiled("lexibench.structures.backends.no_such_core")
    assert missing.module is None
    assert missing.missing == (
        "lexibench.structures.backends.no_such_core is not compiled (No module named "
        "'lexibench.structures.backends.no_such_core'); reinstall lexibench without "
        "LEXIBENCH_NO_COMPILE"
    )
    assert missing.build() == "interpreted"


@pytest.mark.skipif(NO_COMPILE, reason="installed without compiling")
def test_a_stale_cython_module_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The build check reads the record beside the compiled module, whatever folder it is in."""
    found = compiled("lexibench.structures.backends.kwg.core")
    assert found.module is not None
    built = tmp_path / Path(str(found.module.__file__)).name
    built.write_bytes(b"")
    monkeypatch.setattr(found.module, "__file__", str(built))
    (tmp_path / "core.pyx").write_text("# edited\n")
    with pytest.raises(StaleBuildError, match=r"core\.pyx: no record of the source"):
        found.build()
