"""The anagram search loops through the ``Lexicon`` protocol, compiled with mypyc on install (as
:mod:`solver.games.boggle.search`): a multiset-constrained walk, each letter followed while a tile
of it, or a blank, is left.

:func:`by_strings` prunes with ``has_prefix`` (string tier), :func:`by_steps` walks lexicon nodes
(step tier); :mod:`solver.games.anagram.solve` binds them to a lexicon. Plain typed Python: it
runs unchanged, interpreted, when it is not compiled (``LEXIBENCH_NO_COMPILE=1``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, final


def build() -> str:
    """``"mypyc"`` when this module runs compiled, ``"interpreted"`` when it runs from source."""
    return "interpreted" if __file__.endswith(".py") else "mypyc"


def by_strings(
    have: dict[str, int],
    blanks: int,
    alphabet: str,
    min_length: int,
    has_prefix: Callable[[str], object],
    is_word: Callable[[str], object],
) -> list[str]:
    """Every word of at least ``min_length`` letters that the tiles ``have`` (letter -> count)
    and ``blanks`` blanks (each one of ``alphabet``) spell, pruned by ``has_prefix``."""
    search = _StringSearch(have, blanks, alphabet, min_length, has_prefix, is_word)
    if has_prefix(""):
        search.dfs("")
    return search.found


def by_steps(
    have: dict[str, int],
    blanks: int,
    alphabet: str,
    min_length: int,
    root: object,
    child: Callable[[Any, str], Any],
    is_terminal: Callable[[Any], object],
) -> list[str]:
    """As :func:`by_strings`, walking lexicon nodes: ``child(node, letter)`` per step."""
    search = _StepSearch(have, blanks, alphabet, min_length, child, is_terminal)
    search.dfs("", root)
    return search.found


@final
class _StringSearch:
    """State of one string-tier walk; ``dfs`` is the recursion."""

    def __init__(
        self,
        have: dict[str, int],
        blanks: int,
        alphabet: str,
        min_length: int,
        has_prefix: Callable[[str], object],
        is_word: Callable[[str], object],
    ) -> None:
        self.have = dict(have)
        self.blanks = blanks
        self.alphabet = alphabet
        self.tiles = "".join(sorted(have))
        self.most = sum(have.values()) + blanks
        self.min_length = min_length
        self.has_prefix = has_prefix
        self.is_word = is_word
        self.found: list[str] = []

    def dfs(self, prefix: str) -> None:
        """Visit ``prefix`` (a stored prefix) and every extension the tiles left spell."""
        if len(prefix) >= self.min_length and self.is_word(prefix):
            self.found.append(prefix)
        if len(prefix) == self.most:
            return
        have = self.have
        has_prefix = self.has_prefix
        for ch in self.alphabet if self.blanks else self.tiles:
            left = have.get(ch, 0)
            if not left and not self.blanks:
                continue
            extended = prefix + ch
            if not has_prefix(extended):
                continue
            if left:
                have[ch] = left - 1
                self.dfs(extended)
                have[ch] = left
            else:
                self.blanks -= 1
                self.dfs(extended)
                self.blanks += 1


@final
class _StepSearch:
    """State of one step-tier walk; ``dfs`` is the recursion."""

    def __init__(
        self,
        have: dict[str, int],
        blanks: int,
        alphabet: str,
        min_length: int,
        child: Callable[[Any, str], Any],
        is_terminal: Callable[[Any], object],
    ) -> None:
        self.have = dict(have)
        self.blanks = blanks
        self.alphabet = alphabet
        self.tiles = "".join(sorted(have))
        self.most = sum(have.values()) + blanks
        self.min_length = min_length
        self.child = child
        self.is_terminal = is_terminal
        self.found: list[str] = []

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix``, reached at lexicon ``node``, and every extension the tiles spell."""
        if len(prefix) >= self.min_length and self.is_terminal(node):
            self.found.append(prefix)
        if len(prefix) == self.most:
            return
        have = self.have
        child = self.child
        for ch in self.alphabet if self.blanks else self.tiles:
            left = have.get(ch, 0)
            if not left and not self.blanks:
                continue
            nxt = child(node, ch)
            if nxt is None:
                continue
            if left:
                have[ch] = left - 1
                self.dfs(prefix + ch, nxt)
                have[ch] = left
            else:
                self.blanks -= 1
                self.dfs(prefix + ch, nxt)
                self.blanks += 1
