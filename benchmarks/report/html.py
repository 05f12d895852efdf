"""The HTML report, ``results/html/``: the same sections as the Markdown reports, laid out as
pages a browser opens from disk (no server), with sortable, filterable tables and interactive
plots.

``index.html`` gives the answer first (which structure to use); each game has its page (Boggle,
the crossword game, the query games), then the structures' costs, how costs grow, the run's
machine and packages, and the kept runs' history with each case's trend. The text and tables
are the Markdown sections' own (rendered by markdown-it-py); each plot is plotly.js's twin of
the PNG (:mod:`benchmarks.report.interactive`), the PNG linked under it; ``assets/report.js``
makes every table sortable (click a heading) and filterable (type in the box above it). Links
between sections become links between pages. Deterministic: the same raw files give the same
bytes.
"""

from __future__ import annotations

import html
import json
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from mdit_py_plugins.anchors import anchors_plugin

from lexibench.benchmarks.report import interactive
from lexibench.benchmarks.report.formatting import PLOTS
from lexibench.benchmarks.report.history import Manifest
from lexibench.benchmarks.report.sections import Document

HTML: Final = "html"
ASSETS: Final = "assets"


@dataclass(frozen=True)
class Page:
    """One page: its file, title, and the sections (by module name) it shows, in order."""

    file: str
    title: str
    sections: tuple[str, ...]


#: The pages, in the order of the navigation bar. A section no page names goes on the first.
PAGES: Final = (
    Page("index.html", "Which structure?", ("answer",)),
    Page(
        "boggle.html",
        "Boggle",
        ("solve", "tiers", "startup", "best", "prove", "articles", "pitfalls", "interpreted"),
    ),
    Page("crossword.html", "Crossword", ("crossword",)),
    Page("games.html", "Other games", ("games",)),
    Page("structures.html", "Build, memory, look-ups", ("memory", "lookups")),
    Page("scaling.html", "How cost grows", ("dictionary", "board_size", "bulk")),
    Page("run.html", "The run", ("run_info",)),
    Page("history.html", "History", ()),
)


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    anchors_plugin(md, min_level=1, max_level=4)
    return md


@dataclass
class _Links:
    """Where each heading's anchor lives (its page), to turn the reports' links into pages'."""

    page_of: dict[str, str]
    figures: dict[str, dict[str, Any]]
    """The interactive twin of each plot, by its PNG name."""


def _href(href: str, links: _Links) -> str:
    if href.startswith(("http://", "https://", "mailto:")):
        return href
    target, _, anchor = href.partition("#")
    if target in ("", "report.md", "scaling.md"):
        if anchor and anchor in links.page_of:
            return f"{links.page_of[anchor]}#{anchor}"
        if not anchor:
            return "scaling.html" if target == "scaling.md" else "index.html"
        return f"#{anchor}"
    return f"../{href}"  # a file of the repository, from results/html/


