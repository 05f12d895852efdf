"""A mean kept as samples arrive, with its standard error (Welford's algorithm: one pass, no
sample kept): a simulation's candidates' results, self-play's pairs of games."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class RunningMean:
    """The samples so far: their count, their mean and the sum of their squared deviations
    from it."""

    count: int = 0
    mean: float = 0.0
    squares: float = 0.0

    def add(self, sample: float) -> None:
        """One more sample."""
        self.count += 1
        delta = sample - self.mean
        self.mean += delta / self.count
        self.squares += delta * (sample - self.mean)

    def stderr(self) -> float | None:
        """The standard error of the mean: the samples' standard deviation over the square root
        of their count; None before two samples."""
        n = self.count
        return math.sqrt(self.squares / (n - 1) / n) if n > 1 else None
