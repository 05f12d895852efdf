"""The brute-force Spelling Bee solver, correct by construction: every word of the list tested
against the rules with sets (no lexicon, no pruning)."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.solver.games.spellingbee.puzzle import Answer, Hive, answer


def reference_answer(hive: Hive, words: Iterable[str]) -> Answer:
    """Every word of ``words`` of at least ``hive.min_length`` letters, all of them the hive's,
    with its centre."""
    letters = set(hive.letters)
    return answer(
        hive,
        [w for w in words if len(w) >= hive.min_length and hive.centre in w and set(w) <= letters],
    )
