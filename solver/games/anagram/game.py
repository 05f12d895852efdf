"""Anagrams as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`, a :class:`~lexibench.solver.games.query.QueryGame` of the
``anagram`` kind: an index's alphagram query, array-trie's compiled walk, or a multiset walk
through any lexicon, pruned by ``has_prefix`` or walking nodes.

The pieces live beside this module: the rack, its rules and its answer (``puzzle.py``), the
multiset walk (``search.py``, compiled), seeded racks (``workload.py``), the brute-force reference
(``reference.py``) and renderers (``render.py``).

>>> from lexibench.solver.games.answer import solve
>>> from lexibench.structures import build_structure
>>> index = build_structure("alphagram-map", ["at", "eat", "tea", "east", "seat"])
>>> [(f.word, f.blanks) for f in solve(GAME, parse_rack("tea?", full=True), index).found]
[('east', 's'), ('seat', 's')]
>>> lexicon = build_structure("dict-trie", ["at", "eat", "tea", "east", "seat", "teas"])
>>> solve(GAME, parse_rack("tea?"), lexicon, "step").words
('east', 'seat', 'teas', 'eat', 'tea', 'at')
"""

from __future__ import annotations

from collections import Counter

from lexibench.solver.games.anagram.puzzle import (
    DEFAULT_MIN_LENGTH,
    Answer,
    Rack,
    answer,
    parse_rack,
)
from lexibench.solver.games.anagram.reference import reference_answer
from lexibench.solver.games.anagram.render import answer_json, answer_text
from lexibench.solver.games.anagram.search import Search
from lexibench.solver.games.anagram.workload import racks_with
from lexibench.solver.games.command import Option
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame
from lexibench.solver.word_rules import WordRules
from lexibench.structures import AnagramQuery
from lexibench.structures.queries import ALPHABET


def _anagrams(index: AnagramQuery, rack: Rack) -> list[str]:
    return index.anagrams(rack.letters, rack.blanks, rack.shortest)


def _walk(rack: Rack) -> Search:
    return Search(dict(Counter(rack.letters)), rack.blanks, ALPHABET, rack.shortest)


GAME: Game[Rack, Answer] = QueryGame(
    name="anagram",
    title="Anagrams",
    unit="rack",
    word_rules=WordRules(min_length=DEFAULT_MIN_LENGTH, q_needs_u=False),
    kind="anagram",
    summary="every word a rack of tiles spells (``?`` for a blank)",
    options=(
        Option(("rack",), "letters a-z and ? for a blank: retain?? (may be empty)"),
        Option(("--full",), "only the words that use every tile", flag=True),
    ),
    puzzle=lambda options: parse_rack(options["rack"], options["min_length"], options["full"]),
    parse=parse_rack,
    seeded=(
        Workload("2-blanks", "seeded racks of 7 tiles, 2 of them blanks", 50, 10, racks_with(2)),
        Workload("1-blank", "seeded racks of 7 tiles, 1 of them a blank", 50, 10, racks_with(1)),
        Workload("0-blanks", "seeded racks of 7 tiles, no blank", 100, 10, racks_with(0)),
    ),
    by_index=_anagrams,
    walk=_walk,
    answer=lambda rack, find: answer(rack, find(rack)),
    reference_answer=reference_answer,
    answer_json=answer_json,
    answer_text=answer_text,
    key=lambda found: tuple((word.word, word.blanks) for word in found.found),
    score=len,  # the number of words: anagrams have no points here
)
