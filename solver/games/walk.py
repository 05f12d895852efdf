"""What the query games' search loops share, compiled with mypyc with them (one group, see
``lexibench/compiled.toml``): the walk at either tier and its entry at each.

A game's search (anagram, Spelling Bee, Letter Boxed, Wordle, pattern) subclasses :class:`Walk`,
takes the query and writes its own recursion (``dfs``); :class:`Walk` holds the tier's callables
and the words found, and :meth:`Walk.by_strings` / :meth:`Walk.by_steps` run the walk at the
string tier (a node is the prefix itself, pruned with ``has_prefix``; ``is_word`` tells a word) or
at the step tier (lexicon nodes from ``child``; ``is_terminal`` tells a word). A game's recursion
keeps the step itself inline (a call per letter costs the string tier a few percent);
:meth:`Walk.extend` is the whole loop over a list of letters, for the games that only choose
which letters to try (Wordle hands it one letter at a time, between its count bounds). Plain
typed Python: it runs unchanged, interpreted, when it is not compiled (``LEXIBENCH_NO_COMPILE=1``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _no_word(node: Any) -> object:
    return False


class Walk:
    """One walk at either tier: the tier's callables (``child`` None at the string tier,
    ``has_prefix`` None at the step tier), the words found, in the order found, and the entries;
    a subclass takes the query and writes ``dfs``."""

    def __init__(self) -> None:
        self.is_terminal: Callable[[Any], object] = _no_word
        self.has_prefix: Callable[[str], object] | None = None
        self.child: Callable[[Any, str], Any] | None = None
        self.found: list[str] = []

    def by_strings(
        self, has_prefix: Callable[[str], object], is_word: Callable[[str], object]
    ) -> list[str]:
        """The words found at the string tier, walking from the empty prefix when a stored word
        starts with it."""
        self.is_terminal = is_word
        self.has_prefix = has_prefix
        if has_prefix(""):
            self.begin("")
        return self.found

    def by_steps(
        self, root: object, child: Callable[[Any, str], Any], is_terminal: Callable[[Any], object]
    ) -> list[str]:
        """The words found at the step tier, walking from ``root``: ``child(node, letter)`` per
        step."""
        self.is_terminal = is_terminal
        self.child = child
        self.begin(root)
        return self.found

    def begin(self, node: Any) -> None:
        """Visit the empty prefix, reached at ``node``."""
        self.dfs("", node)

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix``, reached at ``node``, and its extensions: the game's recursion."""
        raise NotImplementedError

    def extend(self, prefix: str, node: Any, letters: list[str]) -> None:
        """Visit each extension of ``prefix`` by one of ``letters`` that a stored word starts
        with."""
        child = self.child
        has_prefix = self.has_prefix
        for ch in letters:
            if child is None:
                extended = prefix + ch
                if has_prefix is not None and has_prefix(extended):
                    self.dfs(extended, extended)
            else:
                nxt = child(node, ch)
                if nxt is not None:
                    self.dfs(prefix + ch, nxt)
