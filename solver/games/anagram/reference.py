"""The brute-force anagram solver, correct by construction: every word of the list tried against
the rack, letter by letter (no lexicon, no pruning)."""

from __future__ import annotations

from collections.abc import Iterable

from lexibench.solver.games.anagram.puzzle import Answer, Rack, answer, speller


def reference_answer(rack: Rack, words: Iterable[str]) -> Answer:
    """Every word of ``words`` that ``rack`` spells (:func:`speller` gives its blanks), long
    enough (every tile with ``full``), in the answer's order."""
    size = len(rack.tiles)
    spell = speller(rack)
    return answer(
        rack,
        [word for word in words if rack.shortest <= len(word) <= size and spell(word) is not None],
    )
