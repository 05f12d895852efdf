"""Reading a file of boards, one per line, as a stream.

A boards file (or standard input) is read in blocks of whole lines, so a file of millions of boards
needs no more memory than a block, and results can be printed while it is read. Lines end with LF
or CRLF and nothing else; the text is UTF-8, with an optional byte-order mark at the start, the
same from a file and from standard input. A blank line (empty, or only blanks and CRs) is skipped,
as JSON Lines readers skip one, and counted (:attr:`BoardsReader.blanks`); the lines keep their
numbers in the file. Reading stops at the first line that is not a board (not UTF-8, too long, or
not a board's text); the boards before it are used, and the error, naming the line, is kept for
the caller to report after their results (:attr:`BoardsReader.error`).

:class:`BoardsReader` yields :class:`~lexibench.solver.games.boggle.board.Board` objects;
:func:`line_blocks` hands out the blocks themselves, for code that parses lines in bulk
(:mod:`.bulk_lines`) and gives :func:`board_of_line` the lines it does not parse. Both read
lines the same way: :func:`board_of_line` is the one definition of a line's checks.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterator
from typing import BinaryIO, Final, TypeAlias

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.board import MAX_CELLS, Board, parse_board
from lexibench.structures.errors import BadInputError
from lexibench.structures.files import input_format, open_input

_BOM: Final = b"\xef\xbb\xbf"
#: The longest line read: more than any board of MAX_CELLS cells can need (a cell, a blank and
#: a row separator each).
MAX_LINE: Final = 4 * MAX_CELLS + 2
#: Bytes read at a time.
BLOCK: Final = 1 << 20
#: What a blank line holds, if anything: blanks (space, tab) and CRs.
BLANKS: Final = b" \t\r"

#: A number of bytes, or what gives the next one (asked each time).
Size: TypeAlias = int | Callable[[], int]


def _sizes(size: Size) -> Callable[[], int]:
    """``size`` as what gives it."""
    return size if callable(size) else lambda: size


def board_of_line(raw: bytes, ended: bool, q_means_qu: bool = False) -> Board | None:
    """The board of one line: ``raw``, its bytes without the LF that ends it (``ended``) or, for
    the last line of a file without one, as they are; None for a blank line (empty, or only
    :data:`BLANKS`), which is skipped. Raises :class:`InputError` saying what is wrong (without
    the line's number). ``q_means_qu``: the peers' form (see :func:`parse_board`).

    A line ending with CRLF loses the CR; one of more than :data:`MAX_LINE` characters (one more
    with its CR), blank or not, is refused unread."""
    if ended and raw.endswith(b"\r"):
        if len(raw) > MAX_LINE + 1:
            raise InputError(f"longer than any board accepted ({MAX_CELLS:,} cells)")
        raw = raw[:-1]
    if len(raw) > MAX_LINE:
        raise InputError(f"longer than any board accepted ({MAX_CELLS:,} cells)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 (byte 0x{raw[exc.start]:02x})") from None
    try:
        return parse_board(text, q_means_qu)
    except InputError:
        if not raw.strip(BLANKS):  # looked at only here: no cost to a line that is a board
            return None
        raise


def line_blocks(
    read: Callable[[int], bytes], size: Size = BLOCK, at_start: bool = True
) -> Iterator[bytes]:
    """The stream that ``read(n)`` reads (up to ``n`` bytes, ``b""`` at its end), in blocks of
    whole lines: each block ends with an LF, except the last when the stream does not (it is the
    stream's last line). ``size``: the bytes read at a time (or what gives them, asked before
    each read). A byte-order mark at the start of the file (``at_start``: the stream starts
    there) is dropped. A line too long to be a board (past :data:`MAX_LINE` + 2 bytes without an
    LF) ends the blocks: the last holds its start, which :func:`board_of_line` refuses.
    ``OSError`` from ``read`` passes through (after the blocks before it)."""
    size_of = _sizes(size)
    data = read(size_of())
    if at_start:
        while data and len(data) < len(_BOM) and _BOM.startswith(data):  # a short read
            more = read(size_of())
            if not more:
                break
            data += more
        if data.startswith(_BOM):
            data = data[len(_BOM) :] or read(size_of())
    carry = b""
    while data:
        end = data.rfind(b"\n") + 1
        if end:
            yield carry + data[:end] if carry else data[:end]
            carry = data[end:]
        else:
            carry += data
        if len(carry) > MAX_LINE + 2:
            yield carry
            return
        data = read(size_of())
    if carry:
        yield carry


def line_chunks(fd: int, size: Size) -> Iterator[tuple[int, int]]:
    """The regular file open at ``fd`` in shares of whole lines, ``(start, length)``, of about
    ``size`` bytes each (or what ``size()`` gives, asked before each share): each ends just after
    an LF, except the file's last and one ending inside a line too long to be a board (past
    :data:`MAX_LINE` + 2 bytes without an LF; the share that holds its start refuses it). Reads
    a few bytes at each boundary, not the file."""
    size_of = _sizes(size)
    total = os.fstat(fd).st_size
    start = 0
    while start < total:
        end = min(start + max(size_of(), 1), total)
        limit = min(end + MAX_LINE + 2, total)
        while end < limit:
            data = os.pread(fd, min(1 << 12, limit - end), end)
            if not data:
                limit = end
                break
            found = data.find(b"\n")
            if found >= 0:
                end += found + 1
                break
            end += len(data)
        yield start, end - start
        start = end


class BoardsReader:
    """The boards of a file or of standard input (``-``), up to the first bad line.

    Raises :class:`InputError` at once when the file cannot be opened; any later problem ends the
    reading and is kept in :attr:`error`. Iterating yields the boards, skipping blank lines and
    counting them in :attr:`blanks`; :meth:`blocks` the raw blocks of lines instead (one way or
    the other, once: whoever parses those counts the blank lines they skip in :attr:`blanks`).
    """

    def __init__(self, source: str, q_means_qu: bool = False) -> None:
        self.name = "<stdin>" if source == "-" else source
        self.q_means_qu = q_means_qu
        self.error: InputError | None = None
        self.blanks = 0
        """Blank lines skipped so far."""
        if source == "-":
            if sys.stdin is None:
                raise InputError("boards file <stdin>: standard input is closed")
            self.stream: BinaryIO = sys.stdin.buffer
            self._owned = False
        else:
            try:
                self.stream = open_input(source, "boards file")
            except BadInputError as exc:
                raise InputError(str(exc)) from None
            self._owned = True

    def fail(self, number: int, message: str) -> None:
        """Keep the error of line ``number`` (the first one: reading stops there)."""
        if self.error is None:
            self.error = InputError(f"boards file {self.name}, line {number}: {message}")

    def close(self) -> None:
        """Close the file (standard input stays open)."""
        if self._owned:
            self.stream.close()

    def blocks(self, size: Size = BLOCK) -> Iterator[tuple[bytes, int]]:
        """Blocks of whole lines read ``size`` bytes at a time (see :func:`line_blocks`), each
        with the number of its first line; a read error becomes :attr:`error` (for the line
        being read) and ends them."""
        number = 1
        try:
            # read1: what is there, without waiting for more (lines from a pipe come as they come)
            read = getattr(self.stream, "read1", self.stream.read)
            for block in line_blocks(read, size):
                yield block, number
                number += block.count(b"\n")
        except OSError as exc:
            self.fail(number, f"cannot read it ({exc.strerror})")
        finally:
            self.close()

    def __iter__(self) -> Iterator[Board]:
        for block, number in self.blocks():
            lines = block.split(b"\n")
            ended = block.endswith(b"\n")
            if ended:
                lines.pop()
            last = len(lines) - 1
            for k, raw in enumerate(lines):
                try:
                    board = board_of_line(raw, ended or k < last, self.q_means_qu)
                except InputError as exc:
                    self.fail(number + k, str(exc))
                    return
                if board is None:
                    self.blanks += 1
                    continue
                yield board


@input_format("boards", "boards file", 1 << 40)
def parse_boards(data: bytes, name: str) -> list[Board]:
    """Every board of a boards file's bytes, read as :class:`BoardsReader` reads the file (the
    registry's reader of the format: the commands stream the file instead). Raises the first
    bad line's :class:`InputError`."""
    reader = BoardsReader.__new__(BoardsReader)
    reader.name, reader.q_means_qu, reader.error, reader.blanks = name, False, None, 0
    reader.stream, reader._owned = io.BytesIO(data), False
    boards = list(reader)
    if reader.error is not None:
        raise reader.error
    return boards
