"""Crossword patterns: every word a pattern matches as a whole.

A pattern is letters a-z (each matching itself), ``?`` (exactly one letter) and ``*`` (zero or
more letters); a run of stars is one star (``***`` is ``*``), and ``*`` alone matches every word.
Words have at least 2 letters (so ``??`` lists the two-letter words). Answers are sorted
alphabetically.

The words are found at the tier asked (:mod:`lexibench.solver.tiers`): through any lexicon (a
wildcard walk pruned by ``has_prefix``, or walking nodes: :mod:`solver.games.pattern.search`), by
an index answering the ``pattern`` query kind (the position bit sets), or by a lexicon's own
compiled walk for it (array-trie).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from lexibench.solver.errors import InputError
from lexibench.solver.games.pattern import search
from lexibench.solver.tiers import Tier, query_tiers, resolve_query_tier
from lexibench.solver.words import WordRules, char_text
from lexibench.structures import Lexicon, PatternQuery, SteppingLexicon, Structure, class_of
from lexibench.structures.queries import ALPHABET

#: The words it plays (a q needs no u).
WORD_RULES: Final = WordRules(min_length=2, q_needs_u=False)
TITLE: Final = "Crossword patterns"
#: The query kind the search asks (:data:`lexibench.structures.QUERY_KINDS`).
KIND: Final = "pattern"
DEFAULT_MIN_LENGTH: Final = 2
#: The longest pattern accepted, stars apart (no word of the lists is half as long).
MAX_LENGTH: Final = 64


@dataclass(frozen=True)
class Pattern:
    """A pattern, its runs of stars made one, and the shortest word that counts."""

    text: str
    """Letters a-z, ``?`` and ``*``; never two stars in a row."""
    min_length: int = DEFAULT_MIN_LENGTH

    def regex(self) -> re.Pattern[str]:
        """The pattern as a regular expression (``?`` is ``[a-z]``, ``*`` is ``[a-z]*``)."""
        return re.compile(
            "".join("[a-z]" if ch == "?" else "[a-z]*" if ch == "*" else ch for ch in self.text)
        )


def parse_pattern(text: str, min_length: int = DEFAULT_MIN_LENGTH) -> Pattern:
    """A pattern from its text (letters in either case, ``?``, ``*``).

    >>> parse_pattern("C?T**S").text
    'c?t*s'
    """
    pattern = re.sub(r"\*+", "*", text.strip().lower())
    if not pattern:
        raise InputError("pattern '': it is empty (use * to list every word)")
    for ch in pattern:
        if not ("a" <= ch <= "z" or ch in "?*"):
            raise InputError(
                f"pattern {text!r}: {char_text(ch)} is not a letter a-z, ? (one letter) "
                "or * (any letters)"
            )
    if len(pattern.replace("*", "")) > MAX_LENGTH:
        raise InputError(f"pattern {text!r}: longer than {MAX_LENGTH} letters")
    if min_length < 1:
        raise InputError(f"min length {min_length}: must be at least 1")
    return Pattern(pattern, min_length)


def tiers(structure: object) -> tuple[Tier, ...]:
    """The tiers the pattern search offers on ``structure`` (an instance, or a class):
    :func:`~lexibench.solver.tiers.query_tiers` for the ``pattern`` kind."""
    return query_tiers(structure, KIND)


def find_words(pattern: Pattern, structure: Structure, tier: Tier | str = Tier.AUTO) -> list[str]:
    """Every word ``pattern`` matches in ``structure``, of at least its ``min_length``, in no
    particular order, at ``tier``.

    >>> from lexibench.structures import build_lexicon
    >>> lexicon = build_lexicon("dict-trie", ["cat", "cart", "coat", "act"])
    >>> sorted(find_words(parse_pattern("c*t"), lexicon, tier="string"))
    ['cart', 'cat', 'coat']
    """
    mode = resolve_query_tier(structure, KIND, tier, class_of(structure).__name__)
    if mode in (Tier.INDEX, Tier.NATIVE):
        index: PatternQuery = structure  # type: ignore[assignment]
        found = index.pattern_words(pattern.text)
    elif mode is Tier.STEP:
        stepping: SteppingLexicon = structure  # type: ignore[assignment]
        found = search.by_steps(
            pattern.text, ALPHABET, stepping.root(), stepping.child, stepping.is_terminal
        )
    else:
        lexicon: Lexicon = structure  # type: ignore[assignment]
        found = search.by_strings(pattern.text, ALPHABET, lexicon.has_prefix, lexicon.is_word)
    return [word for word in found if len(word) >= pattern.min_length]


Answer = tuple[str, ...]


def solve(pattern: Pattern, structure: Structure, tier: Tier | str = Tier.AUTO) -> Answer:
    """The words ``pattern`` matches (:func:`find_words`), sorted.

    >>> from lexibench.structures import build_structure
    >>> solve(parse_pattern("??"), build_structure("position-bitsets", ["at", "to", "cat"]))
    ('at', 'to')
    """
    return tuple(sorted(find_words(pattern, structure, tier)))
