"""Every query kind a word search asks, answered through the ``Lexicon`` protocol alone: a walk of
the lexicon from the empty prefix, letter by letter, pruned where a kind's state says no word can
follow (the string tier asks ``has_prefix`` of each prefix, the step tier carries a node from
``child``). What a lexicon without compiled code of its own for a kind answers it with, and what
a structure's own answer is checked against in the tests.

Each kind's walk keeps a state per prefix (``start``, ``advance(state, letter)`` or None where no
word can follow, ``accept(state)`` for a word): the pattern's positions reached (an NFA in an int,
a bit per part), the tiles left, the depth, the letters still owed, the values' sum. ``hooks`` and
``family`` walk every word and ask the lexicon about each (``is_word`` of the word with a letter
before or after it; the words of the same letters, counted over the walk).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lexibench.solver.tiers import Tier
from lexibench.structures.class_automaton import ClassAutomaton, pattern_parts
from lexibench.structures.queries import ALPHABET

State = Any
Advance = Callable[[State, str], State | None]
Accept = Callable[[State], bool]


def walk(lexicon: Any, tier: Tier, start: State, advance: Advance, accept: Accept) -> list[str]:
    """Every word of ``lexicon`` whose walk from ``start`` by ``advance`` is accepted, at the
    string tier (``has_prefix``, ``is_word``) or the step tier (``child``, ``is_terminal``)."""
    found: list[str] = []
    if tier is Tier.STEP:
        child, terminal = lexicon.child, lexicon.is_terminal
        stack: list[tuple[str, Any, State]] = [("", lexicon.root(), start)]
        while stack:
            prefix, node, state = stack.pop()
            if terminal(node) and accept(state):
                found.append(prefix)
            for letter in ALPHABET:
                after = advance(state, letter)
                if after is not None:
                    nxt = child(node, letter)
                    if nxt is not None:
                        stack.append((prefix + letter, nxt, after))
        return found
    has_prefix, is_word = lexicon.has_prefix, lexicon.is_word
    pending: list[tuple[str, State]] = [("", start)] if has_prefix("") else []
    while pending:
        prefix, state = pending.pop()
        if prefix and accept(state) and is_word(prefix):
            found.append(prefix)
        for letter in ALPHABET:
            after = advance(state, letter)
            if after is not None and has_prefix(prefix + letter):
                pending.append((prefix + letter, after))
    return found


def _nfa(parts: Sequence[str | None]) -> tuple[int, Advance, Accept]:
    """The pattern's walk: a bit per part reached (:class:`ClassAutomaton`)."""
    automaton = ClassAutomaton(parts)
    step = automaton.step
    return automaton.start, lambda state, letter: step(state, letter) or None, automaton.accepts


def _tiles(letters: str, blanks: int, min_length: int) -> tuple[State, Advance, Accept]:
    """The anagram walk: the real tiles left per letter, the blanks left, the depth."""
    have = Counter(ch for ch in letters if ch in ALPHABET)
    start = (tuple(have[ch] for ch in ALPHABET), max(blanks, 0), 0)

    def advance(state: State, letter: str) -> State | None:
        left, blanks_left, depth = state
        code = ord(letter) - 97
        if left[code]:
            return ((*left[:code], left[code] - 1, *left[code + 1 :]), blanks_left, depth + 1)
        return (left, blanks_left - 1, depth + 1) if blanks_left else None

    return start, advance, lambda state: state[2] >= max(min_length, 1)


def _every(lexicon: Any, tier: Tier) -> list[str]:
    return walk(lexicon, tier, 0, lambda state, letter: 0, lambda state: True)


def walked(lexicon: Any, tier: Tier, kind: str, *arguments: Any) -> list[str]:
    """The answer to a query of ``kind`` (its method's ``arguments``,
    :mod:`lexibench.structures.queries`) through ``lexicon``'s protocol at ``tier``."""
    if kind in ("pattern", "classes"):
        parts = pattern_parts(arguments[0]) if kind == "pattern" else list(arguments[0])
        return walk(lexicon, tier, *_nfa(parts))
    if kind == "anagram":
        return walk(lexicon, tier, *_tiles(*arguments))
    if kind == "length":
        shortest, longest = arguments
        return walk(
            lexicon,
            tier,
            0,
            lambda depth, letter: depth + 1 if depth < longest else None,
            lambda depth: shortest <= depth,
        )
    if kind == "contains":
        at_least: Mapping[str, int] = arguments[0]
        owed = tuple(max(at_least.get(ch, 0), 0) for ch in ALPHABET)
        if any(n > 0 and ch not in ALPHABET for ch, n in at_least.items()):
            return []

        def pay(left: tuple[int, ...], letter: str) -> tuple[int, ...]:
            code = ord(letter) - 97
            if not left[code]:
                return left
            return (*left[:code], left[code] - 1, *left[code + 1 :])

        return walk(lexicon, tier, owed, pay, lambda left: not any(left))
    if kind == "weight":
        values: Mapping[str, int] = arguments[0]
        lowest, highest = arguments[1], arguments[2]
        table = {ch: values.get(ch, 0) for ch in ALPHABET}
        prune = min(table.values()) >= 0
        return walk(
            lexicon,
            tier,
            0,
            lambda total, letter: (
                None if prune and total + table[letter] > highest else total + table[letter]
            ),
            lambda total: lowest <= total <= highest,
        )
    if kind == "hooks":
        front, fewest, most = arguments
        side = 0 if front else 1
        return [
            w
            for w in _every(lexicon, tier)
            if fewest <= len(hook_letters(lexicon, w)[side]) <= most
        ]
    if kind == "family":
        fewest, most = arguments
        words = _every(lexicon, tier)
        keys = Counter("".join(sorted(w)) for w in words)
        return [w for w in words if fewest <= keys["".join(sorted(w))] <= most]
    raise ValueError(f"no walk answers the query kind {kind!r}")


def hook_letters(lexicon: Any, word: str) -> tuple[str, str]:
    """The front and back hooks of ``word`` in ``lexicon``: 52 ``is_word``."""
    is_word = lexicon.is_word
    return (
        "".join(ch for ch in ALPHABET if is_word(ch + word)),
        "".join(ch for ch in ALPHABET if is_word(word + ch)),
    )
