"""The anagram search loops through the ``Lexicon`` protocol, compiled with mypyc on install (as
:mod:`solver.games.boggle.search`): a multiset-constrained walk, each letter followed while a tile
of it, or a blank, is left.

:class:`Search` is one walk at both tiers (:class:`solver.games.walk.Walk`): its node is a
lexicon node at the step tier (``child``, ``is_terminal``), and the prefix itself at the string
tier (kept while ``has_prefix`` holds it; ``is_word`` tells a word);
:mod:`solver.games.anagram.solve` binds it to a lexicon. Plain typed Python: it
runs unchanged, interpreted, when it is not compiled (``LEXIBENCH_NO_COMPILE=1``).
"""

from __future__ import annotations

from typing import Any, final

from lexibench.solver.games.walk import Walk


@final
class Search(Walk):
    """One multiset walk at either tier, for the words of at least ``min_length`` letters that
    the tiles ``have`` (letter -> count) and ``blanks`` blanks (each one of ``alphabet``) spell;
    ``dfs`` is the recursion."""

    def __init__(self, have: dict[str, int], blanks: int, alphabet: str, min_length: int) -> None:
        super().__init__()
        self.have = dict(have)
        self.blanks = blanks
        self.alphabet = alphabet
        self.tiles = "".join(sorted(have))
        self.most = sum(have.values()) + blanks
        self.min_length = min_length

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix``, reached at ``node``, and every extension the tiles left spell."""
        if len(prefix) >= self.min_length and self.is_terminal(node):
            self.found.append(prefix)
        if len(prefix) == self.most:
            return
        have = self.have
        child = self.child
        has_prefix = self.has_prefix
        nxt: Any  # a lexicon node, or at the string tier the extended string itself
        for ch in self.alphabet if self.blanks else self.tiles:
            left = have.get(ch, 0)
            if not left and not self.blanks:
                continue
            if child is None:
                extended = nxt = prefix + ch
                if has_prefix is None or not has_prefix(extended):
                    continue
            else:
                nxt = child(node, ch)
                if nxt is None:
                    continue
                extended = prefix + ch
            if left:
                have[ch] = left - 1
                self.dfs(extended, nxt)
                have[ch] = left
            else:
                self.blanks -= 1
                self.dfs(extended, nxt)
                self.blanks += 1
