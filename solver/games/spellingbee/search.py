"""The Spelling Bee search loops through the ``Lexicon`` protocol, compiled with mypyc on install
(as :mod:`solver.games.boggle.search`): a set-constrained walk, only the puzzle's letters, the
centre checked on each word found.

One walk serves both tiers: at the step tier (:func:`by_steps`) it steps lexicon nodes; at the
string tier (:func:`by_strings`) its node is the prefix, pruned with ``has_prefix``.
:mod:`solver.games.spellingbee.puzzle` holds the rules around them. Plain typed
Python: it runs unchanged, interpreted, when it is not compiled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, final


def build() -> str:
    """``"mypyc"`` when this module runs compiled, ``"interpreted"`` when it runs from source."""
    return "interpreted" if __file__.endswith(".py") else "mypyc"


def by_strings(
    letters: str,
    required: str,
    min_length: int,
    has_prefix: Callable[[str], object],
    is_word: Callable[[str], object],
) -> list[str]:
    """Every word of at least ``min_length`` letters made of ``letters`` (each any number of
    times) that contains every one of ``required``, pruned by ``has_prefix``."""
    search = _Search(letters, required, min_length, is_word, has_prefix, None)
    if has_prefix(""):
        search.dfs("", "")
    return search.found


def by_steps(
    letters: str,
    required: str,
    min_length: int,
    root: object,
    child: Callable[[Any, str], Any],
    is_terminal: Callable[[Any], object],
) -> list[str]:
    """As :func:`by_strings`, walking lexicon nodes: ``child(node, letter)`` per step."""
    search = _Search(letters, required, min_length, is_terminal, None, child)
    search.dfs("", root)
    return search.found


def _has_all(word: str, required: str) -> bool:
    return all(ch in word for ch in required)


@final
class _Search:
    """One letter-set walk at either tier; ``dfs`` is the recursion."""

    def __init__(
        self,
        letters: str,
        required: str,
        min_length: int,
        is_terminal: Callable[[Any], object],
        has_prefix: Callable[[str], object] | None,
        child: Callable[[Any, str], Any] | None,
    ) -> None:
        self.letters = letters
        self.required = required
        self.min_length = min_length
        self.is_terminal = is_terminal
        self.has_prefix = has_prefix
        self.child = child
        self.found: list[str] = []

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix`` (made of the letters), reached at ``node``, and its extensions."""
        if (
            len(prefix) >= self.min_length
            and _has_all(prefix, self.required)
            and self.is_terminal(node)
        ):
            self.found.append(prefix)
        child = self.child
        has_prefix = self.has_prefix
        for ch in self.letters:
            if child is None:
                extended = prefix + ch
                if has_prefix is not None and has_prefix(extended):
                    self.dfs(extended, extended)
            else:
                nxt = child(node, ch)
                if nxt is not None:
                    self.dfs(prefix + ch, nxt)
