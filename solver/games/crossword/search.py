"""Move generation through the ``Lexicon`` protocol: Appel and Jacobson's DAWG algorithm and
Gordon's GADDAG algorithm, each over the string tier and the step tier. Compiled with mypyc on
install (as :mod:`solver.games.boggle.search`); plain typed Python, it runs unchanged when it is
not compiled.

Both algorithms see the board one lane at a time (each row for across moves, each column for down
moves), with, for every empty square, its *cross-set* (the letters that make a word with the
tiles above and below it, or left and right of it for down moves: all letters when it has no
such neighbour), its cross-score and whether it has a cross-word at all (only the letters the
rack can place are cross-checked: all of them with a blank). An *anchor* is an empty square
beside a tile (on an empty board: the start square). Each move is generated from the
leftmost anchor it covers, so within a direction no move is found twice; across the two
directions a move of one tile is kept only once, across when it makes an across word, down
otherwise.

``dawg`` (Appel and Jacobson, CACM 31(5), 1988)
    Over a lexicon of the words. From each anchor, a *left part*: the tiles already left of it,
    or up to as many rack tiles as there are empty non-anchor squares to its left; then it
    extends right, square by square, under the lexicon and the cross-sets.
``gaddag`` (Gordon, SP&E 24(2), 1994)
    Over a lexicon of the GADDAG strings (:mod:`structures.gaddag`). From each anchor it reads
    leftwards (placing or reading tiles, never onto an earlier anchor), crosses the separator
    ``@`` and reads rightwards from the square after the anchor: each string walked is a
    reversed prefix, ``@``, a suffix, so no left part is tried that no word ends with. An
    anchor just after a run of tiles starts from that run instead (read leftwards, then the
    separator, then rightwards from the anchor), as Macondo and MAGPIE anchor on a run's last
    tile: the tiles constrain the first letters tried.

The two are one walk, :meth:`Generator._walk`, as Macondo's generator is one (``recursiveGen``
and ``goOn``): from the anchor (after the DAWG's left part, or after the run of tiles read), it
goes square by square, reading a tile or placing each rack tile the lexicon and the cross-set
allow, and records each word when it is whole; a parameter says which way it goes: rightwards,
or leftwards (the first half of Gordon's algorithm), crossing the separator to go on rightwards
after the anchor. Down moves are across moves on the board's transposed lanes.

How the lexicon is asked (:class:`Access`): the string tier builds each candidate string and asks
``has_prefix`` (and ``is_word`` to record); the step tier carries a node and asks ``child`` and
``is_terminal``. Cross-sets are asked the same way: a whole-word ``is_word`` per letter (string),
or a walk shared by the letters (step; for the GADDAG, the cross-word reversed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, final

LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
SEPARATOR: Final = "@"
BLANK: Final = 0x80
EVERY: Final = (1 << 27) - 2
"""A cross-set allowing every letter (bits 1-26)."""

RawMove = tuple[int, bool, int, int, str, int]


def build() -> str:
    """``"mypyc"`` when this module runs compiled, ``"interpreted"`` when it runs from source."""
    return "interpreted" if __file__.endswith(".py") else "mypyc"


class Access:
    """How a generator asks its lexicon (a base class; see the subclasses)."""

    def root(self) -> Any:
        """The node of the empty string."""
        raise NotImplementedError

    def child(self, node: Any, letter: str) -> Any:
        """The node after ``letter``, or None."""
        raise NotImplementedError

    def terminal(self, node: Any) -> bool:
        """True when the node's string is stored."""
        raise NotImplementedError

    def cross_set(self, before: str, after: str, wanted: int) -> int:
        """The letters ``x`` among ``wanted`` (bit ``t`` for tile ``t``) that make
        ``before + x + after`` a word."""
        raise NotImplementedError


@final
class StringAccess(Access):
    """The string tier: a node is the string so far."""

    def __init__(
        self,
        has_prefix: Callable[[str], object],
        is_word: Callable[[str], object],
        gaddag: bool,
    ) -> None:
        self.has_prefix = has_prefix
        self.is_word = is_word
        self.gaddag = gaddag

    def root(self) -> Any:
        return ""

    def child(self, node: Any, letter: str) -> Any:
        extended: str = node + letter
        return extended if self.has_prefix(extended) else None

    def terminal(self, node: Any) -> bool:
        return bool(self.is_word(node))

    def cross_set(self, before: str, after: str, wanted: int) -> int:
        is_word = self.is_word
        found = 0
        for t in range(1, 27):
            if not wanted >> t & 1:
                continue
            word = before + LETTERS[t - 1] + after
            if is_word(word[::-1] if self.gaddag else word):
                found |= 1 << t
        return found


