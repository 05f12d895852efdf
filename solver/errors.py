"""Errors of the game layer: each carries a one-line message naming the problem."""

from __future__ import annotations

from lexibench.structures.errors import BadInputError

#: Optional groups of dependencies (``pip install 'lexibench[NAME]'``) and the top-level
#: modules each provides.
EXTRAS: dict[str, tuple[str, ...]] = {
    "bench": (
        "markdown_it",
        "matplotlib",
        "mdit_py_plugins",
        "plotly",
        "pytest",
        "pytest_benchmark",
        "tabulate",
    ),
    "dask": ("dask", "distributed"),
}


class InputError(BadInputError):
    """Bad input from a user (a board, a word list, an option): the CLI prints it and exits 2."""


class Fault(Exception):  # noqa: N818  (OutputError and PublishError are its kinds)
    """A runtime fault (exit status 1): the message says what failed, in one line."""

    closed_pipe = False


def describe(exc: BaseException) -> str:
    """``exc`` in one line for an error message: its type, and the first line of its message if
    it has one (``"RuntimeError: Nanny failed to start."``)."""
    first = (str(exc).splitlines() or [""])[0]
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def read_error(where: str, exc: OSError) -> InputError:
    """The one-line :class:`InputError` for a file that cannot be opened or read."""
    if isinstance(exc, FileNotFoundError):
        return InputError(f"{where}: no such file")
    if isinstance(exc, IsADirectoryError):
        return InputError(f"{where}: is a directory, not a file")
    return InputError(f"{where}: cannot read it ({exc.strerror or exc})")


class MissingExtraError(InputError):
    """A command needs an optional group of dependencies that is not installed."""

    def __init__(self, what: str, extra: str, module: str) -> None:
        self.extra = extra
        super().__init__(
            f"{what} needs the '{extra}' extra (module {module} is not installed): "
            f"pip install 'lexibench[{extra}]'"
        )


def missing_extra(what: str, exc: ModuleNotFoundError) -> Exception:
    """The :class:`MissingExtraError` for ``exc`` when the missing module belongs to an extra;
    ``exc`` itself otherwise (a missing module that no extra provides is a real fault)."""
    top = (exc.name or "").partition(".")[0]
    for extra, modules in EXTRAS.items():
        if top in modules:
            return MissingExtraError(what, extra, top)
    return exc


def require_extra(what: str, extra: str) -> None:
    """Raise :class:`MissingExtraError` unless every module of ``extra`` can be imported."""
    import importlib.util

    for module in EXTRAS[extra]:
        if importlib.util.find_spec(module) is None:
            raise MissingExtraError(what, extra, module)
