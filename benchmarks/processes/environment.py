"""The environment of the processes the benchmarks time: a user's, not this run's."""

from __future__ import annotations

import os


def user_env(extra: dict[str, str]) -> dict[str, str]:
    """This process's environment with ``extra``, as a user's shell would run lexibench: without
    ``PYTHONDONTWRITEBYTECODE`` (a sandbox or CI may set it; a user's installed package has its
    byte code, so every timed process, after the first, starts from it instead of compiling every
    module again)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    return env
