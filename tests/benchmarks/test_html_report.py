"""The HTML report on a small real run (tests/fixtures/results): its pages, links and plots; the
plots' specs read without hovering (every scatter point labelled, each panel its own legend, one
style per structure, each decade of a log axis labelled and no minor tick); and the pages opened
in a real headless browser (Debian's chromium, driven by selenium): no console error, every plot
drawn, a table that sorts and filters, a kept run's trend."""

from __future__ import annotations

import gzip
import math
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from lexibench.benchmarks.harness.records import default_inputs, load
from lexibench.benchmarks.report import html, interactive, plots, rows
from tests.benchmarks.conftest import FIXTURE, FixtureReport
from tests.commands import ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


@pytest.fixture(scope="module")
def report(fixture_report: FixtureReport) -> Path:
    """The fixture run's reports, with one run kept in the history (tests/benchmarks/conftest.py):
    the results folder."""
    return fixture_report.out


def test_pages_and_assets(report: Path) -> None:
    site = report / "html"
    names = {p.name for p in site.glob("*.html")}
    assert {"index.html", "boggle.html", "history.html", "run.html"} <= names
    assert (site / "assets" / "plotly.min.js").stat().st_size > 1_000_000
    index = (site / "index.html").read_text()
    assert "Which structure should I use?" in index  # the answer first


def test_every_plot_has_its_twin(report: Path) -> None:
    """Each PNG of the Markdown report is drawn on some page, and links to its PNG."""
    pages = "".join(p.read_text() for p in (report / "html").glob("*.html"))
    for png in (report / "plots").glob("*.png"):
        assert f'href="../plots/{png.name}"' in pages, png.name


def test_links_between_pages_resolve(report: Path) -> None:
    site = report / "html"
    anchors = {
        p.name: set(re.findall(r' id="([^"]+)"', p.read_text())) for p in site.glob("*.html")
    }
    for page in site.glob("*.html"):
        for href in re.findall(r'href="([^"]+)"', page.read_text()):
            if href.startswith(("http", "assets/", "../")):
                continue
            target, _, anchor = href.partition("#")
            target = target or page.name
            assert target in anchors, f"{page.name}: {href}"
            if anchor:
                assert anchor in anchors[target], f"{page.name}: {href}"
        assert 'href="report.md' not in page.read_text()


def test_a_kept_run_changes_the_history_page_alone(fixture_report: FixtureReport) -> None:
    """The pages made again from the same documents with no run kept are the report's, but for
    the history page. (That a render is the same bytes every time, pages and all, is
    tests/benchmarks/test_tables.py's test_tables_are_deterministic.)"""
    out = fixture_report.out
    again = html.pages(fixture_report.documents, out, [])
    pages = {path.name: data for path, data in again.items() if path.suffix == ".html"}
    assert pages.keys() == {p.name for p in (out / "html").glob("*.html")}
    for name, data in pages.items():
        if name != "history.html":
            assert data == (out / "html" / name).read_bytes(), name
    assert pages["history.html"] != (out / "html" / "history.html").read_bytes()


def test_interactive_twin_of_a_dot_plot() -> None:
    """The twin keeps the rows' names, the log axis and each dot's value in its hover."""
    results = load(default_inputs(FIXTURE))
    size, table_rows = next(iter(rows.solve_rows(results).items()))
    fig = plots.solve_figure(size, table_rows)
    twin = interactive.figure(fig)
    assert twin["layout"]["xaxis"]["type"] == "log"
    names = twin["layout"]["yaxis"]["ticktext"]
    ran = [r for r in table_rows if r.value is not None]
    assert len(names) == len(ran)
    dots = [t for t in twin["data"] if t.get("mode") == "markers" and t["x"] != [None]]
    assert len(dots) == len(ran)
    assert all(text for t in dots for text in t["text"])


def _committed_twins() -> dict[str, dict[str, Any]]:
    """The interactive twins of the committed run's plots of structures (speed against memory,
    how cost grows), by PNG name."""
    from lexibench.benchmarks.report.sections import board_size, dictionary, memory

    results = load(default_inputs(ROOT / "results"))
    figures = {
        **dictionary.render(results).plots,
        **board_size.render(results).plots,
        **memory.render(results).plots,
    }
    return {name: interactive.figure(fig) for name, fig in figures.items()}


def _style(trace: dict[str, Any]) -> tuple[str, str]:
    return trace["marker"]["color"], trace["marker"]["symbol"]


def test_one_style_per_structure_in_every_plot() -> None:
    """Every series (a structure) has its own colour and marker, the same in every plot; in the
    committed "how cost grows" plot array-trie, prefix-set and pygtrie were all blue circles."""
    seen: dict[str, set[tuple[str, str]]] = {}
    for name, twin in _committed_twins().items():
        styles = {}
        for trace in twin["data"]:
            if "marker" in trace and trace["x"] != [None]:
                label = trace.get("name") or trace["text"][0].split(",")[0]
                styles[label] = _style(trace)
        if name != "build-load.png":  # its two markers are build and load, not structures
            assert len(set(styles.values())) == len(styles), name
            for label, style in styles.items():
                seen.setdefault(label, set()).add(style)
    assert len(seen) >= 15
    assert all(len(styles) == 1 for styles in seen.values()), seen


