"""Reading a file of boards, one per line, as a stream.

A boards file (or standard input) is read line by line, so a file of millions of boards needs
no more memory than a line, and results can be printed while it is read. Lines end with LF or
CRLF and nothing else; the text is UTF-8, with an optional byte-order mark at the start, the
same from a file and from standard input. Reading stops at the first line that is not a board
(not UTF-8, too long, or not a board's text); the boards before it are yielded, and the error,
naming the line, is kept in :attr:`BoardsReader.error` for the caller to report after their
results.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Final

from lexibench.solver.errors import InputError, read_error
from lexibench.solver.games.boggle.board import MAX_CELLS, Board, parse_board

_BOM: Final = b"\xef\xbb\xbf"
#: The longest line read: more than any board of MAX_CELLS cells can need (a cell, a blank and
#: a row separator each).
MAX_LINE: Final = 4 * MAX_CELLS + 2


class BoardsReader:
    """Iterate over the boards of a file or of standard input (``-``), up to the first bad line.

    Raises :class:`InputError` at once when the file cannot be opened; any later problem ends the
    iteration and is kept in :attr:`error`.
    """

    def __init__(self, source: str) -> None:
        self.name = "<stdin>" if source == "-" else source
        self.error: InputError | None = None
        if source == "-":
            if sys.stdin is None:
                raise InputError("boards file <stdin>: standard input is closed")
            self._stream: BinaryIO = sys.stdin.buffer
            self._owned = False
        else:
            try:
                self._stream = Path(source).open("rb")  # noqa: SIM115 (closed by __iter__)
            except OSError as exc:
                raise read_error(f"boards file {source}", exc) from None
            self._owned = True

    def _fail(self, number: int, message: str) -> None:
        self.error = InputError(f"boards file {self.name}, line {number}: {message}")

    def __iter__(self) -> Iterator[Board]:
        try:
            yield from self._boards()
        finally:
            if self._owned:
                self._stream.close()

    def _boards(self) -> Iterator[Board]:
        number = 0
        while True:
            number += 1
            try:
                raw = self._stream.readline(MAX_LINE + 2)
            except OSError as exc:
                self._fail(number, f"cannot read it ({exc.strerror})")
                return
            if not raw:
                return
            if number == 1 and raw.startswith(_BOM):
                raw = raw[len(_BOM) :]
            if raw.endswith(b"\n"):
                raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
            elif len(raw) > MAX_LINE:
                self._fail(number, f"longer than any board accepted ({MAX_CELLS:,} cells)")
                return
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                self._fail(number, f"not UTF-8 (byte 0x{raw[exc.start]:02x})")
                return
            try:
                board = parse_board(text)
            except InputError as exc:
                self._fail(number, str(exc))
                return
            yield board
