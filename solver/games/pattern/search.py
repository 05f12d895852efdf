"""The pattern search loops through the ``Lexicon`` protocol, compiled with mypyc on install (as
:mod:`solver.games.boggle.search`): a wildcard walk carrying the set of pattern positions each
prefix reaches (a bit per position, an NFA run in a Python int; ``*`` loops on itself).

:class:`Search` is one walk at both tiers (:class:`solver.games.walk.Walk`), whose node is the
prefix itself at the string tier (pruned with ``has_prefix``), a lexicon node at the step tier;
:mod:`solver.games.pattern.puzzle` holds the rules around them. Plain typed Python:
it runs unchanged, interpreted, when it is not compiled.
"""

from __future__ import annotations

from typing import Any, final

from lexibench.solver.games.walk import Walk


@final
class _Nfa:
    """The pattern's positions as bits: position ``i`` reached is bit ``i``; one past the last
    element is the accepting bit."""

    def __init__(self, elements: str, alphabet: str) -> None:
        self.star = 0
        for i, e in enumerate(elements):
            if e == "*":
                self.star |= 1 << i
        self.accepts: list[tuple[str, int]] = []
        for letter in alphabet:
            bits = 0
            for i, e in enumerate(elements):
                if e in ("*", "?") or e == letter:
                    bits |= 1 << i
            self.accepts.append((letter, bits))
        self.accept = 1 << len(elements)
        self.start = self.closed(1)

    def closed(self, state: int) -> int:
        """``state`` with each star it reaches skipped too (stars never follow one another)."""
        return state | (state & self.star) << 1

    def after(self, moved: int) -> int:
        """The positions reached from those in ``moved`` by the letter they accept."""
        return self.closed((moved & ~self.star) << 1 | (moved & self.star))


@final
class Search(Walk):
    """One wildcard walk at either tier, for every word the pattern ``elements`` (letters, ``?``,
    ``*``; no two stars in a row) matches as a whole, each letter of ``alphabet`` tried where some
    position reached accepts it; ``visit`` is the recursion."""

    def __init__(self, elements: str, alphabet: str) -> None:
        super().__init__()
        self.nfa = _Nfa(elements, alphabet)

    def begin(self, node: Any) -> None:
        """Walk from ``node``, the run at the pattern's start."""
        self.visit("", node, self.nfa.start)

    def visit(self, prefix: str, node: Any, state: int) -> None:
        """Visit ``prefix`` (reached at ``node``, its run at ``state``) and its extensions."""
        nfa = self.nfa
        if state & nfa.accept and self.is_terminal(node):
            self.found.append(prefix)
        child = self.child
        has_prefix = self.has_prefix
        for letter, accepted in nfa.accepts:
            moved = state & accepted
            if not moved:
                continue
            if child is None:
                extended = prefix + letter
                if has_prefix is not None and has_prefix(extended):
                    self.visit(extended, extended, nfa.after(moved))
            else:
                nxt = child(node, letter)
                if nxt is not None:
                    self.visit(prefix + letter, nxt, nfa.after(moved))
