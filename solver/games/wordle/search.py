"""The Wordle search loops through the ``Lexicon`` protocol, compiled with mypyc on install (as
:mod:`solver.games.boggle.search`): a constraint walk of one word length, the letters allowed at
each position, each letter's count kept within its bounds, pruned once the letters still owed
outnumber the positions left.

The walk, :class:`Search`, is the same at both tiers (:class:`solver.games.walk.Walk`): at the step
tier it follows lexicon nodes, at the string tier it takes the prefix itself for the node and
prunes with ``has_prefix``;
:mod:`solver.games.wordle.puzzle` turns the feedback into these constraints. Plain
typed Python: it runs unchanged, interpreted, when it is not compiled.
"""

from __future__ import annotations

from typing import Any, final

from lexibench.solver.games.walk import Walk


@final
class _Bounds:
    """The letters allowed per position (each a list of one, as :meth:`Walk.extend
    <solver.games.walk.Walk.extend>` takes it, made once), the count bounds and the counts of
    the path so far."""

    def __init__(
        self, allowed: list[str], at_least: dict[str, int], at_most: dict[str, int]
    ) -> None:
        self.allowed = [[[ch] for ch in letters] for letters in allowed]
        self.length = len(allowed)
        self.low = {ch: n for ch, n in at_least.items() if n > 0}
        self.high = dict(at_most)
        self.counts: dict[str, int] = {}
        self.owed = sum(self.low.values())

    def take(self, ch: str, depth: int) -> int:
        """Put ``ch`` at position ``depth`` if the bounds allow it: return how many owed copies
        it pays (0 or 1), or -1 when it cannot go there."""
        have = self.counts.get(ch, 0)
        if have >= self.high.get(ch, self.length):
            return -1
        pays = 1 if have < self.low.get(ch, 0) else 0
        if self.owed - pays > self.length - depth - 1:
            return -1  # the positions left cannot hold the letters still owed
        self.counts[ch] = have + 1
        self.owed -= pays
        return pays

    def give_back(self, ch: str, pays: int) -> None:
        """Undo :meth:`take`."""
        self.counts[ch] -= 1
        self.owed += pays


@final
class Search(Walk):
    """One constraint walk at either tier, for every word of ``len(allowed)`` letters with one of
    ``allowed[i]`` at each position ``i``, at least ``at_least[c]`` and at most ``at_most[c]``
    copies of each letter named; ``dfs`` is the recursion."""

    def __init__(
        self, allowed: list[str], at_least: dict[str, int], at_most: dict[str, int]
    ) -> None:
        super().__init__()
        self.bounds = _Bounds(allowed, at_least, at_most)

    def begin(self, node: Any) -> None:
        """Walk from ``node`` unless the letters owed outnumber the positions."""
        if self.bounds.owed <= self.bounds.length:
            self.dfs("", node)

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix`` (within the constraints), reached at ``node``, and its extensions."""
        bounds = self.bounds
        depth = len(prefix)
        if depth == bounds.length:
            if self.is_terminal(node):
                self.found.append(prefix)
            return
        for letter in bounds.allowed[depth]:
            ch = letter[0]
            pays = bounds.take(ch, depth)
            if pays >= 0:
                self.extend(prefix, node, letter)
                bounds.give_back(ch, pays)
