"""Number, date and table formatting shared by the reports."""

from __future__ import annotations

from tabulate import tabulate

PLOTS = "plots"
"""The report's plot folder, beside the Markdown files."""


def num(x: float | None, digits: int = 3) -> str:
    """Three significant figures, thousands separated; blank for missing.

    >>> num(0.2371), num(4220.4), num(None)
    ('0.237', '4,220', '')
    """
    if x is None:
        return ""
    if x >= 10 ** (digits - 1):
        return f"{x:,.0f}"
    return f"{x:.{digits}g}"


def spread(low: float, high: float) -> str:
    """A min-max range with three significant figures.

    >>> spread(0.2312, 0.2498)
    '0.231-0.25'
    """
    return f"{num(low)}-{num(high)}"


def table(headers: list[str], body: list[list[str]]) -> str:
    """A GitHub Markdown table; cells are printed as given (no number parsing)."""
    return tabulate(body, headers=headers, tablefmt="github", disable_numparse=True)


def compact_table(headers: list[str], body: list[list[str]]) -> str:
    """The same table without the padding that lines its columns up (what a page renders the
    same, in fewer bytes: the README's).

    >>> print(compact_table(["a", "b"], [["1", "22"]]))
    | a | b |
    |---|---|
    | 1 | 22 |
    """
    rows = ["| " + " | ".join(cells) + " |" for cells in (headers, *body)]
    return "\n".join([rows[0], "|" + "---|" * len(headers), *rows[1:]])


def date_text(stamp: str | None) -> str:
    """``2026-11-21T06:54:48.56+00:00`` as ``2026-11-21 06:54 UTC``."""
    if not stamp:
        return "unknown"
    day, _, clock = stamp.partition("T")
    return f"{day} {clock[:5]} UTC" if clock else day


def build_text(build: str | None) -> str:
    """How the solver's search ran, from the ``solver_build`` a results file recorded."""
    builds = {"mypyc": "compiled with mypyc", "interpreted": "interpreted (not compiled)"}
    return builds.get(build or "", "build not recorded")


def notes(pairs: list[tuple[str, str | None]]) -> tuple[dict[str, str], list[str]]:
    """Number the distinct notes of ``(backend, note)`` pairs; return backend -> marker and the
    footnote lines.

    >>> notes([("a", None), ("b", "capped"), ("c", "capped")])
    ({'b': ' [1]', 'c': ' [1]'}, ['[1] b: capped.'])
    """
    markers: dict[str, str] = {}
    lines: list[str] = []
    numbers: dict[str, int] = {}
    for backend, note in pairs:
        if note:
            if note not in numbers:
                numbers[note] = len(numbers) + 1
                lines.append(f"[{numbers[note]}] {backend}: {note}.")
            markers[backend] = f" [{numbers[note]}]"
    return markers, lines


def footnotes(lines: list[str]) -> list[str]:
    """The footnote lines under a table (a blank line first), or nothing."""
    return ["", *lines] if lines else []