@final
class StepAccess(Access):
    """The step tier: a node is the lexicon's own."""

    def __init__(
        self,
        root: object,
        child: Callable[[Any, str], Any],
        is_terminal: Callable[[Any], object],
        gaddag: bool,
    ) -> None:
        self.root_node = root
        self.step = child
        self.is_terminal = is_terminal
        self.gaddag = gaddag

    def root(self) -> Any:
        return self.root_node

    def child(self, node: Any, letter: str) -> Any:
        return self.step(node, letter)

    def terminal(self, node: Any) -> bool:
        return bool(self.is_terminal(node))

    def _follow(self, node: Any, text: str) -> Any:
        step = self.step
        for letter in text:
            node = step(node, letter)
            if node is None:
                return None
        return node

    def cross_set(self, before: str, after: str, wanted: int) -> int:
        # The words lexicon reads before, the letter, after; the GADDAG's reversed word reads
        # after reversed, the letter, before reversed. The first part is walked once.
        first, second = (after[::-1], before[::-1]) if self.gaddag else (before, after)
        node = self._follow(self.root_node, first)
        found = 0
        if node is None:
            return found
        step = self.step
        for t in range(1, 27):
            if not wanted >> t & 1:
                continue
            nxt = step(node, LETTERS[t - 1])
            if nxt is None:
                continue
            nxt = self._follow(nxt, second)
            if nxt is not None and self.is_terminal(nxt):
                found |= 1 << t
        return found


