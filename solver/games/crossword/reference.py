"""A brute-force move generator, correct by construction: every word of the list tried at every
span of every line (no lexicon structure, no anchors, no cross-sets), and a scorer that reads
the board afresh. Every generator and tier is checked against it.

A span (first and last square of a row or a column, two squares or more) is tried when the
squares just outside it are empty or off the board, it holds from 1 to a rack's worth of empty
squares, and it connects: it holds a tile, or one of its empty squares has a tile beside it, or
the board is empty and it covers the start square. A word of the span's length fits when it
agrees with the span's tiles and the rack supplies the rest, naturals or blanks (every way of
using blanks is a distinct move), and every cross-word it makes is in the list. A single-tile
move is kept across when it makes an across word, down otherwise.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations

from lexibench.solver.games.crossword.moves import RawMove
from lexibench.solver.games.crossword.position import Position
from lexibench.solver.games.crossword.rules import BLANK, RuleSet


def _letter(tile: int) -> str:
    return chr(96 + (tile & 0x7F))


def score_placement(rules: RuleSet, board: bytes, placed: dict[int, int], down: bool) -> int:
    """The score of placing ``placed`` (square -> tile, ``0x80 | t`` for a blank) on ``board``
    as a move in direction ``down``: the main word and every cross-word of two letters or more,
    premiums under the new tiles only, plus the bingo bonus. Reads the board afresh.

    >>> from lexibench.solver.games.crossword.rules import load_rules
    >>> rules = load_rules()
    >>> start = 7 * 15 + 3  # 8D
    >>> score_placement(rules, bytes(225), {start + k: ord(x) - 64 for k, x in
    ...     enumerate("PIZZA")}, False)
    56
    """
    cols, rows = rules.cols, rules.rows
    full = bytearray(board)
    for square, tile in placed.items():
        full[square] = tile

    def run(square: int, vertical: bool) -> list[int]:
        r, c = divmod(square, cols)
        dr, dc = (1, 0) if vertical else (0, 1)
        while r - dr >= 0 and c - dc >= 0 and full[(r - dr) * cols + c - dc]:
            r, c = r - dr, c - dc
        squares = []
        while r < rows and c < cols and full[r * cols + c]:
            squares.append(r * cols + c)
            r, c = r + dr, c + dc
        return squares

    def word_score(squares: list[int]) -> int:
        total, multiplier = 0, 1
        for square in squares:
            value = rules.value(full[square])
            if square in placed:
                value *= rules.letter_multiplier[square]
                multiplier *= rules.word_multiplier[square]
            total += value
        return total * multiplier

    first = min(placed)
    score = word_score(run(first, down))
    for square in placed:
        cross = run(square, not down)
        if len(cross) >= 2:
            score += word_score(cross)
    if len(placed) == rules.rack_size:
        score += rules.bingo_bonus
    return score


class Words:
    """A word list as the reference reads it: a set, and the words by length and by the letter
    at each position (to try only the words that agree with a span's first tile)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.word_set = set(words)
        self.by_length: dict[int, list[str]] = defaultdict(list)
        self.by_letter: dict[tuple[int, int, str], list[str]] = defaultdict(list)
        for word in sorted(self.word_set):
            self.by_length[len(word)].append(word)
            for k, letter in enumerate(word):
                self.by_letter[len(word), k, letter].append(word)


def reference_moves(position: Position, words: Sequence[str] | Words) -> list[RawMove]:
    """Every legal move of ``position`` with the words ``words`` (see the module docstring)."""
    indexed = words if isinstance(words, Words) else Words(words)
    word_set, by_length, by_letter = indexed.word_set, indexed.by_length, indexed.by_letter
    rules = position.rules
    board = position.board
    rows, cols = rules.rows, rules.cols
    rack = position.rack_counts()
    tiles_in_rack = sum(rack)
    empty = position.is_empty()

    def tile_at(r: int, c: int) -> int:
        return board[r * cols + c] if 0 <= r < rows and 0 <= c < cols else 0

    def beside(square: int) -> bool:
        r, c = divmod(square, cols)
        return any(tile_at(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))

    def cross_letters(square: int, down: bool) -> str | None:
        """The letters that make a word across the move at the empty ``square`` with the tiles
        beside it (None: no tile beside it that way, any letter goes)."""
        r, c = divmod(square, cols)
        dr, dc = (0, 1) if down else (1, 0)
        before = ""
        rr, cc = r - dr, c - dc
        while tile_at(rr, cc):
            before = _letter(tile_at(rr, cc)) + before
            rr, cc = rr - dr, cc - dc
        after = ""
        rr, cc = r + dr, c + dc
        while tile_at(rr, cc):
            after += _letter(tile_at(rr, cc))
            rr, cc = rr + dr, cc + dc
        if not before and not after:
            return None
        return "".join(x for x in "abcdefghijklmnopqrstuvwxyz" if before + x + after in word_set)

    playable = {chr(96 + t) for t in range(1, 27) if rules.counts[t]}
    # the words the rack alone can spell, by length: a span with no tile takes only those
    have = {chr(96 + t): rack[t] for t in range(1, 27)}
    from_rack: dict[int, list[str]] = {
        length: [
            word
            for word in by_length[length]
            if sum(max(0, word.count(x) - have[x]) for x in set(word)) <= rack[0]
        ]
        for length in range(2, min(rules.rack_size, tiles_in_rack) + 1)
    }
    found: list[RawMove] = []
    for down in (False, True):
        allowed = {
            square: cross_letters(square, down)
            for square in range(rows * cols)
            if not board[square]
        }
        lanes, n = (cols, rows) if down else (rows, cols)
        for lane in range(lanes):
            line = [p * cols + lane if down else lane * cols + p for p in range(n)]
            for start in range(n):
                if start > 0 and board[line[start - 1]]:
                    continue
                for end in range(start + 1, n):
                    if end + 1 < n and board[line[end + 1]]:
                        continue
                    span = line[start : end + 1]
                    holes = [k for k, square in enumerate(span) if not board[square]]
                    if not holes or len(holes) > min(rules.rack_size, tiles_in_rack):
                        continue
                    if empty:
                        connected = rules.start in span
                    else:
                        connected = len(holes) < len(span) or any(beside(span[k]) for k in holes)
                    if not connected:
                        continue
                    if down and len(holes) == 1:
                        r, c = divmod(span[holes[0]], cols)
                        if tile_at(r, c - 1) or tile_at(r, c + 1):
                            continue  # kept across
                    fixed = [(k, _letter(board[sq])) for k, sq in enumerate(span) if board[sq]]
                    candidates = (
                        by_letter[len(span), fixed[0][0], fixed[0][1]]
                        if fixed
                        else from_rack.get(len(span), [])
                    )
                    for word in candidates:
                        if any(word[k] != letter for k, letter in fixed):
                            continue
                        letters = [word[k] for k in holes]
                        if any(x not in playable for x in letters):
                            continue  # a letter without tiles: not even a blank stands for it
                        if any(
                            allowed[span[k]] is not None and x not in allowed[span[k]]  # type: ignore[operator]
                            for k, x in zip(holes, letters, strict=True)
                        ):
                            continue
                        _place(position, rack, span, holes, letters, down, found)
    return found


def _place(
    position: Position,
    rack: list[int],
    span: list[int],
    holes: list[int],
    letters: list[str],
    down: bool,
    found: list[RawMove],
) -> None:
    """Add every way the rack supplies ``letters`` for the ``holes`` of ``span`` (one move per
    choice of the holes that take a blank)."""
    board = position.board
    needed = [ord(x) - 96 for x in letters]
    short = sum(max(0, needed.count(t) - rack[t]) for t in set(needed))
    if short > rack[0]:
        return
    for blanks in range(short, min(rack[0], len(holes)) + 1):
        for chosen in combinations(range(len(holes)), blanks):
            naturals = [0] * 27
            for i, t in enumerate(needed):
                if i not in chosen:
                    naturals[t] += 1
            if any(naturals[t] > rack[t] for t in set(needed)):
                continue
            placed = {span[holes[i]]: t | BLANK if i in chosen else t for i, t in enumerate(needed)}
            score = score_placement(position.rules, board, placed, down)
            text = "".join(
                _letter(tile) if tile & BLANK else _letter(tile).upper()
                for tile in (placed.get(square) or board[square] for square in span)
            )
            mask = sum(1 << k for k in holes)
            r, c = divmod(span[0], position.rules.cols)
            found.append((score, down, r, c, text, mask))
