"""Letter Boxed as the harness sees it: the declaration of :class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the box, its rules and the solution order (``puzzle.py``, its
loops in ``search.py``), seeded puzzles (``workload.py``), the brute-force reference
(``reference.py``) and the command (``command.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from lexibench.solver.games.letterboxed.puzzle import WORD_RULES
from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules
from lexibench.structures import Lexicon

Box = Any  # lexibench.solver.games.letterboxed.puzzle.Box, imported on use


Answer = Any  # lexibench.solver.games.letterboxed.puzzle.Answer


def _answer(box: Box, words: list[str]) -> Answer:
    from lexibench.solver.games.letterboxed.puzzle import Answer, solutions

    return Answer(tuple(words), tuple(solutions(box, words)))


def _boxes(seed: int, count: int, _words: Sequence[str]) -> list[Box]:
    from lexibench.solver.games.letterboxed.workload import random_boxes

    return random_boxes(seed, count)


class LetterBoxed:
    """Chain words over a box of twelve letters, three per side (see ``puzzle.py``)."""

    name = "letterboxed"
    title = "Letter Boxed"
    unit = "puzzle"
    word_rules: WordRules = WORD_RULES
    variants = ("words",)
    compiled = ("lexibench.solver.games.letterboxed.search",)

    def parse(self, text: str) -> Box:
        """Four sides of three letters: ``rme wcl tgk api`` or ``RME-WCL-TGK-API``."""
        from lexibench.solver.games.letterboxed.puzzle import parse_box

        return parse_box(text)

    def workloads(self) -> tuple[Workload[Box], ...]:
        """Seeded puzzles of twelve letters drawn by English frequency."""
        return (Workload("puzzles", "seeded random puzzles (letter frequency)", 20, 3, _boxes),)

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves (the one variant)."""
        return words

    def tiers(self, lexicon: Lexicon | type, variant: str = "words") -> tuple[Tier, ...]:
        """String, and step where the lexicon steps."""
        from lexibench.solver.games.letterboxed.puzzle import tiers

        return tiers(lexicon)

    def solver(self, lexicon: Lexicon, tier: Tier, variant: str = "words") -> Solver[Box, Answer]:
        """The valid words (the search through the lexicon), then the best solutions."""
        from lexibench.solver.games.letterboxed.puzzle import find_words

        def solve(box: Box) -> Answer:
            return _answer(box, find_words(box, lexicon, tier=tier))

        return solve

    def reference(self, words: Sequence[str]) -> Solver[Box, Answer]:
        """Every word of the list tested against the rules, then the same solutions."""
        from lexibench.solver.games.letterboxed.reference import filter_words

        def solve(box: Box) -> Answer:
            return _answer(box, filter_words(box, words))

        return solve

    def key(self, answer: Answer) -> Hashable:
        """The words and the solutions, in their order."""
        return (answer.words, answer.solutions)

    def score(self, answer: Answer) -> int:
        """The number of valid words (Letter Boxed has no points)."""
        return len(answer.words)

    def to_json(self, puzzle: Box, answer: Answer) -> dict[str, Any]:
        """``{"sides": [...], "words": [...], "solutions": [[...], ...]}``."""
        return {
            "sides": list(puzzle.sides),
            "words": list(answer.words),
            "solutions": [list(s) for s in answer.solutions],
        }

    def to_text(self, puzzle: Box, answer: Answer) -> str:
        """The sides, the number of words, and the solutions one per line."""
        return "\n".join(
            [
                f"sides: {' '.join(puzzle.sides)}",
                f"{len(answer.words):,} valid words; {len(answer.solutions):,} solutions",
                *("  " + " - ".join(chain) for chain in answer.solutions),
            ]
        )
