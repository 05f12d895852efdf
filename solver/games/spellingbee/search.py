"""The Spelling Bee search loops through the ``Lexicon`` protocol, compiled with mypyc on install
(as :mod:`solver.games.boggle.search`): a set-constrained walk, only the puzzle's letters, the
centre checked on each word found.

One walk, :class:`Search`, serves both tiers (:class:`solver.games.walk.Walk`): at the step tier
it steps lexicon nodes; at the string tier its node is the prefix, pruned with ``has_prefix``.
:mod:`solver.games.spellingbee.puzzle` holds the rules around them. Plain typed
Python: it runs unchanged, interpreted, when it is not compiled.
"""

from __future__ import annotations

from typing import Any, final

from lexibench.solver.games.walk import Walk


def _has_all(word: str, required: str) -> bool:
    return all(ch in word for ch in required)


@final
class Search(Walk):
    """One letter-set walk at either tier, for the words of at least ``min_length`` letters made
    of ``letters`` (each any number of times) that contain every one of ``required``; ``dfs`` is
    the recursion."""

    def __init__(self, letters: str, required: str, min_length: int) -> None:
        super().__init__()
        self.letters = list(letters)
        self.required = required
        self.min_length = min_length

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix`` (made of the letters), reached at ``node``, and its extensions."""
        if (
            len(prefix) >= self.min_length
            and _has_all(prefix, self.required)
            and self.is_terminal(node)
        ):
            self.found.append(prefix)
        self.extend(prefix, node, self.letters)
