"""Hidden words: every word spelled by consecutive letters of a text (a throwaway game)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from lexibench.solver.games.protocol import Solver, Workload
from lexibench.solver.tiers import Tier
from lexibench.solver.words import WordRules
from lexibench.structures import Lexicon, SteppingLexicon, can_step


def _texts(seed: int, count: int, words: Sequence[str]) -> list[str]:
    rng = random.Random(seed)
    return ["".join(words[int(rng.random() * len(words))] for _ in range(6)) for _ in range(count)]


class HiddenWords:
    """Every word of at least 4 letters hidden in a text."""

    name = "toy"
    title = "Hidden words"
    unit = "text"
    word_rules = WordRules(min_length=4, q_needs_u=False)
    compiled = ()
    variants = ("words",)

    def parse(self, text: str) -> str:
        from lexibench.solver.errors import InputError

        if not text.isascii() or not text.isalpha():
            raise InputError(f"text {text!r}: letters a-z only")
        return text.lower()

    def workloads(self) -> tuple[Workload[str], ...]:
        return (Workload("texts", "six random words run together", 200, 20, _texts),)

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        return words

    def tiers(self, lexicon: Lexicon | type, variant: str = "words") -> tuple[Tier, ...]:
        return (Tier.STRING, Tier.STEP) if can_step(lexicon) else (Tier.STRING,)

    def solver(self, lexicon: Lexicon, tier: Tier, variant: str = "words") -> Solver[str, Any]:
        def by_strings(text: str) -> frozenset[str]:
            found = set()
            for i in range(len(text)):
                for j in range(i + 1, len(text) + 1):
                    if not lexicon.has_prefix(text[i:j]):
                        break
                    if j - i >= 4 and lexicon.is_word(text[i:j]):
                        found.add(text[i:j])
            return frozenset(found)

        def by_steps(text: str) -> frozenset[str]:
            stepping: SteppingLexicon = lexicon  # type: ignore[assignment]
            found = set()
            for i in range(len(text)):
                node = stepping.root()
                for j in range(i, len(text)):
                    node = stepping.child(node, text[j])
                    if node is None:
                        break
                    if j + 1 - i >= 4 and stepping.is_terminal(node):
                        found.add(text[i : j + 1])
            return frozenset(found)

        return by_steps if tier is Tier.STEP else by_strings

    def reference(self, words: Sequence[str]) -> Solver[str, Any]:
        def solve(text: str) -> frozenset[str]:
            return frozenset(w for w in words if len(w) >= 4 and w in text)

        return solve

    def key(self, answer: frozenset[str]) -> Hashable:
        return answer

    def score(self, answer: frozenset[str]) -> int:
        return len(answer)

    def to_json(self, puzzle: str, answer: frozenset[str]) -> dict[str, Any]:
        return {"text": puzzle, "words": sorted(answer)}

    def to_text(self, puzzle: str, answer: frozenset[str]) -> str:
        return f"{puzzle}: {', '.join(sorted(answer))}"
