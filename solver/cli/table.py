"""Plain-text tables for the command line's listings."""

from __future__ import annotations


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    """Rows under headers, in left-aligned columns two spaces apart, with a rule below the
    headers; trailing spaces trimmed.

    >>> print(text_table(["id", "ok"], [["dawg", "yes"], ["marisa", ""]]))
    id      ok
    ------  ---
    dawg    yes
    marisa
    """
    widths = [max(len(cell) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))

    out = [line(headers), line(["-" * width for width in widths])]
    out += [line(row) for row in rows]
    return "\n".join(text.rstrip() for text in out)
