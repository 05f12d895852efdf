"""Whether the games' compiled loops run compiled, and were compiled from the source beside them.

The install compiles each game's search loops with mypyc (the ``mypyc`` modules of
``lexibench/compiled.toml``; a game's are :func:`modules_of` its package); installed with
``LEXIBENCH_NO_COMPILE=1`` the same sources run interpreted. The benchmarks record which, and
refuse a stale build.
"""

from __future__ import annotations

from lexibench.structures.builds import compiled, compiled_sources


def modules_of(package: str) -> tuple[str, ...]:
    """The modules of ``package`` (a game's, ``lexibench.solver.games.boggle``) that the install
    compiles with mypyc: its search loops, by import name.

    >>> modules_of("lexibench.solver.games.wordle")
    ('lexibench.solver.games.wordle.search',)
    """
    return tuple(
        entry.module
        for entry in compiled_sources()
        if entry.compiler == "mypyc" and entry.module.startswith(package + ".")
    )


def search_build() -> str:
    """How the games' compiled loops run: ``"mypyc"`` (compiled on install) or ``"interpreted"``
    (every one of them from source).

    Raises :class:`~lexibench.structures.errors.StaleBuildError` when a compiled module was not
    built from the source beside it (see :mod:`lexibench.structures.builds`): the code that would
    run is not the code on disk.
    """
    builds = {compiled(module).build() for module in modules_of("lexibench.solver.games")}
    return "mypyc" if builds == {"mypyc"} else "interpreted"
