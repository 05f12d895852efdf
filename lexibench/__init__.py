"""lexibench: which dictionary structure should a word-game solver use, and what does each cost?

The Python API. Each name imports its module on first use, so ``import lexibench`` is cheap::

    import lexibench

    opened = lexibench.open_lexicon()                    # the default structure over web2, cached
    board = lexibench.parse_board("perslatgsineters")
    solution = lexibench.solve(board, opened.lexicon)
    solution.count, solution.score, solution.words[0].word

The names and their modules are listed once, in ``__init__.pyi`` (which type checkers read too),
and read from it on first use: importing the package imports nothing else, so the console
command (:mod:`lexibench.console`) holds signals off before any other of its modules loads.
The layers are subpackages: :mod:`lexibench.structures` (the ``Lexicon`` protocol, the structures
and their registry; it knows nothing of games), :mod:`lexibench.solver` (word lists, opening
structures, the plan of a job, where work runs, the games and the command line) and
:mod:`lexibench.benchmarks` (the suites, the runner and the report).
"""

from __future__ import annotations

__version__ = "0.3.0"

_API: dict[str, tuple[str, str]] = {}


def _api() -> dict[str, tuple[str, str]]:
    """Every API name -> (its module, its name there), from ``__init__.pyi`` (read once)."""
    if not _API:
        import re
        from pathlib import Path

        line = re.compile(r"^from (\S+) import (\w+) as (\w+)\b", re.MULTILINE)
        stub = Path(__file__).with_name("__init__.pyi").read_text(encoding="utf-8")
        _API.update((name, (module, attr)) for module, attr, name in line.findall(stub))
    return _API


def __getattr__(name: str) -> object:
    """Import an API name's module on first use; ``__all__``: every API name."""
    if name == "__all__":
        return [*sorted(_api()), "__version__"]
    if name in _api():
        import importlib

        module, attr = _API[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'lexibench' has no attribute {name!r}")


def __dir__() -> list[str]:
    return [*sorted(_api()), "__version__"]
