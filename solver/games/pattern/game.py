"""Crossword patterns as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`, a :class:`~lexibench.solver.games.query.QueryGame` of the
``pattern`` kind: an index's position bit sets, array-trie's compiled walk, or a wildcard walk
through any lexicon, pruned by ``has_prefix`` or walking nodes.

The pieces live beside this module: the pattern, its rules and its answer (``puzzle.py``), the
wildcard walk (``search.py``, compiled), seeded patterns (``workload.py``), the brute-force
reference (``reference.py``) and renderers (``render.py``).

>>> from lexibench.solver.games.answer import solve
>>> from lexibench.structures import build_structure
>>> solve(GAME, parse_pattern("??"), build_structure("position-bitsets", ["at", "to", "cat"]))
('at', 'to')
>>> lexicon = build_structure("dict-trie", ["cat", "cart", "act"])
>>> solve(GAME, parse_pattern("c*t"), lexicon, "step")
('cart', 'cat')
"""

from __future__ import annotations

from lexibench.solver.games.command import Option
from lexibench.solver.games.pattern.puzzle import (
    DEFAULT_MIN_LENGTH,
    Answer,
    Pattern,
    answer,
    parse_pattern,
)
from lexibench.solver.games.pattern.reference import reference_answer
from lexibench.solver.games.pattern.render import answer_json, answer_text
from lexibench.solver.games.pattern.search import Search
from lexibench.solver.games.pattern.workload import hidden_patterns, star_patterns
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame
from lexibench.solver.word_rules import WordRules
from lexibench.structures import PatternQuery
from lexibench.structures.queries import ALPHABET


def _matches(index: PatternQuery, pattern: Pattern) -> list[str]:
    return index.pattern_words(pattern.text)


def _walk(pattern: Pattern) -> Search:
    return Search(pattern.text, ALPHABET)


GAME: Game[Pattern, Answer] = QueryGame(
    name="pattern",
    title="Crossword patterns",
    unit="pattern",
    word_rules=WordRules(min_length=DEFAULT_MIN_LENGTH, q_needs_u=False),
    kind="pattern",
    summary="every word a crossword pattern matches (``?`` one letter, ``*`` any)",
    options=(
        Option(("pattern",), "letters a-z, ? for one letter, * for any letters: 'c?t*' (quote it)"),
    ),
    puzzle=lambda options: parse_pattern(options["pattern"], options["min_length"]),
    parse=parse_pattern,
    seeded=(
        Workload("star", "real words, a run made * and two letters ?", 50, 10, star_patterns),
        Workload("hidden", "real words with 1-4 letters hidden behind ?", 100, 10, hidden_patterns),
    ),
    by_index=_matches,
    walk=_walk,
    answer=lambda pattern, find: answer(pattern, find(pattern)),
    reference_answer=reference_answer,
    answer_json=answer_json,
    answer_text=answer_text,
    key=lambda words: words,  # sorted already
    score=len,  # the number of words
)
