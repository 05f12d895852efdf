"""Spelling Bee as the harness sees it: the declaration of :class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the puzzle, its rules, scoring and the search at each tier
(``puzzle.py``, its loops in ``search.py``), seeded puzzles (``workload.py``), the brute-force
reference (``reference.py``), renderers (``render.py``) and the command (``spellingbee_cmd.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.games.spellingbee.puzzle import KIND, TITLE, WORD_RULES
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules

Hive = Any  # lexibench.solver.games.spellingbee.puzzle.Hive, imported on use
Answer = Any  # lexibench.solver.games.spellingbee.puzzle.Answer


def _hives(seed: int, count: int, words: Sequence[str]) -> list[Hive]:
    from lexibench.solver.games.spellingbee.workload import pangram_hives

    return pangram_hives(seed, count, words)


class SpellingBee:
    """The words of seven letters that use the centre one (see ``puzzle.py``)."""

    name = "spellingbee"
    title = TITLE
    unit = "puzzle"
    word_rules: WordRules = WORD_RULES
    variants = ("words",)
    compiled = ("lexibench.solver.games.spellingbee.search",)
    kind = KIND
    """The query kind it asks (:data:`lexibench.structures.QUERY_KINDS`)."""

    def parse(self, text: str) -> Hive:
        """Seven distinct letters, the centre first (``g aplmno``)."""
        from lexibench.solver.games.spellingbee.puzzle import parse_hive

        return parse_hive(text)

    def workloads(self) -> tuple[Workload[Hive], ...]:
        """Puzzles drawn from the pangrams of the list."""
        return (
            Workload(
                "pangrams", "the letters of a pangram of the list, a centre drawn", 100, 10, _hives
            ),
        )

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves (the one variant)."""
        return words

    def tiers(self, lexicon: object, variant: str = "words") -> tuple[Tier, ...]:
        """String and step on a lexicon, native where its compiled code answers letter sets;
        index on the letter-mask map; none on another index."""
        from lexibench.solver.games.spellingbee.puzzle import tiers

        return tiers(lexicon)

    def solver(self, lexicon: Any, tier: Tier, variant: str = "words") -> Solver[Hive, Answer]:
        """The words of a puzzle, through ``lexicon`` at ``tier``, scored."""
        from lexibench.solver.games.spellingbee.puzzle import solve

        def run(hive: Hive) -> Answer:
            return solve(hive, lexicon, tier)

        return run

    def reference(self, words: Sequence[str]) -> Solver[Hive, Answer]:
        """Every word of the list tested with sets."""
        from lexibench.solver.games.spellingbee.reference import filter_words

        def run(hive: Hive) -> Answer:
            return filter_words(hive, words)

        return run

    def baselines(self) -> Mapping[str, Any]:
        """The plain filter over the word list, timed beside the structures."""
        return {"filter": self.reference}

    def key(self, answer: Answer) -> Hashable:
        """The words, sorted (the pangrams and the score follow from them)."""
        return (answer.words, answer.pangrams, answer.score)

    def score(self, answer: Answer) -> int:
        """The New York Times score."""
        return int(answer.score)

    def to_json(self, puzzle: Hive, answer: Answer) -> dict[str, Any]:
        """``{"count", "score", "words", "pangrams"}``, words and pangrams sorted."""
        from lexibench.solver.games.spellingbee.render import answer_json

        return answer_json(answer)

    def to_text(self, puzzle: Hive, answer: Answer) -> str:
        """The letters, the count and score, the pangrams, then the words."""
        from lexibench.solver.games.spellingbee.render import answer_text

        return answer_text(puzzle, answer)
