"""The layers, read from the imports: the package's import graph, made from every source file
under the name its folder gives it (pyproject.toml's package-dir, through ``tools.layout``), holds
no loop, and no import runs upward: ``structures`` imports neither ``solver`` nor
``benchmarks``, ``solver`` does not import ``benchmarks``, and no game imports the command
line. Every import counts, at the top of a module, inside a function or for the type checker
alone."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from tools.layout import module_of, source_files

#: ``(importer, imported)``: no module under the first may import one under the second.
NEVER = (
    ("lexibench.structures", "lexibench.solver"),
    ("lexibench.structures", "lexibench.benchmarks"),
    ("lexibench.solver", "lexibench.benchmarks"),
    ("lexibench.solver.games", "lexibench.solver.cli"),
)


def _targets(path: Path, name: str, modules: set[str]) -> set[str]:
    """The package's modules the file ``path`` (module ``name``) imports."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if whole in modules else base)
    return {target for target in found if target in modules and target != name}


@cache
def graph() -> dict[str, frozenset[str]]:
    """Every module of the package and the package's modules it imports."""
    files = {name: path for path in source_files((".py",)) if (name := module_of(path))}
    modules = set(files)
    return {name: frozenset(_targets(path, name, modules)) for name, path in files.items()}


def _loops(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in edges[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                loops.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return loops


def test_the_graph_is_the_whole_package() -> None:
    edges = graph()
    assert "lexibench.structures.registry" in edges
    assert "lexibench.solver.games.boggle.game" in edges
    assert "lexibench.solver.games.registry" in edges["lexibench.solver.cli"]


def test_no_import_loop() -> None:
    assert _loops(graph()) == []


@pytest.mark.parametrize(("importer", "imported"), NEVER)
def test_no_import_runs_upward(importer: str, imported: str) -> None:
    upward = sorted(
        (module, target)
        for module, targets in graph().items()
        if module == importer or module.startswith(importer + ".")
        for target in targets
        if target == imported or target.startswith(imported + ".")
    )
    assert upward == []


def test_a_loop_is_found() -> None:
    """The check itself: a loop of three modules is one group; a module alone is none."""
    edges = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset()}
    assert _loops(edges) == [["a", "b", "c"]]