class _Renderer(RendererHTML):
    """The Markdown renderer with the report's links and plots."""

    def __init__(self, parser: MarkdownIt, links: _Links) -> None:
        super().__init__(parser)
        self.links = links

    def link_open(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        token = tokens[idx]
        token.attrSet("href", _href(str(token.attrGet("href") or ""), self.links))
        return self.renderToken(tokens, idx, options, env)

    def image(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        src = str(token.attrGet("src") or "")
        name = src.removeprefix(f"{PLOTS}/")
        alt = html.escape(token.content)
        if name not in self.links.figures:
            return f'<img src="../{html.escape(src)}" alt="{alt}">'
        data = json.dumps(self.links.figures[name], sort_keys=True, separators=(",", ":"))
        data = data.replace("</", "<\\/")  # nothing in the JSON can close the script
        return (
            f'<figure class="plot"><div class="figure" aria-label="{alt}"></div>'
            f'<script type="application/json">{data}</script>'
            f'<figcaption><a href="../{PLOTS}/{html.escape(name)}">{alt} (PNG)</a></figcaption>'
            "</figure>"
        )


def _render(md: MarkdownIt, text: str, links: _Links) -> str:
    renderer = _Renderer(md, links)
    return renderer.render(md.parse(text), md.options, {})


_ANCHOR = re.compile(r'<h[1-4] id="([^"]+)"')


def _page_text(page: Page, documents: Sequence[Document]) -> str:
    """The Markdown of a page: its sections' lines, in the page's order."""
    by_name = {name: section for doc in documents for name, section in doc.sections}
    named = {name for p in PAGES for name in p.sections}
    chosen = list(page.sections)
    if page is PAGES[0]:
        chosen += [name for name in by_name if name not in named]
    return "\n".join(line for name in chosen if name in by_name for line in by_name[name].lines)


def _nav(current: Page, shown: list[Page]) -> str:
    items = "".join(
        f'<a href="{p.file}"' + (' aria-current="page"' if p is current else "") + f">{p.title}</a>"
        for p in shown
    )
    return f"<nav>{items}</nav>"


def _wrap(page: Page, shown: list[Page], body: str) -> bytes:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>lexibench: {html.escape(page.title)}</title>"
        f'<link rel="stylesheet" href="{ASSETS}/report.css">'
        f'<script src="{ASSETS}/plotly.min.js"></script>'
        f'<script src="{ASSETS}/report.js" defer></script>'
        "</head><body>"
        f"<header><strong>lexibench</strong> results {_nav(page, shown)}</header>"
        f"<main>{body}</main>"
        "<footer>Generated by <code>lexibench tables</code> from the raw files (when each was "
        "measured: The run); do not edit by hand. The Markdown report: "
        '<a href="../report.md">report.md</a>, <a href="../scaling.md">scaling.md</a>.</footer>'
        "</body></html>\n"
    ).encode()


def _history_body(kept: Sequence[tuple[Path, Manifest]]) -> str:
    """The kept runs: a table of them, and a case's trend across them (a select and a plot)."""
    from lexibench.benchmarks.report.compare import cases, inputs

    if not kept:
        return (
            "<h1>History</h1><p>No run is kept yet: each whole <code>make bench</code> keeps its "
            "raw files in <code>results/history/</code>, by commit.</p>"
        )
    rows = []
    trends: dict[str, list[list[float | int]]] = {}
    for index, (folder, manifest) in enumerate(kept):
        steps = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in manifest.steps.items())
        changed = " (with changes)" if manifest.dirty else ""
        rows.append(
            f"| {manifest.datetime} | `{manifest.commit[:12]}`{changed} "
            f"| {manifest.seconds / 60:.0f} min | {steps} | `{folder.name}` |"
        )
        found, _ = cases(inputs(folder))
        for key, case in found.items():
            rounds = case.rounds
            trends.setdefault(key, []).append(
                [index, statistics.median(rounds), min(rounds), max(rounds)]
            )
    table = "\n".join(
        [
            "| date | commit | wall | steps | folder |",
            "|---|---|---|---|---|",
            *rows,
        ]
    )
    runs = [m.commit[:12] for _, m in kept]
    data = json.dumps({"runs": runs, "cases": trends}, sort_keys=True, separators=(",", ":"))
    data = data.replace("</", "<\\/")
    md = _markdown()
    return (
        "<h1>History</h1><p>Every kept run (a whole <code>make bench</code>, by commit); compare "
        "two with <code>lexibench compare results/history/A results/history/B</code>.</p>"
        + _render(md, table, _Links({}, {}))
        + '<h2 id="a-case-s-trend">A case\'s trend</h2><p>The median seconds of a round in each '
        "kept run, and its range; choose a case (type to narrow the list).</p>"
        '<input id="trend-filter" placeholder="filter the cases" aria-label="filter the cases">'
        '<select id="trend-case" aria-label="case"></select>'
        '<div class="plotly" id="trend"></div>'
        f'<script type="application/json" id="trend-data">{data}</script>'
    )


def pages(
    documents: Sequence[Document], out_dir: Path, kept: Sequence[tuple[Path, Manifest]]
) -> dict[Path, bytes]:
    """Every file of the HTML report under ``out_dir/html``: the pages with anything to show,
    their stylesheet and script, and plotly.js."""
    import plotly.offline

    figures = {
        name: interactive.figure(fig)
        for doc in documents
        for _, section in doc.sections
        for name, fig in section.plots.items()
    }
    md = _markdown()
    texts = {page.file: _page_text(page, documents) for page in PAGES}
    shown = [p for p in PAGES if texts[p.file].strip() or p.file in ("index.html", "history.html")]
    page_of: dict[str, str] = {}
    for page in shown:  # the first page that has an anchor owns it
        for anchor in _ANCHOR.findall(md.render(texts[page.file])):
            page_of.setdefault(anchor, page.file)
    links = _Links(page_of, figures)
    root = out_dir / HTML
    files = {
        root / p.file: _wrap(
            p,
            shown,
            _history_body(kept) if p.file == "history.html" else _render(md, texts[p.file], links),
        )
        for p in shown
    }
    assets = resources.files("lexibench.benchmarks.report") / ASSETS
    for name in ("report.css", "report.js"):
        files[root / ASSETS / name] = (assets / name).read_bytes()
    files[root / ASSETS / "plotly.min.js"] = plotly.offline.get_plotlyjs().encode()
    return files
