"""The figures the articles published (``benchmarks/data/published.toml``, with their sources),
each beside this run's measurement of the same experiment, and whether the run agrees.

Absolute times come from other machines, languages and years, so the comparison is between
ratios: each figure divided by its article's baseline figure, published and measured here. The
report shows them in its "Published results reproduced" section
(:mod:`benchmarks.report.sections.articles`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from lexibench.benchmarks.harness.records import SUITES, Results

DATA = "published.toml"


@dataclass(frozen=True)
class Figure:
    """One published figure and this run's measurement of the same thing."""

    key: str
    what: str
    claim: str
    low: float | None
    high: float | None
    ours: float | None
    ours_note: str | None


def load_articles() -> list[dict[str, Any]]:
    """The articles and their figures, as published.toml holds them."""
    data = resources.files("lexibench.benchmarks").joinpath("data", DATA)
    text = data.read_text(encoding="utf-8")
    articles: list[dict[str, Any]] = tomllib.loads(text)["article"]
    return articles


def _ours(results: Results, ours: dict[str, str]) -> tuple[float | None, str | None]:
    """This run's milliseconds per unit for the row ``ours`` names (its suite, and the values
    its record's fields must have: backend, game, workload, tier, ...), and its cap note."""
    wanted = {k: v for k, v in ours.items() if k != "suite"}
    for bench in results.of(SUITES[ours["suite"]]):
        record = bench.record
        if all(getattr(record, k, None) == v for k, v in wanted.items()):
            return bench.per_unit_ms(), getattr(record, "cap", None)
    return None, None


def figures(results: Results, article: dict[str, Any]) -> list[Figure]:
    """The article's figures with this run's measurements."""
    out = []
    for item in article["figure"]:
        low = item.get("ms", item.get("ms_low"))
        high = item.get("ms", item.get("ms_high"))
        ours, note = _ours(results, item["ours"])
        out.append(Figure(item["key"], item["what"], item["claim"], low, high, ours, note))
    return out


def ratio(low: float | None, high: float | None, base: Figure) -> tuple[float, float] | None:
    """The span of a figure (``low``-``high`` ms) divided by the baseline figure's."""
    if low is None or high is None or base.low is None or base.high is None:
        return None
    return low / base.high, high / base.low


def verdict(published: tuple[float, float] | None, ours: float | None) -> str:
    """Whether this run agrees with the published ratio: the same side of 1 (or both within a
    factor 2 of it, "comparable"), and how far off."""
    if ours is None:
        return "not measured"
    if published is None:
        return "measured only here"
    low, high = published
    if low <= 2 and high >= 0.5 and 0.5 <= ours <= 2:
        return "held (comparable)"
    if (low > 1 and ours > 1) or (high < 1 and ours < 1):
        factor = ours / ((low * high) ** 0.5)
        return f"held (direction; {factor:,.2g}x the published ratio)"
    return "did not hold"
