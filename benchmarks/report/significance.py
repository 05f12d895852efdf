"""Did a case get faster or slower between two runs? The Mann-Whitney U test over the rounds,
with the shift's distribution-free confidence interval (Hodges and Lehmann), on log times.

Rounds of one case are not normally distributed (a shared machine adds long tails), so nothing
here assumes a distribution: the test counts, over every pair of a base round and a new round,
how often the new one was slower; the ratio is the median of the pairwise ratios, and its
interval is read from their order statistics at the test's own critical value. The test is exact
(the distribution of U by counting) while both runs have at most :data:`EXACT_LIMIT` rounds,
else its normal approximation with a correction for ties.

>>> round(one_sided_p([1.0, 1.1, 1.05], [2.0, 2.1, 2.2]), 3)  # every new round slower
0.05
>>> shift([1.0, 1.1, 1.05], [2.0, 2.1, 2.2]).ratio
2.0
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

#: Up to this many rounds in each run, the test's distribution is counted exactly.
EXACT_LIMIT: Final = 40


@cache
def _u_counts(n: int, m: int) -> tuple[int, ...]:
    """How many of the C(n+m, n) orderings of two samples of sizes n and m, without ties, give
    each value of U (0 to n*m): the classic recurrence, counted once per pair of sizes."""
    # counts[j][u]: orderings of i items of the first sample and j of the second with U = u,
    # rolled over i
    counts = [[1] for _ in range(m + 1)]  # i = 0: U = 0 whatever j
    for i in range(1, n + 1):
        row = [[1]]  # j = 0: U = 0
        for j in range(1, m + 1):
            # the largest item is the first sample's (U grows by j) or the second's (U does not)
            top = [0] * (i * j + 1)
            for u, count in enumerate(counts[j]):  # i-1 of the first, j of the second
                top[u + j] += count
            for u, count in enumerate(row[j - 1]):  # i of the first, j-1 of the second
                top[u] += count
            row.append(top)
        counts = row
    return tuple(counts[m])


def _u_statistic(base: Sequence[float], new: Sequence[float]) -> float:
    """U of ``new`` against ``base``: the pairs where the new round is the slower, ties half."""
    return sum(1.0 if y > x else 0.5 if y == x else 0.0 for x in base for y in new)


def one_sided_p(base: Sequence[float], new: Sequence[float]) -> float:
    """The one-sided p-value of the Mann-Whitney U test in the direction the medians moved:
    the chance, were both runs' rounds from one distribution, of a U at least as far from its
    middle on that side. 1.0 when either run has fewer than two rounds."""
    n, m = len(base), len(new)
    if n < 2 or m < 2:
        return 1.0
    u = _u_statistic(base, new)
    slower = statistics.median(new) >= statistics.median(base)
    far = u if slower else n * m - u  # the U of the side the medians moved to
    ties = len(set(base) | set(new)) < n + m
    if n <= EXACT_LIMIT and m <= EXACT_LIMIT and not ties:
        counts = _u_counts(n, m)
        at_least = sum(counts[math.ceil(far) :])
        return at_least / math.comb(n + m, n)
    mean = n * m / 2
    pooled = sorted([*base, *new])
    tie_term = sum(t**3 - t for t in _tie_sizes(pooled))
    variance = n * m / 12 * ((n + m + 1) - tie_term / ((n + m) * (n + m - 1)))
    if variance <= 0:
        return 1.0
    z = (far - mean - 0.5) / math.sqrt(variance)  # continuity-corrected
    return 0.5 * math.erfc(z / math.sqrt(2))


def _tie_sizes(pooled: list[float]) -> list[int]:
    sizes, run = [], 1
    for a, b in itertools.pairwise(pooled):
        if a == b:
            run += 1
        else:
            sizes.append(run)
            run = 1
    sizes.append(run)
    return [s for s in sizes if s > 1]


@dataclass(frozen=True)
class Shift:
    """How much slower the new run is: a ratio of times (above 1: slower) and its interval."""

    ratio: float
    """The median of the pairwise ratios new/base (Hodges-Lehmann, on log times)."""
    low: float
    high: float
    """The interval's ends: at least 90% coverage (5% on each side) where the rounds allow it,
    else the whole range of pairwise ratios."""
    exact: bool
    """True when :attr:`low`-:attr:`high` has the stated coverage (enough rounds), False when
    it is only the range of the pairwise ratios."""


def shift(base: Sequence[float], new: Sequence[float], alpha: float = 0.05) -> Shift:
    """The ratio new/base of two runs' rounds and its distribution-free interval: the order
    statistics of the n*m pairwise log ratios at the Mann-Whitney critical value of one-sided
    level ``alpha`` (a two-sided ``1 - 2*alpha`` interval)."""
    logs = sorted(math.log(y) - math.log(x) for x in base for y in new if x > 0 and y > 0)
    if not logs:
        return Shift(math.nan, math.nan, math.nan, False)
    middle = statistics.median(logs)
    k = _critical(len(base), len(new), alpha)
    if k is None:
        return Shift(math.exp(middle), math.exp(logs[0]), math.exp(logs[-1]), False)
    return Shift(math.exp(middle), math.exp(logs[k]), math.exp(logs[-1 - k]), True)


def _critical(n: int, m: int, alpha: float) -> int | None:
    """The largest k with P(U < k) <= alpha under the null (the interval drops the k smallest
    and k largest pairwise ratios), or None when even k = 1 is too many (too few rounds)."""
    if n < 2 or m < 2:
        return None
    if n <= EXACT_LIMIT and m <= EXACT_LIMIT:
        counts = _u_counts(n, m)
        total = math.comb(n + m, n)
        below, k = 0, 0
        while k < len(counts) and below + counts[k] <= alpha * total:
            below += counts[k]
            k += 1
        return k - 1 if k > 0 else None
    z = statistics.NormalDist().inv_cdf(1 - alpha)
    k = int(n * m / 2 - z * math.sqrt(n * m * (n + m + 1) / 12))
    return k if k >= 0 else None