def test_each_panel_has_its_own_legend() -> None:
    """How cost grows: three panels, each its legend beside it (one legend of 17 entries mixed
    them), each series in the legend of its panel."""
    twin = _committed_twins()["scaling-dictionary.png"]
    layout = twin["layout"]
    panels = [k.removeprefix("yaxis") for k in layout if k.startswith("yaxis")]
    assert len(panels) == 3
    for panel in panels:
        legend = layout["legend" + panel]
        assert legend["y"] == layout["yaxis" + panel]["domain"][1]  # at its panel's top
        assert legend["x"] > 1  # beside the plot
        names = [t["name"] for t in twin["data"] if t["yaxis"] == "y" + panel and "name" in t]
        assert names
        assert all(
            t["legend"] == "legend" + panel for t in twin["data"] if t["yaxis"] == "y" + panel
        )
    every = [t["name"] for t in twin["data"] if t.get("showlegend", True) and "name" in t]
    assert len(every) == len(set(every)) == 17


def test_every_point_of_the_scatter_is_labelled_on_the_page() -> None:
    """Speed against memory: each point's label drawn beside it (a leader line where the PNG
    sets it apart), not only in its hover text; the figure keeps the width the labels were
    placed for."""
    twin = _committed_twins()["tradeoff.png"]
    points = [t for t in twin["data"] if t["x"] != [None]]
    notes = twin["layout"]["annotations"]
    labels = {n["text"].split(", ")[0]: n for n in notes if n.get("xref") == "x"}
    names = {t["text"][0].split(", ")[0] for t in points}
    assert len(points) >= 15
    assert set(labels) == names
    for trace in points:
        note = labels[trace["text"][0].split(", ")[0]]
        assert note["x"] == pytest.approx(math.log10(trace["x"][0]))  # at its own point
        assert note["y"] == pytest.approx(math.log10(trace["y"][0]))
        if note["showarrow"]:
            assert note["arrowcolor"] == plots.GREY
            assert math.hypot(note["ax"], note["ay"]) < 100
        else:
            assert abs(note["xshift"]) + abs(note["yshift"]) < 20
    assert twin["layout"]["width"] == 810


def _decades_between(low: float, high: float) -> list[float]:
    first, last = math.ceil(math.log10(low) - 1e-9), math.floor(math.log10(high) + 1e-9)
    return [10.0**k for k in range(first, last + 1)]


def test_log_axes_label_each_decade_and_no_minor_tick() -> None:
    """Every log axis of the report's plots (the fixture's run, and the committed structures'
    plots) labels each power of ten in its range plainly, and nothing between (plotly's own
    ticks labelled minor ones "2 5" and left a decade bare); a range holding fewer than two
    decades is labelled at 1, 2 and 5 times a power of ten."""
    from lexibench.benchmarks.report.build import REPORT_SECTIONS, SCALING_SECTIONS

    results = load(default_inputs(FIXTURE))
    twins = list(_committed_twins().values())
    for render in (*REPORT_SECTIONS, *SCALING_SECTIONS):
        twins += [interactive.figure(fig) for fig in render(results).plots.values()]
    checked = 0
    for twin in twins:
        for key, axis in twin["layout"].items():
            if not (key.startswith(("xaxis", "yaxis")) and axis.get("type") == "log"):
                continue
            low, high = (10**v for v in axis["range"])
            decades = _decades_between(low, high)
            values = axis["tickvals"]
            assert axis["tickmode"] == "array"
            assert "dtick" not in axis
            if len(decades) >= 2:
                assert [pytest.approx(d) for d in decades] == values, (key, low, high)
            else:
                assert len(values) >= 2
                assert all(f"{v:.0e}"[0] in "125" for v in values)
            assert axis["ticktext"] == [f"{v:,.10g}" for v in values]
            assert all("e" not in t for t in axis["ticktext"])
            checked += 1
    assert checked >= 10


def test_every_twin_is_a_valid_plotly_figure() -> None:
    """Every attribute of every twin is one plotly.js knows, with a value of its type, by
    plotly.py's validators (the schema of the plotly.js the report ships): a misspelt one would
    be silently ignored in the browser."""
    import plotly.graph_objects as go

    from lexibench.benchmarks.report.build import REPORT_SECTIONS, SCALING_SECTIONS

    results = load(default_inputs(FIXTURE))
    twins = list(_committed_twins().values())
    for render in (*REPORT_SECTIONS, *SCALING_SECTIONS):
        twins += [interactive.figure(fig) for fig in render(results).plots.values()]
    for twin in twins:
        go.Figure(twin)  # raises ValueError naming an unknown attribute or a bad value


# --- in a real browser ---------------------------------------------------------------------


