"""The simplest sound bounds of a board class, and a branch and bound over them.

A class gives each cell a set of letters; a board of the class picks one letter per cell. Its
score S(B) adds each distinct word's points once. The bounds are methods of
:class:`SimpleBounds`, made once for a board's shape, a lexicon and the scoring:

``union_bound``
    The points of every word at least one board of the class holds, each word once. Every
    board's words are among them, so no board scores more; on a single board it *is* the score.
``max_bound``
    Every path counted (as if a word scored again for each path spelling it), but at each cell
    only the letter that gives the most below it: the best board's paths are among those tried,
    each no better than the best letter. Tighter than the union for large classes, never
    below the score (a word found twice counts twice).
``simple_bound``
    The smaller of the two.

:meth:`SimpleBounds.branch_and_bound` splits a class cell by cell in split order until its bound
falls below the target or it is one board, whose bound is then its score: it returns every board
of the class scoring at least the target. It walks the lexicon through the step protocol, in Python:
the tests' second opinion on the proof's bound (:mod:`lexibench.solver.games.boggle.prove.tree`)
and on its boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lexibench.structures import SteppingLexicon

Cells = tuple[str, ...]
Neighbours = tuple[tuple[int, ...], ...]


def _points(weights: Sequence[int], length: int) -> int:
    return weights[min(length, len(weights) - 1)]


def _extend(lexicon: SteppingLexicon, node: object, letter: str) -> tuple[object | None, str]:
    """The node after a cell's letter (``q``: the Qu tile, "q" then "u") and what it spells."""
    found = lexicon.child(node, letter)
    if letter == "q" and found is not None:
        return lexicon.child(found, "u"), "qu"
    return found, letter


@dataclass(frozen=True)
class SimpleBounds:
    """The simple bounds of the classes of one board (its neighbour lists ``nbrs``) over one
    stepping lexicon, scored by ``weights`` (points by length) from ``min_length`` letters."""

    lexicon: SteppingLexicon
    nbrs: Neighbours
    weights: Sequence[int]
    min_length: int

    def union_bound(self, cells: Cells) -> int:
        """The points of the words any board of the class holds, each once (see the module
        docstring)."""
        lexicon, nbrs, min_length = self.lexicon, self.nbrs, self.min_length
        words: set[str] = set()

        def walk(cell: int, parent: object, used: int, word: str) -> None:
            here = used | 1 << cell
            for letter in cells[cell]:
                node, spelled = _extend(lexicon, parent, letter)
                if node is None:
                    continue
                spelled = word + spelled
                if len(spelled) >= min_length and lexicon.is_terminal(node):
                    words.add(spelled)
                for nb in nbrs[cell]:
                    if not here >> nb & 1:
                        walk(nb, node, here, spelled)

        root = lexicon.root()
        for cell in range(len(cells)):
            walk(cell, root, 0, "")
        return sum(_points(self.weights, len(word)) for word in words)

    def max_bound(self, cells: Cells) -> int:
        """Every path counted, the best letter taken at each cell (see the module docstring)."""
        lexicon, nbrs, min_length, weights = self.lexicon, self.nbrs, self.min_length, self.weights

        def best(cell: int, parent: object, used: int, length: int) -> int:
            here = used | 1 << cell
            top = 0
            for letter in cells[cell]:
                node, spelled = _extend(lexicon, parent, letter)
                if node is None:
                    continue
                size = length + len(spelled)
                terminal = size >= min_length and lexicon.is_terminal(node)
                value = _points(weights, size) if terminal else 0
                for nb in nbrs[cell]:
                    if not here >> nb & 1:
                        value += best(nb, node, here, size)
                top = max(top, value)
            return top

        root = lexicon.root()
        return sum(best(cell, root, 0, 0) for cell in range(len(cells)))

    def simple_bound(self, cells: Cells) -> int:
        """The smaller of :meth:`union_bound` and :meth:`max_bound`."""
        return min(self.union_bound(cells), self.max_bound(cells))

    def branch_and_bound(
        self, cells: Cells, order: Sequence[int], target: int
    ) -> list[tuple[Cells, int]]:
        """Every board of the class scoring at least ``target``, with its score: ``(letters per
        cell, score)``, in the order the split finds them (see the module docstring)."""
        found: list[tuple[Cells, int]] = []
        pending = [cells]
        while pending:
            current = pending.pop()
            bound = self.simple_bound(current)
            if bound < target:
                continue
            split = next((cell for cell in order if len(current[cell]) > 1), None)
            if split is None:  # one board: its bound is its union bound, its score
                found.append((current, bound))
                continue
            for letter in reversed(current[split]):
                pending.append((*current[:split], letter, *current[split + 1 :]))
        return found
