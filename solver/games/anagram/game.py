"""Anagrams as the harness sees it: the declaration of :class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the rack, its rules and the search at each tier
(``rack.py``, its loops in ``search.py``), seeded racks (``workload.py``), the brute-force
reference (``reference.py``), renderers (``render.py``) and the command (``anagram_cmd.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from lexibench.solver.games.anagram.rack import KIND, TITLE, WORD_RULES
from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules

Rack = Any  # lexibench.solver.games.anagram.rack.Rack, imported on use
Answer = Any  # lexibench.solver.games.anagram.rack.Answer


def _racks(blanks: int) -> Any:
    def generate(seed: int, count: int, _words: Sequence[str]) -> list[Rack]:
        from lexibench.solver.games.anagram.workload import random_racks

        return random_racks(seed, count, blanks)

    return generate


class Anagram:
    """Every word a rack of tiles spells, blanks included (see ``rack.py``)."""

    name = "anagram"
    title = TITLE
    unit = "rack"
    word_rules: WordRules = WORD_RULES
    variants = ("words",)
    compiled = ("lexibench.solver.games.anagram.search",)
    kind = KIND
    """The query kind it asks (:data:`lexibench.structures.QUERY_KINDS`)."""

    def parse(self, text: str) -> Rack:
        """A rack: letters a-z and ``?`` for blanks (``retain??``)."""
        from lexibench.solver.games.anagram.rack import parse_rack

        return parse_rack(text)

    def workloads(self) -> tuple[Workload[Rack], ...]:
        """Seeded racks of seven tiles from a Scrabble bag, with two blanks, one and none."""
        return (
            Workload("2-blanks", "seeded racks of 7 tiles, 2 of them blanks", 50, 10, _racks(2)),
            Workload("1-blank", "seeded racks of 7 tiles, 1 of them a blank", 50, 10, _racks(1)),
            Workload("0-blanks", "seeded racks of 7 tiles, no blank", 100, 10, _racks(0)),
        )

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves (the one variant)."""
        return words

    def tiers(self, lexicon: object, variant: str = "words") -> tuple[Tier, ...]:
        """String and step on a lexicon, native where its compiled code answers anagrams; index
        on the alphagram map; none on another index."""
        from lexibench.solver.games.anagram.rack import tiers

        return tiers(lexicon)

    def solver(self, lexicon: Any, tier: Tier, variant: str = "words") -> Solver[Rack, Answer]:
        """The words a rack spells, through ``lexicon`` at ``tier``."""
        from lexibench.solver.games.anagram.rack import solve

        def run(rack: Rack) -> Answer:
            return solve(rack, lexicon, tier)

        return run

    def reference(self, words: Sequence[str]) -> Solver[Rack, Answer]:
        """Every word of the list tried against the rack."""
        from lexibench.solver.games.anagram.reference import filter_words

        def run(rack: Rack) -> Answer:
            return filter_words(rack, words)

        return run

    def baselines(self) -> Mapping[str, Any]:
        """The plain filter over the word list, timed beside the structures."""
        return {"filter": self.reference}

    def key(self, answer: Answer) -> Hashable:
        """The words with their blanks, in the answer's order."""
        return tuple((found.word, found.blanks) for found in answer.found)

    def score(self, answer: Answer) -> int:
        """The number of words (anagrams have no points here)."""
        return len(answer)

    def to_json(self, puzzle: Rack, answer: Answer) -> dict[str, Any]:
        """``{"count": n, "words": [{"word", "blanks"}, ...]}``, longest first."""
        from lexibench.solver.games.anagram.render import answer_json

        return answer_json(answer)

    def to_text(self, puzzle: Rack, answer: Answer) -> str:
        """The rack, the count, then the words by length."""
        from lexibench.solver.games.anagram.render import answer_text

        return answer_text(puzzle, answer)
