"""Wordle's feedback, and the guess that splits the candidates best.

:func:`grade` is Wordle's own rule: a letter in the right place is ``g``; then, left to right,
a letter the answer has elsewhere is ``y`` while the answer has copies of it not yet accounted for
(by a ``g`` or an earlier ``y``), ``b`` after that. ``speed`` against ``abide``: ``bbyby`` (the
first ``e`` is yellow, the second black: ``abide`` has one).

:func:`best_guess` grades every guess against every candidate and keeps the guess whose feedback
splits the candidates into the smallest sum of squared group sizes (the smallest expected number
of candidates left). The kernel is compiled with Cython on install
(:mod:`solver.games.wordle.grader`: the words packed as bytes, a pair graded in a few dozen
machine instructions, the groups counted in a table); this module holds its interpreted twin,
which gives the same answer (much more slowly) where it was not compiled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lexibench.structures.builds import compiled

_GRADER = compiled("lexibench.solver.games.wordle.grader")
GRADER_UNAVAILABLE: str | None = _GRADER.missing
"""Why the compiled kernel could not be imported, or None when it is in use."""

if TYPE_CHECKING:
    from lexibench.solver.games.wordle.grader import best_packed
else:
    best_packed = _GRADER.get("best_packed")


def grade(guess: str, answer: str) -> str:
    """The feedback ``answer`` gives ``guess`` (both of one length), one of ``g``, ``y``, ``b``
    per letter.

    >>> grade("speed", "abide"), grade("crane", "crane"), grade("llama", "hello")
    ('bbyby', 'ggggg', 'yybbb')
    """
    marks = ["b"] * len(guess)
    unmatched: Counter[str] = Counter()
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            marks[i] = "g"
        else:
            unmatched[a] += 1
    for i, g in enumerate(guess):
        if marks[i] != "g" and unmatched[g]:
            marks[i] = "y"
            unmatched[g] -= 1
    return "".join(marks)


def split_score(guess: str, candidates: Sequence[str]) -> int:
    """The sum of squared sizes of the groups ``guess``'s feedback splits ``candidates`` into
    (divided by their number: the expected number left after the guess)."""
    return sum(n * n for n in Counter(grade(guess, c) for c in candidates).values())


def best_guess_interpreted(
    guesses: Sequence[str], candidates: Sequence[str]
) -> tuple[int, int] | None:
    """:func:`best_guess` in Python: every pair graded by :func:`grade`."""
    if not guesses or not candidates:
        return None
    pool = set(candidates)
    best: tuple[int, int, int] | None = None
    for index, guess in enumerate(guesses):
        rank = (split_score(guess, candidates), 0 if guess in pool else 1, index)
        if best is None or rank < best:
            best = rank
    assert best is not None
    return best[2], best[0]


def best_guess(
    guesses: Sequence[str], candidates: Sequence[str], compiled: bool = True
) -> tuple[int, int] | None:
    """``(index in guesses, sum of squared group sizes)`` of the guess that splits
    ``candidates`` best: the smallest sum, then a guess that is itself a candidate, then the
    first; None when either list is empty. Every word has one length, letters a-z.

    ``compiled``: use the compiled kernel where it is (False: the interpreted twin).

    >>> best_guess(["aaa", "abc", "bcd"], ["abc", "abd", "bcd"])
    (1, 3)
    """
    if not guesses or not candidates:
        return None
    if not compiled or GRADER_UNAVAILABLE is not None:
        return best_guess_interpreted(guesses, candidates)
    pool = set(candidates)
    flags = bytes(1 if g in pool else 0 for g in guesses)
    index, total = best_packed(
        "".join(guesses).encode("ascii"),
        "".join(candidates).encode("ascii"),
        len(candidates[0]),
        flags,
    )
    return index, total
