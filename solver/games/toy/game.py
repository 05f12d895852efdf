"""A toy game, to show what adding a game takes: one package and one registry line.

``lexibench toy WORD``: is it a word of the list, and how many words does it begin? The search
walks the lexicon down the word's letters (string or step tier) and counts the words below.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, cast

from lexibench.solver.games.command import Command, LexiconOptions, Option, Options, TierOption
from lexibench.solver.games.protocol import NO_CONTEXT, NO_OPTIONS, Context, Game, Solver, Workload
from lexibench.solver.games.query import JSON
from lexibench.solver.tiers import Tier, word_tiers
from lexibench.solver.words import WordRules
from lexibench.structures import Lexicon, SteppingLexicon, Structure

Answer = tuple[bool, bool]
"""Whether the word is a word, and whether a longer word begins with it."""


def _words(seed: int, count: int, words: Sequence[str]) -> list[str]:
    rng = random.Random(seed)
    return [words[rng.randrange(len(words))][: rng.randrange(2, 8)] for _ in range(count)]


class Toy:
    """Is a string a word, and a prefix of another (see the module docstring)."""

    name = "toy"
    title = "Toy lookup"
    unit = "string"
    word_rules = WordRules(min_length=2, q_needs_u=False)
    variants = ("words",)
    queries = ()
    tiers = word_tiers()
    commands = (
        Command(
            "toy",
            "is a string a word, and does a longer word begin with it (a toy game)",
            (Option(("text",), "letters a-z"), LexiconOptions(), TierOption(), JSON),
        ),
    )

    def parse(self, text: str) -> str:
        """The string itself, lower-cased."""
        return text.strip().lower()

    def puzzle(self, options: Options) -> str:
        """The string of ``lexibench toy``."""
        return self.parse(options["text"])

    def workloads(self) -> tuple[Workload[str], ...]:
        """Prefixes of seeded words of the list."""
        return (Workload("prefixes", "prefixes of seeded words of the list", 100, 10, _words),)

    def lexicon_words(self, words: Sequence[str], variant: str) -> Iterable[str]:
        """The words themselves."""
        return words

    def solver(
        self,
        structure: Structure,
        tier: Tier,
        variant: str = "words",
        options: Options = NO_OPTIONS,
    ) -> Solver[str, Answer]:
        """Ask the lexicon: by whole strings, or stepping down the letters."""
        lexicon = cast(Lexicon, structure)
        if tier is Tier.STEP:
            stepping = cast(SteppingLexicon, structure)

            def walk(text: str) -> Answer:
                node = stepping.root()
                for letter in text:
                    node = stepping.child(node, letter)
                    if node is None:
                        return (False, False)
                longer = lexicon.has_prefix(text) and any(
                    lexicon.has_prefix(text + letter) for letter in "abcdefghijklmnopqrstuvwxyz"
                )
                return (bool(stepping.is_terminal(node)), longer)

            return walk

        def ask(text: str) -> Answer:
            longer = any(
                lexicon.has_prefix(text + letter) for letter in "abcdefghijklmnopqrstuvwxyz"
            )
            return (bool(lexicon.is_word(text)), longer)

        return ask

    def reference(self, words: Sequence[str]) -> Solver[str, Answer]:
        """Every word of the list compared with the string."""
        return lambda text: (text in words, any(w.startswith(text) and w != text for w in words))

    def key(self, answer: Answer) -> Hashable:
        """The answer itself."""
        return answer

    def score(self, answer: Answer) -> int:
        """1 for a word, 1 more when longer words begin with it."""
        return int(answer[0]) + int(answer[1])

    def to_json(self, puzzle: str, answer: Answer, context: Context = NO_CONTEXT) -> dict[str, Any]:
        """``{"text", "word", "longer"}``."""
        return {"text": puzzle, "word": answer[0], "longer": answer[1]}

    def to_text(self, puzzle: str, answer: Answer, context: Context = NO_CONTEXT) -> str:
        """One line."""
        word = "a word" if answer[0] else "not a word"
        longer = (
            "and longer words begin with it" if answer[1] else "and no longer word begins with it"
        )
        return f"{puzzle}: {word}, {longer}"


GAME: Game[str, Answer] = Toy()
