"""The examples in the package's docstrings, run: every doctest of every module of ``lexibench``,
each module imported by its name.

pytest's ``--doctest-modules`` imports a file by its path, and names it after its folders: over
``structures/`` it would import ``structures/registry.py`` a second time, as ``structures.registry``
beside ``lexibench.structures.registry``, and a module compiled on install not at all (pytest
finds the extension where it expects the source). So pytest collects only ``tests/`` (its
``testpaths``), and this module finds the package's sources through pyproject.toml's package-dir
(:mod:`tools.layout`), imports each by its name, and runs its doctests as pytest would (with
``ELLIPSIS``), one test per docstring.
"""

from __future__ import annotations

import doctest
import importlib
import io

import pytest

from tools.layout import module_of, source_files


def _doctests() -> list[doctest.DocTest]:
    """Every doctest of every module of the package that shows an example (``>>>``)."""
    finder = doctest.DocTestFinder()
    found = []
    for path in source_files((".py",)):
        name = module_of(path)
        if name is None or ">>>" not in path.read_text():
            continue
        module = importlib.import_module(name)
        found += [test for test in finder.find(module) if test.examples]
    return found


DOCTESTS = _doctests()


@pytest.mark.parametrize("test", DOCTESTS, ids=[test.name for test in DOCTESTS])
def test_doctest(test: doctest.DocTest) -> None:
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.write, clear_globs=False)
    assert result.failed == 0, report.getvalue()


def test_every_example_is_found() -> None:
    """A module whose text shows an example has at least one doctest (an example outside any
    docstring would not run)."""
    names = [test.name for test in DOCTESTS]
    for path in source_files((".py",)):
        name = module_of(path)
        if name and ">>>" in path.read_text():
            assert any(n == name or n.startswith(name + ".") for n in names), path
