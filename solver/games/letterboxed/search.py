"""The Letter Boxed search loops, compiled with mypyc on install (as
:mod:`solver.games.boggle.search`).

:class:`WordSearch` is the depth-first word search over the box graph at both tiers
(:class:`solver.games.walk.Walk`: at the string tier a node is the prefix itself, pruned with
``has_prefix``; at the step tier a lexicon node), and :func:`chains` the
enumeration of word chains; :mod:`solver.games.letterboxed.puzzle` holds the rules, the parsing and
the ordering of solutions around them. Plain typed Python: it runs unchanged, interpreted, when it
is not compiled (``LEXIBENCH_NO_COMPILE=1``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, final

from lexibench.solver.games.walk import Walk


@final
class WordSearch(Walk):
    """One word search over the box at either tier, for every word of at least ``min_length``
    letters spelled by starting at any of ``letters`` and moving to one of ``after[letter]`` each
    time; ``dfs`` is the recursion."""

    def __init__(self, letters: str, after: dict[str, list[str]], min_length: int) -> None:
        super().__init__()
        self.letters = list(letters)
        self.after = after
        self.min_length = min_length

    def begin(self, node: Any) -> None:
        """Visit each one-letter prefix, at its node from the empty prefix's ``node``."""
        self.extend("", node, self.letters)

    def dfs(self, prefix: str, node: Any) -> None:
        """Visit ``prefix``, reached at ``node``, and every extension that is one."""
        if len(prefix) >= self.min_length and self.is_terminal(node):
            self.found.append(prefix)
        self.extend(prefix, node, self.after[prefix[-1]])


def chains(
    n: int,
    words: list[str],
    by_first: dict[str, list[str]],
    masks: dict[str, int],
    full: int,
) -> Iterator[tuple[str, ...]]:
    """Every chain of exactly ``n`` words covering ``full``, each word adding a new letter.

    The last word must cover every letter still missing. Rather than trying each word that
    starts with the right letter, the search may look up the letter sets that contain the missing
    ones (there are 2**k of them when k letters are covered), whichever is fewer. The chains come
    lazily, in no useful order: the caller keeps the best few.
    """
    search = _ChainSearch(n, by_first, masks, full)
    for w in words:
        if n == 1:
            if masks[w] == full:
                yield (w,)
        else:
            yield from search.extend([w], masks[w])


@final
class _ChainSearch:
    """State of one chain enumeration; ``extend`` is the recursion."""

    def __init__(
        self, n: int, by_first: dict[str, list[str]], masks: dict[str, int], full: int
    ) -> None:
        self.n = n
        self.by_first = by_first
        self.masks = masks
        self.full = full
        # first letter -> letter set -> words with exactly that set, in input order
        self.by_mask: dict[str, dict[int, list[str]]] = {}
        for first, group in by_first.items():
            table: dict[int, list[str]] = {}
            for w in group:
                table.setdefault(masks[w], []).append(w)
            self.by_mask[first] = table

    def last_words(self, first: str, covered: int) -> list[str]:
        """The words starting with ``first`` that cover every letter ``covered`` lacks."""
        needed = self.full & ~covered
        candidates = self.by_first.get(first)
        found: list[str] = []
        if not needed or not candidates:
            return found
        if 1 << covered.bit_count() < len(candidates):
            table = self.by_mask[first]
            sub = covered
            while True:  # every superset of `needed`: needed | each subset of `covered`
                found.extend(table.get(needed | sub, ()))
                if sub == 0:
                    break
                sub = (sub - 1) & covered
            return found
        masks = self.masks
        return [w for w in candidates if masks[w] & needed == needed]

    def extend(self, chain: list[str], covered: int) -> Iterator[tuple[str, ...]]:
        """Every completion of ``chain``, whose letters are ``covered``."""
        if len(chain) == self.n - 1:
            for w in self.last_words(chain[-1][-1], covered):
                yield (*chain, w)
            return
        masks = self.masks
        for w in self.by_first.get(chain[-1][-1], []):
            m = masks[w]
            if m & ~covered:
                chain.append(w)
                yield from self.extend(chain, covered | m)
                chain.pop()
