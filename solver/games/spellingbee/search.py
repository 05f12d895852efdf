"""The Spelling Bee search loops through the ``Lexicon`` protocol, compiled with mypyc on install
(as :mod:`solver.games.boggle.search`): a set-constrained walk, only the puzzle's letters, the
centre checked on each word found.

:func:`by_strings` prunes with ``has_prefix`` (string tier), :func:`by_steps` walks lexicon nodes
(step tier); :mod:`solver.games.spellingbee.puzzle` holds the rules around them. Plain typed
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
    search = _StringSearch(letters, required, min_length, has_prefix, is_word)
    if has_prefix(""):
        search.dfs("")
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
    search = _StepSearch(letters, required, min_length, child, is_terminal)
    search.dfs("", root)
    return search.found


def _has_all(word: str, required: str) -> bool:
    return all(ch in word for ch in required)


@final
class _StringSearch:
    """State of one string-tier walk; ``dfs`` is the recursion."""

    def __init__(
        self,
        letters: str,
        required: str,
        min_length: int,
        has_prefix: Callable[[str], object],
        is_word: Callable[[str], object],
    ) -> None:
        self.letters = letters
        self.required = required
        self.min_length = min_length
        self.has_prefix = has_prefix
        self.is_word = is_word
        self.found: list[str] = []

    def dfs(self, prefix: str) -> None:
        """Visit ``prefix`` (a stored prefix of the letters) and its extensions."""
        if (
            len(prefix) >= self.min_length
            and _has_all(prefix, self.required)
            and self.is_word(prefix)
        ):
            self.found.append(prefix)
        has_prefix = self.has_prefix
        for ch in self.letters:
            extended = prefix + ch
            if has_prefix(extended):
                self.dfs(extended)


@final
class _StepSearch:
    """State of one step-tier walk; ``dfs`` is the recursion."""

    def __init__(
        self,
        letters: str,
        required: str,
        min_length: int,
        child: Callable[[Any, str], Any],
        is_terminal: Callable[[Any], object],
    ) -> None:
        self.letters = letters
        self.required = required
        self.min_length = min_length
        self.child = child
        self.is_terminal = is_terminal
        self.found: list[str] = []

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix``, reached at lexicon ``node``, and its extensions."""
        if (
            len(prefix) >= self.min_length
            and _has_all(prefix, self.required)
            and self.is_terminal(node)
        ):
            self.found.append(prefix)
        child = self.child
        for ch in self.letters:
            nxt = child(node, ch)
            if nxt is not None:
                self.dfs(prefix + ch, nxt)
