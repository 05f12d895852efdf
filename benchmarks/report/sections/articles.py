"""The report's "Published results reproduced" section: each figure the articles published beside
this run's figure for the same experiment, as ratios to the article's baseline, with a verdict
(:mod:`benchmarks.report.articles`)."""

from __future__ import annotations

from lexibench.benchmarks.harness.records import Results
from lexibench.benchmarks.report.articles import figures, load_articles, ratio, verdict
from lexibench.benchmarks.report.formatting import num, table
from lexibench.benchmarks.report.sections import Section


def _ratio_text(x: float) -> str:
    """A ratio with three significant digits, written out (no exponent)."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def _span(low: float | None, high: float | None, scale: float = 1.0) -> str:
    if low is None or high is None:
        return "not published"
    if low == high:
        return num(low / scale)
    return f"{num(low / scale)}-{num(high / scale)}"


def render(results: Results) -> Section:
    """The section: one table per article."""
    lines = [
        "## Published results reproduced",
        "",
        "Each figure an article published beside this run's measurement of the same experiment "
        "(the data and their sources: `benchmarks/data/published.toml`). Times from another "
        "machine, language and year do not compare; the ratio of each figure to the article's "
        "own baseline does. *held*: this run's ratio is on the same side of 1 (or, for a claim "
        "of parity, within a factor 2).",
        "",
    ]
    for article in load_articles():
        found = figures(results, article)
        base = next(f for f in found if f.key == article["baseline"])
        body = []
        for f in found:
            published = ratio(f.low, f.high, base)
            ours = f.ours / base.ours if f.ours is not None and base.ours else None
            body.append(
                [
                    f.what,
                    _span(f.low, f.high),
                    _span(*published) if published else "",
                    num(f.ours) + (" (capped)" if f.ours_note else "") if f.ours else "not run",
                    _ratio_text(ours) if ours is not None else "",
                    f.claim,
                    "baseline" if f is base else verdict(published, ours),
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
    return Section.of(lines)
