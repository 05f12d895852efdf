"""Numbers kept bit-sliced over many words at once, in Python ints: *plane* ``j`` of a number is an
int whose bit ``w`` is bit ``j`` of word ``w``'s number. Comparing or adding such numbers is a few
big-integer operations per plane, each a C loop over machine words, whatever the number of words
(``position-bitsets`` counts hooks, anagrams and letters' values this way).

>>> planes = planes_of([0, 3, 5, 2])  # words 0-3
>>> bin(within(planes, 2, 4, 0b1111))  # words 1 (3) and 3 (2)
'0b1010'
>>> bin(at_least(add(planes, planes_of([1, 1, 1, 1])), 6, 0b1111))  # 1, 4, 6, 3: word 2
'0b100'
"""

from __future__ import annotations

from collections.abc import Sequence

#: bytes.translate tables: a byte b made b"1" where bit j of b is set, else b"0".
_PLANE = [bytes(0x31 if (b >> j) & 1 else 0x30 for b in range(256)) for j in range(8)]


def planes_of(numbers: Sequence[int]) -> tuple[int, ...]:
    """The planes of ``numbers`` (each at least 0), ``numbers[w]`` for word ``w``: one
    ``bytes.translate`` per plane where every number is below 256, no Python loop per word."""
    top = max(numbers, default=0)
    if top < 256:
        data = bytes(numbers)[::-1]  # the last word first: int(..., 2) reads the top bit first
        return tuple(int(data.translate(_PLANE[j]), 2) for j in range(top.bit_length()))
    return tuple(
        int("".join("1" if (n >> j) & 1 else "0" for n in reversed(numbers)), 2)
        for j in range(top.bit_length())
    )


def at_least(planes: Sequence[int], bound: int, every: int) -> int:
    """The words (of ``every``) whose number is at least ``bound``: one pass over the planes from
    the top, keeping the words still equal to the bound so far and those already above it."""
    if bound <= 0:
        return every
    if bound >> len(planes):
        return 0
    above, equal = 0, every
    for j in range(len(planes) - 1, -1, -1):
        plane = planes[j]
        if (bound >> j) & 1:
            equal &= plane
        else:
            above |= equal & plane
            equal &= ~plane
    return above | equal


def within(planes: Sequence[int], low: int, high: int, every: int) -> int:
    """The words whose number lies from ``low`` to ``high``, both included."""
    if high < low:
        return 0
    return at_least(planes, low, every) & ~at_least(planes, high + 1, every)


def add(left: Sequence[int], right: Sequence[int]) -> list[int]:
    """The planes of the two numbers' sum, word by word (a ripple-carry adder over the planes)."""
    out: list[int] = []
    carry = 0
    for j in range(max(len(left), len(right))):
        a = left[j] if j < len(left) else 0
        b = right[j] if j < len(right) else 0
        half = a ^ b
        out.append(half ^ carry)
        carry = (a & b) | (carry & half)
    if carry:
        out.append(carry)
    return out


def unary_total(parts: Sequence[Sequence[int]], cap: int, every: int) -> list[int]:
    """``totals[k]`` (k from 0 to ``cap``): the words whose sum of the parts' numbers is at least
    ``k``, where each part gives its number in unary (``part[t]``: the words whose number is at
    least ``t + 1``, each set within the one before) and sums beyond ``cap`` count as ``cap``."""
    totals = [every] + [0] * cap
    for part in parts:
        if not part or not part[0]:
            continue
        steps = [every, *part[:cap]]  # steps[t]: the part's number is at least t
        for k in range(cap, 0, -1):
            reached = totals[k]
            for t in range(1, min(k, len(steps) - 1) + 1):
                reached |= totals[k - t] & steps[t]
            totals[k] = reached
    return totals
