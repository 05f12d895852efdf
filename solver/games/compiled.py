"""Whether the games' compiled loops run compiled, and were compiled from the source beside them.

The install compiles each game's search loops with mypyc (the modules a game lists in
:attr:`~lexibench.solver.games.protocol.Game.compiled`); installed with ``LEXIBENCH_NO_COMPILE=1``
the same sources run interpreted. The benchmarks record which, and refuse a stale build.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from lexibench.solver.errors import InputError
from lexibench.solver.games.registry import GAMES, game_names
from lexibench.structures.builds import stale_reason


def module_build(name: str) -> str:
    """``"mypyc"`` when module ``name`` runs compiled, ``"interpreted"`` when from its source."""
    module = importlib.import_module(name)
    return "interpreted" if str(module.__file__).endswith(".py") else "mypyc"


def search_build() -> str:
    """How the games' compiled loops run: ``"mypyc"`` (compiled on install) or ``"interpreted"``
    (every one of them from source).

    Raises :class:`InputError` when a compiled module was not built from the source beside it
    (see :mod:`lexibench.structures.builds`): the code that would run is not the code on disk.
    """
    builds = set()
    for name in game_names():
        package = GAMES[name].target.partition(":")[0].rpartition(".")[0]
        for module_name in (f"{package}.search",):
            build = module_build(module_name)
            builds.add(build)
            if build == "mypyc":
                module = importlib.import_module(module_name)
                source = Path(str(module.__file__)).with_name(module_name.rsplit(".", 1)[1] + ".py")
                reason = stale_reason(source)
                if reason:
                    raise InputError(reason)
    return "mypyc" if builds == {"mypyc"} else "interpreted"
