"""The repository's layout: one import namespace over the top-level folders, declared once
(pyproject.toml's package-dir), every path with one spelling, every module under one name."""

from __future__ import annotations

import importlib
import subprocess

from tests.commands import ROOT
from tools.layout import module_of, package_dir, packages, source_files


def test_the_repository_holds_no_symbolic_link() -> None:
    """A link would give a path a second spelling (and check out as a text file where links are
    not supported)."""
    files = subprocess.run(
        ["git", "ls-files", "--stage"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert [line for line in files if line.startswith("120000")] == []


def test_each_package_lies_in_its_folder() -> None:
    """The namespace's top packages are the folders pyproject.toml names, each a package of
    Python files; their subfolders are its subpackages."""
    assert package_dir() == {
        "lexibench": "lexibench",
        "lexibench.structures": "structures",
        "lexibench.solver": "solver",
        "lexibench.benchmarks": "benchmarks",
    }
    for package, folder in package_dir().items():
        assert (ROOT / folder / "__init__.py").is_file(), folder
        imported = importlib.import_module(package)
        assert imported.__file__ == str(ROOT / folder / "__init__.py")
    assert "lexibench.structures.backends.array_trie" in packages()
    assert "lexibench.solver.games.crossword.rulesets" in packages()  # data files alone


def test_every_module_imports_under_its_name_from_its_file() -> None:
    for path in source_files((".py",)):
        name = module_of(path)
        assert name is not None, path
        if name.endswith("__main__") or name.startswith("lexibench.benchmarks.suites."):
            continue  # runs the command line; pytest's own test modules (their markers)
        module = importlib.import_module(name)
        file = str(module.__file__)
        assert file == str(path) or not file.endswith(".py"), (name, file)  # or compiled


def test_a_module_named_by_its_path_under_pytest_is_the_module_itself() -> None:
    """pytest names a file it collects after its folders (``structures.registry``): the
    repository's conftest.py hands it the package's module, imported once."""
    assert importlib.import_module("structures.registry") is importlib.import_module(
        "lexibench.structures.registry"
    )
