"""The report's "Published results reproduced" section: each figure the articles published
(``published.toml``, with its source) beside this run's figure for the same experiment.

Absolute times come from other machines, languages and years, so the comparison is between
ratios: each figure divided by its article's baseline figure, published and measured here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report.formatting import num, table

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
    """This run's milliseconds per unit for the row ``ours`` names, and its cap note."""
    for bench in results.suite(ours["suite"]):
        if bench.backend != ours["backend"]:
            continue
        if "mode" in ours and bench.mode != ours["mode"]:
            continue
        if "size" in ours and bench.size != ours["size"]:
            continue
        return bench.per_unit_ms(), bench.cap
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


def _ratio_text(x: float) -> str:
    """A ratio with three significant digits, written out (no exponent)."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def _span(low: float | None, high: float | None, scale: float = 1.0) -> str:
    if low is None or high is None:
        return "not published"
    if low == high:
        return num(low / scale)
    return f"{num(low / scale)}-{num(high / scale)}"


def _ratio(low: float | None, high: float | None, base: Figure) -> tuple[float, float] | None:
    if low is None or high is None or base.low is None or base.high is None:
        return None
    return low / base.high, high / base.low


def _verdict(published: tuple[float, float] | None, ours: float | None) -> str:
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


def published_section(results: Results) -> list[str]:
    """The Markdown lines of the section."""
    lines = [
        "## Published results reproduced",
        "",
        "Each figure an article published beside this run's measurement of the same experiment "
        "(the data and their sources: `benchmarks/published.toml`). Times from another machine, "
        "language and year do not compare; the ratio of each figure to the article's own "
        "baseline does. *held*: this run's ratio is on the same side of 1 (or, for a claim of "
        "parity, within a factor 2).",
        "",
    ]
    for article in load_articles():
        found = figures(results, article)
        base = next(f for f in found if f.key == article["baseline"])
        body = []
        for f in found:
            published = _ratio(f.low, f.high, base)
            ours = f.ours / base.ours if f.ours is not None and base.ours else None
            body.append(
                [
                    f.what,
                    _span(f.low, f.high),
                    _span(*published) if published else "",
                    num(f.ours) + (" (capped)" if f.ours_note else "") if f.ours else "not run",
                    _ratio_text(ours) if ours is not None else "",
                    f.claim,
                    "baseline" if f is base else _verdict(published, ours),
                ]
            )
        lines += [
            f"### {article['title']}",
            "",
            f"{article['site']}{', ' + article['date'] if article['date'] else ''}. "
            f"{article['setting']}.",
            "",
            table(
                [
                    "experiment",
                    "published ms",
                    "published ratio",
                    "this run ms",
                    "this run ratio",
                    "the article's claim",
                    "verdict",
                ],
                body,
            ),
            "",
        ]
    return lines


def pitfall_section(results: Results) -> list[str]:
    """The pitfall suite's rows, marked as such, with what a full 4x4 board would take."""
    benches = results.suite("pitfall")
    if not benches:
        return []
    body = []
    for b in sorted(benches, key=lambda b: (b.size or "", b.backend)):
        per_board = b.per_unit_ms()
        paths = b.paths
        full = b.board_paths
        projected = ""
        if b.cap and paths and full and b.backend == "no-pruning":
            projected = f"{per_board * full / paths / 1000:,.0f} s for all {full:,} paths"
        body.append(
            [
                f"{b.backend} (pitfall)" if b.mode == "pitfall" else b.backend,
                b.size or "",
                num(per_board),
                f"{paths:,}" if paths else "",
                f"{per_board / paths * 1e6:,.3g}" if paths else "",
                b.cap or "",
                projected,
            ]
        )
    headers = ["row", "board", "ms/board", "paths tested per board", "ns per path"]
    return [
        "## Pitfalls",
        "",
        "The two mistakes of the articles, measured on purpose (`benchmarks/pitfalls.py`; never "
        "registered as backends). `no-pruning` tests every simple path's string with `is_word` "
        "only; `pruned` is the solver's own search on the same boards and lexicon (prefix-set); "
        "`completion-list` asks pygtrie for the list of every word under a prefix to decide "
        "whether one exists. The solve tables give the right ways on the same 4x4 boards.",
        "",
        table([*headers, "cap", "projected"], body),
        "",
    ]
