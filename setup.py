"""Build hook: compile the solver's search loops (solver/search.py) with mypyc.

Everything else about the package is declared in pyproject.toml. Set ``LEXIBENCH_NO_COMPILE=1``
to install without compiling (no C compiler needed); the same source then runs interpreted, and
the benchmark results say which build produced them.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import setup

COMPILED = ["solver/search.py"]


def ext_modules() -> list[Any]:
    """The mypyc extension, or none when ``LEXIBENCH_NO_COMPILE`` is set to a non-empty value."""
    if os.environ.get("LEXIBENCH_NO_COMPILE"):
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED, opt_level="3"))


setup(ext_modules=ext_modules())