def _browser() -> Any:
    """A headless chromium under selenium, or a skip naming what is missing."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.skip(
            "no browser: Debian's chromium and chromium-driver are not installed "
            "(.ci/run installs them: apt-get install chromium chromium-driver)"
        )
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
    ):
        options.add_argument(flag)
    options.binary_location = str(CHROMIUM)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = _browser()
    try:
        yield driver
    finally:
        driver.quit()


def _errors(browser: Any) -> list[str]:
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def _pages_load_and_draw(browser: Any, site: Path) -> None:
    for page in sorted(site.glob("*.html")):
        browser.get(page.as_uri())
        drawn = browser.execute_script(
            "const figures = [...document.querySelectorAll('figure.plot > div.figure')];"
            "return [figures.length, figures.filter((d) => d.querySelector('.main-svg')).length]"
        )
        assert drawn[0] == drawn[1], f"{page.name}: {drawn[1]} of {drawn[0]} plots drawn"
        assert _errors(browser) == [], page.name


def test_every_page_loads_and_draws_its_plots(report: Path, browser: Any) -> None:
    _pages_load_and_draw(browser, report / "html")


def test_the_committed_report_loads_and_draws_its_plots(browser: Any) -> None:
    """The HTML report of the committed run (results/html), as a reader opens it."""
    site = ROOT / "results" / "html"
    assert (site / "index.html").is_file(), "results/html: regenerate it with `make tables`"
    _pages_load_and_draw(browser, site)


def test_a_table_sorts_and_filters(report: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    browser.get((report / "html" / "boggle.html").as_uri())
    table = browser.find_element(By.CSS_SELECTOR, "main table")
    heads = table.find_elements(By.CSS_SELECTOR, "thead th")
    column = next(i for i, th in enumerate(heads) if th.text.startswith("ms/"))

    def values() -> list[float]:
        cells = table.find_elements(By.CSS_SELECTOR, f"tbody tr td:nth-child({column + 1})")
        return [float(c.text.replace(",", "")) for c in cells if c.text]

    heads[column].click()
    assert values() == sorted(values())
    assert heads[column].get_attribute("aria-sort") == "ascending"
    heads[column].click()
    assert values() == sorted(values(), reverse=True)
    rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
    first = rows[0].find_element(By.CSS_SELECTOR, "td").text
    box = browser.find_element(By.CSS_SELECTOR, ".table-filter")
    box.send_keys(first)
    shown = [r for r in rows if r.is_displayed()]
    assert shown
    assert all(first in r.text for r in shown)
    assert len(shown) < len(rows)
    assert _errors(browser) == []


def test_the_history_draws_a_trend(report: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    browser.get((report / "html" / "history.html").as_uri())
    assert "0123456789ab" in browser.find_element(By.CSS_SELECTOR, "main table").text
    options = browser.find_elements(By.CSS_SELECTOR, "#trend-case option")
    assert len(options) > 10
    assert browser.find_elements(By.CSS_SELECTOR, "#trend .main-svg")
    assert _errors(browser) == []


def test_a_kept_run_reads_as_a_results_folder(report: Path, tmp_path: Path) -> None:
    kept = next((report / "history").iterdir())
    assert (kept / "raw" / "games.json.gz").exists()
    copy = tmp_path / "kept"
    shutil.copytree(kept, copy)
    assert load(default_inputs(copy)).benches
    raw = gzip.decompress((copy / "raw" / "games.json.gz").read_bytes())
    assert raw == (FIXTURE / "raw" / "games.json").read_bytes()


class _WholeRun:
    """What the runner's publishing reads of a whole run's progress: each step's time."""

    def __init__(self) -> None:
        self.seconds = {"suite games": 10.0, "tables": 2.0}

    def elapsed(self) -> float:
        return 12.0


def _staged(tmp_path: Path) -> Path:
    staging = tmp_path / "staging"
    for path in default_inputs(FIXTURE):
        target = staging / path.relative_to(FIXTURE)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return staging


def test_a_whole_run_is_on_the_history_page_it_publishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexibench.benchmarks import run

    # the plots' PNGs, which this test does not look at, are not drawn (seconds)
    monkeypatch.setattr(plots, "png", lambda _fig: b"\x89PNG\r\n\x1a\n")
    results = tmp_path / "results"
    results.mkdir()
    run._publish(results, _staged(tmp_path), None, kept_by=cast(Any, _WholeRun()))
    [folder] = (results / "history").iterdir()
    assert (folder / "run.json").is_file()
    assert folder.name in (results / "html" / "history.html").read_text()


def test_a_report_that_cannot_be_published_keeps_no_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lexibench.benchmarks import run
    from lexibench.benchmarks.report import build

    def fails(*args: object, **kwargs: object) -> None:
        raise OSError("the disk is full")

    monkeypatch.setattr(build, "report_files", fails)
    results = tmp_path / "results"
    results.mkdir()
    with pytest.raises(OSError, match="the disk is full"):
        run._publish(results, _staged(tmp_path), None, kept_by=cast(Any, _WholeRun()))
    assert list((results / "history").iterdir()) == []
