"""The layers, read from the imports: the package's import graph, made from every source file
under the name its folder gives it (pyproject.toml's package-dir, through ``tools.layout``), holds
no loop, and no import runs upward: ``structures`` imports neither ``solver`` nor
``benchmarks``, ``solver`` does not import ``benchmarks``, and no game imports the command
line. Every import counts, at the top of a module, inside a function or for the type checker
alone.

And how the layers reach each other, read from every import and ``cimport`` of the Python,
stub and Cython files (``.py``, ``.pyi``, ``.pyx``, ``.pxd``): the solver reaches a backend only
through the registry or the backend's declared interface (``INTERFACE`` in its package: its
``.pxd`` files and, for kwg, ``layout.py``; structures/README.md, "A backend's interface"); no
game's package imports another game's, and the games' shared modules (``solver/games/*.py``,
``tiles.py`` among them) import no game: what games share lives below them."""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

import pytest

from tools.layout import ROOT, module_of, packages, source_files

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


# How the layers reach each other -----------------------------------------------------------------

BACKENDS = "lexibench.structures.backends"
GAMES = "lexibench.solver.games"
#: ``from M cimport ...``, ``from M import ...``, ``cimport M``, ``import M`` at a line's start.
_CYTHON_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+c?import\b|c?import[ \t]+([\w. ,]+))", re.M
)
_SUFFIXES = (".py", ".pyi", ".pyx", ".pxd")


def _absolute(base: str, level: int, package: str) -> str:
    """The absolute name of ``base`` imported ``level`` dots up from ``package``."""
    if not level:
        return base
    parts = package.split(".")
    return ".".join(parts[: len(parts) - level + 1] + ([base] if base else []))


@cache
def _all_modules() -> frozenset[str]:
    """Every module of the package, by any source file (a ``.pxd`` alone names one too)."""
    return frozenset(name for path in source_files(_SUFFIXES) if (name := module_of(path)))


def imported(path: Path) -> set[str]:
    """The names the file ``path`` imports or cimports, anywhere in it: ``from M import x`` is
    ``M.x`` where that is a module of the package, else ``M``."""
    name = module_of(path) or ""
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    modules = _all_modules()
    found: set[str] = set()

    def add(base: str, names: list[str]) -> None:
        for alias in names or [""]:
            whole = f"{base}.{alias}" if alias else base
            found.add(whole if whole in modules else base)

    text = path.read_text(encoding="utf-8")
    if path.suffix in (".py", ".pyi"):
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node.module or "", node.level, package)
                add(base, [alias.name for alias in node.names])
        return found
    for match in _CYTHON_IMPORT.finditer(text):
        if match.group(1) is not None:
            dotted = match.group(1)
            level = len(dotted) - len(dotted.lstrip("."))
            add(_absolute(dotted.lstrip("."), level, package), [])
        else:
            found.update(n.strip().split()[0] for n in match.group(2).split(",") if n.strip())
    return found


def solver_imports() -> dict[str, set[str]]:
    """Every source file of the solver (by its path from the root) and the names it imports."""
    return {
        str(path): imported(path)
        for path in source_files(_SUFFIXES)
        if (module_of(path) or "").startswith("lexibench.solver.")
    }


@cache
def interfaces() -> dict[str, tuple[str, ...]]:
    """Each backend package and the modules it declares as its interface (``INTERFACE``)."""
    found = {}
    for package in packages():
        if package.rpartition(".")[0] == BACKENDS:
            declared = getattr(importlib.import_module(package), "INTERFACE", ())
            found[package] = tuple(declared)
    return found


def test_every_backend_package_declares_an_interface_of_its_own_modules() -> None:
    declared = interfaces()
    assert set(declared) >= {f"{BACKENDS}.array_trie", f"{BACKENDS}.kwg"}
    modules = _all_modules()
    for package, names in declared.items():
        assert names, f"{package} declares no INTERFACE"
        missing = [n for n in names if f"{package}.{n}" not in modules]
        assert missing == [], f"{package} declares modules it does not have"


def outside_interface(target: str) -> bool:
    """Whether importing ``target`` reaches into a backend past its declared interface."""
    if target != BACKENDS and not target.startswith(BACKENDS + "."):
        return False
    package, _, module = target.rpartition(".")
    return module not in interfaces().get(package, ())


def test_the_solver_reaches_a_backend_only_through_the_registry_or_its_interface() -> None:
    reached = sorted(
        (path, target)
        for path, targets in solver_imports().items()
        for target in targets
        if target.startswith(BACKENDS)
    )
    assert {target for _, target in reached} >= {
        f"{BACKENDS}.array_trie.core",  # Boggle's bulk lines: NativeCore's search, in C
        f"{BACKENDS}.array_trie.nodes",  # the proof's bound walks the array
        f"{BACKENDS}.kwg.layout",  # the leave tables' word graph
        f"{BACKENDS}.kwg.nodes",  # the crossword move generator walks the KWG
        f"{BACKENDS}.kwg.wordmap",  # and spells from the word map
    }
    assert [(path, target) for path, target in reached if outside_interface(target)] == []


def test_a_module_past_the_interface_is_found() -> None:
    """The check itself: a backend's own modules, a single-module backend and the package."""
    assert not outside_interface(f"{BACKENDS}.kwg.layout")
    assert not outside_interface("lexibench.structures.registry")
    assert outside_interface(f"{BACKENDS}.kwg.walk")
    assert outside_interface(f"{BACKENDS}.kwg.build")
    assert outside_interface(f"{BACKENDS}.array_trie.queries")
    assert outside_interface(f"{BACKENDS}.dict_trie")
    assert outside_interface(BACKENDS)


def _game_of(module: str) -> str | None:
    """The game whose package holds ``module`` (``boggle`` for ``...games.boggle.prove.job``)."""
    if not module.startswith(GAMES + "."):
        return None
    first = module.removeprefix(GAMES + ".").split(".")[0]
    return first if f"{GAMES}.{first}" in _game_packages() else None


@cache
def _game_packages() -> frozenset[str]:
    return frozenset(p for p in packages() if p.rpartition(".")[0] == GAMES)


def test_no_game_imports_another_and_what_games_share_imports_none() -> None:
    assert {f"{GAMES}.boggle", f"{GAMES}.crossword", f"{GAMES}.wordle"} <= _game_packages()
    crossing = []
    for path in source_files(_SUFFIXES):
        module = module_of(path) or ""
        if not module.startswith(GAMES):
            continue
        mine = _game_of(module)
        for target in imported(path):
            theirs = _game_of(target)
            if theirs is not None and theirs != mine:
                crossing.append((str(path.relative_to(ROOT)), target))
    assert crossing == []


def test_the_scan_reads_cython_imports() -> None:
    """The check itself: a ``.pyx``'s cimports and imports, one per line or in brackets."""
    found = imported(ROOT / "solver/games/crossword/movegen.pyx")
    assert f"{BACKENDS}.kwg.nodes" in found
    assert f"{BACKENDS}.kwg.wordmap" in found
    assert "libc.stdint" in found


def test_included_cython_files_import_nothing() -> None:
    """A ``.pxi`` is text included into the ``.pyx`` beside it, which the tests above read: it
    imports nothing of its own, so that no import escapes them."""
    importing = [
        str(path)
        for path in source_files((".pxi",))
        if _CYTHON_IMPORT.search(path.read_text(encoding="utf-8"))
    ]
    assert importing == [], "put the import in the .pyx or .pxd that includes it"
