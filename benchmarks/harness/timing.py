"""Timing one case: pytest-benchmark's own rounds, or one round for a capped baseline."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def time_case(benchmark: Any, fn: Callable[..., T], *args: Any, capped: bool = False) -> T:
    """Time ``fn(*args)`` and return its result (checked by the caller, outside the timing).

    Normally ``benchmark(fn, *args)``: pytest-benchmark calibrates and runs as many rounds as its
    options ask (``--benchmark-min-rounds``, ``--benchmark-max-time``, ...), its calibration run
    serving as the warm-up. A capped baseline (seconds or minutes a round) runs one round, in a
    group of its own so no ratio mixes it with full rounds.
    """
    if capped:
        result: T = benchmark.pedantic(fn, args=args, rounds=1, iterations=1, warmup_rounds=0)
        return result
    value: T = benchmark(fn, *args)
    return value


def group_name(base: str, cap: str | None) -> str:
    """The pytest-benchmark group: ``base``, or ``base (capped)`` for a capped workload."""
    return f"{base} (capped: {cap})" if cap else base
