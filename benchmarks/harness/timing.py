"""Timing one case: pytest-benchmark's own rounds, or one round for a capped baseline."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, TypeVar

import pytest

T = TypeVar("T")


#: A case whose round is known to take at least this long (an untimed pass measured it) is timed
#: without pytest-benchmark's calibration run, which for such a round is one more whole round.
SLOW_ROUND_S: Final = 0.1


def time_case(
    benchmark: Any,
    fn: Callable[..., T],
    *args: Any,
    capped: bool = False,
    round_s: float | None = None,
    config: pytest.Config | None = None,
) -> T:
    """Time ``fn(*args)`` and return its result (checked by the caller, outside the timing).

    Normally ``benchmark(fn, *args)``: pytest-benchmark calibrates and runs as many rounds as its
    options ask (``--benchmark-min-rounds``, ``--benchmark-max-time``, ...), its calibration run
    serving as the warm-up. A capped baseline (seconds or minutes a round) runs one round, in a
    group of its own so no ratio mixes it with full rounds. A round of at least
    :data:`SLOW_ROUND_S` (``round_s``, measured by an untimed pass that served as the warm-up)
    runs the rounds pytest-benchmark would choose (``--benchmark-min-rounds``,
    ``--benchmark-max-time`` of ``config``), without calibrating first.
    """
    if capped:
        result: T = benchmark.pedantic(fn, args=args, rounds=1, iterations=1, warmup_rounds=0)
        return result
    if round_s is not None and config is not None and round_s >= SLOW_ROUND_S:
        # what pytest-benchmark would choose after calibrating (one round an iteration, as
        # many rounds as the time allows, at least the minimum), without its calibration run:
        # the untimed pass that measured round_s was the warm-up
        min_rounds = int(config.getoption("benchmark_min_rounds"))
        max_time = float(config.getoption("benchmark_max_time"))
        rounds = max(min_rounds, math.ceil(max_time / round_s))
        slow: T = benchmark.pedantic(fn, args=args, rounds=rounds, iterations=1, warmup_rounds=0)
        return slow
    value: T = benchmark(fn, *args)
    return value


def group_name(base: str, cap: str | None) -> str:
    """The pytest-benchmark group: ``base``, or ``base (capped)`` for a capped workload."""
    return f"{base} (capped: {cap})" if cap else base
