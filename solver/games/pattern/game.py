"""Crossword patterns as the harness sees it: the declaration of
:class:`~lexibench.solver.games.Game`.

The pieces live beside this module: the pattern, its rules and the search at each tier
(``puzzle.py``, its loops in ``search.py``), seeded patterns (``workload.py``), the brute-force
reference (``reference.py``), renderers (``render.py``) and the command (``pattern_cmd.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from lexibench.solver.games.pattern.puzzle import KIND, TITLE, WORD_RULES
from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules

Pattern = Any  # lexibench.solver.games.pattern.puzzle.Pattern, imported on use
Answer = tuple[str, ...]


def _stars(seed: int, count: int, words: Sequence[str]) -> list[Pattern]:
    from lexibench.solver.games.pattern.workload import star_patterns

    return star_patterns(seed, count, words)


def _hidden(seed: int, count: int, words: Sequence[str]) -> list[Pattern]:
    from lexibench.solver.games.pattern.workload import hidden_patterns

    return hidden_patterns(seed, count, words)


class CrosswordPattern:
    """Every word a pattern of letters, ``?`` and ``*`` matches (see ``puzzle.py``)."""

    name = "pattern"
    title = TITLE
    unit = "pattern"
    word_rules: WordRules = WORD_RULES
    variants = ("words",)
    compiled = ("lexibench.solver.games.pattern.search",)
    kind = KIND
    """The query kind it asks (:data:`lexibench.structures.QUERY_KINDS`)."""

    def parse(self, text: str) -> Pattern:
        """A pattern: letters, ``?`` and ``*`` (``c?t*``)."""
        from lexibench.solver.games.pattern.puzzle import parse_pattern

        return parse_pattern(text)

    def workloads(self) -> tuple[Workload[Pattern], ...]:
        """Patterns from real words of the list: one ``*`` and two ``?``; 1-4 letters hidden."""
        return (
            Workload("star", "real words, a run made * and two letters ?", 50, 10, _stars),
            Workload("hidden", "real words with 1-4 letters hidden behind ?", 100, 10, _hidden),
        )

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves (the one variant)."""
        return words

    def tiers(self, lexicon: object, variant: str = "words") -> tuple[Tier, ...]:
        """String and step on a lexicon, native where its compiled code answers patterns; index
        on the position bit sets; none on another index."""
        from lexibench.solver.games.pattern.puzzle import tiers

        return tiers(lexicon)

    def solver(self, lexicon: Any, tier: Tier, variant: str = "words") -> Solver[Pattern, Answer]:
        """The words a pattern matches, through ``lexicon`` at ``tier``."""
        from lexibench.solver.games.pattern.puzzle import solve

        def run(pattern: Pattern) -> Answer:
            return solve(pattern, lexicon, tier)

        return run

    def reference(self, words: Sequence[str]) -> Solver[Pattern, Answer]:
        """Every word of the list matched against the pattern's regular expression."""
        from lexibench.solver.games.pattern.reference import filter_words

        def run(pattern: Pattern) -> Answer:
            return filter_words(pattern, words)

        return run

    def baselines(self) -> Mapping[str, Any]:
        """The plain filter over the word list, timed beside the structures."""
        return {"filter": self.reference}

    def key(self, answer: Answer) -> Hashable:
        """The words, sorted."""
        return answer

    def score(self, answer: Answer) -> int:
        """The number of words."""
        return len(answer)

    def to_json(self, puzzle: Pattern, answer: Answer) -> dict[str, Any]:
        """``{"count": n, "words": [...]}``, sorted alphabetically."""
        from lexibench.solver.games.pattern.render import answer_json

        return answer_json(answer)

    def to_text(self, puzzle: Pattern, answer: Answer) -> str:
        """The pattern and the count, then one word per line."""
        from lexibench.solver.games.pattern.render import answer_text

        return answer_text(puzzle, answer)
