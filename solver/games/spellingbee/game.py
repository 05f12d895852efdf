"""Spelling Bee as the harness and the command line see it: the declaration of
:class:`~lexibench.solver.games.Game`, a :class:`~lexibench.solver.games.query.QueryGame` of the
``letterset`` kind: an index's letter-mask map, array-trie's compiled walk, or a walk over the
seven letters through any lexicon, pruned by ``has_prefix`` or walking nodes.

The pieces live beside this module: the puzzle, its rules, scoring and its answer
(``puzzle.py``), the letter-set walk (``search.py``, compiled), seeded puzzles (``workload.py``),
the brute-force reference (``reference.py``) and renderers (``render.py``).

>>> from lexibench.solver.games.answer import solve
>>> from lexibench.structures import build_structure
>>> index = build_structure("letter-mask-map", ["glam", "gala", "lamp", "glamping"])
>>> solve(GAME, parse_hive("gaplmni"), index)
Answer(words=('gala', 'glam', 'glamping'), pangrams=('glamping',), score=17)
>>> lexicon = build_structure("marisa", ["glam", "gala", "lamp", "gallop", "goal", "pang"])
>>> solve(GAME, parse_hive("gaplmno"), lexicon).words
('gala', 'gallop', 'glam', 'goal', 'pang')
"""

from __future__ import annotations

from lexibench.solver.games.command import Option
from lexibench.solver.games.protocol import Game, Workload
from lexibench.solver.games.query import QueryGame
from lexibench.solver.games.spellingbee.puzzle import (
    MIN_WORD_LENGTH,
    Answer,
    Hive,
    answer,
    parse_hive,
)
from lexibench.solver.games.spellingbee.reference import reference_answer
from lexibench.solver.games.spellingbee.render import answer_json, answer_text
from lexibench.solver.games.spellingbee.search import Search
from lexibench.solver.games.spellingbee.workload import pangram_hives
from lexibench.solver.word_rules import WordRules
from lexibench.structures import LetterSetQuery


def _hive_words(index: LetterSetQuery, hive: Hive) -> list[str]:
    return index.letterset_words(hive.letters, hive.centre, hive.min_length)


def _walk(hive: Hive) -> Search:
    return Search(hive.letters, hive.centre, hive.min_length)


GAME: Game[Hive, Answer] = QueryGame(
    name="spellingbee",
    title="Spelling Bee",
    unit="puzzle",
    word_rules=WordRules(min_length=MIN_WORD_LENGTH, q_needs_u=False),
    kind="letterset",
    summary="every word of a Spelling Bee, its pangrams and its score",
    options=(Option(("letters",), "seven distinct letters, the centre first: g aplmno"),),
    puzzle=lambda options: parse_hive(options["letters"], options["min_length"]),
    parse=parse_hive,
    seeded=(
        Workload(
            "pangrams",
            "the letters of a pangram of the list, a centre drawn",
            100,
            10,
            pangram_hives,
        ),
    ),
    by_index=_hive_words,
    walk=_walk,
    answer=lambda hive, find: answer(hive, find(hive)),
    reference_answer=reference_answer,
    answer_json=answer_json,
    answer_text=answer_text,
    key=lambda found: (found.words, found.pangrams, found.score),
    score=lambda found: found.score,  # the puzzle's points
)
