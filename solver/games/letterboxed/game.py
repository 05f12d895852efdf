"""Letter Boxed as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the box, its rules and its answer (``puzzle.py``), the search
for words and solutions (``solve.py``, its loops in ``search.py``), seeded puzzles
(``workload.py``) and the brute-force reference (``reference.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

from lexibench.solver import values
from lexibench.solver.games.base import GameBase
from lexibench.solver.games.command import Option, Options, puzzle_command
from lexibench.solver.games.letterboxed.puzzle import (
    DEFAULT_LIMIT,
    DEFAULT_MAX_WORDS,
    MIN_WORD_LENGTH,
    TIERS,
    TITLE,
    WORD_RULES,
    Answer,
    Box,
)
from lexibench.solver.games.protocol import NO_CONTEXT, Context, Game, Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.word_rules import WordRules
from lexibench.structures import Lexicon, Structure


def _boxes(seed: int, count: int, _words: Sequence[str]) -> list[Box]:
    from lexibench.solver.games.letterboxed.workload import random_boxes

    return random_boxes(seed, count)


class LetterBoxed(GameBase[Box, Answer]):
    """Chain words over a box of twelve letters, three per side (see ``puzzle.py``)."""

    name = "letterboxed"
    title = TITLE
    unit = "puzzle"
    word_rules: WordRules = WORD_RULES
    tiers = TIERS
    commands = (
        puzzle_command(
            "letterboxed",
            "the words and the shortest solutions of a Letter Boxed puzzle",
            (
                Option(
                    ("sides",), 'four sides of three letters: "rme wcl tgk api" or RME-WCL-TGK-API'
                ),
            ),
            (
                Option(
                    ("--max-words",),
                    "longest chain of words to look for (default: %(default)s)",
                    parse=values.positive_int,
                    default=DEFAULT_MAX_WORDS,
                    metavar="K",
                ),
                Option(
                    ("--limit",),
                    "most solutions to print, fewest words and letters first (default: "
                    "%(default)s)",
                    parse=values.positive_int,
                    default=DEFAULT_LIMIT,
                    metavar="N",
                ),
            ),
        ),
    )

    def parse(self, text: str) -> Box:
        """Four sides of three letters: ``rme wcl tgk api`` or ``RME-WCL-TGK-API``."""
        from lexibench.solver.games.letterboxed.puzzle import parse_box

        return parse_box(text)

    def puzzle(self, options: Options) -> Box:
        """The box of ``lexibench letterboxed``."""
        return self.parse(options["sides"])

    def workloads(self) -> tuple[Workload[Box], ...]:
        """Seeded puzzles of twelve letters drawn by English frequency."""
        return (Workload("puzzles", "seeded random puzzles (letter frequency)", 20, 3, _boxes),)

    def bind(
        self, structure: Structure, tier: Tier, variant: str, options: Options
    ) -> Solver[Box, Answer]:
        """The valid words (the search through the lexicon), then the best solutions (of at
        most ``max_words`` words, at most ``limit`` of them)."""
        from lexibench.solver.games.letterboxed.solve import solver

        return solver(
            cast(Lexicon, structure),  # the tiers it offers are a lexicon's alone
            tier,
            options.get("min_length", MIN_WORD_LENGTH),
            options.get("max_words", DEFAULT_MAX_WORDS),
            options.get("limit", DEFAULT_LIMIT),
        )

    def reference(self, words: Sequence[str]) -> Solver[Box, Answer]:
        """Every word of the list tested against the rules, then the same solutions."""
        from lexibench.solver.games.letterboxed.reference import reference_words
        from lexibench.solver.games.letterboxed.solve import answer

        def solve(box: Box) -> Answer:
            return answer(box, reference_words(box, words))

        return solve

    def key(self, answer: Answer) -> Hashable:
        """The words and the solutions, in their order."""
        return (answer.words, answer.solutions)

    def score(self, answer: Answer) -> int:
        """The number of valid words (Letter Boxed has no points)."""
        return len(answer.words)

    def to_json(self, puzzle: Box, answer: Answer, context: Context = NO_CONTEXT) -> dict[str, Any]:
        """``{"sides": [...], "words": [...], "solutions": [[...], ...]}``."""
        return {
            "sides": list(puzzle.sides),
            "words": list(answer.words),
            "solutions": [list(s) for s in answer.solutions],
        }

    def to_text(self, puzzle: Box, answer: Answer, context: Context = NO_CONTEXT) -> str:
        """The sides, the number of words and solutions, and the solutions one per line."""
        longest = context.options.get("max_words")
        most = f" of at most {longest} words" if longest is not None else ""
        return "\n".join(
            [
                f"sides: {' '.join(puzzle.sides)}",
                f"{len(answer.words):,} valid words; {len(answer.solutions):,} solutions{most}",
                *("  " + " - ".join(chain) for chain in answer.solutions),
            ]
        )


GAME: Game[Box, Answer] = LetterBoxed()