@final
class Generator:
    """Every legal move of a position, through an :class:`Access` (see the module docstring).

    Built once per lexicon and rule set; :meth:`generate` is called per position. ``letters``:
    the tiles the rule set has (bit ``t``), the only letters a move may place (a blank too).
    """

    def __init__(
        self,
        access: Access,
        gaddag: bool,
        rows: int,
        cols: int,
        letter_multiplier: list[int],
        word_multiplier: list[int],
        values: list[int],
        start: int,
        rack_size: int,
        bingo: int,
        letters: int = EVERY,
    ) -> None:
        self.access = access
        self.letters = letters
        self.gaddag = gaddag
        self.rows = rows
        self.cols = cols
        self.letter_multiplier = letter_multiplier
        self.word_multiplier = word_multiplier
        self.values = values
        self.start = start
        self.rack_size = rack_size
        self.bingo = bingo
        # one direction's lanes, lane-major (set by _prepare)
        self.down = False
        self.lanes = 0
        self.n = 0
        self.base = 0
        self.cells: list[int] = []
        self.xset: list[int] = []
        self.xscore: list[int] = []
        self.xhas: list[bool] = []
        self.anchor: list[bool] = []
        self.lm: list[int] = []
        self.wm: list[int] = []
        # the search's state
        self.rack: list[int] = []
        self.usable = letters
        self.word: list[int] = []
        self.placed: list[bool] = []
        self.moves: list[RawMove] = []
        self.anchor_pos = 0

    def generate(self, board: bytes, rack: list[int]) -> list[RawMove]:
        """Every legal move on ``board`` (tiles per square, row by row) with ``rack`` (counts per
        tile, index 0 the blanks), as raw moves."""
        self.rack = list(rack)
        self.moves = []
        # the letters the rack can place: only those need a cross-check
        self.usable = self.letters
        if not rack[0]:
            self.usable &= sum(1 << t for t in range(1, 27) if rack[t])
        across = list(board)
        down = [across[r * self.cols + c] for c in range(self.cols) for r in range(self.rows)]
        empty = not any(across)
        for is_down in (False, True):
            if is_down:
                self._prepare(True, down, across, self.cols, self.rows, empty)
            else:
                self._prepare(False, across, down, self.rows, self.cols, empty)
            n = self.n
            for lane in range(self.lanes):
                self.base = lane * n
                for pos in range(n):
                    if self.anchor[self.base + pos]:
                        self.anchor_pos = pos
                        self._from_anchor(pos)
        return self.moves

    # --- the lanes of one direction ---------------------------------------------------------

    def _prepare(
        self, down: bool, cells: list[int], other: list[int], lanes: int, n: int, empty: bool
    ) -> None:
        """Lane-major arrays for one direction. ``other``: the board in the other direction's
        lanes (``n`` lanes of ``lanes`` squares), where each square's cross-word lies."""
        self.down = down
        self.lanes = lanes
        self.n = n
        self.cells = cells
        size = lanes * n
        cols = self.cols
        self.lm = [0] * size
        self.wm = [0] * size
        self.xset = [self.letters] * size
        self.xscore = [0] * size
        self.xhas = [False] * size
        self.anchor = [False] * size
        values = self.values
        access = self.access
        for lane in range(lanes):
            for pos in range(n):
                i = lane * n + pos
                square = pos * cols + lane if down else i
                self.lm[i] = self.letter_multiplier[square]
                self.wm[i] = self.word_multiplier[square]
                if cells[i]:
                    continue
                if empty:
                    self.anchor[i] = square == self.start
                    continue
                # the cross-word: lane `pos` of the other direction, around square `lane`
                o = pos * lanes
                lo = lane
                while lo > 0 and other[o + lo - 1]:
                    lo -= 1
                hi = lane
                while hi + 1 < lanes and other[o + hi + 1]:
                    hi += 1
                beside = (pos > 0 and cells[i - 1] != 0) or (pos + 1 < n and cells[i + 1] != 0)
                if lo == lane and hi == lane:
                    self.anchor[i] = beside
                    continue
                self.anchor[i] = True
                self.xhas[i] = True
                before = ""
                after = ""
                score = 0
                for k in range(lo, lane):
                    tile = other[o + k]
                    before += LETTERS[(tile & 0x7F) - 1]
                    score += 0 if tile & BLANK else values[tile]
                for k in range(lane + 1, hi + 1):
                    tile = other[o + k]
                    after += LETTERS[(tile & 0x7F) - 1]
                    score += 0 if tile & BLANK else values[tile]
                self.xscore[i] = score
                self.xset[i] = access.cross_set(before, after, self.usable)
        self.word = [0] * n
        self.placed = [False] * n

    # --- recording --------------------------------------------------------------------------

    def _record(self, start: int, end: int) -> None:
        """Record the word on squares ``start..end`` of the current lane (its letters in
        ``self.word``, the new ones flagged in ``self.placed``), scored."""
        base = self.base
        main = 0
        multiplier = 1
        cross = 0
        count = 0
        mask = 0
        last = 0
        text = ""
        values = self.values
        for pos in range(start, end + 1):
            tile = self.word[pos]
            letter = tile & 0x7F
            text += LETTERS[letter - 1] if tile & BLANK else LETTERS[letter - 1].upper()
            value = 0 if tile & BLANK else values[letter]
            if self.placed[pos]:
                i = base + pos
                value *= self.lm[i]
                multiplier *= self.wm[i]
                if self.xhas[i]:
                    cross += (value + self.xscore[i]) * self.wm[i]
                count += 1
                mask |= 1 << (pos - start)
                last = i
            main += value
        if self.down and count == 1 and self.xhas[last]:
            return  # a single tile that makes an across word: found across
        score = main * multiplier + cross + (self.bingo if count == self.rack_size else 0)
        lane = base // self.n
        if self.down:
            self.moves.append((score, True, start, lane, text, mask))
        else:
            self.moves.append((score, False, lane, start, text, mask))

    # --- the walk ---------------------------------------------------------------------------

    def _from_anchor(self, anchor: int) -> None:
        """Every move whose leftmost anchor is ``anchor``. After a run of tiles the words start
        with that run: read it (rightwards through the DAWG; leftwards through the GADDAG, then
        the separator: the run's last tile is where Macondo and MAGPIE anchor) and walk on
        right from the anchor. Otherwise the DAWG tries each left part, and the GADDAG walks
        leftwards from the anchor itself."""
        cells = self.cells
        base = self.base
        access = self.access
        gaddag = self.gaddag
        start = anchor
        while start > 0 and cells[base + start - 1]:
            start -= 1
        node = access.root()
        if start == anchor and gaddag:
            self._walk(anchor, node, anchor + 1, -1)
            return
        if start == anchor:
            limit = 0
            pos = anchor - 1
            while pos >= 0 and not cells[base + pos] and not self.anchor[base + pos]:
                limit += 1
                pos -= 1
            self._left_part(node, [], anchor, limit)
            return
        for k in range(anchor - start):
            pos = anchor - 1 - k if gaddag else start + k
            tile = cells[base + pos]
            node = access.child(node, LETTERS[(tile & 0x7F) - 1])
            if node is None:
                return
            self.word[pos] = tile
            self.placed[pos] = False
        if gaddag:
            node = access.child(node, SEPARATOR)
            if node is None:
                return
        self._walk(anchor, node, start, 1)

    def _left_part(self, node: Any, part: list[int], anchor: int, limit: int) -> None:
        """Appel and Jacobson's left parts: ``part`` (rack tiles ending before the anchor, read
        to ``node``), then each left part of up to ``limit`` more tiles; each is walked on right
        from the anchor."""
        start = anchor - len(part)
        for k in range(len(part)):
            self.word[start + k] = part[k]
            self.placed[start + k] = True
        self._walk(anchor, node, start, 1)
        if limit == 0:
            return
        rack = self.rack
        access = self.access
        letters = self.letters
        for t in range(1, 27):
            if not letters >> t & 1 or (not rack[t] and not rack[0]):
                continue
            nxt = access.child(node, LETTERS[t - 1])
            if nxt is None:
                continue
            if rack[t]:
                rack[t] -= 1
                part.append(t)
                self._left_part(nxt, part, anchor, limit - 1)
                part.pop()
                rack[t] += 1
            if rack[0]:
                rack[0] -= 1
                part.append(t | BLANK)
                self._left_part(nxt, part, anchor, limit - 1)
                part.pop()
                rack[0] += 1

    def _walk(self, pos: int, node: Any, start: int, step: int) -> None:
        """Walk on to square ``pos`` with ``node``, rightwards (``step`` 1: the word so far
        covers ``start`` to ``pos - 1``) or leftwards (-1, the first half of Gordon's algorithm:
        it covers ``start``, that is ``pos + 1``, to the anchor). Read the square's tile and
        walk on; or record the word when it is whole (it covers the anchor, has two letters or
        more and no tile touches either end), then place there each rack tile (a blank as each
        letter) that the lexicon and the cross-set allow and walk on from each; leftwards, also
        cross the separator to the square after the anchor."""
        cells = self.cells
        i = self.base + pos
        n = self.n
        access = self.access
        on_board = 0 <= pos < n
        after = start if step > 0 else pos  # where the word starts once ``pos`` is filled
        if on_board and cells[i]:
            tile = cells[i]
            nxt = access.child(node, LETTERS[(tile & 0x7F) - 1])
            if nxt is not None:
                self.word[pos] = tile
                self.placed[pos] = False
                self._walk(pos + step, nxt, after, step)
            return
        anchor = self.anchor_pos
        end = pos - 1 if step > 0 else anchor
        if (
            end > start
            and end >= anchor
            and (step > 0 or anchor + 1 == n or not cells[self.base + anchor + 1])
            and access.terminal(node)
        ):
            self._record(start, end)
        # not off the board, nor (leftwards) an earlier anchor: its moves are found from there
        if on_board and (step > 0 or pos == anchor or not self.anchor[i]):
            allowed = self.xset[i]
            rack = self.rack
            for t in range(1, 27):
                if not allowed >> t & 1 or (not rack[t] and not rack[0]):
                    continue
                nxt = access.child(node, LETTERS[t - 1])
                if nxt is None:
                    continue
                # the tile, then a blank as that letter (a loop over the two is slower)
                self.placed[pos] = True
                if rack[t]:
                    rack[t] -= 1
                    self.word[pos] = t
                    self._walk(pos + step, nxt, after, step)
                    rack[t] += 1
                if rack[0]:
                    rack[0] -= 1
                    self.word[pos] = t | BLANK
                    self._walk(pos + step, nxt, after, step)
                    rack[0] += 1
        if step < 0 and pos < anchor and anchor + 1 < n:
            nxt = access.child(node, SEPARATOR)
            if nxt is not None:
                self._walk(anchor + 1, nxt, start, 1)
